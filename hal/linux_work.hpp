// SPDX-License-Identifier: GPL-2.0
// hal/linux_work.hpp - deferred work from real-time context to Linux.
//
// Real-time code cannot wake a Linux task or print: it queues a LinuxWork
// item instead (lock-free, O(1), safe from any context and CPU), and the port
// runs the item's function soon after in Linux context (irq_work on a kernel).
// An item queued twice before it runs runs once.
#pragma once

#include "../lib/freestanding.hpp"

namespace tx {

struct LinuxWork {
	void (*fn)(LinuxWork *self) = nullptr;
	LinuxWork *next = nullptr;
	uint32_t queued = 0; // 1 from queue() until the function starts

	constexpr LinuxWork() = default;
	constexpr explicit LinuxWork(void (*f)(LinuxWork *)) : fn(f) {}
};

} // namespace tx

// C linkage: in a kernel these live in tactus_hal.ko and are exported to the
// other Tactus modules (C++ symbols cannot cross modules).
extern "C" {
// Queue 'w' (no-op if already queued) and ask the port for a Linux call.
// Any context. Bounded: one exchange plus a CAS loop that only retries when
// another CPU pushed concurrently.
void tx_linux_work_queue(tx::LinuxWork *w);
// Run everything queued so far. Linux context; called by tx_core_linux_work.
void tx_linux_work_run_all(void);
// Forget queued work (load / re-init). Linux context.
void tx_linux_work_reset(void);
}

namespace tx {
inline void linux_work_queue(LinuxWork *w) { tx_linux_work_queue(w); }
inline void linux_work_run_all() { tx_linux_work_run_all(); }
inline void linux_work_reset() { tx_linux_work_reset(); }
} // namespace tx
