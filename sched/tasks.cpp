// SPDX-License-Identifier: GPL-2.0
// sched/tasks.cpp - task operations: create, delete, suspend, priorities,
// periodic execution, sleeping, the timer modes and priority inheritance.
#include "../hal/rt_log.hpp"
#include "../lib/assert.hpp"
#include "errors.hpp"
#include "scheduler.hpp"

namespace tx {

namespace {
constexpr uint64_t kStackCanary = 0x5ac4ca4a5ac4ca4aull;

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

unsigned Scheduler::least_loaded_cpu(uint32_t cpus)
{
	unsigned long flags = lock_.lock();
	unsigned best = first_cpu(cpus);
	for (unsigned i = best; i < kMaxCpus; i++)
		if (((cpus & online_) >> i) & 1 && cpus_[i].ntasks < cpus_[best].ntasks)
			best = i;
	lock_.unlock(flags);
	return best < kMaxCpus ? best : 0;
}

// Linux context (allocates). Layout of the allocation, low to high:
// StackHeader | FPU area (optional) | stack, growing down from the top.
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
	size_t bytes = header + fpu + round_up(stack_size, 16);
	auto *stack = static_cast<StackHeader *>(tx_port_alloc(bytes));
	if (!stack)
		return -kENoMem;
	stack->block.bytes = bytes;
	stack->canary = kStackCanary;
	char *base = reinterpret_cast<char *>(stack);
	if (uses_fpu) {
		int err = tx_port_fpu_init(base + header);
		if (err) {
			tx_port_free(stack, bytes);
			return err;
		}
	}

	zero_bytes(t, sizeof(*t));
	copy_name(t->name, name);
	t->all_link.init(t);
	t->run_link.init(t);
	t->wait_link.init(t);
	t->owned_sems.init(t);
	t->senders.init(QueueOrder::Priority);
	t->returners.init(QueueOrder::Fifo);
	t->receivers.init(QueueOrder::Fifo);
	t->timer = Timer();
	t->timer.owner = t;
	t->stack = stack;
	t->fpu_area = uses_fpu ? base + header : nullptr;
	t->entry = entry;
	t->arg = arg;
	t->base_prio = t->prio = prio;
	t->level = level_of(prio);
	t->cpu = cpu;
	t->cpus_allowed = cpus;
	t->suspend_depth = 1; // created suspended, as in RTAI
	tx_port_context_init(&t->ctx, base + header + fpu, round_up(stack_size, 16), task_start, t);

	unsigned long flags = lock_.lock();
	if (ntasks_ >= kMaxTasks) {
		lock_.unlock(flags);
		tx_port_free(stack, bytes);
		return -kENoMem;
	}
	ntasks_++;
	cpus_[cpu].ntasks++;
	t->all_link.insert_before(&all_tasks_);
	t->magic = kTaskMagic;
	lock_.unlock(flags);
	return kOk;
}

// Lock held. Wake every task of 'q' with 'result'. O(waiters).
static void wake_all(Scheduler &s, WaitQueue &q, int result)
{
	while (Task *w = q.first())
		s.wake(w, result);
}

// Lock held. Take t out of every queue and mark it dead: its waits end, its
// resources pass to their waiters, and tasks exchanging messages with it get
// RTE_OBJREM. O(waiters + owned resources).
void Scheduler::kill(Task *t)
{
	t->magic = 0;
	t->dead = true;
	if (t->wait != Wait::None)
		cancel_wait(t, kRteObjRemoved);
	cpu_of(t).timers.remove(&t->timer);
	release_owned(t);
	wake_all(*this, t->senders, kRteObjRemoved);
	wake_all(*this, t->returners, kRteObjRemoved);
	wake_all(*this, t->receivers, kRteObjRemoved);
	t->all_link.unlink();
	ntasks_--;
	cpu_of(t).ntasks--;
	update_ready(t);
}

int Scheduler::task_delete(Task *t)
{
	unsigned long flags = lock_.lock();
	if (!valid(t)) {
		lock_.unlock(flags);
		return -kEInval;
	}
	CpuState &here = this_cpu();
	kill(t);
	if (t == here.current) {
		schedule(here); // never returns: t is dead
		TX_ASSERT(!"a deleted task was resumed");
	}
	if (!t->on_cpu) {
		free_later_locked(&t->stack->block);
		preempt_point(); // a waiter of its resources may be ready now
		lock_.unlock(flags);
		return kOk;
	}
	// Running on another CPU, which we poked: it switches away in its
	// dispatch (bounded by its interrupt latency) and frees the stack
	// there. Wait, so that the caller may reuse the RT_TASK memory.
	preempt_point();
	lock_.unlock(flags);
	while (load_acquire(&t->on_cpu))
		tx_port_relax();
	return kOk;
}

unsigned Scheduler::delete_tasks_if(bool (*match)(const Task *, void *), void *ctx)
{
	unsigned count = 0;
	for (;;) {
		Task *victim = nullptr;
		unsigned long flags = lock_.lock();
		for (ListNode *n = all_tasks_.next; n != &all_tasks_; n = n->next) {
			Task *t = static_cast<Task *>(n->owner);
			if (!match || match(t, ctx)) {
				victim = t;
				break;
			}
		}
		lock_.unlock(flags);
		if (!victim)
			return count;
		task_delete(victim);
		count++;
	}
}

// ---- Suspend, resume, yield -----------------------------------------------

// RTAI depth counting: suspends nest; a resume of a task that is not
// suspended is remembered (negative depth) and cancels the next suspend.
// A task that owns resource semaphores is not stopped while it holds them
// (it would block every waiter); the suspension takes effect at its last
// release. Returns the depth after the call. O(1).
int Scheduler::suspend(Task *t)
{
	unsigned long flags = lock_.lock();
	if (!t)
		t = this_cpu().current;
	if (!valid(t)) {
		lock_.unlock(flags);
		return -kEInval;
	}
	t->suspend_depth++;
	update_ready(t);
	preempt_point();
	int depth = t->suspend_depth;
	lock_.unlock(flags);
	return depth;
}

int Scheduler::resume(Task *t)
{
	unsigned long flags = lock_.lock();
	if (!valid(t)) {
		lock_.unlock(flags);
		return -kEInval;
	}
	t->suspend_depth--;
	if (t->suspend_depth <= 0)
		t->watchdog_hit = false; // the watchdog's suspension is undone like any other
	update_ready(t);
	preempt_point();
	lock_.unlock(flags);
	return kOk;
}

void Scheduler::yield()
{
	unsigned long flags = lock_.lock();
	CpuState &c = this_cpu();
	Task *t = c.current;
	if (!t->linux_ctx && c.ready.contains(t)) {
		c.ready.remove(t);
		c.ready.push_back(t);
		preempt_point(c);
	}
	lock_.unlock(flags);
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

// ---- Priorities and inheritance ------------------------------------------

// Lock held. The priority t must run at: its own, or the best of the first
// waiters of the resources it owns. O(owned resources).
int Scheduler::inherited_prio(const Task *t) const
{
	int prio = t->base_prio;
	for (const ListNode *n = t->owned_sems.next; n != &t->owned_sems; n = n->next) {
		const auto *r = static_cast<const PiResource *>(n->owner);
		if (Task *w = r->waiters.first())
			prio = min(prio, w->prio);
	}
	return prio;
}

// Lock held. Move t to the queue positions of a new effective priority. A
// running task keeps the head of its new level. O(waiters of its queue).
void Scheduler::set_effective_prio(Task *t, int prio)
{
	CpuState &c = cpu_of(t);
	bool queued = c.ready.contains(t);
	if (queued)
		c.ready.remove(t);
	t->prio = prio;
	t->level = level_of(prio);
	if (queued) {
		if (t == c.current)
			c.ready.push_front(t);
		else
			c.ready.push_back(t);
	}
	if (t->wait_queue)
		t->wait_queue->reposition(t);
	poke(c);
}

// Lock held. Recompute t's effective priority and follow the chain of
// owners it is blocked on. Bounded by the chain length (each task appears
// once: a cycle stops as soon as priorities stop changing) times the
// resources owned per task.
void Scheduler::priority_changed(Task *t)
{
	for (unsigned hops = 0; t && hops <= kMaxTasks; hops++) {
		int prio = inherited_prio(t);
		if (prio == t->prio)
			return;
		set_effective_prio(t, prio);
		t = t->blocked_pi ? t->blocked_pi->owner : nullptr;
	}
}

int Scheduler::change_prio(Task *t, int prio)
{
	if (!valid_task_priority(prio))
		return -kEInval;
	unsigned long flags = lock_.lock();
	if (!valid(t)) {
		lock_.unlock(flags);
		return -kEInval;
	}
	int old = t->base_prio;
	t->base_prio = prio;
	priority_changed(t);
	preempt_point();
	lock_.unlock(flags);
	return old;
}

int Scheduler::set_round_robin(Task *t, Count quantum)
{
	if (quantum < 0)
		return -kEInval;
	unsigned long flags = lock_.lock();
	if (!t)
		t = this_cpu().current;
	if (!valid(t)) {
		lock_.unlock(flags);
		return -kEInval;
	}
	t->rr_quantum = t->rr_left = quantum;
	lock_.unlock(flags);
	return kOk;
}

// ---- CPU placement --------------------------------------------------------

// Lock held; t is not running. Move t's queue entries to another CPU.
void Scheduler::move_to_cpu(Task *t, unsigned cpu)
{
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
	t->cpu = cpu;
	cpus_[cpu].ntasks++;
	if (timed)
		arm_timer(t, deadline);
	update_ready(t);
}

// Lock held. The timer of CPU c starts over from 'now' (ticks in periodic
// mode); programmed here, or by c itself after the IPI. O(1).
void Scheduler::restart_timer(CpuState &c, Count now)
{
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

unsigned Scheduler::set_cpu_offline(unsigned cpu)
{
	if (cpu >= kMaxCpus)
		return 0;
	unsigned long flags = lock_.lock();
	CpuState &c = cpus_[cpu];
	unsigned hosted = c.ntasks;
	if (!hosted && c.online) {
		c.online = false;
		online_ &= ~(1u << cpu);
		multi_cpu_ = (online_ & (online_ - 1)) != 0;
		c.programmed = kUnprogrammed;
	}
	lock_.unlock(flags);
	return hosted;
}

void Scheduler::set_cpu_online(unsigned cpu)
{
	if (cpu >= kMaxCpus)
		return;
	unsigned long flags = lock_.lock();
	CpuState &c = cpus_[cpu];
	if (!c.online) {
		c.online = true;
		online_ |= 1u << cpu;
		multi_cpu_ = (online_ & (online_ - 1)) != 0;
		if (timer_running_)
			restart_timer(c, counter());
	}
	lock_.unlock(flags);
}

int Scheduler::set_cpus(Task *t, uint32_t cpus)
{
	unsigned cpu = first_cpu(cpus);
	if (cpu >= kMaxCpus)
		return -kEInval;
	for (;;) {
		unsigned long flags = lock_.lock();
		if (!valid(t)) {
			lock_.unlock(flags);
			return -kEInval;
		}
		t->cpus_allowed = cpus;
		if (t->cpu == cpu) {
			lock_.unlock(flags);
			return kOk;
		}
		if (!t->on_cpu) {
			move_to_cpu(t, cpu);
			preempt_point();
			lock_.unlock(flags);
			return kOk;
		}
		// Running elsewhere right now: let it reach a switch first.
		lock_.unlock(flags);
		tx_port_relax();
	}
}

// ---- Time and timer modes -------------------------------------------------

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

bool Scheduler::deadline_passed(Count deadline)
{
	return !timer_running_ || deadline <= now();
}

void Scheduler::set_mode(TimerMode m)
{
	unsigned long flags = lock_.lock();
	next_mode_ = m;
	lock_.unlock(flags);
}

// RTAI start_rt_timer: oneshot mode ignores 'period' and returns it; periodic
// mode ticks every 'period' counts (at least 1) from now on every CPU and
// returns the period used. Linux context.
Count Scheduler::start_timer(Count period)
{
	if (next_mode_ == TimerMode::Periodic && period <= 0)
		return -kEInval;
	unsigned long flags = lock_.lock();
	mode_ = next_mode_;
	tick_period_ = mode_ == TimerMode::Periodic ? period : 0;
	timer_running_ = true;
	Count now = counter();
	for (CpuState &c : cpus_)
		if (c.online)
			restart_timer(c, now);
	lock_.unlock(flags);
	return period;
}

// RTAI 4 stop_rt_timer: the timer stops; every timed wait ends at once as if
// its deadline had passed, and later timed waits return without blocking.
void Scheduler::stop_timer()
{
	unsigned long flags = lock_.lock();
	timer_running_ = false;
	for (CpuState &c : cpus_) {
		while (Timer *t = c.timers.earliest()) {
			c.timers.remove(t);
			timer_fired(static_cast<Task *>(t->owner));
		}
		if (&c == &this_cpu())
			reprogram(c);
		else if (c.online)
			c.timer_dirty = true, tx_port_send_ipi(c.index);
	}
	preempt_point();
	lock_.unlock(flags);
}

void Scheduler::set_timer_gravity(Count gravity)
{
	unsigned long flags = lock_.lock();
	gravity_ = gravity > 0 ? gravity : 0;
	lock_.unlock(flags);
}

void Scheduler::set_watchdog_budget(Count budget)
{
	unsigned long flags = lock_.lock();
	wd_budget_ = budget > 0 ? budget : 0;
	lock_.unlock(flags);
}

// ---- Blocking -------------------------------------------------------------

int Scheduler::block(Wait why, WaitQueue *q, void *object, Count deadline, PiResource *pi)
{
	return block_on(this_cpu(), why, q, object, deadline, pi);
}

int Scheduler::block_on(CpuState &c, Wait why, WaitQueue *q, void *object, Count deadline, PiResource *pi)
{
	Task *t = c.current;
	TX_ASSERT(lock_.held() && !t->linux_ctx && !in_interrupt(c));
	t->wait = why;
	t->wait_object = object;
	t->wake_result = kOk;
	if (q)
		q->add(t);
	if (deadline != kForever)
		arm_timer(t, deadline);
	update_ready(t);
	if (pi) {
		t->blocked_pi = pi;
		priority_changed(pi->owner);
	}
	schedule(c);
	return t->wake_result;
}

void Scheduler::wake(Task *t, int result)
{
	if (t->wait_queue)
		WaitQueue::remove(t);
	cpu_of(t).timers.remove(&t->timer);
	t->wait = Wait::None;
	t->wait_object = nullptr;
	t->blocked_pi = nullptr;
	t->wake_result = result;
	update_ready(t);
}

// Lock held. End t's wait early ('result': timeout, deletion...). If it was
// waiting for a resource, its former owner may lose inherited priority.
void Scheduler::cancel_wait(Task *t, int result)
{
	PiResource *r = t->blocked_pi;
	wake(t, result);
	if (r && r->owner)
		priority_changed(r->owner);
}

// Lock held. A dying task gives up its resources: each goes to its first
// waiter, as at a final release. O(owned resources x their waiters).
void Scheduler::release_owned(Task *t)
{
	while (t->owned_sems.linked()) {
		auto *r = static_cast<PiResource *>(t->owned_sems.next->owner);
		r->owner_link.unlink();
		pi_hand_over(r);
	}
}

// Lock held; r->owner_link is already unlinked from the old owner. The
// first (highest-priority) waiter becomes the owner; it inherits from the
// waiters that remain. O(1) plus priority_changed() of the new owner.
void Scheduler::pi_hand_over(PiResource *r)
{
	Task *w = r->waiters.first();
	r->owner = w;
	r->depth = w ? 1 : 0;
	if (!w)
		return;
	r->owner_link.insert_before(&w->owned_sems);
	wake(w, kOk);
	priority_changed(w);
}

void Scheduler::resources_changed(Task *t)
{
	priority_changed(t);
	update_ready(t); // a deferred suspension takes effect now
}

// ---- Periodic tasks and sleeping -------------------------------------------

// RTAI semantics: the task (NULL = self) is released at 'start' and then
// every 'period'; its suspension is cleared. A start in the past releases it
// at once. A task making itself periodic waits here for 'start'.
int Scheduler::make_periodic(Task *t, Count start, Count period)
{
	if (period <= 0)
		return -kEInval;
	unsigned long flags = lock_.lock();
	if (!t)
		t = this_cpu().current;
	if (!valid(t) || (t->wait != Wait::None && t->wait != Wait::Period)) {
		lock_.unlock(flags);
		return -kEInval;
	}
	t->period = period;
	t->release_time = start;
	t->suspend_depth = 0;
	t->overruns = 0;
	t->last_start = 0;
	if (deadline_passed(start)) {
		if (t->wait == Wait::Period)
			wake(t, kOk);
		update_ready(t);
	} else if (t == this_cpu().current && can_block()) {
		block(Wait::Period, nullptr, nullptr, start);
	} else {
		t->wait = Wait::Period;
		t->wait_object = nullptr;
		arm_timer(t, start);
		update_ready(t);
	}
	preempt_point();
	lock_.unlock(flags);
	return kOk;
}

// Advance the release by one period; sleep until it, or return
// RTE_TMROVRN at once (counting an overrun) if it is already past.
int Scheduler::wait_period()
{
	unsigned long flags = lock_.lock();
	CpuState &c = this_cpu();
	Task *t = c.current;
	bool blockable = !in_interrupt(c) && !t->linux_ctx;
	if (!blockable || t->period == 0) {
		lock_.unlock(flags);
		return blockable ? -kEInval : kRtePerm;
	}
	t->release_time += t->period;
	int result;
	if (deadline_passed(t->release_time)) {
		t->overruns++;
		result = kRteTimerOverrun;
	} else {
		result = block_on(c, Wait::Period, nullptr, nullptr, t->release_time, nullptr);
	}
	lock_.unlock(flags);
	return result;
}

int Scheduler::sleep_until(Count when)
{
	unsigned long flags = lock_.lock();
	int result;
	if (!can_block())
		result = kRtePerm;
	else if (deadline_passed(when))
		result = kRteTimerOverrun;
	else
		result = block(Wait::Delay, nullptr, nullptr, when);
	lock_.unlock(flags);
	return result;
}

int Scheduler::sleep(Count delay) { return sleep_until(now() + delay); }

// Spin for 'duration' counts without giving the CPU away (RTAI
// rt_busy_sleep). Interrupts may still preempt the caller.
void Scheduler::busy_wait(Count duration)
{
	Count end = counter() + duration;
	while (counter() < end)
		tx_port_relax();
}

void Scheduler::for_each_task(void (*fn)(const Task *, void *), void *ctx)
{
	unsigned long flags = lock_.lock();
	for (ListNode *n = all_tasks_.next; n != &all_tasks_; n = n->next)
		fn(static_cast<const Task *>(n->owner), ctx);
	lock_.unlock(flags);
}

} // namespace tx
