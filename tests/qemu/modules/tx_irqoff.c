// SPDX-License-Identifier: GPL-2.0
/*
 * tests/qemu/modules/tx_irqoff.c - the irq-off stressor: a kernel thread
 * that loops local_irq_save(); mdelay(irqoff_ms); local_irq_restore();
 * msleep(gap_ms). Linux's own timers cannot fire inside those sections.
 */
#include <linux/delay.h>
#include <linux/kthread.h>
#include <linux/module.h>

static int irqoff_ms = 20;
module_param(irqoff_ms, int, 0444);
static int gap_ms = 5;
module_param(gap_ms, int, 0444);
static int cpu = -1;
module_param(cpu, int, 0444);

static struct task_struct *thread;
static unsigned long sections;

static int stress(void *unused)
{
	while (!kthread_should_stop()) {
		unsigned long flags;

		local_irq_save(flags);
		mdelay(irqoff_ms);
		local_irq_restore(flags);
		sections++;
		msleep(gap_ms);
	}
	return 0;
}

static int __init tx_irqoff_init(void)
{
	thread = kthread_create(stress, NULL, "tx_irqoff");
	if (IS_ERR(thread))
		return PTR_ERR(thread);
	if (cpu >= 0)
		kthread_bind(thread, cpu);
	wake_up_process(thread);
	return 0;
}

static void __exit tx_irqoff_exit(void)
{
	kthread_stop(thread);
	pr_info("tx_irqoff: %lu sections of %d ms with interrupts off\n", sections, irqoff_ms);
}

module_init(tx_irqoff_init);
module_exit(tx_irqoff_exit);
MODULE_LICENSE("GPL");
