// SPDX-License-Identifier: GPL-2.0
/*
 * tools/bench/modules/bench_irq_rt.c - the interrupt latency of Tactus, with
 * the device of bench_irq_dev.h (one raise every period_us plus 0-99 us),
 * 'samples' interrupts: a Tactus real-time handler (rt_request_irq on
 * arm64's PPI, rt_request_msi_irq on x86's comparator) timestamps, quiets
 * the device and signals a semaphore; a task of the highest priority waits
 * on it, timestamps its first instruction (the seed's "interrupt task
 * latency") and arms the next raise. The floor under it, a bare NMI
 * handler, is bench_irq_floor.c. Records (bench_hist.h, 100 ns bins) in
 * /proc/bench_irq_rt: irq-tactus and irq-tactus-task. 'done' turns 1 after
 * 'samples'.
 */
#include <linux/interrupt.h>
#include <linux/module.h>
#include <linux/proc_fs.h>

#include <rtai.h>
#include <rtai_sched.h>
#include <rtai_sem.h>

#include "bench_hist.h"
#include "bench_irq_dev.h"

static int period_us = 1000;
module_param(period_us, int, 0444);
static int samples = 10000;
module_param(samples, int, 0444);
static int nbins = 300000;
module_param(nbins, int, 0444);
static int done;
module_param(done, int, 0444);

static struct bench_hist hist_irq, hist_task;
static u64 period;
static int line = -1;
static RT_TASK waiter;
static SEM irq_sem;
static volatile bool recording = true;

/* ---- Tactus ---------------------------------------------------------------- */

static int tactus_handler(unsigned int irq, void *cookie)
{
	u64 now = irqdev_now(); /* the interrupt latency: first thing */

	irqdev_disarm();
	rt_ack_irq(irq); /* arm64's timer line is level: masked before the handler */
	if (READ_ONCE(recording)) {
		bench_hist_add(&hist_irq, irqdev_ns(now - irqdev_raise));
		rt_sem_signal(&irq_sem);
	}
	return 0;
}

static void waiter_body(long unused)
{
	while (rt_sem_wait(&irq_sem) < RTE_LOWERR) {
		u64 now = irqdev_now(); /* the interrupt task latency: first thing */

		bench_hist_add(&hist_task, irqdev_ns(now - irqdev_raise));
		if (hist_task.samples >= (u64)samples) {
			WRITE_ONCE(recording, false);
			WRITE_ONCE(done, 1);
			continue;
		}
		irqdev_arm(irqdev_next(irqdev_raise, irqdev_now(), period));
	}
}

#ifdef CONFIG_X86_64
static void msi_write(struct rt_msi_dev *dev, unsigned long long address, unsigned int data)
{
	irqdev_write_msg(address, data);
}

static int msi_pending(struct rt_msi_dev *dev)
{
	return irqdev_pending();
}

static struct rt_msi_dev comparator = { .write_msg = msi_write, .pending = msi_pending };
#endif

static int tactus_start(void)
{
	int err = rt_sem_init(&irq_sem, 0);

	if (err)
		return err;
	err = rt_task_init_cpuid(&waiter, waiter_body, 0, 16384, 0, 0, NULL, 0);
	if (err)
		goto del_sem;
#ifdef CONFIG_X86_64
	line = rt_request_msi_irq(&comparator, tactus_handler, NULL, 0);
#else
	line = rt_request_irq(irqdev_irq(), tactus_handler, NULL, 0) ?: (int)irqdev_irq();
#endif
	if (line < 0) {
		err = line;
		goto del_task;
	}
	rt_startup_irq(line);
	rt_task_resume(&waiter);
	return 0;
del_task:
	rt_task_delete(&waiter);
del_sem:
	rt_sem_delete(&irq_sem);
	return err;
}

static void tactus_stop(void)
{
	rt_release_irq(line);
	rt_sem_delete(&irq_sem);
	rt_task_delete(&waiter);
}

/* ---- Module ------------------------------------------------------------------ */

static int show(struct seq_file *m, void *v)
{
	seq_printf(m, "state %s\ndevice %s\n", READ_ONCE(done) ? "done" : "running", irqdev_describe());
	bench_hist_show(m, &hist_irq);
	bench_hist_show(m, &hist_task);
	return 0;
}

static int __init bench_irq_rt_init(void)
{
	int err;

	if (period_us <= 100 || samples <= 0 || nbins <= 0)
		return -EINVAL;
	err = bench_hist_init_bins(&hist_irq, "irq-tactus", (s64)period_us * 1000, nbins, 100);
	if (!err)
		err = bench_hist_init_bins(&hist_task, "irq-tactus-task", (s64)period_us * 1000, nbins, 100);
	if (err)
		goto free;
	err = irqdev_init();
	if (err)
		goto free;
	period = irqdev_from_ns((u64)period_us * 1000);
	err = tactus_start();
	if (err)
		goto exit_dev;
	if (!proc_create_single("bench_irq_rt", 0444, NULL, show)) {
		err = -ENOMEM;
		goto stop;
	}
	pr_info("bench_irq_rt: Tactus handler on line %d (%s), %d samples\n", line, irqdev_describe(), samples);
	irqdev_arm(irqdev_now() + irqdev_from_ns(10 * 1000 * 1000));
	return 0;
stop:
	tactus_stop();
exit_dev:
	irqdev_exit();
free:
	bench_hist_free(&hist_irq);
	bench_hist_free(&hist_task);
	return err;
}

static void __exit bench_irq_rt_exit(void)
{
	WRITE_ONCE(recording, false);
	irqdev_disarm();
	tactus_stop();
	irqdev_exit();
	remove_proc_entry("bench_irq_rt", NULL);
	pr_info("bench_irq_rt: %llu samples, interrupt latency min %lld avg %lld max %lld ns, task max %lld ns\n",
		hist_irq.samples, hist_irq.samples ? hist_irq.min_ns : 0,
		hist_irq.samples ? div64_s64(hist_irq.sum_ns, (s64)hist_irq.samples) : 0,
		hist_irq.samples ? hist_irq.max_ns : 0, hist_task.samples ? hist_task.max_ns : 0);
	bench_hist_free(&hist_irq);
	bench_hist_free(&hist_task);
}

module_init(bench_irq_rt_init);
module_exit(bench_irq_rt_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Tactus interrupt latency benchmark: raise to the real-time handler and to the task it wakes");
