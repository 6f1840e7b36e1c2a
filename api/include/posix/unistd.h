/* SPDX-License-Identifier: GPL-2.0 */
/*
 * unistd.h - usleep for real-time modules (Tactus's POSIX layer), and the
 * POSIX options the layer implements.
 */
#ifndef TACTUS_POSIX_UNISTD_H
#define TACTUS_POSIX_UNISTD_H

#include "time.h"

#ifndef __KERNEL__
#include <tactus/posix_host_names.h>
#endif

/* What the layer provides (PSE51's options, as far as implemented). */
#define TACTUS_POSIX_THREADS               200809L
#define TACTUS_POSIX_THREAD_PRIORITY_SCHEDULING 200809L
#define TACTUS_POSIX_THREAD_PRIO_INHERIT   200809L
#define TACTUS_POSIX_THREAD_PRIO_PROTECT   200809L
#define TACTUS_POSIX_SEMAPHORES            200809L
#define TACTUS_POSIX_TIMEOUTS              200809L
#define TACTUS_POSIX_MONOTONIC_CLOCK       200809L
#define TACTUS_POSIX_CLOCK_SELECTION       200809L

#ifdef __cplusplus
extern "C" {
#endif

/* Sleep 'usec' microseconds (a real-time task only). 0, or -1 with errno
 * EPERM (Linux context) or EINTR (woken early). */
int usleep(unsigned int usec);

#ifdef __cplusplus
}
#endif

#endif /* TACTUS_POSIX_UNISTD_H */
