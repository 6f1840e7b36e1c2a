// SPDX-License-Identifier: GPL-2.0
/*
 * tools/bench/modules/bench_irq_floor.c - the floor of the interrupt-latency
 * benchmark: the device of bench_irq_dev.h as a bare NMI whose handler
 * only timestamps and arms the next raise (one every period_us plus 0-99
 * us), 'samples' interrupts. arm64: request_percpu_nmi (exported by our
 * kernel's patch, so built for our kernel only); x86: an NMI_LOCAL handler
 * registered first, the comparator's MSI in NMI mode. Nothing of Tactus is
 * used or loaded: this is what any NMI-class handler pays on this machine.
 * Record (bench_hist.h, 100 ns bins) irq-floor in /proc/bench_irq_floor;
 * 'done' turns 1 after 'samples'.
 */
#include <linux/interrupt.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/proc_fs.h>
#ifdef CONFIG_X86_64
#include <asm/apic.h>
#include <asm/nmi.h>
#endif

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

static struct bench_hist hist_irq;
static u64 period;
static volatile bool recording = true;

static void floor_sample(u64 now)
{
	if (!READ_ONCE(recording))
		return;
	bench_hist_add(&hist_irq, irqdev_ns(now - irqdev_raise));
	if (hist_irq.samples >= (u64)samples) {
		WRITE_ONCE(recording, false);
		WRITE_ONCE(done, 1);
		return;
	}
	irqdev_arm(irqdev_next(irqdev_raise, now, period));
}

#ifdef CONFIG_ARM64
static int __percpu *floor_cookie;

static irqreturn_t floor_nmi(int irq, void *dev_id)
{
	u64 now = irqdev_now();

	irqdev_disarm();
	floor_sample(now);
	return IRQ_HANDLED;
}

static void floor_enable(void *unused)
{
	if (!prepare_percpu_nmi(irqdev_irq()))
		enable_percpu_irq(irqdev_irq(), IRQ_TYPE_NONE);
}

static void floor_disable(void *unused)
{
	disable_percpu_irq(irqdev_irq());
	teardown_percpu_nmi(irqdev_irq());
}

static int floor_start(void)
{
	int err;

	floor_cookie = alloc_percpu(int);
	if (!floor_cookie)
		return -ENOMEM;
	err = request_percpu_nmi(irqdev_irq(), floor_nmi, "bench_irq_floor", floor_cookie);
	if (err) {
		free_percpu(floor_cookie);
		return err;
	}
	on_each_cpu(floor_enable, NULL, 1);
	return 0;
}

static void floor_stop(void)
{
	on_each_cpu(floor_disable, NULL, 1);
	free_percpu_nmi(irqdev_irq(), floor_cookie);
	free_percpu(floor_cookie);
}
#else
static int floor_nmi(unsigned int type, struct pt_regs *regs)
{
	u64 now = irqdev_now();

	if (!irqdev_pending())
		return NMI_DONE;
	irqdev_disarm();
	floor_sample(now);
	return NMI_HANDLED;
}

static int floor_start(void)
{
	int err = register_nmi_handler(NMI_LOCAL, floor_nmi, NMI_FLAG_FIRST, "bench_irq_floor");

	if (!err)
		irqdev_write_msg(0xfee00000u | ((u64)per_cpu(x86_cpu_to_apicid, 0) << 12), 0x400 | NMI_VECTOR);
	return err;
}

static void floor_stop(void)
{
	irqdev_write_msg(0, 0);
	synchronize_rcu();
	unregister_nmi_handler(NMI_LOCAL, "bench_irq_floor");
}
#endif

static int show(struct seq_file *m, void *v)
{
	seq_printf(m, "state %s\ndevice %s\n", READ_ONCE(done) ? "done" : "running", irqdev_describe());
	bench_hist_show(m, &hist_irq);
	return 0;
}

static int __init bench_irq_floor_init(void)
{
	int err;

	if (period_us <= 100 || samples <= 0 || nbins <= 0)
		return -EINVAL;
	err = bench_hist_init_bins(&hist_irq, "irq-floor", (s64)period_us * 1000, nbins, 100);
	if (err)
		return err;
	err = irqdev_init();
	if (err)
		goto free;
	period = irqdev_from_ns((u64)period_us * 1000);
	err = floor_start();
	if (err)
		goto exit_dev;
	if (!proc_create_single("bench_irq_floor", 0444, NULL, show)) {
		err = -ENOMEM;
		goto stop;
	}
	pr_info("bench_irq_floor: bare NMI on %s, %d samples\n", irqdev_describe(), samples);
	irqdev_arm(irqdev_now() + irqdev_from_ns(10 * 1000 * 1000));
	return 0;
stop:
	floor_stop();
exit_dev:
	irqdev_exit();
free:
	bench_hist_free(&hist_irq);
	return err;
}

static void __exit bench_irq_floor_exit(void)
{
	WRITE_ONCE(recording, false);
	irqdev_disarm();
	floor_stop();
	irqdev_exit();
	remove_proc_entry("bench_irq_floor", NULL);
	pr_info("bench_irq_floor: %llu samples, latency min %lld avg %lld max %lld ns\n", hist_irq.samples,
		hist_irq.samples ? hist_irq.min_ns : 0,
		hist_irq.samples ? div64_s64(hist_irq.sum_ns, (s64)hist_irq.samples) : 0,
		hist_irq.samples ? hist_irq.max_ns : 0);
	bench_hist_free(&hist_irq);
}

module_init(bench_irq_floor_init);
module_exit(bench_irq_floor_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Interrupt latency floor: a spare hardware timer as a bare NMI");
