/* SPDX-License-Identifier: GPL-2.0 */
/*
 * semaphore.h - POSIX counting semaphores for real-time modules (Tactus's
 * POSIX layer, PSE51), over the co-kernel's counting semaphores.
 *
 * Return convention: 0, or -1 with errno (errno.h). Waiters are served in
 * priority order. sem_post is callable from any context, a real-time
 * interrupt handler included; the waits need a real-time thread (EPERM
 * from Linux context), except sem_trywait. Unnamed semaphores only
 * (sem_open is not part of PSE51). Bounded: O(1) per call plus the
 * waiter queue's insertion, O(waiters).
 */
#ifndef TACTUS_POSIX_SEMAPHORE_H
#define TACTUS_POSIX_SEMAPHORE_H

#include "errno.h"
#include "time.h"

#ifndef __KERNEL__
#include <tactus/posix_host_names.h>
#endif

typedef struct {
	long long sem[24]; /* the co-kernel semaphore (RTAI's SEM) */
} sem_t;

/* The largest count: below RTAI's RTE_* codes, which share the count's range. */
#define SEM_VALUE_MAX 0x3ffffeff

#ifdef __cplusplus
extern "C" {
#endif

/* 'pshared' is accepted either way (all real-time modules share one
 * address space). EINVAL (value above SEM_VALUE_MAX), EBUSY (a live
 * semaphore: destroy it first). Any context. */
int sem_init(sem_t *sem, int pshared, unsigned int value);
/* EBUSY while threads wait on it; EINVAL (not a semaphore). */
int sem_destroy(sem_t *sem);
/* Take one unit, waiting for it: EINVAL, EPERM (Linux context), EINTR
 * (woken early by rt_task_masked_unblock). */
int sem_wait(sem_t *sem);
/* EAGAIN when no unit is there. Any context. */
int sem_trywait(sem_t *sem);
/* As sem_wait, ETIMEDOUT once CLOCK_REALTIME reads abstime (a time past:
 * at once, when no unit is there); EINVAL for tv_nsec out of range. */
int sem_timedwait(sem_t *sem, const struct timespec *abstime);
/* Give one unit (to the most urgent waiter). EINVAL, EOVERFLOW (at
 * SEM_VALUE_MAX). Any context. */
int sem_post(sem_t *sem);
/* The count, or minus the number of waiters when threads wait (as POSIX
 * allows). Any context. */
int sem_getvalue(sem_t *sem, int *value);

#ifdef __cplusplus
}
#endif

#endif /* TACTUS_POSIX_SEMAPHORE_H */
