// SPDX-License-Identifier: GPL-2.0
/*
 * arch/x86/port.c - the x86_64 port, for Debian's stock kernel with no
 * patch: an NMI-raising timer (timer_source.h; the HPET today), NMI IPIs
 * as the reschedule IPI, the TSC as the time base, and preemption by
 * return redirection from the NMI handler. Design, reasoning and costs:
 * docs/x86_64-port.md.
 *
 * x86 cannot mask NMIs, so co-kernel masking is a per-CPU flag
 * (tx_x86_masked): an NMI that finds it set only records why it came
 * (tx_x86_pending), and whoever clears the flag runs what was recorded.
 * The same save also clears IF, so Linux's interrupts stay off inside the
 * co-kernel and while tasks run.
 */
#include <linux/cpu.h>
#include <linux/irq_work.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/random.h>
#include <linux/sched/task_stack.h>
#include <linux/version.h>
#include <asm/apic.h>
#include <asm/fpu/api.h>
#include <asm/nmi.h>
#include <asm/pgtable_areas.h>
#include <asm/processor.h>
#include <asm/mach_traps.h>
#include <asm/tsc.h>
#include <asm/x86_init.h>

#include "../../arch/port.h"
#include "../../hal/linux/arch_hooks.h"
#include "lines_nmi.h" /* tx_x86_lines_serve */
#include "port_internal.h"
#include "timer_source.h"

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0) || LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
#error "the x86_64 port relies on the NMI entry of Linux 6.12 (docs/x86_64-port.md)"
#endif

static unsigned int retry_us = 30;
module_param(retry_us, uint, 0444);
MODULE_PARM_DESC(retry_us, "delay of the retry NMI after a release found Linux in a spot it cannot preempt (entry code with interrupts off); must exceed the NMI path");

static unsigned int retry_cap = 64;
module_param(retry_cap, uint, 0444);
MODULE_PARM_DESC(retry_cap, "most retry NMIs in a row before waiting for Linux to enable interrupts");

static const struct tx_x86_timer_source *source = &tx_x86_hpet_source;
u64 tx_x86_tsc_hz;
static u64 slack_tsc; /* a deadline this close counts as reached */
static char description[200];
static unsigned long rt_canary; /* see canary_slot_swap() */

/* ---- Per-CPU state --------------------------------------------------------- */

enum { WHY_TIMER = 1, WHY_IPI = 2, WHY_LINUX_WORK = 4, WHY_RETRY = 8, WHY_DEVICE = 16 };

/* How long after one of our NMI events empty NMIs count as ours, and how
 * many (see tx_nmi). A latched NMI is taken right after the current one's
 * IRETQ: microseconds on hardware; but a virtual CPU that the host
 * deschedules takes it a host time slice later (93 ms seen under TCG on a
 * loaded 2-core host, with the handler itself stalled as long). Several
 * sources can each leave one behind the same event, hence a small count. */
#define LATE_MSI_US 1000000
#define LATE_NMI_CREDIT 4

static inline u64 late_msi_tsc(void)
{
	return LATE_MSI_US * (tx_x86_tsc_hz / 1000000);
}

/* Read by the core's inline fast paths (port_inline.h), hence exported. */
DEFINE_PER_CPU(unsigned int, tx_x86_cpu_index);
DEFINE_PER_CPU(unsigned long, tx_x86_masked);  /* co-kernel masking: 0 or 1 */
DEFINE_PER_CPU(unsigned long, tx_x86_pending); /* WHY_* bits that came while masked */
EXPORT_PER_CPU_SYMBOL_GPL(tx_x86_cpu_index);
EXPORT_PER_CPU_SYMBOL_GPL(tx_x86_masked);
EXPORT_PER_CPU_SYMBOL_GPL(tx_x86_pending);

/* When this CPU wants an NMI: min(core deadline, retry); for the source. */
DEFINE_PER_CPU(u64, tx_x86_wake) = U64_MAX;

struct tx_x86_cpu {
	unsigned long reasons;  /* WHY_* bits sent by other CPUs with an NMI */
	unsigned long nmi_sent; /* an NMI IPI to this CPU is in flight */
	u64 deadline;           /* the core's TSC deadline, U64_MAX: none */
	u64 retry_at;           /* a retry NMI, U64_MAX: none */
	unsigned int retries;   /* consecutive retry NMIs */
	bool aim_due;           /* the source must be re-aimed before the NMI ends */
	unsigned long in_timer_lock; /* this CPU takes or holds timer_lock */
	unsigned long nmi_deferred;  /* an NMI came meanwhile, see timer_lock_take() */
	u64 late_msi_until;     /* until then, an NMI with nothing in it is ours ... */
	unsigned long late_credit; /* ... this many more times */
	u64 redirect_tsc;       /* when redirect() ran: the trampoline measures the exit */
	unsigned long selftest;        /* nonzero during the load-time self-test */
	unsigned long selftest_trips;  /* trampoline round trips it saw */
	struct irq_work kick;
	struct tx_hal_stats stats;
};
static DEFINE_PER_CPU(struct tx_x86_cpu, tx_cpu);

/* Serialises the timer source; taken with IF off, in NMI context too. */
static arch_spinlock_t timer_lock = __ARCH_SPIN_LOCK_UNLOCKED;

static void send_nmi_again(unsigned int cpu, struct tx_x86_cpu *c);

/* An event that may leave empty NMIs behind on c's CPU (see tx_nmi). */
static inline void expect_late_nmis(struct tx_x86_cpu *c)
{
	WRITE_ONCE(c->late_msi_until, rdtsc() + late_msi_tsc());
	WRITE_ONCE(c->late_credit, LATE_NMI_CREDIT);
}

/*
 * x86 cannot mask NMIs, and the lock is held exactly when NMIs are likely:
 * writing the comparator can raise its MSI at once (TCG delivers it at the
 * next instruction block), and an expired deadline becomes a self NMI IPI.
 * An NMI that spun on the lock its own CPU holds would never return; so a
 * taker marks its CPU first, an NMI that finds the mark only records that it
 * came (tx_nmi), and the taker sends it again as a self NMI once the lock is
 * dropped. The NMI's work is all in memory (deadlines, reasons, armed CPU),
 * so the second NMI finds everything the first brought. Call with IF off.
 */
static void timer_lock_take(struct tx_x86_cpu *self)
{
	WRITE_ONCE(self->in_timer_lock, 1);
	barrier();
	arch_spin_lock(&timer_lock);
}

static void timer_lock_drop(struct tx_x86_cpu *self)
{
	arch_spin_unlock(&timer_lock);
	barrier();
	WRITE_ONCE(self->in_timer_lock, 0);
	barrier();
	if (unlikely(READ_ONCE(self->nmi_deferred))) {
		WRITE_ONCE(self->nmi_deferred, 0);
		send_nmi_again(raw_smp_processor_id(), self);
	}
}

/* Lock held. */
static inline void set_wake(struct tx_x86_cpu *c, unsigned int cpu)
{
	per_cpu(tx_x86_wake, cpu) = min(c->deadline, c->retry_at);
}

static void aim_locked_out(struct tx_x86_cpu *self)
{
	timer_lock_take(self);
	source->aim();
	timer_lock_drop(self);
}

static void send_nmi(unsigned int cpu, unsigned long why)
{
	struct tx_x86_cpu *c = per_cpu_ptr(&tx_cpu, cpu);

	set_bit(__ffs(why), &c->reasons);
	/* One in flight at most: a second NMI latched behind a first that
	 * already took the reasons would find none and be "unknown". */
	if (!xchg(&c->nmi_sent, 1))
		__apic_send_IPI_mask(cpumask_of(cpu), NMI_VECTOR); /* x2APIC SELF_IPI has no NMI mode */
}

/* The NMI deferred by timer_lock_take(): sent whatever nmi_sent says, since
 * the deferred NMI may have been the one it announced. If another is still
 * latched, the empty one is claimed (expect_late_nmis). */
static void send_nmi_again(unsigned int cpu, struct tx_x86_cpu *c)
{
	expect_late_nmis(c);
	xchg(&c->nmi_sent, 1);
	__apic_send_IPI_mask(cpumask_of(cpu), NMI_VECTOR);
}

/* Lock held: send 'cpu' the NMI of its retry and deadline due by 'until'. */
static void expire_until(unsigned int cpu, u64 until)
{
	struct tx_x86_cpu *c = per_cpu_ptr(&tx_cpu, cpu);

	if (c->retry_at <= until) {
		c->retry_at = U64_MAX;
		send_nmi(cpu, WHY_RETRY);
	}
	if (c->deadline <= until) {
		c->deadline = U64_MAX;
		send_nmi(cpu, WHY_TIMER);
	}
	set_wake(c, cpu);
}

/* timer_source.h: the deadline (or retry) of 'cpu' is due; lock held. */
void tx_x86_expire(unsigned int cpu)
{
	expire_until(cpu, rdtsc() + slack_tsc);
}

/* timer_source.h; lock held. Its earliest wake, whatever the TSC says: the
 * core's timer entry finds what is really due and re-programs the rest. */
void tx_x86_expire_due(unsigned int cpu)
{
	u64 wake = per_cpu(tx_x86_wake, cpu);

	if (wake != U64_MAX) /* U64_MAX: no wake, nothing to send */
		expire_until(cpu, wake);
}

/* timer_source.h; lock held. */
void tx_x86_expect_stray(unsigned int cpu)
{
	expect_late_nmis(per_cpu_ptr(&tx_cpu, cpu));
}

/* ---- Redirection ------------------------------------------------------------ */

extern void tx_x86_trampoline(void);
static unsigned long entry_text_start, entry_text_end;

/*
 * Whether the NMI's return may be redirected into the trampoline:
 *  - kernel code outside the entry text: there CR3 and GS are the kernel's
 *    (every user-CR3 and user-GS window of PTI, swapgs and SYSCALL is in
 *    the entry text);
 *  - on a stack that stays put while the tasks run: anything but the
 *    cpu_entry_area, which holds the IST stacks (#DB, #MC, NMI, #DF) that
 *    the next exception of the kind would reuse, and the entry stack.
 *    Task stacks (also in the middle of a context switch), the IRQ stack
 *    and real-time stacks qualify;
 *  - with the NMI stack layout of Linux 6.12: pt_regs is the "outermost"
 *    frame and the IRETQ frame that really returns sits right above it
 *    (regs + 1), 96 bytes below the top of the NMI IST stack.
 */
static bool redirectable(struct pt_regs *regs)
{
	if (user_mode(regs))
		return false;
	if ((unsigned long)(regs + 1) != this_cpu_read(cpu_tss_rw.x86_tss.ist[IST_INDEX_NMI]) - 96)
		return false;
	if (regs->ip >= entry_text_start && regs->ip < entry_text_end)
		return false;
	return regs->sp - CPU_ENTRY_AREA_BASE >= CPU_ENTRY_AREA_MAP_SIZE;
}

/* Build an IRETQ frame of the interrupted context on its own stack, point
 * both copies of the NMI's return frame at the trampoline with that stack.
 * The "iret" copy is patched with compare-and-exchange, sp first: a nested
 * NMI that rewrote it (repeat_nmi) makes us leave it alone, and repeat_nmi
 * then copies our patched outermost frame over it. */
static void redirect(struct pt_regs *regs, struct tx_x86_cpu *c)
{
	unsigned long *iret = (unsigned long *)(regs + 1);
	/* 16-byte aligned, so that the trampoline calls C aligned. */
	unsigned long nsp = (regs->sp & ~15ul) - 6 * sizeof(long);
	unsigned long *frame = (unsigned long *)nsp;
	unsigned long flags = regs->flags & ~(X86_EFLAGS_IF | X86_EFLAGS_TF | X86_EFLAGS_AC | X86_EFLAGS_DF);
	unsigned long old_sp = regs->sp, old_flags = regs->flags, old_ip = regs->ip;

	/* An NMI in the STI shadow of the idle loop's "sti; hlt" saw IP at the
	 * HLT: returning there after the tasks ran would sleep with Linux work
	 * pending (their wakeups); step over it, the idle loop re-checks. */
	frame[0] = regs->ip + (*(const u8 *)regs->ip == 0xf4);
	frame[1] = regs->cs;
	frame[2] = regs->flags;
	frame[3] = regs->sp;
	frame[4] = regs->ss;
	regs->ip = (unsigned long)tx_x86_trampoline;
	regs->sp = nsp;
	regs->flags = flags;
	if (cmpxchg_local(&iret[3], old_sp, nsp) == old_sp &&
	    cmpxchg_local(&iret[2], old_flags, flags) == old_flags)
		cmpxchg_local(&iret[0], old_ip, (unsigned long)tx_x86_trampoline);
	c->stats.redirects++;
	c->redirect_tsc = rdtsc();
}

/* ---- Running what the NMIs asked for ------------------------------------------ */

/* Masked. Run the core for 'why'; nonzero: a switch is needed. Device
 * handlers run with no scheduler attached too (they may wake nothing). */
static int run_core(unsigned long why)
{
	const struct tx_core_ops *core = READ_ONCE(tx_hal_core);
	int need = 0;

	if (unlikely(__this_cpu_read(tx_cpu.selftest)))
		return why & WHY_IPI; /* the load-time self-test asks for a round trip */
	if (why & WHY_DEVICE)
		need |= tx_x86_lines_run();
	if (!core)
		return 0;
	if (why & WHY_TIMER)
		need |= core->timer_irq();
	if (why & WHY_IPI)
		need |= core->ipi_irq();
	if ((why & WHY_RETRY) && !need)
		need = core->resched_pending();
	return need;
}

/* Masked: unmask, first running what NMIs left pending, as hardware would
 * deliver them at unmask. Dispatches where the core asks; the loop ends
 * when no NMI came during the last round. */
static void unmask_draining(void)
{
	const struct tx_core_ops *core = READ_ONCE(tx_hal_core);

	for (;;) {
		unsigned long why;

		__this_cpu_write(tx_x86_masked, 0);
		barrier();
		if (!__this_cpu_read(tx_x86_pending))
			return;
		__this_cpu_write(tx_x86_masked, 1);
		why = this_cpu_xchg(tx_x86_pending, 0);
		if (run_core(why) && core)
			core->dispatch(); /* may return on another CPU: this_cpu_* above */
	}
}

/* Called by the trampoline on the interrupted stack, masked. */
void tx_x86_redirected(struct pt_regs *regs);
void tx_x86_redirected(struct pt_regs *regs)
{
	const struct tx_core_ops *core = READ_ONCE(tx_hal_core);
	struct tx_x86_cpu *c = this_cpu_ptr(&tx_cpu);

	tx_hal_stats_note(rdtsc() - c->redirect_tsc, &c->stats.exit_min, &c->stats.exit_max);
	if (unlikely(c->selftest)) {
		__this_cpu_inc(tx_cpu.selftest_trips);
		__this_cpu_write(tx_x86_masked, 0);
		return;
	}
	if (core)
		core->dispatch();
	unmask_draining();
}

/* The kick: irq_work's self-IPI, taken as soon as Linux has interrupts on
 * again (at once from user mode). The callback runs in hardirq context with
 * IF off and dispatches right there: Linux is then simply "inside the
 * irq_work interrupt" until it is chosen again. */
static void kicked(struct irq_work *work)
{
	const struct tx_core_ops *core = READ_ONCE(tx_hal_core);

	__this_cpu_write(tx_x86_masked, 1);
	if (core)
		core->dispatch(); /* no switch pending (a retry came first): returns at once */
	unmask_draining();
}

/*
 * The retry NMI: for kernel code with IF off in the entry text, irq_work
 * would wait for Linux's sti. An NMI retry_us later lands past the window
 * (the entry text has no loops that keep IF off for long), so a release is
 * late by at most retry_us plus one NMI path per window it meets; retry_us
 * must exceed the NMI path, or the interrupted code would never advance.
 * After retry_cap retries in a row the irq_work is left to do it.
 */
static void retry_later(struct tx_x86_cpu *c)
{
	if (c->retries >= retry_cap)
		return;
	c->retries++;
	c->stats.kicks++;
	timer_lock_take(c);
	c->retry_at = rdtsc() + div_u64((u64)retry_us * tx_x86_tsc_hz, 1000000);
	set_wake(c, raw_smp_processor_id());
	source->aim();
	timer_lock_drop(c);
	c->aim_due = false;
}

/* ---- The NMI handler ---------------------------------------------------------- */

/* What this NMI brings: IPI reasons, and whether this CPU's deadline or
 * retry is due. Claims the source's NMI. */
static unsigned long collect(struct tx_x86_cpu *c, u64 now, bool *ours)
{
	unsigned int cpu = raw_smp_processor_id();
	unsigned long why = 0;

	if (READ_ONCE(c->nmi_sent)) {
		*ours |= xchg(&c->nmi_sent, 0);
		why = xchg(&c->reasons, 0);
		/* A wake expired by the source: whatever wake is left needs
		 * the comparator (WHY_TIMER re-programs anyway, WHY_RETRY not). */
		if (why & (WHY_TIMER | WHY_RETRY))
			c->aim_due = true;
	}
	timer_lock_take(c);
	if (source->nmi_is_mine(now)) {
		*ours = true;
		c->aim_due = true;
	}
	if (c->deadline <= now + slack_tsc) {
		tx_hal_stats_note(now > c->deadline ? now - c->deadline : 0, &c->stats.entry_min,
			     &c->stats.entry_max);
		c->deadline = U64_MAX;
		why |= WHY_TIMER;
		c->aim_due = true;
	}
	if (c->retry_at <= now + slack_tsc) {
		c->retry_at = U64_MAX;
		why |= WHY_RETRY;
		c->aim_due = true;
	}
	set_wake(c, cpu);
	timer_lock_drop(c);
	return why;
}

/* A deadline can be served by an NMI other than the comparator's own (an
 * IPI or a retry arriving within slack_tsc of it) while the comparator still
 * matches and sends its MSI, and an IPI's reasons can be taken by an NMI
 * that came first; x86 latches the second NMI behind the running one, and
 * when it is taken there is nothing in it. For LATE_MSI_US after each of our
 * NMI events on this CPU, up to LATE_NMI_CREDIT empty NMIs are claimed as
 * such late ones rather than left to Linux as "unknown reason", and counted
 * (/proc/tactus/hal, empty-nmis). The price: as many genuine unknown NMIs in
 * that window go unreported but counted; chipset errors (SERR, IOCHK in the
 * NMI status port) are always left to Linux. The window opens after
 * collect(), so a handler stalled in the timer lock by a descheduled
 * virtual CPU does not eat it. */
static bool chipset_error_nmi(void)
{
	return x86_platform.get_nmi_reason() & NMI_REASON_MASK;
}

static int tx_nmi(unsigned int type, struct pt_regs *regs)
{
	struct tx_x86_cpu *c = this_cpu_ptr(&tx_cpu);
	bool ours, devices_ran;
	unsigned int lines;
	int need;
	u64 now;
	unsigned long why;

	if (unlikely(READ_ONCE(c->in_timer_lock))) {
		WRITE_ONCE(c->nmi_deferred, 1); /* sent again by timer_lock_drop() */
		return chipset_error_nmi() ? NMI_DONE : NMI_HANDLED;
	}
	/* Device lines first: their handlers are what a real-time driver
	 * waits for, and the timer's bookkeeping below need not delay them
	 * (measured: 14.4 instead of 20.9 us from the raise to the handler).
	 * Masked, they wait for whoever unmasks (tx_x86_pending). */
	lines = tx_x86_lines_serve();
	ours = lines & TX_LINES_OURS;
	devices_ran = lines & TX_LINES_RAN; /* and the co-kernel is masked */
	need = lines & TX_LINES_SWITCH;
	if (lines & TX_LINES_DEFERRED) {
		__this_cpu_or(tx_x86_pending, WHY_DEVICE);
		c->stats.lines_deferred++;
	}
	now = rdtsc();
	why = collect(c, now, &ours);
	if (ours || (why & WHY_TIMER))
		expect_late_nmis(c);
	else if (!why && now < READ_ONCE(c->late_msi_until) && READ_ONCE(c->late_credit) &&
		 !chipset_error_nmi()) {
		WRITE_ONCE(c->late_credit, c->late_credit - 1);
		c->stats.empty_nmis++;
		/* Re-aim: if this was a match nobody recognised, the comparator
		 * now lies in the past and would stay silent. */
		aim_locked_out(c);
		return NMI_HANDLED;
	}

	if (why & WHY_LINUX_WORK) {
		tx_hal_raise_linux_work(); /* here RCU watches */
		why &= ~WHY_LINUX_WORK;
	}
	if (why & WHY_TIMER)
		c->stats.timer_nmis++;
	if (why & WHY_IPI)
		c->stats.ipi_nmis++;
	if (!why && !devices_ran)
		goto out;
	if (!devices_ran && __this_cpu_read(tx_x86_masked)) {
		__this_cpu_or(tx_x86_pending, why); /* run by whoever unmasks */
		goto out;
	}
	__this_cpu_write(tx_x86_masked, 1);
	if (why)
		need |= run_core(why); /* the core's timer_irq re-aims the source */
	if (!need) {
		__this_cpu_write(tx_x86_masked, 0);
		goto out;
	}
	if (redirectable(regs)) {
		c->retries = 0;
		redirect(regs, c); /* the trampoline starts masked */
		goto out;
	}
	__this_cpu_write(tx_x86_masked, 0);
	if (!user_mode(regs) && !(regs->flags & X86_EFLAGS_IF))
		retry_later(c);
	irq_work_queue(&c->kick);
out:
	if (c->aim_due) {
		c->aim_due = false;
		aim_locked_out(c);
	}
	return ours || why ? NMI_HANDLED : NMI_DONE;
}

/* ---- Load-time checks ------------------------------------------------------------ */

static unsigned long (*tx_kallsyms_lookup)(const char *name);

static unsigned long lookup_symbol(const char *name)
{
	if (!tx_kallsyms_lookup) {
		struct kprobe kp = { .symbol_name = "kallsyms_lookup_name" };

		if (register_kprobe(&kp) < 0)
			return 0;
		tx_kallsyms_lookup = (void *)kp.addr;
		unregister_kprobe(&kp);
	}
	return tx_kallsyms_lookup ? tx_kallsyms_lookup(name) : 0;
}

static int check_kernel(void)
{
	unsigned long remap = lookup_symbol("irq_remapping_enabled");

	if (remap && *(int *)remap) {
		pr_err("tactus: interrupt remapping (VT-d/AMD-Vi) is on: it would block the timer's raw NMI message (boot with intremap=off)\n");
		return -EOPNOTSUPP;
	}
	if (IS_ENABLED(CONFIG_X86_FRED) && cpu_feature_enabled(X86_FEATURE_FRED)) {
		pr_err("tactus: FRED is on: its NMI frames differ from the IDT layout this port redirects\n");
		return -EOPNOTSUPP;
	}
	entry_text_start = lookup_symbol("__entry_text_start");
	entry_text_end = lookup_symbol("__entry_text_end");
	if (!entry_text_start || !entry_text_end) {
		pr_err("tactus: cannot find the entry text through kallsyms (needs CONFIG_KPROBES and CONFIG_KALLSYMS)\n");
		return -ENOENT;
	}
	if (!tsc_khz || check_tsc_unstable()) {
		pr_err("tactus: the TSC is unstable or uncalibrated: no time base\n");
		return -ENODEV;
	}
	if (!boot_cpu_has(X86_FEATURE_CONSTANT_TSC))
		pr_warn("tactus: the CPU does not promise a constant-rate TSC (a virtual CPU?); times are right while its rate stays fixed\n");
	if (!retry_us || (u64)retry_us * tsc_khz / 1000 < 4 * (tsc_khz / 1000)) {
		pr_err("tactus: retry_us=%u is too short (at least 4 us: the NMI path must fit)\n", retry_us);
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
 * Three self NMIs from kernel code with IF off: the handler must recognise
 * the NMI stack layout, redirect, and the trampoline must come back here with
 * every register intact (the compiler keeps live values in registers across
 * the loop). Then three timer one-shots must raise timer NMIs. Preemption
 * is off: the NMIs are this CPU's.
 */
static int self_test(void)
{
	struct tx_x86_cpu *c = this_cpu_ptr(&tx_cpu);
	unsigned long flags, trips;
	int i, err = 0;

	local_irq_save(flags);
	c->selftest = 1;
	for (i = 0; i < 3 && !err; i++) {
		send_nmi(raw_smp_processor_id(), WHY_IPI);
		err = wait_nmi_delivered(c);
	}
	c->selftest = 0;
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
			pr_err("tactus: self-test: the %s raised no NMI\n", source->describe());
			return -EIO;
		}
	}
	/* Each timer release pays at least the shortest entry (deadline ->
	 * handler) and exit (handler -> trampoline) seen here: the port's
	 * share of the timer gravity tactus_sched calibrates. */
	pr_info("tactus: self-test: 3 redirect round trips, 3 timer NMIs; timer to trampoline at least %llu ns\n",
		mul_u64_u32_div(c->stats.entry_min + c->stats.exit_min, 1000000, tsc_khz));
	return 0;
}

/* ---- arch_hooks.h ------------------------------------------------------------------ */

int tx_arch_cpu_online(unsigned int cpu)
{
	per_cpu(tx_x86_cpu_index, cpu) = cpu;
	return 0;
}

void tx_arch_cpu_offline(unsigned int cpu)
{
	struct tx_x86_cpu *c = per_cpu_ptr(&tx_cpu, cpu), *self;
	unsigned long flags;

	local_irq_save(flags);
	self = this_cpu_ptr(&tx_cpu); /* the caller's CPU marks the lock */
	timer_lock_take(self);
	c->deadline = c->retry_at = U64_MAX;
	set_wake(c, cpu);
	source->aim();
	timer_lock_drop(self);
	local_irq_restore(flags);
}

void tx_arch_stop_timer_here(void)
{
	tx_port_timer_stop();
}

int tx_arch_init(void)
{
	int err, cpu;

	err = check_kernel();
	if (err)
		return err;
	tx_x86_tsc_hz = (u64)tsc_khz * 1000;
	slack_tsc = div_u64(tx_x86_tsc_hz, 2000000); /* 0.5 us */
	rt_canary = get_random_long() & ~0xfful; /* a zero byte stops string overflows, as Linux's */
	for_each_possible_cpu(cpu) {
		struct tx_x86_cpu *c = per_cpu_ptr(&tx_cpu, cpu);

		memset(c, 0, sizeof(*c));
		c->deadline = c->retry_at = U64_MAX;
		c->kick = IRQ_WORK_INIT_HARD(kicked);
		per_cpu(tx_x86_wake, cpu) = U64_MAX;
		per_cpu(tx_x86_masked, cpu) = 0;
		per_cpu(tx_x86_pending, cpu) = 0;
		per_cpu(tx_x86_cpu_index, cpu) = cpu;
	}
	err = source->claim();
	if (err)
		return err;
	/* First in Linux's list of NMI_LOCAL handlers: a real-time device's
	 * handler then starts after Linux's NMI entry and nothing else. */
	err = register_nmi_handler(NMI_LOCAL, tx_nmi, NMI_FLAG_FIRST, "tactus");
	if (err)
		goto fail;
	preempt_disable();
	err = self_test();
	preempt_enable();
	if (err) {
		unregister_nmi_handler(NMI_LOCAL, "tactus");
		goto fail;
	}
	snprintf(description, sizeof(description),
		 "x86_64: timer %s, time base TSC %llu Hz, NMI IPIs, retry %u us", source->describe(),
		 tx_x86_tsc_hz, retry_us);
	pr_info("tactus: %s\n", description);
	return 0;
fail:
	source->release();
	return err;
}

void tx_arch_exit(void)
{
	int cpu;

	for_each_possible_cpu(cpu)
		irq_work_sync(&per_cpu_ptr(&tx_cpu, cpu)->kick);
	source->release();
	/* NMIs already on their way must still find a claimant. */
	synchronize_rcu();
	unregister_nmi_handler(NMI_LOCAL, "tactus");
}

const char *tx_arch_describe(void)
{
	return description;
}

void tx_arch_stats(unsigned int cpu, struct tx_hal_stats *out)
{
	*out = per_cpu_ptr(&tx_cpu, cpu)->stats;
}

void tx_arch_linux_kick(void)
{
	send_nmi(raw_smp_processor_id(), WHY_LINUX_WORK);
}

void tx_x86_device_nmi(unsigned int cpu)
{
	send_nmi(cpu, WHY_DEVICE);
}

/* ---- arch/port.h (out-of-line versions; the core uses port_inline.h) ---------------- */

uint64_t tx_port_now(void)
{
	return rdtsc_ordered();
}

uint64_t tx_port_counter_hz(void)
{
	return tx_x86_tsc_hz;
}

/* Masked (IF off). */
void tx_port_timer_program(uint64_t deadline)
{
	struct tx_x86_cpu *c = this_cpu_ptr(&tx_cpu);

	timer_lock_take(c);
	c->deadline = deadline;
	set_wake(c, raw_smp_processor_id());
	source->aim();
	timer_lock_drop(c);
	c->aim_due = false;
}

void tx_port_timer_stop(void)
{
	tx_port_timer_program(U64_MAX);
}

/* Bit 0: was masked. Bit 1: Linux's IF was on (restored at unmask). */
unsigned long tx_port_irq_save(void)
{
	unsigned long flags = native_save_fl();

	native_irq_disable();
	if (__this_cpu_read(tx_x86_masked))
		return 1;
	__this_cpu_write(tx_x86_masked, 1);
	return (flags & X86_EFLAGS_IF) ? 2 : 0;
}

/* The inline version's slow path: NMIs came while masked. */
void tx_x86_unmask_slow(unsigned long state);
void tx_x86_unmask_slow(unsigned long state)
{
	unmask_draining();
	if (state & 2)
		native_irq_enable();
}
EXPORT_SYMBOL_GPL(tx_x86_unmask_slow);

void tx_port_irq_restore(unsigned long state)
{
	if (state & 1)
		return;
	tx_x86_unmask_slow(state);
}

unsigned int tx_port_cpu(void)
{
	return __this_cpu_read(tx_x86_cpu_index); /* %gs-relative: no 'current' */
}

void tx_port_send_ipi(unsigned int cpu)
{
	send_nmi(cpu, WHY_IPI);
}

/* Context words: saved RSP (the callee-saved registers are on the stack)
 * and the stack-protector canary of the context. */
enum { CTX_SP = 0, CTX_CANARY = 1 };

/*
 * With CONFIG_STACKPROTECTOR the canary lives in a per-CPU slot that
 * Linux's scheduler reloads per Linux task. A real-time task's frames would
 * hold the slot's value of whichever Linux task ran when they were built and
 * fail their check after Linux switched tasks; so each context carries its
 * canary and tx_port_switch puts it in the slot. Real-time tasks share one
 * random value drawn at load (context_init may run in real-time context,
 * where drawing randomness is not allowed).
 */
static inline unsigned long canary_slot_swap(unsigned long in)
{
#ifdef CONFIG_STACKPROTECTOR
	unsigned long out = this_cpu_read(fixed_percpu_data.stack_canary);

	this_cpu_write(fixed_percpu_data.stack_canary, in);
	return out;
#else
	return in;
#endif
}

extern void tx_x86_task_start(void);

void tx_port_context_init(struct tx_port_context *ctx, void *stack, size_t size, void (*entry)(void *), void *arg)
{
	unsigned long top = ((unsigned long)stack + size) & ~15ul;
	unsigned long *sp = (unsigned long *)(top - 8 * 8);

	memset(ctx, 0, sizeof(*ctx));
	/* The frame tx_x86_switch_stack pops: r15 r14 r13 r12 rbx rbp, then
	 * the return address; r12 = arg, r13 = entry for tx_x86_task_start. */
	sp[0] = 0;                    /* r15 */
	sp[1] = 0;                    /* r14 */
	sp[2] = (unsigned long)entry; /* r13 */
	sp[3] = (unsigned long)arg;   /* r12 */
	sp[4] = 0;                    /* rbx */
	sp[5] = 0;                    /* rbp */
	sp[6] = (unsigned long)tx_x86_task_start;
	sp[7] = 0;
	ctx->words[CTX_SP] = (unsigned long)sp;
	ctx->words[CTX_CANARY] = rt_canary;
}

extern void tx_x86_switch_stack(uint64_t *save_sp, const uint64_t *load_sp);

__no_stack_protector void tx_port_switch(struct tx_port_context *from, struct tx_port_context *to)
{
	from->words[CTX_CANARY] = canary_slot_swap(to->words[CTX_CANARY]);
	tx_x86_switch_stack(&from->words[CTX_SP], &to->words[CTX_SP]);
}

/* fxsave keeps x87 and SSE; task FPU code is built with -msse2 (no VEX
 * encodings: mk/tactus-fpu.mk), which leaves the upper halves of Linux's
 * AVX registers alone. */
int tx_port_fpu_init(void *area)
{
	struct fxregs_state *fx = area;

	memset(area, 0, TX_PORT_FPU_BYTES);
	fx->cwd = 0x37f;  /* x87: all exceptions masked, 64-bit precision */
	fx->mxcsr = 0x1f80; /* SSE: all exceptions masked, round to nearest */
	return 0;
}
