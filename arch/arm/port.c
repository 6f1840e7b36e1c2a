// SPDX-License-Identifier: GPL-2.0
/*
 * arch/arm/port.c - the 32-bit ARM port (ARMv7-A, BCM2836-class boards:
 * Raspberry Pi 2 and 3 in 32-bit mode), on Debian's stock armmp kernel with
 * no patch. The FIQ is the co-kernel's interrupt: Linux masks only IRQs
 * (cpsid i), so a FIQ arrives inside any Linux section. The BCM2836 local
 * interrupt controller routes each core's non-secure physical timer (the
 * co-kernel timer; Linux runs on the virtual one) and its mailbox 1 (the
 * cross-CPU IPI) to FIQ. Design and measurements: docs/arm-fiq-plan.md.
 *
 * The FIQ path: the stub in the vector page (switch.S) points TTBR0 at
 * swapper_pg_dir and enters tx_arm_fiq_entry, which calls
 * tx_arm_fiq_handler below; when the core wants a switch, the interrupted
 * context is saved whole on its SVC stack and tx_arm_fiq_dispatch runs the
 * core's dispatch there, as the other ports do after redirecting their
 * NMI's return. Linux has no entry code on a FIQ: nothing of Linux runs
 * between the interrupt and the task.
 */
#include <linux/atomic.h>
#include <linux/cpu.h>
#include <linux/delay.h>
#include <linux/io.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/of_address.h>
#include <linux/preempt.h>
#include <linux/random.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/version.h>
#include <asm/fiq.h>

#include "../../arch/port.h"
#include "../../hal/linux/port_services.h"
#include "port_internal.h"

/* The fast paths, out of line for C callers: the bodies of port_inline.h,
 * which the C++ core inlines. Also gives this file tx_arm_write_timer(). */
#define TX_PORT_FAST_PATH
#include "port_inline.h"

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0) || LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
#error "the arm port is written and checked against Linux 6.12 (Debian 12's armmp kernel)"
#endif

/* The BCM2836 local interrupt controller (per-core registers). */
#define LOCAL_TIMER_INT_CONTROL(cpu) (0x40 + 4 * (cpu))
#define LOCAL_MAILBOX_INT_CONTROL(cpu) (0x50 + 4 * (cpu))
#define LOCAL_FIQ_SOURCE(cpu) (0x70 + 4 * (cpu))
#define LOCAL_MAILBOX1_SET(cpu) (0x80 + 16 * (cpu) + 4)
#define LOCAL_MAILBOX1_CLEAR(cpu) (0xc0 + 16 * (cpu) + 4)
#define LOCAL_BYTES 0x100
#define CNTPNS_IRQ (1u << 1)     /* in TIMER_INT_CONTROL: the timer to IRQ */
#define CNTPNS_FIQ (1u << 5)     /* ... to FIQ */
#define MAILBOX1_IRQ (1u << 1)   /* in MAILBOX_INT_CONTROL */
#define MAILBOX1_FIQ (1u << 5)
#define SOURCE_CNTPNS (1u << 1)  /* in FIQ_SOURCE */
#define SOURCE_MAILBOX1 (1u << 5)
#define TX_ARM_MAX_CPUS 4        /* the controller has four cores' registers */

#define FIQ_VECTOR 0xffff001c

struct tx_arm_cpu tx_arm_cpus[NR_CPUS];
DEFINE_PER_CPU(unsigned int, tx_arm_cpu_index);
EXPORT_PER_CPU_SYMBOL_GPL(tx_arm_cpu_index);
/* Each CPU's 'current' while a real-time task runs (switch.S): see
 * make_rt_current(). */
DEFINE_PER_CPU(struct task_struct *, tx_arm_rt_current);

static void __iomem *local_ctrl;
static u64 counter_hz;
static u32 swapper_ttbr; /* TTBR1: swapper_pg_dir with its walk attributes */
static unsigned long rt_canary;
static struct fiq_handler fiq_owner = { .name = "tactus" };
static bool fiq_claimed;
static void *stub_at;                      /* the FIQ stub's place in the vector page */
static u8 saved_stub[64];                  /* what was there (release_fiq does not restore it) */
static unsigned long saved_fiq_regs[NR_CPUS][7]; /* r8-r12, sp, lr of FIQ mode before us */
static const struct tx_core_ops *dispatch_core[NR_CPUS]; /* the core a kept lock belongs to */
static char description[160];

/* As on arm64: the FIQ's entry measured (make bench ARCH=arm passes it). */
static bool profile;
module_param(profile, bool, 0444);
MODULE_PARM_DESC(profile, "measure the FIQ entry: timer compare to the handler's first read (/proc/tactus/hal entry-min/max, counts); costs a few instructions");

/* ---- The FIQ path (FIQ mode, TTBR0 = swapper_pg_dir) ---------------------- */

/* profile: from the count the timer fired at (CNTP_CVAL, not yet moved:
 * the core reprograms it after) to the handler's first instruction, the
 * stub and the TTBR0 switch included: the bare FIQ floor at idle, and what
 * a co-kernel-masked section adds under load. Bound: two register reads. */
static void note_timer_entry(struct tx_arm_cpu *c, u64 entered)
{
	u64 fired;

	asm volatile("mrrc p15, 2, %Q0, %R0, c14" : "=r"(fired)); /* CNTP_CVAL */
	if (entered >= fired)
		tx_hal_stats_note(entered - fired, &c->stats.entry_min, &c->stats.entry_max);
}

/* 'current' is this CPU's real-time stand-in here (tx_arm_fiq_entry set
 * it: in user mode TPIDRURO holds the process's TLS pointer, and Linux has
 * no entry code on a FIQ that would load 'current'): its preempt count says
 * NMI, so irq_work_queue()'s preempt_enable() never schedules and printk
 * defers. Both sources may be pending in one FIQ: the core's entries nest (a lock
 * kept by the first is reused by the second). Bound: two register reads, a
 * write, the core's IPI and timer entries. */
int tx_arm_fiq_handler(struct tx_arm_cpu *c)
{
	u64 entered = unlikely(profile) ? tx_port_now() : 0; /* first: the floor's end */
	const struct tx_core_ops *core = READ_ONCE(tx_hal_core);
	unsigned int cpu = c - tx_arm_cpus;
	u32 source = readl_relaxed(local_ctrl + LOCAL_FIQ_SOURCE(cpu));
	int need = 0;

	if (source & SOURCE_MAILBOX1) {
		u32 senders = readl_relaxed(local_ctrl + LOCAL_MAILBOX1_CLEAR(cpu));

		writel_relaxed(senders, local_ctrl + LOCAL_MAILBOX1_CLEAR(cpu));
		if (xchg(&c->why_linux_work, 0))
			tx_hal_raise_linux_work();
		if (xchg(&c->why_core, 0)) {
			c->stats.ipi_nmis++;
			if (core)
				need |= core->ipi_irq();
		}
	}
	if (source & SOURCE_CNTPNS) {
		c->stats.timer_nmis++;
		if (unlikely(profile))
			note_timer_entry(c, entered);
		if (core) {
			need |= core->timer_irq();
		} else {
			tx_arm_write_timer(0, 0); /* nobody to serve: silence it */
			c->self_test_fiqs++;
		}
	}
	if (need) {
		dispatch_core[cpu] = core;
		c->stats.redirects++;
	}
	return need;
}

/* switch.S, after the interrupted context was saved: SVC mode, masked. */
void tx_arm_fiq_dispatch(void)
{
	dispatch_core[tx_port_cpu()]->dispatch();
}

/* ---- The local interrupt controller ---------------------------------------- */

/* Linux's irq-bcm2836 writes these registers read-modify-write with its
 * interrupts off, on the CPU they belong to: so do we. */
static void set_local_bits(unsigned int reg, u32 bits, bool on)
{
	unsigned long flags;
	u32 v;

	local_irq_save(flags);
	v = readl(local_ctrl + reg);
	writel(on ? v | bits : v & ~bits, local_ctrl + reg);
	local_irq_restore(flags);
}

/* On 'cpu' itself: FIQ mode's registers, the timer and mailbox 1 to FIQ. */
static void start_on_cpu(void *unused)
{
	unsigned int cpu = smp_processor_id();
	struct tx_arm_cpu *c = &tx_arm_cpus[cpu];
	unsigned long regs[7] = { 0 }; /* r8-r12, sp, lr */

	c->entry = tx_arm_fiq_entry;
	c->rt_current = per_cpu(tx_arm_rt_current, cpu);
	c->tail = (u8 *)stub_at + (tx_arm_fiq_stub_tail - tx_arm_fiq_stub);
	regs[0] = (unsigned long)c;
	regs[5] = (unsigned long)(c->fiq_stack + TX_ARM_FIQ_STACK_BYTES);
	local_fiq_disable();
	__get_fiq_regs(saved_fiq_regs[cpu]);
	__set_fiq_regs(regs);
	tx_arm_write_timer(0, 0);
	writel(~0u, local_ctrl + LOCAL_MAILBOX1_CLEAR(cpu));
	set_local_bits(LOCAL_TIMER_INT_CONTROL(cpu), CNTPNS_FIQ, true);
	set_local_bits(LOCAL_MAILBOX_INT_CONTROL(cpu), MAILBOX1_FIQ, true);
	this_cpu_write(tx_arm_cpu_index, cpu);
	WRITE_ONCE(c->online, true);
	local_fiq_enable();
}

static void stop_on_cpu(void *unused)
{
	unsigned int cpu = smp_processor_id();
	struct tx_arm_cpu *c = &tx_arm_cpus[cpu];

	if (!READ_ONCE(c->online))
		return;
	local_fiq_disable();
	tx_arm_write_timer(0, 0);
	set_local_bits(LOCAL_TIMER_INT_CONTROL(cpu), CNTPNS_FIQ, false);
	set_local_bits(LOCAL_MAILBOX_INT_CONTROL(cpu), MAILBOX1_FIQ, false);
	writel(~0u, local_ctrl + LOCAL_MAILBOX1_CLEAR(cpu));
	__set_fiq_regs(saved_fiq_regs[cpu]);
	WRITE_ONCE(c->online, false);
	local_fiq_enable();
}

/* ---- Load-time checks: one line each, nothing claimed on failure ----------- */

static int check_cpu(void)
{
	u32 mmfr0, pfr1, ttbcr, mvfr0;

	asm volatile("mrc p15, 0, %0, c0, c1, 4" : "=r"(mmfr0));
	asm volatile("mrc p15, 0, %0, c0, c1, 1" : "=r"(pfr1));
	asm volatile("mrc p15, 0, %0, c2, c0, 2" : "=r"(ttbcr));
	if ((mmfr0 & 0xf) < 3) {
		pr_err("tactus: this CPU is not ARMv7-A (ID_MMFR0 0x%08x: no VMSAv7); the arm port needs ARMv7-A\n", mmfr0);
		return -ENODEV;
	}
	if (!((pfr1 >> 16) & 0xf)) {
		pr_err("tactus: this CPU has no generic timer (ID_PFR1 0x%08x); the co-kernel timer is its CNTP\n", pfr1);
		return -ENODEV;
	}
	if (ttbcr != 0) {
		pr_err("tactus: TTBCR is 0x%08x (LPAE or a split table): the arm port needs the kernel's short-descriptor tables with swapper_pg_dir in TTBR1 (an armmp, not an armmp-lpae kernel)\n",
		       ttbcr);
		return -ENODEV;
	}
	asm volatile("mrc p15, 0, %0, c1, c0, 0" : "=r"(mmfr0)); /* SCTLR */
	if (!(mmfr0 & (1u << 13))) {
		pr_err("tactus: the vectors are not at 0xffff0000 (SCTLR.V clear): not the kernel layout the arm port was checked on\n");
		return -ENODEV;
	}
	asm volatile("mrc p10, 7, %0, c7, c0, 0" : "=r"(mvfr0)); /* VMRS MVFR0: an ID register, readable with VFP off */
	if ((mvfr0 & 0xf) != 2) {
		pr_err("tactus: the VFP has not 32 double registers (MVFR0 0x%08x): the arm port saves d0-d31\n", mvfr0);
		return -ENODEV;
	}
	return 0;
}

/* The FIQ vector must branch to the stub area (Linux's own layout). */
static void *fiq_stub_address(void)
{
	u32 insn = *(u32 *)FIQ_VECTOR;

	if ((insn & 0x0f000000) != 0x0a000000) /* B */
		return NULL;
	return (void *)(FIQ_VECTOR + 8 + ((s32)(insn << 8) >> 6));
}

static int map_local_controller(void)
{
	struct device_node *np = of_find_compatible_node(NULL, NULL, "brcm,bcm2836-l1-intc");

	if (!np) {
		pr_err("tactus: no BCM2836 local interrupt controller (brcm,bcm2836-l1-intc) in the device tree: the arm port routes its timer and IPI to FIQ there (Raspberry Pi 2/3 class boards)\n");
		return -ENODEV;
	}
	local_ctrl = of_iomap(np, 0);
	of_node_put(np);
	if (!local_ctrl) {
		pr_err("tactus: the BCM2836 local interrupt controller could not be mapped\n");
		return -ENOMEM;
	}
	return 0;
}

/* Linux's timer is the virtual one; the physical one must be idle and
 * routed nowhere on every CPU. */
static int check_timer_free(void)
{
	unsigned int cpu;
	u32 ctl;

	for (cpu = 0; cpu < TX_ARM_MAX_CPUS; cpu++) {
		u32 timers = readl(local_ctrl + LOCAL_TIMER_INT_CONTROL(cpu));
		u32 mailboxes = readl(local_ctrl + LOCAL_MAILBOX_INT_CONTROL(cpu));

		if (timers & (CNTPNS_IRQ | CNTPNS_FIQ)) {
			pr_err("tactus: the non-secure physical timer (CNTP) of CPU%u is in use (routed: 0x%x); the arm port needs it as the co-kernel timer\n",
			       cpu, timers);
			return -EBUSY;
		}
		if (mailboxes & (MAILBOX1_IRQ | MAILBOX1_FIQ)) {
			pr_err("tactus: mailbox 1 of CPU%u is in use (routed: 0x%x); the arm port needs it as its cross-CPU interrupt\n",
			       cpu, mailboxes);
			return -EBUSY;
		}
	}
	asm volatile("mrc p15, 0, %0, c14, c2, 1" : "=r"(ctl));
	if (ctl & 1) {
		pr_err("tactus: the non-secure physical timer (CNTP) is enabled (CNTP_CTL 0x%x): someone else uses it\n", ctl);
		return -EBUSY;
	}
	return 0;
}

/* Every online CPU takes a timer FIQ and a mailbox-1 FIQ, the timer inside
 * a local_irq_save() section, with no scheduler attached. The wait is long
 * (100 ms) because an emulated board's vCPUs share host cores: a FIQ there
 * can be milliseconds late without anything being wrong. */
#define SELF_TEST_WAIT_MS 100

static void self_test_timer(void *failed_cpus)
{
	unsigned int cpu = smp_processor_id();
	struct tx_arm_cpu *c = &tx_arm_cpus[cpu];
	u32 before = READ_ONCE(c->self_test_fiqs);
	unsigned long flags;
	int i;

	local_irq_save(flags);
	tx_arm_write_timer(tx_port_now() + div_u64(counter_hz, 10000), 1); /* 100 us */
	for (i = 0; i < SELF_TEST_WAIT_MS * 10 && READ_ONCE(c->self_test_fiqs) == before; i++)
		udelay(100);
	local_irq_restore(flags);
	if (READ_ONCE(c->self_test_fiqs) == before)
		atomic_or(1u << cpu, failed_cpus);
}

static int self_test(void)
{
	atomic_t failed_cpus = ATOMIC_INIT(0);
	unsigned int cpu;
	int i;

	on_each_cpu(self_test_timer, &failed_cpus, 1);
	if (atomic_read(&failed_cpus)) {
		pr_err("tactus: self-test: the CNTP FIQ did not arrive within %u ms on CPUs 0x%x (the FIQ path does not work on this board or kernel)\n",
		       SELF_TEST_WAIT_MS, atomic_read(&failed_cpus));
		return -EIO;
	}
	for_each_online_cpu(cpu) {
		u64 ipis = READ_ONCE(tx_arm_cpus[cpu].stats.ipi_nmis);

		tx_port_send_ipi(cpu);
		for (i = 0; i < SELF_TEST_WAIT_MS && READ_ONCE(tx_arm_cpus[cpu].stats.ipi_nmis) == ipis; i++)
			mdelay(1);
		if (READ_ONCE(tx_arm_cpus[cpu].stats.ipi_nmis) == ipis) {
			pr_err("tactus: self-test: the mailbox-1 FIQ to CPU%u did not arrive within %u ms\n", cpu, SELF_TEST_WAIT_MS);
			return -EIO;
		}
	}
	return 0;
}

/* A zeroed task_struct per CPU as 'current' for real-time tasks: Linux's
 * code compiled into tasks reads 'current' (TPIDRURO) for its stack canary
 * (CONFIG_STACKPROTECTOR_PER_TASK), smp_processor_id() and the preempt
 * count. A real Linux thread there would change under a task whose frames
 * span a Linux switch (the canary check would fail), or be freed. The
 * stand-in has this CPU's number, one canary for every CPU (a task may
 * move), and a count that says NMI: printk defers, nothing schedules. */
static int make_rt_current(void)
{
	unsigned int cpu;

	for_each_possible_cpu(cpu) {
		struct task_struct *t = kzalloc(sizeof(*t), GFP_KERNEL);

		if (!t)
			return -ENOMEM;
		t->thread_info.cpu = cpu;
		t->thread_info.preempt_count = NMI_OFFSET + HARDIRQ_OFFSET;
		t->stack_canary = rt_canary;
		per_cpu(tx_arm_rt_current, cpu) = t;
	}
	return 0;
}

static void free_rt_current(void)
{
	unsigned int cpu;

	for_each_possible_cpu(cpu) {
		kfree(per_cpu(tx_arm_rt_current, cpu));
		per_cpu(tx_arm_rt_current, cpu) = NULL;
	}
}

static void unclaim(void)
{
	if (fiq_claimed) {
		release_fiq(&fiq_owner); /* zeros the stub and this CPU's FIQ registers */
		set_fiq_handler(saved_stub, tx_arm_fiq_stub_end - tx_arm_fiq_stub);
		fiq_claimed = false;
	}
	free_rt_current();
	if (local_ctrl)
		iounmap(local_ctrl);
	local_ctrl = NULL;
}

/* release_fiq() zeroed the calling CPU's FIQ registers: Linux's again. */
static void restore_fiq_regs(void *unused)
{
	local_fiq_disable();
	__set_fiq_regs(saved_fiq_regs[smp_processor_id()]);
	local_fiq_enable();
}

/* ---- arch/port.h: the module hooks ----------------------------------------- */

int tx_arch_init(void)
{
	size_t stub_bytes = tx_arm_fiq_stub_end - tx_arm_fiq_stub;
	u32 frq;
	int err;

	BUILD_BUG_ON(offsetof(struct tx_arm_cpu, entry) != TX_ARM_CPU_ENTRY);
	BUILD_BUG_ON(offsetof(struct tx_arm_cpu, tail) != TX_ARM_CPU_TAIL);
	BUILD_BUG_ON(offsetof(struct tx_arm_cpu, rt_current) != TX_ARM_CPU_RT_CURRENT);
	BUILD_BUG_ON(offsetof(struct tx_arm_cpu, saved_r0_r4) != TX_ARM_CPU_SAVED);
	BUILD_BUG_ON(offsetof(struct tx_arm_cpu, saved_tpidruro) != TX_ARM_CPU_SAVED_TPIDRURO);
	BUILD_BUG_ON(sizeof(saved_stub) < 64);
	if (num_possible_cpus() > TX_ARM_MAX_CPUS) {
		pr_err("tactus: %u possible CPUs: the BCM2836 local controller serves %u\n", num_possible_cpus(), TX_ARM_MAX_CPUS);
		return -ENODEV;
	}
	err = check_cpu();
	if (err)
		return err;
	stub_at = fiq_stub_address();
	if (!stub_at || stub_bytes > sizeof(saved_stub)) {
		pr_err("tactus: the FIQ vector (0x%x) is not a branch to the stub area: not the kernel layout the arm port was checked on\n",
		       *(u32 *)FIQ_VECTOR);
		return -ENODEV;
	}
	asm volatile("mrc p15, 0, %0, c14, c0, 0" : "=r"(frq));
	counter_hz = frq;
	if (!counter_hz) {
		pr_err("tactus: CNTFRQ is 0: the firmware did not set the generic timer's frequency\n");
		return -ENODEV;
	}
	asm volatile("mrc p15, 0, %0, c2, c0, 1" : "=r"(swapper_ttbr));
	rt_canary = get_random_u32() & ~0xfful; /* a zero byte stops string overflows, as Linux's */
	err = map_local_controller();
	if (err)
		return err;
	err = check_timer_free();
	if (err)
		goto fail;
	err = make_rt_current();
	if (err)
		goto fail;
	err = claim_fiq(&fiq_owner);
	if (err) {
		pr_err("tactus: the FIQ is claimed already by another driver (%d); the arm port needs it as the co-kernel's interrupt\n", err);
		goto fail;
	}
	fiq_claimed = true;
	memcpy(saved_stub, stub_at, stub_bytes);
	set_fiq_handler(tx_arm_fiq_stub, stub_bytes);
	on_each_cpu(start_on_cpu, NULL, 1);
	err = self_test();
	if (err) {
		on_each_cpu(stop_on_cpu, NULL, 1);
		unclaim();
		on_each_cpu(restore_fiq_regs, NULL, 1);
		return err;
	}
	snprintf(description, sizeof(description),
		 "arm: FIQ from the BCM2836 local controller, timer CNTP, time base CNTPCT %llu Hz, IPI mailbox 1",
		 counter_hz);
	pr_info("tactus: %s\n", description);
	return 0;
fail:
	unclaim();
	return err;
}

void tx_arch_exit(void)
{
	on_each_cpu(stop_on_cpu, NULL, 1);
	unclaim();
	on_each_cpu(restore_fiq_regs, NULL, 1);
}

int tx_arch_cpu_online(unsigned int cpu)
{
	if (!READ_ONCE(tx_arm_cpus[cpu].online))
		start_on_cpu(NULL); /* hotplug callbacks run on the CPU itself */
	return 0;
}

void tx_arch_cpu_offline(unsigned int cpu)
{
	stop_on_cpu(NULL);
}

void tx_arch_stop_timer_here(void)
{
	tx_port_timer_stop();
}

const char *tx_arch_describe(void)
{
	return description;
}

void tx_arch_stats(unsigned int cpu, struct tx_hal_stats *out)
{
	*out = tx_arm_cpus[cpu].stats;
}

void tx_arch_linux_kick(void)
{
	unsigned int cpu = tx_port_cpu();

	WRITE_ONCE(tx_arm_cpus[cpu].why_linux_work, 1);
	tx_arm_cpus[cpu].stats.kicks++;
	wmb(); /* the reason before the mailbox bit */
	writel_relaxed(1u << cpu, local_ctrl + LOCAL_MAILBOX1_SET(cpu));
}

/* ---- arch/port.h ------------------------------------------------------------ */

uint64_t tx_port_counter_hz(void)
{
	return counter_hz;
}

/* The reason first, then the sender's bit in the target's mailbox 1 (a set
 * register: no read-modify-write between CPUs). O(1). */
void tx_port_send_ipi(unsigned int cpu)
{
	WRITE_ONCE(tx_arm_cpus[cpu].why_core, 1);
	wmb();
	writel_relaxed(1u << tx_port_cpu(), local_ctrl + LOCAL_MAILBOX1_SET(cpu));
}

/* Context words (switch.S, tx_port_switch). */
enum { CTX_R4 = 0, CTX_R5 = 1, CTX_SP = 8, CTX_LR = 9, CTX_TTBR0 = 10, CTX_CURRENT = 11, CTX_WORDS = 12 };

static inline u32 *context_words(struct tx_port_context *ctx)
{
	BUILD_BUG_ON(CTX_WORDS * sizeof(u32) > sizeof(*ctx));
	return (u32 *)ctx->words;
}

void tx_port_context_init(struct tx_port_context *ctx, void *stack, size_t size, void (*entry)(void *), void *arg)
{
	u32 *w = context_words(ctx);

	memset(ctx, 0, sizeof(*ctx));
	w[CTX_R4] = (u32)entry;
	w[CTX_R5] = (u32)arg;
	w[CTX_SP] = ((u32)stack + size) & ~7u;
	w[CTX_LR] = (u32)tx_arm_task_start;
	w[CTX_TTBR0] = swapper_ttbr;
	w[CTX_CURRENT] = 0; /* this CPU's real-time stand-in */
}

/* Linux's interrupt mask is not part of a context here (as on x86): it
 * comes back with the masking state the caller restores. TTBR0 is, and it
 * belongs to the kind of context that runs: a task's is swapper_pg_dir, a
 * Linux thread's is what Linux's last switch_mm loaded. A kernel thread's
 * code saved by one side and resumed by the other with the saver's TTBR0
 * left Linux with page tables it did not load (a user process then ran on
 * swapper_pg_dir and faulted forever). */
void tx_port_context_take_caller_state(struct tx_port_context *ctx)
{
	u32 ttbr0;

	asm volatile("mrc p15, 0, %0, c2, c0, 0" : "=r"(ttbr0));
	context_words(ctx)[CTX_TTBR0] = ttbr0;
}

/* A Linux thread's code run as a task keeps its own 'current' (its frames'
 * canaries are that thread's). */
void tx_port_context_take_thread_state(struct tx_port_context *ctx)
{
	context_words(ctx)[CTX_CURRENT] = (u32)current;
}

/* d0-d31 zero, FPSCR 0 (round to nearest, flush-to-zero and default NaN
 * off, no traps), FPEXC.EN set. The layout is switch.S's. */
int tx_port_fpu_init(void *area)
{
	u32 *tail = (u32 *)((u8 *)area + 32 * 8);

	memset(area, 0, TX_PORT_FPU_BYTES);
	tail[0] = 1u << 30; /* FPEXC.EN */
	tail[1] = 0;        /* FPSCR */
	return 0;
}
