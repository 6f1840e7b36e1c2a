/* SPDX-License-Identifier: GPL-2.0 */
/*
 * time.h - clocks and sleeping for real-time modules (Tactus's POSIX layer,
 * PSE51).
 *
 * Two clocks, both read from the co-kernel's time base (the CPU's counter,
 * the same one rt_get_time() reads), with nanosecond resolution:
 *   CLOCK_MONOTONIC  time since the co-kernel's time base started (module
 *                    load), never set;
 *   CLOCK_REALTIME   CLOCK_MONOTONIC plus Linux's wall-clock time taken when
 *                    tactus_sched loaded (rt_gettimeorig() takes it again):
 *                    it follows the counter, not later settimeofday() or
 *                    NTP steps of Linux.
 * Any other clock id is EINVAL. Sleeping calls block the calling real-time
 * task; from Linux context they fail with EPERM (as every blocking call of
 * Tactus). Bounded: O(1) plus the timer queue's insertion.
 */
#ifndef TACTUS_POSIX_TIME_H
#define TACTUS_POSIX_TIME_H

#include <tactus/time_structs.h> /* struct timespec, TIMER_ABSTIME */

#ifdef __KERNEL__
#if __has_include(<linux/types.h>)
#include <linux/types.h> /* clockid_t */
#else
typedef int clockid_t;
#endif
#ifndef CLOCK_REALTIME
#define CLOCK_REALTIME 0
#endif
#ifndef CLOCK_MONOTONIC
#define CLOCK_MONOTONIC 1
#endif
#else
#include <tactus/posix_host_names.h>
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* The clock's time. 0, or -1 with errno EINVAL (unknown clock, null tp).
 * Any context, O(1). */
int clock_gettime(clockid_t clock_id, struct timespec *tp);

/* The clock's resolution: one counter tick, rounded up to a whole
 * nanosecond. 0, or -1 with errno EINVAL. Any context. */
int clock_getres(clockid_t clock_id, struct timespec *res);

/* Sleep for 'rq' (flags 0) or until the clock reads 'rq' (TIMER_ABSTIME;
 * a time already past returns at once). Returns 0 or an error number (not
 * errno): EINVAL (unknown clock, tv_nsec outside 0..999999999, negative
 * seconds), EPERM (Linux context), EINTR (woken early by rt_task_masked_unblock,
 * i.e. rt_task_wakeup_sleeping; the time left is in *rm for a relative
 * sleep when rm is not null). */
int clock_nanosleep(clockid_t clock_id, int flags, const struct timespec *rq, struct timespec *rm);

/* clock_nanosleep(CLOCK_MONOTONIC, 0, rq, rm) with the -1/errno
 * convention. */
int nanosleep(const struct timespec *rq, struct timespec *rm);

#ifdef __cplusplus
}
#endif

#endif /* TACTUS_POSIX_TIME_H */
