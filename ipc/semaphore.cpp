// SPDX-License-Identifier: GPL-2.0
#include "semaphore.hpp"

#include "../sched/errors.hpp"

namespace tx {

int Semaphore::init(int value, int type)
{
	SemKind kind = static_cast<SemKind>(type & 3);
	if (kind == SemKind::None || (type & ~7))
		return -kEInval;
	unsigned long flags = g_sched.ipc_enter();
	if (valid()) { // live: its waiters and owner would be lost
		g_sched.ipc_leave(flags);
		return -kEBusy;
	}
	kind_ = kind;
	recursion_ = 0;
	barrier_ = 0;
	waiters_.init((type & kSemFifoQueue) ? QueueOrder::Fifo : QueueOrder::Priority);
	pi_.init();
	poll_one_.init();
	poll_all_.init();
	switch (kind) {
	case SemKind::Counting:
		count_ = value;
		break;
	case SemKind::Binary:
		count_ = value > 1 ? 1 : value;
		break;
	default: // resource: free; 'value' is the recursion policy
		count_ = 1;
		recursion_ = static_cast<int8_t>(value > 0 ? 1 : value < 0 ? -1 : 0);
		break;
	}
	magic_ = kMagic;
	g_sched.ipc_leave(flags);
	return kOk;
}

int Semaphore::destroy()
{
	unsigned long flags = g_sched.ipc_enter();
	if (!valid()) {
		g_sched.ipc_leave(flags);
		return kRteObjInvalid;
	}
	magic_ = 0;
	while (Task *w = queue().first())
		g_sched.wake(w, kRteObjRemoved);
	poll_one_.fire_all(kRteObjRemoved);
	poll_all_.fire_all(kRteObjRemoved);
	if (Task *owner = pi_.owner) {
		g_sched.pi_disown(&pi_);
		g_sched.resources_changed(owner);
	}
	g_sched.ipc_leave(flags);
	return kOk;
}

int Semaphore::signal()
{
	unsigned long flags = g_sched.ipc_enter();
	int result = kOk;
	if (!valid()) {
		result = kRteObjInvalid;
	} else if (kind_ == SemKind::Resource) {
		result = res_release(g_sched.current());
	} else if (Task *w = waiters_.first()) {
		count_++;
		g_sched.wake(w, count_); // the waiter returns the count at wake-up
	} else {
		count_++;
		if (kind_ == SemKind::Binary && count_ > 1)
			count_ = 1;
		units_freed();
	}
	g_sched.ipc_leave(flags);
	return result;
}

int Semaphore::broadcast()
{
	unsigned long flags = g_sched.ipc_enter();
	if (!valid()) {
		g_sched.ipc_leave(flags);
		return kRteObjInvalid;
	}
	if (kind_ != SemKind::Resource) {
		while (Task *w = waiters_.first())
			g_sched.wake(w, 0);
		count_ = 0;
	}
	g_sched.ipc_leave(flags);
	return kOk;
}

int Semaphore::wait(Count deadline, bool try_only)
{
	unsigned long flags = g_sched.ipc_enter();
	int result;
	if (!valid()) {
		result = kRteObjInvalid;
	} else if (kind_ == SemKind::Resource) {
		result = res_wait(g_sched.current(), deadline, try_only);
	} else if (count_ > 0) {
		result = count_--; // the count before taking a unit
	} else if (try_only) {
		result = count_;
	} else if (!g_sched.can_block()) {
		result = kRtePerm;
	} else if (g_sched.deadline_passed(deadline)) {
		result = kRteTimeout;
	} else {
		count_--;
		result = g_sched.block_and_leave(flags, Wait::Semaphore, &waiters_, this, deadline);
		if (result == kRteTimeout || result == kRteUnblocked)
			give_back_unit();
		return result;
	}
	g_sched.ipc_leave(flags);
	return result;
}

int Semaphore::wait_barrier()
{
	unsigned long flags = g_sched.ipc_enter();
	int result = kOk;
	if (!valid()) {
		result = kRteObjInvalid;
	} else if (kind_ == SemKind::Resource || !g_sched.can_block()) {
		result = kRtePerm;
	} else {
		if (!barrier_) { // the first call: the count says how many it holds
			barrier_ = count_ < 1 ? 1 : count_;
			count_ = 0;
			kind_ = SemKind::Counting;
		}
		if (1 - count_ < barrier_) { // -count_ wait already: not the last one
			count_--;
			result = g_sched.block_and_leave(flags, Wait::Semaphore, &waiters_, this, kForever);
			if (result == kRteUnblocked)
				give_back_unit();
			return result;
		}
		while (Task *w = waiters_.first()) // the last one: all go
			g_sched.wake(w, kOk);
		count_ = 0;
	}
	g_sched.ipc_leave(flags);
	return result;
}

int Semaphore::cond_signal()
{
	unsigned long flags = g_sched.ipc_enter();
	int result = kOk;
	if (!valid() || kind_ == SemKind::Resource)
		result = kRteObjInvalid;
	else if (Task *w = waiters_.first()) {
		count_++;
		g_sched.wake(w, kOk);
	}
	g_sched.ipc_leave(flags);
	return result;
}

int Semaphore::cond_wait(Semaphore *mutex, Count deadline)
{
	unsigned long flags = g_sched.ipc_enter();
	int result;
	Task *me = g_sched.current();
	if (!valid() || kind_ == SemKind::Resource || !mutex || !mutex->valid()) {
		result = kRteObjInvalid;
	} else if (!g_sched.can_block() ||
		   (mutex->kind_ == SemKind::Resource && (mutex->owner() != me || mutex->pi_.depth > 1))) {
		result = kRtePerm; // (held more than once: one release would not free it)
	} else if (g_sched.deadline_passed(deadline)) {
		result = kRteTimeout;
	} else {
		if (mutex->kind_ == SemKind::Resource)
			mutex->res_release(me);
		else
			mutex->release_unit();
		count_--;
		result = g_sched.block(Wait::Semaphore, &waiters_, this, deadline);
		if (result == kRteTimeout || result == kRteUnblocked) {
			if (valid() && count_ < 0)
				count_++; // one waiter fewer
		} else if (result < kRteBase) {
			result = kOk; // woken by a signal (rt_sem_signal's count too)
		}
		g_sched.ipc_leave(flags);
		int again = mutex->wait(kForever, false);
		if (again == kRteObjInvalid || again == kRteObjRemoved || again == kRtePerm || again == kRteDeadlock ||
		    again == kRteUnblocked)
			return again;
		return result;
	}
	g_sched.ipc_leave(flags);
	return result;
}

// IPC lock held. One unit more, at most one for a binary semaphore; the
// first waiter, if any, takes it (signal without the section). O(1).
void Semaphore::release_unit()
{
	TX_IPC_LOCK_HELD();
	count_++;
	if (Task *w = waiters_.first()) {
		g_sched.wake(w, count_);
	} else {
		if (kind_ == SemKind::Binary && count_ > 1)
			count_ = 1;
		units_freed();
	}
}

// IPC lock held. A unit is free with no waiter to take it: one poller of
// the WAIT_ONE list and every one of the WAIT_ALL list learn of it.
// O(1) + O(WAIT_ALL pollers) wakes.
void Semaphore::units_freed()
{
	TX_IPC_LOCK_HELD();
	if (count_ <= 0)
		return;
	poll_one_.fire_one(kOk);
	poll_all_.fire_all(kOk);
}

// A wait that ended without the unit it queued for gives it back (a signal
// that came meanwhile found no waiter and counted its own). Its own IPC
// section: O(1).
void Semaphore::give_back_unit()
{
	unsigned long flags = g_sched.ipc_enter();
	if (valid()) {
		count_++;
		if (kind_ == SemKind::Binary && count_ > 1)
			count_ = 1;
		units_freed();
	}
	g_sched.ipc_leave(flags);
}

// IPC lock held.
int Semaphore::res_wait(Task *me, Count deadline, bool try_only)
{
	TX_IPC_LOCK_HELD();
	if (!pi_.owner) {
		if (me->linux_ctx)
			return kRtePerm; // Linux cannot own: it would hold an RT task off
		g_sched.pi_own(&pi_, me);
		count_ = 0;
		return 1;
	}
	if (pi_.owner == me) {
		if (recursion_ <= 0)
			return kRteDeadlock;
		return ++pi_.depth;
	}
	if (try_only)
		return 0;
	if (!g_sched.can_block())
		return kRtePerm;
	unsigned hops = 0;
	for (Task *o = pi_.owner; o && o->blocked_pi && hops < kMaxTasks; o = o->blocked_pi->owner, hops++)
		if (o->blocked_pi->owner == me)
			return kRteDeadlock; // waiting would close an ownership cycle
	if (g_sched.deadline_passed(deadline))
		return kRteTimeout;
	return g_sched.block(Wait::Semaphore, &pi_.waiters, this, deadline, &pi_);
}

// IPC lock held.
int Semaphore::res_release(Task *me)
{
	TX_IPC_LOCK_HELD();
	if (pi_.owner != me) {
		if (recursion_ != 0 || !pi_.owner)
			return kRtePerm;
		me = pi_.owner; // RTAI: a plain resource semaphore has no ownership check
	}
	if (--pi_.depth > 0)
		return kOk;
	g_sched.pi_disown(&pi_);
	g_sched.pi_hand_over(&pi_);
	if (!pi_.owner) {
		count_ = 1;
		units_freed();
	}
	g_sched.resources_changed(me);
	return kOk;
}

int Semaphore::count()
{
	unsigned long flags = g_sched.ipc_enter();
	int c = count_;
	if (kind_ == SemKind::Resource)
		c = pi_.owner ? -static_cast<int>(pi_.waiters.count()) : 1;
	g_sched.ipc_leave(flags);
	return c;
}

} // namespace tx
