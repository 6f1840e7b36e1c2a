/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rtai_msg.h - intertask messages and remote procedure calls (RTAI 5.3).
 *
 * A message is one unsigned long. rt_send() hands it to a task waiting in
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

#ifdef __cplusplus
}
#endif

#endif /* _RTAI_MSG_H */
