// SPDX-License-Identifier: GPL-2.0
/*
 * arch/arm/irq.c - device lines (arch/port.h, "Device interrupt lines") on
 * the 32-bit ARM port: not served yet. On BCM2836 a device's interrupt
 * reaches a core through the BCM2835 controller's single FIQ selection
 * (one GPU interrupt source, routed to one core as "GPU FIQ"); serving it
 * is issue 18's next step (docs/arm-fiq-plan.md, "Next"). Until then every
 * claim is refused with one line that says so, and the HAL's
 * rt_request_irq() returns that error: no line is half served.
 */
#include <linux/errno.h>
#include <linux/printk.h>

#include <rtai.h>

#include "../../arch/port.h"

int tx_port_irq_line_claim(unsigned int irq, unsigned int slot, uint32_t *cpus, unsigned int *flags)
{
	pr_err("tactus: real-time device line %u refused: the arm port does not deliver device interrupts as FIQs yet (only its timer and IPI)\n",
	       irq);
	return -EOPNOTSUPP;
}

/* No line is ever claimed on this port (above), so the calls the contract
 * allows only on claimed lines have nothing to act on. */
void tx_port_irq_line_release(unsigned int irq, unsigned int slot) { }
void tx_port_irq_line_mask(unsigned int slot) { }
void tx_port_irq_line_unmask(unsigned int slot) { }

int tx_port_irq_line_route(unsigned int slot, uint32_t cpus)
{
	return -EINVAL;
}

int rt_request_pci_irq(struct pci_dev *dev, int (*handler)(unsigned int irq, void *cookie), void *cookie,
		       int retmode, int (*pending)(void *cookie))
{
	pr_err("tactus: rt_request_pci_irq: the arm port does not deliver device interrupts as FIQs yet\n");
	return -EOPNOTSUPP;
}

int rt_request_msi_irq(struct rt_msi_dev *dev, int (*handler)(unsigned int irq, void *cookie), void *cookie,
		       int retmode)
{
	pr_err("tactus: rt_request_msi_irq: the arm port does not deliver device interrupts as FIQs yet\n");
	return -EOPNOTSUPP;
}
