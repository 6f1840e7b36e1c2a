/* SPDX-License-Identifier: GPL-2.0 */
/*
 * examples/irq_timestamp/edu.h - QEMU's "edu" PCI test device
 * (hw/misc/edu.c, `-device edu`) as a real-time interrupt source: a write to
 * its raise register raises its interrupt at once (MSI when its MSI
 * capability is enabled, else INTx), and the interrupt stays outstanding
 * until the raised bits are acknowledged. Registers of BAR 0, 32-bit
 * accesses only.
 */
#ifndef EXAMPLES_EDU_H
#define EXAMPLES_EDU_H

#define EDU_VENDOR_ID 0x1234
#define EDU_DEVICE_ID 0x11e8

#define EDU_REG_IDENT      0x00 /* 0x010000ed (version 1.0) */
#define EDU_REG_IRQ_STATUS 0x24 /* raised bits not yet acknowledged */
#define EDU_REG_IRQ_RAISE  0x60 /* write: raise these bits, and the interrupt */
#define EDU_REG_IRQ_ACK    0x64 /* write: acknowledge these bits (INTx drops at 0) */

#define EDU_IDENT_MASK 0xff
#define EDU_IDENT_ED   0xed

#include <linux/err.h>
#include <linux/pci.h>

/* A driver's probe: enable the device and map BAR 0; the registers, or an
 * ERR_PTR. edu_close() undoes it. Linux context. */
static inline void __iomem *edu_open(struct pci_dev *pdev)
{
	void __iomem *bar;
	int err = pci_enable_device(pdev);

	if (err)
		return ERR_PTR(err);
	bar = pci_iomap(pdev, 0, 0);
	if (bar && (readl(bar + EDU_REG_IDENT) & EDU_IDENT_MASK) == EDU_IDENT_ED)
		return bar;
	if (bar)
		pci_iounmap(pdev, bar);
	pci_disable_device(pdev);
	return ERR_PTR(bar ? -ENODEV : -ENOMEM);
}

static inline void edu_close(struct pci_dev *pdev, void __iomem *bar)
{
	pci_iounmap(pdev, bar);
	pci_disable_device(pdev);
}

#endif /* EXAMPLES_EDU_H */
