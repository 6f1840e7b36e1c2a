/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rtai_tbx.h - message queues and typed mailboxes (RTAI 5.3 kernel API),
 * in tactus_shm (RTAI's rtai_msgq / rtai_tbx modules).
 *
 * A message queue (RT_MSGQ, also TBX) holds up to 'nmsg' whole messages in
 * priority order: a lower number is received first, equal priorities in
 * the order sent. A message of up to 'msg_size' bytes is kept in one of the
 * queue's slots; a larger one in a block of the global real-time heap
 * (rt_malloc, rtai_malloc.h), allocated and copied by the sender before it
 * takes the queue's lock and freed by its receiver. The typed mailboxes are
 * RTAI's macros on it: rt_tbx_init(tbx, size, flags) is a queue of 'size'
 * messages with no slot bytes (every message in the heap), rt_tbx_send
 * sends at priority 1, rt_tbx_urgent at priority 0 (ahead of the sent
 * ones), rt_tbx_broadcast at priority 0.
 *
 * Sending, as RTAI 5.3 returns it (CONFIG_RTAI_USE_NEWERR):
 *   plain, _until, _timed  0, or RTE_TIMOUT / RTE_UNBLKD / RTE_OBJREM when
 *                          the wait for a free slot ended otherwise,
 *                          RTE_PERM for a wait from Linux context or an
 *                          interrupt handler;
 *   _if                    0, or msg_size when the queue is full;
 *   every one              -ENOMEM when the heap has no block for a large
 *                          message, RTE_OBJINV for a queue that is not
 *                          live or a negative size.
 * Receiving copies at most msg_size bytes of the first message (the rest of
 * a longer one is lost) and returns msg_size minus the bytes copied (so 0
 * when the buffer was filled); _if returns msg_size when the queue is
 * empty; the waits end as the sends' do. 'msgpri', if not NULL, gets the
 * message's priority.
 * rt_msg_evdrp copies the first message without taking it: 0, or msg_size
 * when the queue is empty.
 * Broadcasting gives one message to every task waiting to receive at that
 * moment (none waits when messages are queued): the number of them, 0 when
 * none waits. It never waits, so its _if, _until and _timed forms are the
 * same call.
 *
 * Hand-offs are direct: a message sent while a receiver waits is copied
 * into that receiver's buffer, and a slot freed while a sender waits takes
 * that sender's message, each in one step. Waiting senders and receivers
 * queue by task priority. Bounds: one copy of the message per call (a
 * broadcast: one per receiver), the priority insert into the queue
 * (O(messages queued)), the wait-queue insert, and an O(1) heap call for a
 * large message. The block of a sender deleted while it waits stays with the
 * queue until rt_msgq_delete gives it back to the heap (a sender whose wait
 * ends otherwise takes its block back as the wait ends).
 *
 * 'space' (the _rt_ forms): 1, the message is in kernel memory; Tactus has
 * no LXRT, and 0 is refused with RTE_PERM.
 */
#ifndef _RTAI_TBX_H
#define _RTAI_TBX_H

#include <rtai_sem.h>

#define TBX RT_MSGQ

/* RTAI's message header and message, for clients that size buffers with
 * them; a Tactus queue keeps its own header in each slot. */
typedef struct rt_msgh {
	void *malloc;
	int broadcast;
	int size;
	int priority;
	void *next;
} RT_MSGH;

#define RT_MSGH_SIZE (sizeof(RT_MSGH))

typedef struct rt_msg {
	RT_MSGH hdr;
	char msg[1];
} RT_MSG;

/* A queue: the caller's memory, set up by rt_msgq_init. */
typedef struct rt_msgq {
	long long opaque[24];
} RT_MSGQ;

#ifdef __cplusplus
extern "C" {
#endif

/* 'nmsg' (>= 1) slots of 'msg_size' (>= 0) bytes. Linux context (allocates
 * the slots). 0, -EINVAL, -ENOMEM, or -EBUSY for a live queue. */
int rt_msgq_init(RT_MSGQ *msgq, int nmsg, int msg_size);
/* Waiting senders and receivers return RTE_OBJREM; the large messages
 * still queued go back to the heap. 0, or -EFAULT for a queue that is not
 * live. */
int rt_msgq_delete(RT_MSGQ *msgq);

/*
 * Named queues (rtai_registry.h, type IS_TBX): the first init of a name
 * makes and registers the queue, a later one returns it with one more user;
 * rt_named_msgq_delete gives one back and the last one deletes and frees
 * the queue: the users left (0: deleted), or -EINVAL for a queue no named
 * init made. Linux context; NULL on failure (no memory, a bad size, the
 * name taken by an object of another type). Named queues left at
 * tactus_shm's unload are deleted then.
 */
RT_MSGQ *_rt_named_msgq_init(unsigned long msgq_name, int nmsg, int size);
static inline RT_MSGQ *rt_named_msgq_init(const char *msgq_name, int nmsg, int size)
{
	return _rt_named_msgq_init(nam2num(msgq_name), nmsg, size);
}
int rt_named_msgq_delete(RT_MSGQ *msgq);

int _rt_msg_send(RT_MSGQ *msgq, void *msg, int msg_size, int msgpri, int space);
int _rt_msg_send_if(RT_MSGQ *msgq, void *msg, int msg_size, int msgpri, int space);
int _rt_msg_send_until(RT_MSGQ *msgq, void *msg, int msg_size, int msgpri, RTIME until, int space);
int _rt_msg_send_timed(RT_MSGQ *msgq, void *msg, int msg_size, int msgpri, RTIME delay, int space);
int _rt_msg_receive(RT_MSGQ *msgq, void *msg, int msg_size, int *msgpri, int space);
int _rt_msg_receive_if(RT_MSGQ *msgq, void *msg, int msg_size, int *msgpri, int space);
int _rt_msg_receive_until(RT_MSGQ *msgq, void *msg, int msg_size, int *msgpri, RTIME until, int space);
int _rt_msg_receive_timed(RT_MSGQ *msgq, void *msg, int msg_size, int *msgpri, RTIME delay, int space);
int _rt_msg_evdrp(RT_MSGQ *msgq, void *msg, int msg_size, int *msgpri, int space);
int _rt_msg_broadcast(RT_MSGQ *msgq, void *msg, int msg_size, int msgpri, int space);
int _rt_msg_broadcast_if(RT_MSGQ *msgq, void *msg, int msg_size, int msgpri, int space);
int _rt_msg_broadcast_until(RT_MSGQ *msgq, void *msg, int msg_size, int msgpri, RTIME until, int space);
int _rt_msg_broadcast_timed(RT_MSGQ *msgq, void *msg, int msg_size, int msgpri, RTIME delay, int space);

static inline int rt_msg_send(RT_MSGQ *msgq, void *msg, int msg_size, int msgpri)
{
	return _rt_msg_send(msgq, msg, msg_size, msgpri, 1);
}
static inline int rt_msg_send_if(RT_MSGQ *msgq, void *msg, int msg_size, int msgpri)
{
	return _rt_msg_send_if(msgq, msg, msg_size, msgpri, 1);
}
static inline int rt_msg_send_until(RT_MSGQ *msgq, void *msg, int msg_size, int msgpri, RTIME until)
{
	return _rt_msg_send_until(msgq, msg, msg_size, msgpri, until, 1);
}
static inline int rt_msg_send_timed(RT_MSGQ *msgq, void *msg, int msg_size, int msgpri, RTIME delay)
{
	return _rt_msg_send_timed(msgq, msg, msg_size, msgpri, delay, 1);
}
static inline int rt_msg_receive(RT_MSGQ *msgq, void *msg, int msg_size, int *msgpri)
{
	return _rt_msg_receive(msgq, msg, msg_size, msgpri, 1);
}
static inline int rt_msg_receive_if(RT_MSGQ *msgq, void *msg, int msg_size, int *msgpri)
{
	return _rt_msg_receive_if(msgq, msg, msg_size, msgpri, 1);
}
static inline int rt_msg_receive_until(RT_MSGQ *msgq, void *msg, int msg_size, int *msgpri, RTIME until)
{
	return _rt_msg_receive_until(msgq, msg, msg_size, msgpri, until, 1);
}
static inline int rt_msg_receive_timed(RT_MSGQ *msgq, void *msg, int msg_size, int *msgpri, RTIME delay)
{
	return _rt_msg_receive_timed(msgq, msg, msg_size, msgpri, delay, 1);
}
static inline int rt_msg_evdrp(RT_MSGQ *msgq, void *msg, int msg_size, int *msgpri)
{
	return _rt_msg_evdrp(msgq, msg, msg_size, msgpri, 1);
}
static inline int rt_msg_broadcast(RT_MSGQ *msgq, void *msg, int msg_size, int msgpri)
{
	return _rt_msg_broadcast(msgq, msg, msg_size, msgpri, 1);
}
static inline int rt_msg_broadcast_if(RT_MSGQ *msgq, void *msg, int msg_size, int msgpri)
{
	return _rt_msg_broadcast_if(msgq, msg, msg_size, msgpri, 1);
}
static inline int rt_msg_broadcast_until(RT_MSGQ *msgq, void *msg, int msg_size, int msgpri, RTIME until)
{
	return _rt_msg_broadcast_until(msgq, msg, msg_size, msgpri, until, 1);
}
/* RTAI declares the timed form under this name (and passes the delay on
 * as a time: harmless there and here, as a broadcast never waits). */
static inline int rt_msg_broadcast_delay(RT_MSGQ *msgq, void *msg, int msg_size, int msgpri, RTIME delay)
{
	return _rt_msg_broadcast_timed(msgq, msg, msg_size, msgpri, delay, 1);
}
static inline int rt_msg_broadcast_timed(RT_MSGQ *msgq, void *msg, int msg_size, int msgpri, RTIME delay)
{
	return _rt_msg_broadcast_timed(msgq, msg, msg_size, msgpri, delay, 1);
}

#ifdef __cplusplus
}
#endif

/* The typed mailboxes, as RTAI 5.3 defines them. */
#define rt_tbx_init(tbx, size, flags) rt_msgq_init(tbx, size, 0)
#define rt_tbx_delete(tbx) rt_msgq_delete(tbx)

#define rt_tbx_send(tbx, msg, msg_size) rt_msg_send(tbx, msg, msg_size, 1)
#define rt_tbx_send_if(tbx, msg, msg_size) rt_msg_send_if(tbx, msg, msg_size, 1)
#define rt_tbx_send_until(tbx, msg, msg_size, until) rt_msg_send_until(tbx, msg, msg_size, 1, until)
#define rt_tbx_send_timed(tbx, msg, msg_size, delay) rt_msg_send_timed(tbx, msg, msg_size, 1, delay)

#define rt_tbx_receive(tbx, msg, msg_size) rt_msg_receive(tbx, msg, msg_size, 0)
#define rt_tbx_receive_if(tbx, msg, msg_size) rt_msg_receive_if(tbx, msg, msg_size, 0)
#define rt_tbx_receive_until(tbx, msg, msg_size, until) rt_msg_receive_until(tbx, msg, msg_size, 0, until)
#define rt_tbx_receive_timed(tbx, msg, msg_size, delay) rt_msg_receive_timed(tbx, msg, msg_size, 0, delay)

#define rt_tbx_broadcast(tbx, msg, msg_size) rt_msg_broadcast(tbx, msg, msg_size, 0)
#define rt_tbx_broadcast_if(tbx, msg, msg_size) rt_msg_broadcast_if(tbx, msg, msg_size, 0)
#define rt_tbx_broadcast_until(tbx, msg, msg_size, until) rt_msg_broadcast_until(tbx, msg, msg_size, 0, until)
#define rt_tbx_broadcast_timed(tbx, msg, msg_size, delay) rt_msg_broadcast_timed(tbx, msg, msg_size, 0, delay)

#define rt_tbx_urgent(tbx, msg, msg_size) rt_msg_send(tbx, msg, msg_size, 0)
#define rt_tbx_urgent_if(tbx, msg, msg_size) rt_msg_send_if(tbx, msg, msg_size, 0)
#define rt_tbx_urgent_until(tbx, msg, msg_size, until) rt_msg_send_until(tbx, msg, msg_size, 0, until)
#define rt_tbx_urgent_timed(tbx, msg, msg_size, delay) rt_msg_send_timed(tbx, msg, msg_size, 0, delay)

#endif /* _RTAI_TBX_H */
