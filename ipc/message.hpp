// SPDX-License-Identifier: GPL-2.0
// ipc/message.hpp - RTAI intertask messages: send, receive, rpc, return.
//
// A message is bytes: one unsigned long for rt_send/rt_rpc/rt_return, a
// buffer for their x forms (a receiver takes at most the size it gives and
// learns the length; a longer message is cut). Senders queue at the receiver in priority
// order (FIFO among equals); rt_receive takes the first, or the message of
// one given task. An rpc caller, once received, waits for rt_return from its
// receiver. Results follow RTAI: the partner task on success; nullptr when
// an _if call finds nothing; otherwise an RTE_* code as a pointer value
// (RTE_OBJINV for a bad partner, RTE_TIMOUT, RTE_OBJREM if the partner was
// deleted, RTE_PERM from Linux context).
// Bounds: O(1), plus the priority-ordered insert (O(senders)) when blocking,
// O(senders) to find one given sender, and the copy of the message under
// the IPC lock (O(its length): the caller chooses it).
#pragma once

#include "../sched/scheduler.hpp"

namespace tx {

enum class MsgMode : uint8_t { Blocking, IfReady };

// A message to send, or room for one: 'buf' may be null when 'len' is 0.
struct MsgBytes {
	const void *buf;
	size_t len;
};
struct MsgRoom {
	void *buf;
	size_t cap;
	size_t *len; // receives the bytes copied (may be null)
};

Task *msg_send(Task *to, MsgBytes msg, MsgMode mode, Count deadline);
Task *msg_rpc(Task *to, MsgBytes msg, MsgRoom reply, MsgMode mode, Count deadline);
Task *msg_receive(Task *from, MsgRoom room, MsgMode mode, Count deadline);
Task *msg_return(Task *to, MsgBytes result);
// Peek at the first queued message (from 'from', or anyone) without taking it.
Task *msg_peek(Task *from, MsgRoom room);
bool msg_is_rpc(const Task *t);

inline Task *error_task(int code) { return reinterpret_cast<Task *>(static_cast<uintptr_t>(code)); }

} // namespace tx
