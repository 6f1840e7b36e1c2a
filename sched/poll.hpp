// SPDX-License-Identifier: GPL-2.0
// sched/poll.hpp - a task waiting on several objects at once (RTAI's
// rt_poll): the scheduler's part.
//
// A polling task puts one PollLink per object into that object's PollList
// and blocks (Wait::Poll). An object that becomes ready fires a link of its
// list: the link records why and its task is woken. Every wake of a polling
// task, whatever ends the wait (a firing, its time, an unblock, its
// deletion), unlinks all its links first (Scheduler::wake), so an object
// never fires a link of a task that stopped polling, and a link never
// outlives the poll that made it (they live on the poller's stack).
#pragma once

#include "../lib/list.hpp"

namespace tx {

struct Task;

// Up to this many objects in one poll: the links live on the poller's
// stack (kMaxPollLinks * sizeof(PollLink) = 640 bytes on a 64-bit machine)
// and unlinking them at the wake is O(kMaxPollLinks).
constexpr unsigned kMaxPollLinks = 16;
constexpr int kPollNotFired = -1; // a link's result until it is fired

struct PollLink {
	ListNode node; // in the object's PollList
	Task *task;    // the polling task
	int result;    // kPollNotFired, then why it was fired (0, or RTE_OBJREM)
};

// The pollers of one object (one condition of it), in priority order
// (FIFO among equals). IPC lock held for every method.
class PollList {
public:
	void init() { head_.init(nullptr); }
	bool empty() const { return !head_.linked(); }
	// O(links in the list).
	void add(PollLink *link);
	// Fire the first link / every link with 'result': its task is woken,
	// which takes all its links out of every list. fire_one O(1) plus the
	// wake; fire_all O(links) wakes.
	void fire_one(int result);
	void fire_all(int result);

private:
	static PollLink *link_of(ListNode *n) { return static_cast<PollLink *>(n->owner); }
	ListNode head_;
};

} // namespace tx
