// SPDX-License-Identifier: GPL-2.0
#include "message.hpp"

#include "../sched/errors.hpp"

namespace tx {

namespace {

// IPC lock held. The first task queued at 'me' from 'from' (any if null). O(n).
Task *find_sender(Task *me, Task *from)
{
	TX_IPC_LOCK_HELD();
	for (Task *s = me->senders.first(); s; s = me->senders.next_of(s))
		if (!from || s == from)
			return s;
	return nullptr;
}

// IPC lock held. Copy what fits of 'msg' into 'room'. O(bytes).
void copy_into(MsgRoom room, const void *buf, size_t len)
{
	TX_IPC_LOCK_HELD();
	size_t n = len < room.cap ? len : room.cap;
	if (n)
		copy_bytes(room.buf, buf, n);
	if (room.len)
		*room.len = n;
}

// IPC lock held. 'to' waits in rt_receive for us (or anyone): hand it over.
bool deliver_to_waiting(Task *me, Task *to, MsgBytes msg)
{
	TX_IPC_LOCK_HELD();
	if (to->wait != Wait::Receive || (to->wait_object && to->wait_object != me))
		return false;
	copy_into(MsgRoom{to->recv_buf, to->recv_cap, &to->recv_len}, msg.buf, msg.len);
	to->msg_partner = me;
	g_sched.wake(to, kOk);
	return true;
}

// IPC lock held (the section of 'flags'); wait for 'why' in q and end the
// section: 'to' when woken with success, else the error.
Task *wait_for(unsigned long flags, Task *to, Wait why, WaitQueue *q, void *object, Count deadline)
{
	TX_IPC_LOCK_HELD();
	int r = g_sched.block_and_leave(flags, why, q, object, deadline);
	return r == kOk ? to : error_task(r);
}

Task *post(Task *to, MsgBytes msg, MsgRoom reply, bool rpc, MsgMode mode, Count deadline)
{
	unsigned long flags = g_sched.ipc_enter();
	Task *me = g_sched.current();
	Task *result;
	if (!g_sched.valid(to) || to == me) {
		result = error_task(kRteObjInvalid);
	} else if (!g_sched.can_block()) {
		result = error_task(kRtePerm);
	} else if (deliver_to_waiting(me, to, msg)) {
		me->reply_buf = reply.buf;
		me->reply_cap = reply.cap;
		if (rpc) // received at once: wait for rt_return
			return wait_for(flags, to, Wait::Return, &to->returners, to, deadline);
		result = to;
	} else if (mode == MsgMode::IfReady || (rpc && g_sched.deadline_passed(deadline))) {
		result = nullptr;
	} else if (g_sched.deadline_passed(deadline)) {
		result = error_task(kRteTimeout);
	} else {
		// Queued: the receiver copies from our buffer while we wait (the
		// caller's, which stays put until we return).
		me->send_buf = msg.buf;
		me->send_len = msg.len;
		me->reply_buf = reply.buf;
		me->reply_cap = reply.cap;
		return wait_for(flags, to, rpc ? Wait::Rpc : Wait::Send, &to->senders, to, deadline);
	}
	g_sched.ipc_leave(flags);
	return result;
}

} // namespace

Task *msg_send(Task *to, MsgBytes msg, MsgMode mode, Count deadline)
{
	return post(to, msg, MsgRoom{nullptr, 0, nullptr}, false, mode, deadline);
}

Task *msg_rpc(Task *to, MsgBytes msg, MsgRoom reply, MsgMode mode, Count deadline)
{
	return post(to, msg, reply, true, mode, deadline);
}

Task *msg_receive(Task *from, MsgRoom room, MsgMode mode, Count deadline)
{
	unsigned long flags = g_sched.ipc_enter();
	Task *me = g_sched.current();
	Task *result;
	if (from && (!g_sched.valid(from) || from == me)) {
		result = error_task(kRteObjInvalid);
	} else if (!g_sched.can_block()) {
		result = error_task(kRtePerm);
	} else if (Task *s = find_sender(me, from)) {
		copy_into(room, s->send_buf, s->send_len);
		if (s->wait == Wait::Rpc) {
			// Received, not answered: the caller now waits for rt_return,
			// keeping its deadline.
			g_sched.rpc_received(s, &me->returners);
		} else {
			g_sched.wake(s, kOk);
		}
		result = s;
	} else if (mode == MsgMode::IfReady) {
		result = nullptr;
	} else if (g_sched.deadline_passed(deadline)) {
		result = error_task(kRteTimeout);
	} else {
		// Woken, the message is in 'room' and the partner in our task (the
		// sender copied and wrote them before the wake-up).
		me->recv_buf = room.buf;
		me->recv_cap = room.cap;
		me->recv_len = 0;
		int r = g_sched.block_and_leave(flags, Wait::Receive, from ? &from->receivers : nullptr, from, deadline);
		if (r != kOk)
			return error_task(r);
		if (room.len)
			*room.len = me->recv_len;
		return me->msg_partner;
	}
	g_sched.ipc_leave(flags);
	return result;
}

Task *msg_return(Task *to, MsgBytes result_value)
{
	unsigned long flags = g_sched.ipc_enter();
	Task *me = g_sched.current();
	Task *result = nullptr;
	if (!g_sched.valid(to)) {
		result = error_task(kRteObjInvalid);
	} else if (to->wait == Wait::Return && to->wait_queue == &me->returners) {
		copy_into(MsgRoom{to->reply_buf, to->reply_cap, &to->reply_len}, result_value.buf, result_value.len);
		g_sched.wake(to, kOk);
		result = to;
	}
	g_sched.ipc_leave(flags);
	return result;
}

Task *msg_peek(Task *from, MsgRoom room)
{
	unsigned long flags = g_sched.ipc_enter();
	Task *s = find_sender(g_sched.current(), from);
	if (s)
		copy_into(room, s->send_buf, s->send_len);
	g_sched.ipc_leave(flags);
	return s;
}

bool msg_is_rpc(const Task *t) { return t && t->wait == Wait::Return; }

} // namespace tx
