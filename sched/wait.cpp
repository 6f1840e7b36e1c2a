// SPDX-License-Identifier: GPL-2.0
// sched/wait.cpp - IPC sections, blocking on an object and waking from it:
// what ipc/ builds semaphores, mailboxes and messages on.
#include "../lib/assert.hpp"
#include "errors.hpp"
#include "poll.hpp"
#include "scheduler.hpp"

namespace tx {

// IPC lock held. The task joins the object's queue (and lends its priority
// along the owner chain) under the IPC lock, stops being ready under this
// CPU's lock (kept: a wake-up earlier in the section took it already), then
// the IPC lock goes and the switch happens under the CPU lock alone: a waker
// on another CPU waits for that switch on the CPU lock before it can make
// the task ready again. Returns the wake result, with no lock held (the
// caller is still masked). O(queue insert) plus the inheritance chain plus
// the switch.
int Scheduler::block_kept(Wait why, WaitQueue *q, void *object, Count deadline, PiResource *pi)
{
	CpuState &c = this_cpu();
	Task *t = c.current;
	TX_ASSERT(!t->linux_ctx && !in_interrupt(c));
	TX_ASSERT_LOCKED(ipc_lock_.held_here());
	t->wait_object = object;
	if (q)
		q->add(t);
	if (pi) {
		t->blocked_pi = pi;
		priority_changed(pi->owner);
	}
	keep(c);
	set_waiting(c, t, why, deadline);
	c.kept = false;
	ipc_lock_.release();
	schedule(c).lock.release(); // the CPU this task resumed on
	return t->wake_result;
}

int Scheduler::block(Wait why, WaitQueue *q, void *object, Count deadline, PiResource *pi)
{
	int result = block_kept(why, q, object, deadline, pi);
	ipc_lock_.acquire();
	return result;
}

int Scheduler::block_and_leave(unsigned long flags, Wait why, WaitQueue *q, void *object, Count deadline,
			       PiResource *pi)
{
	int result = block_kept(why, q, object, deadline, pi);
	tx_port_irq_restore(flags);
	return result;
}

// IPC lock; t's CPU lock for the O(1) state change.
void Scheduler::wake(Task *t, int result)
{
	TX_ASSERT_LOCKED(ipc_lock_.held_here());
	if (t->wait_queue)
		WaitQueue::remove(t);
	if (__builtin_expect(t->poll_count != 0, 0)) { // rt_poll: O(kMaxPollLinks)
		for (unsigned i = 0; i < t->poll_count; i++)
			t->poll_links[i].node.unlink();
		t->poll_links = nullptr;
		t->poll_count = 0;
	}
	if (t->wait_node) { // a dead task's stays for its object to reclaim
		if (!t->dead)
			t->wait_node->unlink();
		t->wait_node = nullptr;
	}
	t->wait_object = nullptr;
	t->blocked_pi = nullptr;
	CpuState &c = cpu_of(t);
	CpuHold hold(*this, c);
	c.timers.remove(&t->timer);
	t->wait = Wait::None;
	t->wake_result = result;
	update_ready(c, t);
}

void Scheduler::rpc_received(Task *t, WaitQueue *q)
{
	TX_ASSERT_LOCKED(ipc_lock_.held_here());
	WaitQueue::remove(t);
	{
		CpuHold hold(*this, cpu_of(t));
		t->wait = Wait::Return;
	}
	q->add(t);
}

// IPC lock. End t's wait early ('result': timeout, deletion...). If it was
// waiting for a resource, its former owner may lose inherited priority.
void Scheduler::cancel_wait(Task *t, int result)
{
	TX_IPC_LOCK_HELD();
	PiResource *r = t->blocked_pi;
	wake(t, result);
	if (r && r->owner)
		priority_changed(r->owner);
}

} // namespace tx
