/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tactus/posix_host_names.h - the host tests' names of the POSIX layer
 * (api/include/posix/): there the C library has its own pthread_create,
 * sem_t and the rest, so the layer's functions and types take a txp_
 * prefix (the tests call txp_pthread_create...), and the C library's
 * macros of the same names give way to the layer's. Include the layer's
 * headers after the C library's. Kernel builds never see this file: there
 * the names are the plain POSIX ones.
 */
#ifndef TACTUS_POSIX_HOST_NAMES_H
#define TACTUS_POSIX_HOST_NAMES_H
#ifdef __KERNEL__
#error "the POSIX layer's host names are for the host tests only"
#endif

/* The C library's own declarations first, under their own names: any
 * later include of these is then a no-op and never sees the renames. */
#include <errno.h>
#include <fcntl.h>
#include <mqueue.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <semaphore.h>
#include <stddef.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#define clock_gettime txp_clock_gettime
#define clock_getres txp_clock_getres
#define clock_nanosleep txp_clock_nanosleep
#define nanosleep txp_nanosleep
#define usleep txp_usleep
#define sched_get_priority_min txp_sched_get_priority_min
#define sched_get_priority_max txp_sched_get_priority_max
#define sched_yield txp_sched_yield
#define pthread_create txp_pthread_create
#define pthread_exit txp_pthread_exit
#define pthread_join txp_pthread_join
#define pthread_detach txp_pthread_detach
#define pthread_self txp_pthread_self
#define pthread_equal txp_pthread_equal
#define pthread_once txp_pthread_once
#define pthread_cancel txp_pthread_cancel
#define pthread_setschedparam txp_pthread_setschedparam
#define pthread_getschedparam txp_pthread_getschedparam
#define pthread_attr_init txp_pthread_attr_init
#define pthread_attr_destroy txp_pthread_attr_destroy
#define pthread_attr_setdetachstate txp_pthread_attr_setdetachstate
#define pthread_attr_getdetachstate txp_pthread_attr_getdetachstate
#define pthread_attr_setstacksize txp_pthread_attr_setstacksize
#define pthread_attr_getstacksize txp_pthread_attr_getstacksize
#define pthread_attr_setstackaddr txp_pthread_attr_setstackaddr
#define pthread_attr_getstackaddr txp_pthread_attr_getstackaddr
#define pthread_attr_setschedpolicy txp_pthread_attr_setschedpolicy
#define pthread_attr_getschedpolicy txp_pthread_attr_getschedpolicy
#define pthread_attr_setschedparam txp_pthread_attr_setschedparam
#define pthread_attr_getschedparam txp_pthread_attr_getschedparam
#define pthread_attr_setinheritsched txp_pthread_attr_setinheritsched
#define pthread_attr_getinheritsched txp_pthread_attr_getinheritsched
#define pthread_key_create txp_pthread_key_create
#define pthread_key_delete txp_pthread_key_delete
#define pthread_getspecific txp_pthread_getspecific
#define pthread_setspecific txp_pthread_setspecific
#define pthread_mutexattr_init txp_pthread_mutexattr_init
#define pthread_mutexattr_destroy txp_pthread_mutexattr_destroy
#define pthread_mutexattr_settype txp_pthread_mutexattr_settype
#define pthread_mutexattr_gettype txp_pthread_mutexattr_gettype
#define pthread_mutexattr_setprotocol txp_pthread_mutexattr_setprotocol
#define pthread_mutexattr_getprotocol txp_pthread_mutexattr_getprotocol
#define pthread_mutexattr_setprioceiling txp_pthread_mutexattr_setprioceiling
#define pthread_mutexattr_getprioceiling txp_pthread_mutexattr_getprioceiling
#define pthread_mutex_init txp_pthread_mutex_init
#define pthread_mutex_destroy txp_pthread_mutex_destroy
#define pthread_mutex_lock txp_pthread_mutex_lock
#define pthread_mutex_trylock txp_pthread_mutex_trylock
#define pthread_mutex_timedlock txp_pthread_mutex_timedlock
#define pthread_mutex_unlock txp_pthread_mutex_unlock
#define pthread_mutex_getprioceiling txp_pthread_mutex_getprioceiling
#define pthread_mutex_setprioceiling txp_pthread_mutex_setprioceiling
#define pthread_condattr_init txp_pthread_condattr_init
#define pthread_condattr_destroy txp_pthread_condattr_destroy
#define pthread_condattr_setclock txp_pthread_condattr_setclock
#define pthread_condattr_getclock txp_pthread_condattr_getclock
#define pthread_cond_init txp_pthread_cond_init
#define pthread_cond_destroy txp_pthread_cond_destroy
#define pthread_cond_signal txp_pthread_cond_signal
#define pthread_cond_broadcast txp_pthread_cond_broadcast
#define pthread_cond_wait txp_pthread_cond_wait
#define pthread_cond_timedwait txp_pthread_cond_timedwait
#define pthread_make_periodic_np txp_pthread_make_periodic_np
#define pthread_wait_np txp_pthread_wait_np
#define pthread_delete_np txp_pthread_delete_np
#define pthread_attr_setcpu_np txp_pthread_attr_setcpu_np
#define pthread_attr_getcpu_np txp_pthread_attr_getcpu_np
#define pthread_attr_setfp_np txp_pthread_attr_setfp_np
#define pthread_setfp_np txp_pthread_setfp_np
#define pthread_suspend_np txp_pthread_suspend_np
#define pthread_wakeup_np txp_pthread_wakeup_np
#define sem_init txp_sem_init
#define sem_destroy txp_sem_destroy
#define sem_wait txp_sem_wait
#define sem_trywait txp_sem_trywait
#define sem_timedwait txp_sem_timedwait
#define sem_post txp_sem_post
#define sem_getvalue txp_sem_getvalue
#define gethrtime txp_gethrtime
#define clock_gethrtime txp_clock_gethrtime
#define rtl_getcpuid txp_rtl_getcpuid
#define pthread_t txp_pthread_t
#define pthread_attr_t txp_pthread_attr_t
#define pthread_mutexattr_t txp_pthread_mutexattr_t
#define pthread_mutex_t txp_pthread_mutex_t
#define pthread_condattr_t txp_pthread_condattr_t
#define pthread_cond_t txp_pthread_cond_t
#define pthread_key_t txp_pthread_key_t
#define pthread_once_t txp_pthread_once_t
#define sem_t txp_sem_t

#define mq_open txp_mq_open
#define mq_close txp_mq_close
#define mq_unlink txp_mq_unlink
#define mq_send txp_mq_send
#define mq_timedsend txp_mq_timedsend
#define mq_receive txp_mq_receive
#define mq_timedreceive txp_mq_timedreceive
#define mq_getattr txp_mq_getattr
#define mq_setattr txp_mq_setattr
#define mqd_t txp_mqd_t
#define mq_attr txp_mq_attr
#define sigset_t txp_sigset_t
#define sigevent txp_sigevent
#define sigemptyset txp_sigemptyset
#define sigfillset txp_sigfillset
#define sigaddset txp_sigaddset
#define sigdelset txp_sigdelset
#define sigismember txp_sigismember
#define pthread_kill txp_pthread_kill
#define sigwait txp_sigwait
#define pthread_sigmask txp_pthread_sigmask
#define timer_create txp_timer_create
#define timer_delete txp_timer_delete
#define timer_settime txp_timer_settime
#define timer_gettime txp_timer_gettime
#define timer_getoverrun txp_timer_getoverrun
#define timer_t txp_timer_t

#undef MQ_PRIO_MAX
#undef PTHREAD_CREATE_JOINABLE
#undef PTHREAD_CREATE_DETACHED
#undef PTHREAD_INHERIT_SCHED
#undef PTHREAD_EXPLICIT_SCHED
#undef PTHREAD_STACK_MIN
#undef PTHREAD_CANCELED
#undef PTHREAD_KEYS_MAX
#undef PTHREAD_DESTRUCTOR_ITERATIONS
#undef PTHREAD_THREADS_MAX
#undef PTHREAD_MUTEX_NORMAL
#undef PTHREAD_MUTEX_RECURSIVE
#undef PTHREAD_MUTEX_ERRORCHECK
#undef PTHREAD_MUTEX_DEFAULT
#undef PTHREAD_PRIO_NONE
#undef PTHREAD_PRIO_INHERIT
#undef PTHREAD_PRIO_PROTECT
#undef PTHREAD_MUTEX_INITIALIZER
#undef PTHREAD_COND_INITIALIZER
#undef PTHREAD_ONCE_INIT
#undef SEM_VALUE_MAX

#endif /* TACTUS_POSIX_HOST_NAMES_H */
