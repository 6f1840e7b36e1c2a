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

#if defined(__KERNEL__) && __has_include(<linux/types.h>)
#include <linux/types.h> /* size_t in kernel C */
#else
#include <stddef.h>
#endif

#include <rtai_sched.h>

#define MSG_ERR ((RT_TASK *)RTE_OBJINV)

/* QNX-style messages (below): the control block a sender's rt_Send passes,
 * with RTAI's layout, and its commands. */
typedef struct t_msgcb {
	int cmd;
	void *sbuf;
	size_t sbytes;
	void *rbuf;
	size_t rbytes;
} MSGCB;
#define SYNCMSG 0
#define PROXY -1
#define PROXY_MIN_STACK_SIZE 2048

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

/*
 * Proxies: a real-time task that sends a fixed message to its receiver
 * each time it is triggered. rt_proxy_attach (Linux context) makes one at
 * 'priority' for the real-time task 'task' (RTAI's NULL, "the caller",
 * names no task here: the call is Linux's) with a copy of 'nbytes' bytes
 * of 'msg' (at most RT_PROXY_MAX_BYTES): the proxy, or NULL (bad
 * arguments, no memory, RT_PROXY_MAX proxies already). rt_trigger (any context, O(1))
 * counts one trigger and wakes the proxy, which sends (rt_sendx) once per
 * trigger, in order; it returns the receiver, or MSG_ERR for something
 * that is not a proxy. The receiver takes the messages with rt_receivex
 * (the proxy is the sender it reports). rt_proxy_detach (Linux context)
 * deletes it: 0, or -EINVAL. Proxies left at tactus_sched's unload are
 * deleted then.
 */
#define RT_PROXY_MAX 64
#define RT_PROXY_MAX_BYTES 4096
RT_TASK *rt_proxy_attach(RT_TASK *task, void *msg, int nbytes, int priority);
int rt_proxy_detach(RT_TASK *proxy);
RT_TASK *rt_trigger(RT_TASK *proxy);

/*
 * QNX-style messages between real-time tasks named by small integers
 * (pid_t values: a task's registry slot + 1, never 0). rt_Send passes a
 * message and a room for the reply (an rt_rpcx), blocks until the
 * receiver's rt_Reply, and returns the reply's length (what fitted in
 * rsize); -ESRCH for a pid that is no task, -EINVAL when the exchange
 * failed (the receiver went, Linux context).
 * rt_Receive waits for a message from 'pid' (0: anyone), copies at most
 * 'maxsize' bytes of it, sets *msglen, and returns the sender's pid
 * (-EINVAL on failure); rt_Creceive waits at most 'delay' counts (0: not
 * at all) and returns 0 when nothing came. rt_Reply copies at most the
 * sender's rsize bytes and unblocks it: 0, -ESRCH, -EPERM (that pid does
 * not wait for a reply from the caller). Messages of proxies need no
 * reply (they are sent, not rpc'd). rt_Name_attach names
 * the calling task (at most 6 characters, the registry's nam2num: IS_TASK)
 * and returns its pid (-EINVAL, -EPERM from Linux context);
 * rt_Name_locate finds a name's pid (0: none; 'host' is ignored);
 * rt_Name_detach drops it (0, -EINVAL). rt_Proxy_attach, rt_Proxy_detach
 * and rt_Trigger are the proxies above by pid (rt_Proxy_attach's pid
 * names the receiver; rt_Trigger returns it). rt_Receive takes any
 * message of the x forms (rt_sendx, rt_rpcx) too. MSGCB is RTAI's type,
 * declared for clients that name it; Tactus passes the bytes itself.
 */
int rt_Send(int pid, void *smsg, void *rmsg, size_t ssize, size_t rsize);
int rt_Receive(int pid, void *msg, size_t maxsize, size_t *msglen);
int rt_Creceive(int pid, void *msg, size_t maxsize, size_t *msglen, RTIME delay);
int rt_Reply(int pid, void *msg, size_t size);
int rt_Proxy_attach(int pid, void *msg, int nbytes, int priority);
int rt_Proxy_detach(int pid);
int rt_Trigger(int pid);
int rt_Name_attach(const char *name);
int rt_Name_locate(const char *host, const char *name);
int rt_Name_detach(int pid);

#ifdef __cplusplus
}
#endif

#endif /* _RTAI_MSG_H */
