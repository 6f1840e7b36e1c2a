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
#define RTF_GET_N_FIFOS    15 /* returns the number of FIFOs */
#define RTF_NAME_LOOKUP    18 /* arg: char[16] name; returns its FIFO number */
#define EAVESDROP          19 /* struct rt_fifo_io: copy without taking */
#define OVRWRITE           20 /* struct rt_fifo_io: write, dropping the oldest bytes */
#define READ_IF            21 /* struct rt_fifo_io: all count bytes or none */
#define WRITE_IF           22 /* struct rt_fifo_io: all count bytes or none */

#define RTF_NAMELEN 15

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

#include <stdio.h>

/* "/dev/rtf<minor>" into buf; returns buf. */
static inline char *rtf_getfifobyminor(int minor, char *buf, int len)
{
	snprintf(buf, (size_t)len, "/dev/rtf%d", minor);
	return buf;
}

#endif

#endif /* _RTAI_FIFOS_H */
