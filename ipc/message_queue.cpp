// SPDX-License-Identifier: GPL-2.0
#include "message_queue.hpp"

#include "../sched/errors.hpp"

namespace tx {

namespace {
constexpr size_t kAlign = alignof(MessageQueue::Message);
constexpr int kMaxSlots = 1 << 16;
constexpr size_t kMaxBytes = size_t(1) << 30;
} // namespace

int MessageQueue::init(int nmsg, size_t slot_size)
{
	if (nmsg < 1 || nmsg > kMaxSlots || slot_size > kMaxBytes)
		return -kEInval;
	if (!g_sched.in_linux())
		return -kEInval; // the slots are allocated from Linux
	size_t stride = (sizeof(Message) + slot_size + kAlign - 1) / kAlign * kAlign;
	if (stride * static_cast<size_t>(nmsg) > kMaxBytes)
		return -kEInval;
	size_t bytes = sizeof(DeferredBlock) + kAlign + stride * static_cast<size_t>(nmsg);
	auto *mem = static_cast<DeferredBlock *>(tx_hal_alloc(bytes));
	if (!mem)
		return -kENoMem;
	mem->bytes = bytes;
	unsigned long flags = g_sched.ipc_enter();
	if (valid()) { // live: its waiters and messages would be lost
		g_sched.ipc_leave(flags);
		tx_hal_free(mem, bytes);
		return -kEBusy;
	}
	mem_ = mem;
	nmsg_ = nmsg;
	slot_size_ = slot_size;
	stride_ = stride;
	first_ = nullptr;
	free_ = nullptr;
	for (int i = nmsg - 1; i >= 0; i--) {
		Message *m = slot(i);
		m->next = free_;
		free_ = m;
	}
	free_count_ = nmsg;
	senders_.init(QueueOrder::Priority);
	receivers_.init(QueueOrder::Priority);
	pending_.init(nullptr);
	magic_ = kMagic;
	g_sched.ipc_leave(flags);
	return kOk;
}

MessageQueue::Message *MessageQueue::slot(int i) const
{
	uintptr_t base = reinterpret_cast<uintptr_t>(mem_ + 1);
	base = (base + kAlign - 1) / kAlign * kAlign;
	return reinterpret_cast<Message *>(base + stride_ * static_cast<size_t>(i));
}

int MessageQueue::destroy(void (*drop)(void *block))
{
	unsigned long flags = g_sched.ipc_enter();
	if (!valid()) {
		g_sched.ipc_leave(flags);
		return -kEFault;
	}
	magic_ = 0;
	while (Task *w = senders_.first())
		g_sched.wake(w, kRteObjRemoved); // its block leaves pending_: it keeps it
	while (Task *w = receivers_.first())
		g_sched.wake(w, kRteObjRemoved);
	Message *queued = first_;
	first_ = nullptr;
	// What is left pending was the block of a sender deleted while it
	// waited (Task::wait_node): no task will touch it again.
	ListNode orphans;
	if (pending_.linked()) {
		orphans.insert_before(pending_.next);
		pending_.unlink();
	}
	DeferredBlock *mem = mem_;
	mem_ = nullptr;
	g_sched.ipc_leave(flags);
	// No call reaches the messages any more (the queue is not valid): hand
	// back their blocks and the orphans, then the slots. O(nmsg + orphans).
	for (Message *m = queued; m; m = m->next)
		if (m->block && drop)
			drop(m->block);
	while (orphans.linked()) {
		ListNode *n = orphans.next;
		n->unlink();
		if (drop)
			drop(n->owner);
	}
	g_sched.free_later(mem);
	return kOk;
}

// IPC lock held. Insert behind every message of the same or a more urgent
// priority: O(queued).
void MessageQueue::enqueue(Message *m)
{
	TX_IPC_LOCK_HELD();
	Message **pos = &first_;
	while (*pos && (*pos)->priority <= m->priority)
		pos = &(*pos)->next;
	m->next = *pos;
	*pos = m;
}

// IPC lock held. Write a message into slot m. O(size) for a slot message.
void MessageQueue::fill(Message *m, const void *msg, size_t size, int priority, Block *block)
{
	TX_IPC_LOCK_HELD();
	m->block = block;
	m->size = size;
	m->priority = priority;
	if (!block)
		copy_bytes(m + 1, msg, size);
}

// IPC lock held. Slot m was just freed: if a sender waits (the queue was
// full), its message takes the slot and the sender is done. Else the slot
// goes back to the free stack. O(size + queued).
void MessageQueue::take_waiting_sender(Message *m)
{
	TX_IPC_LOCK_HELD();
	Task *s = senders_.first();
	if (!s) {
		m->next = free_;
		free_ = m;
		free_count_++;
		return;
	}
	// The wake takes the block off pending_ (Task::wait_node).
	fill(m, s->send_buf, s->send_len, s->msgq_priority, static_cast<Block *>(s->msgq_block));
	enqueue(m);
	g_sched.wake(s, kOk);
}

// IPC lock held. Wait in q; returns the wake result, IPC lock held again.
int MessageQueue::wait(Wait why, WaitQueue *q, Count deadline)
{
	TX_IPC_LOCK_HELD();
	if (!g_sched.can_block())
		return kRtePerm;
	if (g_sched.deadline_passed(deadline))
		return kRteTimeout;
	return g_sched.block(why, q, this, deadline);
}

int MessageQueue::send(const void *msg, size_t size, int priority, Block *block, bool *kept, MsgqMode mode,
		       Count deadline, bool *full)
{
	*kept = false;
	if (full)
		*full = false;
	if ((!msg && !block && size) || size > kMaxBytes)
		return kRteObjInvalid;
	const void *bytes = block ? static_cast<const void *>(block + 1) : msg;
	unsigned long flags = g_sched.ipc_enter();
	int result = kOk;
	if (!valid() || (!block && size > slot_size_)) {
		result = kRteObjInvalid;
	} else if (Task *r = receivers_.first()) {
		// The queue is empty: straight into the receiver's buffer.
		r->recv_len = min(size, r->recv_cap);
		copy_bytes(r->recv_buf, bytes, r->recv_len);
		r->msgq_priority = priority;
		g_sched.wake(r, kOk);
	} else if (free_) {
		Message *m = free_;
		free_ = m->next;
		free_count_--;
		fill(m, msg, size, priority, block);
		enqueue(m);
		*kept = block != nullptr;
	} else if (mode == MsgqMode::IfReady) {
		result = static_cast<int>(size);
		if (full)
			*full = true;
	} else if (!g_sched.can_block()) {
		result = kRtePerm;
	} else {
		// Full: a receiver that frees a slot puts our message in it. Our
		// block waits on pending_, whatever ends the wait takes it off
		// (Task::wait_node), and only kOk gives it to the queue.
		Task *me = g_sched.current();
		me->send_buf = msg;
		me->send_len = size;
		me->msgq_priority = priority;
		me->msgq_block = block;
		if (block) {
			block->pending.init(block);
			block->pending.insert_before(&pending_);
			me->wait_node = &block->pending;
		}
		result = wait(Wait::MsgQueue, &senders_, deadline);
		if (me->wait_node) { // no wait happened (a deadline already past)
			me->wait_node->unlink();
			me->wait_node = nullptr;
		}
		me->msgq_block = nullptr;
		*kept = result == kOk && block;
	}
	g_sched.ipc_leave(flags);
	return result;
}

int MessageQueue::receive(void *buf, size_t cap, int *priority, Block **freed, MsgqMode mode, Count deadline)
{
	*freed = nullptr;
	if (!buf && cap)
		return kRteObjInvalid;
	unsigned long flags = g_sched.ipc_enter();
	int result;
	if (!valid()) {
		result = kRteObjInvalid;
	} else if (Message *m = first_) {
		size_t n = min(m->size, cap);
		copy_bytes(buf, bytes_of(m), n);
		if (priority)
			*priority = m->priority;
		*freed = m->block;
		first_ = m->next;
		take_waiting_sender(m);
		result = static_cast<int>(cap - n);
	} else if (mode == MsgqMode::IfReady) {
		result = static_cast<int>(cap);
	} else {
		// Empty: a sender copies its message into buf and wakes us.
		Task *me = g_sched.current();
		me->recv_buf = buf;
		me->recv_cap = cap;
		result = wait(Wait::MsgQueue, &receivers_, deadline);
		if (result == kOk) {
			if (priority)
				*priority = me->msgq_priority;
			result = static_cast<int>(cap - me->recv_len);
		}
	}
	g_sched.ipc_leave(flags);
	return result;
}

int MessageQueue::peek(void *buf, size_t cap, int *priority)
{
	if (!buf && cap)
		return kRteObjInvalid;
	unsigned long flags = g_sched.ipc_enter();
	int result = static_cast<int>(cap);
	if (!valid()) {
		result = kRteObjInvalid;
	} else if (const Message *m = first_) {
		copy_bytes(buf, bytes_of(m), min(m->size, cap));
		if (priority)
			*priority = m->priority;
		result = 0; // as RTAI's rt_msg_evdrp
	}
	g_sched.ipc_leave(flags);
	return result;
}

int MessageQueue::broadcast(const void *msg, size_t size, int priority)
{
	if ((!msg && size) || size > kMaxBytes)
		return kRteObjInvalid;
	unsigned long flags = g_sched.ipc_enter();
	int reached = 0;
	if (!valid()) {
		reached = kRteObjInvalid;
	} else {
		// O(receivers x size): each waiting receiver gets its copy.
		while (Task *r = receivers_.first()) {
			r->recv_len = min(size, r->recv_cap);
			copy_bytes(r->recv_buf, msg, r->recv_len);
			r->msgq_priority = priority;
			g_sched.wake(r, kOk);
			reached++;
		}
	}
	g_sched.ipc_leave(flags);
	return reached;
}

} // namespace tx
