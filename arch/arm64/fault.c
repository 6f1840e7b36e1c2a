// SPDX-License-Identifier: GPL-2.0
/*
 * arch/arm64/fault.c - arm64's hooks of fault containment (hal/hal.h,
 * "Faults in real-time tasks"; arch/port.h tx_arch_fault_init). Where a
 * fault in kernel code meets Linux before its oops (6.12):
 *  - data and instruction aborts: every EL1 one that is not a user-space
 *    access goes to __do_kernel_fault() (exception table first, then
 *    die_kernel_fault(), which prints and kills): a kprobe on its entry
 *    claims the fault and makes it return at once (its callers return
 *    right after it);
 *  - undefined instructions: do_el1_undef(), which dies unless it emulates
 *    the instruction: the same.
 * (die_kernel_fault() itself cannot be skipped: it never returns, and the
 * compiler may place nothing after the call.) A claimed fault's frame is
 * rewritten to return into tx_arm64_fault_entry (switch.S), which moves to
 * the top of the task's stack and enters the HAL.
 */
#include <linux/kprobes.h>
#include <linux/signal.h>
#include <asm/debug-monitors.h>
#include <asm/esr.h>
#include <asm/ptrace.h>

#include "../../arch/port.h"
#include "../../hal/linux/port_services.h"
#include "port_internal.h"

void tx_arm64_fault_entry(void *stack_top, void (*entry)(void)); /* switch.S */

/* RTAI's trap vectors (rtai_sched.h): x86's exception vectors. */
#define TX_TRAP_INVALID_OPCODE 6
#define TX_TRAP_PAGE_FAULT 14

/* Whether the fault at 'regs' is a real-time task's; if so, its exception
 * returns into the HAL's entry. Exception context. Bound: that of
 * tx_hal_fault_claim. */
static bool claim(struct pt_regs *regs, const char *kind, int vec, int signo, unsigned long addr, bool has_addr)
{
	struct tx_hal_fault fault = {
		.kind = kind, .vec = vec, .signo = signo, .regs = regs, .pc = regs->pc,
		.sp = regs->sp, .lr = regs->regs[30], .addr = addr, .has_addr = has_addr,
	};
	unsigned long entry, top;

	/* PSTATE.I: the co-kernel was masked, the task may hold its locks. */
	if (user_mode(regs) || (regs->pstate & PSR_I_BIT))
		return false;
	entry = tx_hal_fault_claim(&fault, &top);
	if (!entry)
		return false;
	regs->regs[0] = top;
	regs->regs[1] = entry;
	regs->pc = (unsigned long)tx_arm64_fault_entry;
	regs->pstate &= ~(DBG_SPSR_SS | PSR_BTYPE_MASK);
	return true;
}

/* Make the probed function return to its caller at once. */
static int skip_function(struct pt_regs *kregs)
{
	instruction_pointer_set(kregs, kregs->regs[30]); /* the link register */
	return 1; /* pc changed: no single-step */
}

/* __do_kernel_fault(addr, esr, regs) */
static int kernel_fault_pre(struct kprobe *p, struct pt_regs *kregs)
{
	unsigned long esr = kregs->regs[1];
	bool instruction = ESR_ELx_EC(esr) == ESR_ELx_EC_IABT_CUR;

	/* RTAI's vectors are x86's: an abort is a page fault there. */
	if (!claim((struct pt_regs *)kregs->regs[2], instruction ? "instruction abort" : "data abort",
		   TX_TRAP_PAGE_FAULT, SIGSEGV, kregs->regs[0], true))
		return 0;
	return skip_function(kregs);
}
NOKPROBE_SYMBOL(kernel_fault_pre);

/* do_el1_undef(regs, esr) */
static int undef_pre(struct kprobe *p, struct pt_regs *kregs)
{
	if (!claim((struct pt_regs *)kregs->regs[0], "undefined instruction", TX_TRAP_INVALID_OPCODE, SIGILL, 0, false))
		return 0;
	return skip_function(kregs);
}
NOKPROBE_SYMBOL(undef_pre);

static struct kprobe probes[] = {
	{ .symbol_name = "__do_kernel_fault", .pre_handler = kernel_fault_pre },
	{ .symbol_name = "do_el1_undef", .pre_handler = undef_pre },
};
static struct kprobe *probe_list[] = { &probes[0], &probes[1] };
static bool probes_on;

int tx_arch_fault_init(void)
{
	return tx_hal_fault_probes_on(probe_list, ARRAY_SIZE(probe_list), &probes_on);
}

void tx_arch_fault_exit(void)
{
	tx_hal_fault_probes_off(probe_list, ARRAY_SIZE(probe_list), &probes_on);
}
