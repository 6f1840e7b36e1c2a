// SPDX-License-Identifier: GPL-2.0
// sched/scheduler.cpp - ready queues, switching, timers and the port entry
// points. Task operations are in tasks.cpp.
#include "scheduler.hpp"

#include "../hal/linux_work.hpp"
#include "../hal/rt_log.hpp"
#include "../lib/assert.hpp"
#include "../lib/muldiv.hpp"
#include "errors.hpp"

namespace tx {

namespace {
constinit StaticStorage<Scheduler> g_sched_storage;
}
Scheduler &g_sched = g_sched_storage.value;

// ---- ReadyQueue -----------------------------------------------------------

void ReadyQueue::reset()
{
	map_ = LevelBitmap<kLevels>();
	for (ListNode &h : heads_)
		h.init(nullptr);
}

void ReadyQueue::push_back(Task *t)
{
	t->run_link.insert_before(&heads_[t->level]);
	map_.set(t->level);
}

void ReadyQueue::push_front(Task *t)
{
	t->run_link.insert_before(heads_[t->level].next);
	map_.set(t->level);
}

void ReadyQueue::remove(Task *t)
{
	t->run_link.unlink();
	if (!heads_[t->level].linked())
		map_.clear(t->level);
}

Task *ReadyQueue::highest() const
{
	if (map_.empty())
		return nullptr;
	return static_cast<Task *>(heads_[map_.lowest()].next->owner);
}

bool ReadyQueue::level_has_others(const Task *t) const
{
	const ListNode &h = heads_[t->level];
	return h.next != &t->run_link || h.prev != &t->run_link;
}

// ---- Lifecycle ------------------------------------------------------------

static void init_linux_task(CpuState &c, unsigned index)
{
	Task &l = c.linux_task;
	zero_bytes(&l, sizeof(l));
	l.name[0] = 'L', l.name[1] = 'i', l.name[2] = 'n', l.name[3] = 'u', l.name[4] = 'x';
	l.all_link.init(&l);
	l.run_link.init(&l);
	l.wait_link.init(&l);
	l.owned_sems.init(&l);
	l.senders.init(QueueOrder::Priority);
	l.returners.init(QueueOrder::Fifo);
	l.receivers.init(QueueOrder::Fifo);
	l.timer = Timer();
	l.timer.owner = &l;
	l.base_prio = l.prio = kLinuxPriority;
	l.level = kLinuxLevel;
	l.cpu = index;
	l.cpus_allowed = 1u << index;
	l.linux_ctx = true;
	l.on_cpu = true;
	l.fpu_area = c.linux_fpu;
}

void Scheduler::init(uint32_t online_cpus)
{
	g_sched_storage.construct(); // every list head points at itself again
	lock_.reset();
	online_ = online_cpus;
	multi_cpu_ = (online_cpus & (online_cpus - 1)) != 0;
	all_tasks_.init(nullptr);
	zombies_.init(nullptr);
	ntasks_ = 0;
	mode_ = next_mode_ = TimerMode::Oneshot;
	timer_running_ = true; // RTAI 5: the timer runs from the moment the scheduler loads
	tick_period_ = 0;
	wd_hits_ = 0;
	for (unsigned i = 0; i < kMaxCpus; i++) {
		CpuState &c = cpus_[i];
		c.index = i;
		c.online = (online_cpus >> i) & 1;
		init_linux_task(c, i);
		c.current = &c.linux_task;
		c.ready.reset();
		c.timers.reset();
		c.irq_depth = 0;
		c.switch_time = static_cast<Count>(tx_port_now());
		c.programmed = c.rr_deadline = c.wd_deadline = kForever;
		c.programmed_budget = false;
		c.tick_time = c.next_tick = 0;
		c.timer_dirty = false;
		c.fpu_regs = &c.linux_task;
		c.dying = nullptr;
		c.ntasks = 0;
		c.switches = c.timer_irqs = c.ipis = c.fpu_saves = c.fpu_restores = 0;
	}
}

// ---- Picking and switching ------------------------------------------------

// Lock held. O(1).
Task *Scheduler::pick(CpuState &c)
{
	Task *t = c.ready.highest();
	return t ? t : &c.linux_task;
}

// Lock held. Put t in or out of its CPU's ready queue to match its state,
// and tell that CPU if its choice may have changed. O(1).
void Scheduler::update_ready(Task *t)
{
	CpuState &c = cpu_of(t);
	bool queued = c.ready.contains(t);
	if (runnable(t) != queued) {
		if (queued)
			c.ready.remove(t);
		else
			c.ready.push_back(t);
	}
	poke(c);
}

// Lock held. A remote CPU whose best choice changed gets the reschedule
// IPI; this CPU switches at its next preempt point or dispatch. O(1).
void Scheduler::poke(CpuState &c)
{
	if (multi_cpu_ && &c != &this_cpu() && pick(c) != c.current)
		tx_port_send_ipi(c.index);
}

// Lock held. Charge the time since the last switch to t. O(1).
inline void Scheduler::charge(CpuState &c, Task *t, Count now)
{
	Count ran = now - c.switch_time;
	t->exec_total += ran;
	t->exec_since_block += ran;
	if (t->rr_quantum)
		t->rr_left -= ran;
	c.switch_time = now;
}

// Lock held. The round-robin and watchdog deadlines of t if it runs from
// 'now' on. timer_irq() sets them ahead of a switch so that its one timer
// write already covers the task about to run; start_running() sets them
// again at the switch, a little later: the timer then fires a little early
// and check_budgets() finds the budget not yet spent. O(1).
inline void Scheduler::set_deadlines(CpuState &c, Task *t, Count now)
{
	if (t->rr_quantum && t->rr_left <= 0)
		t->rr_left = t->rr_quantum;
	c.rr_deadline = t->rr_quantum ? now + t->rr_left : kForever;
	c.wd_deadline = (wd_budget_ && !t->linux_ctx) ? now + wd_budget_ - t->exec_since_block : kForever;
}

// Lock held. Bookkeeping when t becomes the running context. O(1).
inline void Scheduler::start_running(CpuState &c, Task *t, Count now)
{
	if (t->release_pending) {
		t->release_pending = false;
		t->latency.add(now - t->release_time);
		if (t->last_start)
			t->jitter.add(now - t->last_start - t->period);
		t->last_start = now;
	}
	if (!t->created_at)
		t->created_at = now;
	set_deadlines(c, t, now);
}


// Lock held. FP registers follow their owner lazily: Linux's state is saved
// only when an FPU task comes in and restored only when Linux resumes after
// one ran; an FPU task's state is saved at every switch-out, so it may die
// or move to another CPU at any time. At most one save and one restore.
inline void Scheduler::handoff_fpu(CpuState &c, Task *prev, Task *next)
{
	if (prev->fpu_area && !prev->linux_ctx && !prev->dead) {
		tx_port_fpu_save(prev->fpu_area);
		c.fpu_saves++;
	}
	if (!next->fpu_area || c.fpu_regs == next)
		return;
	if (c.fpu_regs == &c.linux_task) {
		tx_port_fpu_save(c.linux_task.fpu_area);
		c.fpu_saves++;
	}
	tx_port_fpu_restore(next->fpu_area);
	c.fpu_restores++;
	c.fpu_regs = next;
}

// Lock held, masked, this CPU. Switch to the best context if it is not the
// current one. O(1) plus the port's switch; returns when the caller's context
// runs again (possibly on another CPU, after a migration).
void Scheduler::schedule(CpuState &c)
{
	Task *prev = c.current;
	Task *next = pick(c);
	if (next == prev)
		return;
	wait_not_before(next);
	Count now = static_cast<Count>(tx_port_now());
	charge(c, prev, now);
	if (prev->wait != Wait::None || prev->suspend_depth > 0)
		prev->exec_since_block = 0; // it blocked or suspended: the watchdog budget starts over
	handoff_fpu(c, prev, next);
	if (prev->dead) {
		c.dying = prev->stack;
		if (c.fpu_regs == prev)
			c.fpu_regs = nullptr;
	}
	prev->on_cpu = false;
	next->on_cpu = true;
	c.current = next;
	c.switches++;
	start_running(c, next, now);
	// The next event stays programmed unless the new task's watchdog or
	// round-robin deadline comes first (a later one is checked when the
	// earlier event fires), or the new context has no budget and what is
	// programmed is the previous one's: left there, it would bring an NMI
	// that serves nothing (a task that woke and blocked within its budget
	// leaves its watchdog deadline behind at every job), and an NMI-class
	// device interrupt that came meanwhile would wait for it.
	Count budget = min(c.rr_deadline, c.wd_deadline);
	if (budget < c.programmed || (budget == kForever && c.programmed_budget))
		reprogram(c);
	tx_port_switch(&prev->ctx, &next->ctx);
	finish_switch(this_cpu());
}

// Lock held. A task its timer woke up to gravity_ early starts at its
// deadline: at most gravity_ of waiting (expire_timers() sets no later
// not_before; a stale one is dropped).
inline void Scheduler::wait_not_before(Task *t)
{
	if (!t->not_before)
		return;
	Count early = t->not_before - static_cast<Count>(tx_port_now());
	if (early > 0 && early <= gravity_) {
		while (static_cast<Count>(tx_port_now()) < t->not_before)
			tx_port_relax();
	}
	t->not_before = 0;
}

// Lock held. Runs right after every switch, in the context switched to.
void Scheduler::finish_switch(CpuState &c)
{
	if (c.dying) {
		free_later_locked(&c.dying->block);
		c.dying = nullptr;
	}
}

// Lock held.
void Scheduler::free_later_locked(DeferredBlock *block)
{
	static constinit LinuxWork reaper{[](LinuxWork *) { g_sched.linux_work(); }};
	block->link.init(block);
	block->link.insert_before(&zombies_);
	linux_work_queue(&reaper);
}

void Scheduler::free_later(DeferredBlock *block)
{
	unsigned long flags = lock_.lock();
	free_later_locked(block);
	lock_.unlock(flags);
}

// First code of every task, on its own stack: the switch that got here holds
// the lock, as after any switch.
void Scheduler::task_start(void *arg)
{
	Task *t = static_cast<Task *>(arg);
	g_sched.finish_switch(g_sched.this_cpu());
	g_sched.lock_.unlock(0); // a task starts unmasked
	t->entry(t->arg);
	g_sched.task_delete(t); // returning from the task function deletes it
	TX_ASSERT(!"a deleted task ran again");
}

void Scheduler::preempt_point(CpuState &c)
{
	if (!in_interrupt(c))
		schedule(c);
}

bool Scheduler::can_block()
{
	CpuState &c = this_cpu();
	return !in_interrupt(c) && !c.current->linux_ctx;
}

// ---- Timers ---------------------------------------------------------------

// Lock held. Queue t's timer on its CPU; that CPU's hardware timer is
// reprogrammed if the new deadline is its earliest. O(log n).
void Scheduler::arm_timer(Task *t, Count deadline)
{
	CpuState &c = cpu_of(t);
	c.timers.insert(&t->timer, deadline);
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

// Lock held, this CPU. Give the hardware timer the earliest event: the
// timer queue head (or the next tick in periodic mode) gravity_ ahead, the
// round-robin end and the watchdog deadline of the running task (budgets
// are not anticipated). O(1).
void Scheduler::reprogram(CpuState &c)
{
	Count next = kForever;
	if (timer_running_) {
		if (mode_ == TimerMode::Periodic)
			next = aim_for(c.next_tick);
		else if (Timer *t = c.timers.earliest())
			next = aim_for(t->deadline);
	}
	Count budget = min(c.rr_deadline, c.wd_deadline);
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

// Lock held. A task's timer expired: end its delay or its timed wait.
void Scheduler::timer_fired(Task *t)
{
	switch (t->wait) {
	case Wait::Period:
		t->release_pending = true;
		[[fallthrough]];
	case Wait::Delay:
		// Neither wait sits in a queue, and the timer was just popped.
		t->wait = Wait::None;
		t->wake_result = kOk;
		update_ready(t);
		break;
	case Wait::None:
		break;
	default:
		cancel_wait(t, kRteTimeout);
		break;
	}
}

// Lock held. Fire every timer due by 'horizon' (now, or up to gravity_
// later); a task woken ahead of its deadline runs from it on. O(k log n)
// for k expiring.
inline void Scheduler::expire_timers(CpuState &c, Count horizon, Count now)
{
	while (Timer *t = c.timers.pop_expired(horizon)) {
		Task *task = static_cast<Task *>(t->owner);
		if (t->deadline > now && task->wait != Wait::None)
			task->not_before = t->deadline;
		timer_fired(task);
	}
}

// Lock held, in timer_irq. Enforce the watchdog budget and the
// round-robin quantum of the running task. O(1).
inline void Scheduler::check_budgets(CpuState &c, Count now)
{
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
	if (t->linux_ctx)
		return;
	Count ran = t->exec_since_block + (now - c.switch_time);
	if (wd_budget_ && ran >= wd_budget_) {
		t->watchdog_hit = true;
		t->suspend_depth = max(t->suspend_depth, 0) + 1;
		wd_hits_++;
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

// ---- Port entry points ----------------------------------------------------

bool Scheduler::timer_irq()
{
	unsigned long flags = lock_.lock();
	CpuState &c = this_cpu();
	c.irq_depth++;
	c.timer_irqs++;
	// The shot is spent, but a level-triggered timer keeps asserting until
	// it is reprogrammed or stopped: make reprogram() do one of the two.
	c.programmed = kUnprogrammed;
	Count now = static_cast<Count>(tx_port_now());
	// The timer was aimed gravity_ early: what is due by then is due now.
	Count event_time = now + gravity_;
	if (timer_running_ && mode_ == TimerMode::Periodic && event_time >= c.next_tick) {
		// Skip ticks that were missed (late interrupt) in O(1).
		Count missed = (event_time - c.next_tick) / tick_period_;
		c.tick_time = c.next_tick + missed * tick_period_;
		c.next_tick = c.tick_time + tick_period_;
		event_time = c.tick_time;
	}
	if (timer_running_)
		expire_timers(c, mode_ == TimerMode::Periodic ? c.tick_time : event_time, now);
	check_budgets(c, now);
	Task *next = pick(c);
	bool switch_needed = next != c.current;
	if (switch_needed)
		set_deadlines(c, next, now); // one timer write covers the switch too
	reprogram(c);
	c.irq_depth--;
	lock_.unlock(flags);
	return switch_needed;
}

bool Scheduler::ipi_irq()
{
	unsigned long flags = lock_.lock();
	CpuState &c = this_cpu();
	c.ipis++;
	if (c.timer_dirty)
		reprogram(c);
	bool switch_needed = pick(c) != c.current;
	lock_.unlock(flags);
	return switch_needed;
}

bool Scheduler::resched_pending()
{
	unsigned long flags = lock_.lock();
	CpuState &c = this_cpu();
	bool pending = pick(c) != c.current;
	lock_.unlock(flags);
	return pending;
}

// Masked, this CPU, after the HAL's count of the handler went down. O(1):
// one lock, one pick.
bool Scheduler::irq_exit()
{
	unsigned long flags = lock_.lock();
	CpuState &c = this_cpu();
	bool switch_needed = !in_interrupt(c) && pick(c) != c.current;
	lock_.unlock(flags);
	return switch_needed;
}

void Scheduler::dispatch()
{
	unsigned long flags = lock_.lock();
	schedule(this_cpu());
	lock_.unlock(flags);
}

// Linux context: free the stacks of dead tasks. The list is taken under the
// lock, the memory freed outside it.
void Scheduler::linux_work()
{
	unsigned long flags = lock_.lock();
	ListNode list;
	list.init(nullptr);
	if (zombies_.linked()) {
		list.next = zombies_.next;
		list.prev = zombies_.prev;
		list.next->prev = &list;
		list.prev->next = &list;
		zombies_.init(nullptr);
	}
	lock_.unlock(flags);
	while (list.linked()) {
		ListNode *n = list.next;
		n->unlink();
		auto *b = static_cast<DeferredBlock *>(n->owner);
		tx_port_free(b, b->bytes);
	}
}

} // namespace tx

// The C entry points of hal/hal.h.
extern "C" {
int tx_core_timer_irq(void) { return tx::g_sched.timer_irq(); }
int tx_core_ipi_irq(void) { return tx::g_sched.ipi_irq(); }
int tx_core_resched_pending(void) { return tx::g_sched.resched_pending(); }
void tx_core_dispatch(void) { tx::g_sched.dispatch(); }
void tx_core_linux_work(void) { tx::linux_work_run_all(); }
int tx_core_irq_exit(void) { return tx::g_sched.irq_exit(); }
}
