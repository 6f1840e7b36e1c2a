// SPDX-License-Identifier: GPL-2.0
// ipc/message.hpp - RTAI intertask messages: send, receive, rpc, return.
//
// A message is one unsigned long. Senders queue at the receiver in priority
// order (FIFO among equals); rt_receive takes the first, or the message of
// one given task. An rpc caller, once received, waits for rt_return from its
// receiver. Results follow RTAI: the partner task on success; nullptr when
// an _if call finds nothing; otherwise an RTE_* code as a pointer value
// (RTE_OBJINV for a bad partner, RTE_TIMOUT, RTE_OBJREM if the partner was
// deleted, RTE_PERM from Linux context).
// Bounds: O(1), plus the priority-ordered insert (O(senders)) when blocking,
// and O(senders) to find one given sender.
#pragma once

#include "../sched/scheduler.hpp"

namespace tx {

enum class MsgMode : uint8_t { Blocking, IfReady };

Task *msg_send(Task *to, unsigned long msg, MsgMode mode, Count deadline);
Task *msg_rpc(Task *to, unsigned long msg, unsigned long *reply, MsgMode mode, Count deadline);
Task *msg_receive(Task *from, unsigned long *msg, MsgMode mode, Count deadline);
Task *msg_return(Task *to, unsigned long result);
// Peek at the first queued message (from 'from', or anyone) without taking it.
Task *msg_peek(Task *from, unsigned long *msg);
bool msg_is_rpc(const Task *t);

inline Task *error_task(int code) { return reinterpret_cast<Task *>(static_cast<uintptr_t>(code)); }

} // namespace tx
