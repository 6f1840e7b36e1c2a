// SPDX-License-Identifier: GPL-2.0
// api/posix_sync.cpp - POSIX mutexes, condition variables (pthread.h) and
// semaphores (semaphore.h) over the core's semaphores.
//
// A mutex is a core semaphore (binary, priority-queued; for
// PTHREAD_PRIO_INHERIT a resource semaphore, whose priority inheritance is
// the core's) plus what POSIX adds on top: the owner, the type's relock and
// unlock rules, the recursion count, and for PTHREAD_PRIO_PROTECT the
// ceiling the owner runs at. The core semaphore is taken once however deep
// a recursive mutex is held, so a condition wait releases it whole.
#include <posix/pthread.h>
#include <posix/semaphore.h>

#include "posix_internal.hpp"

using namespace tx;
using namespace tx::api;
using namespace tx::posix;

namespace {

static_assert(sizeof(pthread_mutex_t::sem) >= sizeof(SEM), "pthread_mutex_t holds a SEM");
static_assert(sizeof(pthread_cond_t::sem) >= sizeof(SEM), "pthread_cond_t holds a SEM");
static_assert(sizeof(sem_t::sem) >= sizeof(SEM), "sem_t holds a SEM");

constexpr int kStatic = 0, kSettingUp = 1, kLive = 2;

SEM *sem_in(pthread_mutex_t *m) { return reinterpret_cast<SEM *>(m->sem); }
SEM *sem_in(pthread_cond_t *c) { return reinterpret_cast<SEM *>(c->sem); }
SEM *sem_in(sem_t *s) { return reinterpret_cast<SEM *>(s->sem); }

// Objects made by a static initializer are set up at their first use: one
// caller sets up, the others wait for it (a few stores). True when live.
template <typename Setup> bool ensure_live(int *state, Setup setup)
{
	int s = load_acquire(state);
	if (s == kLive)
		return true;
	if (s == kStatic) {
		int expected = kStatic;
		if (__atomic_compare_exchange_n(state, &expected, kSettingUp, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
			bool ok = setup();
			store_release(state, ok ? kLive : kStatic);
			return ok;
		}
	}
	while (load_acquire(state) == kSettingUp)
		tx_hal_relax();
	return load_acquire(state) == kLive;
}

bool setup_mutex(pthread_mutex_t *m, int type, int protocol, int ceiling)
{
	int kind = protocol == PTHREAD_PRIO_INHERIT ? RES_SEM : BIN_SEM | PRIO_Q;
	if (rt_typed_sem_init(sem_in(m), 1, kind) != 0)
		return false;
	m->owner = nullptr;
	m->type = type;
	m->protocol = protocol;
	m->prioceiling = ceiling;
	m->count = 0;
	return true;
}

bool live_mutex(pthread_mutex_t *m)
{
	return m && ensure_live(&m->state, [m] { return setup_mutex(m, PTHREAD_MUTEX_DEFAULT, PTHREAD_PRIO_NONE, 0); });
}

bool live_cond(pthread_cond_t *c)
{
	return c && ensure_live(&c->state, [c] {
		       c->clock = CLOCK_REALTIME;
		       return rt_typed_sem_init(sem_in(c), 0, BIN_SEM | PRIO_Q) == 0;
	       });
}

// PTHREAD_PRIO_PROTECT: the owner runs at least at the ceiling while it
// holds the mutex (its base priority; inheritance still raises it above).
void raise_to_ceiling(pthread_mutex_t *m, Task *me)
{
	m->saved_prio = me->base_prio;
	int ceiling = core_prio(m->prioceiling);
	if (ceiling < me->base_prio)
		rt_change_prio(rt_task_of(me), ceiling);
}

void drop_ceiling(pthread_mutex_t *m, Task *me)
{
	if (me->base_prio != m->saved_prio && !me->linux_ctx)
		rt_change_prio(rt_task_of(me), m->saved_prio);
}

void took(pthread_mutex_t *m, Task *me)
{
	m->owner = me;
	m->count = 1;
	if (m->protocol == PTHREAD_PRIO_PROTECT && !me->linux_ctx)
		raise_to_ceiling(m, me);
}

// The owner's relock, by type. A NORMAL mutex deadlocks: the caller
// sleeps until its deadline (forever for lock) and gets ETIMEDOUT.
int relock(pthread_mutex_t *m, Count deadline, bool try_only)
{
	if (m->type == PTHREAD_MUTEX_RECURSIVE) {
		if (m->count == INT32_MAX)
			return EAGAIN;
		m->count++;
		return 0;
	}
	if (m->type == PTHREAD_MUTEX_ERRORCHECK)
		return EDEADLK;
	if (try_only)
		return EBUSY;
	if (!in_thread())
		return EPERM;
	for (;;) { // woken early (rt_task_wakeup): the deadlock goes on
		g_sched.sleep_until(deadline);
		if (deadline != kForever && g_sched.deadline_passed(deadline))
			return ETIMEDOUT;
	}
}

// Lock, wait until 'deadline' (kForever: no limit) or only try. O(1) plus
// the core's wait: O(waiters) to queue, O(chain) of inheritance.
int lock(pthread_mutex_t *m, Count deadline, bool try_only, bool deadline_valid)
{
	if (!live_mutex(m))
		return EINVAL;
	Task *me = self_task();
	if (m->owner == me)
		return relock(m, deadline, try_only);
	if (m->protocol == PTHREAD_PRIO_PROTECT && !me->linux_ctx && me->base_prio < core_prio(m->prioceiling))
		return EINVAL; // more urgent than the ceiling
	int r = rt_sem_wait_if(sem_in(m));
	if (r > 0) {
		took(m, me);
		return 0;
	}
	if (r >= RTE_LOWERR)
		return r == RTE_PERM ? EPERM : EINVAL;
	if (try_only)
		return EBUSY;
	if (!deadline_valid)
		return EINVAL;
	if (!in_thread())
		return EPERM;
	for (;;) {
		r = rt_sem_wait_until(sem_in(m), deadline);
		if (r == RTE_UNBLKD)
			continue; // woken early (rt_task_wakeup): a mutex wait goes on
		break;
	}
	if (r == RTE_TIMOUT)
		return ETIMEDOUT;
	if (r == RTE_DEADLOK)
		return EDEADLK;
	if (r >= RTE_LOWERR)
		return r == RTE_PERM ? EPERM : EINVAL;
	took(m, me);
	return 0;
}

int unlock(pthread_mutex_t *m)
{
	if (!live_mutex(m))
		return EINVAL;
	Task *me = self_task();
	if (m->owner != me)
		return EPERM;
	if (--m->count > 0)
		return 0;
	m->owner = nullptr;
	rt_sem_signal(sem_in(m)); // a more urgent waiter runs from here
	if (m->protocol == PTHREAD_PRIO_PROTECT)
		drop_ceiling(m, me); // after the release: no one preempts the owner while it holds it
	return 0;
}

// The core's deadline of an absolute time of 'clock', or false for a bad
// time.
bool absolute_deadline(clockid_t clock, const struct timespec *abstime, Count *deadline)
{
	if (!valid_timespec(abstime))
		return false;
	*deadline = deadline_of(clock, ns_of(abstime));
	return true;
}

int cond_wait(pthread_cond_t *c, pthread_mutex_t *m, Count deadline)
{
	if (!live_cond(c) || !live_mutex(m))
		return EINVAL;
	Task *me = self_task();
	if (m->owner != me || m->count != 1 || !in_thread())
		return EPERM;
	if (g_sched.deadline_passed(deadline))
		return ETIMEDOUT; // at once, the mutex still held
	m->owner = nullptr;
	m->count = 0;
	if (m->protocol == PTHREAD_PRIO_PROTECT)
		drop_ceiling(m, me);
	int r = rt_cond_wait_until(sem_in(c), sem_in(m), deadline);
	if (r == RTE_OBJINV || r == RTE_OBJREM || r == RTE_PERM || r == RTE_DEADLOK)
		return EINVAL; // the mutex was not taken again
	took(m, me);
	return r == RTE_TIMOUT ? ETIMEDOUT : 0; // woken early: a spurious wakeup, as POSIX allows
}

int sem_errno(int r) { return r == RTE_PERM ? EPERM : (r == RTE_UNBLKD ? EINTR : EINVAL); }

} // namespace

extern "C" {

// ---- Mutex attributes -------------------------------------------------------------

int pthread_mutexattr_init(pthread_mutexattr_t *attr)
{
	if (!attr)
		return EINVAL;
	attr->initialized = 1;
	attr->type = PTHREAD_MUTEX_DEFAULT;
	attr->protocol = PTHREAD_PRIO_NONE;
	attr->prioceiling = TACTUS_POSIX_PRIO_MAX;
	return 0;
}

static bool valid_mattr(const pthread_mutexattr_t *a) { return a && a->initialized == 1; }

int pthread_mutexattr_destroy(pthread_mutexattr_t *attr)
{
	if (!valid_mattr(attr))
		return EINVAL;
	attr->initialized = 0;
	return 0;
}

int pthread_mutexattr_settype(pthread_mutexattr_t *attr, int type)
{
	if (!valid_mattr(attr) ||
	    (type != PTHREAD_MUTEX_NORMAL && type != PTHREAD_MUTEX_RECURSIVE && type != PTHREAD_MUTEX_ERRORCHECK))
		return EINVAL;
	attr->type = type;
	return 0;
}

int pthread_mutexattr_gettype(const pthread_mutexattr_t *attr, int *type)
{
	if (!valid_mattr(attr) || !type)
		return EINVAL;
	*type = attr->type;
	return 0;
}

int pthread_mutexattr_setprotocol(pthread_mutexattr_t *attr, int protocol)
{
	if (!valid_mattr(attr) ||
	    (protocol != PTHREAD_PRIO_NONE && protocol != PTHREAD_PRIO_INHERIT && protocol != PTHREAD_PRIO_PROTECT))
		return EINVAL;
	attr->protocol = protocol;
	return 0;
}

int pthread_mutexattr_getprotocol(const pthread_mutexattr_t *attr, int *protocol)
{
	if (!valid_mattr(attr) || !protocol)
		return EINVAL;
	*protocol = attr->protocol;
	return 0;
}

int pthread_mutexattr_setprioceiling(pthread_mutexattr_t *attr, int prioceiling)
{
	if (!valid_mattr(attr) || !valid_posix_prio(prioceiling))
		return EINVAL;
	attr->prioceiling = prioceiling;
	return 0;
}

int pthread_mutexattr_getprioceiling(const pthread_mutexattr_t *attr, int *prioceiling)
{
	if (!valid_mattr(attr) || !prioceiling)
		return EINVAL;
	*prioceiling = attr->prioceiling;
	return 0;
}

// ---- Mutexes ---------------------------------------------------------------------------

int pthread_mutex_init(pthread_mutex_t *mutex, const pthread_mutexattr_t *attr)
{
	if (!mutex || (attr && !valid_mattr(attr)))
		return EINVAL;
	if (load_acquire(&mutex->state) == kLive && rt_sem_count(sem_in(mutex)) < RTE_LOWERR)
		return EBUSY; // live: initialised and not destroyed
	pthread_mutexattr_t a;
	if (attr)
		a = *attr;
	else
		pthread_mutexattr_init(&a);
	zero_bytes(mutex, sizeof(*mutex));
	if (!setup_mutex(mutex, a.type, a.protocol, a.prioceiling))
		return EINVAL;
	store_release(&mutex->state, kLive);
	return 0;
}

int pthread_mutex_destroy(pthread_mutex_t *mutex)
{
	if (!mutex)
		return EINVAL;
	if (load_acquire(&mutex->state) == kStatic)
		return 0; // never used
	if (!live_mutex(mutex))
		return EINVAL;
	if (mutex->owner || rt_sem_count(sem_in(mutex)) < 1)
		return EBUSY; // locked, or waited for
	rt_sem_delete(sem_in(mutex));
	store_release(&mutex->state, kStatic);
	return 0;
}

int pthread_mutex_lock(pthread_mutex_t *mutex) { return lock(mutex, kForever, false, true); }
int pthread_mutex_trylock(pthread_mutex_t *mutex) { return lock(mutex, kForever, true, true); }

int pthread_mutex_timedlock(pthread_mutex_t *mutex, const struct timespec *abstime)
{
	Count deadline = kForever;
	bool ok = absolute_deadline(CLOCK_REALTIME, abstime, &deadline); // checked only if it must wait (POSIX)
	return lock(mutex, deadline, false, ok);
}

int pthread_mutex_unlock(pthread_mutex_t *mutex) { return unlock(mutex); }

int pthread_mutex_getprioceiling(const pthread_mutex_t *mutex, int *prioceiling)
{
	if (!mutex || !prioceiling || load_acquire(&mutex->state) != kLive || mutex->protocol != PTHREAD_PRIO_PROTECT)
		return EINVAL;
	*prioceiling = mutex->prioceiling;
	return 0;
}

int pthread_mutex_setprioceiling(pthread_mutex_t *mutex, int prioceiling, int *old_ceiling)
{
	if (!valid_posix_prio(prioceiling) || !live_mutex(mutex) || mutex->protocol != PTHREAD_PRIO_PROTECT)
		return EINVAL;
	int err = pthread_mutex_lock(mutex);
	if (err)
		return err;
	if (old_ceiling)
		*old_ceiling = mutex->prioceiling;
	mutex->prioceiling = prioceiling;
	return pthread_mutex_unlock(mutex);
}

// ---- Condition variables --------------------------------------------------------

int pthread_condattr_init(pthread_condattr_t *attr)
{
	if (!attr)
		return EINVAL;
	attr->initialized = 1;
	attr->clock = CLOCK_REALTIME;
	return 0;
}

int pthread_condattr_destroy(pthread_condattr_t *attr)
{
	if (!attr || attr->initialized != 1)
		return EINVAL;
	attr->initialized = 0;
	return 0;
}

int pthread_condattr_setclock(pthread_condattr_t *attr, clockid_t clock)
{
	if (!attr || attr->initialized != 1 || (clock != CLOCK_REALTIME && clock != CLOCK_MONOTONIC))
		return EINVAL;
	attr->clock = clock;
	return 0;
}

int pthread_condattr_getclock(const pthread_condattr_t *attr, clockid_t *clock)
{
	if (!attr || attr->initialized != 1 || !clock)
		return EINVAL;
	*clock = attr->clock;
	return 0;
}

int pthread_cond_init(pthread_cond_t *cond, const pthread_condattr_t *attr)
{
	if (!cond || (attr && attr->initialized != 1))
		return EINVAL;
	if (load_acquire(&cond->state) == kLive && rt_sem_count(sem_in(cond)) < RTE_LOWERR)
		return EBUSY;
	zero_bytes(cond, sizeof(*cond));
	if (rt_typed_sem_init(sem_in(cond), 0, BIN_SEM | PRIO_Q) != 0)
		return EINVAL;
	cond->clock = attr ? attr->clock : CLOCK_REALTIME;
	store_release(&cond->state, kLive);
	return 0;
}

int pthread_cond_destroy(pthread_cond_t *cond)
{
	if (!cond)
		return EINVAL;
	if (load_acquire(&cond->state) == kStatic)
		return 0;
	if (!live_cond(cond))
		return EINVAL;
	if (rt_sem_count(sem_in(cond)) < 0)
		return EBUSY; // threads wait on it
	rt_sem_delete(sem_in(cond));
	store_release(&cond->state, kStatic);
	return 0;
}

int pthread_cond_signal(pthread_cond_t *cond) { return live_cond(cond) && rt_cond_signal(sem_in(cond)) == 0 ? 0 : EINVAL; }

int pthread_cond_broadcast(pthread_cond_t *cond)
{
	return live_cond(cond) && rt_sem_broadcast(sem_in(cond)) == 0 ? 0 : EINVAL;
}

int pthread_cond_wait(pthread_cond_t *cond, pthread_mutex_t *mutex) { return cond_wait(cond, mutex, kForever); }

int pthread_cond_timedwait(pthread_cond_t *cond, pthread_mutex_t *mutex, const struct timespec *abstime)
{
	Count deadline;
	if (!live_cond(cond) || !absolute_deadline(cond->clock, abstime, &deadline))
		return EINVAL;
	return cond_wait(cond, mutex, deadline);
}

// ---- Semaphores -------------------------------------------------------------------------

int sem_init(sem_t *sem, int, unsigned int value)
{
	if (!sem || value > SEM_VALUE_MAX)
		return fail(EINVAL);
	int r = rt_typed_sem_init(sem_in(sem), static_cast<int>(value), CNT_SEM | PRIO_Q);
	return r == 0 ? 0 : fail(r == -EBUSY ? EBUSY : EINVAL);
}

int sem_destroy(sem_t *sem)
{
	int n = sem ? rt_sem_count(sem_in(sem)) : RTE_OBJINV;
	if (n >= RTE_LOWERR)
		return fail(EINVAL);
	if (n < 0)
		return fail(EBUSY);
	rt_sem_delete(sem_in(sem));
	return 0;
}

int sem_wait(sem_t *sem)
{
	int r = sem ? rt_sem_wait(sem_in(sem)) : RTE_OBJINV;
	return r < RTE_LOWERR ? 0 : fail(sem_errno(r));
}

int sem_trywait(sem_t *sem)
{
	int r = sem ? rt_sem_wait_if(sem_in(sem)) : RTE_OBJINV;
	if (r >= RTE_LOWERR)
		return fail(EINVAL);
	return r > 0 ? 0 : fail(EAGAIN);
}

int sem_timedwait(sem_t *sem, const struct timespec *abstime)
{
	int r = sem ? rt_sem_wait_if(sem_in(sem)) : RTE_OBJINV;
	if (r >= RTE_LOWERR)
		return fail(EINVAL);
	if (r > 0)
		return 0; // taken at once: abstime is not looked at (POSIX)
	Count deadline;
	if (!absolute_deadline(CLOCK_REALTIME, abstime, &deadline))
		return fail(EINVAL);
	if (g_sched.deadline_passed(deadline))
		return fail(ETIMEDOUT);
	r = rt_sem_wait_until(sem_in(sem), deadline);
	if (r == RTE_TIMOUT)
		return fail(ETIMEDOUT);
	return r < RTE_LOWERR ? 0 : fail(sem_errno(r));
}

int sem_post(sem_t *sem)
{
	int n = sem ? rt_sem_count(sem_in(sem)) : RTE_OBJINV;
	if (n >= RTE_LOWERR)
		return fail(EINVAL);
	if (n >= SEM_VALUE_MAX)
		return fail(EOVERFLOW);
	return rt_sem_signal(sem_in(sem)) == 0 ? 0 : fail(EINVAL);
}

int sem_getvalue(sem_t *sem, int *value)
{
	int n = sem ? rt_sem_count(sem_in(sem)) : RTE_OBJINV;
	if (n >= RTE_LOWERR || !value)
		return fail(EINVAL);
	*value = n;
	return 0;
}

} // extern "C"
