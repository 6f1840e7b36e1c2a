/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arch/arm64/port_internal.h - what the files of the arm64 port share:
 * Linux's NMI API as port.c found it, and the switch after a device line's
 * handler (port.c's redirection, for irq.c).
 */
#ifndef TACTUS_ARM64_PORT_INTERNAL_H
#define TACTUS_ARM64_PORT_INTERNAL_H

#include <linux/interrupt.h>

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

/* NMI context, after a device line's handler: if 'need', switch as after a
 * timer NMI (redirect the NMI's return, or kick). */
void tx_arm64_switch_after_nmi(int need);

#endif /* TACTUS_ARM64_PORT_INTERNAL_H */
