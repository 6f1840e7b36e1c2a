// SPDX-License-Identifier: GPL-2.0
// api/rtai_sched.cpp - rtai_sched.h and rtai.h over the core scheduler.
#include <stdarg.h>

#include "../hal/rt_log.hpp"
#include "../hal/time_base.hpp"
#include "../lib/muldiv.hpp"
#include "api_internal.hpp"
#include "tasklets_glue.h"

using namespace tx;
using namespace tx::api;

namespace {

int init_task(RT_TASK *task, void (*fn)(long), long data, int stack_size, int priority, int uses_fpu,
	      uint32_t cpus)
{
	if (stack_size <= 0)
		return -kEInval;
	return g_sched.task_init(task_of(task), fn, data, static_cast<size_t>(stack_size), priority, uses_fpu != 0,
				 cpus, nullptr);
}

int state_bits(const Task *t)
{
	if (!g_sched.valid(t))
		return 0;
	int bits = 0;
	if (t->wait == Wait::None && t->suspend_depth <= 0)
		bits |= RT_SCHED_READY;
	if (t->suspend_depth > 0 || t->watchdog_hit)
		bits |= RT_SCHED_SUSPENDED;
	if (t->timer.queued())
		bits |= RT_SCHED_DELAYED;
	switch (t->wait) {
	case Wait::Semaphore:
	case Wait::Bits:     // as RTAI's event flags
	case Wait::MsgQueue: // as RTAI's message queues, which wait on semaphores
		bits |= RT_SCHED_SEMAPHORE;
		break;
	case Wait::Send:
		bits |= RT_SCHED_SEND;
		break;
	case Wait::Receive:
		bits |= RT_SCHED_RECEIVE;
		break;
	case Wait::Rpc:
		bits |= RT_SCHED_RPC;
		break;
	case Wait::Return:
		bits |= RT_SCHED_RETURN;
		break;
	case Wait::Mailbox:
		bits |= RT_SCHED_MBXSUSP;
		break;
	case Wait::Poll:
		bits |= RT_SCHED_POLL;
		break;
	default:
		break;
	}
	return bits;
}

} // namespace

extern "C" {

int rt_task_init(RT_TASK *task, void (*rt_thread)(long), long data, int stack_size, int priority, int uses_fpu,
		 void (*)(void))
{
	return init_task(task, rt_thread, data, stack_size, priority, uses_fpu,
			 1u << g_sched.least_loaded_cpu(g_sched.online_mask()));
}

int rt_task_init_cpuid(RT_TASK *task, void (*rt_thread)(long), long data, int stack_size, int priority,
		       int uses_fpu, void (*)(void), unsigned int run_on_cpu)
{
	if (run_on_cpu >= kMaxCpus)
		return -kEInval;
	return init_task(task, rt_thread, data, stack_size, priority, uses_fpu, 1u << run_on_cpu);
}

void rt_set_runnable_on_cpus(RT_TASK *task, unsigned long cpu_mask)
{
	g_sched.set_cpus(task_of(task), static_cast<uint32_t>(cpu_mask));
}

void rt_set_runnable_on_cpuid(RT_TASK *task, unsigned int cpuid)
{
	if (cpuid < kMaxCpus)
		g_sched.set_cpus(task_of(task), 1u << cpuid);
}

int rt_task_delete(RT_TASK *task) { return g_sched.task_delete(task_of(task)); }

static_assert(RTAI_NR_TRAPS == TX_TRAP_VECTORS, "RTAI's trap vectors are the core's");

RT_TRAP_HANDLER rt_set_task_trap_handler(RT_TASK *task, unsigned int vec, RT_TRAP_HANDLER handler)
{
	tx_trap_handler old = nullptr;
	if (g_sched.set_trap_handler(task_of(task), vec, handler, &old))
		return reinterpret_cast<RT_TRAP_HANDLER>(static_cast<intptr_t>(-kEInval));
	return old;
}
int rt_task_suspend(RT_TASK *task) { return g_sched.suspend(task_of(task)); }
int rt_task_resume(RT_TASK *task) { return g_sched.resume(task_of(task)); }
int rt_task_suspend_if(RT_TASK *task) { return g_sched.suspend_if(task_of(task)); }
int rt_task_suspend_until(RT_TASK *task, RTIME time) { return g_sched.suspend_until(task_of(task), time); }

int rt_task_suspend_timed(RT_TASK *task, RTIME delay)
{
	return g_sched.suspend_until(task_of(task), deadline_after(delay));
}

int rt_task_masked_unblock(RT_TASK *task, unsigned long mask)
{
	uint32_t waits = 0;
	if (mask & RT_SCHED_DELAYED)
		waits |= wait_bit(Wait::Delay) | wait_bit(Wait::Period) | wait_bit(Wait::Suspend);
	if (mask & RT_SCHED_SEMAPHORE)
		waits |= wait_bit(Wait::Semaphore) | wait_bit(Wait::Bits) | wait_bit(Wait::MsgQueue);
	if (mask & RT_SCHED_SEND)
		waits |= wait_bit(Wait::Send);
	if (mask & RT_SCHED_RECEIVE)
		waits |= wait_bit(Wait::Receive);
	if (mask & RT_SCHED_RPC)
		waits |= wait_bit(Wait::Rpc);
	if (mask & RT_SCHED_RETURN)
		waits |= wait_bit(Wait::Return);
	if (mask & RT_SCHED_MBXSUSP)
		waits |= wait_bit(Wait::Mailbox);
	if (mask & RT_SCHED_POLL)
		waits |= wait_bit(Wait::Poll);
	return g_sched.unblock(task_of(task), waits, (mask & RT_SCHED_SUSPENDED) != 0);
}

void rt_sched_lock(void) { g_sched.sched_lock(); }
void rt_sched_unlock(void) { g_sched.sched_unlock(); }
void rt_schedule(void) { g_sched.reschedule(); }
int rt_set_period(RT_TASK *task, RTIME new_period) { return g_sched.set_period(task_of(task), new_period); }
int rt_set_resume_time(RT_TASK *task, RTIME new_resume_time)
{
	return g_sched.set_resume_time(task_of(task), new_resume_time);
}
void rt_task_yield(void) { g_sched.yield(); }
int rt_change_prio(RT_TASK *task, int priority) { return g_sched.change_prio(task_of(task), priority); }

int rt_get_prio(RT_TASK *task)
{
	Task *t = task_of(task);
	return g_sched.valid(t) ? t->base_prio : -kEInval;
}

int rt_get_inher_prio(RT_TASK *task)
{
	Task *t = task_of(task);
	return g_sched.valid(t) ? t->prio : -kEInval;
}

// Rate-monotonic priorities: the periodic tasks of a CPU get base
// priorities 0, 1, 2... by increasing period (ties: creation order). Linux
// context: the tasks are listed one lock hold each (snapshot_next), sorted
// in Linux's memory (O(n^2) for n periodic tasks, no lock held), and each
// priority set in its own IPC section; a task deleted meanwhile is skipped
// (rt_change_prio refuses it).
void rt_spv_RMS(int cpuid)
{
	if (!tx_hal_may_sleep())
		return;
	if (cpuid < 0 || cpuid >= static_cast<int>(kMaxCpus) || !(g_sched.online_mask() & (1u << cpuid)))
		cpuid = static_cast<int>(tx_port_cpu());
	struct Entry {
		Task *task;
		Count period;
	};
	struct List {
		Entry *e;
		unsigned n;
		unsigned cpu;
	};
	size_t bytes = sizeof(Entry) * kMaxTasks;
	List list{static_cast<Entry *>(tx_hal_alloc(bytes)), 0, static_cast<unsigned>(cpuid)};
	if (!list.e)
		return;
	auto collect = [](const Task *t, void *ctx) {
		auto *l = static_cast<List *>(ctx);
		if (t->period > 0 && t->cpu == l->cpu && l->n < kMaxTasks)
			l->e[l->n++] = Entry{const_cast<Task *>(t), t->period};
	};
	for (unsigned cursor = 0; g_sched.snapshot_next(&cursor, collect, &list);)
		;
	for (unsigned i = 1; i < list.n; i++) // insertion sort: stable, n <= kMaxTasks
		for (unsigned j = i; j > 0 && list.e[j].period < list.e[j - 1].period; j--) {
			Entry tmp = list.e[j];
			list.e[j] = list.e[j - 1];
			list.e[j - 1] = tmp;
		}
	for (unsigned i = 0; i < list.n; i++)
		g_sched.change_prio(list.e[i].task, static_cast<int>(i));
	tx_hal_free(list.e, bytes);
}

int rt_get_priorities(RT_TASK *task, int *priority, int *base_priority)
{
	Task *t = task_of(task);
	if (!g_sched.valid(t) || !priority || !base_priority)
		return -kEInval;
	*priority = t->prio;
	*base_priority = t->base_prio;
	return kOk;
}

int rt_task_get_info(RT_TASK *task, RT_TASK_INFO *task_info)
{
	Task *t = task_of(task);
	Count period = 0, release = 0;
	if (!task_info || !g_sched.timing_of(t, &period, &release))
		return -kEInval;
	task_info->period = period;
	task_info->base_priority = t->base_prio;
	task_info->priority = t->prio;
	return kOk;
}

RTIME next_period(void)
{
	Count period = 0, release = 0;
	if (!g_sched.timing_of(g_sched.self(), &period, &release) || !period)
		return 0;
	return release + period;
}

int rt_set_sched_policy(RT_TASK *task, int policy, int rr_quantum_ns)
{
	if (policy != RT_SCHED_FIFO && policy != RT_SCHED_RR)
		return -kEInval;
	Count quantum = 0;
	if (policy == RT_SCHED_RR)
		quantum = nano2count(rr_quantum_ns > 0 ? rr_quantum_ns : 4'000'000); // RTAI: a Linux tick
	return g_sched.set_round_robin(task_of(task), quantum);
}

RT_TASK *rt_whoami(void) { return rt_task_of(g_sched.self()); }
int rt_get_task_state(RT_TASK *task) { return state_bits(task_of(task)); }

int rt_task_make_periodic(RT_TASK *task, RTIME start_time, RTIME period)
{
	return g_sched.make_periodic(task_of(task), start_time, period);
}

int rt_task_make_periodic_relative_ns(RT_TASK *task, RTIME start_delay, RTIME period)
{
	return g_sched.make_periodic(task_of(task), deadline_after(nano2count(start_delay)), nano2count(period));
}

int rt_task_wait_period(void) { return g_sched.wait_period(); }
int rt_sleep(RTIME delay) { return g_sched.sleep_until(deadline_after(delay)); }
int rt_sleep_until(RTIME time) { return g_sched.sleep_until(time); }
void rt_busy_sleep(int nanosecs) { g_sched.busy_wait(nano2count(nanosecs)); }

RTIME rt_get_time(void) { return g_sched.now(); }
RTIME rt_get_time_ns(void) { return count2nano(g_sched.now()); }
RTIME rt_get_cpu_time_ns(void) { return count2nano(g_sched.counter()); }

// Truncated toward zero, as RTAI's (rtai_llimd on 64-bit machines).
RTIME nano2count(RTIME nanos) { return muldiv_trunc(nanos, tx_port_counter_hz(), kNanosPerSecond); }
RTIME count2nano(RTIME counts) { return muldiv_trunc(counts, kNanosPerSecond, tx_port_counter_hz()); }
RTIME rt_get_time_cpuid(unsigned int) { return rt_get_time(); }
RTIME rt_get_time_ns_cpuid(unsigned int) { return rt_get_time_ns(); }
RTIME nano2count_cpuid(RTIME nanos, unsigned int) { return nano2count(nanos); }
RTIME count2nano_cpuid(RTIME counts, unsigned int) { return count2nano(counts); }

// The epoch of rt_get_real_time: two copies, written from Linux context
// (module load, rt_gettimeorig), the index flipped after the write, so that
// a reader in a task sees one whole copy unless two updates overlap its
// read (they are Linux-context calls made by hand).
static RTIME g_epoch[2][2];
static int g_epoch_use;

void rt_gettimeorig(RTIME time_orig[])
{
	if (!tx_hal_may_sleep())
		return;
	int64_t wall = tx_hal_wall_clock_ns();
	Count now = g_sched.counter();
	RTIME counts = nano2count(wall) - now;
	RTIME nanos = wall - count2nano(now);
	if (time_orig) {
		time_orig[0] = counts;
		time_orig[1] = nanos;
		return;
	}
	int next = 1 - load_relaxed(&g_epoch_use);
	g_epoch[next][0] = counts;
	g_epoch[next][1] = nanos;
	store_release(&g_epoch_use, next);
}

RTIME rt_get_real_time(void) { return rt_get_time() + g_epoch[load_acquire(&g_epoch_use)][0]; }
RTIME rt_get_real_time_ns(void) { return rt_get_time_ns() + g_epoch[load_acquire(&g_epoch_use)][1]; }
int rt_is_hard_timer_running(void) { return g_sched.timer_running() ? 1 : 0; }

int rt_hard_timer_tick_count(void)
{
	if (!g_sched.timer_running())
		return -1;
	if (g_sched.mode() == TimerMode::Oneshot)
		return 0;
	Count tick = g_sched.tick_period();
	return tick > 0x7fffffff ? 0x7fffffff : static_cast<int>(tick);
}

int rt_hard_timer_tick_count_cpuid(int) { return rt_hard_timer_tick_count(); }
int rt_sched_type(void) { return RT_SCHED_MUP; }

RTIME start_rt_timer(int period)
{
	RTIME r = g_sched.start_timer(period);
	tx_tasklets_timer_started();
	return r;
}
void stop_rt_timer(void) { g_sched.stop_timer(); }
void rt_set_oneshot_mode(void) { g_sched.set_mode(TimerMode::Oneshot); }
void rt_set_periodic_mode(void) { g_sched.set_mode(TimerMode::Periodic); }

void rt_linux_use_fpu(int) {}

int rt_task_use_fpu(RT_TASK *task, int use_fpu_flag)
{
	Task *t = task_of(task);
	if (!g_sched.valid(t))
		return -kEInval;
	return (t->fpu_area != nullptr) == (use_fpu_flag != 0) ? kOk : -kEInval;
}

void rt_get_exectime(RT_TASK *task, RTIME *exectime)
{
	Task *t = task ? task_of(task) : g_sched.self();
	if (!exectime)
		return;
	Count now = g_sched.counter();
	Count total = 0, created = 0;
	g_sched.exec_time(t, now, &total, &created);
	exectime[0] = total;
	exectime[1] = created;
	exectime[2] = now;
}

int rtai_cpuid(void) { return static_cast<int>(tx_port_cpu()); }
unsigned long long rtai_rdtsc(void) { return tx_port_now(); }

long long rtai_llimd(long long ll, unsigned long mult, unsigned long div)
{
	return div ? muldiv_trunc(ll, mult, div) : 0;
}

long rtai_imuldiv(long i, unsigned long mult, unsigned long div)
{
	return div ? static_cast<long>(muldiv_trunc(i, mult, div)) : 0;
}

int rt_printk(const char *fmt, ...)
{
	if (!fmt)
		return 0;
	va_list ap;
	va_start(ap, fmt);
	size_t n = rt_log_v(2, fmt, ap);
	va_end(ap);
	return static_cast<int>(n);
}

} // extern "C"
