// SPDX-License-Identifier: GPL-2.0
// hal/spinlock.hpp - the co-kernel's spinlock.
//
// A ticket lock shared by all CPUs, taken with co-kernel interrupts masked on
// this CPU (lock() masks first; acquire() expects the caller masked). Tickets
// make waiting FIFO, so a CPU waits at most (CPUs - 1) hold times; every
// holder in the core states its hold time. In debug builds the lock also
// remembers which CPU holds it, for the "lock held" assertions of the code
// it protects. Never held across a call into Linux. Not recursive.
#pragma once

#include "hal.h"
#include "../lib/assert.hpp"
#include "../lib/atomic.hpp"

// Assertions about who holds which lock: on in the host tests and in kernels
// built with lock debugging (Kbuild defines TX_DEBUG_LOCKS with
// CONFIG_PROVE_LOCKING), off on the production real-time path.
#ifdef TX_DEBUG_LOCKS
#define TX_ASSERT_LOCKED(cond) TX_ASSERT(cond)
#else
#define TX_ASSERT_LOCKED(cond) ((void)0)
#endif

namespace tx {

// The contended path of SpinLock::acquire(), out of line so that the
// uncontended one stays a few instructions. Internal linkage (a copy per
// object file): an out-of-line member of a header class would be a COMDAT
// function, which the x86 kernel's __patchable_function_entries cannot
// reference once the linker discards a duplicate. Returns the spins made.
[[gnu::noinline, maybe_unused]] static uint64_t spin_until_served(const uint32_t *serving, uint32_t ticket)
{
	uint64_t spins = 0;
	do {
		tx_hal_relax();
		spins++;
	} while (load_acquire(serving) != ticket);
	return spins;
}

// Always inlined: an out-of-line copy would be a COMDAT function, which the
// x86 kernel's -fpatchable-function-entry records in a section that the
// module's partial link cannot discard with it (seen in api/posix_threads.o).
class SpinLock {
public:
	// Masks, then spins until the lock is ours. Returns the masking state
	// to hand back to unlock().
	[[gnu::always_inline]] unsigned long lock()
	{
		unsigned long flags = tx_port_irq_save();
		acquire();
		return flags;
	}

	[[gnu::always_inline]] void unlock(unsigned long flags)
	{
		release();
		tx_port_irq_restore(flags);
	}

	// The same without touching the masking: the caller is masked and
	// stays masked.
	[[gnu::always_inline]] void acquire()
	{
		uint32_t ticket = fetch_add(&next_, 1u);
		if (load_acquire(&serving_) != ticket)
			wait_for(ticket);
#ifdef TX_DEBUG_LOCKS
		store_relaxed(&holder_, tx_port_cpu() + 1);
#endif
	}

	[[gnu::always_inline]] void release()
	{
		TX_ASSERT(held());
#ifdef TX_DEBUG_LOCKS
		store_relaxed(&holder_, 0u);
#endif
		store_release(&serving_, serving_ + 1);
	}

	// Held by some CPU.
	bool held() const { return load_relaxed(&next_) != load_relaxed(&serving_); }
#ifdef TX_DEBUG_LOCKS
	// Held by the calling CPU (masked: it cannot move meanwhile). Debug
	// builds only: for assertions.
	bool held_here() const { return held() && load_relaxed(&holder_) == tx_port_cpu() + 1; }
#endif

	void reset()
	{
		next_ = serving_ = holder_ = 0;
		waits_ = spins_ = 0;
	}

	// Contention so far, counted by each waiter once it holds the lock: the
	// acquisitions that found the lock taken, and the spin iterations they
	// made (each one tx_hal_relax() and a load).
	uint64_t waits() const { return load_relaxed(&waits_); }
	uint64_t spins() const { return load_relaxed(&spins_); }

private:
	void wait_for(uint32_t ticket)
	{
		uint64_t spins = spin_until_served(&serving_, ticket);
		store_relaxed(&waits_, waits_ + 1);
		store_relaxed(&spins_, spins_ + spins);
	}

	uint32_t next_ = 0;
	uint32_t serving_ = 0;
	uint32_t holder_ = 0; // CPU index + 1 of the holder, 0: none
	uint64_t waits_ = 0, spins_ = 0;
};

} // namespace tx
