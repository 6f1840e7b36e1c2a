/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rtai_fifos.h - RT-FIFOs: byte channels between real-time code and Linux.
 *
 * FIFO n is /dev/rtfN for Linux programs and the rtf_* calls for kernel
 * code. Each FIFO has one ring per direction, like a pipe pair: bytes the
 * kernel side puts are read from /dev/rtfN; bytes written to /dev/rtfN are
 * what the kernel side gets. The kernel calls never block and may be used
 * from real-time tasks; several tasks (even on several CPUs, preempting each
 * other) may put into one FIFO: each put is atomic.
 *
 * Errors: -ENODEV for a FIFO number out of range (the tactus_fifo module's
 * 'count' parameter, 64 by default), -EINVAL for a FIFO that is not open or
 * bad arguments, -ENOMEM, -EPERM for a Linux-only call made from real-time
 * context.
 */
#ifndef _RTAI_FIFOS_H
#define _RTAI_FIFOS_H

/* ioctl commands of /dev/rtfN (RTAI's numbers). */
#define RESET              1  /* discard everything queued, both directions */
#define RESIZE             2  /* RTAI's number, but Linux answers 2 itself (FIGETBSZ): use RTF_RESIZE */
#define RTF_RESIZE         32 /* arg: new size; 0, -EBUSY if the content does not fit */
#define OPEN_SIZED         4  /* arg: size; rtf_create() from user space */
#define READ_ALL_AT_ONCE   5  /* struct rt_fifo_io: block until all count bytes are read */
#define READ_TIMED         6  /* struct rt_fifo_io: wait at most delay ms for data */
#define WRITE_TIMED        7  /* struct rt_fifo_io: wait at most delay ms for room */
#define RTF_SUSPEND_TIMED  3  /* arg: ms; sleep that long (RTAI's rtf_suspend_timed) */
#define RTF_SEM_INIT       8  /* arg: value; the FIFO's semaphore, free when value > 0 */
#define RTF_SEM_WAIT       9  /* wait until it is free and take it */
#define RTF_SEM_TRYWAIT    10 /* take it if free: 1, else 0 */
#define RTF_SEM_TIMED_WAIT 11 /* arg: ms; as RTF_SEM_WAIT, -ETIMEDOUT after that long (<= 0: one try) */
#define RTF_SEM_POST       12 /* free it */
#define RTF_SEM_DESTROY    13 /* its waiters get -EINVAL */
#define RTF_GET_N_FIFOS    15 /* returns the number of FIFOs */
#define RTF_NAME_LOOKUP    18 /* arg: char[16] name; returns its FIFO number */
#define EAVESDROP          19 /* struct rt_fifo_io: copy without taking */
#define OVRWRITE           20 /* struct rt_fifo_io: write, dropping the oldest bytes */
#define READ_IF            21 /* struct rt_fifo_io: all count bytes or none */
#define WRITE_IF           22 /* struct rt_fifo_io: all count bytes or none */

#define RTF_NAMELEN 15

/* The most FIFOs tactus_fifo serves (its count= parameter: 1..MAX_FIFOS, 64
 * by default; RTAI's fixed number is 64): FIFOs at or past the loaded count
 * answer -ENODEV, so a loop over 0..MAX_FIFOS-1 stays correct. */
#define MAX_FIFOS 256

/* Argument of the data ioctls. */
struct rt_fifo_io {
	void *buf;
	long count;
	long delay_ms;
};

#if defined(__KERNEL__) || defined(TACTUS_HOST_SIM)

#ifdef __cplusplus
extern "C" {
#endif

/* Open FIFO 'fifo' with rings of 'size' bytes (first call), or take one
 * more reference, growing the rings if 'size' is larger. Linux context.
 * 0, -ENODEV, -EINVAL, -ENOMEM, -EPERM. */
int rtf_create(unsigned int fifo, int size);

/* Drop a reference; the last one frees the FIFO and wakes its Linux
 * readers and writers. Returns the references left, or an error. Linux
 * context (-EPERM from a real-time task). rtf_create, rtf_destroy,
 * rtf_resize and rtf_named_create take the FIFO's Linux mutex, as the
 * /dev/rtfN operations do, so they may race user programs safely. */
int rtf_destroy(unsigned int fifo);

/* Discard everything queued, both directions. Any context. 0 or error. */
int rtf_reset(unsigned int fifo);

/* New ring size, keeping the content: returns the size, -EBUSY if the
 * content does not fit (nothing changes), -EINVAL, -ENOMEM. Linux context;
 * kernel-side puts meanwhile find no room, gets find no data. */
int rtf_resize(unsigned int fifo, int size);

/* Put up to 'count' bytes for Linux: what fits is written, and the call
 * returns how many (0 when the FIFO is full), as RTAI's rtf_put does.
 * rtf_put_if is all or nothing: count, or 0 with nothing written when it
 * does not all fit, so that a record is never torn (use it for records). */
int rtf_put(unsigned int fifo, void *buf, int count);
int rtf_put_if(unsigned int fifo, void *buf, int count);

/* Put 'count' bytes, dropping the oldest unread ones to make room (only
 * the last ring-size bytes of a larger buffer are kept). Returns 0. */
int rtf_ovrwr_put(unsigned int fifo, void *buf, int count);

/* Get up to 'count' bytes written by Linux; returns how many. */
int rtf_get(unsigned int fifo, void *buf, int count);
/* All 'count' bytes or none: returns count or 0. */
int rtf_get_if(unsigned int fifo, void *buf, int count);
/* Copy up to 'count' bytes without taking them; returns how many. */
int rtf_evdrp(unsigned int fifo, void *buf, int count);

/* Bytes rtf_get would find / room rtf_put has. */
int rtf_get_avbs(unsigned int fifo);
int rtf_get_frbs(unsigned int fifo);

/*
 * Call handler(fifo, rw) in Linux context after a Linux program read
 * (rw == 'r') or wrote (rw == 'w') the FIFO; a negative return becomes
 * the result of that read/write. Old one-argument handlers work too: cast
 * with X_FIFO_HANDLER. A NULL handler removes it. 0 or -EINVAL.
 */
int rtf_create_handler(unsigned int fifo, void *handler);
#define X_FIFO_HANDLER(handler) ((int (*)(unsigned int, int rw))(handler))
/*
 * The FIFO's semaphore: binary, as RTAI's, and shared with Linux programs,
 * which wait on it through /dev/rtfN (rtf_sem_wait below, user space). Any
 * context, never blocking here: a real-time task posts, a Linux program
 * waits. rtf_sem_init makes it free when value > 0; rtf_sem_trywait
 * returns 1 when it took it, 0 when it was not free; rtf_sem_destroy (and
 * the FIFO's last rtf_destroy) makes waiters return -EINVAL. 0 or that
 * result; -ENODEV, -EINVAL for a FIFO not open or a semaphore not
 * initialised.
 */
int rtf_sem_init(unsigned int fifo, int value);
int rtf_sem_post(unsigned int fifo);
int rtf_sem_trywait(unsigned int fifo);
int rtf_sem_destroy(unsigned int fifo);
#define rtf_sem_delete rtf_sem_destroy

/* RTAI's compatibility forms, as RTAI 5 defines them: no more bottom
 * halves or user buffers (the buffer argument is ignored; the rings are
 * allocated). */
#define rtf_create_using_bh(fifo, size, bh_list) rtf_create(fifo, size)
#define rtf_create_using_bh_and_usr_buf(fifo, buf, size, bh_list) rtf_create(fifo, size)
#define rtf_destroy_using_usr_buf(fifo) rtf_destroy(fifo)

/* A handler's type (RTAI's rtf_handler_t). */
typedef int (*rtf_handler_t)(unsigned int fifo, int rw);

/* Name FIFOs (at most RTF_NAMELEN characters). rtf_named_create opens the
 * FIFO already bearing that name, or the first closed one, and returns
 * its number; rtf_getfifobyname finds an open one. */
int rtf_named_create(const char *name, int size);
int rtf_create_named(const char *name);
int rtf_getfifobyname(const char *name);

#ifdef __cplusplus
}
#endif

#else /* user space */

/*
 * RTAI's user-space FIFO calls: an open /dev/rtfN descriptor 'fd' and one
 * ioctl each. The data calls return the bytes moved (or -1 with errno);
 * the timed ones wait at most ms_delay milliseconds; the semaphore calls
 * return 0 (rtf_sem_trywait: 1 taken, 0 not free) or -1 with errno:
 * EINVAL (no semaphore, or destroyed while waiting), ETIMEDOUT, EINTR.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <unistd.h>

/* "/dev/rtf<minor>" into buf; returns buf. */
static inline char *rtf_getfifobyminor(int minor, char *buf, int len)
{
	snprintf(buf, (size_t)len, "/dev/rtf%d", minor);
	return buf;
}

static inline int rtf_fifo_io(int fd, int cmd, void *buf, int count, int ms_delay)
{
	struct rt_fifo_io io = { buf, count, ms_delay };

	return ioctl(fd, cmd, &io);
}

static inline int rtf_reset(int fd) { return ioctl(fd, RESET); }
static inline int rtf_resize(int fd, int size) { return ioctl(fd, RTF_RESIZE, size); }
static inline int rtf_suspend_timed(int fd, int ms_delay) { return ioctl(fd, RTF_SUSPEND_TIMED, ms_delay); }
/* Open 'dev' with flags 'perm' and make its FIFO at least 'size' bytes:
 * the descriptor, or -errno. */
static inline int rtf_open_sized(const char *dev, int perm, int size)
{
	int fd = open(dev, perm), err;

	if (fd < 0)
		return -errno;
	if (ioctl(fd, OPEN_SIZED, size) < 0) {
		err = errno;
		close(fd);
		return -err;
	}
	return fd;
}
static inline int rtf_read_all_at_once(int fd, void *buf, int count)
{
	return rtf_fifo_io(fd, READ_ALL_AT_ONCE, buf, count, 0);
}
static inline int rtf_read_timed(int fd, void *buf, int count, int ms_delay)
{
	return rtf_fifo_io(fd, READ_TIMED, buf, count, ms_delay);
}
static inline int rtf_write_timed(int fd, void *buf, int count, int ms_delay)
{
	return rtf_fifo_io(fd, WRITE_TIMED, buf, count, ms_delay);
}
static inline int rtf_evdrp(int fd, void *buf, int count) { return rtf_fifo_io(fd, EAVESDROP, buf, count, 0); }
static inline int rtf_ovrwr_put(int fd, void *buf, int count) { return rtf_fifo_io(fd, OVRWRITE, buf, count, 0); }
static inline int rtf_read_if(int fd, void *buf, int count) { return rtf_fifo_io(fd, READ_IF, buf, count, 0); }
static inline int rtf_write_if(int fd, void *buf, int count) { return rtf_fifo_io(fd, WRITE_IF, buf, count, 0); }
#define rtf_get_if rtf_read_if
#define rtf_put_if rtf_write_if

static inline int rtf_sem_init(int fd, int value) { return ioctl(fd, RTF_SEM_INIT, value); }
static inline int rtf_sem_wait(int fd) { return ioctl(fd, RTF_SEM_WAIT, 0); }
static inline int rtf_sem_trywait(int fd) { return ioctl(fd, RTF_SEM_TRYWAIT, 0); }
static inline int rtf_sem_timed_wait(int fd, int ms_delay) { return ioctl(fd, RTF_SEM_TIMED_WAIT, ms_delay); }
static inline int rtf_sem_post(int fd) { return ioctl(fd, RTF_SEM_POST, 0); }
static inline int rtf_sem_destroy(int fd) { return ioctl(fd, RTF_SEM_DESTROY, 0); }

/* The number of a FIFO named by rtf_named_create, or -1 with errno. */
static inline int rtf_getfifobyname(const char *name)
{
	int fd = open("/dev/rtf0", O_RDONLY), n;

	if (fd < 0)
		return -1;
	n = ioctl(fd, RTF_NAME_LOOKUP, name);
	close(fd);
	return n;
}

#endif

#endif /* _RTAI_FIFOS_H */
