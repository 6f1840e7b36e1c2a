// SPDX-License-Identifier: GPL-2.0
// sched/user_timers.cpp - RTAI's rt_request_timer: a handler of the user's
// that the co-kernel timer interrupt of one CPU calls, periodically or at
// the delay rt_set_timer_delay gives. The scheduler owns the hardware timer,
// so the handler's shots are one more timer in that CPU's queue (no owner:
// expire_timers tells it from a task's), and the handler runs as real-time
// device handlers do: in the interrupt, after the expiry, with no scheduler
// lock held (it may signal a semaphore, resume a task, put to a FIFO), and
// never earlier than its shot although the interrupt comes gravity_ early.
#include "../lib/atomic.hpp"
#include "../lib/div64.hpp"
#include "errors.hpp"
#include "scheduler.hpp"

namespace tx {

// c's lock. Queue c's shot at 'deadline' (instead of the one queued); c's
// hardware timer is reprogrammed if it is now the earliest. O(log n).
void Scheduler::queue_user_timer(CpuState &c, Count deadline)
{
	TX_CPU_LOCK_HELD(c);
	if (c.user_timer.queued())
		c.timers.remove(&c.user_timer);
	c.timers.insert(&c.user_timer, deadline);
	event_queued(c, deadline);
}

// This CPU's lock, in timer_irq's expiry: c's shot, the queue's head, is
// due by the horizon. It leaves the queue; the handler runs after the
// expiry (run_user_timer), which queues a periodic one again. O(log n).
void Scheduler::user_timer_expired(CpuState &c)
{
	TX_CPU_LOCK_HELD(c);
	c.timers.pop();
	c.user_due = c.user_timer.deadline > 0 ? c.user_timer.deadline : 1;
}

// timer_irq, this CPU's lock kept (and the IPC lock if ipc_held): both are
// given back, the handler runs when its shot is due (the interrupt was
// aimed up to gravity_ early: a wait of at most gravity_), and this CPU's
// lock is kept again. irq_depth stays up meanwhile, so what the handler
// wakes is switched to at the end of the interrupt, not inside it. Then a
// periodic handler's next shot: one period after this one, or, if the
// handler ran past that, the first period boundary after now (missed
// periods are skipped in O(1): a handler slower than its period does not
// take the CPU back to back), unless the handler set its own delay or was
// freed. Out of line: most interrupts have no handler to run.
// O(gravity_ + log n) plus the handler.
__attribute__((noinline)) void Scheduler::run_user_timer(CpuState &c, bool ipc_held)
{
	Count due = c.user_due;
	void (*handler)(void) = c.user_handler;
	c.user_due = 0;
	store_relaxed(&c.user_running, true);
	c.kept = false;
	c.lock.release();
	if (ipc_held)
		ipc_lock_.release();
	while (counter() < due)
		tx_hal_relax();
	if (handler)
		handler();
	keep_this_cpu();
	store_release(&c.user_running, false);
	if (!c.user_handler || !c.user_period || c.user_timer.queued() || !timer_running_)
		return;
	Count now = counter(), next = due + c.user_period;
	if (next <= now)
		next += (div_s64(now - next, c.user_period) + 1) * c.user_period;
	c.timers.insert(&c.user_timer, next); // timer_irq reprograms after this
}

// Linux context. IPC lock and c's lock: O(log n).
int Scheduler::request_user_timer(unsigned cpu, void (*handler)(void), Count period)
{
	if (!handler || period < 0 || cpu >= kMaxCpus)
		return -kEInval;
	unsigned long flags = ipc_enter();
	CpuState &c = cpus_[cpu];
	int err = kOk;
	{
		CpuHold hold(*this, c);
		if (!c.online)
			err = -kEInval;
		else if (c.user_handler)
			err = -kEBusy;
		else {
			c.user_handler = handler;
			c.user_period = period;
			c.user_due = 0;
			if (period && timer_running_)
				queue_user_timer(c, counter() + period);
		}
	}
	ipc_leave(flags);
	return err;
}

// The next shot of this CPU's handler 'delay' counts from now (oneshot
// handlers re-arm themselves from the handler; a periodic one moves its
// next period). From Linux context: CPU 0's, where rt_request_timer puts
// it. Any context; IPC lock and that CPU's lock: O(log n).
int Scheduler::set_user_timer_delay(Count delay)
{
	if (delay <= 0)
		return -kEInval;
	unsigned long flags = ipc_enter();
	CpuState &here = this_cpu();
	CpuState &c = in_linux() && !in_interrupt(here) ? cpus_[0] : here;
	int err = kOk;
	{
		CpuHold hold(*this, c);
		if (!c.user_handler)
			err = -kEInval;
		else if (timer_running_)
			queue_user_timer(c, counter() + delay);
	}
	ipc_leave(flags);
	return err;
}

// Linux context. IPC lock and c's lock, then a wait for a handler that
// runs now (bounded by that handler). A handler's own call (from its CPU's
// interrupt) does not wait for itself.
bool Scheduler::free_user_timer(unsigned cpu, bool (*match)(void (*)(void), void *), void *ctx)
{
	if (cpu >= kMaxCpus)
		return false;
	CpuState &c = cpus_[cpu];
	unsigned long flags = ipc_enter();
	bool freed = false;
	{
		CpuHold hold(*this, c);
		if (c.user_handler && (!match || match(c.user_handler, ctx))) {
			if (c.user_timer.queued())
				c.timers.remove(&c.user_timer);
			c.user_handler = nullptr;
			c.user_period = c.user_due = 0;
			freed = true;
		}
	}
	bool own_cpu = &c == &this_cpu() && in_interrupt(c);
	ipc_leave(flags);
	while (freed && !own_cpu && load_acquire(&c.user_running))
		tx_hal_relax();
	return freed;
}

} // namespace tx
