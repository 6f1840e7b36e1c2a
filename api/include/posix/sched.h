/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sched.h - scheduling policies and priorities for real-time modules
 * (Tactus's POSIX layer, PSE51).
 *
 * POSIX priorities are "higher number = more urgent", from 1 to 99 for
 * SCHED_FIFO and SCHED_RR (what Linux and most RTOSes use). The co-kernel
 * counts the other way (RTAI: 0 is the most urgent): POSIX priority p runs
 * at RTAI priority 99 - p, so POSIX 99 is RTAI 0 and POSIX 1 is RTAI 98,
 * and a POSIX thread and an RTAI task of the same machine compare by those
 * numbers. All real-time priorities are above Linux's.
 * SCHED_RR threads of one priority take turns every 4 ms (RTAI's default
 * quantum); SCHED_FIFO threads run until they block or yield.
 */
#ifndef TACTUS_POSIX_SCHED_H
#define TACTUS_POSIX_SCHED_H

#ifdef __KERNEL__
#if __has_include(<linux/sched/types.h>)
#include <linux/sched.h>            /* struct sched_param (6.12), SCHED_FIFO, SCHED_RR */
#include <uapi/linux/sched/types.h> /* struct sched_param (6.1) */
#else
struct sched_param {
	int sched_priority;
};
#define SCHED_NORMAL 0
#define SCHED_FIFO   1
#define SCHED_RR     2
#endif
#ifndef SCHED_OTHER
#define SCHED_OTHER SCHED_NORMAL
#endif
#else
#include <sched.h>
#include <tactus/posix_host_names.h>
#endif

/* The RTAI priority of POSIX priority p (1..99), and back. */
#define TACTUS_POSIX_PRIO_MIN 1
#define TACTUS_POSIX_PRIO_MAX 99
#define TACTUS_RTAI_PRIO_OF_POSIX(p) (TACTUS_POSIX_PRIO_MAX - (p))

#ifdef __cplusplus
extern "C" {
#endif

/* 1 and 99 for SCHED_FIFO and SCHED_RR; -1 with errno EINVAL for any
 * other policy. Any context. */
int sched_get_priority_min(int policy);
int sched_get_priority_max(int policy);

/* The calling real-time task goes behind the other ready tasks of its
 * priority. 0 (also from Linux context, where it does nothing). */
int sched_yield(void);

#ifdef __cplusplus
}
#endif

#endif /* TACTUS_POSIX_SCHED_H */
