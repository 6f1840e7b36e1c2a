// SPDX-License-Identifier: GPL-2.0
// sched/scheduler.cpp - ready queues, locking, switching and the port entry
// points. Tasks are in tasks.cpp, timers in timers.cpp, blocking and waking
// in wait.cpp, priority inheritance in pi.cpp.
#include "scheduler.hpp"

#include "../hal/linux_work.hpp"
#include "../lib/assert.hpp"
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
	ipc_lock_.reset();
	online_ = online_cpus;
	multi_cpu_ = (online_cpus & (online_cpus - 1)) != 0;
	for (unsigned i = 0; i < kMaxTasks; i++) {
		slots_[i] = nullptr;
		free_slots_.set(i);
	}
	ntasks_ = 0;
	mode_ = next_mode_ = TimerMode::Oneshot;
	timer_running_ = true; // RTAI 5: the timer runs from the moment the scheduler loads
	tick_period_ = 0;
	for (unsigned i = 0; i < kMaxCpus; i++) {
		CpuState &c = cpus_[i];
		c.lock.reset();
		c.index = i;
		c.online = (online_cpus >> i) & 1;
		init_linux_task(c, i);
		c.current = &c.linux_task;
		c.ready.reset();
		c.timers.reset();
		c.irq_depth = 0;
		c.switch_time = static_cast<Count>(tx_port_now());
		c.programmed = c.rr_deadline = c.wd_deadline = c.bw_deadline = kForever;
		c.programmed_budget = false;
		c.window_end = c.rt_used = 0;
		c.throttled = false;
		c.tick_time = c.next_tick = 0;
		c.timer_dirty = false;
		c.kept = false;
		c.fpu_regs = &c.linux_task;
		c.dying = nullptr;
		c.zombies.init(nullptr);
		c.ntasks = 0;
		c.user_timer = Timer(); // no owner: rt_request_timer's
		c.user_handler = nullptr;
		c.user_period = c.user_due = 0;
		c.user_running = false;
		c.switches = c.timer_irqs = c.ipis = c.fpu_saves = c.fpu_restores = c.watchdog_hits = c.throttles = 0;
	}
}

// ---- Locking ----------------------------------------------------------------

bool Scheduler::holds_a_cpu_lock()
{
#ifdef TX_DEBUG_LOCKS
	for (CpuState &c : cpus_)
		if (c.lock.held_here())
			return true;
#endif
	return false;
}

void Scheduler::acquire_all_cpus()
{
	TX_ASSERT_LOCKED(ipc_lock_.held_here());
	for (CpuState &c : cpus_)
		c.lock.acquire();
}

void Scheduler::release_all_cpus()
{
	for (CpuState &c : cpus_)
		c.lock.release();
}

// ---- Picking and switching ------------------------------------------------

void Scheduler::update_ready(Task *t) { update_ready(cpu_of(t), t); }

// c's lock, more than one CPU online. A remote CPU whose best choice
// changed gets the reschedule IPI. O(1).
void Scheduler::poke_remote(CpuState &c)
{
	TX_CPU_LOCK_HELD(c);
	if (&c != &this_cpu() && pick(c) != c.current)
		tx_port_send_ipi(c.index);
}

// CPU lock. Charge the time since the last switch to t. O(1).
inline void Scheduler::charge(CpuState &c, Task *t, Count now)
{
	TX_CPU_LOCK_HELD(c);
	Count ran = now - c.switch_time;
	t->exec_total += ran;
	t->exec_since_block += ran;
	if (!t->linux_ctx)
		c.rt_used += ran; // Linux's share (check_share)
	if (t->rr_quantum)
		t->rr_left -= ran;
	c.switch_time = now;
}

// CPU lock, in timer_irq: Linux's share. The running context's time is
// charged first; a new window starts when the last one ended; real-time
// tasks that used their runtime in this window are held (pick() chooses
// Linux) until it ends. Logged at the 1st, 2nd, 4th, 8th... throttle of a
// CPU. O(1).
void Scheduler::check_share(CpuState &c, Count now)
{
	TX_CPU_LOCK_HELD(c);
	charge(c, c.current, now); // keeps every budget deadline: they count from switch_time
	if (now >= c.window_end)
		start_window(c, now);
	if (!c.throttled && c.rt_used >= rt_runtime_) {
		c.throttled = true;
		c.throttles++;
		if (!(c.throttles & (c.throttles - 1)))
			log_throttle(c);
	}
	c.bw_deadline = share_deadline(c, c.current, now);
}

// CPU lock. Bookkeeping when t becomes the running context. O(1).
inline void Scheduler::start_running(CpuState &c, Task *t, Count now)
{
	TX_CPU_LOCK_HELD(c);
	if (t->release_pending) { // its latency is recorded later (record_start)
		t->release_pending = false;
		t->start_unrecorded = true;
		t->job_start = now;
	}
	if (!t->created_at)
		t->created_at = now;
	set_deadlines(c, t, now);
}

// CPU lock. FP registers follow their owner lazily: Linux's state is saved
// only when an FPU task comes in and restored only when Linux resumes after
// one ran; an FPU task's state is saved at every switch-out, so it may die
// or move to another CPU at any time. At most one save and one restore.
inline void Scheduler::handoff_fpu(CpuState &c, Task *prev, Task *next)
{
	TX_CPU_LOCK_HELD(c);
	// A halted task never runs again: its state is not kept, and after a
	// stack overrun its area may hold the very frames running this switch.
	if (prev->fpu_area && !prev->linux_ctx && !prev->dead && prev->halted == Halt::None) {
		tx_port_fpu_save(prev->fpu_area);
		c.fpu_saves++;
	}
	if (next->fpu_area)
		load_fpu(c, next);
}

// CPU lock; t has an FPU area. The registers become t's (nothing if they
// are): Linux's state saved if they held it, t's restored. O(1).
inline void Scheduler::load_fpu(CpuState &c, Task *t)
{
	TX_CPU_LOCK_HELD(c);
	if (c.fpu_regs == t)
		return;
	if (c.fpu_regs == &c.linux_task) {
		tx_port_fpu_save(c.linux_task.fpu_area);
		c.fpu_saves++;
	}
	tx_port_fpu_restore(t->fpu_area);
	c.fpu_restores++;
	c.fpu_regs = t;
}

int Scheduler::fpu_park(Task *t)
{
	if (!in_linux())
		return -kEInval;
	unsigned long flags = tx_port_irq_save();
	CpuState *c = lock_task(t);
	if (!c) {
		tx_port_irq_restore(flags);
		return -kEInval;
	}
	int result = -kEInval;
	if (t->fpu_area && !t->on_cpu && !t->linux_ctx) {
		t->fpu_spare = t->fpu_area;
		t->fpu_area = nullptr;
		if (c->fpu_regs == t)
			c->fpu_regs = nullptr;
		result = kOk;
	}
	unlock_cpu(*c, flags);
	return result;
}

// The registers become the task's as a switch to an FPU task makes them.
bool Scheduler::fpu_borrow()
{
	unsigned long flags;
	CpuState &c = lock_this_cpu(&flags);
	Task *t = c.current;
	bool ok = !t->linux_ctx && t->fpu_spare;
	if (ok) {
		t->fpu_area = t->fpu_spare;
		t->fpu_spare = nullptr;
		load_fpu(c, t);
	}
	unlock_cpu(c, flags);
	return ok;
}

// The registers keep the task's state (c.fpu_regs still names it): the
// next FPU task or Linux restores its own over it, as after any FPU task.
void Scheduler::fpu_return()
{
	unsigned long flags;
	CpuState &c = lock_this_cpu(&flags);
	Task *t = c.current;
	if (!t->linux_ctx && t->fpu_area) {
		t->fpu_spare = t->fpu_area;
		t->fpu_area = nullptr;
	}
	unlock_cpu(c, flags);
}

// CPU lock. Runs right after every switch, in the context switched to.
inline void Scheduler::finish_switch(CpuState &c)
{
	TX_CPU_LOCK_HELD(c);
	if (Task *dead = c.dying) {
		free_later_locked(c, &dead->stack->block);
		store_release(&dead->on_cpu, false); // its registers are saved: its RT_TASK is free to reuse
		c.dying = nullptr;
	}
}

// This CPU's lock, c is this CPU: its running context's budgets were just
// set (set_deadlines). O(1).
inline void Scheduler::reprogram_for_budget(CpuState &c)
{
	Count budget = budget_deadline(c);
	if (budget < c.programmed || (budget == kForever && c.programmed_budget))
		reprogram(c);
}

// This CPU's lock, t running here: wait_period spun until t's release,
// which lay less than the timer gravity ahead (timers.cpp, wait_period).
// The job starts as a woken one would (its latency recorded at its next
// wait), and its watchdog budget starts over, as a block would start it: a
// periodic task that ends a job close to the next release is not a
// runaway (its next wait blocks: spins_for). O(1).
void Scheduler::start_spun_job(CpuState &c, Task *t)
{
	TX_CPU_LOCK_HELD(c);
	Count now = static_cast<Count>(tx_port_now());
	charge(c, t, now);
	t->exec_since_block = 0;
	t->spun_last = true;
	t->job_start = now;
	t->start_unrecorded = true;
	set_deadlines(c, t, now);
	reprogram_for_budget(c);
}

// This CPU's lock and no other lock, masked. Switch to the best context if
// it is not the current one. O(1) plus the port's switch, with the lock
// held; the gravity wait (at most gravity_ in all) happens with the lock
// dropped. Returns when the caller's context runs again, possibly on
// another CPU after a migration, holding that CPU's lock: that CPU.
CpuState &Scheduler::schedule(CpuState &c)
{
	TX_ASSERT_LOCKED(c.lock.held_here() && !ipc_lock_.held_here());
	Task *prev = c.current;
	check_stack(c, prev); // before the pick: an overrun task is not chosen again
	Task *next = pick(c);
	if (next->not_before)
		next = after_gravity_wait(c, next);
	if (next == prev)
		return c;
	Count now = static_cast<Count>(tx_port_now());
	charge(c, prev, now);
	if (prev->wait != Wait::None || prev->suspend_depth > 0)
		prev->exec_since_block = 0; // it blocked or suspended: the watchdog budget starts over
	handoff_fpu(c, prev, next);
	if (prev->dead) {
		c.dying = prev; // its on_cpu falls after the switch (finish_switch)
		if (c.fpu_regs == prev)
			c.fpu_regs = nullptr;
	} else {
		prev->on_cpu = false;
	}
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
	reprogram_for_budget(c);
	// While a task runs, Linux's fault path must not take its faults for
	// the interrupted process's (hal/hal.h). Linux marks and unmarks itself,
	// both times as the Linux thread it is: a port may give a task another
	// 'current' (arm). O(1).
	if (prev->linux_ctx)
		tx_hal_linux_away(1);
	tx_port_switch(&prev->ctx, &next->ctx);
	if (prev->linux_ctx)
		tx_hal_linux_away(0);
	// prev runs again, on its CPU: a task moves only while off every CPU
	// (move_to_cpu, with this lock held), and a CPU's Linux context never.
	CpuState &here = cpu_of(prev);
	TX_CPU_LOCK_HELD(here); // debug builds: held by this CPU, so it is this CPU
	finish_switch(here);
	return here;
}

// c's lock, t is c's best choice and was woken by its timer up to gravity_
// before its deadline: it starts at its deadline. Waits for it with c's
// lock dropped (other CPUs may wake, suspend or move tasks of c meanwhile)
// and chooses again; returns the choice that may start now. Each wait ends
// a task's not_before, and only this CPU's timer expiry sets one (not while
// it is masked), all of them at most gravity_ ahead: the waits of one
// schedule() add up to at most gravity_ (a stale not_before is dropped).
// Out of line: the common switch does not pay for it.
__attribute__((noinline)) Task *Scheduler::after_gravity_wait(CpuState &c, Task *t)
{
	TX_CPU_LOCK_HELD(c);
	while (t->not_before) {
		Count until = t->not_before;
		t->not_before = 0;
		Count early = until - static_cast<Count>(tx_port_now());
		if (early <= 0 || early > gravity_)
			break;
		c.lock.release();
		while (static_cast<Count>(tx_port_now()) < until)
			tx_hal_relax();
		acquire_cpu(c);
		t = pick(c);
	}
	return t;
}

// c's lock. O(1).
void Scheduler::free_later_locked(CpuState &c, DeferredBlock *block)
{
	TX_CPU_LOCK_HELD(c);
	static constinit LinuxWork reaper{[](LinuxWork *) { g_sched.linux_work(); }};
	block->link.init(block);
	block->link.insert_before(&c.zombies);
	linux_work_queue(&reaper);
}

void Scheduler::free_later(DeferredBlock *block)
{
	unsigned long flags;
	CpuState &c = lock_this_cpu(&flags);
	free_later_locked(c, block);
	unlock_cpu(c, flags);
}

// First code of every task, on its own stack: the switch that got here holds
// this CPU's lock, as after any switch.
void Scheduler::task_start(void *arg)
{
	Task *t = static_cast<Task *>(arg);
	CpuState &c = g_sched.this_cpu();
	g_sched.finish_switch(c);
	c.lock.unlock(0); // a task starts unmasked
	t->entry(t->arg);
	g_sched.task_delete(t); // returning from the task function deletes it
	TX_ASSERT(!"a deleted task ran again");
}

bool Scheduler::can_block()
{
	CpuState &c = this_cpu();
	return !in_interrupt(c) && !c.current->linux_ctx;
}

// ---- Port entry points ----------------------------------------------------

// This CPU's lock (kept for the dispatch when it returns true): O(1).
bool Scheduler::ipi_irq()
{
	CpuState &c = this_cpu();
	bool kept_before = enter_interrupt(c);
	c.ipis++;
	if (c.timer_dirty)
		reprogram(c);
	return leave_interrupt(c, kept_before, pick(c) != c.current);
}

// This CPU's lock (kept for the dispatch when it returns true): O(1).
bool Scheduler::resched_pending()
{
	CpuState &c = this_cpu();
	bool kept_before = enter_interrupt(c);
	return leave_interrupt(c, kept_before, pick(c) != c.current);
}

// Masked, this CPU, after the HAL's count of the handler went down. This
// CPU's lock: O(1), one pick. It does not keep the lock: another device
// handler may run before the dispatch, and handlers take the IPC lock.
bool Scheduler::irq_exit()
{
	CpuState &c = this_cpu();
	TX_ASSERT_LOCKED(!c.kept);
	acquire_cpu(c);
	bool switch_needed = !in_interrupt(c) && pick(c) != c.current;
	c.lock.release();
	return switch_needed;
}

// This CPU's lock, taken here or kept by the interrupt: O(1) plus the
// switch.
void Scheduler::dispatch()
{
	CpuState &c = this_cpu();
	if (c.kept) {
		TX_CPU_LOCK_HELD(c);
		c.kept = false;
	} else {
		acquire_cpu(c);
	}
	schedule(c).lock.release();
}

// The lock an interrupt kept goes back: the port dispatches later (a kick).
// O(1).
void Scheduler::dispatch_later()
{
	CpuState &c = this_cpu();
	if (c.kept) {
		c.kept = false;
		c.lock.release();
	}
}

// Linux context: free what dead tasks and deleted objects left. Each CPU's
// list is taken under its lock (O(1)), the memory freed outside it.
void Scheduler::linux_work()
{
	for (CpuState &c : cpus_) {
		ListNode list;
		list.init(nullptr);
		unsigned long flags = tx_port_irq_save();
		acquire_cpu(c);
		if (c.zombies.linked()) {
			list.next = c.zombies.next;
			list.prev = c.zombies.prev;
			list.next->prev = &list;
			list.prev->next = &list;
			c.zombies.init(nullptr);
		}
		unlock_cpu(c, flags);
		while (list.linked()) {
			ListNode *n = list.next;
			n->unlink();
			auto *b = static_cast<DeferredBlock *>(n->owner);
			tx_hal_free(b, b->bytes);
		}
	}
}

uint64_t Scheduler::watchdog_hits() const
{
	uint64_t hits = 0;
	for (const CpuState &c : cpus_)
		hits += load_relaxed(&c.watchdog_hits);
	return hits;
}

} // namespace tx

// The C entry points of hal/hal.h.
extern "C" {
int tx_core_timer_irq(void) { return tx::g_sched.timer_irq(); }
int tx_core_ipi_irq(void) { return tx::g_sched.ipi_irq(); }
int tx_core_resched_pending(void) { return tx::g_sched.resched_pending(); }
void tx_core_dispatch(void) { tx::g_sched.dispatch(); }
void tx_core_dispatch_later(void) { tx::g_sched.dispatch_later(); }
void tx_core_linux_work(void) { tx::linux_work_run_all(); }
int tx_core_irq_exit(void) { return tx::g_sched.irq_exit(); }
}
