// SPDX-License-Identifier: GPL-2.0
// sched/config.hpp - compile-time limits of the core. Every bound stated in
// the scheduler derives from these.
#pragma once

#include "../arch/port.h"
#include "../lib/freestanding.hpp"

namespace tx {

using Count = int64_t; // time in counts of the port's time base (RTIME)

constexpr Count kForever = INT64_MAX;

// Internal priority levels (0 = highest). Linux sits below all of them.
constexpr unsigned kLevels = 256;

// Most tasks that may exist at once: sizes the per-CPU timer heaps, so that
// a timer insertion can never fail and costs at most log2(kMaxTasks) steps.
constexpr unsigned kMaxTasks = 1024;

constexpr unsigned kMaxCpus = TX_MAX_CPUS;

// Stack limits for rt_task_init (bytes).
constexpr size_t kMinStack = 4096;
constexpr size_t kMaxStack = 8u << 20;

constexpr size_t kTaskNameLen = 16;

} // namespace tx
