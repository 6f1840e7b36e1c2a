// SPDX-License-Identifier: GPL-2.0
// api/rtai_ipc.cpp - rtai_sem.h, rtai_mbx.h and rtai_msg.h over ipc/.
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

RT_TASK *rt_send(RT_TASK *t, unsigned long msg) { return as_rt(msg_send(task_of(t), msg, MsgMode::Blocking, kForever)); }
RT_TASK *rt_send_if(RT_TASK *t, unsigned long msg) { return as_rt(msg_send(task_of(t), msg, MsgMode::IfReady, kForever)); }
RT_TASK *rt_send_until(RT_TASK *t, unsigned long msg, RTIME time)
{
	return as_rt(msg_send(task_of(t), msg, MsgMode::Blocking, until(time)));
}
RT_TASK *rt_send_timed(RT_TASK *t, unsigned long msg, RTIME delay)
{
	return as_rt(msg_send(task_of(t), msg, MsgMode::Blocking, deadline_after(delay)));
}

RT_TASK *rt_receive(RT_TASK *t, void *msg)
{
	return as_rt(msg_receive(task_of(t), static_cast<unsigned long *>(msg), MsgMode::Blocking, kForever));
}
RT_TASK *rt_receive_if(RT_TASK *t, void *msg)
{
	return as_rt(msg_receive(task_of(t), static_cast<unsigned long *>(msg), MsgMode::IfReady, kForever));
}
RT_TASK *rt_receive_until(RT_TASK *t, void *msg, RTIME time)
{
	return as_rt(msg_receive(task_of(t), static_cast<unsigned long *>(msg), MsgMode::Blocking, until(time)));
}
RT_TASK *rt_receive_timed(RT_TASK *t, void *msg, RTIME delay)
{
	return as_rt(
		msg_receive(task_of(t), static_cast<unsigned long *>(msg), MsgMode::Blocking, deadline_after(delay)));
}

RT_TASK *rt_rpc(RT_TASK *t, unsigned long to_do, void *result)
{
	return as_rt(msg_rpc(task_of(t), to_do, static_cast<unsigned long *>(result), MsgMode::Blocking, kForever));
}
RT_TASK *rt_rpc_if(RT_TASK *t, unsigned long to_do, void *result)
{
	return as_rt(msg_rpc(task_of(t), to_do, static_cast<unsigned long *>(result), MsgMode::IfReady, kForever));
}
RT_TASK *rt_rpc_until(RT_TASK *t, unsigned long to_do, void *result, RTIME time)
{
	return as_rt(msg_rpc(task_of(t), to_do, static_cast<unsigned long *>(result), MsgMode::Blocking, until(time)));
}
RT_TASK *rt_rpc_timed(RT_TASK *t, unsigned long to_do, void *result, RTIME delay)
{
	return as_rt(msg_rpc(task_of(t), to_do, static_cast<unsigned long *>(result), MsgMode::Blocking,
			     deadline_after(delay)));
}

RT_TASK *rt_return(RT_TASK *t, unsigned long result) { return as_rt(msg_return(task_of(t), result)); }
int rt_isrpc(RT_TASK *t) { return msg_is_rpc(task_of(t)) ? RT_SCHED_RETURN : 0; }
RT_TASK *rt_evdrp(RT_TASK *t, void *msg) { return as_rt(msg_peek(task_of(t), static_cast<unsigned long *>(msg))); }

} // extern "C"
