// SPDX-License-Identifier: GPL-2.0
// api/posix_internal.hpp - shared pieces of the POSIX layer (pthread.h,
// semaphore.h, time.h, sched.h of api/include/posix/), which maps every
// call onto the RTAI API and the core: errno, priorities, time.
#pragma once

#include <posix/pthread.h>
#include <posix/semaphore.h>

#include "../hal/time_base.hpp"
#include "../lib/div64.hpp"
#include "api_internal.hpp"

namespace tx::posix {

// The calling context's task (a real-time task, or this CPU's Linux task).
inline Task *self_task() { return g_sched.current(); }

// A real-time task (not Linux context, not a handler): may block.
inline bool in_thread() { return g_sched.can_block(); }

// The -1/errno convention: store e in the caller's errno, return -1.
int fail(int e);

// POSIX priority (1..99, higher is more urgent) <-> the core's (RTAI's:
// 0 is the most urgent).
constexpr bool valid_posix_prio(int p) { return p >= TACTUS_POSIX_PRIO_MIN && p <= TACTUS_POSIX_PRIO_MAX; }
constexpr int core_prio(int posix) { return TACTUS_RTAI_PRIO_OF_POSIX(posix); }
constexpr int posix_prio(int core) { return TACTUS_POSIX_PRIO_MAX - core; }

constexpr int64_t kNsPerSec = 1'000'000'000;

inline bool valid_timespec(const struct timespec *t) { return t && t->tv_nsec >= 0 && t->tv_nsec < kNsPerSec && t->tv_sec >= 0; }
// Saturating: a time far in the future is "never" (kForever).
inline int64_t ns_of(const struct timespec *t)
{
	if (t->tv_sec >= (INT64_MAX - kNsPerSec) / kNsPerSec)
		return INT64_MAX;
	return static_cast<int64_t>(t->tv_sec) * kNsPerSec + t->tv_nsec;
}
inline void timespec_of(int64_t ns, struct timespec *t)
{
	int64_t nsec = 0;
	t->tv_sec = static_cast<long>(div_s64_rem(ns, kNsPerSec, &nsec));
	t->tv_nsec = static_cast<long>(nsec);
}

// Nanoseconds of a clock: CLOCK_MONOTONIC (the time base), CLOCK_REALTIME
// (that plus Linux's wall clock at load, rt_get_real_time_ns). False for
// another clock.
bool clock_ns(clockid_t clock, int64_t *ns);
// The core's absolute deadline (counts) of an absolute time of 'clock'.
// kForever for a time beyond the counter's range.
Count deadline_of(clockid_t clock, int64_t abs_ns);
// The core's deadline of a relative delay in ns.
Count deadline_in(int64_t delay_ns);

} // namespace tx::posix

// Whether 'sig' is pending for 'thread' (api/posix_threads.cpp), for the
// timers' overrun count. Any context, O(1).
extern "C" int tx_posix_signal_pending(pthread_t thread, int sig);
