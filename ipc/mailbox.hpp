// SPDX-License-Identifier: GPL-2.0
// ipc/mailbox.hpp - RTAI mailboxes: a byte stream through a fixed ring.
//
// There are no message boundaries: a message larger than the ring streams
// through it as the other side drains it. One sender and one receiver are
// "active" at a time, so messages from different senders never interleave;
// the others wait for their turn in FIFO or priority order. Return values
// follow RTAI 5.3 (CONFIG_RTAI_USE_NEWERR):
//   blocking and timed calls: 0, or RTE_TIMOUT / RTE_UNBLKD / RTE_OBJREM /
//     RTE_PERM (bytes already moved stay moved);
//   _wp, _wg, _if, ovrwr: the number of bytes NOT transferred.
// Bounds: each call copies its bytes (O(size)) plus O(1) queue work, plus
// the wait-queue insert when it has to wait for its turn, plus the wakes of
// the other side's pollers (O(pollers)) when bytes moved.
#pragma once

#include "../sched/poll.hpp"
#include "../sched/scheduler.hpp"

namespace tx {

enum class MbxMode : uint8_t {
	Blocking,     // all bytes, waiting as needed (deadline optional)
	WhatPossible, // _wp: never waits, moves what it can
	WaitGood,     // _wg: waits only until something can move, then moves what it can
	IfAll,        // _if: never waits, all or nothing
	Overwrite,    // sends only: never waits, drops the oldest bytes to fit
};

class Mailbox {
public:
	// Linux context (allocates). Returns 0, -EINVAL or -ENOMEM.
	int init(size_t size, bool fifo_order);
	int destroy();
	int send(const void *msg, size_t n, MbxMode mode, Count deadline);
	int receive(void *msg, size_t n, MbxMode mode, Count deadline);
	// Copy up to n bytes without consuming them; returns bytes not copied.
	int peek(void *msg, size_t n);
	bool valid() const { return magic_ == kMagic; }
	size_t used() const { return used_; }
	// rt_poll (ipc/poll.hpp), IPC lock held: whether bytes wait to be
	// received / room waits to be filled, and the pollers of each (all are
	// woken when bytes arrive / leave).
	bool poll_ready(bool send) const { return send ? space() > 0 : used_ > 0; }
	PollList &poll_list(bool send) { return poll_[send ? kSend : kReceive]; }

private:
	static constexpr uint32_t kMagic = 0x3b0c3b0c;
	enum Side { kSend = 0, kReceive = 1 };
	size_t space() const { return size_ - used_; }
	size_t put(const char *src, size_t n);
	size_t take(char *dst, size_t n);
	int transfer(Side side, char *buf, size_t n, MbxMode mode, Count deadline);
	size_t move(Side side, char *buf, size_t n);
	void wake_active(Side side);
	void pass_turn(Side side);

	uint32_t magic_;
	DeferredBlock *block_; // the allocation: header, then the ring
	char *buf_;
	size_t size_;
	size_t head_; // next byte to receive
	size_t used_;
	Task *active_[2];    // the sender and the receiver holding their turn
	WaitQueue turn_[2];  // tasks waiting for their turn
	PollList poll_[2];   // rt_poll: RT_POLL_MBX_SEND, RT_POLL_MBX_RECV
};

} // namespace tx
