// SPDX-License-Identifier: GPL-2.0
/*
 * hal/linux/fault.c - the arch-independent kernel half of fault containment
 * (hal/hal.h, "Faults in real-time tasks"). The port's exception hooks
 * (arch/<arch>/fault.c) call tx_hal_fault_claim(): the attached scheduler
 * says whether the faulting code was a real-time task's, the report is
 * written here (symbols need Linux), and the port rewrites the exception's
 * return to tx_hal_task_fault_entry(), which runs as the task.
 */
#include <linux/kernel.h>
#include <linux/compiler.h>
#include <linux/kprobes.h>
#include <linux/string.h>
#include <asm/ptrace.h>

#include "fault.h"
#include "port_services.h"

/* Stack words read for the report, and return addresses kept of them. The
 * scan is the hook's only loop: a hook runs in exception context. */
#define TX_FAULT_SCAN_WORDS 512
#define TX_FAULT_TRACE_ENTRIES 3

static int (*kernel_text)(unsigned long addr);
static const void *(*search_extable)(unsigned long addr);

/* The link register at the fault (arm64), then the words of [sp, top) that
 * point into kernel or module text, innermost first: the task's return
 * addresses, and stale ones (as an oops's "?" lines). Bound:
 * TX_FAULT_SCAN_WORDS loads. */
static void write_trace(char *out, size_t size, unsigned long lr, unsigned long sp, unsigned long top)
{
	const unsigned long *word = (const unsigned long *)ALIGN(sp, sizeof(long));
	const unsigned long *end = (const unsigned long *)top;
	unsigned int scanned, found = 0;
	size_t len = 0;

	out[0] = '\0';
	if (!kernel_text)
		return;
	if (lr && kernel_text(lr)) /* a link register: the caller of a leaf, or of a bad call */
		len += scnprintf(out + len, size - len, "%pS", (void *)lr), found++;
	for (scanned = 0; word < end && scanned < TX_FAULT_SCAN_WORDS && found < TX_FAULT_TRACE_ENTRIES; word++, scanned++) {
		/* Unchecked: KASAN poisons the red zones of the frames there. */
		unsigned long value = READ_ONCE_NOCHECK(*word);

		if (!kernel_text(value))
			continue;
		len += scnprintf(out + len, size - len, "%s%pS", found ? " < " : "", (void *)value);
		found++;
	}
}

/* The exception returns here, as the task, on the top of its stack (where
 * the task's abandoned frames may have left KASAN red zones: not checked;
 * what it calls is the core's C++, which KASAN does not instrument). */
static void __noreturn __no_sanitize_address tx_hal_task_fault_entry(void)
{
	const struct tx_core_ops *core = READ_ONCE(tx_hal_core);

	if (core)
		core->task_faulted();
	/* No scheduler: it was detached under a task (its unload deletes every
	 * task first, so this is a bug). Nothing else can run this context. */
	for (;;)
		cpu_relax();
}

unsigned long tx_hal_fault_claim(const struct tx_hal_fault *fault, unsigned long *resume_sp)
{
	const struct tx_core_ops *core = READ_ONCE(tx_hal_core);
	struct tx_task_fault *f;
	uintptr_t low, top;
	const char *below;

	BUILD_BUG_ON(sizeof(struct pt_regs) > sizeof(f->regs));
	if (!core)
		return 0;
	/* An instruction with an exception-table entry (a uaccess, a
	 * copy_from_kernel_nofault a task called) faults on purpose: Linux
	 * fixes it up (arm64's hook comes before that fixup, x86's die chain
	 * for #UD and #DE too). */
	if (search_extable(fault->pc))
		return 0;
	f = core->fault_claim(fault->sp, &low, &top);
	if (!f)
		return 0;
	f->vec = fault->vec;
	f->signo = fault->signo;
	memcpy(f->regs, fault->regs, sizeof(struct pt_regs));
	scnprintf(f->who, sizeof(f->who), "%ps", f->entry);
	below = fault->sp < low ? " (its stack pointer is below its stack: overflow)" : "";
	if (fault->has_addr)
		scnprintf(f->what, sizeof(f->what), "%s at %016lx, pc %pS%s", fault->kind, fault->addr,
			  (void *)fault->pc, below);
	else
		scnprintf(f->what, sizeof(f->what), "%s, pc %pS%s", fault->kind, (void *)fault->pc, below);
	write_trace(f->trace, sizeof(f->trace), fault->lr, fault->sp, top);
	*resume_sp = top;
	return (unsigned long)tx_hal_task_fault_entry;
}

int tx_hal_fault_probes_on(struct kprobe **probes, unsigned int n, bool *on)
{
	int err = register_kprobes(probes, n);
	unsigned int i;

	*on = !err;
	if (err) {
		pr_warn("tactus: kprobes on the fault paths failed (%d):", err);
		for (i = 0; i < n; i++)
			pr_cont(" %s", probes[i]->symbol_name);
		pr_cont("\n");
	}
	return err;
}

void tx_hal_fault_probes_off(struct kprobe **probes, unsigned int n, bool *on)
{
	if (*on)
		unregister_kprobes(probes, n);
	*on = false;
}

/* ---- Symbols Linux does not export ------------------------------------------ */

static unsigned long (*lookup_name)(const char *name);

unsigned long tx_hal_lookup_symbol(const char *name)
{
	if (!lookup_name) {
		/* kallsyms_lookup_name is not exported either: a kprobe on it
		 * tells where it is. */
		struct kprobe kp = { .symbol_name = "kallsyms_lookup_name" };

		if (register_kprobe(&kp) < 0)
			return 0;
		lookup_name = (void *)kp.addr;
		unregister_kprobe(&kp);
	}
	return lookup_name ? lookup_name(name) : 0;
}

unsigned long tx_hal_function_size(unsigned long start, const char *name)
{
	char buf[KSYM_SYMBOL_LEN];
	size_t len = strlen(name);
	unsigned long size;

	if (!start)
		return 0;
	sprint_symbol(buf, start);
	if (strncmp(buf, name, len) || strncmp(buf + len, "+0x0/", 5) || kstrtoul(buf + len + 5, 16, &size))
		return 0;
	return size;
}

int tx_hal_fault_init(void)
{
	int err;

	kernel_text = (void *)tx_hal_lookup_symbol("kernel_text_address");
	if (!kernel_text)
		pr_warn("tactus: kernel_text_address not found: fault reports carry no stack trace\n");
	search_extable = (void *)tx_hal_lookup_symbol("search_exception_tables");
	if (!search_extable) {
		pr_warn("tactus: search_exception_tables not found: faults in real-time tasks are not contained\n");
		return -ENOENT;
	}
	err = tx_arch_fault_init();
	if (err)
		pr_warn("tactus: faults in real-time tasks are not contained (%d): Linux's oops path handles them\n", err);
	return err;
}

void tx_hal_fault_exit(void)
{
	tx_arch_fault_exit();
}
