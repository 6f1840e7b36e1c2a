// SPDX-License-Identifier: GPL-2.0
// sched/priority.hpp - RTAI priorities and the scheduler's internal levels.
//
// RTAI priorities are ints, 0 the highest, RT_SCHED_LOWEST_PRIORITY
// (0x3fffffff) the lowest a real-time task may have; Linux runs at
// RT_SCHED_LINUX_PRIORITY (0x7fffffff). A task inside rt_sched_lock runs at
// -1, above every task priority (RTAI's sched_lock_priority). The ready
// queue works on kLevels levels so that picking the next task is two bit
// scans. The mapping:
//   priority -1              -> level 0 (rt_sched_lock);
//   priorities 0 .. 222      -> levels 1 .. 223, one level each (exact order);
//   priorities 223 .. 2^30-1 -> levels 224 .. 246, one level per power of two.
// Order is kept everywhere (a higher priority never maps to a lower level);
// two priorities above 222 may share a level and then run in FIFO order.
#pragma once

#include "../lib/bitops.hpp"
#include "config.hpp"

namespace tx {

constexpr int kHighestPriority = 0;
constexpr int kLowestPriority = 0x3fffFfff;
constexpr int kLinuxPriority = 0x7fffFfff;
constexpr int kSchedLockPriority = -1;
constexpr unsigned kExactPriorities = 223; // 0 .. 222
constexpr unsigned kLinuxLevel = kLevels; // not a ready-queue level

constexpr bool valid_task_priority(int prio) { return prio >= kHighestPriority && prio <= kLowestPriority; }

inline unsigned level_of(int prio)
{
	if (prio == kLinuxPriority)
		return kLinuxLevel;
	if (prio < static_cast<int>(kExactPriorities))
		return static_cast<unsigned>(prio + 1); // -1 (rt_sched_lock) is level 0
	// 223..255 have 8 significant bits, 2^30-1 has 30: levels 224..246.
	return kExactPriorities + 1 + bit_width(static_cast<uint64_t>(prio)) - 8;
}

static_assert(kExactPriorities + 1 + 30 - 8 < kLevels, "the top priority fits the level range");

} // namespace tx
