// SPDX-License-Identifier: GPL-2.0
/*
 * tools/proto/arm-fiq/fiq_proto.c - issue 18's prototype of the FIQ
 * mechanism on BCM2836 (docs/arm-fiq-plan.md). A prototype, not the port:
 * no co-kernel, one periodic timer per CPU, a cross-CPU FIQ, and numbers.
 *
 * entry=0 (item 1): does a generic-timer interrupt that Linux does not use,
 *   routed to FIQ by the BCM2836 local interrupt controller, reach a
 *   handler on time while Linux has its interrupts off? The whole handler
 *   lives in the vector page (fiq_vector_only in fiq_entry.S).
 * entry=1 (the port's entry): the vector-page stub points TTBR0 at
 *   swapper_pg_dir and calls C in module text (fiq_handler below), which
 *   uses module data, vmalloc memory and the ioremapped local controller,
 *   all of them faulted into a process's page table lazily by Linux and
 *   fatal to fault on in FIQ mode. It counts the FIQs whose interrupted
 *   table lacked the handler's mapping (each would have died without the
 *   switch). It also routes mailbox 1 to FIQ as the cross-CPU interrupt:
 *   every ipi_every-th timer FIQ sends one to the next CPU (itself with one
 *   CPU) with the counter value at the send, and the receiver measures it.
 * entry=2: as 1 without the TTBR0 switch (run.sh --negative: it must die).
 * entry=3 (the switch): as 1, and each timer FIQ that finds Linux running
 *   switches to this CPU's task (fiq_to_task in fiq_entry.S): Linux's whole
 *   context is saved, the task runs one job in SVC mode on its own stack
 *   (I set, F clear) and gives the CPU back (proto_task_to_linux), which
 *   restores Linux's context and returns from the FIQ.
 * entry=4 (a task's fault): as 3, with the task's exceptions sent to the
 *   module's own vectors while it runs (SCTLR.V cleared, VBAR =
 *   task_vectors); its job number fault_at_job reads fault_address: the
 *   data abort stops the task and Linux's context is restored.
 *
 * How: claim the FIQ, copy the chosen stub into the vector page, give every
 * CPU's FIQ mode its record, handler and stack (__set_fiq_regs: r8, r9,
 * sp), route each CPU's non-secure physical timer (CNTP; Linux runs on the
 * virtual one in non-secure SVC) to FIQ (bit 5 of the controller's 0x40 +
 * 4*cpu) and for entries 1-2 its mailbox 1 (bit 5 of 0x50 + 4*cpu), and run
 * the timer at 'period_us'. Then a 20 ms local_irq_save() section on every
 * CPU: FIQs must keep coming inside it. At unload everything is put back
 * (release_fiq on a machine that never called init_FIQ writes zeros over
 * the vector stub and the FIQ registers: restored from copies taken before).
 */
#include <linux/delay.h>
#include <linux/io.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/vmalloc.h>
#include <asm/fiq.h>

static unsigned int period_us = 1000;
module_param(period_us, uint, 0444);
static unsigned int entry = 1;
module_param(entry, uint, 0444);
static unsigned int ipi_every = 10;
module_param(ipi_every, uint, 0444);
static unsigned int fault_at_job = 100;
module_param(fault_at_job, uint, 0444);
static unsigned long fault_address = 0x10; /* a parameter: not a constant the compiler may fold */
module_param(fault_address, ulong, 0444);

#define LOCAL_BASE 0x40000000
#define TIMER_INT_CONTROL(cpu) (0x40 + 4 * (cpu))
#define MAILBOX_INT_CONTROL(cpu) (0x50 + 4 * (cpu))
#define FIQ_SOURCE(cpu) (0x70 + 4 * (cpu))
#define MAILBOX_SET(cpu, mb) (0x80 + 16 * (cpu) + 4 * (mb))
#define MAILBOX_CLEAR(cpu, mb) (0xc0 + 16 * (cpu) + 4 * (mb))
#define CNTPNS_FIQ_BIT (1u << 5)   /* in TIMER_INT_CONTROL */
#define MAILBOX1_FIQ_BIT (1u << 5) /* in MAILBOX_INT_CONTROL */
#define SOURCE_CNTPNS (1u << 1)
#define SOURCE_MAILBOX1 (1u << 5)
#define MAX_CPUS 4
#define FIQ_STACK_BYTES 1024
#define LATE_LOG_LEN 4096 /* per CPU, in vmalloc memory */

/* entry=0: read and written by fiq_vector_only at fixed offsets. */
struct fiq_record {
	u32 period, pad0;   /* +0: counts */
	u32 count, pad1;    /* +8: FIQs taken */
	u32 late_max, pad2; /* +16: counts */
	u32 late_sum, pad3; /* +24: counts */
};

/* entry=3: read and written by fiq_to_task, proto_task_to_linux and
 * fiq_switch_entry at fixed offsets: keep the layout. */
struct switch_area {
	u32 linux_regs[15];  /* +0: r0-r12, sp_usr, lr_usr */
	u32 linux_pc, linux_cpsr, linux_ttbr0;  /* +60, +64, +68 */
	u32 linux_sp_svc, linux_lr_svc, linux_spsr_svc; /* +72, +76, +80 */
	u32 task_regs[10];   /* +84: r4-r11, sp, lr */
	void *to_task;       /* +124: fiq_to_task */
	void *tail;          /* +128: fiq_switch_tail, in the vector page */
	u32 linux_sctlr;     /* +132 */
	u32 linux_lr_abt, linux_spsr_abt, linux_lr_und, linux_spsr_und; /* +136..+148 */
	u32 sctlr_clear;     /* +152: SCTLR bits cleared while the task runs */
	u32 fault_pc, fault_address, fault_status, fault_kind; /* +156..+168 */
};

/* entries 1-3: this CPU's state, in module .bss (a lazily faulted mapping). */
struct c_record {
	struct switch_area sw; /* first: fiq_entry.S gets the record's address */
	unsigned int cpu, ncpus;
	u64 period;
	u32 timers, late_max;
	u64 late_sum;
	u32 unmapped; /* FIQs whose interrupted page table lacked fiq_handler */
	u32 ipis_sent, ipis_received, ipi_late_max;
	u64 ipi_late_sum;
	u64 stamp[MAX_CPUS]; /* written by CPU i before it sets its bit in our mailbox 1 */
	/* entry=3 */
	bool in_task;
	u64 release;
	u32 releases, overruns, jobs, job_late_max;
	u64 job_late_sum;
	u32 stack_sum; /* the task's stack work, kept so that it is done */
};

struct fiq_cpu {
	struct fiq_record *rec;      /* kmalloc: the linear map, in every page table */
	void *stack;                 /* kmalloc: FIQ mode's stack */
	void *task_stack;            /* kmalloc: entry=3's task */
	u32 saved_vbar;
	unsigned long saved_regs[7]; /* r8-r12, sp, lr of FIQ mode before us */
};

static struct fiq_cpu cpus[MAX_CPUS];
static struct c_record crec[MAX_CPUS];
static bool ipis_on;
static u32 *late_log; /* vmalloc: written by the FIQ handler only to show it may touch such memory */
static void __iomem *local_ctrl;
static struct fiq_handler owner = { .name = "tactus-fiq-proto" };
static u8 saved_stub[256];
static void *stub_at;
static size_t stub_bytes;

extern unsigned char fiq_vector_only_start[], fiq_vector_only_end[];
extern unsigned char fiq_swapper_call_start[], fiq_swapper_call_end[];
extern unsigned char fiq_unswapped_call_start[], fiq_unswapped_call_end[];
extern unsigned char fiq_switch_entry_start[], fiq_switch_tail[], fiq_switch_entry_end[];
extern void fiq_to_task(void);
extern unsigned char task_vectors[];
struct c_record *task_fault_records[MAX_CPUS]; /* read by task_fault (fiq_entry.S) */
extern void proto_task_to_linux(u32 *task_regs, struct c_record *r);
#define TASK_STACK_BYTES 4096

static inline u64 cntpct(void)
{
	u64 v;

	isb();
	asm volatile("mrrc p15, 0, %Q0, %R0, c14" : "=r"(v));
	return v;
}

static inline u64 cntp_cval(void)
{
	u64 v;

	asm volatile("mrrc p15, 2, %Q0, %R0, c14" : "=r"(v));
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

/* FIQ mode, TTBR0 = swapper_pg_dir: whether the table the FIQ interrupted
 * maps the 1 MB section of this function (non-LPAE: 4096 first-level
 * entries of 4 bytes, in lowmem). */
static bool interrupted_table_maps_us(u32 ttbr0)
{
	const u32 *l1 = phys_to_virt(ttbr0 & ~0x3fffu);

	return l1[(unsigned long)&interrupted_table_maps_us >> 20] & 3;
}

static void send_mailbox1(struct c_record *from, unsigned int to)
{
	WRITE_ONCE(crec[to].stamp[from->cpu], cntpct());
	wmb(); /* the stamp before the mailbox bit */
	writel_relaxed(1u << from->cpu, local_ctrl + MAILBOX_SET(to, 1));
	from->ipis_sent++;
}

static void take_mailbox1(struct c_record *r, u64 now)
{
	u32 from = readl_relaxed(local_ctrl + MAILBOX_CLEAR(r->cpu, 1));

	writel_relaxed(from, local_ctrl + MAILBOX_CLEAR(r->cpu, 1));
	rmb(); /* the stamps after the bits */
	while (from) {
		unsigned int s = __ffs(from);
		u64 late = now - READ_ONCE(r->stamp[s]);

		from &= from - 1;
		r->ipis_received++;
		r->ipi_late_sum += late;
		if (late > r->ipi_late_max)
			r->ipi_late_max = late;
	}
}

/* Whether the task takes this release: Linux runs (not the task). */
static bool release_task(struct c_record *r, u64 due)
{
	if (entry < 3)
		return false;
	r->releases++;
	if (r->sw.fault_kind)
		return false; /* stopped by its fault */
	if (r->in_task) {
		r->overruns++;
		return false;
	}
	r->release = due;
	r->in_task = true;
	return true;
}

static bool take_timer(struct c_record *r, u64 now)
{
	u64 due = cntp_cval(), next = due + r->period;
	u64 late = now - due;

	late_log[r->cpu * LATE_LOG_LEN + r->timers % LATE_LOG_LEN] = late;
	r->timers++;
	r->late_sum += late;
	if (late > r->late_max)
		r->late_max = late;
	if (next <= cntpct())
		next = cntpct() + r->period; /* a missed period is skipped */
	cntp_set(next, 1);
	if (READ_ONCE(ipis_on) && r->timers % ipi_every == 0)
		send_mailbox1(r, (r->cpu + 1) % r->ncpus);
	return release_task(r, due);
}

/* FIQ mode, called by fiq_swapper_call, fiq_switch_entry (or
 * fiq_unswapped_call, ttbr0 0). Returns whether to switch to the task
 * (entry=3). Bounded: one mailbox word (at most MAX_CPUS senders) and one
 * timer. */
int fiq_handler(struct c_record *r, u32 interrupted_ttbr0);
int fiq_handler(struct c_record *r, u32 interrupted_ttbr0)
{
	u64 now = cntpct();
	u32 source = readl_relaxed(local_ctrl + FIQ_SOURCE(r->cpu));

	if (interrupted_ttbr0 && !interrupted_table_maps_us(interrupted_ttbr0))
		r->unmapped++;
	if (source & SOURCE_MAILBOX1)
		take_mailbox1(r, now);
	if (source & SOURCE_CNTPNS)
		return take_timer(r, now);
	return 0;
}

/* The task's job ended: back to Linux until the next release. SVC mode,
 * TTBR0 = swapper; returns at the next switch to the task. */
static void task_wait(struct c_record *r)
{
	local_fiq_disable(); /* the FIQ handler must not see in_task cleared before the switch */
	r->in_task = false;
	proto_task_to_linux(r->sw.task_regs, r);
}

/* The task: SVC mode, IRQs masked, FIQs open, its own stack; started by the
 * first switch. One job per release: its lateness, and some stack work. */
static void __noreturn task_main(void)
{
	struct c_record *r = &crec[this_cpu_index()];

	for (;;) {
		u64 late = cntpct() - r->release;
		volatile u32 work[32];
		unsigned int i;

		r->jobs++;
		if (entry == 4 && r->jobs == fault_at_job)
			READ_ONCE(*(u32 *)fault_address);
		r->job_late_sum += late;
		if (late > r->job_late_max)
			r->job_late_max = late;
		for (i = 0; i < ARRAY_SIZE(work); i++)
			work[i] = i * r->jobs;
		for (i = 0; i < ARRAY_SIZE(work); i++)
			r->stack_sum += work[i];
		task_wait(r);
	}
}

static void set_bit_in(unsigned int reg, u32 bit, bool on)
{
	unsigned long flags;

	local_irq_save(flags); /* Linux's irq-bcm2836 writes these read-modify-write with IRQs off */
	if (on)
		writel(readl(local_ctrl + reg) | bit, local_ctrl + reg);
	else
		writel(readl(local_ctrl + reg) & ~bit, local_ctrl + reg);
	local_irq_restore(flags);
}

static void start_on_cpu(void *unused)
{
	unsigned int cpu = this_cpu_index();
	struct fiq_cpu *c = &cpus[cpu];
	unsigned long regs[7] = { 0 };

	if (entry == 0) {
		regs[0] = (unsigned long)c->rec;
	} else {
		if (entry >= 3) {
			task_fault_records[cpu] = &crec[cpu];
			crec[cpu].sw.sctlr_clear = entry == 4 ? 1u << 13 : 0; /* V: vectors at VBAR */
			crec[cpu].sw.to_task = fiq_to_task;
			crec[cpu].sw.tail = (u8 *)stub_at + (fiq_switch_tail - fiq_switch_entry_start);
			crec[cpu].sw.task_regs[8] = (u32)c->task_stack + TASK_STACK_BYTES; /* sp */
			crec[cpu].sw.task_regs[9] = (u32)task_main;                         /* lr */
		}
		regs[0] = (unsigned long)&crec[cpu];
		regs[1] = (unsigned long)&fiq_handler;
		regs[5] = (unsigned long)c->stack + FIQ_STACK_BYTES; /* sp */
	}
	local_fiq_disable();
	asm volatile("mrc p15, 0, %0, c12, c0, 0" : "=r"(c->saved_vbar));
	if (entry == 4)
		asm volatile("mcr p15, 0, %0, c12, c0, 0\n isb" : : "r"(task_vectors));
	__get_fiq_regs(c->saved_regs);
	__set_fiq_regs(regs);
	set_bit_in(TIMER_INT_CONTROL(cpu), CNTPNS_FIQ_BIT, true);
	if (entry)
		set_bit_in(MAILBOX_INT_CONTROL(cpu), MAILBOX1_FIQ_BIT, true);
	cntp_set(cntpct() + (entry ? crec[cpu].period : c->rec->period), 1);
	local_fiq_enable();
}

static void stop_on_cpu(void *unused)
{
	unsigned int cpu = this_cpu_index();

	local_fiq_disable();
	cntp_set(0, 0);
	set_bit_in(TIMER_INT_CONTROL(cpu), CNTPNS_FIQ_BIT, false);
	set_bit_in(MAILBOX_INT_CONTROL(cpu), MAILBOX1_FIQ_BIT, false);
	writel(~0u, local_ctrl + MAILBOX_CLEAR(cpu, 1));
	asm volatile("mcr p15, 0, %0, c12, c0, 0\n isb" : : "r"(cpus[cpu].saved_vbar));
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

static u32 fiqs_taken(unsigned int cpu)
{
	if (entry >= 3)
		return READ_ONCE(crec[cpu].jobs);
	return entry == 0 ? READ_ONCE(cpus[cpu].rec->count) : READ_ONCE(crec[cpu].timers);
}

struct section_counts {
	u32 timers[MAX_CPUS], ipis[MAX_CPUS];
};

static void irqs_off_section(void *arg)
{
	struct section_counts *in = arg;
	unsigned long flags;
	unsigned int cpu = this_cpu_index();

	local_irq_save(flags);
	in->timers[cpu] = fiqs_taken(cpu);
	in->ipis[cpu] = READ_ONCE(crec[cpu].ipis_received);
	mdelay(20);
	in->timers[cpu] = fiqs_taken(cpu) - in->timers[cpu];
	in->ipis[cpu] = READ_ONCE(crec[cpu].ipis_received) - in->ipis[cpu];
	local_irq_restore(flags);
}

static u64 ns(u64 counts, u64 hz)
{
	return div64_u64(counts * 1000000000ull, hz);
}

static void report(unsigned int ncpus, const struct section_counts *in, u64 hz)
{
	unsigned int cpu;

	for (cpu = 0; cpu < ncpus; cpu++) {
		if (entry == 0) {
			struct fiq_record *r = cpus[cpu].rec;
			u64 avg = r->count ? r->late_sum / r->count : 0;

			pr_info("fiq_proto: entry vector-only: cpu %u: %u FIQs, %u inside its 20 ms irqs-off section, late avg %llu ns max %llu ns\n",
				cpu, r->count, in->timers[cpu], ns(avg, hz), ns(r->late_max, hz));
		} else if (entry == 4) {
			struct c_record *r = &crec[cpu];

			pr_info("fiq_proto: entry task-fault: cpu %u: %u releases, %u jobs, the task stopped by fault kind %u at %pS, address 0x%x, status 0x%x\n",
				cpu, r->releases, r->jobs, r->sw.fault_kind, (void *)r->sw.fault_pc,
				r->sw.fault_address, r->sw.fault_status);
		} else if (entry == 3) {
			struct c_record *r = &crec[cpu];
			u64 avg = r->jobs ? div64_u64(r->job_late_sum, r->jobs) : 0;

			pr_info("fiq_proto: entry task-switch: cpu %u: %u releases, %u jobs, %u inside its 20 ms irqs-off section, %u overruns, job late avg %llu ns max %llu ns\n",
				cpu, r->releases, r->jobs, in->timers[cpu], r->overruns, ns(avg, hz), ns(r->job_late_max, hz));
		} else {
			struct c_record *r = &crec[cpu];
			u64 avg = r->timers ? div64_u64(r->late_sum, r->timers) : 0;
			u64 ipi_avg = r->ipis_received ? div64_u64(r->ipi_late_sum, r->ipis_received) : 0;

			pr_info("fiq_proto: entry %s: cpu %u: %u FIQs, %u inside its 20 ms irqs-off section, late avg %llu ns max %llu ns; %u came over a table without the handler\n",
				entry == 1 ? "swapper-call" : "unswapped-call", cpu, r->timers, in->timers[cpu], ns(avg, hz), ns(r->late_max, hz), r->unmapped);
			pr_info("fiq_proto: mailbox-1 FIQs: cpu %u: sent %u, received %u (%u inside the section), latency avg %llu ns max %llu ns\n",
				cpu, r->ipis_sent, r->ipis_received, in->ipis[cpu], ns(ipi_avg, hz), ns(r->ipi_late_max, hz));
		}
	}
}

static void free_all(void)
{
	unsigned int cpu;

	for (cpu = 0; cpu < MAX_CPUS; cpu++) {
		kfree(cpus[cpu].rec);
		kfree(cpus[cpu].stack);
		kfree(cpus[cpu].task_stack);
	}
	vfree(late_log);
	if (local_ctrl)
		iounmap(local_ctrl);
}

static int __init fiq_proto_init(void)
{
	static const struct {
		unsigned char *start, *end;
	} stubs[] = {
		{ fiq_vector_only_start, fiq_vector_only_end },
		{ fiq_swapper_call_start, fiq_swapper_call_end },
		{ fiq_unswapped_call_start, fiq_unswapped_call_end },
		{ fiq_switch_entry_start, fiq_switch_entry_end },
		{ fiq_switch_entry_start, fiq_switch_entry_end },
	};
	unsigned int cpu, ncpus = num_online_cpus();
	struct section_counts in = { { 0 } };
	u64 hz, period;
	int err;

	BUILD_BUG_ON(offsetof(struct switch_area, task_regs) != 84);
	BUILD_BUG_ON(offsetof(struct switch_area, to_task) != 124);
	BUILD_BUG_ON(offsetof(struct switch_area, tail) != 128);
	BUILD_BUG_ON(offsetof(struct c_record, sw) != 0);
	BUILD_BUG_ON(offsetof(struct switch_area, linux_sctlr) != 132);
	BUILD_BUG_ON(offsetof(struct switch_area, sctlr_clear) != 152);
	BUILD_BUG_ON(offsetof(struct switch_area, fault_kind) != 168);
	asm volatile("mrc p15, 0, %0, c14, c0, 0" : "=r"(hz));
	hz &= 0xffffffff;
	if (ncpus > MAX_CPUS || entry >= ARRAY_SIZE(stubs) || !ipi_every)
		return -EINVAL;
	stub_bytes = stubs[entry].end - stubs[entry].start;
	if (stub_bytes > sizeof(saved_stub))
		return -EINVAL;
	stub_at = fiq_stub_address();
	if (!stub_at) {
		pr_err("fiq_proto: the FIQ vector is not a branch\n");
		return -ENODEV;
	}
	period = div_u64(hz * period_us, 1000000);
	local_ctrl = ioremap(LOCAL_BASE, 0x100);
	late_log = vzalloc(MAX_CPUS * LATE_LOG_LEN * sizeof(u32));
	err = -ENOMEM;
	if (!local_ctrl || !late_log)
		goto free;
	for (cpu = 0; cpu < ncpus; cpu++) {
		cpus[cpu].rec = kzalloc(sizeof(struct fiq_record), GFP_KERNEL);
		cpus[cpu].stack = kzalloc(FIQ_STACK_BYTES, GFP_KERNEL);
		cpus[cpu].task_stack = kzalloc(TASK_STACK_BYTES, GFP_KERNEL);
		if (!cpus[cpu].rec || !cpus[cpu].stack || !cpus[cpu].task_stack)
			goto free;
		cpus[cpu].rec->period = period;
		crec[cpu].cpu = cpu;
		crec[cpu].ncpus = ncpus;
		crec[cpu].period = period;
	}
	err = claim_fiq(&owner);
	if (err) {
		pr_err("fiq_proto: the FIQ is claimed already (%d)\n", err);
		goto free;
	}
	memcpy(saved_stub, stub_at, stub_bytes);
	set_fiq_handler(stubs[entry].start, stub_bytes);
	on_each_cpu(start_on_cpu, NULL, 1);
	WRITE_ONCE(ipis_on, true);
	msleep(200);
	on_each_cpu(irqs_off_section, &in, 1);
	WRITE_ONCE(ipis_on, false);
	msleep(20); /* the last mailbox FIQs land */
	report(ncpus, &in, hz);
	return 0;
free:
	free_all();
	return err;
}

static void __exit fiq_proto_exit(void)
{
	unsigned int cpu;

	on_each_cpu(stop_on_cpu, NULL, 1);
	for (cpu = 0; entry && cpu < num_online_cpus() && cpu < MAX_CPUS; cpu++)
		pr_info("fiq_proto: at unload (entry %u): cpu %u: %u timer FIQs, %u of them over a table without the handler; mailbox-1 FIQs sent %u, received %u; task releases %u, jobs %u, overruns %u\n",
			entry, cpu, crec[cpu].timers, crec[cpu].unmapped, crec[cpu].ipis_sent, crec[cpu].ipis_received,
			crec[cpu].releases, crec[cpu].jobs, crec[cpu].overruns);
	release_fiq(&owner); /* zeros the stub and this CPU's FIQ registers (no init_FIQ here) */
	set_fiq_handler(saved_stub, stub_bytes);
	on_each_cpu(stop_on_cpu, NULL, 1); /* this CPU's saved FIQ registers again */
	free_all();
	pr_info("fiq_proto: unloaded, FIQ vector and registers restored\n");
}

module_init(fiq_proto_init);
module_exit(fiq_proto_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Tactus issue 18 prototype: CNTP and mailbox 1 as FIQs on BCM2836, C handlers under swapper_pg_dir");
