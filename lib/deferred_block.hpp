// SPDX-License-Identifier: GPL-2.0
// lib/deferred_block.hpp - the header of a block that real-time context gives
// back. Real-time context cannot call the allocator, so the block is queued
// through this header, which lives in the block itself, and Linux frees it
// later (Scheduler::free_later): task stacks and mailbox rings. The FIFOs
// keep their rings behind one too, for its size. It is here, not in sched/,
// so that a FIFO needs nothing of the scheduler's task block.
#pragma once

#include "freestanding.hpp"
#include "list.hpp"

namespace tx {

struct DeferredBlock {
	ListNode link;
	size_t bytes; // whole allocation, header included
};

} // namespace tx
