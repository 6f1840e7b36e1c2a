// SPDX-License-Identifier: GPL-2.0
// sched/timer_queue.hpp - per-CPU queue of timed events, earliest first.
//
// A binary min-heap in a fixed array of kMaxTasks entries (every task owns at
// most one timer, so the heap cannot overflow). Bounds, with n <= kMaxTasks:
//   insert, remove, update: O(log n) <= 10 sift steps;
//   earliest:               O(1);
//   expiring k timers:      k removals, O(k log n).
// Ties are broken by insertion sequence, so equal deadlines fire in FIFO
// order (deterministic, and fair to tasks released at the same instant).
#pragma once

#include "config.hpp"

namespace tx {

struct Timer {
	Count deadline = 0;
	uint64_t sequence = 0;  // insertion order, breaks deadline ties
	int32_t heap_index = -1; // -1: not queued
	void *owner = nullptr;   // the task this timer wakes

	bool queued() const { return heap_index >= 0; }
};

class TimerQueue {
public:
	void reset();
	void insert(Timer *t, Count deadline);
	void remove(Timer *t);
	Timer *earliest() const { return size_ ? heap_[0] : nullptr; }
	unsigned size() const { return size_; }

	// Remove and return the earliest timer if its deadline is <= now.
	Timer *pop_expired(Count now);
	// The earliest timer if its deadline is <= now (left queued), else null.
	Timer *expired(Count now) const { return size_ && heap_[0]->deadline <= now ? heap_[0] : nullptr; }
	// Remove the earliest timer; the queue must not be empty.
	void pop();

private:
	static bool before(const Timer *a, const Timer *b)
	{
		return a->deadline != b->deadline ? a->deadline < b->deadline : a->sequence < b->sequence;
	}
	void place(Timer *t, unsigned index);
	void sift_up(unsigned index);
	void sift_down(unsigned index);

	Timer *heap_[kMaxTasks] = {};
	unsigned size_ = 0;
	uint64_t next_sequence_ = 0;
};

} // namespace tx
