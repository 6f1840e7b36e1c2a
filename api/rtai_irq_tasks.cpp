// SPDX-License-Identifier: GPL-2.0
// api/rtai_irq_tasks.cpp - RTAI's interrupt tasks (rtai_sched.h): a line
// whose occurrences resume a task, on rt_request_irq and the task's
// suspension depth, as RTAI 5 builds them. An occurrence is one
// rt_task_resume: a task not waiting yet keeps it as a remembered resume
// (a negative depth), so none is lost and rt_irq_wait reports how many
// were still pending. A small table (RTAI_NR_RT_IRQS entries, one spinlock
// held for O(entries)) remembers which task each line resumes.
#include <rtai_tasklets.h>

#include "../hal/irq_lines.h"
#include "../hal/spinlock.hpp"
#include "api_internal.hpp"
#include "irq_tasks_glue.h"

using namespace tx;
using namespace tx::api;

namespace {

struct IrqTask {
	unsigned irq;
	RT_TASK *task; // null: a free entry
	bool claimed;  // rt_request_irq succeeded: until then only reserved
	bool routed;   // affine2task moved the line to the task's CPU
};

constinit SpinLock g_lock;
constinit IrqTask g_table[RTAI_NR_RT_IRQS];

int resume_task(unsigned, void *task)
{
	rt_task_resume(static_cast<RT_TASK *>(task));
	return 0;
}

// The task line 'irq' resumes, null if none.
RT_TASK *task_of_line(unsigned irq)
{
	unsigned long flags = g_lock.lock();
	RT_TASK *task = nullptr;
	for (const IrqTask &e : g_table)
		if (e.task && e.claimed && e.irq == irq)
			task = e.task;
	g_lock.unlock(flags);
	return task;
}

// What rt_irq_wait* return for a suspension call's result r: the
// occurrences still pending after the one taken (RTAI: -r), an error as
// -RTE_*, or RT_IRQ_TASK_ERR once the line is no interrupt task's.
int wait_result(unsigned irq, int r)
{
	return task_of_line(irq) ? -r : RT_IRQ_TASK_ERR;
}

} // namespace

extern "C" {

int rt_request_irq_task(unsigned irq, void *handler, int type, int affine2task)
{
	RT_TASK *task;
	if (!handler)
		return -kEInval; // RTAI's "the caller": the request needs Linux context, which is no task
	if (type == RT_IRQ_TASKLET)
		task = static_cast<rt_tasklet_struct *>(handler)->task;
	else if (type == RT_IRQ_TASK)
		task = static_cast<RT_TASK *>(handler);
	else
		return -kEInval;
	Task *t = task_of(task);
	if (!task || !g_sched.valid(t) || t->linux_ctx)
		return -kEInval;
	unsigned long flags = g_lock.lock();
	IrqTask *entry = nullptr;
	for (IrqTask &e : g_table) {
		if (e.task && e.irq == irq) {
			g_lock.unlock(flags);
			return -kEBusy;
		}
		if (!e.task && !entry)
			entry = &e;
	}
	if (entry)
		*entry = IrqTask{irq, task, false, false}; // reserved: lookups skip it
	g_lock.unlock(flags);
	if (!entry)
		return -kENoSpc;
	int err = rt_request_irq(irq, resume_task, task, 0);
	// RTAI routes the line before taking it; the HAL routes only its own
	// lines, so here after. A line that cannot be routed stays where it is.
	bool routed = !err && affine2task && tx_irq_route(irq, 1u << t->cpu) != 0;
	flags = g_lock.lock();
	if (err) {
		entry->task = nullptr;
	} else {
		entry->claimed = true; // only now can a release or a wait find it
		entry->routed = routed;
	}
	g_lock.unlock(flags);
	return err;
}

int rt_release_irq_task(unsigned irq)
{
	RT_TASK *task = task_of_line(irq);
	if (!task)
		return -kEInval;
	bool routed = false;
	unsigned long flags = g_lock.lock();
	for (IrqTask &e : g_table)
		if (e.task && e.claimed && e.irq == irq)
			routed = e.routed;
	g_lock.unlock(flags);
	if (routed && tx_hal_may_sleep())
		tx_irq_route_reset(irq); // the routing it had before
	int err = rt_release_irq(irq);
	if (err)
		return err;
	flags = g_lock.lock();
	for (IrqTask &e : g_table)
		if (e.task && e.claimed && e.irq == irq)
			e.task = nullptr;
	g_lock.unlock(flags);
	rt_task_resume(task); // a waiter returns RT_IRQ_TASK_ERR
	return 0;
}

int rt_irq_wait(unsigned irq)
{
	if (!task_of_line(irq))
		return RT_IRQ_TASK_ERR;
	if (!g_sched.can_block())
		return -kRtePerm;
	return wait_result(irq, rt_task_suspend(nullptr));
}

int rt_irq_wait_if(unsigned irq)
{
	if (!task_of_line(irq))
		return RT_IRQ_TASK_ERR;
	if (!g_sched.can_block())
		return -kRtePerm;
	return wait_result(irq, rt_task_suspend_if(nullptr));
}

int rt_irq_wait_until(unsigned irq, RTIME time)
{
	if (!task_of_line(irq))
		return RT_IRQ_TASK_ERR;
	if (!g_sched.can_block())
		return -kRtePerm;
	return wait_result(irq, rt_task_suspend_until(nullptr, time));
}

int rt_irq_wait_timed(unsigned irq, RTIME delay) { return rt_irq_wait_until(irq, deadline_after(delay)); }

void rt_irq_signal(unsigned irq)
{
	if (RT_TASK *task = task_of_line(irq))
		rt_task_resume(task);
}

// ---- irq_tasks_glue.h ----

void tx_irq_tasks_reset(void)
{
	g_lock.reset();
	for (IrqTask &e : g_table)
		e = IrqTask{0, nullptr, false, false};
}

unsigned tx_irq_tasks_release_owner(const void *owner, int (*within)(const void *adr, const void *owner))
{
	unsigned n = 0;
	for (unsigned i = 0; i < RTAI_NR_RT_IRQS; i++) {
		unsigned long flags = g_lock.lock();
		IrqTask e = g_table[i];
		g_lock.unlock(flags);
		if (e.task && e.claimed && (!within || within(e.task, owner)) && rt_release_irq_task(e.irq) == 0)
			n++;
	}
	return n;
}

} // extern "C"
