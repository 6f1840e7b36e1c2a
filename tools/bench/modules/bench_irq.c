// SPDX-License-Identifier: GPL-2.0
/*
 * tools/bench/modules/bench_irq.c - Linux's interrupt latency, the seed
 * article's way: time from the device raising its interrupt to the first
 * instruction of the handler, for 'samples' interrupts of the device of
 * bench_irq_dev.h (one every period_us plus 0-99 us). Builds against any
 * 6.12 kernel (ours, Debian's stock and PREEMPT_RT). Modes:
 *   linux   a hard interrupt handler (request_irq with IRQF_NO_THREAD on
 *           x86, request_percpu_irq on arm64): Linux's best, also on
 *           PREEMPT_RT
 *   thread  a threaded handler at SCHED_FIFO 99, PREEMPT_RT's default for
 *           device interrupts: x86 request_threaded_irq (its thread raised
 *           to FIFO 99 at its first run, that sample left out); arm64's
 *           device is a per-CPU timer interrupt, which Linux never threads,
 *           so the hard handler wakes a FIFO 99 kthread, which is what
 *           Linux's irq thread machinery does (irq_wake_thread)
 * The handler (thread) records the latency in a bench_hist (100 ns bins)
 * and arms the next raise. /proc/bench_irq prints it (bench_hist.h format);
 * 'done' turns 1 after 'samples'.
 */
#include <linux/interrupt.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/proc_fs.h>
#include <linux/sched.h>
#include <uapi/linux/sched/types.h>

#include "bench_hist.h"
#include "bench_irq_dev.h"

static char *mode = "linux";
module_param(mode, charp, 0444);
MODULE_PARM_DESC(mode, "linux (a hard handler) or thread (a threaded one at SCHED_FIFO 99)");
static int period_us = 1000;
module_param(period_us, int, 0444);
static int samples = 10000;
module_param(samples, int, 0444);
static int nbins = 300000; /* 100 ns bins: 30 ms */
module_param(nbins, int, 0444);
static int done;
module_param(done, int, 0444);

static struct bench_hist hist;
static bool threaded;
static u64 period;
static int __percpu *cookie;
static struct task_struct *worker;
static bool worker_fifo;
static volatile bool worker_due, stopping;

/* The measurement, in the handler or the thread: first thing. */
static void sample(void)
{
	u64 now = irqdev_now();

	if (hist.samples < (u64)samples) {
		bench_hist_add(&hist, irqdev_ns(now - irqdev_raise));
		irqdev_arm(irqdev_next(irqdev_raise, now, period));
	} else {
		WRITE_ONCE(done, 1);
	}
}

static irqreturn_t hard_handler(int irq, void *dev_id)
{
	if (!threaded) {
		sample();
		if (READ_ONCE(done))
			irqdev_disarm();
		return IRQ_HANDLED;
	}
	irqdev_disarm(); /* quiet until the thread arms the next one */
	if (IS_ENABLED(CONFIG_ARM64)) {
		WRITE_ONCE(worker_due, true);
		wake_up_process(worker);
		return IRQ_HANDLED;
	}
	return IRQ_WAKE_THREAD;
}

/* sched_set_fifo() gives 50, as Linux's irq threads get: the benchmark
 * wants the best Linux can do, FIFO 99. */
static void to_fifo_99(struct task_struct *t)
{
	struct sched_attr attr = { .sched_policy = SCHED_FIFO, .sched_priority = 99 };

	sched_setattr_nocheck(t, &attr);
}

/* x86: the kernel's own irq thread runs this. */
static irqreturn_t __maybe_unused thread_fn(int irq, void *dev_id)
{
	if (!worker_fifo) { /* the thread starts at FIFO 50: raise it, skip this sample */
		worker_fifo = true;
		to_fifo_99(current);
		irqdev_arm(irqdev_next(irqdev_raise, irqdev_now(), period));
		return IRQ_HANDLED;
	}
	sample();
	return IRQ_HANDLED;
}

/* arm64: the irq thread's loop (kernel/irq/manage.c irq_thread), ours;
 * FIFO 99 before it first runs (bench_irq_init). */
static int worker_fn(void *unused)
{
	while (!kthread_should_stop()) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (!READ_ONCE(worker_due)) {
			schedule();
			continue;
		}
		__set_current_state(TASK_RUNNING);
		WRITE_ONCE(worker_due, false);
		if (!READ_ONCE(stopping))
			sample();
	}
	__set_current_state(TASK_RUNNING);
	return 0;
}

static void enable_here(void *unused)
{
	enable_percpu_irq(irqdev_irq(), IRQ_TYPE_NONE);
}

static void disable_here(void *unused)
{
	disable_percpu_irq(irqdev_irq());
}

static int request(void)
{
	if (IS_ENABLED(CONFIG_ARM64)) {
		int err;

		cookie = alloc_percpu(int);
		if (!cookie)
			return -ENOMEM;
		err = request_percpu_irq(irqdev_irq(), hard_handler, "bench_irq", cookie);
		if (err) {
			free_percpu(cookie);
			return err;
		}
		on_each_cpu(enable_here, NULL, 1);
		return 0;
	}
#ifdef CONFIG_X86_64
	{
		int irq = irqdev_route_ioapic();

		if (irq < 0)
			return irq;
		if (threaded)
			return request_threaded_irq(irq, NULL, thread_fn, IRQF_ONESHOT, "bench_irq", &hist);
		return request_irq(irq, hard_handler, IRQF_NO_THREAD, "bench_irq", &hist);
	}
#endif
	return -ENODEV;
}

static void release(void)
{
	if (IS_ENABLED(CONFIG_ARM64)) {
		on_each_cpu(disable_here, NULL, 1);
		free_percpu_irq(irqdev_irq(), cookie);
		free_percpu(cookie);
	} else {
		free_irq(irqdev_irq(), &hist);
	}
}

static int show(struct seq_file *m, void *v)
{
	seq_printf(m, "state %s\ndevice %s\n", READ_ONCE(done) ? "done" : "running", irqdev_describe());
	bench_hist_show(m, &hist);
	return 0;
}

static int __init bench_irq_init(void)
{
	int err;

	if (!strcmp(mode, "thread"))
		threaded = true;
	else if (strcmp(mode, "linux"))
		return -EINVAL;
	if (period_us <= 100 || samples <= 0 || nbins <= 0)
		return -EINVAL;
	err = bench_hist_init_bins(&hist, threaded ? "irq-thread" : "irq-linux", (s64)period_us * 1000, nbins, 100);
	if (err)
		return err;
	err = irqdev_init();
	if (err)
		goto free_hist;
	period = irqdev_from_ns((u64)period_us * 1000);
	if (threaded && IS_ENABLED(CONFIG_ARM64)) {
		worker = kthread_create(worker_fn, NULL, "bench_irq_thread");
		if (IS_ERR(worker)) {
			err = PTR_ERR(worker);
			goto exit_dev;
		}
		/* Before its first run: set from inside, the first interrupts
		 * could find it still SCHED_OTHER behind the busy loop (one
		 * sample of 3-29 ms was seen that way). */
		to_fifo_99(worker);
		wake_up_process(worker);
	}
	err = request();
	if (err)
		goto stop_worker;
	if (!proc_create_single("bench_irq", 0444, NULL, show)) {
		err = -ENOMEM;
		goto release;
	}
	pr_info("bench_irq: %s handler on irq %u (%s), %d samples\n", mode, irqdev_irq(), irqdev_describe(), samples);
	irqdev_arm(irqdev_now() + irqdev_from_ns(10 * 1000 * 1000));
	return 0;
release:
	release();
stop_worker:
	if (worker)
		kthread_stop(worker);
exit_dev:
	irqdev_exit();
free_hist:
	bench_hist_free(&hist);
	return err;
}

static void __exit bench_irq_exit(void)
{
	WRITE_ONCE(stopping, true);
	irqdev_disarm();
	release();
	if (worker)
		kthread_stop(worker);
	irqdev_exit();
	remove_proc_entry("bench_irq", NULL);
	pr_info("bench_irq: %s: %llu samples, latency min %lld avg %lld max %lld ns\n", mode, hist.samples,
		hist.samples ? hist.min_ns : 0, hist.samples ? div64_s64(hist.sum_ns, (s64)hist.samples) : 0,
		hist.samples ? hist.max_ns : 0);
	bench_hist_free(&hist);
}

module_init(bench_irq_init);
module_exit(bench_irq_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Linux interrupt latency benchmark: raise of a spare hardware timer to its handler");
