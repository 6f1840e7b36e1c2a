// SPDX-License-Identifier: GPL-2.0
/*
 * arch/arm/fault.c - the 32-bit ARM port's hooks of fault containment
 * (hal/hal.h, "Faults in real-time tasks"; arch/port.h tx_arch_fault_init).
 * A task runs in SVC mode with Linux's vectors and a 'current' whose
 * preempt count says NMI (port.c, make_rt_current), so Linux's handlers
 * never take its fault for a process's. Where such a fault meets Linux
 * before its oops (6.12, arch/arm/mm/fault.c and kernel/traps.c):
 *  - data and prefetch aborts with no fixup: die_kernel_fault(), which
 *    __do_kernel_fault() calls after the exception table (Debian's build
 *    splits __do_kernel_fault into an inline fixup and a .part.0 clone, so
 *    it is not a probe point);
 *  - the rest (undefined instructions no undef hook takes, abort types
 *    with no handler, a BUG() in code a task called): die(), the oops
 *    itself (arm_notify_die() cannot be probed for the first: GCC inlines
 *    it into do_undefinstr()).
 * A kprobe on each claims a task's fault and returns from the probe
 * straight into tx_arm_fault_entry (switch.S), with the task's CPSR (SVC
 * mode, IRQs masked, FIQ open), which moves to the top of the task's stack
 * and enters the HAL: die_kernel_fault() never returns, and nothing of
 * Linux's handler is left to finish (no lock taken: a task's 'current' has
 * no mm and a preempt count that says NMI, so the fault path goes straight
 * to its no-context end; the handler's frames, on the task's stack, are
 * abandoned). The probes have a post handler, which keeps them from being
 * jump-optimized: an optimized probe returns to the probed code whatever
 * the pre handler set.
 */
#include <linux/kprobes.h>
#include <linux/signal.h>
#include <linux/string.h>
#include <asm/ptrace.h>

#include "../../arch/port.h"
#include "../../hal/linux/port_services.h"
#include "port_internal.h"

void tx_arm_fault_entry(unsigned long stack_top, unsigned long entry); /* switch.S */

/* RTAI's trap vectors (rtai_sched.h): x86's exception vectors. */
#define TX_TRAP_INVALID_OPCODE 6
#define TX_TRAP_PAGE_FAULT 14
#define FSR_LNX_PF (1u << 31) /* Linux's mark of a prefetch abort in 'fsr' (arch/arm/mm/fault.h) */

/* Whether the fault at 'regs' is a real-time task's; if so, the probe
 * (whose registers are 'kregs') returns into the HAL's entry as the task:
 * tx_arm_fault_entry with the task's CPSR, the top of its stack in r0 and
 * the entry in r1. Returns the pre handler's answer: 1, pc changed, no
 * single-step; 0, not ours. Exception context. Bound: that of
 * tx_hal_fault_claim. */
static int claim(struct pt_regs *kregs, struct pt_regs *regs, const char *kind, int vec, int signo,
		 unsigned long addr, bool has_addr)
{
	struct tx_hal_fault fault = {
		.kind = kind, .vec = vec, .signo = signo, .regs = regs, .pc = regs->ARM_pc,
		.sp = regs->ARM_sp, .lr = regs->ARM_lr, .addr = addr, .has_addr = has_addr,
	};
	unsigned long entry, top;

	/* Tasks run in SVC mode, ARM state. CPSR.F set: the co-kernel was
	 * masked, the task may hold its locks. */
	if (processor_mode(regs) != SVC_MODE || thumb_mode(regs) || (regs->ARM_cpsr & PSR_F_BIT))
		return 0;
	entry = tx_hal_fault_claim(&fault, &top);
	if (!entry)
		return 0;
	kregs->ARM_r0 = top;
	kregs->ARM_r1 = entry;
	kregs->ARM_pc = (unsigned long)tx_arm_fault_entry;
	kregs->ARM_cpsr = regs->ARM_cpsr;
	return 1;
}

/* Not called for a claimed fault (the pre handler returned 1); for the
 * others a no-op. */
static void no_post(struct kprobe *p, struct pt_regs *kregs, unsigned long flags) { }
NOKPROBE_SYMBOL(no_post);

/* A prefetch abort's address is the pc it fetched at. */
static const char *abort_kind(unsigned int fsr, unsigned long addr, const struct pt_regs *regs)
{
	return (fsr & FSR_LNX_PF) || addr == regs->ARM_pc ? "instruction abort" : "data abort";
}

/* die_kernel_fault(msg, mm, addr, fsr, regs): regs on the stack. */
static int kernel_fault_pre(struct kprobe *p, struct pt_regs *kregs)
{
	struct pt_regs *regs = *(struct pt_regs **)kregs->ARM_sp;
	unsigned long addr = kregs->ARM_r2;

	/* RTAI's vectors are x86's: an abort is a page fault there. */
	return claim(kregs, regs, abort_kind(kregs->ARM_r3, addr, regs), TX_TRAP_PAGE_FAULT, SIGSEGV, addr, true);
}
NOKPROBE_SYMBOL(kernel_fault_pre);

/* die(str, regs, err): str names the trap ("Oops - undefined instruction",
 * "Oops - BUG"; "" for an abort type with no handler). */
static int die_pre(struct kprobe *p, struct pt_regs *kregs)
{
	const char *str = (const char *)kregs->ARM_r0;
	struct pt_regs *regs = (struct pt_regs *)kregs->ARM_r1;

	if (!regs || !str)
		return 0;
	if (strstarts(str, "Oops - "))
		str += strlen("Oops - ");
	if (!*str)
		return claim(kregs, regs, "abort", TX_TRAP_PAGE_FAULT, SIGSEGV, 0, false);
	/* an undefined instruction, which BUG() also is */
	return claim(kregs, regs, str, TX_TRAP_INVALID_OPCODE, SIGILL, 0, false);
}
NOKPROBE_SYMBOL(die_pre);

static struct kprobe probes[] = {
	{ .symbol_name = "die_kernel_fault", .pre_handler = kernel_fault_pre, .post_handler = no_post },
	{ .symbol_name = "die", .pre_handler = die_pre, .post_handler = no_post },
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
