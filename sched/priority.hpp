// SPDX-License-Identifier: GPL-2.0
// sched/priority.hpp - RTAI priorities and the scheduler's internal levels.
//
// RTAI priorities are ints, 0 the highest, RT_SCHED_LOWEST_PRIORITY
// (0x3fffffff) the lowest a real-time task may have; Linux runs at
// RT_SCHED_LINUX_PRIORITY (0x7fffffff). The ready queue works on kLevels
// levels so that picking the next task is two bit scans. The mapping:
//   priorities 0 .. 223      -> levels 0 .. 223, one level each (exact order);
//   priorities 224 .. 2^30-1 -> levels 224 .. 246, one level per power of two.
// Order is kept everywhere (a higher priority never maps to a lower level);
// two priorities above 223 may share a level and then run in FIFO order.
#pragma once

#include "../lib/bitops.hpp"
#include "config.hpp"

namespace tx {

constexpr int kHighestPriority = 0;
constexpr int kLowestPriority = 0x3fffFfff;
constexpr int kLinuxPriority = 0x7fffFfff;
constexpr unsigned kExactLevels = 224;
constexpr unsigned kLinuxLevel = kLevels; // not a ready-queue level

constexpr bool valid_task_priority(int prio) { return prio >= kHighestPriority && prio <= kLowestPriority; }

inline unsigned level_of(int prio)
{
	if (prio == kLinuxPriority)
		return kLinuxLevel;
	if (prio < static_cast<int>(kExactLevels))
		return static_cast<unsigned>(prio);
	// 224..255 have 8 significant bits, 2^30-1 has 30: levels 224..246.
	return kExactLevels + bit_width(static_cast<uint64_t>(prio)) - 8;
}

static_assert(kExactLevels + 30 - 8 < kLevels, "the top priority fits the level range");

} // namespace tx
