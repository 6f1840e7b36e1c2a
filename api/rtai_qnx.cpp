// SPDX-License-Identifier: GPL-2.0
// api/rtai_qnx.cpp - RTAI's proxies and QNX-style messages (rtai_msg.h)
// over the intertask messages: a proxy is a real-time task that sends its
// message (rt_sendx) once per trigger; rt_Send is an rt_rpcx, rt_Receive an
// rt_receivex and rt_Reply an rt_returnx, so the core checks under its lock
// that the replied task waits for the caller's reply and copies the bytes
// there; pids are registry slots + 1.
#include <rtai_msg.h>
#include <rtai_registry.h>

#include "../hal/spinlock.hpp"
#include "../lib/atomic.hpp"
#include "api_internal.hpp"
#include "proxies_glue.h"

using namespace tx;
using namespace tx::api;

namespace {

// A proxy: its task, whom it sends to, the triggers not yet sent, and the
// message (RT_PROXY_MAX_BYTES at most) after the struct.
struct Proxy {
	RT_TASK task;
	RT_TASK *receiver;
	int pending; // triggers not sent yet (atomic)
	int users;   // rt_trigger calls using it now (atomic): detach waits for none
	int nbytes;
	size_t bytes; // of the allocation
	char *msg() { return reinterpret_cast<char *>(this + 1); }
};

// The proxies: only a listed one is a proxy. Changed in Linux context and
// looked up from any context under g_lock, O(RT_PROXY_MAX) per lookup.
constinit SpinLock g_lock;
Proxy *g_proxies[RT_PROXY_MAX];

// g_lock held. The proxy whose task is t, or null.
Proxy *find_locked(const RT_TASK *t)
{
	for (Proxy *p : g_proxies)
		if (p && &p->task == t)
			return p;
	return nullptr;
}

// A message call's result that is no task: NULL or an RTE_* code.
bool bad(RT_TASK *r)
{
	auto v = reinterpret_cast<unsigned long>(r);
	return !r || (v >= static_cast<unsigned long>(RTE_LOWERR) && v <= static_cast<unsigned long>(RTE_HIGERR));
}

// The proxy's task: one send per trigger, then it suspends itself (a
// trigger between the last send and the suspension is remembered by the
// resume: RTAI's suspend depth counting).
void proxy_body(long arg)
{
	auto *p = reinterpret_cast<Proxy *>(arg);
	for (;;) {
		while (load_acquire(&p->pending) > 0) {
			__atomic_fetch_sub(&p->pending, 1, __ATOMIC_ACQ_REL);
			rt_sendx(p->receiver, p->msg(), p->nbytes); // no reply needed, either kind
		}
		rt_task_suspend(&p->task);
	}
}

RT_TASK *attach(RT_TASK *receiver, void *msg, int nbytes, int priority)
{
	if (!g_sched.in_linux() || nbytes < 0 || nbytes > RT_PROXY_MAX_BYTES || (nbytes && !msg))
		return nullptr;
	if (!receiver || !g_sched.valid(task_of(receiver)) || task_of(receiver)->linux_ctx)
		return nullptr;
	size_t bytes = sizeof(Proxy) + static_cast<size_t>(nbytes);
	auto *p = static_cast<Proxy *>(tx_hal_alloc(bytes));
	if (!p)
		return nullptr;
	zero_bytes(p, sizeof(*p));
	p->receiver = receiver;
	p->nbytes = nbytes;
	p->bytes = bytes;
	for (int i = 0; i < nbytes; i++)
		p->msg()[i] = static_cast<const char *>(msg)[i];
	// The task first (created suspended), then listed: only a listed
	// proxy can be triggered.
	int stack = PROXY_MIN_STACK_SIZE * 4;
	if (rt_task_init_cpuid(&p->task, proxy_body, reinterpret_cast<long>(p), stack, priority, 0, nullptr,
			       task_of(receiver)->cpu) != 0) {
		tx_hal_free(p, bytes);
		return nullptr;
	}
	unsigned long flags = g_lock.lock();
	Proxy **slot = nullptr;
	for (Proxy *&q : g_proxies)
		if (!q && !slot)
			slot = &q;
	if (slot)
		*slot = p;
	g_lock.unlock(flags);
	if (!slot) { // RT_PROXY_MAX already
		rt_task_delete(&p->task);
		tx_hal_free(p, bytes);
		return nullptr;
	}
	return &p->task; // created suspended: it waits for its first trigger
}

// Linux context. Unlisted first, so no new trigger finds it; a trigger
// that found it before finishes its resume (a few hundred instructions)
// before the task goes. Deleting the task takes it out of its receiver's
// senders under the IPC lock: no receiver copies from its message after.
int detach(RT_TASK *proxy)
{
	unsigned long flags = g_lock.lock();
	Proxy *p = find_locked(proxy);
	for (Proxy *&q : g_proxies)
		if (p && q == p)
			q = nullptr;
	g_lock.unlock(flags);
	if (!p)
		return -kEInval;
	while (load_acquire(&p->users))
		tx_hal_relax();
	rt_task_delete(&p->task);
	tx_hal_free(p, p->bytes);
	return kOk;
}

int pid_of(RT_TASK *t) { return !bad(t) && g_sched.valid(task_of(t)) ? static_cast<int>(task_of(t)->slot) + 1 : 0; }

RT_TASK *task_of_pid(int pid)
{
	if (pid <= 0 || static_cast<unsigned>(pid) > kMaxTasks)
		return nullptr;
	Task *t = g_sched.task_in_slot(static_cast<unsigned>(pid - 1));
	return t && !t->linux_ctx ? rt_task_of(t) : nullptr;
}

} // namespace

extern "C" {

RT_TASK *rt_proxy_attach(RT_TASK *task, void *msg, int nbytes, int priority)
{
	return attach(task, msg, nbytes, priority);
}

int rt_proxy_detach(RT_TASK *proxy) { return g_sched.in_linux() ? detach(proxy) : -kEInval; }

// Any context: O(RT_PROXY_MAX) under g_lock, then the resume outside it.
RT_TASK *rt_trigger(RT_TASK *proxy)
{
	unsigned long flags = g_lock.lock();
	Proxy *p = find_locked(proxy);
	if (p) {
		__atomic_fetch_add(&p->pending, 1, __ATOMIC_ACQ_REL);
		__atomic_fetch_add(&p->users, 1, __ATOMIC_ACQ_REL);
	}
	g_lock.unlock(flags);
	if (!p)
		return MSG_ERR;
	RT_TASK *receiver = p->receiver;
	rt_task_resume(&p->task);
	__atomic_fetch_sub(&p->users, 1, __ATOMIC_RELEASE);
	return receiver;
}

int rt_Send(int pid, void *smsg, void *rmsg, size_t ssize, size_t rsize)
{
	RT_TASK *task = task_of_pid(pid);
	if (!task)
		return -kESrch;
	if (ssize > 0x7fffffff || rsize > 0x7fffffff)
		return -kEInval;
	Task *me = task_of(rt_whoami());
	RT_TASK *r = rt_rpcx(task, smsg, rmsg, static_cast<int>(ssize), static_cast<int>(rsize));
	if (bad(r))
		return -kEInval;
	return static_cast<int>(me->reply_len); // the caller's own field: no lock needed
}

int rt_Receive(int pid, void *msg, size_t maxsize, size_t *msglen)
{
	RT_TASK *from = pid ? task_of_pid(pid) : nullptr;
	if (pid && !from)
		return -kESrch;
	long len = 0;
	int room = maxsize > 0x7fffffff ? 0x7fffffff : static_cast<int>(maxsize);
	RT_TASK *sender = rt_receivex(from, msg, room, &len);
	if (bad(sender))
		return -kEInval;
	if (msglen)
		*msglen = static_cast<size_t>(len);
	return pid_of(sender);
}

int rt_Creceive(int pid, void *msg, size_t maxsize, size_t *msglen, RTIME delay)
{
	RT_TASK *from = pid ? task_of_pid(pid) : nullptr;
	if (pid && !from)
		return 0;
	long len = 0;
	int room = maxsize > 0x7fffffff ? 0x7fffffff : static_cast<int>(maxsize);
	RT_TASK *sender = delay > 0 ? rt_receivex_timed(from, msg, room, &len, delay) : rt_receivex_if(from, msg, room, &len);
	if (bad(sender))
		return 0;
	if (msglen)
		*msglen = static_cast<size_t>(len);
	return pid_of(sender);
}

int rt_Reply(int pid, void *msg, size_t size)
{
	RT_TASK *task = task_of_pid(pid);
	if (!task)
		return -kESrch;
	if (size > 0x7fffffff)
		return -kEInval;
	// The core replies only to a task waiting for the caller's reply.
	return bad(rt_returnx(task, msg, static_cast<int>(size))) ? -kEPerm : kOk;
}

int rt_Proxy_attach(int pid, void *msg, int nbytes, int priority)
{
	RT_TASK *receiver = task_of_pid(pid);
	if (!receiver)
		return -kESrch;
	RT_TASK *proxy = attach(receiver, msg, nbytes, priority);
	return proxy ? pid_of(proxy) : -kEInval;
}

int rt_Proxy_detach(int pid) { return rt_proxy_detach(task_of_pid(pid)); }
// (rt_proxy_detach finds proxies in its list only: another task's pid is
// -EINVAL, nothing read past its RT_TASK.)

int rt_Trigger(int pid)
{
	RT_TASK *r = rt_trigger(task_of_pid(pid));
	return r == MSG_ERR ? -kESrch : pid_of(r);
}

int rt_Name_attach(const char *name)
{
	if (!name || !name[0])
		return -kEInval;
	for (int i = 0; name[i]; i++)
		if (i >= 6)
			return -kEInval; // nam2num keeps six characters
	if (g_sched.in_linux())
		return -kEPerm;
	RT_TASK *me = rt_whoami();
	return rt_register(nam2num(name), me, IS_TASK, nullptr) > 0 ? pid_of(me) : -kEInval;
}

int rt_Name_locate(const char *host, const char *name)
{
	if (!name)
		return 0;
	unsigned long num = nam2num(name);
	return rt_get_type(num) == IS_TASK ? pid_of(static_cast<RT_TASK *>(rt_get_adr(num))) : 0;
}

int rt_Name_detach(int pid)
{
	RT_TASK *task = task_of_pid(pid);
	return task && rt_drg_on_adr(task) > 0 ? kOk : -kEInval;
}

void tx_proxies_reset(void)
{
	for (Proxy *&p : g_proxies)
		p = nullptr;
}

unsigned tx_proxies_shutdown(void)
{
	unsigned n = 0;
	for (Proxy *p : g_proxies)
		if (p && detach(&p->task) == kOk)
			n++;
	return n;
}

} // extern "C"
