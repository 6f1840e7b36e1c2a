/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rtl_time.h - RTLinux's time calls on Tactus: hrtime_t nanoseconds of the
 * co-kernel's monotonic clock (CLOCK_MONOTONIC of time.h).
 */
#ifndef TACTUS_RTL_TIME_H
#define TACTUS_RTL_TIME_H

#include "time.h"

#if defined(__KERNEL__) && !defined(__cplusplus)
#include <linux/math64.h>
#endif
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

/* Kernel C divides through linux/math64.h: a 32-bit ARM kernel has no
 * 64-bit "/" (the compiler's helper is not exported). Truncates toward
 * zero either way, as "/" and "%" do. */
static inline struct timespec timespec_from_ns(hrtime_t ns)
{
	struct timespec t;
#if defined(__KERNEL__) && !defined(__cplusplus)
	s32 rem;

	t.tv_sec = (long)div_s64_rem(ns, (s32)NSECS_PER_SEC, &rem);
	t.tv_nsec = rem;
#else
	t.tv_sec = (long)(ns / NSECS_PER_SEC);
	t.tv_nsec = (long)(ns % NSECS_PER_SEC);
#endif
	return t;
}

static inline hrtime_t timespec_to_ns(const struct timespec *t)
{
	return (hrtime_t)t->tv_sec * NSECS_PER_SEC + t->tv_nsec;
}

#endif /* TACTUS_RTL_TIME_H */
