// SPDX-License-Identifier: GPL-2.0
/*
 * arch/x86/fault.c - x86_64's hooks of fault containment (hal/hal.h, "Faults
 * in real-time tasks"; arch/port.h tx_arch_fault_init). Where a fault in
 * kernel code meets Linux before its oops (6.12):
 *  - page faults: every kernel-mode one Linux cannot fix up ends in
 *    page_fault_oops() (after the exception table, before any output), whose
 *    callers all return right after it: a kprobe there claims the fault and
 *    makes the call return at once;
 *  - #UD and #DE: do_error_trap() asks the die chain (DIE_TRAP) first;
 *  - #GP: the die chain (DIE_GPF), after the exception table.
 * A claimed fault's frame is rewritten to return into the HAL's entry, on
 * the top of the task's stack; Linux's exception exit then goes there.
 */
#include <linux/kdebug.h>
#include <linux/kprobes.h>
#include <linux/percpu.h>
#include <linux/signal.h>
#include <asm/ptrace.h>
#include <asm/trapnr.h>

#include "../../arch/port.h"
#include "../../hal/linux/port_services.h"
#include "port_internal.h"

/* Whether the fault at 'regs' is a real-time task's; if so, its exception
 * returns into the HAL's entry. Exception context. Bound: that of
 * tx_hal_fault_claim. */
static bool claim(struct pt_regs *regs, const char *kind, int vec, int signo, unsigned long addr, bool has_addr)
{
	struct tx_hal_fault fault = {
		.kind = kind, .vec = vec, .signo = signo, .regs = regs,
		.pc = regs->ip, .sp = regs->sp, .addr = addr, .has_addr = has_addr,
	};
	unsigned long entry, top;

	/* Masked: the task may hold co-kernel locks (hal/hal.h). */
	if (user_mode(regs) || this_cpu_read(tx_x86_masked))
		return false;
	entry = tx_hal_fault_claim(&fault, &top);
	if (!entry)
		return false;
	regs->ip = entry;
	regs->sp = top - 8; /* as after a call: the ABI's alignment at entry */
	regs->bp = 0;       /* no frame below */
	regs->flags &= ~(X86_EFLAGS_TF | X86_EFLAGS_AC);
	return true;
}

/* ---- Page faults: a kprobe on page_fault_oops ------------------------------ */

/* Where a claimed page_fault_oops() call goes instead: straight back to its
 * caller, which returns (every caller does, in 6.12). */
static noinline notrace void skip_oops(void)
{
	barrier();
}

static int page_fault_oops_pre(struct kprobe *p, struct pt_regs *kregs)
{
	/* page_fault_oops(regs, error_code, address) */
	struct pt_regs *regs = (struct pt_regs *)kregs->di;

	if (!claim(regs, "page fault", X86_TRAP_PF, SIGSEGV, kregs->dx, true))
		return 0;
	kregs->ip = (unsigned long)skip_oops;
	return 1; /* ip changed: no single-step */
}
NOKPROBE_SYMBOL(page_fault_oops_pre);

static struct kprobe oops_probe = {
	.symbol_name = "page_fault_oops",
	.pre_handler = page_fault_oops_pre,
};

/* ---- #UD, #DE, #GP: the die chain ------------------------------------------- */

static int die_event(struct notifier_block *nb, unsigned long val, void *data)
{
	struct die_args *args = data;
	const char *kind;
	int vec, signo;

	if (val == DIE_GPF)
		kind = "general protection fault", vec = X86_TRAP_GP, signo = SIGSEGV;
	else if (val == DIE_TRAP && args->trapnr == X86_TRAP_UD)
		kind = "invalid opcode", vec = X86_TRAP_UD, signo = SIGILL;
	else if (val == DIE_TRAP && args->trapnr == X86_TRAP_DE)
		kind = "divide error", vec = X86_TRAP_DE, signo = SIGFPE;
	else
		return NOTIFY_DONE;
	return claim(args->regs, kind, vec, signo, 0, false) ? NOTIFY_STOP : NOTIFY_DONE;
}
NOKPROBE_SYMBOL(die_event);

static struct notifier_block die_nb = {
	.notifier_call = die_event,
	.priority = INT_MAX, /* before any other: a claimed fault is nobody else's */
};

static bool probe_on, notifier_on;

int tx_arch_fault_init(void)
{
	int err;

	tx_x86_halt_init(); /* its failure is warned of, and only stops the halt case */
	err = register_kprobe(&oops_probe);

	if (err) {
		pr_warn("tactus: kprobe on page_fault_oops: %d\n", err);
		return err;
	}
	probe_on = true;
	err = register_die_notifier(&die_nb);
	if (err) {
		tx_arch_fault_exit();
		return err;
	}
	notifier_on = true;
	return 0;
}

void tx_arch_fault_exit(void)
{
	if (notifier_on)
		unregister_die_notifier(&die_nb);
	if (probe_on)
		unregister_kprobe(&oops_probe);
	notifier_on = probe_on = false;
	tx_x86_halt_exit();
}
