/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arch/x86/lines_nmi.h - the device lines as the NMI handler sees them:
 * irq.c hands lines out and routes them, nmi.c's NMI handler serves them.
 * Inline, so that the handler of a device is one call away from the NMI
 * handler's first instruction (each call through Linux's return thunks
 * and retpolines sat between the interrupt and the handler's).
 */
#ifndef TACTUS_X86_LINES_NMI_H
#define TACTUS_X86_LINES_NMI_H

#include <linux/compiler.h>
#include <linux/find.h>
#include <linux/percpu.h>
#include <linux/smp.h>

#include <asm/rtai_hal.h> /* struct rt_msi_dev */

#include "../../hal/hal.h" /* tx_hal_irq_dispatch */
#include "port_internal.h"

/* A device line: handed out by rt_request_pci_irq / rt_request_msi_irq,
 * claimed by the core (slot) for as long as it has a real-time handler. */
struct x86_line {
	bool used;
	int slot;                 /* the core's slot once claimed, else NO_SLOT */
	struct rt_msi_dev *dev;   /* the device: message and pending() */
	unsigned int cpu;         /* where the message goes */
	bool masked;              /* software mask */
	bool held;                /* an occurrence came while masked */
	bool in_service;          /* its handler runs (tx_x86_lines_run) */
	bool recheck;             /* an NMI found it pending meanwhile */
	/* PCI devices (rt_request_pci_irq): Tactus's own rt_msi_dev */
	struct rt_msi_dev pci_ops;
	struct pci_dev *pdev;
	int msi_cap;
	int (*pci_pending)(void *cookie);
	void *pci_cookie;
};

/* By the core's slot: the line it holds, NULL while free or released. */
extern struct x86_line *tx_x86_by_slot[TX_MAX_IRQ_LINES];
DECLARE_PER_CPU(unsigned long, tx_x86_lines_due);  /* slots found due while the co-kernel was masked */
DECLARE_PER_CPU(unsigned long, tx_x86_lines_here); /* slots of the lines routed to this CPU */

/*
 * Run one line's handler. An NMI can come while it runs when the co-kernel
 * drains what came while it was masked (unmask_draining, in a task or in
 * Linux): it finds the device still pending until the handler acknowledges
 * it, and must not run the handler a second time for that occurrence. So
 * the line is "in service" meanwhile, and afterwards the device is asked
 * again only if such an NMI came: still pending now, after the handler's
 * acknowledgement, is a new occurrence. Bounded: RERUNS rounds, then the
 * rest is left to the line's next NMI.
 */
#define RERUNS 4

static __always_inline int run_line(struct x86_line *l, unsigned int s)
{
	int need = 0, round;

	for (round = 0; round < RERUNS; round++) {
		WRITE_ONCE(l->in_service, true);
		barrier();
		need |= tx_hal_irq_dispatch(s);
		barrier();
		WRITE_ONCE(l->in_service, false);
		if (!xchg(&l->recheck, false) || READ_ONCE(l->masked) || !l->dev->pending(l->dev))
			break;
	}
	return need;
}

enum {
	TX_LINES_OURS = 1,     /* some device had an interrupt outstanding */
	TX_LINES_RAN = 2,      /* handlers ran: the co-kernel is masked now */
	TX_LINES_SWITCH = 4,   /* and they made this CPU's switch necessary */
	TX_LINES_DEFERRED = 8, /* due lines left for whoever unmasks */
};

/* The NMI handler's first step (nmi.c, IF off): ask every line routed to
 * this CPU whether its device has an interrupt outstanding. With the
 * co-kernel unmasked, an unmasked line's handler runs at once (and the
 * co-kernel is masked from then on: the caller decides the switch and
 * unmasks); with it masked, the line is noted for tx_x86_lines_run() by
 * whoever unmasks. A masked line's occurrence is held for its unmask.
 * O(lines of this CPU): one pending() each, a device register read, and
 * the handlers, each at most RERUNS rounds. Returns TX_LINES_* bits; 0: no device of this CPU has one
 * outstanding. */
static __always_inline unsigned int tx_x86_lines_serve(void)
{
	unsigned long here = this_cpu_read(tx_x86_lines_here);
	unsigned int cpu = raw_smp_processor_id(), out = 0;
	bool run_now = !__this_cpu_read(tx_x86_masked);
	int s;

	for_each_set_bit(s, &here, TX_MAX_IRQ_LINES) {
		struct x86_line *l = READ_ONCE(tx_x86_by_slot[s]);

		if (!l || !l->dev->pending(l->dev))
			continue;
		out |= TX_LINES_OURS;
		if (READ_ONCE(l->cpu) != cpu)
			continue; /* moving here (route): served where it lives until it has moved */
		if (READ_ONCE(l->in_service)) {
			WRITE_ONCE(l->recheck, true); /* the one in service, or a new one: see run_line */
		} else if (READ_ONCE(l->masked)) {
			WRITE_ONCE(l->held, true);
		} else if (run_now) {
			__this_cpu_write(tx_x86_masked, 1);
			out |= TX_LINES_RAN;
			if (run_line(l, s))
				out |= TX_LINES_SWITCH;
		} else {
			this_cpu_or(tx_x86_lines_due, 1ul << s);
			out |= TX_LINES_DEFERRED;
		}
	}
	return out;
}

#endif /* TACTUS_X86_LINES_NMI_H */
