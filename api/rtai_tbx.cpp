// SPDX-License-Identifier: GPL-2.0
// api/rtai_tbx.cpp - RTAI's message queues and typed mailboxes (rtai_tbx.h),
// in tactus_shm: the queues are tactus_sched's (api/msgq_bridge.h); this
// file puts the messages larger than a slot into blocks of the global heap
// (rt_malloc) and keeps the named queues.
#include <rtai_malloc.h>
#include <rtai_registry.h>
#include <rtai_tbx.h>

#include "../hal/hal.h"
#include "../hal/rt_log.hpp"
#include "../hal/spinlock.hpp"
#include "../lib/list.hpp"
#include "../sched/errors.hpp"
#include "msgq_bridge.h"

static_assert(sizeof(RT_MSGQ) >= TX_MSGQ_STORAGE_BYTES, "RT_MSGQ smaller than the bridge needs");

namespace {

using namespace tx;

// A queue a named init made, on g_named (Linux context only).
struct NamedQueue {
	ListNode link;
	RT_MSGQ queue;
};

ListNode g_named; // constant-initialised: an empty list
SpinLock g_named_lock;

ListNode &named_list() { return g_named; }

NamedQueue *named_of(RT_MSGQ *q)
{
	for (ListNode *n = named_list().next; n != &g_named; n = n->next) {
		auto *nq = static_cast<NamedQueue *>(n->owner);
		if (&nq->queue == q)
			return nq;
	}
	return nullptr;
}

void drop_block(void *block) { rt_free(block); }

// RTIME of a delay from now, saturating.
long long deadline_after(RTIME delay)
{
	RTIME now = rt_get_time();
	if (delay <= 0)
		return now;
	return delay > TX_MSGQ_FOREVER - now ? TX_MSGQ_FOREVER - 1 : now + delay;
}

int send(RT_MSGQ *q, void *msg, int size, int priority, int space, int if_ready, long long deadline)
{
	if (!space)
		return kRtePerm; // a user-space pointer: no LXRT here
	long slot = tx_msgq_slot_size(q);
	if (slot < 0 || size < 0 || (!msg && size))
		return kRteObjInvalid;
	void *block = nullptr;
	if (size > slot) {
		// Filled here, before the queue's lock: the IPC section copies
		// nothing of it.
		if (size > 0x7fffffff - TX_MSGQ_BLOCK_HEADER)
			return -kENoMem;
		block = rt_malloc(TX_MSGQ_BLOCK_HEADER + size);
		if (!block)
			return -kENoMem;
		copy_bytes(static_cast<char *>(block) + TX_MSGQ_BLOCK_HEADER, msg, static_cast<size_t>(size));
	}
	int kept = 0;
	int result = tx_msgq_send(q, msg, size, priority, block, &kept, if_ready, deadline);
	if (block && !kept)
		rt_free(block);
	return result;
}

int receive(RT_MSGQ *q, void *msg, int size, int *priority, int space, int if_ready, long long deadline)
{
	if (!space)
		return kRtePerm;
	void *freed = nullptr;
	int result = tx_msgq_receive(q, msg, size, priority, &freed, if_ready, deadline);
	if (freed)
		rt_free(freed);
	return result;
}

int broadcast(RT_MSGQ *q, void *msg, int size, int priority, int space)
{
	return space ? tx_msgq_broadcast(q, msg, size, priority) : kRtePerm;
}

void free_named(NamedQueue *nq) { tx_hal_free(nq, sizeof(*nq)); }

} // namespace

extern "C" {

int rt_msgq_init(RT_MSGQ *msgq, int nmsg, int msg_size) { return tx_msgq_init(msgq, nmsg, msg_size); }

int rt_msgq_delete(RT_MSGQ *msgq) { return tx_msgq_delete(msgq, drop_block); }

RT_MSGQ *_rt_named_msgq_init(unsigned long msgq_name, int nmsg, int size)
{
	if (!tx_hal_may_sleep() || msgq_name == 0 || msgq_name == 0xFFFFFFFFUL)
		return nullptr;
	if (void *existing = rt_get_adr_cnt(msgq_name)) {
		if (rt_get_type(msgq_name) == IS_TBX)
			return static_cast<RT_MSGQ *>(existing);
		rt_drg_on_name_cnt(msgq_name); // another kind of object has the name
		return nullptr;
	}
	auto *nq = static_cast<NamedQueue *>(tx_hal_alloc(sizeof(NamedQueue)));
	if (!nq)
		return nullptr;
	zero_bytes(nq, sizeof(*nq));
	if (rt_msgq_init(&nq->queue, nmsg, size) != 0) {
		free_named(nq);
		return nullptr;
	}
	if (rt_register(msgq_name, &nq->queue, IS_TBX, nullptr) <= 0) {
		// The name was taken meanwhile (or the registry is full).
		rt_msgq_delete(&nq->queue);
		free_named(nq);
		void *other = rt_get_adr_cnt(msgq_name);
		if (other && rt_get_type(msgq_name) != IS_TBX) {
			rt_drg_on_name_cnt(msgq_name);
			other = nullptr;
		}
		return static_cast<RT_MSGQ *>(other);
	}
	unsigned long flags = g_named_lock.lock();
	nq->link.init(nq);
	nq->link.insert_before(&named_list());
	g_named_lock.unlock(flags);
	return &nq->queue;
}

int rt_named_msgq_delete(RT_MSGQ *msgq)
{
	if (!tx_hal_may_sleep())
		return -kEInval; // the last user frees it: Linux context
	unsigned long flags = g_named_lock.lock();
	NamedQueue *nq = named_of(msgq);
	g_named_lock.unlock(flags);
	if (!nq)
		return -kEInval;
	int left = rt_drg_on_adr_cnt(msgq);
	if (left != 0)
		return left < 0 ? -kEInval : left;
	flags = g_named_lock.lock();
	nq->link.unlink();
	g_named_lock.unlock(flags);
	rt_msgq_delete(msgq);
	free_named(nq);
	return 0;
}

// tactus_shm's unload (tx_heap_teardown): the named queues left are
// deleted while the heap that holds their large messages is still there.
void tx_tbx_release_all(void)
{
	unsigned released = 0;
	for (;;) {
		unsigned long flags = g_named_lock.lock();
		ListNode &list = named_list();
		NamedQueue *nq = list.next != &list ? static_cast<NamedQueue *>(list.next->owner) : nullptr;
		if (nq)
			nq->link.unlink();
		g_named_lock.unlock(flags);
		if (!nq)
			break;
		rt_drg_on_adr(&nq->queue);
		rt_msgq_delete(&nq->queue);
		free_named(nq);
		released++;
	}
	if (released)
		rt_log(1, "tactus: %u named message queue(s) left at unload (no rt_named_msgq_delete); deleted them",
		       released);
}

int _rt_msg_send(RT_MSGQ *msgq, void *msg, int msg_size, int msgpri, int space)
{
	return send(msgq, msg, msg_size, msgpri, space, 0, TX_MSGQ_FOREVER);
}

int _rt_msg_send_if(RT_MSGQ *msgq, void *msg, int msg_size, int msgpri, int space)
{
	return send(msgq, msg, msg_size, msgpri, space, 1, TX_MSGQ_FOREVER);
}

int _rt_msg_send_until(RT_MSGQ *msgq, void *msg, int msg_size, int msgpri, RTIME until, int space)
{
	return send(msgq, msg, msg_size, msgpri, space, 0, until);
}

int _rt_msg_send_timed(RT_MSGQ *msgq, void *msg, int msg_size, int msgpri, RTIME delay, int space)
{
	return send(msgq, msg, msg_size, msgpri, space, 0, deadline_after(delay));
}

int _rt_msg_receive(RT_MSGQ *msgq, void *msg, int msg_size, int *msgpri, int space)
{
	return receive(msgq, msg, msg_size, msgpri, space, 0, TX_MSGQ_FOREVER);
}

int _rt_msg_receive_if(RT_MSGQ *msgq, void *msg, int msg_size, int *msgpri, int space)
{
	return receive(msgq, msg, msg_size, msgpri, space, 1, TX_MSGQ_FOREVER);
}

int _rt_msg_receive_until(RT_MSGQ *msgq, void *msg, int msg_size, int *msgpri, RTIME until, int space)
{
	return receive(msgq, msg, msg_size, msgpri, space, 0, until);
}

int _rt_msg_receive_timed(RT_MSGQ *msgq, void *msg, int msg_size, int *msgpri, RTIME delay, int space)
{
	return receive(msgq, msg, msg_size, msgpri, space, 0, deadline_after(delay));
}

int _rt_msg_evdrp(RT_MSGQ *msgq, void *msg, int msg_size, int *msgpri, int space)
{
	return space ? tx_msgq_peek(msgq, msg, msg_size, msgpri) : kRtePerm;
}

int _rt_msg_broadcast(RT_MSGQ *msgq, void *msg, int msg_size, int msgpri, int space)
{
	return broadcast(msgq, msg, msg_size, msgpri, space);
}

int _rt_msg_broadcast_if(RT_MSGQ *msgq, void *msg, int msg_size, int msgpri, int space)
{
	return broadcast(msgq, msg, msg_size, msgpri, space);
}

int _rt_msg_broadcast_until(RT_MSGQ *msgq, void *msg, int msg_size, int msgpri, RTIME, int space)
{
	return broadcast(msgq, msg, msg_size, msgpri, space);
}

int _rt_msg_broadcast_timed(RT_MSGQ *msgq, void *msg, int msg_size, int msgpri, RTIME, int space)
{
	return broadcast(msgq, msg, msg_size, msgpri, space);
}

} // extern "C"
