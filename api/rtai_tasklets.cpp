// SPDX-License-Identifier: GPL-2.0
// api/rtai_tasklets.cpp - RTAI's tasklets and timers (rtai_tasklets.h) on
// the task API: per CPU, a list of timers sorted by firing time and a timers
// manager task that sleeps on a binary semaphore until the first of them is
// due (or an insert signals it) and runs the handlers that are due. One
// spinlock guards the lists and the tasklets'; it is never held across a
// scheduler call, so it nests under nothing.
#include <rtai_tasklets.h>

#include "../hal/hal.h"
#include "../hal/spinlock.hpp"
#include "../lib/atomic.hpp"
#include "../lib/div64.hpp"
#include "api_internal.hpp"
#include "tasklets_glue.h"

using namespace tx;
using namespace tx::api;

namespace {

using Tasklet = rt_tasklet_struct;

constexpr unsigned kAsTimer = 1, kAsTasklet = 2, kAllocated = 4, kHasPtimer = 8;
constexpr int kManagerPriority = RT_SCHED_HIGHEST_PRIORITY; // RTAI's TimersManagerPrio default
constexpr int kManagerStack = 16384;
enum ManagerState : int { kNone, kMaking, kReady };

struct CpuTimers {
	Tasklet head;          // the list's sentinel: next is the earliest timer
	RT_TASK manager;
	SEM wake;              // signalled when an insert makes an earlier first timer
	int state;             // ManagerState [atomic]
	Tasklet *running;      // the timer whose handler runs now, null: none
	void (*running_handler)(unsigned long);
};

SpinLock g_lock;
CpuTimers g_cpus[kMaxCpus];
Tasklet g_tasklets; // the tasklets' list sentinel

// POSIX timers: id i + 1 names g_ptimers[i]; the free slots are a stack
// (g_ptimer_free[0 .. g_ptimer_nfree)), so making and freeing an id are
// O(1). Under g_lock.
Tasklet *g_ptimers[POSIX_TIMERS];
unsigned short g_ptimer_free[POSIX_TIMERS];
unsigned g_ptimer_nfree;
bool g_ptimers_ready;

bool linked(const Tasklet *t) { return t->next && t->next != t; }

void unlink(Tasklet *t)
{
	t->prev->next = t->next;
	t->next->prev = t->prev;
	t->next = t->prev = t; // self-linked: not inserted (RTAI)
}

void link_before(Tasklet *t, Tasklet *pos)
{
	t->next = pos;
	t->prev = pos->prev;
	pos->prev->next = t;
	pos->prev = t;
}

void init_sentinel(Tasklet *head)
{
	if (!head->next)
		head->next = head->prev = head;
}

// Lock held. Sorted by firing time, later among equals (FIFO). Returns
// whether t became the first. O(timers on the CPU).
bool enqueue_timer(CpuTimers &c, Tasklet *t)
{
	Tasklet *pos = c.head.next;
	while (pos != &c.head && pos->firing_time <= t->firing_time)
		pos = pos->next;
	link_before(t, pos);
	return c.head.next == t;
}

// Lock held. The due timer of the highest priority (the first among
// equals), unlinked; a periodic one is queued again one period later, with
// the periods it fell behind counted. Null: none due. O(timers due).
Tasklet *take_due(CpuTimers &c, RTIME now)
{
	Tasklet *best = nullptr;
	for (Tasklet *t = c.head.next; t != &c.head && t->firing_time <= now; t = t->next)
		if (!best || t->priority < best->priority)
			best = t;
	if (!best)
		return nullptr;
	unlink(best);
	RTIME next;
	if (best->period > 0 && !__builtin_add_overflow(best->firing_time, best->period, &next)) {
		// Periods it fell a whole period or more behind are skipped and
		// counted (O(1)): a timer never fires in a burst to catch up.
		if (now >= next) {
			RTIME missed = tx::div_s64(now - next, best->period) + 1;
			best->overrun += static_cast<int>(missed > INT32_MAX ? INT32_MAX : missed);
			if (__builtin_mul_overflow(missed, best->period, &missed) ||
			    __builtin_add_overflow(next, missed, &next))
				next = kForever - 1;
		}
		best->firing_time = next;
		enqueue_timer(c, best);
	} else {
		best->tx_flags &= ~kAsTimer; // once, or a period past the end of time
	}
	return best;
}

void manager(long cpu)
{
	CpuTimers &c = g_cpus[cpu];
	RT_TASK *self = &c.manager;
	for (;;) {
		unsigned long flags = g_lock.lock();
		Tasklet *t = take_due(c, rt_get_time());
		RTIME next = c.head.next != &c.head ? c.head.next->firing_time : 0;
		void (*handler)(unsigned long) = t ? t->handler : nullptr;
		unsigned long data = t ? t->data : 0;
		int prio = t ? t->priority : kManagerPriority;
		bool fpu = t && t->uses_fpu;
		c.running = t;
		c.running_handler = handler;
		g_lock.unlock(flags);
		if (!t) {
			// With the timer stopped every timed wait ends at once: wait
			// for an insert or the timer's start instead (no spinning).
			if (next && rt_is_hard_timer_running())
				rt_sem_wait_until(&c.wake, next);
			else
				rt_sem_wait(&c.wake);
			continue;
		}
		if (prio != kManagerPriority)
			rt_change_prio(self, prio);
		if (handler && fpu && !g_sched.fpu_borrow()) {
			rt_printk("tactus: a timer handler that uses the FPU was not run: this CPU's timers manager has no FPU area\n");
			handler = nullptr;
			fpu = false;
		}
		if (handler)
			handler(data);
		if (fpu)
			g_sched.fpu_return();
		if (prio != kManagerPriority)
			rt_change_prio(self, kManagerPriority);
		flags = g_lock.lock();
		c.running = nullptr;
		c.running_handler = nullptr;
		g_lock.unlock(flags);
	}
}

// The manager of 'cpu', made at the first need from Linux context. Returns
// 0, -EPERM from real-time context when there is none yet, or what making
// it returned.
int ensure_manager(unsigned cpu)
{
	CpuTimers &c = g_cpus[cpu];
	if (load_acquire(&c.state) == kReady)
		return 0;
	if (!tx_hal_may_sleep())
		return -kEPerm;
	int expected = kNone;
	if (!compare_exchange(&c.state, &expected, static_cast<int>(kMaking))) {
		while (load_acquire(&c.state) == kMaking) // another Linux context makes it
			tx_hal_relax();
		return load_acquire(&c.state) == kReady ? 0 : -kEPerm;
	}
	unsigned long flags = g_lock.lock();
	init_sentinel(&c.head);
	g_lock.unlock(flags);
	zero_bytes(&c.manager, sizeof(c.manager));
	int err = rt_typed_sem_init(&c.wake, 0, BIN_SEM);
	if (err) {
		store_release(&c.state, static_cast<int>(kNone));
		return err;
	}
	// With an FPU area it takes only for handlers that use the FPU
	// (rt_tasklet_use_fpu); without one where the port has none to give.
	err = rt_task_init_cpuid(&c.manager, manager, cpu, kManagerStack, kManagerPriority, 1, nullptr, cpu);
	if (!err)
		err = g_sched.fpu_park(task_of(&c.manager));
	else
		err = rt_task_init_cpuid(&c.manager, manager, cpu, kManagerStack, kManagerPriority, 0, nullptr, cpu);
	if (!err) {
		err = rt_task_resume(&c.manager);
		if (err)
			rt_task_delete(&c.manager);
	}
	if (err) {
		rt_sem_delete(&c.wake);
		store_release(&c.state, static_cast<int>(kNone));
		return err;
	}
	store_release(&c.state, static_cast<int>(kReady));
	return 0;
}

// Lock held. Take t out of whichever list it is in.
void remove_locked(Tasklet *t)
{
	if (linked(t))
		unlink(t);
	t->tx_flags &= ~(kAsTimer | kAsTasklet);
}

// Lock held. Every id free (first use, reset).
void init_ptimers_locked()
{
	for (unsigned i = 0; i < POSIX_TIMERS; i++) {
		g_ptimers[i] = nullptr;
		g_ptimer_free[i] = static_cast<unsigned short>(POSIX_TIMERS - 1 - i); // id 1 first
	}
	g_ptimer_nfree = POSIX_TIMERS;
	g_ptimers_ready = true;
}

// Lock held. A new id for t, 0 if none is free or t has one.
long give_ptimer_id_locked(Tasklet *t)
{
	if (!g_ptimers_ready)
		init_ptimers_locked();
	if ((t->tx_flags & kHasPtimer) || g_ptimer_nfree == 0)
		return 0;
	unsigned slot = g_ptimer_free[--g_ptimer_nfree];
	g_ptimers[slot] = t;
	t->tx_flags |= kHasPtimer;
	return static_cast<long>(slot) + 1;
}

// Lock held. The timer of an id, null for a bad one.
Tasklet *ptimer_locked(timer_t id)
{
	long n = (long)id; // timer_t is an int in the kernel, a pointer in libc
	if (!g_ptimers_ready || n < 1 || n > POSIX_TIMERS)
		return nullptr;
	return g_ptimers[n - 1];
}

// Lock held. Free the id of slot i (its timer is out of every list).
void free_ptimer_slot_locked(unsigned i)
{
	g_ptimers[i]->tx_flags &= ~kHasPtimer;
	g_ptimers[i] = nullptr;
	g_ptimer_free[g_ptimer_nfree++] = static_cast<unsigned short>(i);
}

timer_t as_timer_id(long n) { return (timer_t)n; }

RTIME counts_of(const timespec &t) { return timespec2count(&t); }

} // namespace

extern "C" {

int rt_insert_timer(Tasklet *timer, int priority, RTIME firing_time, RTIME period, void (*handler)(unsigned long),
		    unsigned long data, int)
{
	if (!timer || !handler || priority < 0 || priority > RT_SCHED_LOWEST_PRIORITY || period < 0)
		return -kEInval;
	unsigned cpu = tx_port_cpu(); // the calling CPU's manager (RTAI)
	int err = ensure_manager(cpu);
	if (err)
		return err;
	CpuTimers &c = g_cpus[cpu];
	unsigned long flags = g_lock.lock();
	remove_locked(timer);
	timer->priority = priority;
	timer->firing_time = firing_time;
	timer->period = period;
	timer->handler = handler;
	timer->data = data;
	timer->cpuid = static_cast<int>(cpu);
	timer->overrun = 0; // uses_fpu stays: rt_tasklet_use_fpu may come before or after
	timer->tx_flags |= kAsTimer;
	bool first = enqueue_timer(c, timer);
	g_lock.unlock(flags);
	if (first)
		rt_sem_signal(&c.wake);
	return 0;
}

void rt_remove_timer(Tasklet *timer)
{
	if (!timer)
		return;
	unsigned long flags = g_lock.lock();
	if (timer->tx_flags & kAsTimer)
		remove_locked(timer);
	g_lock.unlock(flags);
}

void rt_set_timer_priority(Tasklet *timer, int priority)
{
	if (!timer || priority < 0 || priority > RT_SCHED_LOWEST_PRIORITY)
		return;
	unsigned long flags = g_lock.lock();
	timer->priority = priority;
	g_lock.unlock(flags);
}

void rt_set_timer_firing_time(Tasklet *timer, RTIME firing_time)
{
	if (!timer)
		return;
	unsigned long flags = g_lock.lock();
	bool first = false;
	CpuTimers *c = nullptr;
	if ((timer->tx_flags & kAsTimer) && linked(timer)) {
		c = &g_cpus[timer->cpuid];
		unlink(timer);
		timer->firing_time = firing_time;
		first = enqueue_timer(*c, timer);
	}
	g_lock.unlock(flags);
	if (first)
		rt_sem_signal(&c->wake);
}

void rt_set_timer_period(Tasklet *timer, RTIME period)
{
	if (!timer || period < 0)
		return;
	unsigned long flags = g_lock.lock();
	timer->period = period;
	g_lock.unlock(flags);
}

void rt_get_timer_times(Tasklet *timer, RTIME timer_times[])
{
	if (!timer || !timer_times)
		return;
	unsigned long flags = g_lock.lock();
	RTIME left = timer->firing_time - rt_get_time();
	timer_times[0] = left > 0 ? left : -1;
	timer_times[1] = timer->period;
	g_lock.unlock(flags);
}

RTIME rt_get_timer_overrun(Tasklet *timer) { return timer ? load_relaxed(&timer->overrun) : 0; }

Tasklet *rt_init_tasklet(void)
{
	if (!tx_hal_may_sleep())
		return nullptr;
	auto *t = static_cast<Tasklet *>(tx_hal_alloc(sizeof(Tasklet)));
	if (t) {
		zero_bytes(t, sizeof(*t));
		t->tx_flags = kAllocated;
	}
	return t;
}

void rt_delete_tasklet(Tasklet *tasklet)
{
	if (!tasklet)
		return;
	unsigned long flags = g_lock.lock();
	remove_locked(tasklet);
	bool allocated = tasklet->tx_flags & kAllocated;
	g_lock.unlock(flags);
	if (allocated && tx_hal_may_sleep())
		tx_hal_free(tasklet, sizeof(*tasklet));
}

int rt_insert_tasklet(Tasklet *tasklet, int priority, void (*handler)(unsigned long), unsigned long data,
		      unsigned long id, int)
{
	if (!tasklet || !handler || !id)
		return -kEInval;
	unsigned long flags = g_lock.lock();
	int result = 0;
	if (tasklet->tx_flags & (kAsTasklet | kAsTimer)) {
		result = -kEBusy;
	} else {
		init_sentinel(&g_tasklets);
		tasklet->priority = priority;
		tasklet->handler = handler;
		tasklet->data = data;
		tasklet->id = id;
		tasklet->tx_flags |= kAsTasklet;
		link_before(tasklet, &g_tasklets);
	}
	g_lock.unlock(flags);
	return result;
}

void rt_remove_tasklet(Tasklet *tasklet)
{
	if (!tasklet)
		return;
	unsigned long flags = g_lock.lock();
	if (tasklet->tx_flags & kAsTasklet)
		remove_locked(tasklet);
	g_lock.unlock(flags);
}

Tasklet *rt_find_tasklet_by_id(unsigned long id)
{
	unsigned long flags = g_lock.lock();
	Tasklet *found = nullptr;
	if (g_tasklets.next)
		for (Tasklet *t = g_tasklets.next; t != &g_tasklets && !found; t = t->next)
			if (t->id == id)
				found = t;
	g_lock.unlock(flags);
	return found;
}

int rt_exec_tasklet(Tasklet *tasklet)
{
	if (!tasklet)
		return -kEInval;
	unsigned long flags = g_lock.lock();
	bool inserted = tasklet->tx_flags & kAsTasklet;
	void (*handler)(unsigned long) = tasklet->handler;
	unsigned long data = tasklet->data;
	g_lock.unlock(flags);
	if (!inserted || !handler)
		return -kEInval;
	handler(data);
	return 0;
}

RT_TASK *rt_tasklet_use_fpu(Tasklet *tasklet, int use_fpu)
{
	if (tasklet)
		store_relaxed(&tasklet->uses_fpu, use_fpu ? 1 : 0);
	return nullptr; // RTAI's is the tasklet's LXRT support task: none in the kernel
}

void rt_set_tasklet_priority(Tasklet *tasklet, int priority)
{
	if (tasklet)
		store_relaxed(&tasklet->priority, priority);
}

int rt_set_tasklet_handler(Tasklet *tasklet, void (*handler)(unsigned long))
{
	if (!tasklet || !handler)
		return -kEInval;
	unsigned long flags = g_lock.lock();
	tasklet->handler = handler;
	g_lock.unlock(flags);
	return 0;
}

void rt_set_tasklet_data(Tasklet *tasklet, unsigned long data)
{
	if (!tasklet)
		return;
	unsigned long flags = g_lock.lock();
	tasklet->data = data;
	g_lock.unlock(flags);
}

timer_t rt_kptimer_create(Tasklet *timer, void (*handler)(unsigned long), unsigned long data, long, long)
{
	if (!timer || !handler)
		return as_timer_id(0);
	unsigned long flags = g_lock.lock();
	long id = give_ptimer_id_locked(timer);
	if (id) {
		timer->handler = handler;
		timer->data = data;
	}
	g_lock.unlock(flags);
	return as_timer_id(id);
}

timer_t rt_ptimer_create(Tasklet **timer)
{
	if (!timer)
		return as_timer_id(0);
	Tasklet *t = rt_init_tasklet();
	if (!t)
		return as_timer_id(0);
	unsigned long flags = g_lock.lock();
	long id = give_ptimer_id_locked(t);
	g_lock.unlock(flags);
	if (!id) {
		rt_delete_tasklet(t);
		return as_timer_id(0);
	}
	*timer = t;
	return as_timer_id(id);
}

void rt_ptimer_settime(timer_t timer, const struct itimerspec *value, unsigned long, long flags_in)
{
	if (!value)
		return;
	unsigned long flags = g_lock.lock();
	Tasklet *t = ptimer_locked(timer);
	void (*handler)(unsigned long) = t ? t->handler : nullptr;
	unsigned long data = t ? t->data : 0;
	int priority = t ? t->priority : 0;
	if (t && (t->tx_flags & kAsTimer))
		remove_locked(t);
	g_lock.unlock(flags);
	if (!t || !handler)
		return;
	RTIME first = counts_of(value->it_value);
	if (value->it_value.tv_sec == 0 && value->it_value.tv_nsec == 0)
		return; // disarmed
	if (!(flags_in & TIMER_ABSTIME))
		first += rt_get_time();
	rt_insert_timer(t, priority, first, counts_of(value->it_interval), handler, data, 0);
}

int rt_ptimer_overrun(timer_t timer)
{
	unsigned long flags = g_lock.lock();
	Tasklet *t = ptimer_locked(timer);
	int overrun = t ? t->overrun : 0;
	g_lock.unlock(flags);
	return overrun;
}

void rt_ptimer_gettime(timer_t timer, RTIME timer_times[])
{
	unsigned long flags = g_lock.lock();
	Tasklet *t = ptimer_locked(timer);
	if (t && timer_times) {
		RTIME left = t->firing_time - rt_get_time();
		timer_times[0] = (t->tx_flags & kAsTimer) && left > 0 ? left : -1;
		timer_times[1] = t->period;
	}
	g_lock.unlock(flags);
}

int rt_ptimer_delete(timer_t timer, long)
{
	unsigned long flags = g_lock.lock();
	Tasklet *t = ptimer_locked(timer);
	if (t) {
		remove_locked(t);
		free_ptimer_slot_locked(static_cast<unsigned>((long)timer - 1));
	}
	g_lock.unlock(flags);
	if (!t)
		return -kEInval;
	if (t->tx_flags & kAllocated)
		rt_delete_tasklet(t);
	return 0;
}

// ---- tasklets_glue.h ----

void tx_tasklets_reset(void)
{
	g_lock.reset();
	zero_bytes(g_cpus, sizeof(g_cpus));
	zero_bytes(&g_tasklets, sizeof(g_tasklets));
	g_ptimers_ready = false;
}

int tx_tasklets_ensure_manager(unsigned cpu) { return cpu < kMaxCpus ? ensure_manager(cpu) : -kEInval; }

unsigned tx_tasklets_release_owner(const void *owner, int (*within)(const void *adr, const void *owner))
{
	unsigned n = 0;
	unsigned long flags = g_lock.lock();
	auto of_owner = [&](const Tasklet *t) {
		return within(t, owner) || within(reinterpret_cast<const void *>(t->handler), owner);
	};
	for (CpuTimers &c : g_cpus) {
		if (!c.head.next)
			continue;
		for (Tasklet *t = c.head.next, *next; t != &c.head; t = next) {
			next = t->next;
			if (of_owner(t)) {
				remove_locked(t);
				n++;
			}
		}
	}
	if (g_tasklets.next) {
		for (Tasklet *t = g_tasklets.next, *next; t != &g_tasklets; t = next) {
			next = t->next;
			if (of_owner(t)) {
				remove_locked(t);
				n++;
			}
		}
	}
	// POSIX timers of the module lose their ids; the structs allocated
	// here are freed after the lock (O(POSIX_TIMERS)).
	Tasklet *to_free[POSIX_TIMERS];
	unsigned nfree = 0;
	for (unsigned i = 0; g_ptimers_ready && i < POSIX_TIMERS; i++) {
		Tasklet *t = g_ptimers[i];
		if (t && of_owner(t)) {
			remove_locked(t);
			free_ptimer_slot_locked(i);
			if (t->tx_flags & kAllocated)
				to_free[nfree++] = t;
		}
	}
	g_lock.unlock(flags);
	for (unsigned i = 0; i < nfree; i++)
		tx_hal_free(to_free[i], sizeof(Tasklet));
	return n;
}

int tx_tasklets_running_of(const void *owner, int (*within)(const void *adr, const void *owner))
{
	unsigned long flags = g_lock.lock();
	int busy = 0;
	for (const CpuTimers &c : g_cpus)
		if (c.running && (within(c.running, owner) ||
				  within(reinterpret_cast<const void *>(c.running_handler), owner)))
			busy = 1;
	g_lock.unlock(flags);
	return busy;
}

unsigned tx_tasklets_unstick(const void *owner, int (*within)(const void *adr, const void *owner))
{
	unsigned n = 0;
	for (unsigned cpu = 0; cpu < kMaxCpus; cpu++) {
		CpuTimers &c = g_cpus[cpu];
		if (load_acquire(&c.state) != kReady || !(rt_get_task_state(&c.manager) & RT_SCHED_SUSPENDED))
			continue;
		unsigned long flags = g_lock.lock();
		bool stuck = c.running && (within(c.running, owner) ||
					   within(reinterpret_cast<const void *>(c.running_handler), owner));
		bool more = c.head.next && c.head.next != &c.head;
		if (stuck) {
			c.running = nullptr;
			c.running_handler = nullptr;
		}
		g_lock.unlock(flags);
		if (!stuck)
			continue;
		// It never returns from that handler: it goes, and a new one
		// serves the CPU's other timers.
		rt_task_delete(&c.manager);
		rt_sem_delete(&c.wake);
		store_release(&c.state, static_cast<int>(kNone));
		rt_printk("tactus: the timers manager of CPU %u was stopped (watchdog or fault) in a handler of a module "
			  "that goes: deleted%s\n", cpu, more ? ", and made again for the other timers" : "");
		if (more && ensure_manager(cpu))
			rt_printk("tactus: the timers manager of CPU %u could not be made again\n", cpu);
		n++;
	}
	return n;
}

void tx_tasklets_timer_started(void)
{
	for (CpuTimers &c : g_cpus)
		if (load_acquire(&c.state) == kReady)
			rt_sem_signal(&c.wake);
}

unsigned tx_tasklets_shutdown(void)
{
	unsigned n = 0;
	for (unsigned cpu = 0; cpu < kMaxCpus; cpu++) {
		CpuTimers &c = g_cpus[cpu];
		if (load_acquire(&c.state) != kReady)
			continue;
		rt_task_delete(&c.manager);
		rt_sem_delete(&c.wake);
		store_release(&c.state, static_cast<int>(kNone));
		n++;
	}
	return n;
}

} // extern "C"
