// SPDX-License-Identifier: GPL-2.0
// lib/memory_cap.hpp - a cap on the bytes a set of allocations may take
// together (the FIFOs' rings, the shm segments), charged without a lock:
// callers allocate outside any lock, each under its own mutex.
#pragma once

#include "atomic.hpp"
#include "freestanding.hpp"

namespace tx {

struct MemoryCap {
	size_t cap = 0;  // bytes in all; 0: no cap
	size_t used = 0; // bytes charged now

	// Charge 'bytes'; false (nothing charged): it would pass the cap. A
	// compare-and-exchange loop that retries only when another charge or
	// uncharge changed the total meanwhile.
	bool charge(size_t bytes)
	{
		size_t now = load_relaxed(&used);
		do {
			if (cap && (bytes > cap || now > cap - bytes))
				return false;
		} while (!compare_exchange(&used, &now, now + bytes));
		return true;
	}
	void uncharge(size_t bytes) { fetch_add(&used, -bytes); }
	size_t in_use() const { return load_relaxed(&used); }
};

} // namespace tx
