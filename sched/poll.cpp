// SPDX-License-Identifier: GPL-2.0
// sched/poll.cpp - the pollers' lists of an object (sched/poll.hpp).
#include "poll.hpp"

#include "../lib/assert.hpp"
#include "errors.hpp"
#include "scheduler.hpp"

namespace tx {

void PollList::add(PollLink *link)
{
	TX_IPC_LOCK_HELD();
	link->node.init(link);
	ListNode *pos = &head_;
	for (ListNode *n = head_.next; n != &head_; n = n->next) {
		if (link_of(n)->task->prio > link->task->prio) {
			pos = n;
			break;
		}
	}
	link->node.insert_before(pos);
}

void PollList::fire_one(int result)
{
	TX_IPC_LOCK_HELD();
	if (empty())
		return;
	PollLink *link = link_of(head_.next);
	link->result = result;
	g_sched.wake(link->task, kOk); // unlinks every link of the task, this one too
}

void PollList::fire_all(int result)
{
	TX_IPC_LOCK_HELD();
	// Each wake takes one link at least (the first) out of this list, so
	// this ends after as many wakes as there are pollers.
	while (!empty())
		fire_one(result);
}

} // namespace tx
