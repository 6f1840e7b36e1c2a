// SPDX-License-Identifier: GPL-2.0
// ipc/message_queue.hpp - RTAI's message queues (rtai_tbx.h: RT_MSGQ and
// the typed mailboxes on it): whole messages, kept in priority order.
//
// A queue has nmsg slots; a message of up to 'slot_size' bytes is kept in
// its slot, a larger one in a block the caller allocated and filled (the
// API layer takes it from the real-time heap, api/rtai_tbx.cpp) and that
// the queue hands back when the message leaves. The queue never allocates
// after init, so no call here depends on an allocator. A block starts with
// a Block header: while its sender waits for a slot, the queue keeps the
// block on a list of its own, so that the block of a sender deleted while
// waiting is not lost: destroy hands it back with the queued ones.
//
// Order: a lower priority number is received first (0 is RTAI's "urgent");
// equal priorities in arrival order. Hand-offs are direct, so no call loops:
//   - a message sent while receivers wait (the queue is empty then) is
//     copied into the first waiting receiver's buffer;
//   - a slot freed while senders wait (the queue is full then) takes the
//     first waiting sender's message.
// Waiting senders and receivers queue by task priority.
//
// Bounds: send and receive copy their message once (O(size)), plus the
// priority insert into the queue (O(queued) <= O(nmsg)) and the wait-queue
// insert when they wait (O(waiters)); broadcast copies into each waiting
// receiver (O(receivers x size)); destroy is O(nmsg + waiters).
#pragma once

#include "../sched/scheduler.hpp"

namespace tx {

enum class MsgqMode : uint8_t {
	Blocking, // wait as needed (deadline optional)
	IfReady,  // _if: never wait
};

class MessageQueue {
public:
	// The header of a caller's block; the message's bytes follow it.
	struct alignas(16) Block {
		ListNode pending; // on pending_ while its sender waits
		// 32 bytes on 32- and 64-bit ABIs alike: the C bridge's
		// TX_MSGQ_BLOCK_HEADER (api/msgq_bridge.h).
		unsigned char pad[32 - sizeof(ListNode)];
	};
	// A message's header, in its slot; the bytes follow in the slot, or
	// are in 'block' for a message larger than the slot.
	struct Message {
		Message *next;
		Block *block;
		size_t size;
		int priority;
	};

	// Linux context (allocates). Returns 0, -EINVAL (nmsg < 1, too large),
	// -ENOMEM, or -EBUSY for a live queue.
	int init(int nmsg, size_t slot_size);
	// Any context. Waiters return RTE_OBJREM; the blocks of the messages
	// still queued go to drop(block) after the IPC section. 0 or -EFAULT
	// (not a live queue).
	int destroy(void (*drop)(void *block));
	// 'block': null for a message that fits a slot, else the caller's
	// allocation holding the message's bytes (then 'msg' is not read);
	// a message larger than slot_size() without one is refused.
	// *kept tells whether the queue took the block (else the caller frees
	// it). Returns 0, 'size' (IfReady and full), RTE_TIMOUT / RTE_UNBLKD /
	// RTE_OBJREM / RTE_PERM (a wait from Linux or an interrupt handler), or
	// RTE_OBJINV.
	// *full (if not null) tells an IfReady send refused for a full queue
	// apart from a queued message of 0 bytes (both return 0 then).
	int send(const void *msg, size_t size, int priority, Block *block, bool *kept, MsgqMode mode,
		 Count deadline, bool *full = nullptr);
	// Copies up to 'cap' bytes of the first message (the rest of a longer
	// one is lost) and its priority (if 'priority' is not null). *freed:
	// the message's block, for the caller to free, or null. Returns cap
	// minus the bytes copied, 'cap' (IfReady and empty), or the RTE codes
	// of send.
	int receive(void *buf, size_t cap, int *priority, Block **freed, MsgqMode mode, Count deadline);
	// Copy of the first message without taking it: 0, 'cap' when the queue
	// is empty, RTE_OBJINV.
	int peek(void *buf, size_t cap, int *priority);
	// Give the message to every receiver waiting now (never waits): the
	// number of them, 0 when none waits, RTE_OBJINV.
	int broadcast(const void *msg, size_t size, int priority);
	bool valid() const { return magic_ == kMagic; }
	// The largest message a slot holds: a larger one needs a block. Set
	// by init.
	size_t slot_size() const { return slot_size_; }
	// How many messages are queued (IPC lock held or a snapshot).
	int queued() const { return nmsg_ - free_count_; }

private:
	static constexpr uint32_t kMagic = 0x3d9a3d9a;
	static const void *bytes_of(const Message *m)
	{
		return m->block ? static_cast<const void *>(m->block + 1) : static_cast<const void *>(m + 1);
	}
	Message *slot(int i) const;
	void enqueue(Message *m);
	void fill(Message *m, const void *msg, size_t size, int priority, Block *block);
	void take_waiting_sender(Message *m);
	int wait(Wait why, WaitQueue *q, Count deadline);

	uint32_t magic_;
	DeferredBlock *mem_; // header, then nmsg slots of stride_ bytes
	int nmsg_;
	size_t slot_size_;
	size_t stride_;
	Message *first_;     // queued, in priority order
	Message *free_;      // free slots (a stack through 'next')
	int free_count_;
	WaitQueue senders_;   // tasks waiting for a slot, task priority order
	WaitQueue receivers_; // tasks waiting for a message
	ListNode pending_;    // the blocks of waiting senders (and of deleted ones)
};

} // namespace tx
