/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hal/linux/port_services.h - what the arch-independent half of
 * tactus_hal.ko (hal_module.c) gives a kernel port (the C of arch/<arch>/), on
 * top of hal/hal.h. The port's own side, the tx_arch_* hooks, is part of
 * the contract: arch/port.h.
 */
#ifndef TACTUS_PORT_SERVICES_H
#define TACTUS_PORT_SERVICES_H

#include "../hal.h"
#include "tactus_hal.h" /* struct tx_core_ops, struct tx_hal_stats */

/* The attached scheduler's entry points (the tx_core_* of hal/hal.h), or
 * NULL: the port calls the core through it. Read in NMI context. */
extern const struct tx_core_ops *tx_hal_core;

/* Queue the HAL's irq_work, which runs tx_core_linux_work() in Linux
 * context. From the port's NMI handler only, where Linux's NMI entry made
 * RCU watch (see tx_arch_linux_kick). Bound: O(1), lock-free. */
void tx_hal_raise_linux_work(void);

/* A symbol Linux does not export, through kallsyms (found with a kprobe);
 * 0 if absent. Linux context. Bound: not real-time. */
unsigned long tx_hal_lookup_symbol(const char *name);

/* The size of the function 'name' that starts at 'start' (kallsyms'
 * "name+0x0/0xSIZE"); 0 if 'start' is not the start of a function of that
 * name. For a static function that shares its name with others, look its
 * address up some other way and check it here. Linux context. */
unsigned long tx_hal_function_size(unsigned long start, const char *name);

/* Fault containment (hal/hal.h), for the port's exception hooks: what the
 * hook knows of a fault. */
struct pt_regs;
struct tx_hal_fault {
	const char *kind;            /* "page fault", "data abort", ... */
	int vec, signo;              /* RTAI's trap vector and signal (rtai_sched.h) */
	const struct pt_regs *regs;  /* at the fault: copied for the task's trap handler */
	unsigned long pc, sp;        /* instruction and stack pointer at the fault */
	unsigned long lr;            /* link register where the architecture has one, else 0 */
	unsigned long addr;          /* the data address, when has_addr */
	bool has_addr;
};

/* Exception context on the faulting CPU, the co-kernel unmasked at the
 * fault. When the attached scheduler claims it (sp lies in its running
 * task's stack), the report is written and the call returns the address the
 * exception must return to, with *resume_sp the stack pointer to return
 * with (the top of the task's stack, 16-byte aligned): code that runs as
 * the task and never returns. Else 0: Linux handles the fault. Bound: a
 * scan of at most 512 stack words for the report and a copy of the
 * registers (fault.c). */
unsigned long tx_hal_fault_claim(const struct tx_hal_fault *fault, unsigned long *resume_sp);

/* A port's fault hooks as kprobes (arm64, arm): register_kprobes, all of
 * them or none, with a line naming them when they cannot be placed; *on
 * says whether they are, and the second call takes them out if so. Module
 * load and unload. */
struct kprobe;
int tx_hal_fault_probes_on(struct kprobe **probes, unsigned int n, bool *on);
void tx_hal_fault_probes_off(struct kprobe **probes, unsigned int n, bool *on);

#endif /* TACTUS_PORT_SERVICES_H */
