// SPDX-License-Identifier: GPL-2.0
/*
 * arch/x86/halt.c - real-time tasks outlive Linux's halt (RTLinux's "type
 * halt" promise; the HPET's half is in hpet.c). Linux's halt ends in
 * stop_this_cpu(), which marks the CPU offline, and Linux's NMI entry then
 * drops every NMI of an offline CPU (exc_nmi): the co-kernel would stop. On
 * the CPU that halts (the one in machine_halt()), and only there, the call
 * is replaced by the same park without the offline mark: interrupts off,
 * hlt forever, NMIs still taken. The other CPUs, which the halting one
 * stopped before, went offline as Linux wants: their tasks stop with them
 * (docs/security.md says so).
 */
#include <linux/kprobes.h>
#include <linux/smp.h>

#include "port_internal.h"

static int halting_cpu = -1;

static int machine_halt_pre(struct kprobe *p, struct pt_regs *regs)
{
	WRITE_ONCE(halting_cpu, raw_smp_processor_id());
	return 0;
}
NOKPROBE_SYMBOL(machine_halt_pre);

/* What stop_this_cpu() would do, minus the offline mark. */
static void __noreturn park(void)
{
	for (;;)
		asm volatile("cli; hlt" ::: "memory");
}

static int stop_this_cpu_pre(struct kprobe *p, struct pt_regs *regs)
{
	if (READ_ONCE(halting_cpu) != raw_smp_processor_id())
		return 0;
	regs->ip = (unsigned long)park;
	return 1; /* ip changed: no single-step */
}
NOKPROBE_SYMBOL(stop_this_cpu_pre);

static struct kprobe probes[] = {
	{ .symbol_name = "machine_halt", .pre_handler = machine_halt_pre },
	{ .symbol_name = "stop_this_cpu", .pre_handler = stop_this_cpu_pre },
};
static struct kprobe *probe_list[] = { &probes[0], &probes[1] };
static bool probes_on;

/* Linux's register_kprobes: all of them or none. */
int tx_x86_halt_init(void)
{
	int err = register_kprobes(probe_list, ARRAY_SIZE(probe_list));

	if (err) {
		pr_warn("tactus: kprobes on machine_halt, stop_this_cpu: %d: real-time tasks stop when Linux halts\n", err);
		return err;
	}
	probes_on = true;
	return 0;
}

void tx_x86_halt_exit(void)
{
	if (probes_on)
		unregister_kprobes(probe_list, ARRAY_SIZE(probe_list));
	probes_on = false;
	WRITE_ONCE(halting_cpu, -1);
}
