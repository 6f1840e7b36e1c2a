// SPDX-License-Identifier: GPL-2.0
// api/msgq_bridge.cpp - tactus_sched's message queues as C calls (see
// api/msgq_bridge.h): argument checks and type conversions only.
#include "msgq_bridge.h"

#include "../ipc/message_queue.hpp"
#include "../sched/errors.hpp"

using namespace tx;

static_assert(sizeof(MessageQueue) <= TX_MSGQ_STORAGE_BYTES, "RT_MSGQ too small for the queue");
static_assert(alignof(MessageQueue) <= alignof(long long), "RT_MSGQ under-aligned for the queue");
static_assert(TX_MSGQ_FOREVER == kForever, "the bridge's 'no deadline' is the core's");
static_assert(sizeof(MessageQueue::Block) == TX_MSGQ_BLOCK_HEADER, "the block header's size is the bridge's");

namespace {
MessageQueue *queue(void *q) { return static_cast<MessageQueue *>(q); }
MsgqMode mode(int if_ready) { return if_ready ? MsgqMode::IfReady : MsgqMode::Blocking; }
} // namespace

extern "C" {

int tx_msgq_init(void *q, int nmsg, int slot_size)
{
	if (!q || slot_size < 0)
		return -kEInval;
	return queue(q)->init(nmsg, static_cast<size_t>(slot_size));
}

int tx_msgq_delete(void *q, void (*drop)(void *block)) { return q ? queue(q)->destroy(drop) : -kEFault; }

long tx_msgq_slot_size(const void *q)
{
	auto *mq = static_cast<const MessageQueue *>(q);
	return mq && mq->valid() ? static_cast<long>(mq->slot_size()) : -1;
}

int tx_msgq_send(void *q, const void *msg, int size, int priority, void *block, int *kept, int if_ready,
		 long long deadline)
{
	bool taken = false;
	int r = q && size >= 0 ? queue(q)->send(msg, static_cast<size_t>(size), priority,
						static_cast<MessageQueue::Block *>(block), &taken, mode(if_ready),
						deadline)
			       : kRteObjInvalid;
	*kept = taken;
	return r;
}

int tx_msgq_receive(void *q, void *buf, int cap, int *priority, void **freed, int if_ready, long long deadline)
{
	*freed = nullptr;
	if (!q || cap < 0)
		return kRteObjInvalid;
	MessageQueue::Block *block = nullptr;
	int r = queue(q)->receive(buf, static_cast<size_t>(cap), priority, &block, mode(if_ready), deadline);
	*freed = block;
	return r;
}

int tx_msgq_peek(void *q, void *buf, int cap, int *priority)
{
	if (!q || cap < 0)
		return kRteObjInvalid;
	return queue(q)->peek(buf, static_cast<size_t>(cap), priority);
}

int tx_msgq_broadcast(void *q, const void *msg, int size, int priority)
{
	if (!q || size < 0)
		return kRteObjInvalid;
	return queue(q)->broadcast(msg, static_cast<size_t>(size), priority);
}

} // extern "C"
