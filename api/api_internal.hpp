// SPDX-License-Identifier: GPL-2.0
// api/api_internal.hpp - shared pieces of the RTAI C API implementation.
#pragma once

#include <rtai_mbx.h>
#include <rtai_msg.h>
#include <rtai_sched.h>
#include <rtai_sem.h>

#include "../ipc/mailbox.hpp"
#include "../ipc/message.hpp"
#include "../ipc/semaphore.hpp"
#include "../sched/errors.hpp"
#include "../sched/scheduler.hpp"

static_assert(sizeof(tx::Task) <= sizeof(RT_TASK), "RT_TASK holds a Task");
static_assert(sizeof(tx::Semaphore) <= sizeof(SEM), "SEM holds a Semaphore");
static_assert(sizeof(tx::Mailbox) <= sizeof(MBX), "MBX holds a Mailbox");
static_assert(alignof(tx::Task) <= alignof(RT_TASK), "RT_TASK alignment");

namespace tx::api {

inline Task *task_of(RT_TASK *t) { return reinterpret_cast<Task *>(t); }
inline RT_TASK *rt_task_of(Task *t) { return reinterpret_cast<RT_TASK *>(t); }
inline Semaphore *sem_of(SEM *s) { return reinterpret_cast<Semaphore *>(s); }
inline Mailbox *mbx_of(MBX *m) { return reinterpret_cast<Mailbox *>(m); }

// Absolute deadline of a relative delay, saturating instead of wrapping.
inline Count deadline_after(Count delay)
{
	Count now = g_sched.now();
	return delay > kForever - now ? kForever - 1 : now + delay;
}

} // namespace tx::api
