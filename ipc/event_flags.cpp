// SPDX-License-Identifier: GPL-2.0
#include "event_flags.hpp"

#include "../sched/errors.hpp"

namespace tx {

namespace {

// The two masks of a combined test or of SET_CLR_BITS (event_flags.hpp).
constexpr unsigned kHalf = sizeof(unsigned long) * 4;
unsigned long first_mask(unsigned long m) { return m & ((1ul << kHalf) - 1); }
unsigned long second_mask(unsigned long m) { return m >> kHalf; }

bool all_set(unsigned long f, unsigned long m) { return (f & m) == m; }
bool any_set(unsigned long f, unsigned long m) { return (f & m) != 0; }
bool all_clr(unsigned long f, unsigned long m) { return (~f & m) == m; }
bool any_clr(unsigned long f, unsigned long m) { return (~f & m) != 0; }

using Test = bool (*)(unsigned long, unsigned long);

// RTAI's numbering (rtai_bits.h): the four simple tests, then the pairs
// combined with AND (4..9) and with OR (10..15).
struct Combined {
	Test first, second;
};
constexpr Combined kPairs[6] = {
	{all_set, any_set}, {all_set, all_clr}, {all_set, any_clr},
	{any_set, all_clr}, {any_set, any_clr}, {all_clr, any_clr},
};
constexpr Test kSimple[4] = {all_set, any_set, all_clr, any_clr};

bool holds(int test, unsigned long flags, unsigned long masks)
{
	if (test < 4)
		return kSimple[test](flags, masks);
	const Combined &c = kPairs[(test - 4) % 6];
	bool a = c.first(flags, first_mask(masks)), b = c.second(flags, second_mask(masks));
	return test < 10 ? a && b : a || b;
}

unsigned long applied(int exit, unsigned long flags, unsigned long masks)
{
	switch (exit) {
	case 0: // SET_BITS
		return flags | masks;
	case 1: // CLR_BITS
		return flags & ~masks;
	case 2: // SET_CLR_BITS
		return (flags | first_mask(masks)) & ~second_mask(masks);
	default: // NOP_BITS
		return flags;
	}
}

bool valid_test(int test) { return test >= 0 && test < kBitsTests; }
bool valid_exit(int exit) { return exit >= 0 && exit < kBitsExits; }

} // namespace

int EventFlags::init(unsigned long mask)
{
	unsigned long flags = g_sched.ipc_enter();
	if (valid()) {
		g_sched.ipc_leave(flags);
		return -kEBusy;
	}
	mask_ = mask;
	waiters_.init(QueueOrder::Priority);
	magic_ = kMagic;
	g_sched.ipc_leave(flags);
	return kOk;
}

int EventFlags::destroy()
{
	unsigned long flags = g_sched.ipc_enter();
	if (!valid()) {
		g_sched.ipc_leave(flags);
		return kRteObjInvalid;
	}
	magic_ = 0;
	while (Task *w = waiters_.first()) // O(waiters)
		g_sched.wake(w, kRteObjRemoved);
	g_sched.ipc_leave(flags);
	return kOk;
}

// IPC lock held. Passes over the waiters in priority order, waking each
// whose test holds and applying its exit; an exit that changed the flags
// may satisfy a waiter passed before it, so the pass repeats while one did.
// Each repeated pass wakes one waiter at least: O(waiters^2) tests at most.
void EventFlags::wake_satisfied()
{
	bool again = true;
	while (again) {
		again = false;
		for (Task *w = waiters_.first(); w;) {
			Task *next = waiters_.next_of(w);
			if (holds(w->bits_test, mask_, w->bits_test_masks)) {
				unsigned long before = mask_;
				w->bits_seen = mask_;
				mask_ = applied(w->bits_exit, mask_, w->bits_exit_masks);
				g_sched.wake(w, kOk);
				again = again || mask_ != before;
			}
			w = next;
		}
	}
}

unsigned long EventFlags::signal(int fun, unsigned long masks)
{
	unsigned long flags = g_sched.ipc_enter();
	if (!valid() || !valid_exit(fun)) {
		g_sched.ipc_leave(flags);
		return static_cast<unsigned long>(kRteObjInvalid);
	}
	mask_ = applied(fun, mask_, masks);
	unsigned long after = mask_;
	wake_satisfied();
	g_sched.ipc_leave(flags);
	return after;
}

unsigned long EventFlags::reset(unsigned long mask)
{
	unsigned long flags = g_sched.ipc_enter();
	if (!valid()) {
		g_sched.ipc_leave(flags);
		return static_cast<unsigned long>(kRteObjInvalid);
	}
	unsigned long before = mask_;
	mask_ = mask;
	wake_satisfied();
	g_sched.ipc_leave(flags);
	return before;
}

int EventFlags::wait(int test, unsigned long test_masks, int exit, unsigned long exit_masks, unsigned long *seen,
		     Count deadline, bool try_only)
{
	unsigned long flags = g_sched.ipc_enter();
	unsigned long got = 0;
	int result;
	if (!valid() || !valid_test(test) || !valid_exit(exit)) {
		result = kRteObjInvalid;
	} else if (holds(test, mask_, test_masks)) {
		got = mask_;
		mask_ = applied(exit, mask_, exit_masks);
		if (mask_ != got)
			wake_satisfied(); // the exit may satisfy waiters
		result = try_only ? 1 : kOk;
	} else if (try_only) {
		got = mask_;
		result = 0;
	} else if (!g_sched.can_block()) {
		result = kRtePerm;
	} else if (g_sched.deadline_passed(deadline)) {
		result = kRteTimeout;
	} else {
		Task *me = g_sched.current();
		me->bits_test = static_cast<uint8_t>(test);
		me->bits_test_masks = test_masks;
		me->bits_exit = static_cast<uint8_t>(exit);
		me->bits_exit_masks = exit_masks;
		result = g_sched.block_and_leave(flags, Wait::Bits, &waiters_, this, deadline);
		if (seen)
			*seen = result == kOk ? me->bits_seen : 0;
		return result;
	}
	g_sched.ipc_leave(flags);
	if (seen)
		*seen = got;
	return result;
}

} // namespace tx
