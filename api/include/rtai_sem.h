/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rtai_sem.h - semaphores (RTAI 5.3 kernel API).
 *
 * A SEM is provided by the caller. Kinds (the 'type' of rt_typed_sem_init):
 *  CNT_SEM  counting: the count may grow without bound;
 *  BIN_SEM  binary: the count saturates at 1;
 *  RES_SEM  resource (mutex): has an owner, priority inheritance
 *           (transitive along chains of owners) and, by 'value':
 *           RESEM_RECURS (1) the owner may take it again (nesting),
 *           RESEM_BINSEM (0) plain, RESEM_CHEKWT (-1) error checking.
 * Waiters queue in priority order (PRIO_Q, the default) or FIFO order
 * (add FIFO_Q); RES_SEM always uses priority order.
 * The count follows RTAI: > 0 free units, < 0 minus the number of waiters.
 */
#ifndef _RTAI_SEM_H
#define _RTAI_SEM_H

#include <rtai_nam2num.h>
#include <rtai_sched.h>

/* Linux's errno values, which the inline forms below return (the
 * freestanding core sees neither header and uses none of them). */
#if defined(__KERNEL__) && __has_include(<linux/errno.h>)
#include <linux/errno.h>
#elif !defined(__KERNEL__) && __has_include(<errno.h>)
#include <errno.h>
#endif

#define BIN_SEM 1
#define CNT_SEM 2
#define RES_SEM 3
#define PRIO_Q  0
#define FIFO_Q  4
#define RES_Q   3

#define RESEM_RECURS 1
#define RESEM_BINSEM 0
#define RESEM_CHEKWT (-1)

#define SEM_ERR    RTE_OBJINV
#define SEM_TIMOUT RTE_TIMOUT

typedef struct rt_semaphore {
	long long opaque[24];
} SEM;
typedef SEM CND;

#ifdef __cplusplus
extern "C" {
#endif

/* Initialise. Any context. Returns 0, -EINVAL for a bad sem or type, or
 * -EBUSY for a live SEM (initialised and not deleted: re-initialising it
 * would lose its waiters; RTAI returns nothing). rt_sem_init is a
 * priority-queued CNT_SEM. */
int rt_typed_sem_init(SEM *sem, int value, int type);
int rt_sem_init(SEM *sem, int value);

/* Delete: every waiter returns RTE_OBJREM; an owner of a RES_SEM loses what
 * it inherited through it. Returns 0 or RTE_OBJINV. */
int rt_sem_delete(SEM *sem);

/*
 * A barrier (RTAI): the first call makes sem a barrier for max(count, 1)
 * tasks (its count then counts the waiters); every caller waits until that
 * many have called, and the last call releases them all. The barrier can
 * be used again at once. Returns 0 for each of them; RTE_OBJINV for a bad
 * SEM, RTE_PERM from Linux context or on a RES_SEM, RTE_OBJREM if the SEM
 * is deleted meanwhile. Real-time context.
 */
int rt_sem_wait_barrier(SEM *sem);

/*
 * Named semaphores (rtai_registry.h): the first init of a name allocates,
 * initialises and registers the SEM (IS_SEM); a later one returns the same
 * SEM and counts one more user (rt_get_adr_cnt), whatever value and type
 * it asks for (as RTAI). 'handle' is ignored (RTAI's LXRT). Linux context
 * for the first init (it allocates); NULL on a bad name or type, no
 * memory, a full registry, or a first init from real-time context.
 */
SEM *_rt_typed_named_sem_init(unsigned long sem_name, int value, int type, unsigned long *handle);
static inline SEM *rt_typed_named_sem_init(const char *sem_name, int value, int type)
{
	return _rt_typed_named_sem_init(nam2num(sem_name), value, type, 0);
}
static inline SEM *rt_named_sem_init(const char *sem_name, int value)
{
	return rt_typed_named_sem_init(sem_name, value, CNT_SEM | PRIO_Q);
}
/* One user less; the last one deletes the SEM (its waiters return
 * RTE_OBJREM), removes its name and frees it. Returns the users left
 * (0: deleted), -EINVAL for a SEM that is not a named one. Linux context
 * for the last one (it frees). */
int rt_named_sem_delete(SEM *sem);

/* Signal one unit: the first waiter runs (preempting the caller if it has
 * a higher priority). RES_SEM: release one nesting level; the last passes
 * ownership to the first waiter. Returns 0, RTE_OBJINV, or RTE_PERM for a
 * RES_SEM the caller does not own (recursive or error checking kinds). */
int rt_sem_signal(SEM *sem);

/* Wake every waiter (each returns normally), then set the count to 0. */
int rt_sem_broadcast(SEM *sem);

/*
 * Take a unit, waiting as needed. Returns the count before taking (>= 1)
 * when a unit was free, or the count at wake-up (<= 0) after waiting;
 * RES_SEM: 1 for the first take, the nesting depth for a recursive one.
 * Errors: RTE_OBJINV; RTE_OBJREM (deleted meanwhile); RTE_PERM (Linux
 * context would have to wait); RTE_DEADLOK (RES_SEM: taken again by a
 * non-recursive owner, or waiting would close a cycle of owners).
 * Success is exactly "result < RTE_LOWERR".
 */
int rt_sem_wait(SEM *sem);

/* Never waits: returns as rt_sem_wait when a unit is free, else the count
 * (<= 0) and changes nothing. */
int rt_sem_wait_if(SEM *sem);

/* rt_sem_wait with a deadline (absolute counts) or a relative delay: adds
 * RTE_TIMOUT, at once if the deadline is already past and no unit is free. */
int rt_sem_wait_until(SEM *sem, RTIME time);
int rt_sem_wait_timed(SEM *sem, RTIME delay);

/* The count (see above); RTE_OBJINV for an invalid semaphore. */
int rt_sem_count(SEM *sem);

/* ---- Waiting on several objects at once (RTAI's rt_poll) -------------- */

/* One object to poll: 'what' a SEM * or an MBX *, 'forwhat' what for. */
struct rt_poll_s {
	void *what;
	unsigned long forwhat;
};
#define RT_POLL_NOT_TO_USE   0
#define RT_POLL_MBX_RECV     1 /* bytes to receive */
#define RT_POLL_MBX_SEND     2 /* room to send */
#define RT_POLL_SEM_WAIT_ALL 3 /* a free unit; every poller is told */
#define RT_POLL_SEM_WAIT_ONE 4 /* a free unit; one poller per freed unit */
#define RT_POLL_MAX          16 /* objects in one rt_poll at most */

/*
 * Wait until one of the 'nr' objects of 'pdsa' is ready for what its
 * entry asks: it reports, it takes nothing (receive or wait with an _if
 * call next; another task may get there first). 'timeout': 0 waits
 * without limit, < 0 for -timeout counts, 1 does not wait (reports what is
 * ready now), > 1 until that absolute time.
 *
 * Returns how many entries are ready, each of those with 'what' set to
 * NULL, or to (void *)RTE_OBJREM if its object was deleted meanwhile (the
 * others keep their 'what'); with none: 0 (timeout 1, or nr 0 and timeout
 * 0), RTE_TIMOUT, RTE_UNBLKD, RTE_OBJINV (a NULL or invalid object, a bad
 * 'forwhat', nr > RT_POLL_MAX), RTE_PERM (it would block in Linux context).
 * nr 0 with a timeout sleeps until then (RTAI). Bounds: O(nr) under the
 * IPC lock, plus each object's pollers for the priority-ordered insert.
 */
int rt_poll(struct rt_poll_s *pdsa, unsigned long nr, RTIME timeout);

/* ---- Mutexes and condition variables (RTAI's forms over SEM) ---------- */

/* A mutex is a resource semaphore (priority inheritance, recursive): the
 * rt_mutex_* calls return what the rt_sem_* call they name returns. */
#define rt_mutex_init(mtx)            rt_typed_sem_init(mtx, 1, RES_SEM)
#define rt_mutex_delete(mtx)          rt_sem_delete(mtx)
#define rt_mutex_destroy(mtx)         rt_sem_delete(mtx)
#define rt_mutex_trylock(mtx)         rt_sem_wait_if(mtx)
#define rt_mutex_lock(mtx)            rt_sem_wait(mtx)
#define rt_mutex_timedlock(mtx, time) rt_sem_wait_until(mtx, time)
#define rt_mutex_unlock(mtx)          rt_sem_signal(mtx)

/* A condition variable is a binary semaphore in priority order. */
#define rt_cond_init(cnd)      rt_typed_sem_init(cnd, 0, BIN_SEM | PRIO_Q)
#define rt_cond_delete(cnd)    rt_sem_delete(cnd)
#define rt_cond_destroy(cnd)   rt_sem_delete(cnd)
/* Wake every waiter. */
#define rt_cond_broadcast(cnd) rt_sem_broadcast(cnd)

/* Wake the first waiter, if any (no waiter: nothing is kept). 0, or
 * RTE_OBJINV for a CND that is not a counting or binary semaphore. Any
 * context. */
int rt_cond_signal(CND *cnd);

/*
 * Give 'mtx' back and wait on 'cnd', in one step (a signal between the two
 * cannot be lost), then take 'mtx' again, whatever ended the wait. 'mtx'
 * is a mutex (rt_mutex_init, the caller must own it) or any SEM (signalled
 * and waited on). Returns 0 when signalled; RTE_TIMOUT (the _until/_timed
 * forms), RTE_UNBLKD or RTE_OBJREM when the wait ended otherwise; what
 * taking 'mtx' back returned when that failed; RTE_OBJINV for a bad
 * object; RTE_PERM from Linux context, for a mutex the caller does not
 * own or holds more than once (recursively: one release would not free it;
 * RTAI would wait holding it), and then nothing is released and nothing
 * waited for. Real-time context.
 */
int rt_cond_wait(CND *cnd, SEM *mtx);
int rt_cond_wait_until(CND *cnd, SEM *mtx, RTIME time);
int rt_cond_wait_timed(CND *cnd, SEM *mtx, RTIME delay);
/* 0 when signalled, -1 otherwise (RTAI). */
static inline int rt_cond_timedwait(CND *cnd, SEM *mtx, RTIME time)
{
	return rt_cond_wait_until(cnd, mtx, time) < SEM_TIMOUT ? 0 : -1;
}

/* ---- RTAI's POSIX-like forms ---------------------------------------- */

typedef SEM psem_t;
typedef SEM pmutex_t;

#ifdef EINVAL /* they return errno values: not seen by the freestanding core */
/* A counting semaphore in priority order ('pshared' is ignored: every SEM
 * can be shared between modules). 0, -EINVAL for a value that is too
 * large, or what rt_typed_sem_init returns. */
static inline int rt_psem_init(psem_t *sem, int pshared, unsigned int value)
{
	(void)pshared;
	if (value < SEM_TIMOUT)
		return rt_typed_sem_init(sem, (int)value, CNT_SEM | PRIO_Q);
	return -EINVAL;
}
/* -EBUSY while a task waits on it, else what rt_sem_delete returns. */
static inline int rt_psem_destroy(psem_t *sem)
{
	if (rt_sem_wait_if(sem) >= 0) {
		rt_sem_signal(sem);
		return rt_sem_delete(sem);
	}
	return -EBUSY;
}
static inline int rt_psem_wait(psem_t *sem) { return rt_sem_wait(sem) < SEM_TIMOUT ? 0 : -1; }
/* Wait until the absolute time 'abstime' at most (the co-kernel's time in
 * nanoseconds, rt_get_time_ns's scale): 0, or -1 when it timed out or the
 * wait failed (RTAI). */
static inline int rt_psem_timedwait(psem_t *sem, struct timespec *abstime)
{
	return rt_sem_wait_until(sem, timespec2count(abstime)) < SEM_TIMOUT ? 0 : -1;
}
static inline int rt_psem_trywait(psem_t *sem) { return rt_sem_wait_if(sem) > 0 ? 0 : -EAGAIN; }
static inline int rt_psem_post(psem_t *sem) { return rt_sem_signal(sem); }
/* *sval: the units free now (a negative count reads as 0 or below). */
static inline int rt_psem_getvalue(psem_t *sem, int *sval)
{
	if ((*sval = rt_sem_wait_if(sem)) > 0)
		rt_sem_signal(sem);
	return 0;
}

/* A resource semaphore; the attribute is ignored (RTAI). */
static inline int rt_pmutex_init(pmutex_t *mutex, void *mutexattr)
{
	(void)mutexattr;
	return rt_typed_sem_init(mutex, 1, RES_SEM);
}
/* -EBUSY while it is owned, else what rt_sem_delete returns. */
static inline int rt_pmutex_destroy(pmutex_t *mutex)
{
	if (rt_sem_wait_if(mutex) > 0) {
		rt_sem_signal(mutex);
		return rt_sem_delete(mutex);
	}
	return -EBUSY;
}
static inline int rt_pmutex_lock(pmutex_t *mutex) { return rt_sem_wait(mutex) < SEM_TIMOUT ? 0 : -EINVAL; }
static inline int rt_pmutex_trylock(pmutex_t *mutex) { return rt_sem_wait_if(mutex) > 0 ? 0 : -EBUSY; }
/* Lock it, waiting until 'abstime' at most (as rt_psem_timedwait): 0 or -1. */
static inline int rt_pmutex_timedlock(pmutex_t *mutex, struct timespec *abstime)
{
	return rt_sem_wait_until(mutex, timespec2count(abstime)) < SEM_TIMOUT ? 0 : -1;
}
static inline int rt_pmutex_unlock(pmutex_t *mutex) { return rt_sem_signal(mutex); }
#endif /* EINVAL */

#ifdef __cplusplus
}
#endif

#endif /* _RTAI_SEM_H */
