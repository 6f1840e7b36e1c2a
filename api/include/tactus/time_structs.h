/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tactus/time_structs.h - struct timespec, struct timeval, struct itimerspec
 * and timer_t for the RTAI calls that take them (rtai_sched.h's conversions,
 * rt_psem_timedwait, rt_pmutex_timedlock, the POSIX timers of
 * rtai_tasklets.h).
 *
 * Kernel code lost these structs in Linux 5.6 (only timespec64 and the
 * __kernel_ forms remain; the uapi header defines them for user space
 * only), while RTAI's API still takes them. Inside the kernel, Tactus
 * defines them with the uapi layout (a long of seconds, a long of
 * nanoseconds or microseconds) under the uapi header's own guard, so a
 * module sees one definition whatever it includes; user space and the host
 * tests take libc's.
 */
#ifndef TACTUS_TIME_STRUCTS_H
#define TACTUS_TIME_STRUCTS_H

#ifdef __KERNEL__

#if __has_include(<linux/types.h>)
#include <linux/types.h> /* timer_t */
#else
typedef int timer_t; /* the freestanding core: __kernel_timer_t's type */
#endif

#ifndef _STRUCT_TIMESPEC
#define _STRUCT_TIMESPEC
struct timespec {
	long tv_sec;  /* seconds */
	long tv_nsec; /* nanoseconds */
};
#endif

#ifndef TACTUS_STRUCT_TIMEVAL
#define TACTUS_STRUCT_TIMEVAL
struct timeval {
	long tv_sec;  /* seconds */
	long tv_usec; /* microseconds */
};
#endif

#ifndef TACTUS_STRUCT_ITIMERSPEC
#define TACTUS_STRUCT_ITIMERSPEC
struct itimerspec {
	struct timespec it_interval; /* period, 0: one firing */
	struct timespec it_value;    /* first firing, 0: disarmed */
};
#endif

#ifndef TIMER_ABSTIME
#define TIMER_ABSTIME 0x01
#endif

#else /* user space */

#include <sys/time.h>
#include <time.h>

#endif

#endif /* TACTUS_TIME_STRUCTS_H */
