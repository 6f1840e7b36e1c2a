/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arch/x86/port_internal.h - what the files of the x86_64 port share: the
 * per-CPU state of its NMI machinery, the reasons an NMI carries, and the
 * functions one file calls in another. The files (docs/porting.md):
 *   port.c       the contract of arch/port.h: module hooks, time base,
 *                masking and CPU fast paths (port_inline.h), IPI, contexts
 *   timer_mux.c  the timer multiplexer: every CPU's deadline on one timer
 *                source, behind one lock (timer_mux.h: its inline part)
 *   nmi.c        the NMI handler, soft masking and return redirection
 *   checks.c     the load-time checks and the self-test
 *   hpet.c       the timer source (timer_source.h)
 *   irq.c        device lines (lines_nmi.h: what the NMI handler runs)
 *   fault.c      fault containment's exception hooks (arch/port.h)
 *   halt.c       the halting CPU kept online for NMIs (Linux's halt)
 *   switch.S     stack switch, task start, trampoline, FPU save/restore
 */
#ifndef TACTUS_X86_PORT_INTERNAL_H
#define TACTUS_X86_PORT_INTERNAL_H

#include <linux/cpumask.h>
#include <linux/irq_work.h>
#include <linux/percpu.h>
#include <linux/types.h>
#include <asm/apic.h>
#include <asm/ptrace.h>

#include "../../hal/linux/tactus_hal.h" /* struct tx_hal_stats */
#include "kernel_compat.h"

/* ---- Per-CPU state (port.c) ------------------------------------------------ */

/* Why an NMI came: the reasons an NMI IPI carries (tx_x86_cpu.reasons), or
 * that one found due, recorded while the co-kernel was masked. */
enum { WHY_TIMER = 1, WHY_IPI = 2, WHY_LINUX_WORK = 4, WHY_RETRY = 8, WHY_DEVICE = 16 };

/* Read by the core's inline fast paths (port_inline.h) too. */
DECLARE_PER_CPU(unsigned int, tx_x86_cpu_index);
DECLARE_PER_CPU(unsigned long, tx_x86_masked);  /* co-kernel masking: 0 or 1 */
DECLARE_PER_CPU(unsigned long, tx_x86_pending); /* WHY_* bits that came while masked */

/* The self-test's NMIs in a trampoline's exit (checks.c, probe_exit). */
struct tx_x86_exit_probe {
	u64 delay;                 /* the timer NMI's delay after the first trip */
	const struct pt_regs *frame; /* the first trip's saved registers */
	unsigned long spinning;    /* the probe's loop runs (a first trip counts) */
	unsigned long nested, trips, early;
	unsigned long nested_ip;   /* where the first nested one found the CPU */
};

struct tx_x86_cpu {
	unsigned long reasons;  /* WHY_* bits sent by other CPUs with an NMI */
	unsigned long nmi_sent; /* an NMI IPI to this CPU is in flight */
	u64 deadline;           /* the core's TSC deadline, U64_MAX: none */
	u64 retry_at;           /* a retry NMI, U64_MAX: none */
	unsigned int retries;   /* retry NMIs of the current chain (nmi.c, retry_later) */
	u64 retry_delay;        /* the last retry's delay, TSC counts */
	u64 retry_armed_tsc;    /* when it was armed */
	unsigned long retry_ip; /* where the NMI that armed it found the CPU */
	bool aim_due;           /* the source must be re-aimed before the NMI ends */
	unsigned long in_timer_lock; /* this CPU takes or holds the timer lock */
	unsigned long nmi_deferred;  /* an NMI came meanwhile, see timer_lock_take() */
	u64 late_msi_until;     /* until then, an NMI with nothing in it is ours ... */
	unsigned long late_credit; /* ... this many more times */
	u64 redirect_tsc;       /* when redirect() ran: the trampoline measures the exit */
	unsigned long nmi_return; /* where exc_nmi() was to return (the return switch), 0: none pending */
	unsigned long selftest;        /* the load-time self-test's phase (SELFTEST_*) */
	unsigned long selftest_trips;  /* trampoline round trips it saw */
	struct tx_x86_exit_probe exit_probe; /* its NMIs in a trampoline's exit */
	unsigned long rewinds;         /* NMIs in a trampoline's tail (nmi.c, rewind) */
	bool bad_flags_reported;       /* nmi.c, check_flags(): once per CPU */
	struct irq_work kick;
	struct tx_hal_stats stats;
};
DECLARE_PER_CPU(struct tx_x86_cpu, tx_cpu);

/* The self-test's phases (checks.c): NMIs redirect through the trampoline
 * and come back; NMIs take the retry path as if redirection were refused;
 * timer NMIs meet a trampoline's exit and must not nest a frame in it. */
enum { SELFTEST_OFF, SELFTEST_REDIRECT, SELFTEST_RETRY, SELFTEST_EXIT };
void tx_x86_selftest_trip(struct tx_x86_cpu *c, const struct pt_regs *regs);

/* An NMI IPI to 'cpu' that brings 'why' (one WHY_* bit). Any context, IF
 * off or on. Bound: O(1), an atomic and an APIC register write. */
static __maybe_unused void send_nmi(unsigned int cpu, unsigned long why)
{
	struct tx_x86_cpu *c = per_cpu_ptr(&tx_cpu, cpu);

	set_bit(__ffs(why), &c->reasons);
	/* One in flight at most: a second NMI latched behind a first that
	 * already took the reasons would find none and be "unknown". */
	if (!xchg(&c->nmi_sent, 1))
		__apic_send_IPI_mask(cpumask_of(cpu), NMI_VECTOR); /* x2APIC SELF_IPI has no NMI mode */
}

/* ---- Functions of one file that another calls ------------------------------ */

/* nmi.c: the NMI handler (registered NMI_LOCAL, first), the kick's
 * irq_work callback, and the slow path of tx_port_irq_restore (port_inline.h):
 * unmask, running what NMIs left pending. */
int tx_nmi(unsigned int type, struct pt_regs *regs);
void tx_x86_kicked(struct irq_work *work);
void tx_x86_unmask_slow(unsigned long state);
/* nmi.c: the retry NMI's longest delay (module parameter retry_us), its
 * first delay (set by the self-test: the NMI exit it measured, and
 * tx_x86_retry_window_pct percent of it on top), and the entry text, where
 * an NMI return is redirected only from the task stack (set by
 * tx_x86_check_kernel, with the code there that runs with the user's GS
 * on it, and whether the CPU's entry mitigations leave it to us: see
 * entry_redirectable() in nmi.c). */
extern unsigned int tx_x86_retry_us, tx_x86_retry_window_pct;
extern u64 tx_x86_retry_first_tsc, tx_x86_retry_longest_tsc; /* retry_us in TSC counts */
extern unsigned long tx_x86_entry_text_start, tx_x86_entry_text_end;
struct tx_x86_text_range {
	unsigned long start, end;
};
#define TX_X86_USER_GS_CODE 3 /* common_interrupt_return to asm_load_gs_index's end, error_entry, xen_error_entry */
extern struct tx_x86_text_range tx_x86_user_gs_code[TX_X86_USER_GS_CODE];
/* ...and inside those ranges, where GS is the kernel's all the same: the
 * return to kernel mode, and asm_load_gs_index's first instruction */
#define TX_X86_KERNEL_GS_CODE 2
extern struct tx_x86_text_range tx_x86_kernel_gs_code[TX_X86_KERNEL_GS_CODE];
extern bool tx_x86_entry_redirect; /* checks.c decides, with its module parameter */
/* asm_exc_nmi, whose call of exc_nmi() from user mode the return switch
 * takes over (nmi.c, switch_at_nmi_return); {0, 0}: off (checks.c decides,
 * with the module parameter return_switch). */
extern struct tx_x86_text_range tx_x86_nmi_entry;

/* checks.c, at load: what the port needs of the kernel (one line logged and
 * an error if it is missing), and the self-test of the NMI paths. */
int tx_x86_check_kernel(void);
int tx_x86_self_test(void);

/* halt.c, installed and removed with the fault hooks (fault.c): 0, or a
 * negative errno after a warning (then only a halt stops the co-kernel). */
int tx_x86_halt_init(void);
void tx_x86_halt_exit(void);

/* irq.c, masked (whoever unmasks the co-kernel, or an NMI that came while
 * it was masked and was replayed): run the handlers of the lines that
 * tx_x86_lines_serve() left due; nonzero when this CPU must switch. */
int tx_x86_lines_run(void);

/* port.c: an NMI IPI to 'cpu' that polls its lines (an unmasked line with
 * an occurrence held, a line routed there). Any context. */
void tx_x86_device_nmi(unsigned int cpu);

/* timer_mux.c, at unload: the timer source stops under the timer lock; the
 * NMI handler then leaves the hardware alone (timer_source.h, stop()). */
void tx_x86_timer_stop_source(void);

#endif /* TACTUS_X86_PORT_INTERNAL_H */
