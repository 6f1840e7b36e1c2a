// SPDX-License-Identifier: GPL-2.0
// sched/tasks.cpp - task operations: the registry, create, delete, suspend,
// resume, yield, round robin and CPU placement.
#include "../lib/assert.hpp"
#include "errors.hpp"
#include "scheduler.hpp"

namespace tx {

namespace {
size_t round_up(size_t v, size_t align) { return (v + align - 1) & ~(align - 1); }

void copy_name(char *dst, const char *src)
{
	size_t n = src ? bounded_strlen(src, kTaskNameLen - 1) : 0;
	copy_bytes(dst, src ? src : "", n);
	dst[n] = '\0';
}
} // namespace

// ---- Creation and deletion ------------------------------------------------

unsigned Scheduler::first_cpu(uint32_t cpus) const
{
	uint32_t usable = cpus & online_;
	return usable ? lowest_bit(usable) : kMaxCpus;
}

// IPC lock: O(CPUs).
unsigned Scheduler::least_loaded_cpu(uint32_t cpus)
{
	unsigned long flags = ipc_enter();
	unsigned best = first_cpu(cpus);
	for (unsigned i = best; i < kMaxCpus; i++)
		if (((cpus & online_) >> i) & 1 && cpus_[i].ntasks < cpus_[best].ntasks)
			best = i;
	ipc_leave(flags);
	return best < kMaxCpus ? best : 0;
}

// Linux context (allocates). Layout of the allocation, low to high:
// StackHeader | FPU area (optional) | guard | stack, growing down from the top.
// The registry under the IPC lock and the task's CPU lock: O(1).
int Scheduler::task_init(Task *t, void (*entry)(long), long arg, size_t stack_size, int prio, bool uses_fpu,
			 uint32_t cpus, const char *name)
{
	if (!t || !entry || !valid_task_priority(prio) || stack_size < kMinStack || stack_size > kMaxStack)
		return -kEInval;
	if (t->magic == kTaskMagic)
		return -kEInval; // already a live task (RTAI: zeroed memory is required)
	unsigned cpu = first_cpu(cpus);
	if (cpu >= kMaxCpus)
		return -kEInval;
	if (!in_linux())
		return -kEInval; // allocation is for Linux context only

	size_t header = round_up(sizeof(StackHeader), TX_PORT_FPU_ALIGN);
	size_t fpu = uses_fpu ? TX_PORT_FPU_BYTES : 0;
	size_t bytes = header + fpu + kStackGuardBytes + round_up(stack_size, 16);
	auto *stack = static_cast<StackHeader *>(tx_hal_alloc(bytes));
	if (!stack)
		return -kENoMem;
	stack->block.bytes = bytes;
	char *base = reinterpret_cast<char *>(stack);
	auto *guard = reinterpret_cast<uint64_t *>(base + header + fpu);
	guard[0] = guard[1] = kStackCanary;
	if (uses_fpu) {
		int err = tx_port_fpu_init(base + header);
		if (err) {
			tx_hal_free(stack, bytes);
			return err;
		}
	}

	zero_bytes(t, sizeof(*t));
	copy_name(t->name, name);
	t->run_link.init(t);
	t->wait_link.init(t);
	t->owned_sems.init(t);
	t->senders.init(QueueOrder::Priority);
	t->returners.init(QueueOrder::Fifo);
	t->receivers.init(QueueOrder::Fifo);
	t->timer = Timer();
	t->timer.owner = t;
	t->stack = stack;
	t->stack_guard = guard;
	t->fpu_area = uses_fpu ? base + header : nullptr;
	t->entry = entry;
	t->arg = arg;
	t->base_prio = t->prio = prio;
	t->level = level_of(prio);
	t->cpu = cpu;
	t->cpus_allowed = cpus;
	t->suspend_depth = 1; // created suspended, as in RTAI
	tx_port_context_init(&t->ctx, base + header + fpu + kStackGuardBytes, round_up(stack_size, 16), task_start, t);

	unsigned long flags = ipc_enter();
	if (ntasks_ >= kMaxTasks) {
		ipc_leave(flags);
		tx_hal_free(stack, bytes);
		return -kENoMem;
	}
	t->slot = free_slots_.lowest();
	free_slots_.clear(t->slot);
	used_slots_.set(t->slot);
	slots_[t->slot] = t;
	ntasks_++;
	cpus_[cpu].ntasks++;
	{
		CpuHold hold(*this, cpus_[cpu]);
		t->magic = kTaskMagic;
	}
	ipc_leave(flags);
	return kOk;
}

// IPC lock held. Lock t's CPU and wake every task of 'q' with 'result'.
// O(waiters).
static void wake_all(Scheduler &s, WaitQueue &q, int result)
{
	TX_IPC_LOCK_HELD();
	while (Task *w = q.first())
		s.wake(w, result);
}

// IPC lock held. Mark t dead and take it off its CPU in one hold of its CPU
// lock (so that its CPU never runs it again and 'running' says who frees
// its stack), then end its waits: its resources pass to their waiters, and
// tasks exchanging messages with it get RTE_OBJREM. Returns whether t was
// the running context of its CPU. O(waiters + owned resources).
bool Scheduler::kill(Task *t)
{
	TX_IPC_LOCK_HELD();
	bool running;
	{
		CpuHold hold(*this, cpu_of(t));
		t->magic = 0;
		t->dead = true;
		cpu_of(t).timers.remove(&t->timer);
		update_ready(t);
		running = t->on_cpu;
	}
	if (t->wait != Wait::None)
		cancel_wait(t, kRteObjRemoved);
	release_owned(t);
	wake_all(*this, t->senders, kRteObjRemoved);
	wake_all(*this, t->returners, kRteObjRemoved);
	wake_all(*this, t->receivers, kRteObjRemoved);
	slots_[t->slot] = nullptr;
	used_slots_.clear(t->slot);
	free_slots_.set(t->slot);
	ntasks_--;
	cpu_of(t).ntasks--;
	return running;
}

// Any context. IPC lock: kill() and, for a task not running, the hand-over
// of its stack to Linux (its CPU lock, O(1)).
int Scheduler::task_delete(Task *t)
{
	unsigned long flags = ipc_enter();
	if (!valid(t)) {
		ipc_leave(flags);
		return -kEInval;
	}
	bool running = kill(t);
	CpuState &here = this_cpu();
	if (t == here.current) {
		keep_this_cpu(); // kept by kill() already
		here.kept = false;
		ipc_lock_.release();
		schedule(here); // never returns: t is dead
		TX_ASSERT(!"a deleted task was resumed");
	}
	if (!running) {
		CpuHold hold(*this, cpu_of(t));
		free_later_locked(cpu_of(t), &t->stack->block);
	}
	ipc_leave(flags); // a waiter of its resources may be ready here now
	// Running on another CPU, which update_ready poked: it switches away in
	// its dispatch (bounded by its interrupt latency) and frees the stack
	// there. Wait, so that the caller may reuse the RT_TASK memory.
	while (running && load_acquire(&t->on_cpu))
		tx_hal_relax();
	return kOk;
}

// One registry step per IPC lock hold (the next used slot, one match), so
// that unloading a module with many tasks never holds the lock long.
unsigned Scheduler::delete_tasks_if(bool (*match)(const Task *, void *), void *ctx)
{
	unsigned count = 0;
	for (unsigned slot = 0;; slot++) {
		unsigned long flags = ipc_enter();
		slot = used_slots_.next_from(slot);
		Task *t = slot < kMaxTasks ? slots_[slot] : nullptr;
		bool hit = t && (!match || match(t, ctx));
		ipc_leave(flags);
		if (!t)
			return count;
		if (hit && task_delete(t) == kOk)
			count++;
	}
}

Task *Scheduler::task_in_slot(unsigned slot)
{
	if (slot >= kMaxTasks)
		return nullptr;
	unsigned long flags = ipc_enter();
	Task *t = used_slots_.test(slot) ? slots_[slot] : nullptr;
	ipc_leave(flags);
	return t;
}

bool Scheduler::snapshot_next(unsigned *cursor, void (*snap)(const Task *, void *), void *ctx)
{
	unsigned long flags = ipc_enter();
	unsigned slot = used_slots_.next_from(*cursor);
	Task *t = slot < kMaxTasks ? slots_[slot] : nullptr;
	if (t) {
		CpuHold hold(*this, cpu_of(t));
		snap(t, ctx);
		*cursor = slot + 1;
	}
	ipc_leave(flags);
	return t != nullptr;
}

// ---- Suspend, resume, yield -----------------------------------------------

// RTAI depth counting: suspends nest; a resume of a task that is not
// suspended is remembered (negative depth) and cancels the next suspend.
// A task that owns resource semaphores is not stopped while it holds them
// (it would block every waiter); the suspension takes effect at its last
// release. Returns the depth after the call. t's CPU lock: O(1), plus the
// switch when t is the caller.
int Scheduler::suspend(Task *t)
{
	unsigned long flags = tx_port_irq_save();
	CpuState *c;
	bool self = !t; // the caller: on this CPU, no need to look for it (twice)
	if (self) {
		c = &this_cpu();
		acquire_cpu(*c);
		t = c->current;
	} else {
		c = lock_task(t);
	}
	if (!c || t->linux_ctx) {
		if (c)
			c->lock.release();
		tx_port_irq_restore(flags);
		return -kEInval;
	}
	t->suspend_depth++;
	update_ready(*c, t);
	int depth = t->suspend_depth;
	if ((self || c == &this_cpu()) && !in_interrupt(*c)) {
		c = &schedule(*c);
		depth = t->suspend_depth; // the caller itself: as it is when resumed
	}
	c->lock.release();
	tx_port_irq_restore(flags);
	return depth;
}

// t's CPU lock: O(1); never a switch (nothing is suspended).
int Scheduler::suspend_if(Task *t)
{
	unsigned long flags = tx_port_irq_save();
	CpuState *c = t ? lock_task(t) : &lock_cpu_of(this_cpu().current);
	if (!t && c)
		t = c->current;
	if (!c || t->linux_ctx) {
		if (c)
			c->lock.release();
		tx_port_irq_restore(flags);
		return -kEInval;
	}
	if (t->suspend_depth < 0)
		t->suspend_depth++;
	int depth = t->suspend_depth;
	c->lock.release();
	tx_port_irq_restore(flags);
	return depth;
}

// t's CPU lock: O(log n) for the timer, plus the switch when t is the
// caller.
int Scheduler::suspend_until(Task *t, Count when)
{
	unsigned long flags = tx_port_irq_save();
	CpuState *c;
	if (!t) {
		c = &this_cpu();
		acquire_cpu(*c);
		t = c->current;
	} else {
		c = lock_task(t);
	}
	if (!c || t->linux_ctx) {
		if (c)
			c->lock.release();
		tx_port_irq_restore(flags);
		return -kEInval;
	}
	int result = kRteTimerOverrun;
	bool timed = false, counted = false;
	if (t->suspend_depth != 0 || t->wait != Wait::None || t->owned_sems.linked()) {
		t->suspend_depth++; // no time limit: as rt_task_suspend
		update_ready(t);
		counted = true;
	} else if (!deadline_passed(when)) {
		t->suspend_depth = 1;
		set_waiting(*c, t, Wait::Suspend, when);
		timed = true;
	}
	if (timed || counted)
		result = t->suspend_depth;
	if ((timed || counted) && c == &this_cpu() && !in_interrupt(*c) && t == c->current) {
		c = &schedule(*c);
		// The caller: how its suspension ended (kRteTimeout: the time).
		result = timed && t->wake_result != kOk ? t->wake_result : t->suspend_depth;
	}
	c->lock.release();
	tx_port_irq_restore(flags);
	return result;
}

// t's CPU lock. Leave a timed wait (Delay, Period, Suspend) before its
// timer. O(log n).
void Scheduler::end_timed_wait(Task *t, int result)
{
	TX_CPU_LOCK_HELD(cpu_of(t));
	cpu_of(t).timers.remove(&t->timer);
	t->wait = Wait::None;
	t->wake_result = result;
}

// The IPC lock first (an IPC wait ends under it), then t's CPU lock. O(1)
// plus the IPC wake (cancel_wait) and the switch.
int Scheduler::unblock(Task *t, uint32_t waits, bool suspension)
{
	unsigned long flags = ipc_enter();
	if (!valid(t) || t->linux_ctx) {
		ipc_leave(flags);
		return -kEInval;
	}
	int result = kOk;
	Wait w;
	{
		CpuHold hold(*this, cpu_of(t)); // t->wait is [cpu] outside the IPC waits
		w = t->wait;
	}
	if (ipc_wait(w)) { // stays so: IPC waits end under the IPC lock, held here
		result = kRteUnblocked;
		if (waits & wait_bit(w))
			cancel_wait(t, kRteUnblocked);
	}
	{
		CpuHold hold(*this, cpu_of(t));
		if (t->wait != Wait::None || t->suspend_depth > 0)
			result = kRteUnblocked;
		if (suspension && t->suspend_depth > 0) {
			t->suspend_depth = 0;
			t->watchdog_hit = false; // as a resume to depth 0
			if (t->wait == Wait::Suspend)
				end_timed_wait(t, kRteUnblocked);
		}
		if (!ipc_wait(t->wait) && t->wait != Wait::None && (waits & wait_bit(t->wait)))
			end_timed_wait(t, kRteUnblocked);
		update_ready(t);
	}
	ipc_leave(flags);
	return result;
}

// t's CPU lock: O(1).
int Scheduler::set_period(Task *t, Count period)
{
	if (period <= 0)
		return -kEInval;
	unsigned long flags = tx_port_irq_save();
	CpuState *c = t ? lock_task(t) : &lock_cpu_of(this_cpu().current);
	if (!t && c)
		t = c->current;
	int result = kOk;
	if (!c || t->linux_ctx || !t->period)
		result = -kEInval; // not a periodic task
	else
		t->period = period;
	if (c)
		c->lock.release();
	tx_port_irq_restore(flags);
	return result;
}

// t's CPU lock: O(log n) for the timer.
int Scheduler::set_resume_time(Task *t, Count when)
{
	unsigned long flags = tx_port_irq_save();
	CpuState *c = lock_task(t);
	int result = -kEInval;
	if (c && !t->linux_ctx) {
		result = -kETime;
		if (t->wait != Wait::None && t->timer.queued()) {
			if (t->wait == Wait::Period)
				t->release_time = when; // its latency is measured from there
			arm_timer(t, when);
			result = kOk;
		}
	}
	if (c)
		c->lock.release();
	tx_port_irq_restore(flags);
	return result;
}

// This CPU's lock: O(1) plus the switch.
void Scheduler::reschedule()
{
	unsigned long flags;
	CpuState &c = lock_this_cpu(&flags);
	CpuState &here = in_interrupt(c) ? c : schedule(c);
	here.lock.unlock(flags);
}

// t's CPU lock: O(1).
bool Scheduler::timing_of(Task *t, Count *period, Count *release)
{
	unsigned long flags = tx_port_irq_save();
	CpuState *c = lock_task(t);
	if (!c || t->linux_ctx) {
		if (c)
			c->lock.release();
		tx_port_irq_restore(flags);
		return false;
	}
	*period = t->period;
	*release = t->release_time;
	c->lock.release();
	tx_port_irq_restore(flags);
	return true;
}

// t's CPU lock: O(1), plus the switch when t outranks the caller.
int Scheduler::resume(Task *t)
{
	unsigned long flags = tx_port_irq_save();
	CpuState *c = lock_task(t);
	if (!c || t->linux_ctx || t->halted != Halt::None) { // a halted task is not run again
		if (c)
			c->lock.release();
		tx_port_irq_restore(flags);
		return -kEInval;
	}
	t->suspend_depth--;
	if (t->suspend_depth <= 0) {
		t->watchdog_hit = false; // the watchdog's suspension is undone like any other
		if (t->wait == Wait::Suspend)
			end_timed_wait(t, kOk);
	}
	update_ready(*c, t);
	finish_on(*c);
	tx_port_irq_restore(flags);
	return kOk;
}

// This CPU's lock: O(1) plus the switch.
void Scheduler::yield()
{
	unsigned long flags;
	CpuState &c = lock_this_cpu(&flags);
	Task *t = c.current;
	if (!t->linux_ctx && c.ready.contains(t)) {
		c.ready.remove(t);
		c.ready.push_back(t);
	}
	CpuState &here = in_interrupt(c) ? c : schedule(c);
	here.lock.unlock(flags);
}

Task *Scheduler::self()
{
	unsigned long flags = tx_port_irq_save();
	Task *t = this_cpu().current;
	tx_port_irq_restore(flags);
	return t;
}

TaskState Scheduler::state_of(const Task *t)
{
	if (t->dead)
		return TaskState::Dead;
	if (t->suspend_depth > 0)
		return TaskState::Suspended;
	switch (t->wait) {
	case Wait::None:
		return t->on_cpu ? TaskState::Running : TaskState::Ready;
	case Wait::Delay:
		return TaskState::Delayed;
	case Wait::Period:
		return TaskState::PeriodicWait;
	default:
		return TaskState::Blocked;
	}
}

// t's CPU lock: O(1).
int Scheduler::set_round_robin(Task *t, Count quantum)
{
	if (quantum < 0)
		return -kEInval;
	unsigned long flags = tx_port_irq_save();
	if (!t)
		t = this_cpu().current;
	CpuState *c = lock_task(t);
	if (!c || t->linux_ctx) {
		if (c)
			c->lock.release();
		tx_port_irq_restore(flags);
		return -kEInval;
	}
	t->rr_quantum = t->rr_left = quantum;
	c->lock.unlock(flags);
	return kOk;
}

bool Scheduler::exec_time(Task *t, Count now, Count *total, Count *created)
{
	unsigned long flags = tx_port_irq_save();
	CpuState *c = lock_task(t);
	if (!c) {
		tx_port_irq_restore(flags);
		return false;
	}
	Count running = t->on_cpu ? now - c->switch_time : 0;
	*total = t->exec_total + running;
	*created = t->created_at;
	c->lock.unlock(flags);
	return true;
}

// ---- CPU placement --------------------------------------------------------

// IPC lock and both CPU locks; t is not running. Move t's queue entries to
// another CPU. O(log n).
void Scheduler::move_to_cpu(Task *t, unsigned cpu)
{
	TX_ASSERT_LOCKED(ipc_lock_.held_here() && cpu_of(t).lock.held_here() && cpus_[cpu].lock.held_here());
	CpuState &from = cpu_of(t);
	bool queued = from.ready.contains(t);
	if (queued)
		from.ready.remove(t);
	bool timed = t->timer.queued();
	Count deadline = t->timer.deadline;
	from.timers.remove(&t->timer);
	from.ntasks--;
	// Its registers may stay in the old CPU's FPU (no other FPU context ran
	// there); coming back, they would be taken as current. Its area holds
	// the state: the next FPU user there restores.
	if (from.fpu_regs == t)
		from.fpu_regs = nullptr;
	store_relaxed(&t->cpu, cpu);
	cpus_[cpu].ntasks++;
	if (timed)
		arm_timer(t, deadline);
	update_ready(t);
}

// IPC lock and every CPU lock: O(CPUs).
unsigned Scheduler::set_cpu_offline(unsigned cpu)
{
	if (cpu >= kMaxCpus)
		return 0;
	unsigned long flags = ipc_enter();
	acquire_all_cpus();
	CpuState &c = cpus_[cpu];
	unsigned hosted = c.ntasks + (c.user_handler ? 1 : 0);
	if (!hosted && c.online) {
		c.online = false;
		online_ &= ~(1u << cpu);
		multi_cpu_ = (online_ & (online_ - 1)) != 0;
		c.programmed = kUnprogrammed;
	}
	release_all_cpus();
	ipc_leave(flags);
	return hosted;
}

// IPC lock and every CPU lock: O(CPUs).
void Scheduler::set_cpu_online(unsigned cpu)
{
	if (cpu >= kMaxCpus)
		return;
	unsigned long flags = ipc_enter();
	acquire_all_cpus();
	CpuState &c = cpus_[cpu];
	if (!c.online) {
		c.online = true;
		online_ |= 1u << cpu;
		multi_cpu_ = (online_ & (online_ - 1)) != 0;
		if (timer_running_)
			restart_timer(c, counter());
	}
	release_all_cpus();
	ipc_leave(flags);
}

// Linux context. IPC lock and the two CPU locks, O(log n); while t runs on
// its old CPU, drop them and retry until it reaches a switch.
int Scheduler::set_cpus(Task *t, uint32_t cpus)
{
	for (;;) {
		unsigned long flags = ipc_enter();
		unsigned cpu = first_cpu(cpus);
		if (!valid(t) || cpu >= kMaxCpus) {
			ipc_leave(flags);
			return -kEInval;
		}
		t->cpus_allowed = cpus;
		if (t->cpu == cpu) {
			ipc_leave(flags);
			return kOk;
		}
		bool running;
		{
			CpuHold from(*this, cpu_of(t)), to(*this, cpus_[cpu]);
			running = t->on_cpu;
			if (!running)
				move_to_cpu(t, cpu);
		}
		if (!running) {
			ipc_leave(flags); // it may preempt this CPU now
			return kOk;
		}
		// Running elsewhere right now: let it reach a switch first.
		ipc_leave(flags);
		tx_hal_relax();
	}
}

} // namespace tx
