// SPDX-License-Identifier: GPL-2.0
#include "linux_work.hpp"

#include "hal.h"
#include "../lib/atomic.hpp"

using tx::LinuxWork;

namespace {
constinit LinuxWork *g_pending = nullptr; // Treiber stack, newest first
}

extern "C" {

void tx_linux_work_queue(LinuxWork *w)
{
	using namespace tx;
	if (exchange(&w->queued, 1u) != 0)
		return;
	LinuxWork *head = load_relaxed(&g_pending);
	do {
		w->next = head;
	} while (!compare_exchange(&g_pending, &head, w));
	tx_hal_linux_kick();
}

void tx_linux_work_run_all(void)
{
	using namespace tx;
	LinuxWork *list = exchange(&g_pending, static_cast<LinuxWork *>(nullptr));
	// Reverse to run in queueing order.
	LinuxWork *ordered = nullptr;
	while (list) {
		LinuxWork *next = list->next;
		list->next = ordered;
		ordered = list;
		list = next;
	}
	while (ordered) {
		LinuxWork *w = ordered;
		ordered = w->next;
		store_release(&w->queued, 0u);
		w->fn(w);
	}
}

void tx_linux_work_reset(void) { tx::store_release(&g_pending, static_cast<LinuxWork *>(nullptr)); }

} // extern "C"
