// SPDX-License-Identifier: GPL-2.0
// hal/spinlock.hpp - the co-kernel's spinlock.
//
// Acquiring masks co-kernel interrupts on this CPU, then takes a ticket lock
// shared by all CPUs. Tickets make waiting FIFO, so a CPU waits at most
// (CPUs - 1) hold times; every holder in the core states its hold time.
// Never held across a call into Linux. Not recursive.
#pragma once

#include "hal.h"
#include "../lib/assert.hpp"
#include "../lib/atomic.hpp"

namespace tx {

class SpinLock {
public:
	// Masks, then spins until the lock is ours. Returns the masking state
	// to hand back to unlock().
	unsigned long lock()
	{
		unsigned long flags = tx_port_irq_save();
		uint32_t ticket = fetch_add(&next_, 1u);
		while (load_acquire(&serving_) != ticket)
			tx_port_relax();
		return flags;
	}

	void unlock(unsigned long flags)
	{
		TX_ASSERT(held());
		store_release(&serving_, serving_ + 1);
		tx_port_irq_restore(flags);
	}

	// Held by some CPU (for assertions: with masking, by this one).
	bool held() const { return load_relaxed(&next_) != load_relaxed(&serving_); }

	void reset() { next_ = serving_ = 0; }

private:
	uint32_t next_ = 0;
	uint32_t serving_ = 0;
};

// Scoped holder: for code that takes and drops the lock in one block.
class LockGuard {
public:
	explicit LockGuard(SpinLock &l) : lock_(l), flags_(l.lock()) {}
	~LockGuard() { lock_.unlock(flags_); }
	LockGuard(const LockGuard &) = delete;
	LockGuard &operator=(const LockGuard &) = delete;

private:
	SpinLock &lock_;
	unsigned long flags_;
};

} // namespace tx
