/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rtai_mbx.h - mailboxes (RTAI 5.3 kernel API).
 *
 * A mailbox is a byte stream through a ring of 'size' bytes, without
 * message boundaries: a message may be larger than the ring and streams
 * through as the receiver drains it. One sender and one receiver move data
 * at a time, so whole messages of different senders never interleave; the
 * others wait their turn in priority order (FIFO_Q: arrival order).
 *
 * Variants (send and receive alike):
 *   plain, _until, _timed  move all msg_size bytes, waiting as needed:
 *                          0, or RTE_TIMOUT / RTE_OBJREM / RTE_PERM
 *                          (bytes already moved stay moved);
 *   _wp  ("what possible") never wait, move what fits now;
 *   _wg  ("wait good")     wait until some bytes can move, move what fits;
 *   _if                    never wait, all bytes or none;
 * _wp, _wg and _if return the number of bytes NOT moved.
 * Every call returns RTE_OBJINV for an invalid mailbox.
 */
#ifndef _RTAI_MBX_H
#define _RTAI_MBX_H

#include <rtai_sem.h>

typedef struct rt_mailbox {
	long long opaque[24];
} MBX;

#ifdef __cplusplus
extern "C" {
#endif

/* Create with a ring of 'size' bytes; qtype PRIO_Q (default) or FIFO_Q.
 * Linux context (allocates). 0, -EINVAL, -ENOMEM, or -EBUSY for a live MBX
 * (initialised and not deleted: its waiters and ring would be lost). */
int rt_typed_mbx_init(MBX *mbx, int size, int qtype);
int rt_mbx_init(MBX *mbx, int size);

/* Delete: waiting senders and receivers return RTE_OBJREM. 0 / RTE_OBJINV. */
int rt_mbx_delete(MBX *mbx);

/*
 * Named mailboxes (rtai_registry.h), as named semaphores: the first init
 * of a name creates and registers the MBX (IS_MBX), a later one returns it
 * with one more user; rt_named_mbx_delete gives one back and the last
 * deletes and frees it (the users left, 0: deleted; -EINVAL: not a named
 * MBX). Linux context (they allocate and free); NULL on failure.
 */
MBX *_rt_typed_named_mbx_init(unsigned long mbx_name, int size, int qtype);
static inline MBX *rt_typed_named_mbx_init(const char *mbx_name, int size, int qtype)
{
	return _rt_typed_named_mbx_init(nam2num(mbx_name), size, qtype);
}
static inline MBX *rt_named_mbx_init(const char *mbx_name, int size)
{
	return rt_typed_named_mbx_init(mbx_name, size, PRIO_Q);
}
int rt_named_mbx_delete(MBX *mbx);

int rt_mbx_send(MBX *mbx, void *msg, int msg_size);
int rt_mbx_send_wp(MBX *mbx, void *msg, int msg_size);
int rt_mbx_send_wg(MBX *mbx, void *msg, int msg_size);
int rt_mbx_send_if(MBX *mbx, void *msg, int msg_size);
int rt_mbx_send_until(MBX *mbx, void *msg, int msg_size, RTIME time);
int rt_mbx_send_timed(MBX *mbx, void *msg, int msg_size, RTIME delay);

/* Never waits: writes the message, dropping the oldest bytes to make room
 * (only the last 'size' bytes of a larger message are kept). 0, or
 * msg_size if another sender is active. */
int rt_mbx_ovrwr_send(MBX *mbx, void *msg, int msg_size);

int rt_mbx_receive(MBX *mbx, void *msg, int msg_size);
int rt_mbx_receive_wp(MBX *mbx, void *msg, int msg_size);
int rt_mbx_receive_wg(MBX *mbx, void *msg, int msg_size);
int rt_mbx_receive_if(MBX *mbx, void *msg, int msg_size);
int rt_mbx_receive_until(MBX *mbx, void *msg, int msg_size, RTIME time);
int rt_mbx_receive_timed(MBX *mbx, void *msg, int msg_size, RTIME delay);

/* Copy up to msg_size queued bytes without taking them; returns the
 * number of bytes not copied. */
int rt_mbx_evdrp(MBX *mbx, void *msg, int msg_size);

#ifdef __cplusplus
}
#endif

#endif /* _RTAI_MBX_H */
