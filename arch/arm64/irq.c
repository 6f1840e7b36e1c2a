// SPDX-License-Identifier: GPL-2.0
/*
 * arch/arm64/irq.c - device lines (arch/port.h, "Device interrupt lines")
 * on a GICv3 with pseudo-NMIs: any interrupt the GIC owns directly (SPIs,
 * PPIs) becomes an NMI through Linux's own API (request_nmi for SPIs,
 * request_percpu_nmi for PPIs). Masking and unmasking go straight to the
 * GIC's irq_chip operations: register writes, safe in NMI context, unlike
 * enable_irq()/disable_irq(), which take the descriptor lock. Linux keeps
 * the line disabled in its own books (never enable_irq'd), which is what
 * free_nmi() expects at release. LPIs (MSI through the ITS) cannot be NMIs.
 */
#include <linux/cpumask.h>
#include <linux/interrupt.h>
#include <linux/irq.h>
#include <linux/irqdesc.h>
#include <linux/pci.h>
#include <linux/percpu.h>
#include <linux/slab.h>

#include <rtai.h>

#include "../../arch/port.h"
#include "../../hal/linux/port_services.h"
#include "port_internal.h"

#define GIC_LPI_BASE 8192

struct arm64_line {
	unsigned int irq;
	struct irq_data *data;       /* looked up once: the lookup walks RCU trees, not for NMIs */
	bool percpu;                 /* a PPI: per-CPU NMI, masked on each CPU */
	unsigned int __percpu *slot; /* a PPI's per-CPU dev_id: the slot */
	struct tx_arm64_irq_return_hint hint; /* its NMIs' way to gic_handle_irq's return */
};

static struct arm64_line lines[TX_MAX_IRQ_LINES];
static const unsigned int slot_ids[TX_MAX_IRQ_LINES] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 };
static_assert(TX_MAX_IRQ_LINES == 16, "one slot_ids entry per line");

/* The line's NMI: Linux's handle_fasteoi_nmi (SPI) or the per-CPU flow (PPI)
 * calls it between nmi_enter and the GIC's end of interrupt. */
static irqreturn_t line_nmi(int irq, void *dev_id)
{
	unsigned int slot = *(const unsigned int *)dev_id;

	tx_arm64_switch_after_nmi(tx_hal_irq_dispatch(slot), &lines[slot].hint);
	return IRQ_HANDLED;
}

/* Why 'irq' cannot be an NMI here, or NULL if it can. */
static const char *not_nmi_capable(struct irq_data *d)
{
	struct irq_data *root = d;

	while (root->parent_data) /* an MSI: the GIC's own view is at the root */
		root = root->parent_data;
	if (!system_uses_irq_prio_masking())
		return "pseudo-NMIs are off (CONFIG_ARM64_PSEUDO_NMI and irqchip.gicv3_pseudo_nmi=1)";
	if (irqd_to_hwirq(root) >= GIC_LPI_BASE)
		return "it is an LPI (an MSI through the GIC's ITS), and LPIs cannot be NMIs: use the device's wired line (PCI INTx: rt_request_pci_irq)";
	if (d->parent_data || !d->chip || !(d->chip->flags & IRQCHIP_SUPPORTS_NMI))
		return "it is not owned directly by the GICv3 (a cascaded or MSI interrupt controller cannot deliver NMIs): use the parent line";
	return NULL;
}

/* A PPI (or an extended PPI): one line per CPU. By the GIC's number, not by
 * irqd_is_per_cpu(): request_nmi() wants IRQF_PERCPU, which leaves the
 * line flagged per-CPU after free_nmi(). */
static bool gic_percpu_line(struct irq_data *d)
{
	irq_hw_number_t hw = irqd_to_hwirq(d);

	return (hw >= 16 && hw < 32) || (hw >= 1056 && hw < 1120);
}

static void prepare_here(void *line)
{
	struct arm64_line *l = line;

	if (tx_arm64_nmi.prepare(l->irq))
		pr_warn("tactus: irq %u: CPU%d cannot deliver it as an NMI\n", l->irq, smp_processor_id());
}

static void mask_here(void *line)
{
	struct arm64_line *l = line;

	l->data->chip->irq_mask(l->data);
}

static void teardown_here(void *line)
{
	struct arm64_line *l = line;

	l->data->chip->irq_mask(l->data);
	tx_arm64_nmi.teardown(l->irq);
}

static int claim_ppi(struct arm64_line *l, unsigned int slot)
{
	int cpu, err;

	l->slot = alloc_percpu(unsigned int);
	if (!l->slot)
		return -ENOMEM;
	for_each_possible_cpu(cpu)
		*per_cpu_ptr(l->slot, cpu) = slot;
	err = tx_arm64_nmi.request(l->irq, line_nmi, "tactus-rt", l->slot);
	if (err) {
		free_percpu(l->slot);
		l->slot = NULL;
		return err;
	}
	on_each_cpu(prepare_here, l, 1); /* masked everywhere: Linux never enabled it */
	return 0;
}

static u32 effective_cpus(struct irq_data *d)
{
	return (u32)(cpumask_bits(irq_data_get_effective_affinity_mask(d))[0] & ((1ul << TX_MAX_CPUS) - 1));
}

static int route(struct arm64_line *l, u32 cpus)
{
	struct cpumask want;
	unsigned long bits = cpus;

	cpumask_clear(&want);
	bitmap_copy(cpumask_bits(&want), &bits, min_t(unsigned int, BITS_PER_LONG, nr_cpu_ids));
	cpumask_and(&want, &want, cpu_online_mask);
	if (cpumask_empty(&want))
		return -EINVAL;
	return irq_set_affinity(l->irq, &want);
}

int tx_port_irq_line_claim(unsigned int irq, unsigned int slot, uint32_t *cpus, unsigned int *flags)
{
	struct arm64_line *l = &lines[slot];
	struct irq_data *d = irq_get_irq_data(irq);
	const char *why;
	int err;

	if (!d) {
		pr_err("tactus: rt_request_irq(%u): no such IRQ\n", irq);
		return -EINVAL;
	}
	why = not_nmi_capable(d);
	if (why) {
		pr_err("tactus: rt_request_irq(%u): cannot be a real-time line: %s\n", irq, why);
		return -EOPNOTSUPP;
	}
	if (irq_has_action(irq)) {
		pr_err("tactus: rt_request_irq(%u): Linux has a handler on it (see /proc/interrupts); free it first\n",
		       irq);
		return -EBUSY;
	}
	*l = (struct arm64_line){ .irq = irq, .data = d, .percpu = gic_percpu_line(d) };
	/* IRQF_PERCPU: no balancing (an NMI needs it); the line stays disabled
	 * in Linux's books, masked at the GIC until rt_startup_irq(). */
	err = l->percpu ? claim_ppi(l, slot) :
			  tx_arm64_nmi.request_line(irq, line_nmi, IRQF_PERCPU | IRQF_NO_AUTOEN, "tactus-rt",
						    (void *)&slot_ids[slot]);
	if (err) {
		pr_err("tactus: rt_request_irq(%u): Linux refused it as an NMI: %d%s\n", irq, err,
		       err == -EINVAL ? " (the GIC finds it enabled, or Linux may not request it)" : "");
		l->data = NULL;
		return err;
	}
	/* Routed now (Linux applies an affinity only when it starts a line,
	 * which it never does here): to 'cpus', else to the first online CPU. */
	if (!l->percpu && route(l, *cpus ? *cpus : 1u << cpumask_first(cpu_online_mask))) {
		pr_err("tactus: rt_request_irq(%u): cannot route it to CPUs 0x%x\n", irq, *cpus);
		tx_arm64_nmi.free_line(irq, (void *)&slot_ids[slot]);
		l->data = NULL;
		return -EINVAL;
	}
	*flags = (irqd_is_level_type(d) ? TX_IRQ_LINE_LEVEL : 0) | (l->percpu ? TX_IRQ_LINE_PERCPU : 0);
	*cpus = l->percpu ? 0 : effective_cpus(d);
	return 0;
}

void tx_port_irq_line_release(unsigned int irq, unsigned int slot)
{
	struct arm64_line *l = &lines[slot];

	if (l->percpu) {
		on_each_cpu(mask_here, l, 1);
		synchronize_rcu(); /* NMI handlers that started before the masks are done */
		on_each_cpu(teardown_here, l, 1);
		tx_arm64_nmi.free(irq, l->slot);
		free_percpu(l->slot);
	} else {
		mask_here(l);
		synchronize_rcu();
		tx_arm64_nmi.free_line(irq, (void *)&slot_ids[slot]);
	}
	*l = (struct arm64_line){};
}

void tx_port_irq_line_mask(unsigned int slot)
{
	struct arm64_line *l = &lines[slot];

	if (l->data)
		l->data->chip->irq_mask(l->data);
}

void tx_port_irq_line_unmask(unsigned int slot)
{
	struct arm64_line *l = &lines[slot];

	if (l->data)
		l->data->chip->irq_unmask(l->data);
}

int tx_port_irq_line_route(unsigned int slot, uint32_t cpus)
{
	struct arm64_line *l = &lines[slot];

	return l->percpu ? -EINVAL : route(l, cpus);
}

/* ---- The Tactus calls for devices (asm/rtai_hal.h) ----------------------- */

int rt_request_pci_irq(struct pci_dev *dev, int (*handler)(unsigned int irq, void *cookie), void *cookie,
		       int retmode, int (*pending)(void *cookie))
{
	int err;

	if (dev && (dev->msi_enabled || dev->msix_enabled)) {
		pr_err("tactus: rt_request_pci_irq(%s): Linux's MSI core has the device signalling by MSI (pci_alloc_irq_vectors): free its vectors first\n",
		       pci_name(dev));
		return -EBUSY;
	}
	if (!dev || !dev->pin || !dev->irq) {
		pr_err("tactus: rt_request_pci_irq(%s): the device has no INTx line (arm64 serves PCI devices through INTx: MSIs are LPIs)\n",
		       dev ? pci_name(dev) : "NULL");
		return -ENODEV;
	}
	err = rt_request_irq(dev->irq, handler, cookie, retmode);
	return err ? err : (int)dev->irq;
}

int rt_request_msi_irq(struct rt_msi_dev *dev, int (*handler)(unsigned int irq, void *cookie), void *cookie,
		       int retmode)
{
	pr_err("tactus: rt_request_msi_irq: on arm64 an MSI is an LPI, which cannot be an NMI: use the device's wired interrupt (rt_request_irq)\n");
	return -EOPNOTSUPP;
}
