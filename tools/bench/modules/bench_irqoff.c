// SPDX-License-Identifier: GPL-2.0
/*
 * tools/bench/modules/bench_irqoff.c - the irq-off load (the idea of
 * tests/qemu/modules/tx_irqoff.c, built for every benchmarked kernel): a
 * kernel thread that loops local_irq_save(); mdelay(irqoff_ms);
 * local_irq_restore(); msleep(gap_ms). Linux's own timers cannot fire inside
 * those sections; Tactus's pseudo-NMI timer can.
 */
#include <linux/delay.h>
#include <linux/kthread.h>
#include <linux/module.h>

static int irqoff_ms = 20;
module_param(irqoff_ms, int, 0444);
static int gap_ms = 5;
module_param(gap_ms, int, 0444);

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

static int __init bench_irqoff_init(void)
{
	if (irqoff_ms <= 0 || gap_ms < 0)
		return -EINVAL;
	thread = kthread_run(stress, NULL, "bench_irqoff");
	return PTR_ERR_OR_ZERO(thread);
}

static void __exit bench_irqoff_exit(void)
{
	kthread_stop(thread);
	pr_info("bench_irqoff: %lu sections of %d ms with interrupts off\n", sections, irqoff_ms);
}

module_init(bench_irqoff_init);
module_exit(bench_irqoff_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("irq-off load: 20 ms sections with interrupts off");
