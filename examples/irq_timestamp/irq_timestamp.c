// SPDX-License-Identifier: GPL-2.0
/*
 * examples/irq_timestamp/irq_timestamp.c - a real-time device driver: the
 * interrupt of a PCI device (QEMU's edu, `-device edu`) claimed for real
 * time, its handler timestamping each interrupt and waking a task through a
 * semaphore, the task streaming both timestamps to /dev/rtf2:
 *
 *     cat /dev/rtf2 | irq-decode
 *
 * On a real board the device raises its interrupt by itself; here a
 * periodic task writes edu's raise register, so that the raise time is
 * known and each record shows the interrupt latency (raise -> handler) and
 * the interrupt task latency (raise -> task), as RTAI's seed article
 * measured them. The handler runs NMI-class: Linux's interrupt masking
 * does not delay it.
 */
#include <linux/module.h>
#include <linux/pci.h>

#include <rtai.h>
#include <rtai_fifos.h>
#include <rtai_sched.h>
#include <rtai_sem.h>

#include "edu.h"
#include "irq_timestamp.h"

static int period_us = 1000;
module_param(period_us, int, 0444);
MODULE_PARM_DESC(period_us, "how often the raiser task makes the device interrupt");
static int fifo = 2;
module_param(fifo, int, 0444);
static int fifo_size = 65536;
module_param(fifo_size, int, 0444);

/* Handler -> task: the handler's stamps wait here for the task (a ring, so
 * a task that falls behind loses none until it is RING_SIZE behind). */
#define RING_SIZE 16
static struct irq_stamp ring[RING_SIZE];
static unsigned int ring_head, ring_tail; /* head: the handler's, tail: the task's */
static u64 seq, overflows;
static volatile u64 raised_ns; /* set by the raiser right before the raise */

static struct {
	struct pci_dev *pdev;
	void __iomem *bar;
	int line;
} edu = { .line = -1 };

static RT_TASK raiser, stamper;
static SEM stamps;

/* x86_64 asks this in each NMI: does the device have an interrupt for us? */
static int edu_pending(void *cookie)
{
	return readl(edu.bar + EDU_REG_IRQ_STATUS) != 0;
}

static int edu_irq(unsigned int irq, void *cookie)
{
	u64 now = rt_get_time_ns(); /* first thing: the interrupt latency */
	u32 status = readl(edu.bar + EDU_REG_IRQ_STATUS);

	writel(status, edu.bar + EDU_REG_IRQ_ACK); /* the device is quiet now */
	rt_ack_irq(irq); /* and a level line (arm64's INTx) may come again */
	if (ring_head - ring_tail == RING_SIZE) {
		overflows++;
		return 0;
	}
	ring[ring_head % RING_SIZE] = (struct irq_stamp){ .seq = seq++, .raised_ns = raised_ns, .handler_ns = now };
	ring_head++;
	rt_sem_signal(&stamps); /* the stamper runs when we return */
	return 0;
}

static void stamp_loop(long unused)
{
	while (rt_sem_wait(&stamps) < RTE_LOWERR) {
		struct irq_stamp s = ring[ring_tail % RING_SIZE];

		s.task_ns = rt_get_time_ns();
		ring_tail++;
		rtf_put_if(fifo, &s, sizeof(s)); /* all or nothing: refused when full, a gap in seq */
	}
}

static void raise_loop(long unused)
{
	for (;;) {
		raised_ns = rt_get_time_ns();
		writel(1, edu.bar + EDU_REG_IRQ_RAISE); /* the interrupt comes inside this write */
		rt_task_wait_period();
	}
}

static int edu_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	edu.bar = edu_open(pdev);
	if (IS_ERR(edu.bar))
		return PTR_ERR(edu.bar);
	edu.pdev = pdev;
	return 0;
}

static void edu_remove(struct pci_dev *pdev)
{
	edu_close(pdev, edu.bar);
	edu.pdev = NULL;
}

static const struct pci_device_id edu_ids[] = { { PCI_DEVICE(EDU_VENDOR_ID, EDU_DEVICE_ID) }, {} };
static struct pci_driver edu_driver = {
	.name = "irq_timestamp",
	.id_table = edu_ids,
	.probe = edu_probe,
	.remove = edu_remove,
};

static void undo(void)
{
	rt_task_delete(&raiser);
	if (edu.line >= 0)
		rt_release_irq(edu.line);
	rt_sem_delete(&stamps); /* the stamper's wait ends: it returns and is deleted */
	rt_task_delete(&stamper);
	rtf_destroy(fifo);
	pci_unregister_driver(&edu_driver);
}

static int __init irq_timestamp_init(void)
{
	int err = pci_register_driver(&edu_driver);

	if (err)
		return err;
	if (!edu.pdev) {
		pr_err("irq_timestamp: no edu device (QEMU: -device edu)\n");
		pci_unregister_driver(&edu_driver);
		return -ENODEV;
	}
	err = rtf_create(fifo, fifo_size);
	if (!err)
		err = rt_sem_init(&stamps, 0);
	/* On CPU 0, where the line goes by default: the raise, the handler and
	 * the task follow each other on one CPU, so their stamps compare. */
	if (!err)
		err = rt_task_init_cpuid(&stamper, stamp_loop, 0, 8192, 1, 0, NULL, 0);
	if (!err)
		err = rt_task_init_cpuid(&raiser, raise_loop, 0, 8192, 2, 0, NULL, 0);
	if (!err)
		err = rt_task_resume(&stamper);
	if (err)
		goto fail;
	/* x86_64: the device's MSI, as an NMI; arm64: its INTx line. */
	edu.line = rt_request_pci_irq(edu.pdev, edu_irq, NULL, 0, edu_pending);
	if (edu.line < 0) {
		err = edu.line;
		goto fail;
	}
	rt_startup_irq(edu.line);
	err = rt_task_make_periodic_relative_ns(&raiser, 1000000, (RTIME)period_us * 1000);
	if (err)
		goto fail;
	pr_info("irq_timestamp: edu %s on real-time line %d, raised every %d us, stamps in /dev/rtf%d\n",
		pci_name(edu.pdev), edu.line, period_us, fifo);
	return 0;
fail:
	undo();
	return err;
}

static void __exit irq_timestamp_exit(void)
{
	undo();
	pr_info("irq_timestamp: %llu interrupts stamped, %llu lost to a full ring\n", seq, overflows);
}

module_init(irq_timestamp_init);
module_exit(irq_timestamp_exit);
MODULE_LICENSE("GPL");
