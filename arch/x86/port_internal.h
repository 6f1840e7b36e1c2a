/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arch/x86/port_internal.h - what port.c (the NMI handler) and irq.c (device
 * lines) give each other.
 */
#ifndef TACTUS_X86_PORT_INTERNAL_H
#define TACTUS_X86_PORT_INTERNAL_H

#include <linux/percpu.h>
#include <linux/types.h>

DECLARE_PER_CPU(unsigned long, tx_x86_masked); /* port.c: co-kernel masking */

/* irq.c, masked (whoever unmasks the co-kernel, or an NMI that came while
 * it was masked and was replayed): run the handlers of the lines that
 * tx_x86_lines_serve() left due; nonzero when this CPU must switch. */
int tx_x86_lines_run(void);

/* port.c: an NMI IPI to 'cpu' that polls its lines (an unmasked line with
 * an occurrence held, a line routed there). Any context. */
void tx_x86_device_nmi(unsigned int cpu);

#endif /* TACTUS_X86_PORT_INTERNAL_H */
