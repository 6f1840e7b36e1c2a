// SPDX-License-Identifier: GPL-2.0
// api/rtai_kthreads.cpp - RTAI's kernel threads (rtai_sched.h): a Linux
// kernel thread becomes a hard real-time task and back.
//
// The thread K gets a real-time task T with a small stack of its own, and a
// second Linux stack (the "shadow"). Three contexts, switched between with
// the port's plain context switch, never through the scheduler:
//   kctx    K's code on K's stack, run by Linux (soft) or by T (hard);
//   tramp   T's own loop on T's stack (trampoline());
//   shadow  K's Linux side while T runs K's code: it sleeps on the shadow
//           stack, so that K's stack has one user at a time.
// rt_make_hard_real_time (K, Linux): save kctx, go to the shadow, which
// resumes T and sleeps; T's loop switches into kctx: K's code goes on as T.
// rt_make_soft_real_time (T): save kctx, back to T's loop, which wakes the
// shadow through Linux work and suspends T; the shadow switches into kctx:
// K's code goes on in Linux. Each side restores the masking state the other
// one saved for it (handoff), and a context saved by one kind of context
// takes the Linux interrupt state of the kind that resumes it.
#include "../hal/hal.h"
#include "../hal/linux_work.hpp"
#include "../ipc/names.hpp"
#include "../sched/errors.hpp"
#include "api_internal.hpp"
#include "kthreads_glue.h"

#include <rtai_registry.h>

using namespace tx;
using namespace tx::api;

namespace {

constexpr uint32_t kKThreadMagic = 0x6b746872; // "kthr"
constexpr int kTrampolineStack = 8192;         // T's loop and the report of a fault
constexpr size_t kShadowStack = 16384;         // Linux runs interrupts on it (arm64)
constexpr int kLinuxSchedRr = 2;               // Linux's SCHED_RR (uapi, stable)

struct KThread {
	RT_TASK task; // first: an RT_TASK * of a kernel thread is its KThread *
	uint32_t magic;
	tx_port_context kctx, tramp, shadow;
	void *shadow_stack;
	void *sleeper;               // where the Linux side sleeps (glue)
	unsigned long handoff;       // masking state for whoever resumes kctx
	unsigned long linux_flags;   // the Linux side's, for the shadow's start
	uintptr_t stack_low, stack_high; // K's stack
	int hard;                    // T runs K's code
	int linux_go;                // the shadow may resume kctx
	LinuxWork wake;              // T asks Linux to wake the shadow ...
	unsigned wakes_asked;        // ... this many times so far ...
	unsigned wakes_served;       // ... of which the work item served these
	void **start_slot;           // rt_thread_create's record of it, or null
};
static_assert(__builtin_offsetof(KThread, task) == 0, "RT_TASK * is KThread *");

KThread *kthread_of(RT_TASK *task)
{
	if (!task || !g_sched.valid(task_of(task)))
		return nullptr;
	auto *k = static_cast<KThread *>(task_of(task)->kthread);
	return k && k->magic == kKThreadMagic ? k : nullptr;
}

bool on_stack_of(const KThread *k)
{
	auto sp = reinterpret_cast<uintptr_t>(__builtin_frame_address(0));
	return sp >= k->stack_low && sp < k->stack_high;
}

void wake_linux_side(LinuxWork *w)
{
	KThread *k = reinterpret_cast<KThread *>(reinterpret_cast<char *>(w) - __builtin_offsetof(KThread, wake));
	unsigned asked = load_acquire(&k->wakes_asked);
	tx_kthread_wake(k->sleeper);
	store_release(&k->wakes_served, asked); // the last touch of k here
}

// T's loop, on T's stack: run K's code until it softens, hand K back to
// Linux, wait for the next hardening. Bound per round: two context
// switches and a queued Linux work item.
void trampoline(long arg)
{
	auto *k = reinterpret_cast<KThread *>(arg);
	for (;;) {
		unsigned long flags = tx_port_irq_save();
		k->handoff = flags; // rt_make_hard_real_time restores it: as T
		tx_port_context_take_caller_state(&k->kctx);
		store_release(&k->hard, 1);
		tx_port_switch(&k->tramp, &k->kctx); // K's code runs hard
		// rt_make_soft_real_time switched back: K's code waits in kctx.
		store_release(&k->hard, 0);
		store_release(&k->linux_go, 1);
		tx_port_irq_restore(flags);
		store_release(&k->wakes_asked, k->wakes_asked + 1);
		linux_work_queue(&k->wake);
		rt_task_suspend(&k->task); // until the next rt_make_hard_real_time
	}
}

// K's Linux side while T runs K's code, on the shadow stack.
void shadow(void *arg)
{
	auto *k = static_cast<KThread *>(arg);
	tx_port_irq_restore(k->linux_flags);
	rt_task_resume(&k->task); // T (real time) preempts Linux here at once
	tx_kthread_sleep(k->sleeper, &k->linux_go);
	unsigned long flags = tx_port_irq_save();
	k->handoff = flags; // rt_make_soft_real_time restores it: as Linux
	tx_port_context_take_caller_state(&k->kctx);
	tx_port_switch(&k->shadow, &k->kctx); // never back: the next hardening starts a new shadow
	tx_hal_assert_failed("a kernel thread's Linux side resumed");
}

void free_kthread(KThread *k)
{
	if (k->shadow_stack)
		tx_hal_free(k->shadow_stack, kShadowStack);
	if (k->sleeper)
		tx_kthread_sleeper_free(k->sleeper);
	k->magic = 0;
	tx_hal_free(k, sizeof(*k));
}

// The first online CPU of 'cpus' with the fewest tasks, any CPU if none.
unsigned cpu_for(int cpus_allowed)
{
	uint32_t online = g_sched.online_mask();
	uint32_t allowed = online & static_cast<uint32_t>(cpus_allowed);
	return g_sched.least_loaded_cpu(allowed ? allowed : online);
}

} // namespace

extern "C" {

RT_TASK *rt_thread_init(unsigned long name, int priority, int make_hard, int policy, int cpus_allowed)
{
	uintptr_t low = 0, high = 0;
	if (!tx_hal_may_sleep() || !tx_kthread_current_stack(&low, &high))
		return nullptr;
	if (name && g_names.adr_of(name, false))
		return nullptr; // RTAI: the name is taken
	auto *k = static_cast<KThread *>(tx_hal_alloc(sizeof(KThread)));
	if (!k)
		return nullptr;
	zero_bytes(k, sizeof(*k));
	k->shadow_stack = tx_hal_alloc(kShadowStack);
	k->sleeper = tx_kthread_sleeper_new();
	unsigned cpu = cpu_for(cpus_allowed);
	if (!k->shadow_stack || !k->sleeper ||
	    rt_task_init_cpuid(&k->task, trampoline, reinterpret_cast<long>(k), kTrampolineStack, priority, 0, nullptr,
			       cpu)) {
		free_kthread(k);
		return nullptr;
	}
	if (name && !g_names.add(name, &k->task, IS_TASK)) {
		rt_task_delete(&k->task);
		free_kthread(k);
		return nullptr;
	}
	if (policy == kLinuxSchedRr)
		rt_set_sched_policy(&k->task, RT_SCHED_RR, 0);
	k->magic = kKThreadMagic;
	k->stack_low = low;
	k->stack_high = high;
	k->wake = LinuxWork(wake_linux_side);
	Task *t = task_of(&k->task);
	t->foreign_stack_low = low;
	t->foreign_stack_high = high;
	unsigned long flags = tx_port_irq_save();
	tx_port_context_take_thread_state(&t->ctx); // T runs K's code: K's canary
	tx_port_irq_restore(flags);
	store_release(&t->kthread, static_cast<void *>(k));
	tx_kthread_pin(cpu);
	k->start_slot = tx_kthread_start_slot();
	if (k->start_slot)
		*k->start_slot = &k->task;
	if (make_hard)
		rt_make_hard_real_time(&k->task);
	return &k->task;
}

void rt_make_hard_real_time(RT_TASK *task)
{
	KThread *k = kthread_of(task);
	if (!k || load_acquire(&k->hard) || !tx_hal_may_sleep() || !on_stack_of(k)) {
		rt_printk("tactus: rt_make_hard_real_time: not a soft kernel thread's own call (%p)\n", task);
		return;
	}
	unsigned long flags = tx_port_irq_save();
	k->linux_flags = flags;
	store_relaxed(&k->linux_go, 0);
	tx_port_context_init(&k->shadow, k->shadow_stack, kShadowStack, shadow, k);
	tx_port_context_take_caller_state(&k->shadow);
	tx_port_context_take_thread_state(&k->shadow);
	tx_port_switch(&k->kctx, &k->shadow);
	// Back as T, from its loop: real-time context from here on.
	tx_port_irq_restore(k->handoff);
}

void rt_make_soft_real_time(RT_TASK *task)
{
	KThread *k = kthread_of(task);
	if (!k || !load_acquire(&k->hard) || g_sched.current() != task_of(task))
		return; // soft already, or not the thread's own call: nothing to do (RTAI)
	(void)tx_port_irq_save(); // the Linux side gives the state to go on with (handoff)
	tx_port_switch(&k->kctx, &k->tramp);
	// Back in Linux, from the shadow.
	tx_port_irq_restore(k->handoff);
}

int rt_thread_delete(RT_TASK *task)
{
	KThread *k = kthread_of(task);
	if (!k)
		return -kEInval;
	if (!on_stack_of(k))
		return -kEPerm; // only the thread itself (RTAI)
	if (load_acquire(&k->hard))
		rt_make_soft_real_time(task);
	if (k->start_slot)
		*k->start_slot = nullptr;
	g_names.remove_adr(&k->task);
	// T suspends itself right after it woke this side; on another CPU it
	// may still be on its way there: a few instructions of real time.
	while (!(rt_get_task_state(&k->task) & RT_SCHED_SUSPENDED))
		tx_hal_relax();
	// The Linux side went on when it saw linux_go, maybe before the work
	// item that wakes it ran: k goes only once that item is done with it.
	while (load_acquire(&k->wakes_served) != load_acquire(&k->wakes_asked)) {
		tx_linux_work_run_all();
		tx_hal_relax();
	}
	store_release(&task_of(&k->task)->kthread, static_cast<void *>(nullptr));
	rt_task_delete(&k->task); // T waits suspended in its loop
	free_kthread(k);
	return 0;
}

void tx_kthread_finished(void *task)
{
	KThread *k = kthread_of(static_cast<RT_TASK *>(task));
	if (k)
		rt_thread_delete(&k->task);
}

int rt_kthread_init(RT_TASK *task, void (*rt_thread)(long), long data, int stack_size, int priority, int uses_fpu,
		    void (*signal)(void))
{
	return rt_task_init(task, rt_thread, data, stack_size, priority, uses_fpu, signal);
}

int rt_kthread_init_cpuid(RT_TASK *task, void (*rt_thread)(long), long data, int stack_size, int priority,
			  int uses_fpu, void (*signal)(void), unsigned int cpuid)
{
	return rt_task_init_cpuid(task, rt_thread, data, stack_size, priority, uses_fpu, signal, cpuid);
}

} // extern "C"
