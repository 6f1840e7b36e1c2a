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

#ifdef __cplusplus
}
#endif

#endif /* _RTAI_SEM_H */
