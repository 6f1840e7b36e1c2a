// SPDX-License-Identifier: GPL-2.0
/*
 * tests/qemu/modules/tx_latency.c - a periodic real-time task that measures
 * its own release latency (start of each job minus its release time), like
 * RTAI's latency test. Parameters: period_us, priority, fpu. Prints
 * "RTD|" lines every 'report_ms' and a summary at unload.
 */
#include <linux/math64.h> /* 64-bit "/" for 32-bit ARM kernels */
#include <linux/module.h>

#include <rtai_sched.h>

static int period_us = 1000;
module_param(period_us, int, 0444);
static int priority;
module_param(priority, int, 0444);
static int report_ms = 1000;
module_param(report_ms, int, 0444);
static int work_us;
module_param(work_us, int, 0444);

static RT_TASK task;
/* In counts of the time base: converted to ns only when printed. */
static long long lat_min = LLONG_MAX, lat_max, lat_sum, samples, overruns;
static long long batch_min = LLONG_MAX, batch_max, batch_sum, batch_n;

static void measure(long unused)
{
	RTIME period = nano2count((RTIME)period_us * 1000);
	RTIME expected = rt_get_time() + period;
	long long per_report = div_s64((long long)report_ms * 1000, period_us);

	rt_task_make_periodic(NULL, expected, period);
	for (;;) {
		long long lat = rt_get_time() - expected; /* first thing of the job */

		if (lat < lat_min) lat_min = lat;
		if (lat > lat_max) lat_max = lat;
		if (lat < batch_min) batch_min = lat;
		if (lat > batch_max) batch_max = lat;
		lat_sum += lat;
		batch_sum += lat;
		samples++;
		if (++batch_n == per_report) {
			rt_printk("RTD|%11lld|%11lld|%11lld|%11lld|%11lld\n", count2nano(batch_min),
				  count2nano(div64_s64(batch_sum, batch_n)), count2nano(batch_max), count2nano(lat_max), overruns);
			batch_min = LLONG_MAX;
			batch_max = batch_sum = batch_n = 0;
		}
		if (work_us)
			rt_busy_sleep(work_us * 1000);
		while (rt_task_wait_period() == RTE_TMROVRN) {
			overruns++;
			expected += period;
		}
		expected += period;
	}
}

static int __init tx_latency_init(void)
{
	int err = rt_task_init(&task, measure, 0, 16384, priority, 0, NULL);

	if (err)
		return err;
	rt_printk("RTH|%11s|%11s|%11s|%11s|%11s\n", "lat min", "lat avg", "lat max", "ovl max", "overruns");
	return rt_task_resume(&task);
}

static void __exit tx_latency_exit(void)
{
	rt_task_delete(&task);
	pr_info("tx_latency: period %d us: %lld samples, overruns %lld, latency min %lld avg %lld max %lld ns\n",
		period_us, samples, overruns, samples ? count2nano(lat_min) : 0,
		samples ? count2nano(div64_s64(lat_sum, samples)) : 0, count2nano(lat_max));
}

module_init(tx_latency_init);
module_exit(tx_latency_exit);
MODULE_LICENSE("GPL");
