// SPDX-License-Identifier: GPL-2.0
// sched/scheduler.hpp - the fixed-priority preemptive scheduler.
//
// One co-kernel lock (lock()) protects all scheduler and IPC state, like
// RTAI's global lock: on one CPU it is just masking; across CPUs every hold is
// short and bounded (each method states its bound). Each CPU has its own ready
// queue, timer queue and Linux idle task; a task runs on one CPU at a time.
//
// Switching: every switch happens inside schedule(), with the lock held; the
// context that resumes releases it. Interrupt handlers (timer_irq, ipi_irq)
// never switch: they only make tasks ready; the port then calls dispatch()
// from a context where the interrupted code is fully saved (the deferred
// path of arch/port.h). Task and Linux callers switch at preempt_point().
#pragma once

#include "../hal/irq_lines.h" // tx_hal_in_device_handler
#include "../hal/spinlock.hpp"
#include "../lib/bitops.hpp"
#include "priority.hpp"
#include "task.hpp"
#include "timer_queue.hpp"

namespace tx {

enum class TimerMode : uint8_t { Oneshot, Periodic };

// A resource a task can own while others wait for it, with priority
// inheritance (RES_SEM). The owner runs at least at the priority of the
// highest waiter, transitively along chains of owners.
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
// preempted task resumes before its equals. Every method is O(1).
class ReadyQueue {
public:
	void reset();
	void push_back(Task *t);
	void push_front(Task *t);
	void remove(Task *t);
	Task *highest() const; // null when empty
	bool level_has_others(const Task *t) const;
	bool contains(const Task *t) const { return t->run_link.linked(); }

private:
	LevelBitmap<kLevels> map_;
	ListNode heads_[kLevels];
};

// CpuState::programmed when the hardware state is not known: forces the
// next reprogram() to program or stop the timer.
constexpr Count kUnprogrammed = INT64_MIN;

struct CpuState {
	unsigned index;
	bool online;
	Task linux_task; // Linux: the idle task of this CPU
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
	Count tick_time;      // periodic mode: time of the latest tick
	Count next_tick;      // periodic mode: time of the next tick
	bool timer_dirty;     // another CPU changed our timers: reprogram
	const Task *fpu_regs; // whose FP state the registers hold
	StackHeader *dying;   // stack of the dead task switched away from
	unsigned ntasks;

	// Counters for /proc and benchmarks.
	uint64_t switches, timer_irqs, ipis, fpu_saves, fpu_restores;
};

class Scheduler {
public:
	// ---- Lifecycle (Linux context) ----

	// Reset every piece of state; 'online_cpus' is a mask of usable CPUs
	// (the caller's CPU must be in it). The timer starts in oneshot mode.
	void init(uint32_t online_cpus);

	// Delete every task for which match(task, ctx) holds (all tasks when
	// match is null), e.g. those whose code is in a module being unloaded.
	// Returns how many were deleted. Linux context.
	unsigned delete_tasks_if(bool (*match)(const Task *, void *), void *ctx);

	// ---- Tasks (Linux context unless noted) ----
	int task_init(Task *t, void (*entry)(long), long arg, size_t stack_size, int prio,
		      bool uses_fpu, uint32_t cpus, const char *name);
	int task_delete(Task *t);                          // any context
	int suspend(Task *t);                              // any context; null = self
	int resume(Task *t);                               // any context
	void yield();                                      // real-time context
	int change_prio(Task *t, int prio);                // any context
	int set_cpus(Task *t, uint32_t cpus);              // Linux context
	int set_round_robin(Task *t, Count quantum);       // any context; 0 = FIFO
	int make_periodic(Task *t, Count start, Count period);
	int wait_period();                                 // real-time context
	int sleep_until(Count when);                       // real-time context
	int sleep(Count delay);                            // real-time context
	void busy_wait(Count duration);                    // any context, never yields
	Task *self();                                      // any context
	unsigned least_loaded_cpu(uint32_t cpus);          // fewest tasks; ties: lowest
	bool valid(const Task *t) const { return t && t->magic == kTaskMagic; }
	bool in_linux() { return self()->linux_ctx; }
	TaskState state_of(const Task *t);

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
	// Timer gravity: program the hardware timer this much ahead of each
	// timer event, so that the interrupt path (NMI entry, the port, the
	// switch) runs while the event comes due; a task the early event wakes
	// still starts no earlier than its deadline (schedule() waits, at most
	// 'gravity'). Xenomai and RTAI do the same ("gravity", "latency"); 0: off.
	void set_timer_gravity(Count gravity);
	Count timer_gravity() const { return gravity_; }

	// ---- Blocking primitives for ipc/ (lock held, this CPU) ----

	// Block the current task until woken or until 'deadline' (kForever: no
	// timeout). Returns the wake result. The caller checked can_block().
	// With 'pi', the task waits for that resource and lends its priority to
	// the owner chain while it waits.
	int block(Wait why, WaitQueue *q, void *object, Count deadline, PiResource *pi = nullptr);
	int block_on(CpuState &c, Wait why, WaitQueue *q, void *object, Count deadline, PiResource *pi);
	// End a wait: remove t from its queue and timer, make it ready unless
	// suspended. 'result' is what its blocking call returns.
	void wake(Task *t, int result);
	bool can_block();               // current is a real-time task, not in an irq
	bool deadline_passed(Count deadline);
	void preempt_point() { preempt_point(this_cpu()); } // switch now if a better task is ready
	void preempt_point(CpuState &c);
	Task *current_locked() { return this_cpu().current; } // lock held: no masking needed
	void priority_changed(Task *t); // re-evaluate inheritance from t down its chain
	// A resource's owner gave it up: pass it to the first waiter (or free it).
	void pi_hand_over(PiResource *r);
	// After t released a resource: it may lose priority or a pending suspension.
	void resources_changed(Task *t);

	// ---- Port entry points (masked) ----
	bool timer_irq(); // true: a switch is needed
	bool ipi_irq();
	bool resched_pending();
	bool irq_exit();   // a real-time device handler ended: true when a switch is needed
	void dispatch();
	void linux_work();

	SpinLock &lock() { return lock_; }
	CpuState &cpu(unsigned i) { return cpus_[i]; }
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
	uint64_t watchdog_hits() const { return wd_hits_; }

	// Give back a block that starts with a DeferredBlock header; Linux frees
	// it soon. Any context; the _locked form with the lock held. O(1).
	void free_later(DeferredBlock *block);
	void free_later_locked(DeferredBlock *block);

	// Visit every task (Linux context, for /proc): fn(task, ctx) under the lock.
	void for_each_task(void (*fn)(const Task *, void *), void *ctx);

private:
	CpuState &cpu_of(const Task *t) { return cpus_[t->cpu]; }
	Task *pick(CpuState &c);
	// A suspended task that owns resource semaphores keeps running until it
	// releases the last one (RTAI), unless the watchdog stopped it.
	bool runnable(const Task *t) const
	{
		return t->wait == Wait::None && !t->dead && !t->watchdog_hit &&
		       (t->suspend_depth <= 0 || t->owned_sems.linked());
	}
	void update_ready(Task *t);
	void poke(CpuState &c);
	void schedule(CpuState &c);
	void charge(CpuState &c, Task *t, Count now);
	void start_running(CpuState &c, Task *t, Count now);
	void set_deadlines(CpuState &c, Task *t, Count now);
	void handoff_fpu(CpuState &c, Task *prev, Task *next);
	void finish_switch(CpuState &c);
	void wait_not_before(Task *t);
	void arm_timer(Task *t, Count deadline);
	void reprogram(CpuState &c);
	Count aim_for(Count event);
	void restart_timer(CpuState &c, Count now);
	void expire_timers(CpuState &c, Count horizon, Count now);
	void timer_fired(Task *t);
	void check_budgets(CpuState &c, Count now);
	void set_effective_prio(Task *t, int prio);
	int inherited_prio(const Task *t) const;
	void cancel_wait(Task *t, int result);
	void release_owned(Task *t);
	void kill(Task *t);
	unsigned first_cpu(uint32_t cpus) const;
	void move_to_cpu(Task *t, unsigned cpu);
	static void task_start(void *arg);

	SpinLock lock_;
	CpuState cpus_[kMaxCpus];
	uint32_t online_ = 0;
	bool multi_cpu_ = false; // more than one CPU online: remote pokes possible
	ListNode all_tasks_;
	ListNode zombies_; // DeferredBlock::link, freed by linux_work()
	unsigned ntasks_ = 0;
	TimerMode mode_ = TimerMode::Oneshot;
	TimerMode next_mode_ = TimerMode::Oneshot;
	bool timer_running_ = false;
	Count tick_period_ = 0;
	Count wd_budget_ = 0;
	uint64_t wd_hits_ = 0;
	Count gravity_ = 0;
};

extern Scheduler &g_sched;

} // namespace tx
