/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tools/bench/modules/bench_irq_dev.h - the interrupt source of the
 * interrupt-latency benchmark (bench_irq.c, bench_irq_rt.c): a hardware
 * timer that neither Linux nor Tactus uses, so that its compare value is the
 * raise time, exactly, with one vCPU under -icount (a raiser on another CPU
 * would not be: two vCPUs under icount run in turn). The same line and the
 * same raise method serve every system measured; only the handler differs.
 *
 *  arm64  the EL1 virtual timer (CNTV_*_EL02, PPI 27) of a kernel running
 *         at EL2 with VHE (QEMU -M virt,virtualization=on -cpu max): Linux
 *         takes the EL2 timer there, Tactus the EL1 physical one (PPI 30),
 *         KVM neither when kvm-arm.mode=none (Debian's kernels). Level
 *         triggered; CNTVOFF_EL2 is 0, so the compare value is a CNTPCT
 *         time. Timestamps: CNTPCT_EL0.
 *  x86_64 HPET comparator 2 (QEMU -global hpet.timers=5): Linux keeps 0
 *         and 1, gives 2 to /dev/hpet, which nobody opens but Tactus (to
 *         hold it), takes 3 for a per-CPU clockevent, and Tactus's timer
 *         takes the highest free one, 4. For Tactus and the floor
 *         its FSB (MSI) message carries an NMI; for Linux it is routed to a
 *         free IOAPIC input (GSI 16-23 on q35) as an edge line. Timestamps:
 *         the TSC; the raise time is the compare value converted with a
 *         (TSC, HPET) pair read when it is armed.
 *
 * Not a general driver: one user at a time, CPU 0 (the benchmark boots one
 * vCPU). Everything but irqdev_init/exit and the routing is callable in any
 * context, NMI included (system-register or MMIO accesses).
 */
#ifndef BENCH_IRQ_DEV_H
#define BENCH_IRQ_DEV_H

#include <linux/math64.h>
#include <linux/types.h>

#ifdef CONFIG_ARM64

#include <linux/irq.h>
#include <linux/of.h>
#include <linux/of_irq.h>
#include <asm/arch_timer.h>
#include <asm/sysreg.h>
#include <asm/virt.h>

static unsigned int irqdev_irq_nr;
static u64 irqdev_hz;
static u64 irqdev_raise; /* CNTPCT of the armed raise */

static inline u64 irqdev_now(void)
{
	isb();
	return read_sysreg(cntpct_el0);
}

static inline s64 irqdev_ns(s64 counts)
{
	return counts < 0 ? -(s64)mul_u64_u64_div_u64(-counts, NSEC_PER_SEC, irqdev_hz) :
			    (s64)mul_u64_u64_div_u64(counts, NSEC_PER_SEC, irqdev_hz);
}

static inline u64 irqdev_from_ns(u64 ns)
{
	return mul_u64_u64_div_u64(ns, irqdev_hz, NSEC_PER_SEC);
}

static inline void irqdev_arm(u64 raise)
{
	irqdev_raise = raise;
	write_sysreg_s(raise, SYS_CNTV_CVAL_EL02);
	write_sysreg_s(ARCH_TIMER_CTRL_ENABLE, SYS_CNTV_CTL_EL02);
	isb();
}

/* The timer output drops: the (level) interrupt is quiet. */
static inline void irqdev_disarm(void)
{
	write_sysreg_s(0, SYS_CNTV_CTL_EL02);
	isb();
}

static inline bool irqdev_pending(void)
{
	u64 ctl = read_sysreg_s(SYS_CNTV_CTL_EL02);

	return (ctl & ARCH_TIMER_CTRL_ENABLE) && (ctl & ARCH_TIMER_CTRL_IT_STAT);
}

/* The Linux IRQ of the line (a per-CPU PPI). */
static inline unsigned int irqdev_irq(void)
{
	return irqdev_irq_nr;
}

static inline int irqdev_init(void)
{
	struct device_node *np;

	if (!is_kernel_in_hyp_mode()) {
		pr_err("bench_irq: needs a kernel at EL2 with VHE (QEMU -M virt,virtualization=on -cpu max): the EL1 virtual timer is the device\n");
		return -ENODEV;
	}
	np = of_find_compatible_node(NULL, NULL, "arm,armv8-timer");
	if (!np)
		return -ENODEV;
	irqdev_irq_nr = irq_of_parse_and_map(np, 2); /* the EL1 virtual timer, PPI 27 */
	of_node_put(np);
	if (!irqdev_irq_nr)
		return -ENODEV;
	if (irq_has_action(irqdev_irq_nr)) {
		pr_err("bench_irq: the EL1 virtual timer (irq %u) is in use (KVM? boot with kvm-arm.mode=none)\n",
		       irqdev_irq_nr);
		return -EBUSY;
	}
	irqdev_hz = read_sysreg(cntfrq_el0);
	irqdev_disarm();
	return 0;
}

static inline void irqdev_exit(void)
{
	irqdev_disarm();
}

static inline const char *irqdev_describe(void)
{
	return "EL1 virtual timer CNTV_EL02 (PPI 27), at EL2 with VHE";
}

#elif defined(CONFIG_X86_64)

#include <linux/acpi.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/irq.h>
#include <asm/tsc.h>

#define IRQDEV_CHANNEL 2
#define IRQDEV_COUNTER 0x0f0
#define IRQDEV_CFG (0x100 + 0x20 * IRQDEV_CHANNEL)
#define IRQDEV_CMP (0x108 + 0x20 * IRQDEV_CHANNEL)
#define IRQDEV_ROUTE (0x110 + 0x20 * IRQDEV_CHANNEL)
#define IRQDEV_CFG_ENABLE 0x004
#define IRQDEV_CFG_PERIODIC 0x008
#define IRQDEV_CFG_32BIT 0x100
#define IRQDEV_CFG_ROUTE_SHIFT 9
#define IRQDEV_CFG_ROUTE_MASK (0x1f << 9)
#define IRQDEV_CFG_FSB 0x4000
#define IRQDEV_CFG_FSB_CAP 0x8000

static void __iomem *irqdev_hpet;
static u64 irqdev_cfg, irqdev_hpet_hz, irqdev_tsc_hz;
static u64 irqdev_cmp;       /* HPET compare value armed */
static u64 irqdev_raise;     /* ... as a TSC time */
static bool irqdev_armed;
static int irqdev_gsi = -1;  /* IOAPIC input, for the Linux handlers */
static unsigned int irqdev_irq_nr;

static inline u64 irqdev_now(void)
{
	return rdtsc();
}

static inline s64 irqdev_ns(s64 counts)
{
	return counts < 0 ? -(s64)mul_u64_u64_div_u64(-counts, NSEC_PER_SEC, irqdev_tsc_hz) :
			    (s64)mul_u64_u64_div_u64(counts, NSEC_PER_SEC, irqdev_tsc_hz);
}

static inline u64 irqdev_from_ns(u64 ns)
{
	return mul_u64_u64_div_u64(ns, irqdev_tsc_hz, NSEC_PER_SEC);
}

static inline void irqdev_write_cfg(u64 cfg)
{
	irqdev_cfg = cfg;
	writeq(cfg, irqdev_hpet + IRQDEV_CFG);
}

/* Raise at TSC time 'raise': the HPET compare value that TSC time has,
 * from a (TSC, HPET) pair read now, rounded up; raise is set to the TSC
 * time of that compare value, the exact raise. */
static inline void irqdev_arm(u64 raise)
{
	u64 tsc = rdtsc(), hpet = readq(irqdev_hpet + IRQDEV_COUNTER);
	u64 ahead = raise > tsc ? raise - tsc : 0;
	u64 ticks = mul_u64_u64_div_u64(ahead, irqdev_hpet_hz, irqdev_tsc_hz) + 1;

	irqdev_cmp = hpet + ticks;
	irqdev_raise = tsc + mul_u64_u64_div_u64(ticks, irqdev_tsc_hz, irqdev_hpet_hz);
	/* An NMI that polls irqdev_pending() (Tactus's handler) must see the
	 * new compare value once it sees 'armed', or it finds the old one due
	 * and runs the handler for a raise that has not come. */
	barrier();
	WRITE_ONCE(irqdev_armed, true);
	writeq(irqdev_cmp, irqdev_hpet + IRQDEV_CMP);
	irqdev_write_cfg(irqdev_cfg | IRQDEV_CFG_ENABLE);
}

static inline void irqdev_disarm(void)
{
	WRITE_ONCE(irqdev_armed, false);
	irqdev_write_cfg(irqdev_cfg & ~IRQDEV_CFG_ENABLE);
}

/* An edge has no status to read: "armed and its time has come". */
static inline bool irqdev_pending(void)
{
	if (!READ_ONCE(irqdev_armed))
		return false;
	barrier();
	return (s64)(readq(irqdev_hpet + IRQDEV_COUNTER) - READ_ONCE(irqdev_cmp)) >= 0;
}

/* The comparator's FSB message (MSI): NMI-class delivery for Tactus and
 * the floor. address 0: off. */
static inline void irqdev_write_msg(u64 address, u32 data)
{
	if (!address) {
		irqdev_write_cfg(irqdev_cfg & ~IRQDEV_CFG_FSB);
		return;
	}
	writeq((address << 32) | data, irqdev_hpet + IRQDEV_ROUTE);
	irqdev_write_cfg((irqdev_cfg & ~IRQDEV_CFG_ROUTE_MASK) | IRQDEV_CFG_FSB);
}

/* An ordinary Linux line for the same comparator: a free IOAPIC input it
 * can route to, edge-triggered. Returns the Linux IRQ, or a negative errno. */
static inline int irqdev_route_ioapic(void)
{
	u32 cap = (u32)(readq(irqdev_hpet + IRQDEV_CFG) >> 32);
	int gsi, irq;

	for (gsi = 23; gsi >= 16; gsi--) {
		if (!(cap & (1u << gsi)))
			continue;
		irq = acpi_register_gsi(NULL, gsi, ACPI_EDGE_SENSITIVE, ACPI_ACTIVE_HIGH);
		if (irq < 0)
			continue;
		if (irq_has_action(irq)) {
			acpi_unregister_gsi(gsi);
			continue;
		}
		irqdev_gsi = gsi;
		irqdev_irq_nr = irq;
		irqdev_write_cfg((irqdev_cfg & ~(IRQDEV_CFG_ROUTE_MASK | IRQDEV_CFG_FSB)) |
				 ((u64)gsi << IRQDEV_CFG_ROUTE_SHIFT));
		return irq;
	}
	pr_err("bench_irq: no free IOAPIC input the HPET comparator can route to (route cap 0x%x)\n", cap);
	return -ENODEV;
}

static inline unsigned int irqdev_irq(void)
{
	return irqdev_irq_nr;
}

static inline int irqdev_init(void)
{
	struct acpi_table_header *hdr;
	struct acpi_table_hpet *table;
	u64 id, cfg;

	if (ACPI_FAILURE(acpi_get_table(ACPI_SIG_HPET, 0, &hdr)))
		return -ENODEV;
	table = (struct acpi_table_hpet *)hdr;
	irqdev_hpet = ioremap(table->address.address, 1024);
	acpi_put_table(hdr);
	if (!irqdev_hpet)
		return -ENOMEM;
	id = readq(irqdev_hpet);
	cfg = readq(irqdev_hpet + IRQDEV_CFG);
	if (((id >> 8) & 0x1f) < IRQDEV_CHANNEL + 1 || !(cfg & IRQDEV_CFG_FSB_CAP) ||
	    (cfg & (IRQDEV_CFG_ENABLE | IRQDEV_CFG_FSB))) {
		pr_err("bench_irq: HPET comparator %d is missing, busy or without FSB (QEMU: -global hpet.msi=on -global hpet.timers=5)\n",
		       IRQDEV_CHANNEL);
		iounmap(irqdev_hpet);
		irqdev_hpet = NULL;
		return -ENODEV;
	}
	irqdev_hpet_hz = div64_u64(1000000000000000ull, id >> 32);
	irqdev_tsc_hz = (u64)tsc_khz * 1000;
	/* 64-bit one-shot, edge, disabled */
	irqdev_write_cfg(cfg & ~(IRQDEV_CFG_PERIODIC | IRQDEV_CFG_32BIT | IRQDEV_CFG_ENABLE | 0x2));
	return 0;
}

static inline void irqdev_exit(void)
{
	if (!irqdev_hpet)
		return;
	irqdev_write_cfg(irqdev_cfg & ~(IRQDEV_CFG_ENABLE | IRQDEV_CFG_FSB | IRQDEV_CFG_ROUTE_MASK));
	if (irqdev_gsi >= 0)
		acpi_unregister_gsi(irqdev_gsi);
	iounmap(irqdev_hpet);
	irqdev_hpet = NULL;
}

static inline const char *irqdev_describe(void)
{
	return "HPET comparator 2";
}

#else
#error "bench_irq: arm64 or x86_64"
#endif

/* The raise schedule, the same for every system: one raise per period plus
 * a deterministic pseudo-random 0-99 us, so that the raises do not stay in
 * one phase of Linux's tick; never closer than 20 us ahead of 'now'. */
static u32 irqdev_lcg = 12345;

static inline u64 irqdev_next(u64 prev, u64 now, u64 period)
{
	u64 next;

	irqdev_lcg = irqdev_lcg * 1103515245u + 12345u;
	next = prev + period + irqdev_from_ns(((irqdev_lcg >> 16) % 100) * 1000);
	if ((s64)(next - now) < (s64)irqdev_from_ns(20000))
		next = now + irqdev_from_ns(20000);
	return next;
}

#endif /* BENCH_IRQ_DEV_H */
