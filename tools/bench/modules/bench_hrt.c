// SPDX-License-Identifier: GPL-2.0
/*
 * tools/bench/modules/bench_hrt.c - Linux's in-kernel timer latency: the
 * same measurement as bench_tlat's task, on a periodic hrtimer in
 * HRTIMER_MODE_ABS_HARD (hard interrupt context even on PREEMPT_RT: the best
 * Linux itself offers a kernel module). Builds against any 6.12 kernel (ours,
 * Debian's stock and PREEMPT_RT).
 *
 * Latency of a sample = ktime_get() at the start of the callback minus the
 * programmed expiry. 'samples' callbacks are recorded, then the timer stops
 * and sysfs parameter 'done' becomes 1. The timer advances by exactly one
 * period per callback, so a callback that comes late is followed at once
 * by the ones whose expiry has passed meanwhile: every period is one
 * sample, as in cyclictest; 'overruns' counts callbacks more than a period
 * late. Nothing is
 * printed while it runs (a console write would load the measured kernel);
 * /proc/bench_hrt prints the record (bench_hist.h format).
 */
#include <linux/hrtimer.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/proc_fs.h>

#include "bench_hist.h"

static int period_us = 1000;
module_param(period_us, int, 0444);
static int samples = 10000;
module_param(samples, int, 0444);
static int nbins = 30000;
module_param(nbins, int, 0444);
static int done;
module_param(done, int, 0444);

static struct hrtimer timer;
static ktime_t period;
static struct bench_hist hist;

static enum hrtimer_restart tick(struct hrtimer *t)
{
	s64 lat = ktime_to_ns(ktime_sub(ktime_get(), hrtimer_get_expires(t)));

	bench_hist_add(&hist, lat);
	if (hist.samples >= (u64)samples) {
		WRITE_ONCE(done, 1);
		return HRTIMER_NORESTART;
	}
	if (lat >= ktime_to_ns(period))
		hist.overruns++;
	hrtimer_add_expires(t, period);
	return HRTIMER_RESTART;
}

static int show(struct seq_file *m, void *v)
{
	seq_printf(m, "state %s\n", READ_ONCE(done) ? "done" : "running");
	bench_hist_show(m, &hist);
	return 0;
}

static int __init bench_hrt_init(void)
{
	int err;

	if (period_us <= 0 || samples <= 0 || nbins <= 0)
		return -EINVAL;
	err = bench_hist_init(&hist, period_us == 100 ? "hrtimer-100us" : period_us == 1000 ? "hrtimer-1ms" : "hrtimer",
			      (s64)period_us * 1000, nbins);
	if (err)
		return err;
	if (!proc_create_single("bench_hrt", 0444, NULL, show)) {
		bench_hist_free(&hist);
		return -ENOMEM;
	}
	period = ns_to_ktime((u64)period_us * 1000);
	hrtimer_init(&timer, CLOCK_MONOTONIC, HRTIMER_MODE_ABS_HARD);
	timer.function = tick;
	hrtimer_start(&timer, ktime_add(ktime_get(), ms_to_ktime(10)), HRTIMER_MODE_ABS_HARD);
	return 0;
}

static void __exit bench_hrt_exit(void)
{
	hrtimer_cancel(&timer);
	remove_proc_entry("bench_hrt", NULL);
	pr_info("bench_hrt: period %d us: %llu samples, overruns %llu, latency min %lld max %lld ns\n", period_us,
		hist.samples, hist.overruns, hist.samples ? hist.min_ns : 0, hist.samples ? hist.max_ns : 0);
	bench_hist_free(&hist);
}

module_init(bench_hrt_init);
module_exit(bench_hrt_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Linux hrtimer (ABS_HARD) release latency benchmark");
