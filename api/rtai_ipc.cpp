// SPDX-License-Identifier: GPL-2.0
// api/rtai_ipc.cpp - rtai_sem.h, rtai_mbx.h and rtai_msg.h over ipc/.
#include "../ipc/poll.hpp"
#include "api_internal.hpp"

using namespace tx;
using namespace tx::api;

namespace {

Count until(RTIME time) { return time; }

int mbx_send(MBX *mbx, void *msg, int size, MbxMode mode, Count deadline)
{
	if (!mbx || size < 0)
		return kRteObjInvalid;
	return mbx_of(mbx)->send(msg, static_cast<size_t>(size), mode, deadline);
}

int mbx_receive(MBX *mbx, void *msg, int size, MbxMode mode, Count deadline)
{
	if (!mbx || size < 0)
		return kRteObjInvalid;
	return mbx_of(mbx)->receive(msg, static_cast<size_t>(size), mode, deadline);
}

RT_TASK *as_rt(Task *t) { return rt_task_of(t); }

} // namespace

extern "C" {

// ---- rt_poll ----

int rt_poll(struct rt_poll_s *pdsa, unsigned long nr, RTIME timeout)
{
	static_assert(RT_POLL_MAX == kMaxPollLinks, "rtai_sem.h says the bound");
	if (nr > RT_POLL_MAX || (nr && !pdsa))
		return kRteObjInvalid;
	PollRequest reqs[RT_POLL_MAX];
	for (unsigned long i = 0; i < nr; i++) {
		if (pdsa[i].forwhat < RT_POLL_MBX_RECV || pdsa[i].forwhat > RT_POLL_SEM_WAIT_ONE)
			return kRteObjInvalid;
		reqs[i].object = pdsa[i].what;
		reqs[i].what = static_cast<PollFor>(pdsa[i].forwhat);
		reqs[i].done = false; // poll() may refuse before it looks at them all
		reqs[i].result = kOk;
	}
	Count deadline = timeout == 0 ? kForever : timeout < 0 ? deadline_after(-timeout) : timeout;
	int result = poll(reqs, static_cast<unsigned>(nr), deadline, timeout == 1);
	for (unsigned long i = 0; i < nr; i++)
		if (reqs[i].done)
			pdsa[i].what = reqs[i].result == kOk ? nullptr : reinterpret_cast<void *>(static_cast<long>(reqs[i].result));
	return result;
}

// ---- Semaphores ----

int rt_typed_sem_init(SEM *sem, int value, int type) { return sem ? sem_of(sem)->init(value, type) : -kEInval; }
int rt_sem_init(SEM *sem, int value) { return rt_typed_sem_init(sem, value, CNT_SEM | PRIO_Q); }
int rt_sem_delete(SEM *sem) { return sem ? sem_of(sem)->destroy() : kRteObjInvalid; }
int rt_sem_signal(SEM *sem) { return sem ? sem_of(sem)->signal() : kRteObjInvalid; }
int rt_sem_broadcast(SEM *sem) { return sem ? sem_of(sem)->broadcast() : kRteObjInvalid; }
int rt_sem_wait(SEM *sem) { return sem ? sem_of(sem)->wait(kForever, false) : kRteObjInvalid; }
int rt_sem_wait_if(SEM *sem) { return sem ? sem_of(sem)->wait(kForever, true) : kRteObjInvalid; }
int rt_sem_wait_barrier(SEM *sem) { return sem ? sem_of(sem)->wait_barrier() : kRteObjInvalid; }
int rt_sem_wait_until(SEM *sem, RTIME time) { return sem ? sem_of(sem)->wait(until(time), false) : kRteObjInvalid; }
int rt_sem_wait_timed(SEM *sem, RTIME delay) { return rt_sem_wait_until(sem, deadline_after(delay)); }
int rt_cond_signal(CND *cnd) { return cnd ? sem_of(cnd)->cond_signal() : kRteObjInvalid; }
int rt_cond_wait(CND *cnd, SEM *mtx) { return rt_cond_wait_until(cnd, mtx, kForever); }

int rt_cond_wait_until(CND *cnd, SEM *mtx, RTIME time)
{
	return cnd && mtx ? sem_of(cnd)->cond_wait(sem_of(mtx), until(time)) : kRteObjInvalid;
}

int rt_cond_wait_timed(CND *cnd, SEM *mtx, RTIME delay) { return rt_cond_wait_until(cnd, mtx, deadline_after(delay)); }

int rt_sem_count(SEM *sem)
{
	if (!sem || !sem_of(sem)->valid())
		return kRteObjInvalid;
	return sem_of(sem)->count();
}

// ---- Mailboxes ----

int rt_typed_mbx_init(MBX *mbx, int size, int qtype)
{
	if (!mbx || size <= 0)
		return -kEInval;
	return mbx_of(mbx)->init(static_cast<size_t>(size), (qtype & FIFO_Q) != 0);
}

int rt_mbx_init(MBX *mbx, int size) { return rt_typed_mbx_init(mbx, size, PRIO_Q); }
int rt_mbx_delete(MBX *mbx) { return mbx ? mbx_of(mbx)->destroy() : kRteObjInvalid; }

int rt_mbx_send(MBX *m, void *msg, int n) { return mbx_send(m, msg, n, MbxMode::Blocking, kForever); }
int rt_mbx_send_wp(MBX *m, void *msg, int n) { return mbx_send(m, msg, n, MbxMode::WhatPossible, kForever); }
int rt_mbx_send_wg(MBX *m, void *msg, int n) { return mbx_send(m, msg, n, MbxMode::WaitGood, kForever); }
int rt_mbx_send_if(MBX *m, void *msg, int n) { return mbx_send(m, msg, n, MbxMode::IfAll, kForever); }
int rt_mbx_send_until(MBX *m, void *msg, int n, RTIME t) { return mbx_send(m, msg, n, MbxMode::Blocking, until(t)); }
int rt_mbx_send_timed(MBX *m, void *msg, int n, RTIME d)
{
	return mbx_send(m, msg, n, MbxMode::Blocking, deadline_after(d));
}
int rt_mbx_ovrwr_send(MBX *m, void *msg, int n) { return mbx_send(m, msg, n, MbxMode::Overwrite, kForever); }

int rt_mbx_receive(MBX *m, void *msg, int n) { return mbx_receive(m, msg, n, MbxMode::Blocking, kForever); }
int rt_mbx_receive_wp(MBX *m, void *msg, int n) { return mbx_receive(m, msg, n, MbxMode::WhatPossible, kForever); }
int rt_mbx_receive_wg(MBX *m, void *msg, int n) { return mbx_receive(m, msg, n, MbxMode::WaitGood, kForever); }
int rt_mbx_receive_if(MBX *m, void *msg, int n) { return mbx_receive(m, msg, n, MbxMode::IfAll, kForever); }
int rt_mbx_receive_until(MBX *m, void *msg, int n, RTIME t)
{
	return mbx_receive(m, msg, n, MbxMode::Blocking, until(t));
}
int rt_mbx_receive_timed(MBX *m, void *msg, int n, RTIME d)
{
	return mbx_receive(m, msg, n, MbxMode::Blocking, deadline_after(d));
}

int rt_mbx_evdrp(MBX *m, void *msg, int n)
{
	if (!m || n < 0 || (!msg && n))
		return kRteObjInvalid;
	return mbx_of(m)->peek(msg, static_cast<size_t>(n));
}

// ---- Messages ----

namespace {

MsgBytes value_bytes(const unsigned long *v) { return MsgBytes{v, sizeof(*v)}; }

// A plain receive or rpc result: one unsigned long, zeroed first so that a
// shorter x message leaves no stale bytes. NULL: nothing is copied.
MsgRoom value_room(void *v)
{
	if (v)
		*static_cast<unsigned long *>(v) = 0;
	return MsgRoom{v, v ? sizeof(unsigned long) : 0, nullptr};
}

// An x form's buffer: a negative size or a NULL buffer with a size is
// refused (nullopt-like: ok false).
bool x_bytes(const void *msg, int size, MsgBytes *out)
{
	if (size < 0 || (!msg && size))
		return false;
	*out = MsgBytes{msg, static_cast<size_t>(size)};
	return true;
}

bool x_room(void *msg, int size, size_t *len, MsgRoom *out)
{
	if (size < 0 || (!msg && size))
		return false;
	*out = MsgRoom{msg, static_cast<size_t>(size), len};
	return true;
}

RT_TASK *send_x(RT_TASK *t, void *msg, int size, MsgMode mode, Count deadline)
{
	MsgBytes b;
	return x_bytes(msg, size, &b) ? as_rt(msg_send(task_of(t), b, mode, deadline)) : MSG_ERR;
}

RT_TASK *rpc_x(RT_TASK *t, void *smsg, void *rmsg, int ssize, int rsize, MsgMode mode, Count deadline)
{
	MsgBytes b;
	MsgRoom r;
	if (!x_bytes(smsg, ssize, &b) || !x_room(rmsg, rsize, nullptr, &r))
		return MSG_ERR;
	return as_rt(msg_rpc(task_of(t), b, r, mode, deadline));
}

RT_TASK *receive_x(RT_TASK *t, void *msg, int size, long *len, MsgMode mode, Count deadline)
{
	size_t got = 0;
	MsgRoom r;
	if (!x_room(msg, size, &got, &r))
		return MSG_ERR;
	RT_TASK *from = as_rt(msg_receive(task_of(t), r, mode, deadline));
	if (len)
		*len = static_cast<long>(got);
	return from;
}

} // namespace

RT_TASK *rt_send(RT_TASK *t, unsigned long msg)
{
	return as_rt(msg_send(task_of(t), value_bytes(&msg), MsgMode::Blocking, kForever));
}
RT_TASK *rt_send_if(RT_TASK *t, unsigned long msg)
{
	return as_rt(msg_send(task_of(t), value_bytes(&msg), MsgMode::IfReady, kForever));
}
RT_TASK *rt_send_until(RT_TASK *t, unsigned long msg, RTIME time)
{
	return as_rt(msg_send(task_of(t), value_bytes(&msg), MsgMode::Blocking, until(time)));
}
RT_TASK *rt_send_timed(RT_TASK *t, unsigned long msg, RTIME delay)
{
	return as_rt(msg_send(task_of(t), value_bytes(&msg), MsgMode::Blocking, deadline_after(delay)));
}

RT_TASK *rt_receive(RT_TASK *t, void *msg)
{
	return as_rt(msg_receive(task_of(t), value_room(msg), MsgMode::Blocking, kForever));
}
RT_TASK *rt_receive_if(RT_TASK *t, void *msg)
{
	return as_rt(msg_receive(task_of(t), value_room(msg), MsgMode::IfReady, kForever));
}
RT_TASK *rt_receive_until(RT_TASK *t, void *msg, RTIME time)
{
	return as_rt(msg_receive(task_of(t), value_room(msg), MsgMode::Blocking, until(time)));
}
RT_TASK *rt_receive_timed(RT_TASK *t, void *msg, RTIME delay)
{
	return as_rt(msg_receive(task_of(t), value_room(msg), MsgMode::Blocking, deadline_after(delay)));
}

RT_TASK *rt_rpc(RT_TASK *t, unsigned long to_do, void *result)
{
	return as_rt(msg_rpc(task_of(t), value_bytes(&to_do), value_room(result), MsgMode::Blocking, kForever));
}
RT_TASK *rt_rpc_if(RT_TASK *t, unsigned long to_do, void *result)
{
	return as_rt(msg_rpc(task_of(t), value_bytes(&to_do), value_room(result), MsgMode::IfReady, kForever));
}
RT_TASK *rt_rpc_until(RT_TASK *t, unsigned long to_do, void *result, RTIME time)
{
	return as_rt(msg_rpc(task_of(t), value_bytes(&to_do), value_room(result), MsgMode::Blocking, until(time)));
}
RT_TASK *rt_rpc_timed(RT_TASK *t, unsigned long to_do, void *result, RTIME delay)
{
	return as_rt(msg_rpc(task_of(t), value_bytes(&to_do), value_room(result), MsgMode::Blocking,
			     deadline_after(delay)));
}

RT_TASK *rt_return(RT_TASK *t, unsigned long result) { return as_rt(msg_return(task_of(t), value_bytes(&result))); }
int rt_isrpc(RT_TASK *t) { return msg_is_rpc(task_of(t)) ? RT_SCHED_RETURN : 0; }
RT_TASK *rt_evdrp(RT_TASK *t, void *msg) { return as_rt(msg_peek(task_of(t), value_room(msg))); }

RT_TASK *rt_sendx(RT_TASK *t, void *msg, int size) { return send_x(t, msg, size, MsgMode::Blocking, kForever); }
RT_TASK *rt_sendx_if(RT_TASK *t, void *msg, int size) { return send_x(t, msg, size, MsgMode::IfReady, kForever); }
RT_TASK *rt_sendx_until(RT_TASK *t, void *msg, int size, RTIME time)
{
	return send_x(t, msg, size, MsgMode::Blocking, until(time));
}
RT_TASK *rt_sendx_timed(RT_TASK *t, void *msg, int size, RTIME delay)
{
	return send_x(t, msg, size, MsgMode::Blocking, deadline_after(delay));
}

RT_TASK *rt_rpcx(RT_TASK *t, void *smsg, void *rmsg, int ssize, int rsize)
{
	return rpc_x(t, smsg, rmsg, ssize, rsize, MsgMode::Blocking, kForever);
}
RT_TASK *rt_rpcx_if(RT_TASK *t, void *smsg, void *rmsg, int ssize, int rsize)
{
	return rpc_x(t, smsg, rmsg, ssize, rsize, MsgMode::IfReady, kForever);
}
RT_TASK *rt_rpcx_until(RT_TASK *t, void *smsg, void *rmsg, int ssize, int rsize, RTIME time)
{
	return rpc_x(t, smsg, rmsg, ssize, rsize, MsgMode::Blocking, until(time));
}
RT_TASK *rt_rpcx_timed(RT_TASK *t, void *smsg, void *rmsg, int ssize, int rsize, RTIME delay)
{
	return rpc_x(t, smsg, rmsg, ssize, rsize, MsgMode::Blocking, deadline_after(delay));
}

RT_TASK *rt_receivex(RT_TASK *t, void *msg, int size, long *len)
{
	return receive_x(t, msg, size, len, MsgMode::Blocking, kForever);
}
RT_TASK *rt_receivex_if(RT_TASK *t, void *msg, int size, long *len)
{
	return receive_x(t, msg, size, len, MsgMode::IfReady, kForever);
}
RT_TASK *rt_receivex_until(RT_TASK *t, void *msg, int size, long *len, RTIME time)
{
	return receive_x(t, msg, size, len, MsgMode::Blocking, until(time));
}
RT_TASK *rt_receivex_timed(RT_TASK *t, void *msg, int size, long *len, RTIME delay)
{
	return receive_x(t, msg, size, len, MsgMode::Blocking, deadline_after(delay));
}

RT_TASK *rt_returnx(RT_TASK *t, void *msg, int size)
{
	MsgBytes b;
	return x_bytes(msg, size, &b) ? as_rt(msg_return(task_of(t), b)) : MSG_ERR;
}

RT_TASK *rt_evdrpx(RT_TASK *t, void *msg, int size, long *len)
{
	size_t got = 0;
	MsgRoom r;
	if (!x_room(msg, size, &got, &r))
		return MSG_ERR;
	RT_TASK *from = as_rt(msg_peek(task_of(t), r));
	if (len)
		*len = static_cast<long>(got);
	return from;
}

} // extern "C"
