// SPDX-License-Identifier: GPL-2.0
/*
 * arch/x86/irq.c - device lines (arch/port.h, "Device interrupt lines") on
 * x86_64 without a kernel patch: a device whose MSI message Tactus writes
 * itself, with delivery mode NMI to one CPU's APIC. Linux's irq domains
 * cannot compose such a message, and its IOAPIC is not ours to reprogram,
 * so a line here is a device claimed with rt_request_pci_irq() (Tactus
 * writes the PCI MSI capability) or rt_request_msi_irq() (the driver writes
 * its own message), numbered from RT_IRQ_TACTUS_BASE. An NMI carries no
 * vector: the NMI handler (nmi.c) asks each line of its CPU whether its
 * device has an interrupt outstanding (the driver's pending()). Masking is
 * in software: an occurrence that comes while a line is masked is held and
 * delivered at unmask, through an NMI IPI to the line's CPU.
 */
#include <linux/cpumask.h>
#include <linux/irq.h>
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/percpu.h>
#include <asm/apic.h>
#include <asm/nmi.h>

#include <rtai.h>

#include "../../arch/port.h"
#include "../../hal/linux/port_services.h"
#include "lines_nmi.h"
#include "port_internal.h"
#include "timer_source.h" /* tx_x86_expect_stray */

#define MSI_ADDRESS_BASE 0xfee00000u
#define MSI_DATA_NMI 0x400 /* delivery mode 100b: NMI; edge */
#define NO_SLOT (-1)

static struct x86_line xlines[TX_MAX_IRQ_LINES]; /* by number - RT_IRQ_TACTUS_BASE */
struct x86_line *tx_x86_by_slot[TX_MAX_IRQ_LINES];
static DEFINE_MUTEX(numbers_mutex); /* handing numbers out and back */
DEFINE_PER_CPU(unsigned long, tx_x86_lines_due);
DEFINE_PER_CPU(unsigned long, tx_x86_lines_here);

static struct x86_line *line_of_number(unsigned int irq)
{
	unsigned int i = irq - RT_IRQ_TACTUS_BASE;

	return irq >= RT_IRQ_TACTUS_BASE && i < TX_MAX_IRQ_LINES && xlines[i].used ? &xlines[i] : NULL;
}

static unsigned int number_of(const struct x86_line *l)
{
	return RT_IRQ_TACTUS_BASE + (unsigned int)(l - xlines);
}

static int apicid_of(unsigned int cpu)
{
	return per_cpu(x86_cpu_to_apicid, cpu);
}

/* Linux process context: point the device's message at 'cpu' (its APIC
 * takes 8-bit destinations in this format: refused above 255 at claim). */
static void aim(struct x86_line *l, unsigned int cpu)
{
	l->dev->write_msg(l->dev, MSI_ADDRESS_BASE | ((u64)apicid_of(cpu) << 12), MSI_DATA_NMI | NMI_VECTOR);
}

static int first_online(u32 cpus)
{
	unsigned long bits = cpus;
	unsigned int cpu;

	for_each_set_bit(cpu, &bits, TX_MAX_CPUS)
		if (cpu_online(cpu))
			return cpu;
	return -1;
}

/* ---- NMI side (nmi.c's handler, this CPU, IF off) ----------------------- */

int tx_x86_lines_run(void)
{
	unsigned long due = this_cpu_xchg(tx_x86_lines_due, 0);
	int need = 0, s;

	for_each_set_bit(s, &due, TX_MAX_IRQ_LINES) {
		struct x86_line *l = READ_ONCE(tx_x86_by_slot[s]);

		/* NULL: being released, and the core keeps it quiet */
		need |= l ? run_line(l, s) : tx_hal_irq_dispatch(s);
	}
	return need;
}

/* ---- arch/port.h ------------------------------------------------------------ */

int tx_port_irq_line_claim(unsigned int irq, unsigned int slot, uint32_t *cpus, unsigned int *flags)
{
	struct x86_line *l = line_of_number(irq);
	int cpu;

	if (!l) {
		if (irq < RT_IRQ_TACTUS_BASE && irq_get_irq_data(irq))
			pr_err("tactus: rt_request_irq(%u): on x86_64 a Linux IRQ (an IOAPIC line, or an MSI Linux set up) cannot be made an NMI without patching Linux; claim the device with rt_request_pci_irq() instead, whose MSI Tactus programs itself\n",
			       irq);
		else
			pr_err("tactus: rt_request_irq(%u): no such line\n", irq);
		return irq < RT_IRQ_TACTUS_BASE && irq_get_irq_data(irq) ? -EOPNOTSUPP : -EINVAL;
	}
	if (l->slot != NO_SLOT) {
		pr_err("tactus: rt_request_irq(%u): the line has a real-time handler already\n", irq);
		return -EBUSY;
	}
	cpu = *cpus ? first_online(*cpus) : (int)cpumask_first(cpu_online_mask);
	if (cpu < 0 || apicid_of(cpu) > 255) {
		pr_err("tactus: rt_request_irq(%u): no online CPU in 0x%x whose APIC an MSI can address\n", irq, *cpus);
		return -EINVAL;
	}
	WRITE_ONCE(l->masked, true);
	WRITE_ONCE(l->held, false);
	l->cpu = cpu;
	l->slot = slot;
	/* Polled before the message goes out: a device that has an interrupt
	 * outstanding sends it as soon as its MSI is on. */
	WRITE_ONCE(tx_x86_by_slot[slot], l);
	set_bit(slot, per_cpu_ptr(&tx_x86_lines_here, cpu));
	aim(l, cpu);
	*cpus = 1u << cpu;
	*flags = 0; /* an MSI is an edge */
	return 0;
}

/* The number goes back too: it was handed out for this claim. */
void tx_port_irq_line_release(unsigned int irq, unsigned int slot)
{
	struct x86_line *l = tx_x86_by_slot[slot];

	l->dev->write_msg(l->dev, 0, 0); /* the device sends nothing more */
	clear_bit(slot, per_cpu_ptr(&tx_x86_lines_here, l->cpu));
	WRITE_ONCE(tx_x86_by_slot[slot], NULL);
	tx_x86_expect_stray(l->cpu); /* an MSI still on its way finds nothing: ours */
	synchronize_rcu(); /* NMI handlers (nmi_handle runs them under RCU) that polled it are done */
	mutex_lock(&numbers_mutex);
	*l = (struct x86_line){ .slot = NO_SLOT };
	mutex_unlock(&numbers_mutex);
}

void tx_port_irq_line_mask(unsigned int slot)
{
	struct x86_line *l = READ_ONCE(tx_x86_by_slot[slot]);

	if (l)
		WRITE_ONCE(l->masked, true);
}

/* What came while masked, or is still outstanding, is taken by an NMI on
 * the line's CPU (the dispatch is NMI-class wherever unmask is called). */
void tx_port_irq_line_unmask(unsigned int slot)
{
	struct x86_line *l = READ_ONCE(tx_x86_by_slot[slot]);

	if (!l)
		return;
	WRITE_ONCE(l->masked, false);
	if (READ_ONCE(l->held) || l->dev->pending(l->dev)) {
		WRITE_ONCE(l->held, false);
		tx_x86_device_nmi(READ_ONCE(l->cpu));
	}
}

int tx_port_irq_line_route(unsigned int slot, uint32_t cpus)
{
	struct x86_line *l = tx_x86_by_slot[slot];
	int cpu = first_online(cpus);
	unsigned int old;

	if (!l || cpu < 0 || apicid_of(cpu) > 255)
		return -EINVAL;
	/* Every MSI of the move lands on a CPU that polls the line, however
	 * long this CPU is held up between two steps (a virtual CPU can be for
	 * milliseconds, while the device keeps raising): the new CPU polls it
	 * before the message points there, and claims what it finds pending
	 * while the line is still served by the old one (lines_nmi.h); the old
	 * CPU serves until the line is the new one's, and stops polling after. */
	old = l->cpu;
	set_bit(slot, per_cpu_ptr(&tx_x86_lines_here, cpu));
	aim(l, cpu);
	WRITE_ONCE(l->cpu, cpu);
	clear_bit(slot, per_cpu_ptr(&tx_x86_lines_here, old));
	tx_x86_expect_stray(old); /* an MSI still on its way there finds nothing: ours */
	if (l->dev->pending(l->dev)) /* claimed on the new CPU, or sent to the old one, meanwhile */
		tx_x86_device_nmi(cpu);
	return 0;
}

/* ---- The Tactus calls for devices (asm/rtai_hal.h) ------------------------- */

static bool claimed_pci(struct pci_dev *dev)
{
	bool found = false;
	int i;

	mutex_lock(&numbers_mutex);
	for (i = 0; i < TX_MAX_IRQ_LINES; i++)
		found |= xlines[i].used && xlines[i].pdev == dev;
	mutex_unlock(&numbers_mutex);
	return found;
}

static struct x86_line *new_line(void)
{
	struct x86_line *l = NULL;
	int i;

	mutex_lock(&numbers_mutex);
	for (i = 0; i < TX_MAX_IRQ_LINES && !l; i++) {
		if (!xlines[i].used) {
			l = &xlines[i];
			*l = (struct x86_line){ .used = true, .slot = NO_SLOT };
		}
	}
	mutex_unlock(&numbers_mutex);
	return l;
}

static void drop_line(struct x86_line *l)
{
	mutex_lock(&numbers_mutex);
	*l = (struct x86_line){ .slot = NO_SLOT };
	mutex_unlock(&numbers_mutex);
}

static int request_line(struct x86_line *l, int (*handler)(unsigned int irq, void *cookie), void *cookie,
			int retmode)
{
	int err = rt_request_irq(number_of(l), handler, cookie, retmode);

	if (err) {
		drop_line(l);
		return err;
	}
	return number_of(l);
}

int rt_request_msi_irq(struct rt_msi_dev *dev, int (*handler)(unsigned int irq, void *cookie), void *cookie,
		       int retmode)
{
	struct x86_line *l;

	if (!dev || !dev->write_msg || !dev->pending) {
		pr_err("tactus: rt_request_msi_irq: the device needs write_msg and pending\n");
		return -EINVAL;
	}
	l = new_line();
	if (!l) {
		pr_err("tactus: rt_request_msi_irq: all %d real-time lines are in use\n", TX_MAX_IRQ_LINES);
		return -ENOSPC;
	}
	l->dev = dev;
	return request_line(l, handler, cookie, retmode);
}

static void pci_write_msg(struct rt_msi_dev *d, unsigned long long address, unsigned int data)
{
	struct x86_line *l = container_of(d, struct x86_line, pci_ops);
	struct pci_dev *pdev = l->pdev;
	int cap = l->msi_cap;
	u16 flags;

	pci_read_config_word(pdev, cap + PCI_MSI_FLAGS, &flags);
	if (!address) {
		pci_write_config_word(pdev, cap + PCI_MSI_FLAGS, flags & ~PCI_MSI_FLAGS_ENABLE);
		return;
	}
	pci_write_config_dword(pdev, cap + PCI_MSI_ADDRESS_LO, (u32)address);
	if (flags & PCI_MSI_FLAGS_64BIT) {
		pci_write_config_dword(pdev, cap + PCI_MSI_ADDRESS_HI, (u32)(address >> 32));
		pci_write_config_word(pdev, cap + PCI_MSI_DATA_64, data);
	} else {
		pci_write_config_word(pdev, cap + PCI_MSI_DATA_32, data);
	}
	/* one message (QSIZE 0), enabled; INTx off: the device signals by MSI only */
	pci_write_config_word(pdev, cap + PCI_MSI_FLAGS, (flags & ~PCI_MSI_FLAGS_QSIZE) | PCI_MSI_FLAGS_ENABLE);
	pci_intx(pdev, 0);
}

static int pci_pending(struct rt_msi_dev *d)
{
	struct x86_line *l = container_of(d, struct x86_line, pci_ops);

	return l->pci_pending(l->pci_cookie);
}

int rt_request_pci_irq(struct pci_dev *dev, int (*handler)(unsigned int irq, void *cookie), void *cookie,
		       int retmode, int (*pending)(void *cookie))
{
	struct x86_line *l;
	int cap;

	if (!dev || !pending) {
		pr_err("tactus: rt_request_pci_irq: %s\n", dev ? "x86_64 needs pending(): an NMI carries no vector" : "no device");
		return -EINVAL;
	}
	if (dev->msi_enabled || dev->msix_enabled) {
		pr_err("tactus: rt_request_pci_irq(%s): Linux's MSI core owns the device's MSI (pci_alloc_irq_vectors): free its vectors first\n",
		       pci_name(dev));
		return -EBUSY;
	}
	if (claimed_pci(dev)) {
		pr_err("tactus: rt_request_pci_irq(%s): the device's MSI is a real-time line already\n", pci_name(dev));
		return -EBUSY;
	}
	cap = pci_find_capability(dev, PCI_CAP_ID_MSI);
	if (!cap) {
		pr_err("tactus: rt_request_pci_irq(%s): the device has no MSI capability (x86_64 serves PCI devices by MSI as NMI only)\n",
		       pci_name(dev));
		return -ENODEV;
	}
	l = new_line();
	if (!l) {
		pr_err("tactus: rt_request_pci_irq(%s): all %d real-time lines are in use\n", pci_name(dev),
		       TX_MAX_IRQ_LINES);
		return -ENOSPC;
	}
	l->pdev = dev;
	l->msi_cap = cap;
	l->pci_pending = pending;
	l->pci_cookie = cookie;
	l->pci_ops = (struct rt_msi_dev){ .write_msg = pci_write_msg, .pending = pci_pending };
	l->dev = &l->pci_ops;
	pci_set_master(dev); /* an MSI is a memory write by the device */
	return request_line(l, handler, cookie, retmode);
}
