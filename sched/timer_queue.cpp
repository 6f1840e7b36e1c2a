// SPDX-License-Identifier: GPL-2.0
#include "timer_queue.hpp"

#include "../lib/assert.hpp"

namespace tx {

void TimerQueue::reset()
{
	for (unsigned i = 0; i < size_; i++)
		heap_[i]->heap_index = -1;
	size_ = 0;
	next_sequence_ = 0;
}

void TimerQueue::place(Timer *t, unsigned index)
{
	heap_[index] = t;
	t->heap_index = static_cast<int32_t>(index);
}

void TimerQueue::sift_up(unsigned index)
{
	Timer *t = heap_[index];
	while (index > 0) {
		unsigned parent = (index - 1) / 2;
		if (!before(t, heap_[parent]))
			break;
		place(heap_[parent], index);
		index = parent;
	}
	place(t, index);
}

void TimerQueue::sift_down(unsigned index)
{
	Timer *t = heap_[index];
	for (;;) {
		unsigned child = 2 * index + 1;
		if (child >= size_)
			break;
		if (child + 1 < size_ && before(heap_[child + 1], heap_[child]))
			child++;
		if (!before(heap_[child], t))
			break;
		place(heap_[child], index);
		index = child;
	}
	place(t, index);
}

void TimerQueue::insert(Timer *t, Count deadline)
{
	if (t->queued())
		remove(t);
	TX_ASSERT(size_ < kMaxTasks);
	t->deadline = deadline;
	t->sequence = next_sequence_++;
	place(t, size_++);
	sift_up(size_ - 1);
}

void TimerQueue::remove(Timer *t)
{
	if (!t->queued())
		return;
	unsigned index = static_cast<unsigned>(t->heap_index);
	TX_ASSERT(index < size_ && heap_[index] == t);
	t->heap_index = -1;
	Timer *last = heap_[--size_];
	if (last == t)
		return;
	place(last, index);
	// The moved entry may belong above or below its new place.
	sift_up(index);
	sift_down(static_cast<unsigned>(last->heap_index));
}

Timer *TimerQueue::pop_expired(Count now)
{
	Timer *t = expired(now);
	if (t)
		pop();
	return t;
}

void TimerQueue::pop()
{
	heap_[0]->heap_index = -1;
	Timer *last = heap_[--size_];
	if (size_) {
		place(last, 0); // the last entry moves to the root and sinks
		sift_down(0);
	}
}

} // namespace tx
