// SPDX-License-Identifier: GPL-2.0
#include "mailbox.hpp"

#include "../sched/errors.hpp"

namespace tx {

int Mailbox::init(size_t size, bool fifo_order)
{
	if (size == 0 || size > (1u << 30))
		return -kEInval;
	if (!g_sched.in_linux())
		return -kEInval; // the ring is allocated from Linux
	size_t bytes = sizeof(DeferredBlock) + size;
	auto *block = static_cast<DeferredBlock *>(tx_hal_alloc(bytes));
	if (!block)
		return -kENoMem;
	block->bytes = bytes;
	unsigned long flags = g_sched.ipc_enter();
	if (valid()) { // live: its waiters and its ring would be lost
		g_sched.ipc_leave(flags);
		tx_hal_free(block, bytes);
		return -kEBusy;
	}
	block_ = block;
	buf_ = reinterpret_cast<char *>(block + 1);
	size_ = size;
	head_ = used_ = 0;
	for (int side = 0; side < 2; side++) {
		active_[side] = nullptr;
		turn_[side].init(fifo_order ? QueueOrder::Fifo : QueueOrder::Priority);
		poll_[side].init();
	}
	magic_ = kMagic;
	g_sched.ipc_leave(flags);
	return kOk;
}

int Mailbox::destroy()
{
	unsigned long flags = g_sched.ipc_enter();
	if (!valid()) {
		g_sched.ipc_leave(flags);
		return kRteObjInvalid;
	}
	magic_ = 0;
	for (int side = 0; side < 2; side++) {
		while (Task *w = turn_[side].first())
			g_sched.wake(w, kRteObjRemoved);
		if (active_[side] && active_[side]->wait == Wait::Mailbox)
			g_sched.wake(active_[side], kRteObjRemoved);
		active_[side] = nullptr;
		poll_[side].fire_all(kRteObjRemoved);
	}
	DeferredBlock *block = block_;
	block_ = nullptr;
	buf_ = nullptr;
	g_sched.ipc_leave(flags);
	// Woken waiters look only at their own state; the ring can go.
	g_sched.free_later(block);
	return kOk;
}

size_t Mailbox::put(const char *src, size_t n)
{
	n = min(n, space());
	size_t tail = (head_ + used_) % size_;
	size_t first = min(n, size_ - tail);
	copy_bytes(buf_ + tail, src, first);
	copy_bytes(buf_, src + first, n - first);
	used_ += n;
	return n;
}

size_t Mailbox::take(char *dst, size_t n)
{
	n = min(n, used_);
	size_t first = min(n, size_ - head_);
	if (dst) {
		copy_bytes(dst, buf_ + head_, first);
		copy_bytes(dst + first, buf_, n - first);
	}
	head_ = (head_ + n) % size_;
	used_ -= n;
	return n;
}

// IPC lock held. Wake the active task of 'side' if it waits for data/space.
void Mailbox::wake_active(Side side)
{
	TX_IPC_LOCK_HELD();
	Task *t = active_[side];
	if (t && t->wait == Wait::Mailbox && !t->wait_queue)
		g_sched.wake(t, kOk);
}

// IPC lock held. The active task of 'side' is done: the next waiter takes over.
void Mailbox::pass_turn(Side side)
{
	TX_IPC_LOCK_HELD();
	Task *next = turn_[side].first();
	active_[side] = next;
	if (next)
		g_sched.wake(next, kOk);
}

// IPC lock held. Copy what fits and let the other side know. O(n).
size_t Mailbox::move(Side side, char *buf, size_t n)
{
	TX_IPC_LOCK_HELD();
	size_t moved = side == kSend ? put(buf, n) : take(buf, n);
	if (moved) {
		Side other = side == kSend ? kReceive : kSend;
		wake_active(other);
		poll_[other].fire_all(kOk);
	}
	return moved;
}

// IPC lock held. The common engine of send and receive.
int Mailbox::transfer(Side side, char *buf, size_t n, MbxMode mode, Count deadline)
{
	TX_IPC_LOCK_HELD();
	Task *me = g_sched.current();
	bool busy = (active_[side] && active_[side] != me) || !turn_[side].empty();
	size_t avail = side == kSend ? space() : used_;

	if (mode == MbxMode::WhatPossible || mode == MbxMode::IfAll) {
		if (busy || (mode == MbxMode::IfAll && avail < n))
			return static_cast<int>(n);
		return static_cast<int>(n - move(side, buf, n));
	}
	if (!g_sched.can_block())
		return kRtePerm;
	if (busy) {
		if (g_sched.deadline_passed(deadline))
			return kRteTimeout;
		int r = g_sched.block(Wait::Mailbox, &turn_[side], this, deadline);
		if (r != kOk)
			return r; // active_[side] was never us
	}
	active_[side] = me;
	size_t left = n;
	int result = kOk;
	for (;;) {
		size_t moved = move(side, buf, left);
		buf += moved;
		left -= moved;
		if (left == 0 || (mode == MbxMode::WaitGood && moved))
			break;
		if (g_sched.deadline_passed(deadline)) {
			result = kRteTimeout;
			break;
		}
		result = g_sched.block(Wait::Mailbox, nullptr, this, deadline);
		if (result != kOk)
			break;
	}
	if (result == kRteObjRemoved)
		return result; // the mailbox is gone: touch nothing
	pass_turn(side);
	if (mode == MbxMode::WaitGood)
		return static_cast<int>(left);
	return result;
}

int Mailbox::send(const void *msg, size_t n, MbxMode mode, Count deadline)
{
	unsigned long flags = g_sched.ipc_enter();
	int result;
	if (!valid() || (!msg && n)) {
		result = kRteObjInvalid;
	} else if (mode == MbxMode::Overwrite) {
		bool busy = active_[kSend] && active_[kSend] != g_sched.current();
		if (busy) {
			result = static_cast<int>(n);
		} else {
			const char *src = static_cast<const char *>(msg);
			if (n > size_) { // only the last size_ bytes can be kept
				src += n - size_;
				n = size_;
			}
			if (n > space())
				take(nullptr, n - space());
			move(kSend, const_cast<char *>(src), n);
			result = 0;
		}
	} else {
		result = transfer(kSend, static_cast<char *>(const_cast<void *>(msg)), n, mode, deadline);
	}
	g_sched.ipc_leave(flags);
	return result;
}

int Mailbox::receive(void *msg, size_t n, MbxMode mode, Count deadline)
{
	unsigned long flags = g_sched.ipc_enter();
	int result;
	if (!valid() || (!msg && n) || mode == MbxMode::Overwrite)
		result = kRteObjInvalid;
	else
		result = transfer(kReceive, static_cast<char *>(msg), n, mode, deadline);
	g_sched.ipc_leave(flags);
	return result;
}

int Mailbox::peek(void *msg, size_t n)
{
	unsigned long flags = g_sched.ipc_enter();
	if (!valid()) {
		g_sched.ipc_leave(flags);
		return kRteObjInvalid;
	}
	size_t k = min(n, used_);
	size_t first = min(k, size_ - head_);
	copy_bytes(msg, buf_ + head_, first);
	copy_bytes(static_cast<char *>(msg) + first, buf_, k - first);
	g_sched.ipc_leave(flags);
	return static_cast<int>(n - k);
}

} // namespace tx
