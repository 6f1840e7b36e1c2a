// SPDX-License-Identifier: GPL-2.0
// sched/faults.cpp - a CPU exception in a real-time task's code stops that
// task, not the machine (hal/hal.h, "Faults in real-time tasks"): the port's
// hook asks fault_claim() whose fault it is, and the exception returns into
// task_faulted(), which reports it as the task and leaves the CPU for good.
#include "../hal/rt_log.hpp"
#include "../lib/atomic.hpp"
#include "errors.hpp"
#include "scheduler.hpp"

namespace tx {

// Exception context on this CPU, the co-kernel unmasked at the fault (the
// port checks): no lock is taken, and none is needed. The running context
// changes only on this CPU, in a switch, which is masked: it cannot be half
// done under an unmasked fault. The stack is the whole allocation, guard and
// header included: a task that ran past its stack's low end faulted in its
// own memory. O(1).
tx_task_fault *Scheduler::fault_claim(uintptr_t sp, uintptr_t *low, uintptr_t *top)
{
	CpuState &c = this_cpu();
	Task *t = c.current;
	if (!c.online || !t || t->linux_ctx || t->halted != Halt::None || !t->stack)
		return nullptr;
	auto start = reinterpret_cast<uintptr_t>(t->stack);
	uintptr_t end = start + t->stack->block.bytes;
	if (sp < start || sp >= end)
		return nullptr;
	store_relaxed(&t->halted, Halt::Fault);
	t->fault.entry = t->entry;
	t->fault.who[0] = t->fault.what[0] = t->fault.trace[0] = '\0';
	*low = reinterpret_cast<uintptr_t>(t->stack_guard) + kStackGuardBytes;
	*top = end & ~static_cast<uintptr_t>(15);
	return &t->fault;
}

// The faulted task, on its own stack, unmasked. Halted, it is no longer
// runnable: the switch leaves it for good (delete frees it). O(1) plus the
// switch.
void Scheduler::task_faulted()
{
	unsigned long flags;
	CpuState &c = lock_this_cpu(&flags);
	Task *t = c.current;
	TX_ASSERT(t->halted == Halt::Fault);
	rt_log(0, "tactus: task '%s' faulted: %s; stopped for good", t->name[0] ? t->name : t->fault.who,
	       t->fault.what);
	if (t->fault.trace[0])
		rt_log(0, "tactus:   its stack holds: %s", t->fault.trace);
	t->suspend_depth = max(t->suspend_depth, 0) + 1; // RTAI's view: suspended
	update_ready(t);
	schedule(c);
	// Not reached: nothing makes a halted task runnable again.
	tx_hal_assert_failed("a faulted task ran again");
	for (;;)
		tx_hal_relax();
}

} // namespace tx

extern "C" {
tx_task_fault *tx_core_fault_claim(uintptr_t sp, uintptr_t *low, uintptr_t *top)
{
	return tx::g_sched.fault_claim(sp, low, top);
}
void tx_core_task_faulted(void) { tx::g_sched.task_faulted(); }
}
