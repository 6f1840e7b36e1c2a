// SPDX-License-Identifier: GPL-2.0
/*
 * arch/x86/port.c - the x86_64 port, for Debian's stock kernel: an HPET
 * comparator that Linux leaves free, its MSI in NMI delivery mode, as the
 * co-kernel timer; NMI IPIs as the reschedule IPI; the TSC as the time base;
 * preemption by return redirection from the NMI handler. The design and its
 * reasoning: docs/x86_64-port.md.
 *
 * x86 cannot mask NMIs, so co-kernel masking is a per-CPU flag: an NMI that
 * finds it set only records why it came, and whoever clears the flag runs
 * what was recorded (tx_port_irq_restore). The same save also clears IF, so
 * Linux's interrupts stay off inside the co-kernel and while tasks run.
 */
#include <linux/acpi.h>
#include <linux/cpu.h>
#include <linux/io.h>
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
#include <asm/processor.h>
#include <asm/tsc.h>

#include "../../arch/port.h"
#include "../../hal/linux/arch_hooks.h"

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0) || LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
#error "the x86_64 port relies on the NMI entry of Linux 6.12 (docs/x86_64-port.md)"
#endif

static unsigned int retry_us = 30;
module_param(retry_us, uint, 0444);
MODULE_PARM_DESC(retry_us, "interval of the retry NMI that bounds a release landing in a non-redirectable spot");

static unsigned int retry_cap = 8;
module_param(retry_cap, uint, 0444);
MODULE_PARM_DESC(retry_cap, "most consecutive retry NMIs before waiting for Linux's interrupts");

/* ---- HPET ---------------------------------------------------------------- */

#define HPET_ID			0x000
#define HPET_CFG		0x010
#define HPET_COUNTER		0x0f0
#define HPET_Tn_CFG(n)		(0x100 + 0x20 * (n))
#define HPET_Tn_CMP(n)		(0x108 + 0x20 * (n))
#define HPET_Tn_ROUTE(n)	(0x110 + 0x20 * (n))
#define HPET_CFG_ENABLE		0x001
#define HPET_CFG_LEGACY		0x002
#define HPET_TN_ENABLE		0x004
#define HPET_TN_PERIODIC	0x008
#define HPET_TN_64BIT_CAP	0x020
#define HPET_TN_32BIT		0x100
#define HPET_TN_FSB		0x4000
#define HPET_TN_FSB_CAP		0x8000
#define MSI_DATA_NMI		0x400 /* delivery mode 100b: NMI */

static void __iomem *hpet;
static unsigned int channel;
static u64 hpet_hz, tsc_hz;
static u64 hpet_per_tsc; /* 32.32 fixed point */
static char description[200];
static unsigned long rt_canary; /* see canary_slot_swap() */

/* ---- Per-CPU state --------------------------------------------------------- */

enum { WHY_TIMER = 1, WHY_IPI = 2, WHY_LINUX_WORK = 4 };

struct tx_x86_cpu {
	unsigned long masked;   /* co-kernel masking: 0, or 1 while masked */
	unsigned long pending;  /* WHY_* bits that came while masked */
	unsigned long reasons;  /* WHY_* bits sent by other CPUs with an NMI */
	unsigned long nmi_sent; /* an NMI IPI to this CPU is in flight */
	u64 deadline;           /* TSC deadline of this CPU's timer, U64_MAX: none */
	unsigned int retries;   /* consecutive retry NMIs */
	unsigned long stack_lo, stack_hi; /* the running task's stack, 0 for Linux */
	unsigned long selftest;        /* nonzero during the load-time self-test */
	unsigned long selftest_trips;  /* trampoline round trips it saw */
	struct irq_work kick;
	struct tx_hal_stats stats;
};
static DEFINE_PER_CPU(struct tx_x86_cpu, tx_cpu);

/* The one comparator serves every CPU: it is aimed at the earliest deadline.
 * Held with co-kernel masking (IF off), in NMI context too; hold time O(CPUs). */
static arch_spinlock_t hpet_lock = __ARCH_SPIN_LOCK_UNLOCKED;
static u64 tsc_ref, hpet_ref; /* a recent (TSC, HPET) pair, for conversions */
static u64 hpet_cfg;          /* what we last wrote to the comparator's CFG (MMIO reads are slow) */

static inline u64 hpet_read(void)
{
	return readq(hpet + HPET_COUNTER);
}

static inline u64 tsc_to_hpet(u64 tsc)
{
	s64 delta = (s64)(tsc - tsc_ref);

	return hpet_ref + (s64)(((__int128)delta * hpet_per_tsc) >> 32);
}

/* hpet_lock held. Aim the comparator at the earliest deadline of all CPUs;
 * a deadline already past becomes a self NMI on its CPU. */
static void hpet_aim(void)
{
	u64 best = U64_MAX, cmp;
	int cpu, target = -1;

	for_each_online_cpu(cpu) {
		u64 d = per_cpu(tx_cpu, cpu).deadline;

		if (d < best) {
			best = d;
			target = cpu;
		}
	}
	if (target < 0) {
		if (hpet_cfg & HPET_TN_ENABLE) {
			hpet_cfg &= ~HPET_TN_ENABLE;
			writeq(hpet_cfg, hpet + HPET_Tn_CFG(channel));
		}
		return;
	}
	tsc_ref = rdtsc();
	hpet_ref = hpet_read();
	cmp = tsc_to_hpet(best);
	writeq(((u64)(0xfee00000u | (per_cpu(x86_cpu_to_apicid, target) << 12)) << 32) |
		       MSI_DATA_NMI | NMI_VECTOR, hpet + HPET_Tn_ROUTE(channel));
	writeq(cmp, hpet + HPET_Tn_CMP(channel));
	if (!(hpet_cfg & HPET_TN_ENABLE)) {
		hpet_cfg |= HPET_TN_ENABLE;
		writeq(hpet_cfg, hpet + HPET_Tn_CFG(channel));
	}
	/* One-shot comparators fire on a match: one that is already behind the
	 * counter would wait for a full wrap. Check after the write. */
	if ((s64)(hpet_read() - cmp) >= 0) {
		per_cpu(tx_cpu, target).deadline = U64_MAX;
		per_cpu(tx_cpu, target).reasons |= WHY_TIMER;
		if (!xchg(&per_cpu(tx_cpu, target).nmi_sent, 1))
			__apic_send_IPI_mask(cpumask_of(target), NMI_VECTOR);
	}
}

/* ---- Redirection ------------------------------------------------------------ */

extern void tx_x86_trampoline(void);
static unsigned long entry_text_start, entry_text_end;

/*
 * Whether the NMI's return may be redirected into the trampoline: kernel
 * code outside the entry text (where CR3 and GS are always the kernel's) on
 * a stack we know (the task's, the IRQ stack, or a real-time task's), with
 * the NMI stack layout of Linux 6.12: pt_regs is the "outermost" copy and
 * the IRETQ frame that really returns sits right above it (regs + 1), 96
 * bytes below the top of the NMI IST stack.
 */
static bool redirectable(struct pt_regs *regs, struct tx_x86_cpu *c)
{
	unsigned long sp = regs->sp, irq_top;

	if (user_mode(regs))
		return false;
	if ((unsigned long)(regs + 1) != this_cpu_read(cpu_tss_rw.x86_tss.ist[IST_INDEX_NMI]) - 96)
		return false;
	if (regs->ip >= entry_text_start && regs->ip < entry_text_end)
		return false;
	if (c->stack_hi)
		return sp > c->stack_lo && sp <= c->stack_hi;
	irq_top = (unsigned long)this_cpu_read(pcpu_hot.hardirq_stack_ptr) + 8;
	if (sp > irq_top - IRQ_STACK_SIZE && sp <= irq_top)
		return true;
	return sp > (unsigned long)task_stack_page(current) &&
	       sp <= (unsigned long)task_stack_page(current) + THREAD_SIZE;
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
}

/* ---- Running what the NMIs asked for ------------------------------------------ */

/* Masked (c->masked == 1). Run the core for 'why'; nonzero: switch needed. */
static int run_core(unsigned long why)
{
	const struct tx_core_ops *core = READ_ONCE(tx_hal_core);
	int need = 0;

	if (unlikely(this_cpu_read(tx_cpu.selftest)))
		return why & WHY_IPI; /* the load-time self-test asks for a round trip */
	if (!core)
		return 0;
	if (why & WHY_TIMER)
		need |= core->timer_irq();
	if (why & WHY_IPI)
		need |= core->ipi_irq();
	return need;
}

/* Masked, in a context where switching is allowed: dispatch, then run what
 * came in meanwhile until nothing is left, then unmask. */
static void dispatch_and_unmask(struct tx_x86_cpu *c)
{
	const struct tx_core_ops *core = READ_ONCE(tx_hal_core);

	if (core)
		core->dispatch();
	for (;;) {
		unsigned long why;

		c = this_cpu_ptr(&tx_cpu); /* the dispatch may have moved us */
		WRITE_ONCE(c->masked, 0);
		barrier();
		if (!READ_ONCE(c->pending))
			return;
		WRITE_ONCE(c->masked, 1);
		why = xchg(&c->pending, 0);
		if (run_core(why) && core)
			core->dispatch();
	}
}

/* Called by the trampoline on the interrupted stack. */
void tx_x86_redirected(struct pt_regs *regs);
void tx_x86_redirected(struct pt_regs *regs)
{
	struct tx_x86_cpu *c = this_cpu_ptr(&tx_cpu);

	if (unlikely(c->selftest)) {
		c->selftest_trips++;
		WRITE_ONCE(c->masked, 0);
		return;
	}
	dispatch_and_unmask(c);
}

/* The kick: irq_work's self-IPI, taken as soon as Linux has interrupts on
 * again (at once from user mode). The callback runs in hardirq context with
 * IF off and dispatches right there: Linux is then simply "inside the
 * irq_work interrupt" until it is chosen again. */
static void kicked(struct irq_work *work)
{
	struct tx_x86_cpu *c = this_cpu_ptr(&tx_cpu);
	const struct tx_core_ops *core = READ_ONCE(tx_hal_core);

	WRITE_ONCE(c->masked, 1);
	if (core && core->resched_pending())
		dispatch_and_unmask(c);
	else
		WRITE_ONCE(c->masked, 0);
}

/* The retry NMI: for kernel code with IF off that we may not redirect (entry
 * text, a stack switch in progress), irq_work would wait for Linux's sti.
 * A timer NMI retry_us later lands past the window; after retry_cap retries
 * the irq_work is left to do it. Bounded: retry_cap * retry_us. */
static void retry_later(struct tx_x86_cpu *c)
{
	unsigned long flags;

	if (c->retries >= retry_cap)
		return;
	c->retries++;
	c->stats.kicks++;
	arch_spin_lock(&hpet_lock);
	local_irq_save(flags);
	c->deadline = rdtsc() + div_u64((u64)retry_us * tsc_hz, 1000000);
	hpet_aim();
	local_irq_restore(flags);
	arch_spin_unlock(&hpet_lock);
}

/* ---- The NMI handler ---------------------------------------------------------- */

static int tx_nmi(unsigned int type, struct pt_regs *regs)
{
	struct tx_x86_cpu *c = this_cpu_ptr(&tx_cpu);
	unsigned long why = 0;
	bool ours = xchg(&c->nmi_sent, 0);
	u64 now = rdtsc();

	why |= xchg(&c->reasons, 0);
	if (why & WHY_LINUX_WORK) {
		tx_hal_raise_linux_work(); /* here RCU watches */
		why &= ~WHY_LINUX_WORK;
	}
	if (c->deadline != U64_MAX && now + 16 >= c->deadline) {
		/* Our comparator (or a retry) fired for this CPU; other CPUs whose
		 * deadline has passed get an NMI IPI. */
		int cpu;

		arch_spin_lock(&hpet_lock);
		c->deadline = U64_MAX;
		for_each_online_cpu(cpu) {
			struct tx_x86_cpu *o = per_cpu_ptr(&tx_cpu, cpu);

			if (o != c && o->deadline <= now) {
				o->deadline = U64_MAX;
				o->reasons |= WHY_TIMER;
				if (!xchg(&o->nmi_sent, 1))
					__apic_send_IPI_mask(cpumask_of(cpu), NMI_VECTOR);
			}
		}
		hpet_aim();
		arch_spin_unlock(&hpet_lock);
		why |= WHY_TIMER;
	}
	if (!why)
		return ours ? NMI_HANDLED : NMI_DONE;
	if (why & WHY_TIMER)
		c->stats.timer_nmis++;
	if (why & WHY_IPI)
		c->stats.ipi_nmis++;
	if (c->masked) {
		c->pending |= why; /* run by whoever unmasks */
		return NMI_HANDLED;
	}
	c->masked = 1;
	if (!run_core(why)) {
		c->masked = 0;
		return NMI_HANDLED;
	}
	if (redirectable(regs, c)) {
		c->retries = 0;
		redirect(regs, c); /* the trampoline starts masked */
		return NMI_HANDLED;
	}
	c->masked = 0;
	if (!user_mode(regs) && !(regs->flags & X86_EFLAGS_IF))
		retry_later(c);
	irq_work_queue(&c->kick);
	return NMI_HANDLED;
}

/* ---- Claiming the HPET ---------------------------------------------------------- */

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

static int find_hpet(void)
{
	struct acpi_table_header *hdr;
	struct acpi_table_hpet *table;
	u64 id, period_fs;
	unsigned int n, last;

	if (ACPI_FAILURE(acpi_get_table(ACPI_SIG_HPET, 0, &hdr))) {
		pr_err("tactus: no HPET (no ACPI HPET table)\n");
		return -ENODEV;
	}
	table = (struct acpi_table_hpet *)hdr;
	hpet = ioremap(table->address.address, 1024);
	acpi_put_table(hdr);
	if (!hpet)
		return -ENOMEM;
	id = readq(hpet + HPET_ID);
	period_fs = id >> 32;
	last = (id >> 8) & 0x1f;
	if (!period_fs || period_fs > 100000000) {
		pr_err("tactus: the HPET reports a bad period (%llu fs)\n", period_fs);
		return -ENODEV;
	}
	hpet_hz = div64_u64(1000000000000000ull, period_fs);
	/* Comparators 0 and 1 are Linux's (broadcast tick, RTC emulation). */
	for (n = last; n >= 2; n--) {
		u64 cfg = readq(hpet + HPET_Tn_CFG(n));

		if (!(cfg & HPET_TN_FSB_CAP) || !(cfg & HPET_TN_64BIT_CAP))
			continue;
		if (cfg & (HPET_TN_ENABLE | HPET_TN_FSB)) {
			pr_warn("tactus: HPET comparator %u is in use (CFG %#llx): skipped\n", n, cfg);
			continue;
		}
		channel = n;
		return 0;
	}
	pr_err("tactus: no free HPET comparator with MSI (FSB) delivery (QEMU: -global hpet.msi=on)\n");
	return -ENODEV;
}

static int check_kernel(void)
{
	unsigned long remap = lookup_symbol("irq_remapping_enabled");

	if (remap && *(int *)remap) {
		pr_err("tactus: interrupt remapping (VT-d/AMD-Vi) is on: it would block the HPET's raw NMI message (boot with intremap=off)\n");
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
	return 0;
}

/* ---- The self-test: NMIs arrive, and a redirect round trip works ---------------- */

static int wait_nmi_delivered(struct tx_x86_cpu *c)
{
	u64 t0 = rdtsc();

	while (READ_ONCE(c->nmi_sent) && rdtsc() - t0 < tsc_hz / 100)
		cpu_relax();
	return READ_ONCE(c->nmi_sent) ? -EIO : 0;
}

/*
 * Three self NMIs from kernel code with IF off: the handler must recognise
 * the NMI stack layout, redirect, and the trampoline must come back here with
 * every register intact (the compiler keeps live values in registers across
 * the loop). Then three HPET one-shots must raise timer NMIs.
 */
static int self_test(void)
{
	struct tx_x86_cpu *c;
	unsigned long flags, trips;
	int i, err = 0;

	local_irq_save(flags);
	c = this_cpu_ptr(&tx_cpu);
	c->selftest = 1;
	for (i = 0; i < 3 && !err; i++) {
		c->reasons |= WHY_IPI;
		if (!xchg(&c->nmi_sent, 1))
			__apic_send_IPI_mask(cpumask_of(raw_smp_processor_id()), NMI_VECTOR); /* x2APIC SELF_IPI has no NMI mode */
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
		arch_spin_lock(&hpet_lock);
		c->deadline = rdtsc() + tsc_hz / 10000; /* 100 us */
		hpet_aim();
		arch_spin_unlock(&hpet_lock);
		local_irq_restore(flags);
		t0 = rdtsc();
		while (READ_ONCE(c->stats.timer_nmis) == before && rdtsc() - t0 < tsc_hz / 10)
			cpu_relax();
		if (c->stats.timer_nmis == before) {
			pr_err("tactus: self-test: the HPET comparator %u raised no NMI\n", channel);
			return -EIO;
		}
	}
	pr_info("tactus: self-test: 3 redirect round trips, 3 timer NMIs\n");
	return 0;
}

/* ---- arch_hooks.h ------------------------------------------------------------------ */

int tx_arch_cpu_online(unsigned int cpu)
{
	struct tx_x86_cpu *c = per_cpu_ptr(&tx_cpu, cpu);

	c->deadline = U64_MAX;
	return 0;
}

void tx_arch_cpu_offline(unsigned int cpu)
{
	per_cpu_ptr(&tx_cpu, cpu)->deadline = U64_MAX;
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
	err = find_hpet();
	if (err)
		goto fail;
	tsc_hz = (u64)tsc_khz * 1000;
	rt_canary = get_random_long() & ~0xfful; /* a zero byte stops string overflows, as Linux's */
	hpet_per_tsc = div64_u64(hpet_hz << 32, tsc_hz);
	for_each_possible_cpu(cpu) {
		struct tx_x86_cpu *c = per_cpu_ptr(&tx_cpu, cpu);

		memset(c, 0, sizeof(*c));
		c->deadline = U64_MAX;
		c->kick = IRQ_WORK_INIT_HARD(kicked);
	}
	/* 64-bit one-shot, edge, MSI delivery; disabled until aimed. */
	hpet_cfg = (readq(hpet + HPET_Tn_CFG(channel)) & ~(HPET_TN_PERIODIC | HPET_TN_32BIT | HPET_TN_ENABLE)) |
		   HPET_TN_FSB;
	writeq(hpet_cfg, hpet + HPET_Tn_CFG(channel));
	err = register_nmi_handler(NMI_LOCAL, tx_nmi, 0, "tactus");
	if (err)
		goto fail;
	preempt_disable(); /* the self-test's NMIs are this CPU's */
	err = self_test();
	preempt_enable();
	if (err) {
		unregister_nmi_handler(NMI_LOCAL, "tactus");
		goto fail;
	}
	snprintf(description, sizeof(description),
		 "x86_64: timer HPET comparator %u (MSI as NMI, %llu Hz), time base TSC %llu Hz, NMI IPIs",
		 channel, hpet_hz, tsc_hz);
	pr_info("tactus: %s\n", description);
	return 0;
fail:
	if (hpet) {
		writeq(readq(hpet + HPET_Tn_CFG(channel)) & ~(HPET_TN_ENABLE | HPET_TN_FSB), hpet + HPET_Tn_CFG(channel));
		iounmap(hpet);
		hpet = NULL;
	}
	return err;
}

void tx_arch_exit(void)
{
	int cpu;

	writeq(readq(hpet + HPET_Tn_CFG(channel)) & ~(HPET_TN_ENABLE | HPET_TN_FSB), hpet + HPET_Tn_CFG(channel));
	/* NMIs already on their way must still find a claimant. */
	synchronize_rcu();
	unregister_nmi_handler(NMI_LOCAL, "tactus");
	for_each_possible_cpu(cpu)
		irq_work_sync(&per_cpu_ptr(&tx_cpu, cpu)->kick);
	iounmap(hpet);
	hpet = NULL;
}

const char *tx_arch_describe(void)
{
	return description;
}

void tx_arch_stats(unsigned int cpu, struct tx_hal_stats *out)
{
	*out = per_cpu_ptr(&tx_cpu, cpu)->stats;
}

/* ---- arch/port.h ------------------------------------------------------------------- */

uint64_t tx_port_now(void)
{
	return rdtsc_ordered();
}

uint64_t tx_port_counter_hz(void)
{
	return tsc_hz;
}

void tx_port_timer_program(uint64_t deadline)
{
	struct tx_x86_cpu *c = this_cpu_ptr(&tx_cpu);

	arch_spin_lock(&hpet_lock);
	c->deadline = deadline;
	hpet_aim();
	arch_spin_unlock(&hpet_lock);
}

void tx_port_timer_stop(void)
{
	struct tx_x86_cpu *c = this_cpu_ptr(&tx_cpu);

	arch_spin_lock(&hpet_lock);
	c->deadline = U64_MAX;
	hpet_aim();
	arch_spin_unlock(&hpet_lock);
}

/* Bit 0: was masked. Bit 1: Linux's IF was on (restored at unmask). */
unsigned long tx_port_irq_save(void)
{
	unsigned long flags = native_save_fl();
	struct tx_x86_cpu *c;

	native_irq_disable();
	c = this_cpu_ptr(&tx_cpu);
	if (c->masked)
		return 1;
	WRITE_ONCE(c->masked, 1);
	return (flags & X86_EFLAGS_IF) ? 2 : 0;
}

void tx_port_irq_restore(unsigned long state)
{
	struct tx_x86_cpu *c;

	if (state & 1)
		return;
	c = this_cpu_ptr(&tx_cpu);
	for (;;) {
		unsigned long why;
		const struct tx_core_ops *core;

		WRITE_ONCE(c->masked, 0);
		barrier();
		if (!READ_ONCE(c->pending))
			break;
		/* NMIs came while masked: take them now, as hardware would. */
		WRITE_ONCE(c->masked, 1);
		why = xchg(&c->pending, 0);
		core = READ_ONCE(tx_hal_core);
		if (run_core(why) && core)
			core->dispatch();
		c = this_cpu_ptr(&tx_cpu);
	}
	if (state & 2)
		native_irq_enable();
}

unsigned int tx_port_cpu(void)
{
	return raw_smp_processor_id(); /* %gs-relative: no 'current' */
}

void tx_port_send_ipi(unsigned int cpu)
{
	struct tx_x86_cpu *c = per_cpu_ptr(&tx_cpu, cpu);

	set_bit(1, &c->reasons); /* WHY_IPI */
	if (!xchg(&c->nmi_sent, 1))
		__apic_send_IPI_mask(cpumask_of(cpu), NMI_VECTOR);
}

void tx_arch_linux_kick(void)
{
	struct tx_x86_cpu *c = this_cpu_ptr(&tx_cpu);

	set_bit(2, &c->reasons); /* WHY_LINUX_WORK */
	if (!xchg(&c->nmi_sent, 1))
		__apic_send_IPI_mask(cpumask_of(raw_smp_processor_id()), NMI_VECTOR); /* x2APIC SELF_IPI has no NMI mode */
}

/* Context words: saved RSP (the callee-saved registers are on the stack),
 * the stack bounds the NMI handler checks before redirecting, and the
 * stack-protector canary of the context. */
enum { CTX_SP = 0, CTX_STACK_LO = 1, CTX_STACK_HI = 2, CTX_CANARY = 3 };

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
	/* The frame tx_port_switch pops: r15 r14 r13 r12 rbx rbp, then the
	 * return address; r12 = arg, r13 = entry for tx_x86_task_start, and
	 * the stack 16-byte aligned minus 8 at entry like after a call. */
	sp[0] = 0;                   /* r15 */
	sp[1] = 0;                   /* r14 */
	sp[2] = (unsigned long)entry; /* r13 */
	sp[3] = (unsigned long)arg;   /* r12 */
	sp[4] = 0;                   /* rbx */
	sp[5] = 0;                   /* rbp */
	sp[6] = (unsigned long)tx_x86_task_start;
	sp[7] = 0;
	ctx->words[CTX_SP] = (unsigned long)sp;
	ctx->words[CTX_STACK_LO] = (unsigned long)stack;
	ctx->words[CTX_STACK_HI] = top;
	ctx->words[CTX_CANARY] = rt_canary;
}

extern void tx_x86_switch_stack(uint64_t *save_sp, const uint64_t *load_sp);

__no_stack_protector void tx_port_switch(struct tx_port_context *from, struct tx_port_context *to)
{
	struct tx_x86_cpu *c = this_cpu_ptr(&tx_cpu);

	/* The NMI handler needs to know which stack a task runs on. */
	c->stack_lo = to->words[CTX_STACK_LO];
	c->stack_hi = to->words[CTX_STACK_HI];
	from->words[CTX_CANARY] = canary_slot_swap(to->words[CTX_CANARY]);
	tx_x86_switch_stack(&from->words[CTX_SP], &to->words[CTX_SP]);
}

void tx_port_fpu_init(void *area)
{
	struct fxregs_state *fx = area;

	memset(area, 0, TX_PORT_FPU_BYTES);
	fx->cwd = 0x37f;  /* x87: all exceptions masked, 64-bit precision */
	fx->mxcsr = 0x1f80; /* SSE: all exceptions masked, round to nearest */
}
