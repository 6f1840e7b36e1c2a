// SPDX-License-Identifier: GPL-2.0
// sched/pi.cpp - priority inheritance for resource semaphores (RES_SEM):
// effective priorities, the owner chain, and passing a resource on.
// IPC lock held for everything here; each task's priority and ready-queue
// place change under its CPU lock as well ([both]).
#include "../lib/assert.hpp"
#include "errors.hpp"
#include "scheduler.hpp"

namespace tx {

// The priority t must run at: its own, or the best of the first waiters of
// the resources it owns; above every task inside rt_sched_lock. O(owned
// resources).
int Scheduler::inherited_prio(const Task *t) const
{
	TX_IPC_LOCK_HELD();
	if (t->sched_lock_depth > 0)
		return kSchedLockPriority;
	int prio = t->base_prio;
	for (const ListNode *n = t->owned_sems.next; n != &t->owned_sems; n = n->next) {
		const auto *r = static_cast<const PiResource *>(n->owner);
		if (Task *w = r->waiters.first())
			prio = min(prio, w->prio);
	}
	return prio;
}

// Move t to the queue positions of a new effective priority. A running task
// keeps the head of its new level. O(waiters of its queue).
void Scheduler::set_effective_prio(Task *t, int prio)
{
	TX_IPC_LOCK_HELD();
	CpuHold hold(*this, cpu_of(t));
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

// Recompute t's effective priority and follow the chain of owners it is
// blocked on. Bounded by the chain length (each task appears once: a cycle
// stops as soon as priorities stop changing) times the resources owned per
// task.
void Scheduler::priority_changed(Task *t)
{
	TX_ASSERT_LOCKED(ipc_lock_.held_here());
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
	unsigned long flags = ipc_enter();
	if (!valid(t)) {
		ipc_leave(flags);
		return -kEInval;
	}
	int old = t->base_prio;
	t->base_prio = prio;
	priority_changed(t);
	ipc_leave(flags);
	return old;
}

// RTAI's rt_sched_lock: the calling task runs above every task of its CPU
// until the matching unlock (the calls nest). Interrupt handlers still run,
// and a task that blocks inside lets the others run, as in RTAI. Nothing
// from Linux or an interrupt handler. IPC lock: O(1) plus priority_changed
// of the caller; the unlock switches when a task now outranks it.
void Scheduler::sched_lock()
{
	unsigned long flags = ipc_enter();
	Task *t = current();
	if (!t->linux_ctx && !in_interrupt(this_cpu()) && t->sched_lock_depth++ == 0)
		priority_changed(t);
	ipc_leave(flags);
}

void Scheduler::sched_unlock()
{
	unsigned long flags = ipc_enter();
	Task *t = current();
	if (!t->linux_ctx && !in_interrupt(this_cpu()) && t->sched_lock_depth > 0 && --t->sched_lock_depth == 0)
		priority_changed(t);
	ipc_leave(flags);
}

// O(1): the owner's list under its CPU lock (runnable() reads it).
void Scheduler::pi_own(PiResource *r, Task *owner)
{
	TX_ASSERT_LOCKED(ipc_lock_.held_here());
	r->owner = owner;
	r->depth = 1;
	CpuHold hold(*this, cpu_of(owner));
	r->owner_link.insert_before(&owner->owned_sems);
}

// O(1).
void Scheduler::pi_disown(PiResource *r)
{
	TX_ASSERT_LOCKED(ipc_lock_.held_here());
	if (Task *owner = r->owner) {
		CpuHold hold(*this, cpu_of(owner));
		r->owner_link.unlink();
	}
	r->owner = nullptr;
	r->depth = 0;
}

// r is free (pi_disown): the first (highest-priority) waiter becomes the
// owner; it inherits from the waiters that remain. O(1) plus
// priority_changed() of the new owner.
void Scheduler::pi_hand_over(PiResource *r)
{
	TX_IPC_LOCK_HELD();
	Task *w = r->waiters.first();
	if (!w)
		return;
	pi_own(r, w);
	wake(w, kOk);
	priority_changed(w);
}

void Scheduler::resources_changed(Task *t)
{
	TX_IPC_LOCK_HELD();
	priority_changed(t);
	CpuHold hold(*this, cpu_of(t));
	update_ready(t); // a deferred suspension takes effect now
}

// A dying task gives up its resources: each goes to its first waiter, as at
// a final release. O(owned resources x their waiters).
void Scheduler::release_owned(Task *t)
{
	TX_IPC_LOCK_HELD();
	while (t->owned_sems.linked()) {
		auto *r = static_cast<PiResource *>(t->owned_sems.next->owner);
		pi_disown(r);
		pi_hand_over(r);
	}
}

} // namespace tx
