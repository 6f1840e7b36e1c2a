// SPDX-License-Identifier: GPL-2.0
/*
 * tools/proto/arm-fiq/fiq_proto.c - issue 18, item 1: does a generic-timer
 * interrupt that Linux does not use, routed to FIQ by the BCM2836 local
 * interrupt controller, reach a module's handler on time while Linux has
 * its interrupts off? A prototype, not the port: no co-kernel, one periodic
 * timer per CPU and numbers.
 *
 * How: claim the FIQ, copy the handler (fiq_entry.S) into the vector page,
 * give every CPU's FIQ mode its record in r8 (__set_fiq_regs), route each
 * CPU's non-secure physical timer (CNTP; Linux runs on the virtual one in
 * non-secure SVC) to FIQ (bit 5 of the controller's 0x40 + 4*cpu) and run
 * it at 'period_us'. The handler measures how late it came (CNTPCT - CVAL)
 * and re-arms. Then a 20 ms local_irq_save() section on every CPU: FIQs
 * must keep coming inside it. At unload everything is put back (release_fiq
 * on a machine that never called init_FIQ writes zeros over the vector
 * stub and the FIQ registers: restored from copies taken before).
 */
#include <linux/delay.h>
#include <linux/io.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <asm/fiq.h>

static unsigned int period_us = 1000;
module_param(period_us, uint, 0444);

#define LOCAL_BASE 0x40000000
#define TIMER_INT_CONTROL(cpu) (0x40 + 4 * (cpu))
#define CNTPNS_FIQ_BIT (1u << 5)
#define MAX_CPUS 4

/* Read and written by fiq_entry.S at fixed offsets: keep the layout. */
struct fiq_record {
	u32 period, pad0;  /* +0: counts */
	u32 count, pad1;   /* +8: FIQs taken */
	u32 late_max, pad2; /* +16: counts */
	u32 late_sum, pad3; /* +24: counts */
};

struct fiq_cpu {
	struct fiq_record *rec;       /* kmalloc: the linear map, in every page table */
	unsigned long saved_regs[7];  /* r8-r12, sp, lr of FIQ mode before us */
};

static struct fiq_cpu cpus[MAX_CPUS];
static void __iomem *local_ctrl;
static struct fiq_handler owner = { .name = "tactus-fiq-proto" };
static u8 saved_stub[256];
static void *stub_at;

extern unsigned char fiq_proto_handler_start[], fiq_proto_handler_end[];

static inline u64 cntpct(void)
{
	u64 v;

	isb();
	asm volatile("mrrc p15, 0, %Q0, %R0, c14" : "=r"(v));
	return v;
}

static inline void cntp_set(u64 cval, u32 ctl)
{
	asm volatile("mcrr p15, 2, %Q0, %R0, c14" : : "r"(cval));
	asm volatile("mcr p15, 0, %0, c14, c2, 1" : : "r"(ctl));
	isb();
}

static inline unsigned int this_cpu_index(void)
{
	u32 mpidr;

	asm volatile("mrc p15, 0, %0, c0, c0, 5" : "=r"(mpidr));
	return mpidr & 3;
}

static void start_on_cpu(void *unused)
{
	unsigned int cpu = this_cpu_index();
	struct fiq_cpu *c = &cpus[cpu];
	unsigned long regs[7] = { (unsigned long)c->rec, 0, 0, 0, 0, 0, 0 };
	unsigned long flags;

	local_fiq_disable();
	__get_fiq_regs(c->saved_regs);
	__set_fiq_regs(regs);
	local_irq_save(flags);
	writel(readl(local_ctrl + TIMER_INT_CONTROL(cpu)) | CNTPNS_FIQ_BIT, local_ctrl + TIMER_INT_CONTROL(cpu));
	local_irq_restore(flags);
	cntp_set(cntpct() + c->rec->period, 1);
	local_fiq_enable();
}

static void stop_on_cpu(void *unused)
{
	unsigned int cpu = this_cpu_index();
	unsigned long flags;

	local_fiq_disable();
	cntp_set(0, 0);
	local_irq_save(flags);
	writel(readl(local_ctrl + TIMER_INT_CONTROL(cpu)) & ~CNTPNS_FIQ_BIT, local_ctrl + TIMER_INT_CONTROL(cpu));
	local_irq_restore(flags);
	__set_fiq_regs(cpus[cpu].saved_regs);
	local_fiq_enable();
}

/* Where the vector page's FIQ stub is: the FIQ vector (0xffff001c) is a
 * branch to it. */
static void *fiq_stub_address(void)
{
	u32 insn = *(u32 *)0xffff001c;
	s32 offset;

	if ((insn & 0x0f000000) != 0x0a000000) /* B */
		return NULL;
	offset = (s32)(insn << 8) >> 6; /* imm24 * 4, sign-extended */
	return (void *)(0xffff001c + 8 + offset);
}

static void irqs_off_section(void *arg)
{
	u64 *before = arg;
	unsigned long flags;
	unsigned int cpu = this_cpu_index();

	local_irq_save(flags);
	before[cpu] = READ_ONCE(cpus[cpu].rec->count);
	mdelay(20);
	before[cpu] = READ_ONCE(cpus[cpu].rec->count) - before[cpu];
	local_irq_restore(flags);
}

static int __init fiq_proto_init(void)
{
	unsigned int cpu, ncpus = num_online_cpus();
	u64 in_section[MAX_CPUS] = { 0 };
	size_t handler_bytes = fiq_proto_handler_end - fiq_proto_handler_start;
	u64 hz;
	int err;

	asm volatile("mrc p15, 0, %0, c14, c0, 0" : "=r"(hz));
	hz &= 0xffffffff;
	if (ncpus > MAX_CPUS || handler_bytes > sizeof(saved_stub))
		return -EINVAL;
	stub_at = fiq_stub_address();
	if (!stub_at) {
		pr_err("fiq_proto: the FIQ vector is not a branch\n");
		return -ENODEV;
	}
	local_ctrl = ioremap(LOCAL_BASE, 0x100);
	if (!local_ctrl)
		return -ENOMEM;
	for (cpu = 0; cpu < ncpus; cpu++) {
		cpus[cpu].rec = kzalloc(sizeof(struct fiq_record), GFP_KERNEL);
		if (!cpus[cpu].rec) {
			err = -ENOMEM;
			goto free;
		}
		cpus[cpu].rec->period = div_u64(hz * period_us, 1000000);
	}
	err = claim_fiq(&owner);
	if (err) {
		pr_err("fiq_proto: the FIQ is claimed already (%d)\n", err);
		goto free;
	}
	memcpy(saved_stub, stub_at, handler_bytes);
	set_fiq_handler(fiq_proto_handler_start, handler_bytes);
	on_each_cpu(start_on_cpu, NULL, 1);
	msleep(200);
	on_each_cpu(irqs_off_section, in_section, 1);
	for (cpu = 0; cpu < ncpus; cpu++) {
		struct fiq_record *r = cpus[cpu].rec;
		u64 avg = r->count ? r->late_sum / r->count : 0;

		pr_info("fiq_proto: cpu %u: %u FIQs, %llu inside its 20 ms irqs-off section, late avg %llu ns max %llu ns\n",
			cpu, r->count, in_section[cpu], div64_u64(avg * 1000000000ull, hz),
			div64_u64((u64)r->late_max * 1000000000ull, hz));
	}
	return 0;
free:
	for (cpu = 0; cpu < ncpus; cpu++)
		kfree(cpus[cpu].rec);
	iounmap(local_ctrl);
	return err;
}

static void __exit fiq_proto_exit(void)
{
	unsigned int cpu;

	on_each_cpu(stop_on_cpu, NULL, 1);
	release_fiq(&owner); /* zeros the stub and this CPU's FIQ registers (no init_FIQ here) */
	set_fiq_handler(saved_stub, fiq_proto_handler_end - fiq_proto_handler_start);
	on_each_cpu(stop_on_cpu, NULL, 1); /* this CPU's saved FIQ registers again */
	for (cpu = 0; cpu < num_possible_cpus() && cpu < MAX_CPUS; cpu++)
		kfree(cpus[cpu].rec);
	iounmap(local_ctrl);
	pr_info("fiq_proto: unloaded, FIQ vector and registers restored\n");
}

module_init(fiq_proto_init);
module_exit(fiq_proto_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Tactus issue 18 prototype: the CNTP timer as a FIQ on BCM2836");
