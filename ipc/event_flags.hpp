// SPDX-License-Identifier: GPL-2.0
// ipc/event_flags.hpp - RTAI's event flags (BITS, rtai_bits.h): a word of
// flags that tasks wait on with a test (all / any of a mask set or clear,
// or two such tests combined) and change on the way out.
//
// A signal changes the flags, then passes the waiters in priority order:
// each whose test now holds is woken with the mask that satisfied it, and
// its exit function is applied there and then, so the next waiter is tested
// against the flags as the previous one left them (a waiter that clears what
// it waited for consumes it). RTAI applies the exit function when the woken
// task runs again, after the flags may have changed.
//
// Combined tests and SET_CLR_BITS take two masks in one unsigned long: the
// low half is the first mask (ALL_SET in ALL_SET_AND_ANY_CLR, the bits to
// set), the high half the second (rtai_bits.h, RT_BITS_MASKS). RTAI reads
// the second from beyond its argument, which works nowhere.
//
// Bounds: wait is O(1) plus the wait-queue insert (O(waiters)), and when
// its exit changes the flags, the waiters' pass below; signal and reset
// pass over the waiters until no exit changes the flags any more, each
// pass waking one at least: O(waiters^2) tests at most (O(waiters) when no
// exit satisfies an earlier waiter); destroy is O(waiters).
#pragma once

#include "../sched/scheduler.hpp"

namespace tx {

constexpr int kBitsTests = 16; // ALL_SET .. ALL_CLR_OR_ANY_CLR
constexpr int kBitsExits = 4;  // SET_BITS, CLR_BITS, SET_CLR_BITS, NOP_BITS

class EventFlags {
public:
	// Any context. 0, or -EBUSY for live event flags (their waiters
	// would be lost): nothing changes.
	int init(unsigned long mask);
	// Wakes the waiters with RTE_OBJREM. 0, or RTE_OBJINV.
	int destroy();
	unsigned long get() const { return mask_; }
	// Apply 'fun' (SET_BITS...) with 'masks', then wake whom it satisfies.
	// The flags after the change, or RTE_OBJINV (as an unsigned long) for
	// an object that is not event flags or a bad 'fun'.
	unsigned long signal(int fun, unsigned long masks);
	// The flags become 'mask'; the waiters it satisfies are woken. The
	// flags before, or RTE_OBJINV.
	unsigned long reset(unsigned long mask);
	// Wait until test(flags, test_masks) holds, then apply exit(exit_masks);
	// *seen (if given) gets the flags that satisfied the test. Returns 0,
	// RTE_TIMOUT, RTE_UNBLKD, RTE_OBJREM, RTE_OBJINV (a bad object or
	// function number) or RTE_PERM (Linux context or a handler, when it
	// would block). With 'try_only': 1 if the test held (exit applied), 0 if
	// not; *seen gets the flags either way.
	int wait(int test, unsigned long test_masks, int exit, unsigned long exit_masks, unsigned long *seen,
		 Count deadline, bool try_only);
	bool valid() const { return magic_ == kMagic; }

private:
	static constexpr uint32_t kMagic = 0x9ac24448; // RTAI's RT_BITS_MAGIC
	void wake_satisfied();

	uint32_t magic_;
	unsigned long mask_;
	WaitQueue waiters_;
};

} // namespace tx
