// SPDX-License-Identifier: GPL-2.0
// sched/scheduler.hpp - the fixed-priority preemptive scheduler.
//
// Locks. Two kinds, and every function below says which it needs ("CPU
// lock", "IPC lock"); debug builds assert it (TX_ASSERT_LOCKED):
//  - a CPU lock per CPU (CpuState::lock): that CPU's ready queue, timer
//    queue, running context, hardware timer, budgets and counters, and of
//    every task placed on that CPU what its readiness depends on (the Task
//    fields marked [cpu] in task.hpp);
//  - one IPC lock (ipc_lock_): semaphores, mailboxes and messages with
//    their wait queues, priority inheritance, the task registry, which CPU
//    each task is on, and the timer settings (the fields marked [ipc]).
//    A field marked [both] is written with both locks held (the task's CPU
//    lock and the IPC lock) and may be read with either.
// Order: the IPC lock comes first; a CPU that holds a CPU lock never waits
// for the IPC lock. Without the IPC lock a CPU holds at most one CPU lock;
// with it, any number: the holder of the IPC lock is the only CPU that can
// wait for a CPU lock while holding one, and every other CPU waits for
// nothing while it holds its one CPU lock. No cycle, no deadlock.
// So the real-time path from the timer interrupt to the task takes its own
// CPU's lock only, once (kept from the timer entry point to the dispatch;
// an IPC timeout that expires takes the IPC lock as well),
// a CPU's lock is taken by other CPUs only to wake, suspend, resume or move
// one of its tasks (an O(1) step), and IPC calls serialise on the IPC lock.
//
// Switching: every switch happens inside schedule(), with this CPU's lock
// held and the IPC lock not held; the context that resumes releases the CPU
// lock of the CPU it resumes on. Interrupt handlers (timer_irq, ipi_irq)
// never switch: they only make tasks ready; the port then calls dispatch()
// from a context where the interrupted code is fully saved (the deferred
// path of arch/port.h). Task and Linux callers switch at a preempt point.
#pragma once

#include "../hal/irq_lines.h" // tx_hal_in_device_handler
#include "../hal/spinlock.hpp"
#include "../lib/bitops.hpp"
#include "priority.hpp"
#include "task.hpp"
#include "timer_queue.hpp"

// The "lock held" comments of the scheduler and of ipc/, checked in debug
// builds (TX_DEBUG_LOCKS): this CPU holds c's lock / the IPC lock.
#define TX_CPU_LOCK_HELD(c) TX_ASSERT_LOCKED((c).lock.held_here())
#define TX_IPC_LOCK_HELD() TX_ASSERT_LOCKED(::tx::g_sched.ipc_lock().held_here())

namespace tx {

enum class TimerMode : uint8_t { Oneshot, Periodic };

// A resource a task can own while others wait for it, with priority
// inheritance (RES_SEM). The owner runs at least at the priority of the
// highest waiter, transitively along chains of owners. IPC lock; owner_link
// sits in the owner's owned_sems ([both]).
struct PiResource {
	WaitQueue waiters;   // priority ordered
	Task *owner;         // null: free
	int depth;           // nested acquisitions by the owner
	ListNode owner_link; // in owner->owned_sems

	void init()
	{
		waiters.init(QueueOrder::Priority);
		owner = nullptr;
		depth = 0;
		owner_link.init(this);
	}
};

// Ready tasks of one CPU: a FIFO list per level and a bitmap of non-empty
// levels. The running task stays queued (at the head of its level), so a
// preempted task resumes before its equals. Every method is O(1). CPU lock.
class ReadyQueue {
public:
	void reset();
	// Inline: on every switch's path (a call and return were a tenth of it).
	void push_back(Task *t)
	{
		t->run_link.insert_before(&heads_[t->level]);
		map_.set(t->level);
	}
	void push_front(Task *t)
	{
		t->run_link.insert_before(heads_[t->level].next);
		map_.set(t->level);
	}
	void remove(Task *t)
	{
		t->run_link.unlink();
		if (!heads_[t->level].linked())
			map_.clear(t->level);
	}
	Task *highest() const // null when empty
	{
		return map_.empty() ? nullptr : static_cast<Task *>(heads_[map_.lowest()].next->owner);
	}
	bool level_has_others(const Task *t) const;
	bool contains(const Task *t) const { return t->run_link.linked(); }

private:
	LevelBitmap<kLevels> map_;
	ListNode heads_[kLevels];
};

// CpuState::programmed when the hardware state is not known: forces the
// next reprogram() to program or stop the timer.
constexpr Count kUnprogrammed = INT64_MIN;

// One CPU's scheduler state. Everything but 'lock' and the constants
// (index, linux_task's identity) is under 'lock'.
struct CpuState {
	SpinLock lock;
	unsigned index;
	bool online;          // also [ipc]: changed with both held
	Task linux_task;      // Linux: the idle task of this CPU
	alignas(TX_PORT_FPU_ALIGN) uint8_t linux_fpu[TX_PORT_FPU_BYTES];
	Task *current;
	ReadyQueue ready;
	TimerQueue timers;
	unsigned irq_depth;   // inside timer_irq/ipi_irq: never switch (see in_interrupt)
	Count switch_time;    // when current was switched in
	Count programmed;     // what the hardware timer holds (kForever: stopped)
	bool programmed_budget; // ... and it is a budget deadline (rr, watchdog) of current
	Count rr_deadline;    // round-robin quantum end of current
	Count wd_deadline;    // watchdog budget end of current
	// Linux's share of this CPU (set_rt_share; off while rt_period_ is 0):
	// real-time tasks ran rt_used in the window that ends at window_end;
	// throttled, they wait for its end and Linux runs. bw_deadline: when
	// current's share runs out, or when a throttled window ends.
	Count window_end;
	Count rt_used;
	Count bw_deadline;
	bool throttled;
	// Linux on another CPU found this one's timer overdue by a watchdog
	// budget (watch_masked) ([atomic]: set there, cleared here).
	bool masked_late;
	Count tick_time;      // periodic mode: time of the latest tick
	Count next_tick;      // periodic mode: time of the next tick
	bool timer_dirty;     // another CPU changed our timers: reprogram
	bool kept;            // 'lock' is held by this CPU's running code path until its switch (see keep_this_cpu)
	const Task *fpu_regs; // whose FP state the registers hold
	// The dead task the last switch left: the context switched to
	// (finish_switch) hands its stack to Linux and only then clears its
	// on_cpu, once the port's switch has saved its registers into it, so
	// that a deleter waiting for on_cpu to fall (task_delete) may reuse
	// the RT_TASK. (A live task's on_cpu falls before the switch: every
	// other reader holds the CPU lock, which the switch keeps.)
	Task *dying;
	ListNode zombies;     // DeferredBlock::link: blocks Linux frees (linux_work)
	unsigned ntasks;      // [ipc]: tasks placed here
	// rt_request_timer's handler on this CPU (sched/user_timers.cpp):
	// called from the timer interrupt, outside the locks, when user_timer
	// (in 'timers', no owner) expires; then again user_period later, or
	// when rt_set_timer_delay says (user_period 0).
	Timer user_timer;
	void (*user_handler)(void); // null: none
	Count user_period;
	Count user_due;             // the expired shot's time, 0: none pending
	bool user_running;          // [atomic] the handler runs now (free waits)

	// Counters for /proc and benchmarks.
	uint64_t switches, timer_irqs, ipis, fpu_saves, fpu_restores, watchdog_hits, throttles;
};

class Scheduler {
public:
	// ---- Lifecycle (Linux context) ----

	// Reset every piece of state; 'online_cpus' is a mask of usable CPUs
	// (the caller's CPU must be in it). The timer starts in oneshot mode.
	void init(uint32_t online_cpus);

	// Delete every task for which match(task, ctx) holds (all tasks when
	// match is null), e.g. those whose code is in a module being unloaded.
	// Returns how many were deleted. Linux context; each lock hold is one
	// registry step or one task_delete.
	unsigned delete_tasks_if(bool (*match)(const Task *, void *), void *ctx);

	// ---- Tasks (Linux context unless noted) ----
	int task_init(Task *t, void (*entry)(long), long arg, size_t stack_size, int prio,
		      bool uses_fpu, uint32_t cpus, const char *name);
	int task_delete(Task *t);                          // any context
	int suspend(Task *t);                              // any context; null = self
	int resume(Task *t);                               // any context
	// RTAI rt_task_suspend_if: take back one remembered resume (a negative
	// depth), never suspending; the depth after. Any context.
	int suspend_if(Task *t);
	// RTAI rt_task_suspend_until: suspend t (null = self) until resumed or
	// until 'when', which clears the suspension. The caller itself gets
	// kRteTimeout when the time ended it, else its depth after the resume;
	// kRteTimerOverrun for a time already past. A task already suspended, or
	// in another wait (whose timer it keeps), only counts one suspension
	// more. Any context.
	int suspend_until(Task *t, Count when);
	// RTAI rt_task_masked_unblock: end t's wait when it is one of 'waits'
	// (wait_bit set), which then returns kRteUnblocked, and its suspension
	// when 'suspension'. kRteUnblocked when t was not ready, else 0. Any
	// context.
	int unblock(Task *t, uint32_t waits, bool suspension);
	// RTAI rt_set_resume_time: a task waiting for a time (a sleep, its next
	// release, a timed suspension or an IPC wait's timeout) waits for
	// 'when' instead (a time past: at once). A periodic task's release
	// moves, and the ones after it follow from there. 0, -ETIME
	// for a task that waits for no time, -EINVAL for a bad task. Any
	// context. O(log n).
	int set_resume_time(Task *t, Count when);
	void sched_lock();   // see pi.cpp; real-time context
	void sched_unlock();
	void reschedule();   // a preemption point (RTAI rt_schedule); any context
	// t's period (0: not periodic) and its current (or next) release, read
	// together under t's CPU lock; false for an invalid task. O(1).
	bool timing_of(Task *t, Count *period, Count *release);
	// RTAI rt_set_period: a periodic task's later releases are 'period'
	// apart (the next one is already set). Any context.
	int set_period(Task *t, Count period);
	void yield();                                      // real-time context
	void watch_masked();                               // Linux context
	// A CPU exception in the running task's code (hal/hal.h).
	tx_task_fault *fault_claim(uintptr_t sp, uintptr_t *low, uintptr_t *top); // exception context
	[[noreturn]] void task_faulted();                                      // the faulted task
	int set_trap_handler(Task *t, unsigned vec, tx_trap_handler h, tx_trap_handler *old); // any context
	// The FPU on demand, for a task that runs FP code only now and then
	// (RTAI's timers manager, for handlers that use the FPU): fpu_park
	// makes a task created with an FPU area run without it (Linux context,
	// before its first resume; -EINVAL for a task without one); the task
	// itself then takes the area with fpu_borrow (false if it has none to
	// take: parked, or borrowed already) and gives it back with
	// fpu_return. While borrowed it is an FPU task: its state is saved and
	// restored at its switches. O(1) each, plus one save and one restore.
	int fpu_park(Task *t);
	bool fpu_borrow();
	void fpu_return();
	// rt_request_timer (sched/user_timers.cpp): a handler the timer
	// interrupt of 'cpu' calls every 'period' counts (0: when
	// set_user_timer_delay says). Linux context.
	int request_user_timer(unsigned cpu, void (*handler)(void), Count period);
	int set_user_timer_delay(Count delay); // this CPU's handler, or CPU 0's from Linux
	// Remove the handler of 'cpu' when match(handler, ctx) holds (always
	// when match is null); returns whether one was removed. Waits until
	// it has returned. Linux context.
	bool free_user_timer(unsigned cpu, bool (*match)(void (*)(void), void *) = nullptr, void *ctx = nullptr);
	int change_prio(Task *t, int prio);                // any context
	int set_cpus(Task *t, uint32_t cpus);              // Linux context
	int set_round_robin(Task *t, Count quantum);       // any context; 0 = FIFO
	int make_periodic(Task *t, Count start, Count period);
	// RTLinux's periodic threads (pthread_make_periodic_np): t's next
	// wait_period waits for next_release, then every period; t is not
	// blocked here (a task waiting for its release now waits for this one).
	int set_periodic(Task *t, Count next_release, Count period);
	int wait_period();                                 // real-time context
	int sleep_until(Count when);                       // real-time context
	int sleep(Count delay);                            // real-time context
	void busy_wait(Count duration);                    // any context, never yields
	Task *self();                                      // any context
	unsigned least_loaded_cpu(uint32_t cpus);          // fewest tasks; ties: lowest
	bool valid(const Task *t) const { return t && t->magic == kTaskMagic; }
	bool in_linux() { return self()->linux_ctx; }
	// Display state of t; with t's CPU lock (or t is the caller).
	TaskState state_of(const Task *t);
	// Run snap(t, ctx) for the first task in a registry slot >= *cursor,
	// with the IPC lock and t's CPU lock held (O(1) hold, whatever the
	// number of tasks), and set *cursor past it. False: no task left.
	// Linux context: /proc walks the tasks this way, one lock hold per task.
	bool snapshot_next(unsigned *cursor, void (*snap)(const Task *, void *), void *ctx);
	// The task in registry slot 'slot' (Task::slot), or null. Any context,
	// O(1); the task may be deleted right after (as any task pointer).
	Task *task_in_slot(unsigned slot);

	// ---- Time ----
	Count now();                   // the scheduler's "now": tick time in periodic mode
	Count counter() { return static_cast<Count>(tx_port_now()); }
	Count start_timer(Count period); // RTAI start_rt_timer
	void stop_timer();
	void set_mode(TimerMode m);      // takes effect at the next start_timer
	TimerMode mode() const { return mode_; }
	bool timer_running() const { return timer_running_; }
	Count tick_period() const { return tick_period_; }
	void set_watchdog_budget(Count budget); // 0 disables
	// Linux's share of each CPU: in every 'period', real-time tasks run at
	// most 'runtime'; then they wait for the next period and Linux runs
	// (PREEMPT_RT's RT throttling). Off when period is 0 (the default):
	// real-time tasks then take all the time they want. Set at load (a CPU
	// held when it changes is released at its next scheduling event).
	void set_rt_share(Count runtime, Count period);
	Count rt_runtime() const { return rt_runtime_; }
	Count rt_period() const { return rt_period_; }
	// Timer gravity: program the hardware timer this much ahead of each
	// timer event, so that the interrupt path (NMI entry, the port, the
	// switch) runs while the event comes due; a task the early event wakes
	// still starts no earlier than its deadline (schedule() waits, at most
	// 'gravity'). Xenomai and RTAI do the same ("gravity", "latency"); 0: off.
	void set_timer_gravity(Count gravity);
	Count timer_gravity() const { return gravity_; }

	// ---- IPC sections and blocking primitives for ipc/ ----

	// An IPC section: mask and take the IPC lock; returns the masking state
	// for ipc_leave. Not with a CPU lock held. The tasks it touches are
	// changed under their CPU's lock: another CPU's for one step, this CPU's
	// kept to the end of the section (CpuHold).
	// Waits for the IPC lock: at most one IPC step of each CPU ahead in the
	// ticket queue.
	unsigned long ipc_enter()
	{
		unsigned long flags = tx_port_irq_save();
		TX_ASSERT_LOCKED(!holds_a_cpu_lock() && !this_cpu().kept); // the IPC lock comes first
		ipc_lock_.acquire();
		return flags;
	}
	// End the section: drop the IPC lock; if the section changed this CPU's
	// tasks, switch when a better one is ready now; restore the masking
	// state.
	void ipc_leave(unsigned long flags)
	{
		ipc_lock_.release();
		switch_if_kept();
		tx_port_irq_restore(flags);
	}
	// IPC lock held: block the current task until woken or until 'deadline'
	// (kForever: no timeout); returns the wake result, with the IPC lock
	// held again (the object may have changed meanwhile). The caller
	// checked can_block(). With 'pi', the task waits for that resource and
	// lends its priority to the owner chain while it waits.
	int block(Wait why, WaitQueue *q, void *object, Count deadline, PiResource *pi = nullptr);
	// The same, ending the section instead (ipc_leave(flags)): for a caller
	// that needs nothing of the object once woken (one IPC lock less).
	int block_and_leave(unsigned long flags, Wait why, WaitQueue *q, void *object, Count deadline,
			    PiResource *pi = nullptr);
	// IPC lock held. End t's IPC wait: remove t from its queue and timer,
	// make it ready unless suspended. 'result' is what its blocking call
	// returns. O(1) under t's CPU lock (kept to the section's end if t is
	// this CPU's).
	void wake(Task *t, int result);
	// IPC lock held. A queued sender t received by an rpc partner now waits
	// for the return, in 'q', keeping its deadline. O(1).
	void rpc_received(Task *t, WaitQueue *q);
	bool can_block();               // current is a real-time task, not in an irq
	bool deadline_passed(Count deadline);
	Task *current() { return this_cpu().current; } // masked: this CPU's own
	void priority_changed(Task *t); // IPC lock: re-evaluate inheritance from t down its chain
	// IPC lock held. Task 'owner' (the caller, or a waiter it passes the
	// resource to) now owns r / r's owner gives it up.
	void pi_own(PiResource *r, Task *owner);
	void pi_disown(PiResource *r);
	// IPC lock held. A resource's owner gave it up: pass it to the first
	// waiter (or leave it free).
	void pi_hand_over(PiResource *r);
	// IPC lock held. After t released a resource: it may lose priority or a
	// pending suspension.
	void resources_changed(Task *t);

	// ---- Port entry points (masked, this CPU) ----
	// An interrupt takes this CPU's lock once: timer_irq, ipi_irq and
	// resched_pending keep it when they return true (a switch is needed),
	// later entry points of the same interrupt find it held, and the
	// dispatch that follows switches under it; the port calls
	// dispatch_later() instead when it cannot dispatch now (the kick).
	// Device handlers never run between the two (ports run them first).
	bool timer_irq(); // true: a switch is needed
	bool ipi_irq();
	bool resched_pending();
	bool irq_exit();   // a real-time device handler ended: true when a switch is needed
	void dispatch();
	void dispatch_later();
	void linux_work();

	CpuState &cpu(unsigned i) { return cpus_[i]; }
	const SpinLock &ipc_lock() const { return ipc_lock_; } // for its contention counters
	CpuState &this_cpu() { return cpus_[tx_port_cpu()]; }
	// In timer_irq/ipi_irq, or in a device handler (the HAL counts those):
	// neither switch nor block on c, which is this CPU's.
	static bool in_interrupt(const CpuState &c)
	{
		return c.irq_depth != 0 || tx_hal_in_device_handler(c.index);
	}
	uint32_t online_mask() const { return online_; }
	// CPU hotplug, Linux context on 'cpu' itself. Taking a CPU offline is
	// refused while tasks are placed on it: returns their number (0: it is
	// offline now, no new task can be placed there). Bringing it online
	// makes it usable again and starts its timer if the timer runs.
	unsigned set_cpu_offline(unsigned cpu);
	void set_cpu_online(unsigned cpu);
	unsigned task_count() const { return ntasks_; }
	Count watchdog_budget() const { return wd_budget_; }
	uint64_t watchdog_hits() const;
	// Execution time of t so far and when it was created (rt_get_exectime),
	// under t's CPU lock. False for an invalid task.
	bool exec_time(Task *t, Count now, Count *total, Count *created);

	// Give back a block that starts with a DeferredBlock header; Linux frees
	// it soon. Any context (this CPU's lock, O(1)).
	void free_later(DeferredBlock *block);

private:
	friend class CpuHold;
	CpuState &cpu_of(const Task *t) { return cpus_[t->cpu]; }
	// CPU lock. The best ready task of c, or its Linux task. O(1).
	Task *pick(CpuState &c)
	{
		TX_CPU_LOCK_HELD(c);
		Task *t = c.ready.highest();
		return t && !c.throttled ? t : &c.linux_task;
	}
	// A suspended task that owns resource semaphores keeps running until it
	// releases the last one (RTAI), unless the watchdog stopped it.
	bool runnable(const Task *t) const
	{
		return t->wait == Wait::None && !t->dead && !t->watchdog_hit && t->halted == Halt::None &&
		       (t->suspend_depth <= 0 || t->owned_sems.linked());
	}
	// The waits only an IPC call (or its timeout) ends: entering or leaving
	// them needs the IPC lock too.
	static bool ipc_wait(Wait w) { return w >= Wait::Semaphore; }

	// Locking (masked).
	// This CPU's lock, taken once by a code path that may end in a switch and
	// kept until that switch: an interrupt's entry points up to the dispatch
	// (timer_irq), an IPC section up to its end (ipc_leave, block). Taken
	// unless kept already; the switch clears 'kept' and runs under the lock.
	CpuState &keep_this_cpu() { return keep(this_cpu()); }
	CpuState &keep(CpuState &here) // here: this CPU
	{
		if (!here.kept) {
			acquire_cpu(here);
			here.kept = true;
		}
		return here;
	}
	// The interrupt entry points (timer_irq, ipi_irq, resched_pending): keep
	// this CPU's lock; give it back at the end unless a switch is needed or an
	// earlier entry point of the same interrupt kept it.
	bool enter_interrupt(CpuState &c)
	{
		bool kept_before = c.kept;
		keep(c);
		return kept_before;
	}
	bool leave_interrupt(CpuState &c, bool kept_before, bool switch_needed)
	{
		if (!switch_needed && !kept_before) {
			c.kept = false;
			c.lock.release();
		}
		return switch_needed;
	}
	// The end of a kept section: switch if this CPU's choice changed (not in
	// an interrupt), then give the lock back. O(1) plus the switch.
	void switch_if_kept()
	{
		CpuState &c = this_cpu();
		if (!c.kept)
			return;
		c.kept = false;
		CpuState &here = in_interrupt(c) ? c : schedule(c);
		here.lock.release(); // the CPU this context resumed on
	}
	void preempt_point_unlocked() // masked, no lock held: switch if needed here
	{
		keep_this_cpu();
		switch_if_kept();
	}
	[[gnu::always_inline]] CpuState &lock_this_cpu(unsigned long *flags)
	{
		*flags = tx_port_irq_save();
		CpuState &c = this_cpu();
		acquire_cpu(c);
		return c;
	}
	// Masked. t->cpu changes only with t's old and new CPU locks held (and
	// the IPC lock), so once the lock of the CPU t names is held, t stays
	// there. Bounded: each retry follows a completed migration of t, and
	// those need Linux context on another CPU between two of our tries.
	[[gnu::always_inline]] CpuState &lock_cpu_of(Task *t)
	{
		for (;;) {
			CpuState &c = cpus_[load_relaxed(&t->cpu)];
			acquire_cpu(c);
			if (t->cpu == c.index)
				return c;
			c.lock.release();
		}
	}
	// Masked. Lock t's CPU if t is a task (or a CPU's Linux task); null
	// otherwise. Validity is checked again under the lock: a task deleted
	// meanwhile is refused.
	[[gnu::always_inline]] CpuState *lock_task(Task *t)
	{
		if (!t || load_relaxed(&t->cpu) >= kMaxCpus)
			return nullptr;
		CpuState &c = lock_cpu_of(t);
		if (valid(t) || t->linux_ctx)
			return &c;
		c.lock.release();
		return nullptr;
	}
	// t's CPU lock c held, masked. Drop it; if c is this CPU, first switch
	// if the change made a better task ready here (a change on another CPU
	// was poked there by update_ready). O(1) plus the switch.
	void finish_on(CpuState &c)
	{
		if (&c != &this_cpu()) {
			c.lock.release();
			return;
		}
		CpuState &here = in_interrupt(c) ? c : schedule(c);
		here.lock.release(); // the CPU this context resumed on
	}
	void unlock_cpu(CpuState &c, unsigned long flags) { c.lock.unlock(flags); }
	bool holds_a_cpu_lock();        // debug: this CPU holds some CPU lock
	// Masked. Take c's lock by the rules above (a second CPU lock only with
	// the IPC lock, asserted in debug builds). Waits at most for one other
	// CPU's O(1) step (or its switch) per CPU ahead in the ticket queue.
	void acquire_cpu(CpuState &c)
	{
		TX_ASSERT_LOCKED(!c.lock.held_here() && (ipc_lock_.held_here() || !holds_a_cpu_lock()));
		c.lock.acquire();
	}
	void acquire_all_cpus();        // IPC lock held: every CPU lock, by index
	void release_all_cpus();

	// t's CPU lock c. Put t in or out of c's ready queue to match its
	// state, and tell c if its choice may have changed: a remote CPU whose
	// best choice changed gets the reschedule IPI; this CPU switches at its
	// next preempt point or dispatch. Inline with c known: it is on the path
	// of every resume, suspend and wake. O(1).
	void update_ready(CpuState &c, Task *t)
	{
		TX_ASSERT_LOCKED(c.lock.held_here() && &c == &cpu_of(t));
		bool queued = c.ready.contains(t);
		if (runnable(t) != queued) {
			if (queued)
				c.ready.remove(t);
			else
				c.ready.push_back(t);
		}
		poke(c);
	}
	void update_ready(Task *t); // the same, out of line, for the other paths
	void poke(CpuState &c) // c's lock. O(1)
	{
		if (multi_cpu_)
			poke_remote(c);
	}
	void poke_remote(CpuState &c);
	CpuState &schedule(CpuState &c); // returns the CPU the caller resumed on
	void charge(CpuState &c, Task *t, Count now);
	void start_running(CpuState &c, Task *t, Count now);
	void reprogram_for_budget(CpuState &c);
	// Whether t's wait_period spins for its next release 'when' (not passed)
	// instead of blocking (timers.cpp): oneshot mode with a timer gravity,
	// 'when' less than the gravity ahead, a period longer than twice the
	// gravity, and t's last wait blocked. The last two keep Linux the time
	// it had before: a task whose every release falls within the gravity
	// (a period close to it, or jobs that always end late) would otherwise
	// never leave the CPU, and its watchdog budget starts over at each spin
	// (seen: a 50 us task beside a 60 us gravity, an RCU stall). O(1).
	bool spins_for(const Task *t, Count when)
	{
		return gravity_ && mode_ == TimerMode::Oneshot && !t->spun_last && t->period > 2 * gravity_ &&
		       when - counter() < gravity_;
	}
	void start_spun_job(CpuState &c, Task *t);
	// t's CPU lock. Record the latency and jitter of t's latest release,
	// whose start the switch noted, before its release time moves on
	// (wait_period, make_periodic, set_periodic). O(1).
	static void record_start(Task *t)
	{
		if (!t->start_unrecorded)
			return;
		t->start_unrecorded = false;
		t->latency.add(t->job_start - t->release_time);
		if (t->last_start)
			t->jitter.add(t->job_start - t->last_start - t->period);
		t->last_start = t->job_start;
	}
	// CPU lock. The round-robin and watchdog deadlines of t if it runs from
	// 'now' on. timer_irq() sets them ahead of a switch so that its one timer
	// write already covers the task about to run; start_running() sets them
	// again at the switch, a little later: the timer then fires a little
	// early and check_budgets() finds the budget not yet spent. O(1).
	void set_deadlines(CpuState &c, Task *t, Count now)
	{
		TX_CPU_LOCK_HELD(c);
		if (t->rr_quantum && t->rr_left <= 0)
			t->rr_left = t->rr_quantum;
		c.rr_deadline = t->rr_quantum ? now + t->rr_left : kForever;
		c.wd_deadline = (wd_budget_ && !t->linux_ctx) ? now + wd_budget_ - t->exec_since_block : kForever;
		c.bw_deadline = rt_period_ ? share_deadline(c, t, now) : kForever;
	}
	// CPU lock. When t's running from 'now' meets the share: a real-time
	// task's share running out (or the window's end, where it starts over),
	// Linux's throttled window ending. A window long past starts over here.
	// O(1).
	Count share_deadline(CpuState &c, const Task *t, Count now)
	{
		if (now >= c.window_end)
			start_window(c, now);
		if (t->linux_ctx)
			return c.throttled ? c.window_end : kForever;
		return min(c.window_end, now + (rt_runtime_ - c.rt_used));
	}
	void start_window(CpuState &c, Count now);
	void check_share(CpuState &c, Count now);
	void log_throttle(const CpuState &c);
	// The earliest budget deadline of the running context.
	static Count budget_deadline(const CpuState &c) { return min(min(c.rr_deadline, c.wd_deadline), c.bw_deadline); }
	void handoff_fpu(CpuState &c, Task *prev, Task *next);
	void load_fpu(CpuState &c, Task *t);
	void finish_switch(CpuState &c);
	void free_later_locked(CpuState &c, DeferredBlock *block);
	Task *after_gravity_wait(CpuState &c, Task *t);
	int block_self(CpuState *&c, Wait why, Count deadline);
	int block_kept(Wait why, WaitQueue *q, void *object, Count deadline, PiResource *pi);
	void set_waiting(CpuState &c, Task *t, Wait why, Count deadline);
	void end_timed_wait(Task *t, int result);
	void arm_timer(Task *t, Count deadline);
	void reprogram(CpuState &c);
	Count aim_for(Count event);
	void restart_timer(CpuState &c, Count now);
	bool expire_timers(CpuState &c, Count horizon, Count now, bool ipc_held);
	void fire_popped(CpuState &c, Task *t);
	void timer_fired(Task *t);
	void check_budgets(CpuState &c, Count now);
	void log_masked_end(CpuState &c, Count late);
	// CPU lock. Whether t's stack is intact (always, for a CPU's Linux
	// context and a task already stopped); else t is stopped. Two checks:
	// its guard words, and where this code runs. A switch away from t runs
	// on t's stack (both ports' trampolines), and so does the arm64 timer
	// NMI (x86 takes NMIs on their own stack, where the second check sees
	// nothing): a frame between the allocation's start and the stack's low
	// end means t moved its stack pointer past the guard without writing
	// it (a large local array, say), and whatever ran on the stack since
	// then wrote over its FPU area or its header. O(1): three loads, two
	// compares.
	void check_stack(CpuState &c, Task *t)
	{
		TX_CPU_LOCK_HELD(c);
		if (__builtin_expect(t->linux_ctx || t->halted != Halt::None, 1))
			return;
		auto start = reinterpret_cast<uintptr_t>(t->stack);
		uintptr_t below = reinterpret_cast<uintptr_t>(t->stack_guard) + kStackGuardBytes - start;
		bool sp_below = reinterpret_cast<uintptr_t>(__builtin_frame_address(0)) - start < below;
		if (__builtin_expect(!sp_below && t->stack_guard[0] == kStackCanary && t->stack_guard[1] == kStackCanary, 1))
			return;
		stop_overrun(c, t, sp_below);
	}
	void stop_overrun(CpuState &c, Task *t, bool sp_below);
	void user_timer_expired(CpuState &c);
	void run_user_timer(CpuState &c, bool ipc_held);
	void queue_user_timer(CpuState &c, Count deadline);
	void event_queued(CpuState &c, Count deadline);
	void set_effective_prio(Task *t, int prio);
	int inherited_prio(const Task *t) const;
	void cancel_wait(Task *t, int result);
	void release_owned(Task *t);
	bool kill(Task *t);
	unsigned first_cpu(uint32_t cpus) const;
	void move_to_cpu(Task *t, unsigned cpu);
	static void task_start(void *arg);

	SpinLock ipc_lock_;
	CpuState cpus_[kMaxCpus];
	uint32_t online_ = 0;    // [ipc] and every CPU lock
	bool multi_cpu_ = false; // more than one CPU online: remote pokes possible
	// The task registry [ipc]: tasks by slot, and the free slots, so that a
	// walk over all tasks can drop the lock between two of them.
	Task *slots_[kMaxTasks];
	LevelBitmap<kMaxTasks> used_slots_, free_slots_;
	unsigned ntasks_ = 0;
	// Timer settings: [ipc] and every CPU lock (read with either).
	TimerMode mode_ = TimerMode::Oneshot;
	TimerMode next_mode_ = TimerMode::Oneshot;
	bool timer_running_ = false;
	Count tick_period_ = 0;
	Count wd_budget_ = 0;
	Count rt_runtime_ = 0, rt_period_ = 0; // Linux's share: off while rt_period_ is 0
	Count gravity_ = 0;
};

// Holds CPU c's lock for a scope, by the rules above (an IPC step on one
// task). Masked.
class CpuHold {
public:
	// Masked. Another CPU's lock for the scope; this CPU's lock kept until
	// the section ends (Scheduler::keep_this_cpu), where a change it made
	// here leads to the switch.
	CpuHold(Scheduler &s, CpuState &c) : c_(c), scoped_(&c != &s.this_cpu())
	{
		if (scoped_)
			s.acquire_cpu(c);
		else
			s.keep(c);
	}
	~CpuHold()
	{
		if (scoped_)
			c_.lock.release();
	}
	CpuHold(const CpuHold &) = delete;
	CpuHold &operator=(const CpuHold &) = delete;

private:
	CpuState &c_;
	bool scoped_;
};

extern Scheduler &g_sched;

} // namespace tx
