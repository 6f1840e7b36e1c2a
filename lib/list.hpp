// SPDX-License-Identifier: GPL-2.0
// lib/list.hpp - intrusive circular doubly linked list: O(1) insert/remove.
//
// Each node records the object it belongs to, so a node can sit anywhere in
// a non-standard-layout object without offsetof tricks.
#pragma once

#include "freestanding.hpp"

namespace tx {

struct ListNode {
	ListNode *next = this;
	ListNode *prev = this;
	void *owner = nullptr;

	void init(void *object)
	{
		next = prev = this;
		owner = object;
	}

	bool linked() const { return next != this; }

	// Insert this node before 'pos' (at the tail when pos is the list head).
	void insert_before(ListNode *pos)
	{
		next = pos;
		prev = pos->prev;
		pos->prev->next = this;
		pos->prev = this;
	}

	void unlink()
	{
		prev->next = next;
		next->prev = prev;
		next = prev = this;
	}
};

// A list head with typed access: T has a ListNode member selected by Member.
template <typename T, ListNode T::*Member> class List {
public:
	bool empty() const { return !head_.linked(); }
	void push_back(T *item) { (item->*Member).insert_before(&head_); }
	void push_front(T *item) { (item->*Member).insert_before(head_.next); }
	static void insert_before(T *item, T *pos) { (item->*Member).insert_before(&(pos->*Member)); }
	static void remove(T *item) { (item->*Member).unlink(); }
	T *front() const { return empty() ? nullptr : owner_of(head_.next); }
	T *back() const { return empty() ? nullptr : owner_of(head_.prev); }
	T *next_of(const T *item) const
	{
		const ListNode *n = (item->*Member).next;
		return n == &head_ ? nullptr : owner_of(n);
	}
	T *pop_front()
	{
		T *item = front();
		if (item)
			remove(item);
		return item;
	}
	void reset() { head_.next = head_.prev = &head_; }

private:
	static T *owner_of(const ListNode *n) { return static_cast<T *>(n->owner); }
	ListNode head_;
};

} // namespace tx
