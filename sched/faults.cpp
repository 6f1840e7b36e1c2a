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
// own memory; a task that runs a Linux kernel thread's code
// (rt_make_hard_real_time) faults on that thread's stack too. Either way
// the report and the handler run on the task's own stack. O(1).
tx_task_fault *Scheduler::fault_claim(uintptr_t sp, uintptr_t *low, uintptr_t *top)
{
	CpuState &c = this_cpu();
	Task *t = c.current;
	if (!c.online || !t || t->linux_ctx || t->halted != Halt::None || !t->stack)
		return nullptr;
	auto start = reinterpret_cast<uintptr_t>(t->stack);
	uintptr_t end = start + t->stack->block.bytes;
	bool on_foreign = sp >= t->foreign_stack_low && sp < t->foreign_stack_high; // a kernel thread's code
	if ((sp < start || sp >= end) && !on_foreign)
		return nullptr;
	store_relaxed(&t->halted, Halt::Fault);
	t->fault.entry = t->entry;
	t->fault.who[0] = t->fault.what[0] = t->fault.trace[0] = '\0';
	*low = reinterpret_cast<uintptr_t>(t->stack_guard) + kStackGuardBytes;
	*top = end & ~static_cast<uintptr_t>(15);
	return &t->fault;
}

// The faulted task, on its own stack, unmasked. Halted, it is no longer
// runnable: the switch leaves it for good (delete frees it). A trap
// handler for the fault's vector runs first, as the task: runnable again
// while it runs (it may block, be preempted or delete the task), and a
// fault inside it comes back here with in_trap set, which stops the task
// without running it again. O(1) plus the handler plus the switch.
void Scheduler::task_faulted()
{
	unsigned long flags;
	CpuState *c = &lock_this_cpu(&flags);
	Task *t = c->current;
	TX_ASSERT(t->halted == Halt::Fault);
	tx_trap_handler handler = nullptr;
	if (!t->in_trap && t->fault.vec >= 0 && t->fault.vec < TX_TRAP_VECTORS)
		handler = load_relaxed(&t->trap_handlers[t->fault.vec]);
	rt_log(0, "tactus: task '%s' faulted: %s; %s", t->name[0] ? t->name : t->fault.who, t->fault.what,
	       handler ? "its trap handler runs, then it stops for good" : "stopped for good");
	if (t->fault.trace[0])
		rt_log(0, "tactus:   its stack holds: %s", t->fault.trace);
	if (handler) {
		t->in_trap = true;
		t->halted = Halt::None;
		unlock_cpu(*c, flags);
		handler(t->fault.vec, t->fault.signo, reinterpret_cast<struct pt_regs *>(t->fault.regs), t);
		c = &lock_this_cpu(&flags); // it may have moved: the CPU it is on now
		t->halted = Halt::Fault;
	}
	t->suspend_depth = max(t->suspend_depth, 0) + 1; // RTAI's view: suspended
	update_ready(t);
	schedule(*c);
	// Not reached: nothing makes a halted task runnable again.
	tx_hal_assert_failed("a faulted task ran again");
	for (;;)
		tx_hal_relax();
}

// Any context. IPC lock: the task stays valid meanwhile. O(1).
int Scheduler::set_trap_handler(Task *t, unsigned vec, tx_trap_handler h, tx_trap_handler *old)
{
	if (vec >= TX_TRAP_VECTORS)
		return -kEInval;
	unsigned long flags = ipc_enter();
	if (!valid(t)) {
		ipc_leave(flags);
		return -kEInval;
	}
	*old = t->trap_handlers[vec];
	store_relaxed(&t->trap_handlers[vec], h);
	ipc_leave(flags);
	return kOk;
}

} // namespace tx

extern "C" {
tx_task_fault *tx_core_fault_claim(uintptr_t sp, uintptr_t *low, uintptr_t *top)
{
	return tx::g_sched.fault_claim(sp, low, top);
}
void tx_core_task_faulted(void) { tx::g_sched.task_faulted(); }
}
