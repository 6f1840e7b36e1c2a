/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sched/linux/posix_exports.c - the POSIX layer's calls (api/posix_*.cpp,
 * declared in api/include/posix/) for real-time modules.
 */
#include <linux/module.h>

#include <posix/mqueue.h>
#include <posix/pthread.h>
#include <posix/rtl.h>
#include <posix/semaphore.h>
#include <posix/signal.h>
#include <posix/unistd.h>

EXPORT_SYMBOL_GPL(clock_gettime);
EXPORT_SYMBOL_GPL(clock_getres);
EXPORT_SYMBOL_GPL(clock_nanosleep);
EXPORT_SYMBOL_GPL(nanosleep);
EXPORT_SYMBOL_GPL(usleep);
EXPORT_SYMBOL_GPL(sched_get_priority_min);
EXPORT_SYMBOL_GPL(sched_get_priority_max);
EXPORT_SYMBOL_GPL(sched_yield);
EXPORT_SYMBOL_GPL(pthread_create);
EXPORT_SYMBOL_GPL(pthread_exit);
EXPORT_SYMBOL_GPL(pthread_join);
EXPORT_SYMBOL_GPL(pthread_detach);
EXPORT_SYMBOL_GPL(pthread_self);
EXPORT_SYMBOL_GPL(pthread_equal);
EXPORT_SYMBOL_GPL(pthread_once);
EXPORT_SYMBOL_GPL(pthread_cancel);
EXPORT_SYMBOL_GPL(pthread_setschedparam);
EXPORT_SYMBOL_GPL(pthread_getschedparam);
EXPORT_SYMBOL_GPL(pthread_attr_init);
EXPORT_SYMBOL_GPL(pthread_attr_destroy);
EXPORT_SYMBOL_GPL(pthread_attr_setdetachstate);
EXPORT_SYMBOL_GPL(pthread_attr_getdetachstate);
EXPORT_SYMBOL_GPL(pthread_attr_setstacksize);
EXPORT_SYMBOL_GPL(pthread_attr_getstacksize);
EXPORT_SYMBOL_GPL(pthread_attr_setstackaddr);
EXPORT_SYMBOL_GPL(pthread_attr_getstackaddr);
EXPORT_SYMBOL_GPL(pthread_attr_setschedpolicy);
EXPORT_SYMBOL_GPL(pthread_attr_getschedpolicy);
EXPORT_SYMBOL_GPL(pthread_attr_setschedparam);
EXPORT_SYMBOL_GPL(pthread_attr_getschedparam);
EXPORT_SYMBOL_GPL(pthread_attr_setinheritsched);
EXPORT_SYMBOL_GPL(pthread_attr_getinheritsched);
EXPORT_SYMBOL_GPL(pthread_key_create);
EXPORT_SYMBOL_GPL(pthread_key_delete);
EXPORT_SYMBOL_GPL(pthread_getspecific);
EXPORT_SYMBOL_GPL(pthread_setspecific);
EXPORT_SYMBOL_GPL(pthread_mutexattr_init);
EXPORT_SYMBOL_GPL(pthread_mutexattr_destroy);
EXPORT_SYMBOL_GPL(pthread_mutexattr_settype);
EXPORT_SYMBOL_GPL(pthread_mutexattr_gettype);
EXPORT_SYMBOL_GPL(pthread_mutexattr_setprotocol);
EXPORT_SYMBOL_GPL(pthread_mutexattr_getprotocol);
EXPORT_SYMBOL_GPL(pthread_mutexattr_setprioceiling);
EXPORT_SYMBOL_GPL(pthread_mutexattr_getprioceiling);
EXPORT_SYMBOL_GPL(pthread_mutex_init);
EXPORT_SYMBOL_GPL(pthread_mutex_destroy);
EXPORT_SYMBOL_GPL(pthread_mutex_lock);
EXPORT_SYMBOL_GPL(pthread_mutex_trylock);
EXPORT_SYMBOL_GPL(pthread_mutex_timedlock);
EXPORT_SYMBOL_GPL(pthread_mutex_unlock);
EXPORT_SYMBOL_GPL(pthread_mutex_getprioceiling);
EXPORT_SYMBOL_GPL(pthread_mutex_setprioceiling);
EXPORT_SYMBOL_GPL(pthread_condattr_init);
EXPORT_SYMBOL_GPL(pthread_condattr_destroy);
EXPORT_SYMBOL_GPL(pthread_condattr_setclock);
EXPORT_SYMBOL_GPL(pthread_condattr_getclock);
EXPORT_SYMBOL_GPL(pthread_cond_init);
EXPORT_SYMBOL_GPL(pthread_cond_destroy);
EXPORT_SYMBOL_GPL(pthread_cond_signal);
EXPORT_SYMBOL_GPL(pthread_cond_broadcast);
EXPORT_SYMBOL_GPL(pthread_cond_wait);
EXPORT_SYMBOL_GPL(pthread_cond_timedwait);
EXPORT_SYMBOL_GPL(pthread_make_periodic_np);
EXPORT_SYMBOL_GPL(pthread_wait_np);
EXPORT_SYMBOL_GPL(pthread_delete_np);
EXPORT_SYMBOL_GPL(pthread_attr_setcpu_np);
EXPORT_SYMBOL_GPL(pthread_attr_getcpu_np);
EXPORT_SYMBOL_GPL(pthread_attr_setfp_np);
EXPORT_SYMBOL_GPL(pthread_setfp_np);
EXPORT_SYMBOL_GPL(pthread_suspend_np);
EXPORT_SYMBOL_GPL(pthread_wakeup_np);
EXPORT_SYMBOL_GPL(sem_init);
EXPORT_SYMBOL_GPL(sem_destroy);
EXPORT_SYMBOL_GPL(sem_wait);
EXPORT_SYMBOL_GPL(sem_trywait);
EXPORT_SYMBOL_GPL(sem_timedwait);
EXPORT_SYMBOL_GPL(sem_post);
EXPORT_SYMBOL_GPL(sem_getvalue);
EXPORT_SYMBOL_GPL(gethrtime);
EXPORT_SYMBOL_GPL(clock_gethrtime);
EXPORT_SYMBOL_GPL(rtl_getcpuid);
EXPORT_SYMBOL_GPL(tx_posix_errno_location);
EXPORT_SYMBOL_GPL(mq_open);
EXPORT_SYMBOL_GPL(mq_close);
EXPORT_SYMBOL_GPL(mq_unlink);
EXPORT_SYMBOL_GPL(mq_send);
EXPORT_SYMBOL_GPL(mq_timedsend);
EXPORT_SYMBOL_GPL(mq_receive);
EXPORT_SYMBOL_GPL(mq_timedreceive);
EXPORT_SYMBOL_GPL(mq_getattr);
EXPORT_SYMBOL_GPL(mq_setattr);
EXPORT_SYMBOL_GPL(pthread_kill);
EXPORT_SYMBOL_GPL(sigwait);
EXPORT_SYMBOL_GPL(pthread_sigmask);
EXPORT_SYMBOL_GPL(timer_create);
EXPORT_SYMBOL_GPL(timer_delete);
EXPORT_SYMBOL_GPL(timer_settime);
EXPORT_SYMBOL_GPL(timer_gettime);
EXPORT_SYMBOL_GPL(timer_getoverrun);
