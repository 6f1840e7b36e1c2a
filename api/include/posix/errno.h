/* SPDX-License-Identifier: GPL-2.0 */
/*
 * errno.h - error numbers and errno for real-time modules (Tactus's POSIX
 * layer, PSE51).
 *
 * The numbers are Linux's. errno is per task: every real-time task (made by
 * pthread_create or by RTAI's rt_task_init) has its own, set by the calls
 * that follow the "-1 and errno" convention (sem_*, clock_*, nanosleep,
 * usleep, sched_*). In Linux context (module init and exit) all Linux code
 * on a CPU shares that CPU's errno cell: read it right after the call.
 * pthread_* calls return their error number and leave errno alone.
 */
#ifndef TACTUS_POSIX_ERRNO_H
#define TACTUS_POSIX_ERRNO_H

#ifdef __KERNEL__
#if __has_include(<linux/errno.h>)
#include <linux/errno.h>
/* errno is a macro below, as in C libraries: kernel headers that name a
 * parameter or a field 'errno' must come first. These two are in the
 * include chains of common headers (linux/module.h...); others (blkdev.h,
 * sunrpc, greybus, nfs_common.h) must be included before this header. */
#include <linux/sched/signal.h>
#include <asm/traps.h>
#else /* the freestanding core: the numbers it needs */
#define EPERM      1
#define ENOENT     2
#define ESRCH      3
#define EINTR      4
#define EBADF      9
#define EAGAIN     11
#define ENOMEM     12
#define EBUSY      16
#define EEXIST     17
#define EINVAL     22
#define EMFILE     24
#define ENOSPC     28
#define EDEADLK    35
#define ENAMETOOLONG 36
#define ENOSYS     38
#define EOVERFLOW  75
#define EMSGSIZE   90
#define EOPNOTSUPP 95
#define ETIMEDOUT  110
#endif
#ifndef ENOTSUP
#define ENOTSUP EOPNOTSUPP /* user space's name of the same number */
#endif
#else
#include <errno.h>
#include <tactus/posix_host_names.h>
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* The calling task's errno cell (this CPU's in Linux context). Any context. */
int *tx_posix_errno_location(void);

#ifdef __cplusplus
}
#endif

#ifdef __KERNEL__
#define errno (*tx_posix_errno_location())
#endif

#endif /* TACTUS_POSIX_ERRNO_H */
