// SPDX-License-Identifier: GPL-2.0
// hal/srq.cpp - RTAI's system requests on the Linux work queue: a table of
// TX_SRQS entries, each a LinuxWork item whose function calls the handler.
// Taking and giving back numbers is Linux context under one spinlock; a pend
// is the work queue's O(1) push.
#include "srq.h"

#include "../lib/atomic.hpp"
#include "linux_work.hpp"
#include "spinlock.hpp"

namespace tx {

namespace {

struct Srq {
	LinuxWork work;
	void (*handler)(void) = nullptr; // [atomic] null: free
	unsigned long label = 0;
};

constinit SpinLock g_lock;
constinit Srq g_srqs[TX_SRQS];

void run(LinuxWork *w)
{
	Srq *s = reinterpret_cast<Srq *>(reinterpret_cast<char *>(w) - __builtin_offsetof(Srq, work));
	if (void (*handler)(void) = load_acquire(&s->handler))
		handler();
}

constexpr int kEInval = 22, kEBusy = 16;

} // namespace

} // namespace tx

using namespace tx;

extern "C" {

void tx_srq_reset(void)
{
	g_lock.reset();
	for (Srq &s : g_srqs) {
		s.work = LinuxWork(run);
		s.handler = nullptr;
		s.label = 0;
	}
}

int tx_srq_request(unsigned long label, void (*handler)(void))
{
	if (!handler)
		return -kEInval;
	unsigned long flags = g_lock.lock();
	int found = -kEBusy;
	for (unsigned i = 1; i < TX_SRQS; i++)
		if (g_srqs[i].handler && g_srqs[i].label == label) {
			g_lock.unlock(flags);
			return -kEBusy;
		}
	for (unsigned i = 1; i < TX_SRQS && found < 0; i++) {
		if (!g_srqs[i].handler) {
			// The work item stays as reset made it: a pend of the
			// number's previous owner may still be queued in it.
			g_srqs[i].label = label;
			store_release(&g_srqs[i].handler, handler);
			found = static_cast<int>(i);
		}
	}
	g_lock.unlock(flags);
	return found;
}

int tx_srq_free(unsigned srq)
{
	if (srq == 0 || srq >= TX_SRQS)
		return -kEInval;
	unsigned long flags = g_lock.lock();
	int result = g_srqs[srq].handler ? 0 : -kEInval;
	store_release(&g_srqs[srq].handler, static_cast<void (*)(void)>(nullptr));
	g_lock.unlock(flags);
	return result;
}

int tx_srq_pend(unsigned srq)
{
	if (srq == 0 || srq >= TX_SRQS || !load_acquire(&g_srqs[srq].handler))
		return -kEInval;
	linux_work_queue(&g_srqs[srq].work);
	return 0;
}

unsigned tx_srq_release_if(int (*match)(const void *handler, void *ctx), void *ctx)
{
	unsigned n = 0;
	unsigned long flags = g_lock.lock();
	for (unsigned i = 1; i < TX_SRQS; i++) {
		void (*handler)(void) = g_srqs[i].handler;
		if (handler && match(reinterpret_cast<const void *>(handler), ctx)) {
			store_release(&g_srqs[i].handler, static_cast<void (*)(void)>(nullptr));
			n++;
		}
	}
	g_lock.unlock(flags);
	return n;
}

} // extern "C"
