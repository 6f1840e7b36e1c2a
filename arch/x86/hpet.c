// SPDX-License-Identifier: GPL-2.0
/*
 * arch/x86/hpet.c - an HPET comparator as the co-kernel's NMI timer: one
 * that Linux leaves free, 64-bit one-shot, its MSI (FSB) message carrying
 * delivery mode NMI to the APIC of the CPU whose deadline is earliest.
 *
 * One comparator serves every CPU: aim() points it at the earliest deadline
 * (O(CPUs)); a deadline already due becomes an NMI IPI. Deadlines are TSC
 * values, converted with a (TSC, HPET) pair read at every aim, rounded up so
 * the NMI never comes early; a deadline more than HORIZON away gets an
 * intermediate NMI at HORIZON, which bounds the error of the conversion by
 * the two oscillators' drift over HORIZON (50 ppm: 0.5 us).
 */
#include <linux/acpi.h>
#include <linux/fs.h>
#include <linux/io.h>
#include <linux/kernel.h>
#include <linux/kprobes.h>
#include <linux/math64.h>
#include <asm/apic.h>
#include <asm/nmi.h>
#include <asm/tsc.h>

#include "../../arch/port.h"
#include "timer_source.h"

#define HPET_ID			0x000
#define HPET_CFG		0x010
#define HPET_CFG_ENABLE		0x001
#define HPET_COUNTER		0x0f0
#define HPET_Tn_CFG(n)		(0x100 + 0x20 * (n))
#define HPET_Tn_CMP(n)		(0x108 + 0x20 * (n))
#define HPET_Tn_ROUTE(n)	(0x110 + 0x20 * (n))
#define HPET_TN_ENABLE		0x004
#define HPET_TN_PERIODIC	0x008
#define HPET_TN_64BIT_CAP	0x020
#define HPET_TN_32BIT		0x100
#define HPET_TN_FSB		0x4000
#define HPET_TN_FSB_CAP		0x8000
#define MSI_DATA_NMI		0x400 /* delivery mode 100b: NMI */
#define MAX_HELD		32

static void __iomem *hpet;
static unsigned int channel;
static u64 hpet_hz;
static u64 hpet_per_tsc;  /* 32.32 fixed point */
static u64 tsc_ref, hpet_ref; /* the last (TSC, HPET) pair read together */
static u64 cfg;           /* the comparator's CFG as we last wrote it */
static int route_cpu = -1; /* where its MSI goes now */
static int armed_cpu = -1; /* the CPU the comparator will interrupt, or -1 */
static u64 armed_tsc;     /* ... at this TSC time (rounded down) */
static u64 armed_cmp;     /* ... with this comparator value */
static u64 horizon_tsc, min_delta_tsc;
static struct file *held[MAX_HELD];
static char description[120];
static bool stopped; /* hpet_stop(): the NMI side leaves the HPET alone */

static inline u64 tsc_to_hpet_ceil(u64 tsc)
{
	s64 delta = (s64)(tsc - tsc_ref);

	return hpet_ref + (s64)(((__int128)delta * hpet_per_tsc + 0xffffffff) >> 32);
}

static void set_cfg(u64 value)
{
	if (value != cfg) {
		cfg = value;
		writeq(cfg, hpet + HPET_Tn_CFG(channel));
	}
}

/* The earliest deadline of all CPUs and its CPU, or -1. O(nr_cpu_ids):
 * offline CPUs keep U64_MAX. */
static int earliest(u64 *when)
{
	int cpu, best = -1;

	*when = U64_MAX;
	for (cpu = 0; cpu < nr_cpu_ids; cpu++) {
		u64 d = per_cpu(tx_x86_wake, cpu);

		if (d < *when) {
			*when = d;
			best = cpu;
		}
	}
	return best;
}

/* Point the comparator at the earliest wake; true when it is armed (or
 * nothing is due), false when the write landed in the past. Bounded: the
 * loop clears a wake per pass (at most two per CPU). */
static bool aim_once(void)
{
	u64 when, now, cmp;
	int cpu;

	for (;;) {
		cpu = earliest(&when);
		if (cpu < 0) {
			armed_cpu = -1;
			set_cfg(cfg & ~HPET_TN_ENABLE);
			return true;
		}
		now = rdtsc();
		if ((s64)(when - now) > (s64)min_delta_tsc)
			break;
		tx_x86_expire(cpu); /* due: no comparator round trip */
	}
	if (when - now > horizon_tsc)
		when = now + horizon_tsc; /* an intermediate NMI, see the top */
	cmp = tsc_to_hpet_ceil(when);
	if (cpu != route_cpu) {
		route_cpu = cpu;
		writeq(((u64)(0xfee00000u | (per_cpu(x86_cpu_to_apicid, cpu) << 12)) << 32) |
			       MSI_DATA_NMI | NMI_VECTOR,
		       hpet + HPET_Tn_ROUTE(channel));
	}
	armed_cpu = cpu;
	armed_tsc = when;
	armed_cmp = cmp;
	writeq(cmp, hpet + HPET_Tn_CMP(channel));
	set_cfg(cfg | HPET_TN_ENABLE);
	/* A one-shot comparator fires on a match: one the counter already
	 * passed would wait for a wrap. Check after the write; the reading
	 * is also the next conversion's reference. */
	tsc_ref = rdtsc();
	hpet_ref = readq(hpet + HPET_COUNTER);
	if ((s64)(hpet_ref - cmp) < 0)
		return true;
	/* Some HPETs (QEMU's) still send the MSI of a comparator set in the
	 * past; others wait for a wrap. Either way it is not mine. */
	armed_cpu = -1;
	tx_x86_expect_stray(cpu);
	if (per_cpu(tx_x86_wake, cpu) <= when)
		tx_x86_expire_due(cpu); /* due by the HPET, whatever the TSC says */
	return false;
}

#define AIM_PASSES 4

static void hpet_aim(void)
{
	u64 when;
	int pass, cpu;

	if (unlikely(READ_ONCE(stopped)))
		return;
	/* Replacing an armed comparator: stop it, then ask the counter
	 * whether its match came first. If it did, its MSI is on the way to
	 * armed_cpu and, once re-aimed, will not look like mine. Asking the
	 * clock before the stop would leave a window (a virtual CPU can stall
	 * between any two steps, and TCG's HPET fires from another thread);
	 * the read after the write leaves none: it cannot pass the write. */
	if (armed_cpu >= 0) {
		set_cfg(cfg & ~HPET_TN_ENABLE);
		if ((s64)(readq(hpet + HPET_COUNTER) - armed_cmp) >= 0)
			tx_x86_expect_stray(armed_cpu);
		armed_cpu = -1;
	}
	for (pass = 0; pass < AIM_PASSES; pass++)
		if (aim_once())
			return;
	/* Every write landed in the past (this CPU keeps being stalled, as a
	 * virtual CPU can be): the earliest CPU's NMI re-aims. */
	cpu = earliest(&when);
	if (cpu >= 0)
		tx_x86_expire_due(cpu);
}

/* Ours if this CPU is the one aimed at and its time has come. The
 * conversion rounds up, so the MSI comes early only by the oscillators'
 * drift since the last aim; min_delta_tsc covers 50 ppm over HORIZON, and
 * where the TSC says "not yet" the counter is asked (a virtual CPU's
 * calibrated TSC rate can be off by far more): an unclaimed match would
 * leave the comparator in the past, and the timer silent. */
static bool hpet_nmi_is_mine(u64 now)
{
	if (unlikely(READ_ONCE(stopped)) || armed_cpu != (int)raw_smp_processor_id())
		return false;
	if ((s64)(now + min_delta_tsc - armed_tsc) < 0 &&
	    (s64)(readq(hpet + HPET_COUNTER) - armed_cmp) < 0)
		return false;
	armed_cpu = -1;
	return true;
}

/* /dev/hpet hands its users the free comparators; hold them all open while
 * we are loaded, so that no program gets ours. */
static int hold_dev_hpet(void)
{
	int n;

	for (n = 0; n < MAX_HELD; n++) {
		struct file *f = filp_open("/dev/hpet", O_RDONLY, 0);

		if (IS_ERR(f))
			break;
		held[n] = f;
	}
	return n;
}

static void release_dev_hpet(void)
{
	int n;

	for (n = 0; n < MAX_HELD && held[n]; n++) {
		filp_close(held[n], NULL);
		held[n] = NULL;
	}
}

/* ---- Linux's halt: the comparator put back ------------------------------- */

/*
 * machine_shutdown() (halt, poweroff, kexec) ends in hpet_disable(), which
 * gives every comparator its boot configuration and stops the main counter
 * unless firmware had started it: the co-kernel's NMIs would stop with it,
 * and with them every real-time task (RTLinux's "type halt" promise). After
 * it returns, the counter runs again and the comparator gets its own
 * configuration back. Its route and its comparator value were not touched;
 * the counter stood still meanwhile, so an armed match still lies ahead.
 * Only for a halt: a kexec (or a crash kernel's) must find the HPET as
 * Linux left it, not sending NMIs to a kernel that knows nothing of them.
 * Co-kernel masked, so that no aim() interleaves.
 */
static int hpet_disable_ret(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	unsigned long flags;

	if (!hpet || READ_ONCE(stopped) || system_state != SYSTEM_HALT)
		return 0;
	flags = tx_port_irq_save();
	writeq(cfg, hpet + HPET_Tn_CFG(channel));
	writel(readl(hpet + HPET_CFG) | HPET_CFG_ENABLE, hpet + HPET_CFG);
	tx_port_irq_restore(flags);
	return 0;
}
NOKPROBE_SYMBOL(hpet_disable_ret);

static struct kretprobe hpet_disable_probe = {
	.kp.symbol_name = "hpet_disable",
	.handler = hpet_disable_ret,
	.maxactive = 4,
};
static bool probe_on;

static int hpet_claim(void)
{
	struct acpi_table_header *hdr;
	struct acpi_table_hpet *table;
	u64 id, period_fs, c;
	int n, last, busy = 0, held_count;

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
		goto fail;
	}
	hpet_hz = div64_u64(1000000000000000ull, period_fs);
	/* The comparators /dev/hpet may give programs are taken first, so a
	 * program's comparator shows as enabled or routed; Linux keeps 0, 1. */
	held_count = hold_dev_hpet();
	for (n = last; n >= 2; n--) {
		c = readq(hpet + HPET_Tn_CFG(n));
		if (!(c & HPET_TN_FSB_CAP) || !(c & HPET_TN_64BIT_CAP))
			continue;
		if (c & (HPET_TN_ENABLE | HPET_TN_FSB)) {
			busy++;
			continue;
		}
		channel = n;
		goto found;
	}
	release_dev_hpet();
	if (busy)
		pr_err("tactus: every HPET comparator with MSI (FSB) delivery is in use\n");
	else
		pr_err("tactus: no HPET comparator with MSI (FSB) delivery (QEMU: -global hpet.msi=on)\n");
fail:
	iounmap(hpet);
	hpet = NULL;
	return -ENODEV;
found:
	if (held_count)
		pr_info("tactus: holding %d free /dev/hpet comparator(s) while loaded, so that no program takes comparator %u\n",
			held_count, channel);
	hpet_per_tsc = div64_u64(hpet_hz << 32, tx_x86_tsc_hz);
	horizon_tsc = div_u64(tx_x86_tsc_hz, 100);            /* 10 ms */
	min_delta_tsc = div_u64(tx_x86_tsc_hz, 2000000);      /* 0.5 us */
	/* 64-bit one-shot, edge, MSI delivery; disabled until aimed. */
	cfg = (c & ~(HPET_TN_PERIODIC | HPET_TN_32BIT | HPET_TN_ENABLE)) | HPET_TN_FSB;
	writeq(cfg, hpet + HPET_Tn_CFG(channel));
	route_cpu = armed_cpu = -1;
	WRITE_ONCE(stopped, false);
	tsc_ref = rdtsc();
	hpet_ref = readq(hpet + HPET_COUNTER);
	snprintf(description, sizeof(description), "HPET comparator %u (MSI as NMI, %llu Hz)", channel, hpet_hz);
	/* Without it the co-kernel still works; only a halt stops it. */
	probe_on = register_kretprobe(&hpet_disable_probe) == 0;
	if (!probe_on)
		pr_warn("tactus: no kretprobe on hpet_disable: real-time tasks stop when Linux halts\n");
	return 0;
}

/* Serialised with aim() by the caller (the timer lock): an aim in flight on
 * another CPU has passed its check and finishes first. */
static void hpet_stop(void)
{
	WRITE_ONCE(stopped, true);
	writeq(cfg & ~(HPET_TN_ENABLE | HPET_TN_FSB), hpet + HPET_Tn_CFG(channel));
	armed_cpu = -1;
}

/* The comparator is given back disabled and unrouted whichever way we got
 * here (unload stops it first; a failed load does not): left with its FSB
 * bit, the next load would find it "in use". */
static void hpet_release(void)
{
	if (probe_on)
		unregister_kretprobe(&hpet_disable_probe);
	probe_on = false;
	writeq(cfg & ~(HPET_TN_ENABLE | HPET_TN_FSB), hpet + HPET_Tn_CFG(channel));
	iounmap(hpet);
	hpet = NULL;
	release_dev_hpet();
}

static const char *hpet_describe(void)
{
	return description;
}

const struct tx_x86_timer_source tx_x86_hpet_source = {
	.name = "hpet",
	.claim = hpet_claim,
	.stop = hpet_stop,
	.release = hpet_release,
	.aim = hpet_aim,
	.nmi_is_mine = hpet_nmi_is_mine,
	.describe = hpet_describe,
};
