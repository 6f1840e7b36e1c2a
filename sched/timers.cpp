// SPDX-License-Identifier: GPL-2.0
// sched/timers.cpp - the timer side of the scheduler: the timer interrupt,
// the per-CPU timer queues and the hardware timer, budgets (watchdog,
// round robin), the timer modes, periodic tasks and sleeping.
#include "../hal/rt_log.hpp"
#include "../lib/assert.hpp"
#include "../lib/muldiv.hpp"
#include "errors.hpp"
#include "scheduler.hpp"

namespace tx {

// ---- The hardware timer -------------------------------------------------------

// t's CPU lock. Queue t's timer on its CPU; that CPU's hardware timer is
// reprogrammed if the new deadline is its earliest. O(log n).
void Scheduler::arm_timer(Task *t, Count deadline)
{
	CpuState &c = cpu_of(t);
	TX_ASSERT_LOCKED(c.lock.held_here());
	c.timers.insert(&t->timer, deadline);
	event_queued(c, deadline);
}

// c's lock; an event at 'deadline' was just queued on c. If it comes
// before what c's hardware timer holds, reprogram it: here, or by c itself
// after an IPI. O(1).
void Scheduler::event_queued(CpuState &c, Count deadline)
{
	if (deadline - gravity_ >= c.programmed)
		return;
	if (&c == &this_cpu()) {
		reprogram(c);
	} else {
		c.timer_dirty = true;
		tx_port_send_ipi(c.index);
	}
}

// When to aim the hardware timer for a timer event: gravity_ ahead, or, if
// that moment has passed (a deadline set closer than gravity_), halfway
// between now and the event. Not at once: the interrupt would meet Linux
// still on its way back from the last switch, where it cannot be preempted
// (at 10 kHz on a slow CPU Linux then starved). Not at the event: the job
// would be late by the whole path, and at 10 kHz every job after it too
// (each ending past its successor's aim). Halfway, Linux keeps half of what
// is left and the path overlaps the other half. O(1).
inline Count Scheduler::aim_for(Count event)
{
	if (!gravity_ || event == kForever)
		return event;
	Count early = event - gravity_;
	Count now = static_cast<Count>(tx_port_now());
	return early > now ? early : now + (event - now) / 2;
}

// This CPU's lock, c is this CPU. Give the hardware timer the earliest
// event: the timer queue head (or the next tick in periodic mode) gravity_
// ahead, the round-robin end and the watchdog deadline of the running task
// (budgets are not anticipated). O(1).
void Scheduler::reprogram(CpuState &c)
{
	TX_ASSERT_LOCKED(c.lock.held_here() && &c == &this_cpu());
	Count next = kForever;
	if (timer_running_) {
		if (mode_ == TimerMode::Periodic)
			next = aim_for(c.next_tick);
		else if (Timer *t = c.timers.earliest())
			next = aim_for(t->deadline);
	}
	Count budget = budget_deadline(c);
	c.programmed_budget = budget < next;
	next = min(next, budget);
	c.timer_dirty = false;
	if (next == c.programmed)
		return;
	c.programmed = next;
	if (next == kForever)
		tx_port_timer_stop();
	else
		tx_port_timer_program(static_cast<uint64_t>(next < 0 ? 0 : next));
}

// c's lock. The timer of CPU c starts over from 'now' (ticks in periodic
// mode); programmed here, or by c itself after the IPI. O(1).
void Scheduler::restart_timer(CpuState &c, Count now)
{
	TX_CPU_LOCK_HELD(c);
	c.tick_time = now;
	c.next_tick = now + tick_period_;
	c.programmed = kUnprogrammed;
	if (&c == &this_cpu()) {
		reprogram(c);
	} else {
		c.timer_dirty = true;
		tx_port_send_ipi(c.index);
	}
}

// ---- Expiry -------------------------------------------------------------------

// t's CPU lock. A task's timer expired: end its delay (Delay, Period) or
// its timed suspension (the whole depth, as RTAI does). O(1).
void Scheduler::timer_fired(Task *t)
{
	CpuState &c = cpu_of(t);
	TX_CPU_LOCK_HELD(c);
	switch (t->wait) {
	case Wait::Suspend:
		t->wait = Wait::None;
		t->suspend_depth = 0;
		t->wake_result = kRteTimeout;
		update_ready(c, t);
		break;
	case Wait::Period:
		t->release_pending = true;
		[[fallthrough]];
	case Wait::Delay:
		// Neither wait sits in a queue, and the timer was just popped.
		t->wait = Wait::None;
		t->wake_result = kOk;
		update_ready(c, t);
		break;
	default:
		break;
	}
}

// This CPU's lock kept, c's held, and the IPC lock; t's timer was just
// popped from c's queue. End t's delay, or its IPC wait with a timeout
// (which also takes the locks of the owners along t's inheritance chain on
// other CPUs, as the IPC lock allows). O(1) plus the IPC wake
// (cancel_wait).
void Scheduler::fire_popped(CpuState &c, Task *t)
{
	TX_ASSERT_LOCKED(ipc_lock_.held_here() && c.lock.held_here());
	if (!ipc_wait(t->wait)) {
		timer_fired(t);
		return;
	}
	cancel_wait(t, kRteTimeout); // this CPU's lock is kept: its tasks' steps find it held
}

// This CPU's lock, and the IPC lock when 'ipc_held'. Fire every timer due by
// 'horizon' (now, or up to gravity_ later); a task woken ahead of its
// deadline runs from it on. Without the IPC lock it stops at the first due
// timer of an IPC wait, leaves it queued and returns false: the caller takes
// the IPC lock (which comes first) and calls again. O(k log n) for k
// expiring.
inline bool Scheduler::expire_timers(CpuState &c, Count horizon, Count now, bool ipc_held)
{
	TX_CPU_LOCK_HELD(c);
	while (Timer *t = c.timers.expired(horizon)) {
		if (__builtin_expect(!t->owner, 0)) { // rt_request_timer's
			user_timer_expired(c);
			continue;
		}
		Task *task = static_cast<Task *>(t->owner);
		if (ipc_wait(task->wait) && !ipc_held)
			return false;
		c.timers.pop();
		if (t->deadline > now && task->wait != Wait::None)
			task->not_before = t->deadline;
		if (ipc_held)
			fire_popped(c, task);
		else
			timer_fired(task);
	}
	return true;
}

// CPU lock. t wrote over its stack guard, or runs below it (sp_below,
// check_stack): whatever lies below its stack may be damaged, so it never
// runs again (resume refuses it; delete frees it) and Linux hears of it.
// Every way off a CPU passes check_stack, so delete needs no check of its
// own. Out of line: the check that calls it is a few loads. O(1).
__attribute__((noinline, cold)) void Scheduler::stop_overrun(CpuState &c, Task *t, bool sp_below)
{
	TX_CPU_LOCK_HELD(c);
	if (t->halted != Halt::None || t->dead)
		return;
	t->halted = Halt::StackOverrun;
	t->suspend_depth = max(t->suspend_depth, 0) + 1;
	update_ready(t);
	const char *how = sp_below ? "its stack pointer is below its stack's low end"
				   : "its guard is overwritten";
	if (t->name[0])
		rt_log(0, "tactus: task '%s' ran past the low end of its stack (%s); stopped for good", t->name, how);
	else
		rt_log(0, "tactus: task %p ran past the low end of its stack (%s); stopped for good",
		       static_cast<void *>(t), how);
}

// This CPU's lock, in timer_irq. Enforce the watchdog budget and the
// round-robin quantum of the running task. O(1).
inline void Scheduler::check_budgets(CpuState &c, Count now)
{
	TX_CPU_LOCK_HELD(c);
	Task *t = c.current;
	// The budget deadlines are the running context's own again: timer_irq()
	// may have set them for a task that was then deleted or suspended (from
	// another CPU) before the dispatch. A stale one in the past would make
	// reprogram() arm the timer in the past forever (an NMI storm).
	c.wd_deadline = (wd_budget_ && !t->linux_ctx) ? c.switch_time + wd_budget_ - t->exec_since_block : kForever;
	if (!t->rr_quantum)
		c.rr_deadline = kForever;
	else if (c.rr_deadline == kForever)
		c.rr_deadline = c.switch_time + t->rr_left;
	if (rt_period_)
		check_share(c, now);
	if (t->linux_ctx)
		return;
	check_stack(c, t); // a task that never blocks is checked here
	Count ran = t->exec_since_block + (now - c.switch_time);
	if (wd_budget_ && ran >= wd_budget_) {
		t->watchdog_hit = true;
		t->suspend_depth = max(t->suspend_depth, 0) + 1;
		c.watchdog_hits++;
		update_ready(t);
		long long ns = static_cast<long long>(muldiv_round(static_cast<uint64_t>(ran), 1000000000u, tx_port_counter_hz()));
		if (t->name[0])
			rt_log(0, "tactus: watchdog: task '%s' ran %lld ns without blocking; suspended", t->name, ns);
		else
			rt_log(0, "tactus: watchdog: task %p ran %lld ns without blocking; suspended",
			       static_cast<void *>(t), ns);
		return;
	}
	if (t->rr_quantum && now >= c.rr_deadline && c.ready.contains(t)) {
		t->rr_left = t->rr_quantum;
		c.rr_deadline = now + t->rr_quantum;
		if (c.ready.level_has_others(t)) {
			c.ready.remove(t);
			c.ready.push_back(t);
		}
	}
}

// The timer fired on this CPU. Masked. This CPU's lock for the expiry, the
// budgets, one pick and one timer write: O(k log n) for k expiring timers;
// kept for the dispatch when a switch is needed (see the class).
// A due timeout of an IPC wait needs the IPC lock too: the CPU lock is
// dropped, the IPC lock taken, the CPU lock taken again and the expiry
// continued (the order of scheduler.hpp).
bool Scheduler::timer_irq()
{
	CpuState &c = this_cpu();
	bool kept_before = enter_interrupt(c);
	c.irq_depth++;
	c.timer_irqs++;
	Count due = c.programmed;
	// The shot is spent, but a level-triggered timer keeps asserting until
	// it is reprogrammed or stopped: make reprogram() do one of the two.
	c.programmed = kUnprogrammed;
	Count now = static_cast<Count>(tx_port_now());
	// Late by a watchdog budget or more: the co-kernel was masked here (or
	// another CPU's watch_masked said so already). Unsigned: 'due' may be
	// kUnprogrammed, for an interrupt no timer write asked for.
	Count late = static_cast<Count>(static_cast<uint64_t>(now) - static_cast<uint64_t>(due));
	if (__builtin_expect(load_relaxed(&c.masked_late) || (wd_budget_ && due != kUnprogrammed && late >= wd_budget_), false))
		log_masked_end(c, late);
	// The timer was aimed gravity_ early: what is due by then is due now.
	Count event_time = now + gravity_;
	if (timer_running_ && mode_ == TimerMode::Periodic && event_time >= c.next_tick) {
		// Skip ticks that were missed (late interrupt) in O(1).
		Count missed = div_s64(event_time - c.next_tick, tick_period_);
		c.tick_time = c.next_tick + missed * tick_period_;
		c.next_tick = c.tick_time + tick_period_;
		event_time = c.tick_time;
	}
	bool ipc_held = false;
	if (timer_running_) {
		Count horizon = mode_ == TimerMode::Periodic ? c.tick_time : event_time;
		if (!expire_timers(c, horizon, now, false)) {
			c.kept = false;
			c.lock.release();
			ipc_lock_.acquire();
			keep_this_cpu();
			ipc_held = true;
			expire_timers(c, horizon, now, true);
		}
	}
	if (__builtin_expect(c.user_due != 0, 0)) {
		run_user_timer(c, ipc_held); // the locks dropped and this CPU's taken again
		ipc_held = false;
	}
	// Linux has no budget of its own unless the share is on: the common
	// release (Linux idle or busy, a task woken) skips the call.
	if (c.current->linux_ctx && !rt_period_)
		c.wd_deadline = c.rr_deadline = kForever;
	else
		check_budgets(c, now);
	Task *next = pick(c);
	bool switch_needed = next != c.current;
	if (switch_needed)
		set_deadlines(c, next, now); // one timer write covers the switch too
	reprogram(c);
	c.irq_depth--;
	if (ipc_held)
		ipc_lock_.release(); // before the CPU lock may be kept: no switch with it held
	return leave_interrupt(c, kept_before, switch_needed);
}

// ---- Timer modes and settings (Linux context) ------------------------------------

Count Scheduler::now()
{
	if (mode_ == TimerMode::Periodic && timer_running_) {
		unsigned long flags = tx_port_irq_save();
		Count t = this_cpu().tick_time;
		tx_port_irq_restore(flags);
		return t;
	}
	return counter();
}

// A wait without a time (kForever) never times out, the timer stopped or
// not (stop_rt_timer ends the timed waits only).
bool Scheduler::deadline_passed(Count deadline)
{
	return deadline != kForever && (!timer_running_ || deadline <= now());
}

// IPC lock: O(1).
void Scheduler::set_mode(TimerMode m)
{
	unsigned long flags = ipc_enter();
	next_mode_ = m;
	ipc_leave(flags);
}

// RTAI start_rt_timer: oneshot mode ignores 'period' and returns it; periodic
// mode ticks every 'period' counts (at least 1) from now on every CPU and
// returns the period used. Linux context. IPC lock and every CPU lock:
// O(CPUs).
Count Scheduler::start_timer(Count period)
{
	unsigned long flags = ipc_enter();
	if (next_mode_ == TimerMode::Periodic && period <= 0) {
		ipc_leave(flags);
		return -kEInval;
	}
	acquire_all_cpus();
	mode_ = next_mode_;
	tick_period_ = mode_ == TimerMode::Periodic ? period : 0;
	timer_running_ = true;
	Count now = counter();
	for (CpuState &c : cpus_) {
		if (!c.online)
			continue;
		if (c.user_handler && c.user_period && !c.user_timer.queued())
			c.timers.insert(&c.user_timer, now + c.user_period); // stop_timer took it out
		restart_timer(c, now);
	}
	release_all_cpus();
	ipc_leave(flags);
	return period;
}

// RTAI 4 stop_rt_timer: the timer stops; every timed wait ends at once as if
// its deadline had passed, and later timed waits return without blocking.
// Linux context. The flag under every lock (O(CPUs)), then the timers one
// at a time: each hold is one expiry, O(log n) plus that task's wake.
void Scheduler::stop_timer()
{
	unsigned long flags = ipc_enter();
	acquire_all_cpus();
	timer_running_ = false;
	release_all_cpus();
	ipc_leave(flags);
	for (CpuState &c : cpus_) {
		for (bool more = true; more;) {
			flags = ipc_enter();
			{
				CpuHold hold(*this, c);
				Timer *t = c.timers.earliest();
				more = t != nullptr;
				if (more) {
					c.timers.remove(t);
					if (t->owner) // else rt_request_timer's: it waits for the next start
						fire_popped(c, static_cast<Task *>(t->owner));
				} else if (&c == &this_cpu()) {
					reprogram(c);
				} else if (c.online) {
					c.timer_dirty = true;
					tx_port_send_ipi(c.index);
				}
			}
			ipc_leave(flags); // a task woken on this CPU may run now
		}
	}
}

// IPC lock and every CPU lock: O(CPUs).
void Scheduler::set_timer_gravity(Count gravity)
{
	unsigned long flags = ipc_enter();
	acquire_all_cpus();
	gravity_ = gravity > 0 ? gravity : 0;
	release_all_cpus();
	ipc_leave(flags);
}

// CPU lock. A new window of Linux's share: what real-time tasks ran is
// forgotten, a throttle ends. Windows follow each other from the first
// one; one that started long ago is skipped over in O(1).
void Scheduler::start_window(CpuState &c, Count now)
{
	TX_CPU_LOCK_HELD(c);
	Count behind = now - c.window_end;
	c.window_end = c.window_end && behind < rt_period_ ? c.window_end + rt_period_ : now + rt_period_;
	c.rt_used = 0;
	c.throttled = false;
}

// ---- The masked watch ---------------------------------------------------------

// Linux context, every half watchdog budget (the glue's timer): what the
// watchdog cannot see. A CPU whose code keeps the co-kernel masked (a task
// in rt_global_cli, say) takes no timer interrupt, so nothing runs there to
// stop it; Linux on another CPU sees its timer more than a budget overdue.
// Report only (the masked code may hold locks nothing can take back), once
// per episode; the CPU itself reports the end (log_masked_end). Reads the
// other CPUs' 'programmed' without their locks: a report, not a decision.
// Nothing on a real-time path. O(CPUs).
void Scheduler::watch_masked()
{
	if (!wd_budget_)
		return;
	Count now = static_cast<Count>(tx_port_now());
	unsigned long flags = tx_port_irq_save(); // this CPU stays this CPU
	const CpuState &here = this_cpu();
	tx_port_irq_restore(flags);
	for (CpuState &o : cpus_) {
		if (&o == &here || !load_relaxed(&o.online) || load_relaxed(&o.masked_late))
			continue;
		Count due = load_relaxed(&o.programmed);
		if (due == kForever || due == kUnprogrammed || now - due < wd_budget_)
			continue;
		store_relaxed(&o.masked_late, true);
		rt_log(0, "tactus: CPU %u has taken no co-kernel interrupt for %lld us after its timer was due: the co-kernel is masked there (rt_global_cli?), where neither the watchdog nor Linux's share can act",
		       o.index, static_cast<long long>(muldiv_round(static_cast<uint64_t>(now - due), 1000000u, tx_port_counter_hz())));
	}
}

// c's lock, in timer_irq: this CPU's timer interrupt came 'late' counts
// after it was due, a watchdog budget or more, or another CPU's watch
// reported it overdue (masked_late). The task running now is the one that
// ran masked (or came after it in the same interrupt-free stretch). On a
// single CPU this is the only report: nothing else runs while it is masked.
// Without -icount in a virtual machine, a virtual CPU the host did not run
// looks the same, hence the wording.
__attribute__((noinline, cold)) void Scheduler::log_masked_end(CpuState &c, Count late)
{
	bool reported = load_relaxed(&c.masked_late);
	store_relaxed(&c.masked_late, false);
	const Task *t = c.current;
	long long us = static_cast<long long>(muldiv_round(static_cast<uint64_t>(late > 0 ? late : 0), 1000000u, tx_port_counter_hz()));
	const char *what = reported ? "takes co-kernel interrupts again, its timer"
				    : "took its co-kernel timer interrupt more than a watchdog budget late (the co-kernel was masked there, or the CPU did not run):";
	if (t->linux_ctx)
		rt_log(0, "tactus: CPU %u %s %lld us late; running: Linux", c.index, what, us);
	else if (t->name[0])
		rt_log(0, "tactus: CPU %u %s %lld us late; running: task '%s'", c.index, what, us, t->name);
	else
		rt_log(0, "tactus: CPU %u %s %lld us late; running: task %p", c.index, what, us,
		       static_cast<const void *>(t));
}

// CPU lock: Linux hears that c held its real-time tasks (check_share).
__attribute__((noinline, cold)) void Scheduler::log_throttle(const CpuState &c)
{
	rt_log(0, "tactus: CPU %u: real-time tasks used their %lld ns of every %lld ns; held until the period ends (throttle %llu)",
	       c.index, static_cast<long long>(muldiv_round(static_cast<uint64_t>(rt_runtime_), 1000000000u, tx_port_counter_hz())),
	       static_cast<long long>(muldiv_round(static_cast<uint64_t>(rt_period_), 1000000000u, tx_port_counter_hz())),
	       static_cast<unsigned long long>(c.throttles));
}

// IPC lock and every CPU lock: O(CPUs). A runtime of the whole period (or
// more) is no share at all: off.
void Scheduler::set_rt_share(Count runtime, Count period)
{
	unsigned long flags = ipc_enter();
	acquire_all_cpus();
	bool on = period > 0 && runtime >= 0 && runtime < period;
	rt_runtime_ = on ? runtime : 0;
	rt_period_ = on ? period : 0;
	for (CpuState &c : cpus_) {
		c.window_end = 0;
		c.rt_used = 0;
		c.throttled = false;
		c.bw_deadline = kForever;
	}
	release_all_cpus();
	ipc_leave(flags);
}

// IPC lock and every CPU lock: O(CPUs).
void Scheduler::set_watchdog_budget(Count budget)
{
	unsigned long flags = ipc_enter();
	acquire_all_cpus();
	wd_budget_ = budget > 0 ? budget : 0;
	release_all_cpus();
	ipc_leave(flags);
}

// ---- Periodic tasks and sleeping ----------------------------------------------------

// t's CPU lock. t stops being ready until 'why' ends, at 'deadline' at the
// latest (kForever: no timeout). O(log n).
void Scheduler::set_waiting(CpuState &c, Task *t, Wait why, Count deadline)
{
	TX_ASSERT_LOCKED(c.lock.held_here() && &c == &cpu_of(t));
	t->wait = why;
	t->wake_result = kOk;
	if (deadline != kForever)
		arm_timer(t, deadline);
	update_ready(c, t);
}

// This CPU's lock only (*c), the caller a real-time task that may block:
// wait for the timer (Delay, Period). Returns the wake result, holding the
// lock of the CPU it resumed on, *c. O(log n) plus the switch.
inline int Scheduler::block_self(CpuState *&c, Wait why, Count deadline)
{
	TX_CPU_LOCK_HELD(*c);
	Task *t = c->current;
	TX_ASSERT(!t->linux_ctx && !in_interrupt(*c));
	set_waiting(*c, t, why, deadline);
	c = &schedule(*c);
	return t->wake_result;
}

// RTAI semantics: the task (NULL = self) is released at 'start' and then
// every 'period'; its suspension is cleared. A start in the past releases it
// at once. A task making itself periodic waits here for 'start'. t's CPU
// lock: O(log n).
int Scheduler::make_periodic(Task *t, Count start, Count period)
{
	if (period <= 0)
		return -kEInval;
	unsigned long flags = tx_port_irq_save();
	if (!t)
		t = this_cpu().current;
	CpuState *c = valid(t) ? &lock_cpu_of(t) : nullptr;
	if (!c || !valid(t) || (t->wait != Wait::None && t->wait != Wait::Period)) {
		if (c)
			c->lock.release();
		tx_port_irq_restore(flags);
		return -kEInval;
	}
	record_start(t);
	t->period = period;
	t->release_time = start;
	t->suspend_depth = 0;
	t->overruns = 0;
	t->last_start = 0;
	if (deadline_passed(start)) {
		if (t->wait == Wait::Period) {
			c->timers.remove(&t->timer);
			t->wait = Wait::None;
			t->wake_result = kOk;
		}
		update_ready(t);
	} else if (t == c->current && c == &this_cpu() && can_block()) {
		block_self(c, Wait::Period, start);
	} else {
		set_waiting(*c, t, Wait::Period, start); // re-queues a timer already queued
	}
	c->lock.release();
	preempt_point_unlocked();
	tx_port_irq_restore(flags);
	return kOk;
}

// t's CPU lock: O(log n) for a timer re-armed.
int Scheduler::set_periodic(Task *t, Count next_release, Count period)
{
	if (period <= 0)
		return -kEInval;
	unsigned long flags = tx_port_irq_save();
	CpuState *c = lock_task(t);
	int result = c && !t->linux_ctx ? kOk : -kEInval;
	if (result == kOk) {
		record_start(t);
		t->period = period;
		t->overruns = 0;
		t->last_start = 0;
		if (t->wait == Wait::Period) {
			t->release_time = next_release;
			arm_timer(t, next_release);
		} else {
			t->release_time = next_release - period; // wait_period adds one period
		}
	}
	if (c)
		c->lock.release();
	tx_port_irq_restore(flags);
	return result;
}

// Advance the release by one period; sleep until it (or spin, when it
// lies less than the gravity ahead: spins_for), or return RTE_TMROVRN at
// once (counting an overrun) if it is already past. This CPU's lock:
// O(log n) plus the switch, or the spin (at most gravity_).
int Scheduler::wait_period()
{
	unsigned long flags;
	CpuState *c = &lock_this_cpu(&flags);
	Task *t = c->current;
	bool blockable = !in_interrupt(*c) && !t->linux_ctx;
	int result;
	if (!blockable || t->period == 0) {
		result = blockable ? -kEInval : kRtePerm;
	} else {
		record_start(t);
		t->release_time += t->period;
		if (deadline_passed(t->release_time)) {
			t->overruns++;
			result = kRteTimerOverrun;
		} else if (spins_for(t, t->release_time)) {
			// The timer would be aimed at once, and its way back (an
			// interrupt that may meet the CPU still in this timer write,
			// two switches) takes about the gravity itself, which is
			// what the gravity measures: measured at x86 -icount, such a
			// release (after a job that ended late) came 52-71 us late.
			// Spun instead, unlocked and with the caller's flags: the
			// task is preempted here as in its job. Bounded by gravity_.
			Count release = t->release_time;
			c->lock.unlock(flags);
			while (counter() < release)
				tx_hal_relax();
			c = &lock_this_cpu(&flags);
			start_spun_job(*c, t);
			result = kOk;
		} else {
			t->spun_last = false;
			result = block_self(c, Wait::Period, t->release_time);
		}
	}
	c->lock.unlock(flags);
	return result;
}

// This CPU's lock: O(log n) plus the switch.
int Scheduler::sleep_until(Count when)
{
	unsigned long flags;
	CpuState *c = &lock_this_cpu(&flags);
	int result;
	if (!can_block())
		result = kRtePerm;
	else if (deadline_passed(when))
		result = kRteTimerOverrun;
	else
		result = block_self(c, Wait::Delay, when);
	c->lock.unlock(flags);
	return result;
}

int Scheduler::sleep(Count delay) { return sleep_until(now() + delay); }

// Spin for 'duration' counts without giving the CPU away (RTAI
// rt_busy_sleep). Interrupts may still preempt the caller. No lock.
void Scheduler::busy_wait(Count duration)
{
	Count end = counter() + duration;
	while (counter() < end)
		tx_hal_relax();
}

} // namespace tx
