/* SPDX-License-Identifier: GPL-2.0 */
/*
 * mqueue.h - POSIX message queues for real-time modules (Tactus's POSIX
 * layer, PSE51), over the co-kernel's message queues.
 *
 * Named queues ("/name", at most MQ_NAME_MAX bytes with the slash) of
 * mq_maxmsg messages of at most mq_msgsize bytes each, allocated when
 * created. Messages leave in priority order (MQ_PRIO_MAX - 1 first), equal
 * priorities in the order sent; senders and receivers that wait are served
 * by thread priority. A queue lives until it is unlinked and its last
 * descriptor closed; all of them go at tactus_sched's unload, and the
 * descriptors a module opened are closed at its own unload. Between
 * real-time threads and Linux context of modules; not from Linux programs.
 *
 * Return convention: -1 (mq_open: (mqd_t)-1) with errno set. Contexts:
 * creating a queue allocates (Linux context; EPERM from a thread); opening
 * an existing one, sending, receiving and closing work anywhere, a wait
 * (a full queue for a send, an empty one for a receive, without
 * O_NONBLOCK) only in a thread (EPERM from Linux context). Bounded: one
 * copy of the message plus the priority insert, O(mq_maxmsg), and the
 * wait-queue insert when it waits, O(waiters).
 */
#ifndef TACTUS_POSIX_MQUEUE_H
#define TACTUS_POSIX_MQUEUE_H

#include "errno.h"
#include "time.h"

#ifdef __KERNEL__
#if __has_include(<linux/fcntl.h>)
#include <linux/fcntl.h> /* O_CREAT, O_EXCL, O_NONBLOCK, O_RDONLY... */
#include <linux/types.h> /* ssize_t */
#else /* the freestanding core: the generic values (arm64, x86) */
#include <stddef.h>
typedef long ssize_t;
#define O_ACCMODE  03
#define O_RDONLY   00
#define O_WRONLY   01
#define O_RDWR     02
#define O_CREAT    0100
#define O_EXCL     0200
#define O_NONBLOCK 04000
#endif
#else
#include <fcntl.h>
#include <mqueue.h>
#include <tactus/posix_host_names.h>
#endif

typedef int mqd_t;

struct mq_attr {
	long mq_flags;   /* 0 or O_NONBLOCK */
	long mq_maxmsg;  /* messages the queue holds (default 10) */
	long mq_msgsize; /* bytes a message has at most (default 8192) */
	long mq_curmsgs; /* messages queued now */
};

#define MQ_PRIO_MAX 32
#define MQ_NAME_MAX 32 /* with the leading slash and the final 0 */
#define MQ_OPEN_MAX 256 /* descriptors open at once, all modules together */

#ifdef __cplusplus
extern "C" {
#endif

/* Open (O_RDONLY, O_WRONLY or O_RDWR, plus O_NONBLOCK) the queue 'name',
 * creating it with O_CREAT (a mode_t argument, ignored, then the struct
 * mq_attr, null for the defaults). errno: EINVAL (a name not "/x..." or
 * with another '/', bad attributes: mq_maxmsg or mq_msgsize < 1, a queue
 * over 64 MiB), ENAMETOOLONG, ENOENT (no such queue, no O_CREAT), EEXIST
 * (O_CREAT | O_EXCL and it exists), EMFILE (MQ_OPEN_MAX reached), ENOSPC
 * (64 queues exist), ENOMEM, EPERM (creating from a thread). */
mqd_t mq_open(const char *name, int oflag, ...);
/* EBADF. */
int mq_close(mqd_t mqdes);
/* The name goes now, the queue when its last descriptor closes. ENOENT,
 * EINVAL (bad name). */
int mq_unlink(const char *name);
/* EBADF (or not open for writing), EMSGSIZE (longer than mq_msgsize),
 * EINVAL (priority >= MQ_PRIO_MAX), EAGAIN (full, O_NONBLOCK), EINTR
 * (woken early by rt_task_masked_unblock), EPERM (would wait in Linux
 * context). */
int mq_send(mqd_t mqdes, const char *msg, size_t len, unsigned int prio);
/* As mq_send; ETIMEDOUT once CLOCK_REALTIME reads abstime (checked only if
 * it must wait; EINVAL for a bad one). */
int mq_timedsend(mqd_t mqdes, const char *msg, size_t len, unsigned int prio, const struct timespec *abstime);
/* The first message's length, its bytes in buf and its priority in *prio
 * (if not null). EBADF (or not open for reading), EMSGSIZE (len below
 * mq_msgsize), EAGAIN (empty, O_NONBLOCK), EINTR, EPERM. */
ssize_t mq_receive(mqd_t mqdes, char *buf, size_t len, unsigned int *prio);
ssize_t mq_timedreceive(mqd_t mqdes, char *buf, size_t len, unsigned int *prio, const struct timespec *abstime);
/* EBADF. mq_setattr changes O_NONBLOCK of the descriptor only. */
int mq_getattr(mqd_t mqdes, struct mq_attr *attr);
int mq_setattr(mqd_t mqdes, const struct mq_attr *attr, struct mq_attr *old);

#ifdef __cplusplus
}
#endif

#endif /* TACTUS_POSIX_MQUEUE_H */
