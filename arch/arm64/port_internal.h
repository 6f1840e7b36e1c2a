/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arch/arm64/port_internal.h - what the files of the arm64 port share:
 * Linux's NMI API as port.c found it, the switch after a device line's
 * handler (port.c's redirection, for irq.c), and what the fast paths
 * (port_inline.h) read.
 */
#ifndef TACTUS_ARM64_PORT_INTERNAL_H
#define TACTUS_ARM64_PORT_INTERNAL_H

#include <linux/interrupt.h>
#include <linux/percpu.h>

/* Exported by our kernel patch (arch/arm64/kernel/export-nmi-api.patch) or
 * found through kallsyms; all set once tx_arch_init() succeeded. */
struct tx_arm64_nmi_api {
	int (*request)(unsigned int irq, irq_handler_t handler, const char *name, void __percpu *dev_id);
	int (*prepare)(unsigned int irq);
	void (*teardown)(unsigned int irq);
	void (*free)(unsigned int irq, void __percpu *dev_id);
	int (*request_line)(unsigned int irq, irq_handler_t handler, unsigned long flags, const char *name,
			    void *dev_id);                       /* request_nmi */
	const void *(*free_line)(unsigned int irq, void *dev_id); /* free_nmi */
	const char *path; /* "exported" or "kallsyms lookup" */
};
extern struct tx_arm64_nmi_api tx_arm64_nmi;

/* Where gic_handle_irq()'s frame record lay last time, seen from the
 * handler of one call site (port.c, switch_at_irq_return): zeroed, none
 * yet. Each line keeps its own, its NMI flow handler being fixed. */
struct tx_arm64_irq_return_hint {
	unsigned long distance, lr;
};

/* NMI context, after a device line's handler: if 'need', switch as after a
 * timer NMI (redirect the NMI's return, switch at gic_handle_irq's return,
 * or kick); 'hint' is the line's. */
void tx_arm64_switch_after_nmi(int need, struct tx_arm64_irq_return_hint *hint);

/* port.c, set once at load, read by the fast paths (port_inline.h): which
 * EL1 timer is the co-kernel's (0 CNTP, 1 CNTV, 2 CNTP via _EL02 under
 * VHE), whether the time base is CNTVCT, whether the per-CPU offset is in
 * TPIDR_EL2 (VHE); and each CPU's index for tx_port_cpu(). */
extern unsigned char tx_arm64_timer_kind;
extern unsigned char tx_arm64_counter_virtual;
extern unsigned char tx_arm64_percpu_el2;
DECLARE_PER_CPU(unsigned int, tx_arm64_cpu_index);

#endif /* TACTUS_ARM64_PORT_INTERNAL_H */
