// SPDX-License-Identifier: GPL-2.0
/*
 * tests/qemu/modules/tx_hrtimer.c - the Linux side of the demo comparison:
 * a periodic HRTIMER_MODE_ABS_HARD hrtimer (hard interrupt context, the
 * best Linux itself offers to a kernel module) at period_us, measuring its
 * lateness (time of the callback minus its programmed expiry), reported
 * like tx_latency's RTD lines:
 *   HRT|    lat min|    lat avg|    lat max|    ovl max|   overruns   (ns)
 * every report_ms (printed from a work item, not from the callback), and
 * "tx_hrtimer: period P us: N samples, overruns O, latency min/avg/max" at
 * unload. Like tx_latency (RTAI's rt_task_wait_period semantics), a late
 * timer catches up one period per callback; an overrun is a callback that
 * came more than one period late (its next release was already past).
 */
#include <linux/math64.h> /* 64-bit "/" for 32-bit ARM kernels */
#include <linux/hrtimer.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/workqueue.h>

static int period_us = 1000;
module_param(period_us, int, 0444);
static int report_ms = 1000;
module_param(report_ms, int, 0444);

static struct hrtimer timer;
static ktime_t period;
static long long lat_min = LLONG_MAX, lat_max, lat_sum, samples, overruns;
static long long batch_min = LLONG_MAX, batch_max, batch_sum, batch_n, per_report;

/* One finished batch, handed to the work item. */
static struct {
	long long min, avg, max, all_max, overruns;
} report;
static void print_report(struct work_struct *w)
{
	pr_info("HRT|%11lld|%11lld|%11lld|%11lld|%11lld\n", report.min, report.avg, report.max, report.all_max,
		report.overruns);
}
static DECLARE_WORK(report_work, print_report);

static enum hrtimer_restart tick(struct hrtimer *t)
{
	long long lat = ktime_to_ns(ktime_sub(ktime_get(), hrtimer_get_expires(t)));

	if (lat < lat_min)
		lat_min = lat;
	if (lat > lat_max)
		lat_max = lat;
	if (lat < batch_min)
		batch_min = lat;
	if (lat > batch_max)
		batch_max = lat;
	lat_sum += lat;
	batch_sum += lat;
	samples++;
	if (++batch_n >= per_report) {
		report.min = batch_min;
		report.avg = div64_s64(batch_sum, batch_n);
		report.max = batch_max;
		report.all_max = lat_max;
		report.overruns = overruns;
		schedule_work(&report_work);
		batch_min = LLONG_MAX;
		batch_max = batch_sum = batch_n = 0;
	}
	if (lat >= ktime_to_ns(period))
		overruns++;
	hrtimer_forward(t, hrtimer_get_expires(t), period); /* the next period, even if already past */
	return HRTIMER_RESTART;
}

static int __init tx_hrtimer_init(void)
{
	if (period_us <= 0 || report_ms <= 0)
		return -EINVAL;
	period = ns_to_ktime((u64)period_us * 1000);
	per_report = max(1LL, div_s64((long long)report_ms * 1000, period_us));
	hrtimer_init(&timer, CLOCK_MONOTONIC, HRTIMER_MODE_ABS_HARD);
	timer.function = tick;
	pr_info("HRH|%11s|%11s|%11s|%11s|%11s\n", "lat min", "lat avg", "lat max", "ovl max", "overruns");
	hrtimer_start(&timer, ktime_add(ktime_get(), period), HRTIMER_MODE_ABS_HARD);
	return 0;
}

static void __exit tx_hrtimer_exit(void)
{
	hrtimer_cancel(&timer);
	cancel_work_sync(&report_work);
	pr_info("tx_hrtimer: period %d us: %lld samples, overruns %lld, latency min %lld avg %lld max %lld ns\n",
		period_us, samples, overruns, samples ? lat_min : 0, samples ? div64_s64(lat_sum, samples) : 0, lat_max);
}

module_init(tx_hrtimer_init);
module_exit(tx_hrtimer_exit);
MODULE_LICENSE("GPL");
