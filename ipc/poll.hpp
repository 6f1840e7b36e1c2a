// SPDX-License-Identifier: GPL-2.0
// ipc/poll.hpp - waiting on several semaphores and mailboxes at once
// (RTAI's rt_poll).
//
// Each request names an object and what to wait for. poll() reports, for
// every request, whether its condition held: at once, or when it came true
// while the caller waited; it does not take a unit or move a byte (the
// caller does that next, with an _if call: another task may get there
// first, as in RTAI).
//
// Bounds: O(n) checks and links under the IPC lock (n <= kMaxPollLinks),
// each link's insert O(pollers of that object); the wake unlinks them in
// O(n) (sched/poll.hpp).
#pragma once

#include "../sched/poll.hpp"
#include "../sched/scheduler.hpp"

namespace tx {

enum class PollFor : uint8_t {
	MailboxReceive = 1, // RT_POLL_MBX_RECV: bytes to receive
	MailboxSend = 2,    // RT_POLL_MBX_SEND: room to send
	SemaphoreAll = 3,   // RT_POLL_SEM_WAIT_ALL: a free unit (every poller told)
	SemaphoreOne = 4,   // RT_POLL_SEM_WAIT_ONE: a free unit (one poller per unit)
};

struct PollRequest {
	void *object;   // a Semaphore or a Mailbox, as 'what' says
	PollFor what;
	bool done;      // out: its condition held (or the object went)
	int result;     // out, when done: 0, or RTE_OBJREM for a deleted object
};

// Returns how many requests are done (> 0); with none done: 0 for
// 'try_only' or n == 0 with no deadline, else what ended the wait
// (RTE_TIMOUT, RTE_UNBLKD), or RTE_OBJINV (a bad request, n >
// kMaxPollLinks), RTE_PERM (it would block outside a real-time task).
// n == 0 with a deadline sleeps until then (RTAI).
int poll(PollRequest *reqs, unsigned n, Count deadline, bool try_only);

} // namespace tx
