/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rtl_time.h - RTLinux's time calls on Tactus: hrtime_t nanoseconds of the
 * co-kernel's monotonic clock (CLOCK_MONOTONIC of time.h).
 */
#ifndef TACTUS_RTL_TIME_H
#define TACTUS_RTL_TIME_H

#include "time.h"

#ifndef __KERNEL__
#include <tactus/posix_host_names.h>
#endif

typedef long long hrtime_t;

#define HRTIME_INFINITY 0x7fffffffffffffffLL
#define NSECS_PER_SEC   1000000000LL
#define CLOCK_RTL_SCHED CLOCK_MONOTONIC

#ifdef __cplusplus
extern "C" {
#endif

/* Nanoseconds of the monotonic clock. Any context, O(1). */
hrtime_t gethrtime(void);
/* The clock's time in ns (CLOCK_REALTIME or CLOCK_MONOTONIC); -1 for
 * another clock. */
hrtime_t clock_gethrtime(clockid_t clock);

#ifdef __cplusplus
}
#endif

static inline struct timespec timespec_from_ns(hrtime_t ns)
{
	struct timespec t;
	t.tv_sec = (long)(ns / NSECS_PER_SEC);
	t.tv_nsec = (long)(ns % NSECS_PER_SEC);
	return t;
}

static inline hrtime_t timespec_to_ns(const struct timespec *t)
{
	return (hrtime_t)t->tv_sec * NSECS_PER_SEC + t->tv_nsec;
}

#endif /* TACTUS_RTL_TIME_H */
