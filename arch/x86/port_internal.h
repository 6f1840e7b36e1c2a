/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arch/x86/port_internal.h - what port.c (the NMI handler) and irq.c (device
 * lines) give each other.
 */
#ifndef TACTUS_X86_PORT_INTERNAL_H
#define TACTUS_X86_PORT_INTERNAL_H

#include <linux/types.h>

/* irq.c, in the NMI handler (IF off): ask every line routed to this CPU
 * whether its device has an interrupt outstanding; the unmasked ones are
 * noted for tx_x86_lines_run(), the masked ones held for their unmask.
 * True when any was outstanding (the NMI is ours). O(lines of this CPU):
 * one pending() each, a device register read. */
bool tx_x86_lines_poll(void);

/* irq.c, masked (the NMI handler, or whoever unmasks the co-kernel): run
 * the handlers of the lines noted by tx_x86_lines_poll(); nonzero when this
 * CPU must switch. */
int tx_x86_lines_run(void);

/* port.c: an NMI IPI to 'cpu' that polls its lines (an unmasked line with
 * an occurrence held, a line routed there). Any context. */
void tx_x86_device_nmi(unsigned int cpu);

#endif /* TACTUS_X86_PORT_INTERNAL_H */
