// SPDX-License-Identifier: GPL-2.0
#include "poll.hpp"

#include "../sched/errors.hpp"
#include "mailbox.hpp"
#include "semaphore.hpp"

namespace tx {

namespace {

Semaphore *sem_in(const PollRequest &r) { return static_cast<Semaphore *>(r.object); }
Mailbox *mbx_in(const PollRequest &r) { return static_cast<Mailbox *>(r.object); }
bool on_mailbox(const PollRequest &r) { return r.what == PollFor::MailboxReceive || r.what == PollFor::MailboxSend; }

// IPC lock held.
bool valid_request(const PollRequest &r)
{
	if (!r.object)
		return false;
	switch (r.what) {
	case PollFor::MailboxReceive:
	case PollFor::MailboxSend:
		return mbx_in(r)->valid();
	case PollFor::SemaphoreAll:
	case PollFor::SemaphoreOne:
		return sem_in(r)->valid();
	}
	return false;
}

// IPC lock held.
bool ready_now(const PollRequest &r)
{
	if (on_mailbox(r))
		return mbx_in(r)->poll_ready(r.what == PollFor::MailboxSend);
	return sem_in(r)->poll_ready();
}

// IPC lock held.
PollList &list_of(const PollRequest &r)
{
	if (on_mailbox(r))
		return mbx_in(r)->poll_list(r.what == PollFor::MailboxSend);
	return sem_in(r)->poll_list(r.what == PollFor::SemaphoreAll);
}

} // namespace

int poll(PollRequest *reqs, unsigned n, Count deadline, bool try_only)
{
	if (n > kMaxPollLinks || (n && !reqs))
		return kRteObjInvalid;
	PollLink links[kMaxPollLinks];
	unsigned long flags = g_sched.ipc_enter();
	unsigned done = 0;
	for (unsigned i = 0; i < n; i++) {
		if (!valid_request(reqs[i])) { // all checked before any is reported
			g_sched.ipc_leave(flags);
			return kRteObjInvalid;
		}
	}
	for (unsigned i = 0; i < n; i++) {
		reqs[i].done = ready_now(reqs[i]);
		reqs[i].result = kOk;
		done += reqs[i].done;
	}
	int result = kOk;
	if (done || try_only || (n == 0 && deadline == kForever)) {
		result = static_cast<int>(done);
	} else if (!g_sched.can_block()) {
		result = kRtePerm;
	} else if (g_sched.deadline_passed(deadline)) {
		result = kRteTimeout;
	} else {
		Task *me = g_sched.current();
		for (unsigned i = 0; i < n; i++) {
			links[i].task = me;
			links[i].result = kPollNotFired;
			list_of(reqs[i]).add(&links[i]);
		}
		me->poll_links = links;
		me->poll_count = n;
		// Whatever wakes us has unlinked every link (Scheduler::wake).
		result = g_sched.block(Wait::Poll, nullptr, nullptr, deadline);
		for (unsigned i = 0; i < n; i++) {
			if (links[i].result != kPollNotFired) {
				reqs[i].done = true;
				reqs[i].result = links[i].result;
				done++;
			}
		}
		if (done)
			result = static_cast<int>(done);
	}
	g_sched.ipc_leave(flags);
	return result;
}

} // namespace tx
