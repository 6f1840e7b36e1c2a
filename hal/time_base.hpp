// SPDX-License-Identifier: GPL-2.0
// hal/time_base.hpp - nanoseconds to counts of the port's time base and back
// (tx_port_counter_hz), rounded to the nearest: the scheduler's /proc figures
// and module parameters (sched/info.cpp). The public nano2count()/count2nano()
// (api/rtai_sched.cpp) truncate instead, as RTAI's do.
#pragma once

#include "../arch/port.h"
#include "../lib/muldiv.hpp"

namespace tx {

constexpr uint64_t kNanosPerSecond = 1'000'000'000;

// Rounded to the nearest count; saturates at the int64 range. Any context.
// Bound: one 128-by-64-bit division (lib/muldiv.hpp, a fixed number of steps).
inline int64_t counts_from_ns(int64_t ns) { return muldiv_round(ns, tx_port_counter_hz(), kNanosPerSecond); }

// Rounded to the nearest nanosecond; same bound.
inline int64_t ns_from_counts(int64_t counts) { return muldiv_round(counts, kNanosPerSecond, tx_port_counter_hz()); }

} // namespace tx
