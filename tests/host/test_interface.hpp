// SPDX-License-Identifier: GPL-2.0
// tests/host/test_interface.hpp - the declared test interface: all that the
// host tools (tools/host-demo, tools/bench-host) use of Tactus besides the
// public headers of api/include. For tests and benchmarks on the host
// simulation only; no kernel module or user program includes it.
//
// tools/check-layers.sh holds tools/ to this header and the public ones, so
// what a tool needs of the core shows here, in one place:
//  - the simulated machine (arch/host/sim.hpp): time, Linux, interrupts;
//  - two pieces of the core measured on their own by tools/bench-host: the
//    ready queue (the scheduler's O(1) decision) and the FIFO's ByteRing;
//  - the functions below, which stand in for what Linux does on a kernel.
// (The unit tests in tests/host are white-box and include core headers.)
#pragma once

#include "../../arch/host/sim.hpp"
#include "../../fifo/fifo.hpp"
#include "../../fifo/ring.hpp"
#include "../../sched/scheduler.hpp"

namespace tx::testing {

// What a non-blocking read() of /dev/rtfN returns: up to 'n' bytes of FIFO
// 'fifo' in the direction real-time code writes (rtf_put), or 0 when it is
// empty. Linux context (the test's main thread).
inline long read_fifo_as_linux(unsigned fifo, void *dst, size_t n)
{
	return fifo_linux_read(fifo, dst, n, false);
}

// Delete every task, as unloading every task module does; returns how many.
// Linux context.
inline unsigned delete_all_tasks() { return g_sched.delete_tasks_if(nullptr, nullptr); }

} // namespace tx::testing
