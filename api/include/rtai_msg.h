/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rtai_msg.h - intertask messages and remote procedure calls (RTAI 5.3).
 *
 * A message is one unsigned long (the x forms below: a buffer). rt_send() hands it to a task waiting in
 * rt_receive(), or waits until that task receives it; senders queue at the
 * receiver in priority order. rt_rpc() also waits for the receiver's
 * rt_return() and gets its result. rt_receive(NULL, ...) takes the first
 * queued message; rt_receive(task, ...) only one from that task.
 *
 * Results: the partner task on success; NULL when an _if call finds no
 * partner ready (and for rt_rpc_until/timed with a deadline already past);
 * otherwise an error code cast to a pointer: MSG_ERR (RTE_OBJINV) for an
 * invalid partner, RTE_TIMOUT, RTE_OBJREM (the partner was deleted) or
 * RTE_PERM (Linux context). A valid result satisfies
 * (unsigned long)ret > RTE_HIGERR.
 */
#ifndef _RTAI_MSG_H
#define _RTAI_MSG_H

#include <rtai_sched.h>

#define MSG_ERR ((RT_TASK *)RTE_OBJINV)

#ifdef __cplusplus
extern "C" {
#endif

RT_TASK *rt_send(RT_TASK *task, unsigned long msg);
RT_TASK *rt_send_if(RT_TASK *task, unsigned long msg);
RT_TASK *rt_send_until(RT_TASK *task, unsigned long msg, RTIME time);
RT_TASK *rt_send_timed(RT_TASK *task, unsigned long msg, RTIME delay);

/* 'msg' (may be NULL) receives the unsigned long. */
RT_TASK *rt_receive(RT_TASK *task, void *msg);
RT_TASK *rt_receive_if(RT_TASK *task, void *msg);
RT_TASK *rt_receive_until(RT_TASK *task, void *msg, RTIME time);
RT_TASK *rt_receive_timed(RT_TASK *task, void *msg, RTIME delay);

/* 'result' (may be NULL) receives the unsigned long given to rt_return().
 * The deadline of _until/_timed covers both the send and the reply. */
RT_TASK *rt_rpc(RT_TASK *task, unsigned long to_do, void *result);
RT_TASK *rt_rpc_if(RT_TASK *task, unsigned long to_do, void *result);
RT_TASK *rt_rpc_until(RT_TASK *task, unsigned long to_do, void *result, RTIME time);
RT_TASK *rt_rpc_timed(RT_TASK *task, unsigned long to_do, void *result, RTIME delay);

/* Answer an rpc received from 'task'. Returns task, NULL if it is not
 * waiting for our answer (e.g. it timed out), MSG_ERR if invalid. */
RT_TASK *rt_return(RT_TASK *task, unsigned long result);

/* Nonzero if 'task' waits for an rt_return. */
int rt_isrpc(RT_TASK *task);

/* Peek at the first queued message (from 'task', or anyone if NULL)
 * without receiving it; returns the sender or NULL. */
RT_TASK *rt_evdrp(RT_TASK *task, void *msg);

/*
 * The x forms carry a buffer of 'size' bytes instead of one unsigned long,
 * with the same rules and results. A receiver (rt_receivex, an rpcx
 * caller's reply, rt_evdrpx) takes at most the size it gives: a longer
 * message is cut, and *len (may be NULL) gets the bytes it got. The bytes
 * are copied at the hand-over, under the co-kernel's IPC lock: keep
 * messages short (the copy's time is everyone's). A plain and an x call can
 * meet: a plain receive takes the first sizeof(unsigned long) bytes (the
 * rest of it zero). MSG_ERR for a negative size or a NULL buffer with a
 * size.
 */
RT_TASK *rt_sendx(RT_TASK *task, void *msg, int size);
RT_TASK *rt_sendx_if(RT_TASK *task, void *msg, int size);
RT_TASK *rt_sendx_until(RT_TASK *task, void *msg, int size, RTIME time);
RT_TASK *rt_sendx_timed(RT_TASK *task, void *msg, int size, RTIME delay);
RT_TASK *rt_rpcx(RT_TASK *task, void *smsg, void *rmsg, int ssize, int rsize);
RT_TASK *rt_rpcx_if(RT_TASK *task, void *smsg, void *rmsg, int ssize, int rsize);
RT_TASK *rt_rpcx_until(RT_TASK *task, void *smsg, void *rmsg, int ssize, int rsize, RTIME time);
RT_TASK *rt_rpcx_timed(RT_TASK *task, void *smsg, void *rmsg, int ssize, int rsize, RTIME delay);
RT_TASK *rt_receivex(RT_TASK *task, void *msg, int size, long *len);
RT_TASK *rt_receivex_if(RT_TASK *task, void *msg, int size, long *len);
RT_TASK *rt_receivex_until(RT_TASK *task, void *msg, int size, long *len, RTIME time);
RT_TASK *rt_receivex_timed(RT_TASK *task, void *msg, int size, long *len, RTIME delay);
RT_TASK *rt_returnx(RT_TASK *task, void *msg, int size);
RT_TASK *rt_evdrpx(RT_TASK *task, void *msg, int size, long *len);
#define rt_isrpcx(task) rt_isrpc(task)

#ifdef __cplusplus
}
#endif

#endif /* _RTAI_MSG_H */
