// SPDX-License-Identifier: GPL-2.0
// api/rtai_qnx.cpp - RTAI's proxies and QNX-style messages (rtai_msg.h)
// over the intertask messages: a proxy is a real-time task that sends its
// message once per trigger; rt_Send is an rt_rpc carrying a MSGCB, as in
// RTAI; pids are registry slots + 1.
#include <rtai_msg.h>
#include <rtai_registry.h>

#include "../hal/spinlock.hpp"
#include "../lib/atomic.hpp"
#include "api_internal.hpp"
#include "proxies_glue.h"

using namespace tx;
using namespace tx::api;

namespace {

enum class ProxyKind : uint8_t { Native, Qnx };

// A proxy: its task, whom it sends to, the triggers not yet sent, and the
// message (RT_PROXY_MAX_BYTES at most) after the struct.
struct Proxy {
	RT_TASK task;
	uint32_t magic;
	ProxyKind kind;
	RT_TASK *receiver;
	int pending; // triggers not sent yet (atomic)
	int nbytes;
	size_t bytes; // of the allocation
	char *msg() { return reinterpret_cast<char *>(this + 1); }
};

constexpr uint32_t kProxyMagic = 0x9e0c9e0c;

// The proxies, for rt_proxy_detach's check and the unload. Written in Linux
// context under g_lock (O(RT_PROXY_MAX)); read by rt_trigger through the
// proxy's own magic.
constinit SpinLock g_lock;
Proxy *g_proxies[RT_PROXY_MAX];

// What rt_Receive handed a receiver, per sender slot: the MSGCB of a
// sender waiting for rt_Reply. Set by the receiver, taken by rt_Reply.
MSGCB *g_waiting_reply[kMaxTasks];

Proxy *proxy_of(RT_TASK *t)
{
	auto *p = reinterpret_cast<Proxy *>(t); // the task is the first member
	return t && load_acquire(&p->magic) == kProxyMagic ? p : nullptr;
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
			if (p->kind == ProxyKind::Native) {
				rt_sendx(p->receiver, p->msg(), p->nbytes);
			} else {
				MSGCB cb = {PROXY, p->msg(), static_cast<size_t>(p->nbytes), nullptr, 0};
				unsigned long ignored;
				rt_rpc(p->receiver, reinterpret_cast<unsigned long>(&cb), &ignored);
			}
		}
		rt_task_suspend(&p->task);
	}
}

RT_TASK *attach(RT_TASK *receiver, void *msg, int nbytes, int priority, ProxyKind kind)
{
	if (!g_sched.in_linux() || nbytes < 0 || nbytes > RT_PROXY_MAX_BYTES || (nbytes && !msg))
		return nullptr;
	if (!receiver)
		receiver = rt_whoami(); // from Linux context: no receiver
	if (!g_sched.valid(task_of(receiver)) || task_of(receiver)->linux_ctx)
		return nullptr;
	size_t bytes = sizeof(Proxy) + static_cast<size_t>(nbytes);
	auto *p = static_cast<Proxy *>(tx_hal_alloc(bytes));
	if (!p)
		return nullptr;
	zero_bytes(p, sizeof(*p));
	p->kind = kind;
	p->receiver = receiver;
	p->nbytes = nbytes;
	p->bytes = bytes;
	for (int i = 0; i < nbytes; i++)
		p->msg()[i] = static_cast<const char *>(msg)[i];
	unsigned long flags = g_lock.lock();
	int slot = -1;
	for (int i = 0; i < RT_PROXY_MAX && slot < 0; i++)
		if (!g_proxies[i])
			slot = i;
	if (slot >= 0)
		g_proxies[slot] = p;
	g_lock.unlock(flags);
	int stack = PROXY_MIN_STACK_SIZE * 4;
	if (slot < 0 || rt_task_init_cpuid(&p->task, proxy_body, reinterpret_cast<long>(p), stack, priority, 0,
					   nullptr, task_of(receiver)->cpu) != 0) {
		if (slot >= 0) {
			flags = g_lock.lock();
			g_proxies[slot] = nullptr;
			g_lock.unlock(flags);
		}
		tx_hal_free(p, bytes);
		return nullptr;
	}
	store_release(&p->magic, kProxyMagic);
	return &p->task; // created suspended: it waits for its first trigger
}

int detach(Proxy *p)
{
	unsigned long flags = g_lock.lock();
	bool listed = false;
	for (Proxy *&q : g_proxies)
		if (q == p) {
			q = nullptr;
			listed = true;
		}
	g_lock.unlock(flags);
	if (!listed)
		return -kEInval;
	store_release(&p->magic, 0u);
	rt_task_delete(&p->task);
	tx_hal_free(p, p->bytes);
	return kOk;
}

int pid_of(RT_TASK *t) { return t && g_sched.valid(task_of(t)) ? static_cast<int>(task_of(t)->slot) + 1 : 0; }

RT_TASK *task_of_pid(int pid)
{
	if (pid <= 0 || static_cast<unsigned>(pid) > kMaxTasks)
		return nullptr;
	Task *t = g_sched.task_in_slot(static_cast<unsigned>(pid - 1));
	return t && !t->linux_ctx ? rt_task_of(t) : nullptr;
}

// A message received (rt_receive's value is the sender's MSGCB): copy it,
// and keep the control block for rt_Reply, or release a proxy at once.
int took(RT_TASK *sender, MSGCB *cb, void *msg, size_t maxsize, size_t *msglen)
{
	int pid = pid_of(sender);
	size_t n = cb->sbytes < maxsize ? cb->sbytes : maxsize;
	for (size_t i = 0; i < n; i++)
		static_cast<char *>(msg)[i] = static_cast<const char *>(cb->sbuf)[i];
	if (msglen)
		*msglen = n;
	if (cb->cmd == PROXY)
		rt_return(sender, 0);
	else
		store_release(&g_waiting_reply[pid - 1], cb);
	return pid;
}

} // namespace

extern "C" {

RT_TASK *rt_proxy_attach(RT_TASK *task, void *msg, int nbytes, int priority)
{
	return attach(task, msg, nbytes, priority, ProxyKind::Native);
}

int rt_proxy_detach(RT_TASK *proxy)
{
	Proxy *p = proxy_of(proxy);
	return p && g_sched.in_linux() ? detach(p) : -kEInval;
}

RT_TASK *rt_trigger(RT_TASK *proxy)
{
	Proxy *p = proxy_of(proxy);
	if (!p)
		return MSG_ERR;
	__atomic_fetch_add(&p->pending, 1, __ATOMIC_ACQ_REL);
	rt_task_resume(&p->task);
	return p->receiver;
}

int rt_Send(int pid, void *smsg, void *rmsg, size_t ssize, size_t rsize)
{
	RT_TASK *task = task_of_pid(pid);
	if (!task)
		return -kESrch;
	MSGCB cb = {SYNCMSG, smsg, ssize, rmsg, rsize};
	unsigned long replied = 0;
	RT_TASK *r = rt_rpc(task, reinterpret_cast<unsigned long>(&cb), &replied);
	if (bad(r))
		return -kEInval;
	return static_cast<int>(replied);
}

int rt_Receive(int pid, void *msg, size_t maxsize, size_t *msglen)
{
	RT_TASK *from = pid ? task_of_pid(pid) : nullptr;
	if (pid && !from)
		return -kESrch;
	unsigned long value = 0;
	RT_TASK *sender = rt_receive(from, &value);
	if (bad(sender) || !value)
		return -kEInval;
	return took(sender, reinterpret_cast<MSGCB *>(value), msg, maxsize, msglen);
}

int rt_Creceive(int pid, void *msg, size_t maxsize, size_t *msglen, RTIME delay)
{
	RT_TASK *from = pid ? task_of_pid(pid) : nullptr;
	if (pid && !from)
		return 0;
	unsigned long value = 0;
	RT_TASK *sender = delay > 0 ? rt_receive_timed(from, &value, delay) : rt_receive_if(from, &value);
	if (bad(sender) || !value)
		return 0;
	return took(sender, reinterpret_cast<MSGCB *>(value), msg, maxsize, msglen);
}

int rt_Reply(int pid, void *msg, size_t size)
{
	RT_TASK *task = task_of_pid(pid);
	if (!task)
		return -kESrch;
	MSGCB *cb = __atomic_exchange_n(&g_waiting_reply[pid - 1], nullptr, __ATOMIC_ACQ_REL);
	if (!cb || !rt_isrpc(task))
		return -kEPerm; // nothing received from it, or it stopped waiting
	size_t n = size < cb->rbytes ? size : cb->rbytes;
	for (size_t i = 0; i < n; i++)
		static_cast<char *>(cb->rbuf)[i] = static_cast<const char *>(msg)[i];
	return bad(rt_return(task, n)) ? -kEInval : kOk;
}

int rt_Proxy_attach(int pid, void *msg, int nbytes, int priority)
{
	RT_TASK *receiver = pid ? task_of_pid(pid) : rt_whoami();
	if (!receiver)
		return -kESrch;
	RT_TASK *proxy = attach(receiver, msg, nbytes, priority, ProxyKind::Qnx);
	return proxy ? pid_of(proxy) : -kEInval;
}

int rt_Proxy_detach(int pid) { return rt_proxy_detach(task_of_pid(pid)); }

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
	for (MSGCB *&cb : g_waiting_reply)
		cb = nullptr;
}

unsigned tx_proxies_shutdown(void)
{
	unsigned n = 0;
	for (Proxy *p : g_proxies)
		if (p && detach(p) == kOk)
			n++;
	return n;
}

} // extern "C"
