// SPDX-License-Identifier: GPL-2.0
// api/posix_mqueue.cpp - POSIX message queues (mqueue.h) over the core's
// message queues (ipc/message_queue.hpp).
//
// Every message fits its queue's slots (mq_msgsize is the slot size), so
// the core never needs a block for one: no allocation after mq_open's
// creation. A queue is a block holding the core queue and its name; a
// descriptor is a slot of a static table naming the queue and the open
// flags. The queue's references are its name (until mq_unlink), its open
// descriptors and the calls under way on it; the last one to go destroys
// and frees it, so a close or an unlink during another thread's wait never
// frees a queue in use.
#include <stdarg.h>

#include <posix/mqueue.h>

#include "../hal/spinlock.hpp"
#include "../ipc/message_queue.hpp"
#include "posix_glue.h"
#include "posix_internal.hpp"

using namespace tx;
using namespace tx::api;
using namespace tx::posix;

namespace {

constexpr int kQueuesMax = 64;
constexpr long kDefaultMaxMsg = 10, kDefaultMsgSize = 8192;
constexpr size_t kQueueBytesMax = 64u << 20;

struct Queue {
	DeferredBlock block; // first: Scheduler::free_later from a thread
	MessageQueue q;
	char name[MQ_NAME_MAX];
	long maxmsg, msgsize;
	unsigned refs; // [g_lock] name + descriptors + calls under way
	bool named;    // [g_lock] not unlinked yet
};

struct Descriptor {
	Queue *queue; // null: free
	int flags;    // O_ACCMODE bits and O_NONBLOCK
	const void *opener; // the code that opened it (its module's unload closes it)
};

// [g_lock] the queue table and the descriptors, the queues' refs. Held for
// O(1) steps, or the O(kQueuesMax) name lookup of mq_open and mq_unlink.
constinit SpinLock g_lock;
constinit Queue *g_queues[kQueuesMax];
constinit Descriptor g_desc[MQ_OPEN_MAX];

bool equal(const char *a, const char *b)
{
	while (*a && *a == *b)
		a++, b++;
	return *a == *b;
}

// "/x..." with no other slash, shorter than MQ_NAME_MAX: 0, or EINVAL /
// ENAMETOOLONG.
int check_name(const char *name)
{
	if (!name || name[0] != '/' || !name[1])
		return EINVAL;
	size_t n = 1;
	for (; name[n]; n++)
		if (name[n] == '/')
			return EINVAL;
	return n < MQ_NAME_MAX ? 0 : ENAMETOOLONG;
}

Queue *find_locked(const char *name)
{
	for (Queue *q : g_queues) // O(kQueuesMax)
		if (q && q->named && equal(q->name, name))
			return q;
	return nullptr;
}

// [g_lock] Drop a reference; the last one destroys and frees the queue
// (through Linux from a thread). No thread waits on it then: each waiter
// holds a reference of its call.
void put_locked(Queue *q)
{
	if (--q->refs)
		return;
	for (Queue *&slot : g_queues)
		if (slot == q)
			slot = nullptr;
	q->q.destroy(nullptr);
	if (tx_hal_may_sleep())
		tx_hal_free(q, sizeof(Queue));
	else
		g_sched.free_later(&q->block);
}

// The queue of a descriptor with a reference for the call, or null
// (EBADF). 'need': the access mode the call needs (O_RDONLY for receive,
// O_WRONLY for send), -1 for any.
Queue *get(mqd_t d, int need, int *flags)
{
	unsigned long lf = g_lock.lock();
	Queue *q = d >= 0 && d < MQ_OPEN_MAX ? g_desc[d].queue : nullptr;
	int f = q ? g_desc[d].flags : 0;
	int mode = f & O_ACCMODE;
	if (q && need >= 0 && mode != O_RDWR && mode != need)
		q = nullptr; // not open for that
	if (q)
		q->refs++;
	g_lock.unlock(lf);
	*flags = f;
	return q;
}

void put(Queue *q)
{
	unsigned long lf = g_lock.lock();
	put_locked(q);
	g_lock.unlock(lf);
}

// A new queue (Linux context): 0 or an error number.
int create(const char *name, const struct mq_attr *attr, Queue **made)
{
	long maxmsg = attr ? attr->mq_maxmsg : kDefaultMaxMsg;
	long msgsize = attr ? attr->mq_msgsize : kDefaultMsgSize;
	if (maxmsg < 1 || msgsize < 1 || static_cast<unsigned long>(maxmsg) * static_cast<unsigned long>(msgsize) > kQueueBytesMax)
		return EINVAL;
	if (!tx_hal_may_sleep())
		return EPERM; // it allocates
	auto *q = static_cast<Queue *>(tx_hal_alloc(sizeof(Queue)));
	if (!q)
		return ENOMEM;
	zero_bytes(q, sizeof(*q));
	q->block.bytes = sizeof(Queue);
	int r = q->q.init(static_cast<int>(maxmsg), static_cast<size_t>(msgsize));
	if (r) {
		tx_hal_free(q, sizeof(Queue));
		return r == -kENoMem ? ENOMEM : EINVAL;
	}
	size_t n = 0;
	for (; name[n]; n++)
		q->name[n] = name[n];
	q->maxmsg = maxmsg;
	q->msgsize = msgsize;
	*made = q;
	return 0;
}

void destroy_unused(Queue *q)
{
	q->q.destroy(nullptr);
	tx_hal_free(q, sizeof(Queue));
}

mqd_t open_queue(const char *name, int oflag, const struct mq_attr *attr, const void *opener)
{
	int err = check_name(name);
	if (err)
		return fail(err);
	Queue *made = nullptr;
	for (;;) {
		unsigned long lf = g_lock.lock();
		Queue *q = find_locked(name);
		if (q && (oflag & O_CREAT) && (oflag & O_EXCL))
			err = EEXIST;
		else if (!q && !(oflag & O_CREAT))
			err = ENOENT;
		else if (!q && made) { // ours goes in now, unless the table is full
			err = ENOSPC;
			for (Queue *&slot : g_queues) {
				if (!slot) {
					slot = made;
					made->named = true;
					made->refs = 1; // the name's
					q = made;
					made = nullptr;
					err = 0;
					break;
				}
			}
		}
		if (!err && q) {
			err = EMFILE;
			for (int d = 0; d < MQ_OPEN_MAX; d++) { // O(MQ_OPEN_MAX)
				if (!g_desc[d].queue) {
					g_desc[d] = {q, oflag & (O_ACCMODE | O_NONBLOCK), opener};
					q->refs++;
					g_lock.unlock(lf);
					if (made)
						destroy_unused(made); // another opener created it first
					return d;
				}
			}
		}
		g_lock.unlock(lf);
		if (err) {
			if (made)
				destroy_unused(made);
			return fail(err);
		}
		// Not there, O_CREAT: make it outside the lock, then look again.
		err = create(name, attr, &made);
		if (err)
			return fail(err);
	}
}

// The error number of a core result (0: success).
int error_of(int r)
{
	if (r == RTE_TIMOUT)
		return ETIMEDOUT;
	if (r == RTE_UNBLKD)
		return EINTR;
	if (r == RTE_PERM)
		return EPERM;
	return r >= RTE_LOWERR ? EBADF : 0; // RTE_OBJINV, RTE_OBJREM: the queue went
}

// abstime: null for mq_send, else mq_timedsend's (checked only if the call
// must wait: a bad one is EINVAL then).
int send(mqd_t d, const char *msg, size_t len, unsigned prio, const struct timespec *abstime)
{
	int flags;
	Queue *q = get(d, O_WRONLY, &flags);
	if (!q)
		return fail(EBADF);
	int err = len > static_cast<size_t>(q->msgsize) ? EMSGSIZE : (prio >= MQ_PRIO_MAX ? EINVAL : 0);
	if (!err) {
		bool kept, full = false;
		int core_prio = MQ_PRIO_MAX - 1 - static_cast<int>(prio); // the core takes a lower number first
		bool nonblock = flags & O_NONBLOCK;
		int r;
		if (nonblock || (abstime && !valid_timespec(abstime))) {
			r = q->q.send(msg, len, core_prio, nullptr, &kept, MsgqMode::IfReady, 0, &full);
			err = full ? (nonblock ? EAGAIN : EINVAL) : error_of(r);
		} else {
			Count deadline = abstime ? deadline_of(CLOCK_REALTIME, ns_of(abstime)) : kForever;
			r = q->q.send(msg, len, core_prio, nullptr, &kept, MsgqMode::Blocking, deadline);
			err = error_of(r);
		}
	}
	put(q);
	return err ? fail(err) : 0;
}

ssize_t receive(mqd_t d, char *buf, size_t len, unsigned *prio, const struct timespec *abstime)
{
	int flags;
	Queue *q = get(d, O_RDONLY, &flags);
	if (!q)
		return fail(EBADF);
	size_t cap = static_cast<size_t>(q->msgsize);
	int err = len < cap ? EMSGSIZE : 0;
	ssize_t got = -1;
	if (!err) {
		int core_prio = -1; // written only when a message is taken
		MessageQueue::Block *freed = nullptr;
		bool nonblock = flags & O_NONBLOCK;
		int r;
		if (nonblock || (abstime && !valid_timespec(abstime))) {
			r = q->q.receive(buf, cap, &core_prio, &freed, MsgqMode::IfReady, 0);
			err = r < RTE_LOWERR && core_prio < 0 ? (nonblock ? EAGAIN : EINVAL) : error_of(r);
		} else {
			Count deadline = abstime ? deadline_of(CLOCK_REALTIME, ns_of(abstime)) : kForever;
			r = q->q.receive(buf, cap, &core_prio, &freed, MsgqMode::Blocking, deadline);
			err = error_of(r);
		}
		if (!err) {
			got = static_cast<ssize_t>(cap) - r;
			if (prio)
				*prio = static_cast<unsigned>(MQ_PRIO_MAX - 1 - core_prio);
		}
	}
	put(q);
	return err ? fail(err) : got;
}

} // namespace

extern "C" {

mqd_t mq_open(const char *name, int oflag, ...)
{
	const struct mq_attr *attr = nullptr;
	if (oflag & O_CREAT) {
		va_list ap;
		va_start(ap, oflag);
		(void)va_arg(ap, unsigned int); // mode_t: permissions do not apply in the kernel
		attr = va_arg(ap, const struct mq_attr *);
		va_end(ap);
	}
	return open_queue(name, oflag, attr, __builtin_return_address(0));
}

int mq_close(mqd_t mqdes)
{
	unsigned long lf = g_lock.lock();
	Queue *q = mqdes >= 0 && mqdes < MQ_OPEN_MAX ? g_desc[mqdes].queue : nullptr;
	if (q) {
		g_desc[mqdes].queue = nullptr;
		put_locked(q);
	}
	g_lock.unlock(lf);
	return q ? 0 : fail(EBADF);
}

int mq_unlink(const char *name)
{
	int err = check_name(name);
	if (err)
		return fail(err);
	unsigned long lf = g_lock.lock();
	Queue *q = find_locked(name);
	if (q) {
		q->named = false;
		put_locked(q); // the name's reference
	}
	g_lock.unlock(lf);
	return q ? 0 : fail(ENOENT);
}

int mq_send(mqd_t mqdes, const char *msg, size_t len, unsigned int prio)
{
	return send(mqdes, msg, len, prio, nullptr);
}

int mq_timedsend(mqd_t mqdes, const char *msg, size_t len, unsigned int prio, const struct timespec *abstime)
{
	static const struct timespec kBad = {0, -1};
	return send(mqdes, msg, len, prio, abstime ? abstime : &kBad);
}

ssize_t mq_receive(mqd_t mqdes, char *buf, size_t len, unsigned int *prio)
{
	return receive(mqdes, buf, len, prio, nullptr);
}

ssize_t mq_timedreceive(mqd_t mqdes, char *buf, size_t len, unsigned int *prio, const struct timespec *abstime)
{
	static const struct timespec kBad = {0, -1};
	return receive(mqdes, buf, len, prio, abstime ? abstime : &kBad);
}

int mq_getattr(mqd_t mqdes, struct mq_attr *attr)
{
	int flags;
	Queue *q = get(mqdes, -1, &flags);
	if (!q)
		return fail(EBADF);
	if (attr) {
		attr->mq_flags = flags & O_NONBLOCK;
		attr->mq_maxmsg = q->maxmsg;
		attr->mq_msgsize = q->msgsize;
		attr->mq_curmsgs = q->q.queued();
	}
	put(q);
	return 0;
}

int mq_setattr(mqd_t mqdes, const struct mq_attr *attr, struct mq_attr *old)
{
	if (old && mq_getattr(mqdes, old))
		return -1;
	unsigned long lf = g_lock.lock();
	bool ok = mqdes >= 0 && mqdes < MQ_OPEN_MAX && g_desc[mqdes].queue;
	if (ok && attr)
		g_desc[mqdes].flags = (g_desc[mqdes].flags & ~O_NONBLOCK) | (attr->mq_flags & O_NONBLOCK);
	g_lock.unlock(lf);
	return ok ? 0 : fail(EBADF);
}

unsigned tx_posix_mq_release_owner(const void *owner, int (*within)(const void *adr, const void *owner))
{
	unsigned n = 0;
	for (int d = 0; d < MQ_OPEN_MAX; d++) { // one descriptor per lock hold
		unsigned long lf = g_lock.lock();
		Queue *q = g_desc[d].queue;
		bool hit = q && (!within || within(g_desc[d].opener, owner));
		if (hit) {
			g_desc[d].queue = nullptr;
			put_locked(q);
			n++;
		}
		g_lock.unlock(lf);
	}
	if (!within) { // tactus_sched goes: the names too
		for (int i = 0; i < kQueuesMax; i++) {
			unsigned long lf = g_lock.lock();
			Queue *q = g_queues[i];
			if (q && q->named) {
				q->named = false;
				put_locked(q);
			}
			g_lock.unlock(lf);
		}
	}
	return n;
}

void tx_posix_mq_reset(void)
{
	g_lock.reset();
	for (Queue *&q : g_queues)
		q = nullptr;
	for (Descriptor &d : g_desc)
		d = {};
}

} // extern "C"
