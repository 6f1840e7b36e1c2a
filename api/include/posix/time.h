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
/* Linux 6.2 on has a timer_delete of its own (struct timer_list): it is
 * declared first, and POSIX's is tx_posix_timer_delete under the POSIX
 * name from here on (a module using this header reaches Linux's as
 * timer_delete_sync or del_timer). */
#if __has_include(<linux/timer.h>)
#include <linux/timer.h>
#endif
#define timer_delete tx_posix_timer_delete
#else
#include <tactus/posix_host_names.h>
typedef int timer_t; /* txp_timer_t: the kernel's timer_t, an int */
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

/* ---- POSIX timers -------------------------------------------------------
 * A timer of CLOCK_MONOTONIC or CLOCK_REALTIME whose expiry sends a signal
 * to the thread that created it (sevp null: SIGALRM; SIGEV_SIGNAL with
 * sigev_signo), or nothing (SIGEV_NONE: timer_gettime shows it).
 * SIGEV_THREAD is not provided (EINVAL): a thread per expiry is not a
 * real-time design; sigwait in a thread of one's own does it. The expiry
 * runs in the CPU's timers manager (RTAI's timers, rtai_tasklets.h), made
 * at pthread_create for the thread's CPU. 64 timers in all (EAGAIN). The
 * calls return 0 or -1 with errno, and work in any context, except that
 * timer_create with a signal needs a thread (EINVAL in Linux context: no
 * one to signal). A module's timers are deleted at its unload. */
struct sigevent;
struct itimerspec;

/* EINVAL (clock, notification or signal number), EAGAIN (no timer left). */
int timer_create(clockid_t clock_id, struct sigevent *sevp, timer_t *timerid);
/* EINVAL (a timer that does not exist). */
int timer_delete(timer_t timerid);
/* Arm (it_value non-zero: from now, or with TIMER_ABSTIME the absolute
 * time of the timer's clock; it_interval the period, 0 for one expiry) or
 * disarm it; *old (if not null) gets what was left. EINVAL (bad timer or
 * times). O(log timers) for the insertion. */
int timer_settime(timer_t timerid, int flags, const struct itimerspec *value, struct itimerspec *old);
int timer_gettime(timer_t timerid, struct itimerspec *value);
/* Expirations whose signal found the previous one still pending, since
 * the last one sigwait took; EINVAL. */
int timer_getoverrun(timer_t timerid);

#ifdef __cplusplus
}
#endif

#endif /* TACTUS_POSIX_TIME_H */
