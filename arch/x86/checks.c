// SPDX-License-Identifier: GPL-2.0
/*
 * arch/x86/checks.c - what the x86_64 port checks at load, before it claims
 * anything: the kernel features it needs (tx_x86_check_kernel), and then,
 * with the timer source claimed and the NMI handler registered, that NMIs
 * arrive and a redirect round trip through the trampoline returns intact
 * (tx_x86_self_test). Each failure logs one line naming what is missing.
 */
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/math64.h>
#include <linux/moduleparam.h>
#include <linux/percpu.h>
#include <linux/printk.h>
#include <asm/cpufeature.h>
#include <asm/msr.h>
#include <asm/tsc.h>

#include "../../arch/port.h"
#include "../../hal/linux/port_services.h"
#include "port_internal.h"
#include "timer_mux.h"

/* ---- Load-time checks ------------------------------------------------------------ */

static unsigned long lookup_symbol(const char *name)
{
	return tx_hal_lookup_symbol(name);
}

/* The extent of a kernel function, from kallsyms. */
static bool symbol_extent(const char *name, struct tx_x86_text_range *r)
{
	unsigned long start = lookup_symbol(name), size = tx_hal_function_size(start, name);

	if (!size)
		return false;
	r->start = start;
	r->end = start + size;
	return true;
}

/* Entry mitigations that must run before the kernel's first RET after an
 * entry (nospec-branch.h: IBRS_ENTER, UNTRAIN_RET, CLEAR_BRANCH_HISTORY):
 * a task run from inside an entry stub would run ahead of them. Those this
 * kernel knows of; the name of the first one on, or null. */
static const struct {
	u16 feature;
	const char *name;
} entry_mitigations[] = {
#ifdef X86_FEATURE_KERNEL_IBRS
	{ X86_FEATURE_KERNEL_IBRS, "IBRS on entry" },
#endif
#ifdef X86_FEATURE_UNRET
	{ X86_FEATURE_UNRET, "return untraining" },
#endif
#ifdef X86_FEATURE_SRSO_ALIAS
	{ X86_FEATURE_SRSO_ALIAS, "SRSO untraining" },
#endif
#ifdef X86_FEATURE_ENTRY_IBPB
	{ X86_FEATURE_ENTRY_IBPB, "IBPB on entry" },
#endif
#ifdef X86_FEATURE_CALL_DEPTH
	{ X86_FEATURE_CALL_DEPTH, "call depth tracking" },
#endif
#ifdef X86_FEATURE_CLEAR_BHB_LOOP
	{ X86_FEATURE_CLEAR_BHB_LOOP, "BHB clearing" },
#endif
};

static const char *entry_mitigation_on(void)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(entry_mitigations); i++)
		if (boot_cpu_has(entry_mitigations[i].feature))
			return entry_mitigations[i].name;
	return NULL;
}

/* Whether an NMI in IF-off entry code on the task stack may be redirected
 * (nmi.c, entry_redirectable): the code that runs there with the user's GS
 * found, and no entry mitigation in the way. Logged either way.
 * common_interrupt_return's exits share labels (each a kallsyms symbol that
 * cuts its extent short), so its range runs to the end of asm_load_gs_index,
 * which follows it in entry_64.S (6.1 and 6.12); checked, and no entry
 * redirect when the layout differs. */
static bool entry_redirect = true;
module_param(entry_redirect, bool, 0444);
MODULE_PARM_DESC(entry_redirect, "preempt Linux in IF-off entry code on the task stack, instead of a retry NMI (only where the CPU's entry mitigations allow it; 0: never)");

static void check_entry_redirect(void)
{
	struct tx_x86_text_range *r = tx_x86_user_gs_code, *k = &tx_x86_kernel_gs_code[1], gs_load;
	unsigned long exits = lookup_symbol("common_interrupt_return");
	const char *why = entry_mitigation_on();

	tx_x86_entry_redirect = false;
	if (!entry_redirect) {
		pr_info("tactus: entry code is not preempted (entry_redirect=0): a release there waits for a retry NMI\n");
		return;
	}
	if (why) {
		pr_info("tactus: entry code is not preempted: the CPU's entry mitigations (%s) must run first\n", why);
		return;
	}
	if (!exits || !symbol_extent("asm_load_gs_index", &gs_load) || gs_load.start <= exits ||
	    gs_load.start - exits > 1024 || !symbol_extent("error_entry", &r[1])) {
		pr_info("tactus: entry code is not preempted: the user-GS code of the entry text is not where this port expects it\n");
		return;
	}
	r[0].start = exits;
	r[0].end = gs_load.end;
	tx_x86_kernel_gs_code[0].start = gs_load.start;
	tx_x86_kernel_gs_code[0].end = gs_load.start + 1;
	/* The return to kernel mode up to Xen's patch site, a jump to the IRETQ
	 * code both returns share; without Xen PV the site is not there and the
	 * shared code would follow at once: then none of it. */
	k->start = lookup_symbol("restore_regs_and_return_to_kernel");
	k->end = lookup_symbol("early_xen_iret_patch");
	if (!k->start || k->end <= k->start || k->end - k->start > 256)
		k->start = k->end = 0;
	if (!symbol_extent("xen_error_entry", &r[2])) /* Xen PV kernels only */
		r[2].start = r[2].end = 0;
	tx_x86_entry_redirect = true;
	pr_info("tactus: IF-off entry code on the task stack is preempted like other kernel code (no retry NMI there)\n");
}

/* Off by default: with it, the 10 kHz benchmark task's worst case beside a
 * user busy loop rose (docs/x86_64-port.md, "The return switch"). */
static bool return_switch;
module_param(return_switch, bool, 0444);
MODULE_PARM_DESC(return_switch, "switch after an NMI from user mode at exc_nmi()'s return instead of the irq_work kick (default 0: see docs/x86_64-port.md)");

/* The return switch (nmi.c) needs asm_exc_nmi's extent: the return address
 * it checks lies in it. */
static void check_return_switch(void)
{
	tx_x86_nmi_entry.start = tx_x86_nmi_entry.end = 0;
	if (!return_switch) {
		pr_info("tactus: a switch after an NMI from user mode waits for the irq_work kick (return_switch=0)\n");
		return;
	}
	if (!symbol_extent("asm_exc_nmi", &tx_x86_nmi_entry)) {
		pr_info("tactus: asm_exc_nmi not found: a switch after an NMI from user mode waits for the irq_work kick\n");
		return;
	}
	pr_info("tactus: a switch after an NMI from user mode happens at exc_nmi's return (no irq_work kick)\n");
}

int tx_x86_check_kernel(void)
{
	unsigned long remap = lookup_symbol("irq_remapping_enabled");

	if (remap && *(int *)remap) {
		pr_err("tactus: interrupt remapping (VT-d/AMD-Vi) is on: it would block the timer's raw NMI message (boot with intremap=off)\n");
		return -EOPNOTSUPP;
	}
#ifdef X86_FEATURE_FRED /* 6.9 and later */
	if (IS_ENABLED(CONFIG_X86_FRED) && cpu_feature_enabled(X86_FEATURE_FRED)) {
		pr_err("tactus: FRED is on: its NMI frames differ from the IDT layout this port redirects\n");
		return -EOPNOTSUPP;
	}
#endif
	tx_x86_entry_text_start = lookup_symbol("__entry_text_start");
	tx_x86_entry_text_end = lookup_symbol("__entry_text_end");
	if (!tx_x86_entry_text_start || !tx_x86_entry_text_end) {
		pr_err("tactus: cannot find the entry text through kallsyms (needs CONFIG_KPROBES and CONFIG_KALLSYMS)\n");
		return -ENOENT;
	}
	check_entry_redirect();
	check_return_switch();
	if (!tsc_khz || check_tsc_unstable()) {
		pr_err("tactus: the TSC is unstable or uncalibrated: no time base\n");
		return -ENODEV;
	}
	if (!boot_cpu_has(X86_FEATURE_CONSTANT_TSC))
		pr_warn("tactus: the CPU does not promise a constant-rate TSC (a virtual CPU?); times are right while its rate stays fixed\n");
	if (!tx_x86_retry_us || (u64)tx_x86_retry_us * tsc_khz / 1000 < 4 * (tsc_khz / 1000)) {
		pr_err("tactus: retry_us=%u is too short (at least 4 us: the NMI path must fit)\n", tx_x86_retry_us);
		return -EINVAL;
	}
	return 0;
}

/* ---- The self-test: NMIs arrive, and a redirect round trip works ---------------- */

static int wait_nmi_delivered(struct tx_x86_cpu *c)
{
	u64 t0 = rdtsc();

	while (READ_ONCE(c->nmi_sent) && rdtsc() - t0 < tx_x86_tsc_hz / 100)
		cpu_relax();
	return READ_ONCE(c->nmi_sent) ? -EIO : 0;
}

/*
 * The first retry's delay (nmi.c, retry_later): three self NMIs take the
 * retry path, as if they had found IF-off entry code. Each measures, from
 * the retry's arming to the first instruction of the interrupted loop after
 * the NMI, the exit that a retry must not land in (it would find the same
 * instruction); the longest, retry_window_pct percent longer, is the
 * first delay, at most retry_us. Each probe then waits for its retry NMI to come.
 */
static int probe_retry_exit(struct tx_x86_cpu *c)
{
	u64 longest = div_u64((u64)tx_x86_retry_us * tx_x86_tsc_hz, 1000000), worst = 0;
	unsigned long flags;
	int i, err = 0;

	tx_x86_retry_longest_tsc = longest;
	tx_x86_retry_first_tsc = longest; /* what a retry waits until it is measured */
	local_irq_save(flags);
	c->selftest = SELFTEST_RETRY;
	/* Each wait up to 100 ms, as the timer NMIs' below: a virtual CPU on
	 * a loaded host can be held up for tens of ms. */
	for (i = 0; i < 3 && !err; i++) {
		u64 t0 = rdtsc(), resumed;

		WRITE_ONCE(c->retry_armed_tsc, 0);
		send_nmi(raw_smp_processor_id(), WHY_IPI);
		while (!READ_ONCE(c->retry_armed_tsc) && rdtsc() - t0 < tx_x86_tsc_hz / 10)
			cpu_relax();
		resumed = rdtsc();
		if (!c->retry_armed_tsc) {
			err = -EIO;
			break;
		}
		worst = max(worst, resumed - c->retry_armed_tsc);
		t0 = rdtsc();
		while (READ_ONCE(c->retry_at) != U64_MAX && rdtsc() - t0 < tx_x86_tsc_hz / 10)
			cpu_relax();
		if (READ_ONCE(c->retry_at) != U64_MAX)
			err = -EIO;
		c->retries = 0;
	}
	c->selftest = SELFTEST_OFF;
	local_irq_restore(flags); /* the kick the probes queued runs: no core yet, nothing to do */
	if (err) {
		pr_err("tactus: self-test: the retry NMI %s\n", c->retry_armed_tsc ? "did not come" : "was not armed");
		return err;
	}
	tx_x86_retry_first_tsc = min(longest, worst + div_u64(worst * tx_x86_retry_window_pct, 100));
	return 0;
}

/* A trampoline round trip of the self-test (nmi.c, tx_x86_redirected). In
 * the exit probe the first trip of a round, from the probe's spin loop,
 * aims the timer to fire a little later, so that its NMI meets this
 * trampoline on its way out; a later trip with the same saved registers
 * was rewound (nmi.c, rewind) or came after the IRETQ, back in the loop
 * (which calls nothing); one with registers below them was nested inside
 * the live frame. */
void tx_x86_selftest_trip(struct tx_x86_cpu *c, const struct pt_regs *regs)
{
	struct tx_x86_exit_probe *p = &c->exit_probe;

	c->selftest_trips++;
	if (c->selftest != SELFTEST_EXIT)
		return;
	p->trips++;
	if (!p->frame) {
		if (!READ_ONCE(p->spinning)) {
			p->early++; /* not from the loop: a callee's frame may lie below */
			return;
		}
		p->frame = regs;
		tx_port_timer_program(rdtsc() + p->delay);
	} else if (regs < p->frame && !p->nested++) {
		p->nested_ip = regs->ip;
	}
}

/*
 * An NMI that meets a trampoline on its way out, unmasked, must not nest a
 * new frame inside it: NMIs phase-locked to that spot would pile frames up
 * to the stack's guard page (switch.S, the tail). Each round lets a timer
 * NMI redirect the probe's spin loop, and the trampoline aims the timer
 * again at a delay that grows by EXIT_PROBE_STEP_NS a round, sweeping the
 * way out instruction by instruction where time is deterministic (QEMU
 * -icount): the C code after the aim, the tail and its IRETQ, the loop.
 * Counts the NMIs the tail rewound (a QEMU test asserts some on
 * deterministic boots); refuses the port if one nested. A first NMI that
 * came before the loop (a virtual CPU stalled longer than the lead: seen on
 * a loaded host's 2-vCPU TCG boots) makes the round start over with four
 * times the lead. Bound: EXIT_PROBE_ROUNDS rounds of two timer NMIs, each
 * round tried at most EXIT_PROBE_TRIES times, each try at most 100 ms plus
 * its lead (at most 12.8 ms).
 */
#define EXIT_PROBE_ROUNDS 160
#define EXIT_PROBE_STEP_NS 50
#define EXIT_PROBE_LEAD_US 50 /* the first NMI: past the aim, in the loop */
#define EXIT_PROBE_TRIES 5    /* leads 50, 200, 800, 3200, 12800 us */

static int exit_probe_round(struct tx_x86_cpu *c, u64 delay, int try)
{
	struct tx_x86_exit_probe *p = &c->exit_probe;
	u64 before = READ_ONCE(c->stats.timer_nmis), t0;
	u64 lead_us = (u64)EXIT_PROBE_LEAD_US << (2 * try);
	unsigned long early = p->early;

	p->frame = NULL;
	p->delay = delay;
	tx_port_timer_program(rdtsc() + div_u64(lead_us * tx_x86_tsc_hz, 1000000));
	t0 = rdtsc();
	WRITE_ONCE(p->spinning, 1);
	while (READ_ONCE(c->stats.timer_nmis) - before < 2 && READ_ONCE(p->early) == early &&
	       rdtsc() - t0 < tx_x86_tsc_hz / 10)
		cpu_relax();
	WRITE_ONCE(p->spinning, 0);
	if (p->early != early)
		return -EAGAIN;
	return READ_ONCE(c->stats.timer_nmis) - before >= 2 ? 0 : -EIO;
}

static int probe_exit(struct tx_x86_cpu *c)
{
	struct tx_x86_exit_probe *p = &c->exit_probe;
	u64 entry_min = c->stats.entry_min, exit_min = c->stats.exit_min;
	unsigned long flags, rewinds = c->rewinds, rewound, after;
	int i, try, err = 0;

	memset(p, 0, sizeof(*p));
	local_irq_save(flags);
	c->selftest = SELFTEST_EXIT;
	for (i = 0; i < EXIT_PROBE_ROUNDS && !err; i++) {
		u64 delay = div_u64((u64)i * EXIT_PROBE_STEP_NS * tx_x86_tsc_hz, 1000000000);

		for (try = 0, err = -EAGAIN; try < EXIT_PROBE_TRIES && err == -EAGAIN; try++)
			err = exit_probe_round(c, delay, try);
	}
	c->selftest = SELFTEST_OFF;
	/* The gravity's share measured before and after is that of ordinary
	 * redirects: a rewound exit skips the trampoline's pushes. */
	c->stats.entry_min = entry_min;
	c->stats.exit_min = exit_min;
	local_irq_restore(flags);
	rewound = c->rewinds - rewinds;
	if (err) {
		pr_err("tactus: self-test: round %d of the trampoline exit probe: %s\n", i,
		       err == -EAGAIN ? "its first timer NMI came before its loop at every lead (up to 12.8 ms)" :
		       "its timer NMIs did not come");
		return err;
	}
	if (p->nested) {
		pr_err("tactus: self-test: %lu of %d NMIs in a trampoline's exit nested a new frame inside it (the first at %pS): refusing the port\n",
		       p->nested, EXIT_PROBE_ROUNDS, (void *)p->nested_ip);
		return -EOPNOTSUPP;
	}
	after = p->trips - EXIT_PROBE_ROUNDS - p->early - rewound;
	pr_info("tactus: self-test: %d NMIs in a trampoline's exit: %lu rewound, %lu redirected after it, %lu while masked, 0 nested\n",
		EXIT_PROBE_ROUNDS, rewound, after, EXIT_PROBE_ROUNDS - rewound - after);
	return 0;
}

/*
 * Three self NMIs from kernel code with IF off: the handler must recognise
 * the NMI stack layout, redirect, and the trampoline must come back here with
 * every register intact (the compiler keeps live values in registers across
 * the loop). Then three timer one-shots must raise timer NMIs, and three
 * retries measure the NMI exit (probe_retry_exit). Preemption is off: the
 * NMIs are this CPU's.
 */
int tx_x86_self_test(void)
{
	struct tx_x86_cpu *c = this_cpu_ptr(&tx_cpu);
	unsigned long flags, trips;
	int i, err = 0;

	local_irq_save(flags);
	c->selftest = SELFTEST_REDIRECT;
	for (i = 0; i < 3 && !err; i++) {
		send_nmi(raw_smp_processor_id(), WHY_IPI);
		err = wait_nmi_delivered(c);
	}
	c->selftest = SELFTEST_OFF;
	trips = c->selftest_trips;
	local_irq_restore(flags);
	if (err) {
		pr_err("tactus: self-test: self NMIs do not arrive\n");
		return -EIO;
	}
	if (trips != 3) {
		pr_err("tactus: self-test: %lu of 3 NMIs were redirected through the trampoline: the NMI stack layout is not the one this port knows\n",
		       trips);
		return -EOPNOTSUPP;
	}
	for (i = 0; i < 3; i++) {
		u64 before = c->stats.timer_nmis, t0;

		local_irq_save(flags);
		tx_port_timer_program(rdtsc() + tx_x86_tsc_hz / 10000); /* 100 us */
		local_irq_restore(flags);
		t0 = rdtsc();
		while (READ_ONCE(c->stats.timer_nmis) == before && rdtsc() - t0 < tx_x86_tsc_hz / 10)
			cpu_relax();
		if (c->stats.timer_nmis == before) {
			pr_err("tactus: self-test: the %s raised no NMI\n", tx_x86_source->describe());
			return -EIO;
		}
	}
	err = probe_exit(c);
	if (!err)
		err = probe_retry_exit(c);
	if (err)
		return err;
	/* Each timer release pays at least the shortest entry (deadline ->
	 * handler) and exit (handler -> trampoline) seen here: the port's
	 * share of the timer gravity tactus_sched calibrates. */
	pr_info("tactus: self-test: 3 redirect round trips, 3 timer NMIs, 3 retries; timer to trampoline at least %llu ns, first retry after %llu ns\n",
		mul_u64_u32_div(c->stats.entry_min + c->stats.exit_min, 1000000, tsc_khz),
		mul_u64_u32_div(tx_x86_retry_first_tsc, 1000000, tsc_khz));
	return 0;
}
