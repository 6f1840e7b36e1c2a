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

/* lines_nmi.h, the NMI handler's first step (IF off): ask every line routed to
 * this CPU whether its device has an interrupt outstanding. With the
 * co-kernel unmasked, an unmasked line's handler runs at once (and the
 * co-kernel is masked from then on: the caller decides the switch and
 * unmasks); with it masked, the line is noted for tx_x86_lines_run() by
 * whoever unmasks. A masked line's occurrence is held for its unmask.
 * O(lines of this CPU): one pending() each, a device register read, and
 * the handlers. Returns TX_LINES_* bits; 0: no device of this CPU has one
 * outstanding. */
enum {
	TX_LINES_OURS = 1,     /* some device had an interrupt outstanding */
	TX_LINES_RAN = 2,      /* handlers ran: the co-kernel is masked now */
	TX_LINES_SWITCH = 4,   /* and they made this CPU's switch necessary */
	TX_LINES_DEFERRED = 8, /* due lines left for whoever unmasks */
};

/* irq.c, masked (whoever unmasks the co-kernel, or an NMI that came while
 * it was masked and was replayed): run the handlers of the lines that
 * tx_x86_lines_serve() left due; nonzero when this CPU must switch. */
int tx_x86_lines_run(void);

/* port.c: an NMI IPI to 'cpu' that polls its lines (an unmasked line with
 * an occurrence held, a line routed there). Any context. */
void tx_x86_device_nmi(unsigned int cpu);

#endif /* TACTUS_X86_PORT_INTERNAL_H */
