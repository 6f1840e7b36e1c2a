/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pthread.h - POSIX threads for real-time modules (Tactus's POSIX layer:
 * PSE51's threads, mutexes and condition variables, and RTLinux's _np
 * extensions), over the co-kernel's tasks and semaphores.
 *
 * A thread is a real-time task: it runs on the co-kernel's scheduler at a
 * fixed priority (sched.h: POSIX 1..99, higher is more urgent), above all
 * of Linux. Return convention: every pthread_* call returns 0 or an error
 * number and leaves errno alone.
 *
 * Contexts: "Linux context" is module init and exit (and other ordinary
 * kernel code), "a thread" is a real-time task. pthread_create allocates:
 * Linux context only (EPERM from a thread). Calls that block (join, lock,
 * cond wait) need a thread: EPERM from Linux context, except
 * pthread_join, which from Linux context polls every millisecond, so that
 * module exit can join its threads. The rest works in both.
 *
 * A module's threads end with it: at unload, threads whose start routine is
 * in the module are deleted and freed (with a warning line), as RTAI tasks
 * are. pthread_cancel is not provided (ENOTSUP): end a thread with
 * pthread_exit from inside, or pthread_delete_np (RTLinux) from outside.
 */
#ifndef TACTUS_POSIX_PTHREAD_H
#define TACTUS_POSIX_PTHREAD_H

#include "errno.h"
#include "sched.h"
#include "time.h"

#ifdef __KERNEL__
#if __has_include(<linux/types.h>)
#include <linux/types.h> /* size_t */
#else
#include <stddef.h>
#endif
#else
#include <stddef.h>
#include <tactus/posix_host_names.h>
#endif

/* A thread: a handle with a generation, so that a handle of a thread that
 * is gone is refused (ESRCH), never followed. 0 is no thread. */
typedef unsigned long pthread_t;

typedef struct {
	int initialized;
	int detachstate;  /* PTHREAD_CREATE_JOINABLE (default) or _DETACHED */
	int inheritsched; /* PTHREAD_EXPLICIT_SCHED (default) or _INHERIT_SCHED */
	int schedpolicy;  /* SCHED_FIFO (default) or SCHED_RR */
	struct sched_param schedparam; /* default priority 1 */
	size_t stacksize; /* default PTHREAD_STACK_DEFAULT */
	void *stackaddr;  /* must stay null: stacks are the co-kernel's */
	int cpu;          /* pthread_attr_setcpu_np; -1: the least loaded CPU */
	int use_fp;       /* pthread_attr_setfp_np; default 0 */
} pthread_attr_t;

#define PTHREAD_CREATE_JOINABLE 0
#define PTHREAD_CREATE_DETACHED 1
#define PTHREAD_INHERIT_SCHED   0
#define PTHREAD_EXPLICIT_SCHED  1
#define PTHREAD_STACK_MIN       4096
#define PTHREAD_STACK_DEFAULT   16384
#define PTHREAD_CANCELED        ((void *)-1)
#define PTHREAD_KEYS_MAX        128
#define PTHREAD_DESTRUCTOR_ITERATIONS 4
#define PTHREAD_THREADS_MAX     1024

/* Mutexes: a co-kernel semaphore (a binary one, or for
 * PTHREAD_PRIO_INHERIT a resource semaphore with priority inheritance)
 * plus the owner and the kind. */
typedef struct {
	int initialized;
	int type;        /* PTHREAD_MUTEX_DEFAULT (NORMAL) */
	int protocol;    /* PTHREAD_PRIO_NONE (default), _INHERIT, _PROTECT */
	int prioceiling; /* POSIX priority, for PTHREAD_PRIO_PROTECT */
} pthread_mutexattr_t;

typedef struct {
	long long sem[24]; /* the co-kernel semaphore (RTAI's SEM) */
	void *owner;       /* the owning task, null when free */
	int state;         /* 0: static initializer, 1: being set up, 2: live */
	int type, protocol, prioceiling;
	int count;         /* recursive locks held */
	int saved_prio;    /* the owner's RTAI priority before a ceiling raised it */
} pthread_mutex_t;

#define PTHREAD_MUTEX_NORMAL     0
#define PTHREAD_MUTEX_RECURSIVE  1
#define PTHREAD_MUTEX_ERRORCHECK 2
#define PTHREAD_MUTEX_DEFAULT    PTHREAD_MUTEX_NORMAL
#define PTHREAD_PRIO_NONE    0
#define PTHREAD_PRIO_INHERIT 1
#define PTHREAD_PRIO_PROTECT 2
/* A NORMAL mutex without inheritance, set up at its first use. */
#define PTHREAD_MUTEX_INITIALIZER { { 0 }, 0, 0, 0, 0, 0, 0, 0 }

typedef struct {
	int initialized;
	clockid_t clock; /* of pthread_cond_timedwait's time: CLOCK_REALTIME (default) or CLOCK_MONOTONIC */
} pthread_condattr_t;

typedef struct {
	long long sem[24]; /* the co-kernel condition semaphore (RTAI's CND) */
	int state;         /* as pthread_mutex_t's */
	clockid_t clock;
} pthread_cond_t;

#define PTHREAD_COND_INITIALIZER { { 0 }, 0, 0 }

typedef unsigned int pthread_key_t;

typedef struct {
	int state; /* 0: not run, 1: running, 2: done */
} pthread_once_t;

#define PTHREAD_ONCE_INIT { 0 }

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Threads ------------------------------------------------------------ */

/* Create a thread running start(arg) with attr (null: the defaults). It
 * starts at once (it preempts the caller if more urgent). Linux context.
 * EPERM (called from a thread), EINVAL (bad attributes, a stackaddr set,
 * a CPU not online), EAGAIN (PTHREAD_THREADS_MAX or the co-kernel's task
 * limit reached), ENOMEM. With PTHREAD_INHERIT_SCHED from Linux context,
 * which has no real-time priority, the attributes' own are used. */
int pthread_create(pthread_t *thread, const pthread_attr_t *attr, void *(*start)(void *), void *arg);

/* End the calling thread with 'value' for its joiner: the destructors of
 * its keys run (PTHREAD_DESTRUCTOR_ITERATIONS passes), mutexes it still
 * holds pass to their waiters, and the task ends. Returning from the
 * start routine does the same. From a task not made by pthread_create
 * (an RTAI task) it deletes that task; from Linux context it does
 * nothing and returns. */
void pthread_exit(void *value);

/* Wait until 'thread' ends and take its value (value may be null); the
 * thread's memory is freed. ESRCH (no such thread), EINVAL (detached, or
 * another thread joins it already), EDEADLK (itself). From Linux context it
 * polls every millisecond (module exit). */
int pthread_join(pthread_t thread, void **value);

/* Its memory is freed when it ends (at once if it has ended). ESRCH,
 * EINVAL (detached already). Any context. */
int pthread_detach(pthread_t thread);

/* The calling thread; 0 in an RTAI task and in Linux context. */
pthread_t pthread_self(void);
int pthread_equal(pthread_t a, pthread_t b);

/* Run init once in the whole system, whoever calls first; the others wait
 * (a thread sleeps in 10 µs steps, Linux context spins) until it has
 * returned. EINVAL for a null argument. */
int pthread_once(pthread_once_t *once, void (*init)(void));

/* Not provided: ENOTSUP (see the top of this file). */
int pthread_cancel(pthread_t thread);

/* Policy and POSIX priority of a live thread: takes effect at once. ESRCH,
 * EINVAL (policy other than SCHED_FIFO/SCHED_RR, priority outside 1..99). */
int pthread_setschedparam(pthread_t thread, int policy, const struct sched_param *param);
int pthread_getschedparam(pthread_t thread, int *policy, struct sched_param *param);

/* Attributes. EINVAL for a null or uninitialised attr or a bad value. */
int pthread_attr_init(pthread_attr_t *attr);
int pthread_attr_destroy(pthread_attr_t *attr);
int pthread_attr_setdetachstate(pthread_attr_t *attr, int state);
int pthread_attr_getdetachstate(const pthread_attr_t *attr, int *state);
/* At least PTHREAD_STACK_MIN, at most 8 MiB (the co-kernel's limit). */
int pthread_attr_setstacksize(pthread_attr_t *attr, size_t size);
int pthread_attr_getstacksize(const pthread_attr_t *attr, size_t *size);
/* Kept, but pthread_create refuses a set stackaddr (EINVAL): every task
 * stack is the co-kernel's own, with its guard words and FPU area. */
int pthread_attr_setstackaddr(pthread_attr_t *attr, void *addr);
int pthread_attr_getstackaddr(const pthread_attr_t *attr, void **addr);
int pthread_attr_setschedpolicy(pthread_attr_t *attr, int policy);
int pthread_attr_getschedpolicy(const pthread_attr_t *attr, int *policy);
int pthread_attr_setschedparam(pthread_attr_t *attr, const struct sched_param *param);
int pthread_attr_getschedparam(const pthread_attr_t *attr, struct sched_param *param);
int pthread_attr_setinheritsched(pthread_attr_t *attr, int inherit);
int pthread_attr_getinheritsched(const pthread_attr_t *attr, int *inherit);

/* Thread-specific data: PTHREAD_KEYS_MAX keys for the whole system. A
 * key's destructor runs at a thread's exit for a non-null value. EAGAIN
 * (no key left), EINVAL (a key not created). get/setspecific work in
 * threads made by pthread_create only (EINVAL, null elsewhere). */
int pthread_key_create(pthread_key_t *key, void (*destructor)(void *));
int pthread_key_delete(pthread_key_t key);
void *pthread_getspecific(pthread_key_t key);
int pthread_setspecific(pthread_key_t key, const void *value);

/* ---- Mutexes ------------------------------------------------------------ */

/* NORMAL: a relock by the owner deadlocks (it waits forever; a timedlock
 * times out), an unlock by another thread is EPERM. ERRORCHECK: a relock
 * is EDEADLK, an unlock by a non-owner EPERM. RECURSIVE: the owner may
 * lock again, as many unlocks free it. PTHREAD_PRIO_INHERIT: the owner
 * runs at the priority of its most urgent waiter (the co-kernel's
 * priority inheritance, transitive). PTHREAD_PRIO_PROTECT: the owner runs
 * at least at the mutex's ceiling while it holds it; locking with a
 * priority above the ceiling is EINVAL. Waiters are served in priority
 * order. Bounded: O(waiters) to queue, PI O(chain). */
int pthread_mutexattr_init(pthread_mutexattr_t *attr);
int pthread_mutexattr_destroy(pthread_mutexattr_t *attr);
int pthread_mutexattr_settype(pthread_mutexattr_t *attr, int type);
int pthread_mutexattr_gettype(const pthread_mutexattr_t *attr, int *type);
int pthread_mutexattr_setprotocol(pthread_mutexattr_t *attr, int protocol);
int pthread_mutexattr_getprotocol(const pthread_mutexattr_t *attr, int *protocol);
int pthread_mutexattr_setprioceiling(pthread_mutexattr_t *attr, int prioceiling);
int pthread_mutexattr_getprioceiling(const pthread_mutexattr_t *attr, int *prioceiling);

/* Any context. EINVAL (bad attr), EBUSY (a live mutex: destroy it first). */
int pthread_mutex_init(pthread_mutex_t *mutex, const pthread_mutexattr_t *attr);
/* EBUSY while locked or waited for. */
int pthread_mutex_destroy(pthread_mutex_t *mutex);
/* A thread: EINVAL (not a mutex, or above a PROTECT ceiling), EDEADLK
 * (ERRORCHECK relock), EAGAIN (recursion count overflow), EPERM (Linux
 * context). */
int pthread_mutex_lock(pthread_mutex_t *mutex);
/* As lock, EBUSY instead of waiting. Also from Linux context, except a
 * PTHREAD_PRIO_INHERIT mutex, which Linux cannot own (EPERM: it would hold
 * a real-time waiter off). */
int pthread_mutex_trylock(pthread_mutex_t *mutex);
/* As lock, ETIMEDOUT once CLOCK_REALTIME reads abstime (a time past:
 * at once, if the mutex is not free); EINVAL for tv_nsec out of range. */
int pthread_mutex_timedlock(pthread_mutex_t *mutex, const struct timespec *abstime);
/* EPERM when the caller does not own it. */
int pthread_mutex_unlock(pthread_mutex_t *mutex);
/* A PROTECT mutex's ceiling (EINVAL for another protocol); set takes the
 * mutex for the change. */
int pthread_mutex_getprioceiling(const pthread_mutex_t *mutex, int *prioceiling);
int pthread_mutex_setprioceiling(pthread_mutex_t *mutex, int prioceiling, int *old_ceiling);

/* ---- Condition variables ------------------------------------------------ */

int pthread_condattr_init(pthread_condattr_t *attr);
int pthread_condattr_destroy(pthread_condattr_t *attr);
/* CLOCK_REALTIME or CLOCK_MONOTONIC (EINVAL otherwise). */
int pthread_condattr_setclock(pthread_condattr_t *attr, clockid_t clock);
int pthread_condattr_getclock(const pthread_condattr_t *attr, clockid_t *clock);

/* Any context. EBUSY: a live condition (destroy it first), or threads
 * wait on it (destroy). */
int pthread_cond_init(pthread_cond_t *cond, const pthread_condattr_t *attr);
int pthread_cond_destroy(pthread_cond_t *cond);
/* Wake the most urgent waiter / every waiter. Any context, a real-time
 * interrupt handler included. O(1) / O(waiters). */
int pthread_cond_signal(pthread_cond_t *cond);
int pthread_cond_broadcast(pthread_cond_t *cond);
/* Release the mutex, wait for a signal, take the mutex again. EPERM
 * (the caller does not own the mutex, holds a RECURSIVE one more than
 * once, or is not a thread), EINVAL. */
int pthread_cond_wait(pthread_cond_t *cond, pthread_mutex_t *mutex);
/* As wait, ETIMEDOUT once the condition's clock reads abstime (a time
 * already past: at once, the mutex still taken again). */
int pthread_cond_timedwait(pthread_cond_t *cond, pthread_mutex_t *mutex, const struct timespec *abstime);

/* ---- RTLinux's extensions ----------------------------------------------- */

/* Make 'thread' periodic: its first release at start_time (ns of
 * gethrtime(), the monotonic clock; a time past: now), then every
 * period ns. The thread waits for its releases with pthread_wait_np. Any
 * context. ESRCH, EINVAL (period 0). */
int pthread_make_periodic_np(pthread_t thread, long long start_time, long long period);
/* Wait for the calling thread's next release. 0, or ETIMEDOUT when a
 * release was missed (the overrun is counted; the thread is not late
 * again for it), EINVAL when it is not periodic, EPERM (Linux context). */
int pthread_wait_np(void);
/* Delete a thread from outside (RTLinux): it stops at once wherever it
 * is, mutexes it holds pass on, and its memory is freed (a joiner waiting
 * for it gets PTHREAD_CANCELED). Any context but the thread itself
 * (EDEADLK: use pthread_exit). ESRCH. */
int pthread_delete_np(pthread_t thread);
/* The CPU the thread will run on (EINVAL for a CPU the co-kernel does not
 * run on, checked at pthread_create). */
int pthread_attr_setcpu_np(pthread_attr_t *attr, int cpu);
int pthread_attr_getcpu_np(const pthread_attr_t *attr, int *cpu);
/* Whether the thread may use the FPU (its FPU state is kept then). FPU
 * use is fixed at pthread_create (the FPU area is part of the thread's
 * stack block): pthread_setfp_np returns 0 when 'use_fp' is what the
 * thread was created with, EINVAL otherwise (RTAI's rt_task_use_fpu), ESRCH. */
int pthread_attr_setfp_np(pthread_attr_t *attr, int use_fp);
int pthread_setfp_np(pthread_t thread, int use_fp);
/* Stop a thread until pthread_wakeup_np (nested, as RTAI's suspend and
 * resume). ESRCH. */
int pthread_suspend_np(pthread_t thread);
int pthread_wakeup_np(pthread_t thread);

#ifdef __cplusplus
}
#endif

#endif /* TACTUS_POSIX_PTHREAD_H */
