// SPDX-License-Identifier: GPL-2.0
/*
 * tools/bench/modules/bench_tlat.c - Tactus release latency, RTAI style.
 *
 * Two periodic real-time tasks released at the same start time:
 *   H  priority 'prio', period 'period_us': the measured task;
 *   L  priority 'low_prio' (lower), period 'low_period_us', busy for
 *      'low_work_us' in every job, so that H often preempts a running
 *      real-time task and every low_period/period-th release of H shares
 *      its timer interrupt with L's ('low_offset_us' shifts L's releases;
 *      low_period_us=0: no L, both for analysis).
 * Each job first reads the time base and records (now - release time) in a
 * bench_hist (1 us buckets, exact min/avg/max). H records 'samples' jobs,
 * then both stop recording and sysfs parameter 'done' becomes 1; the tasks
 * keep running until rmmod. Every 'report_ms' H prints the RTAI latency
 * display line through rt_printk (drained by Linux, never blocking H):
 *   RTD|    lat min|    lat avg|    lat max|    ovl max|   overruns   (ns)
 * /proc/bench_tlat prints both records (bench_hist.h format).
 * Every release is one sample: when a job ends after the next release,
 * rt_task_wait_period() returns RTE_TMROVRN at once and the next job starts
 * late (counted in 'overruns'), as cyclictest and bench_hrt count a late
 * wake-up/callback per period.
 */
#include <linux/math64.h> /* div64_s64: no 64-bit "/" on 32-bit ARM */
#include <linux/module.h>
#include <linux/proc_fs.h>

#include <rtai_sched.h>

#include "bench_hist.h"

static int period_us = 1000;
module_param(period_us, int, 0444);
static int samples = 10000;
module_param(samples, int, 0444);
static int prio = 1;
module_param(prio, int, 0444);
static int low_period_us = 10000;
module_param(low_period_us, int, 0444);
static int low_work_us = 1000;
module_param(low_work_us, int, 0444);
static int low_prio = 2;
module_param(low_prio, int, 0444);
static int low_offset_us;
module_param(low_offset_us, int, 0444);
MODULE_PARM_DESC(low_offset_us, "L's first release after H's (0: together, the default; for analysis)");
static int report_ms = 1000;
module_param(report_ms, int, 0444);
static int nbins = 30000;
module_param(nbins, int, 0444);
static int done;
module_param(done, int, 0444);
MODULE_PARM_DESC(done, "1 once H has recorded 'samples' jobs");

static RT_TASK task_h, task_l;
static struct bench_hist hist_h, hist_l;
static RTIME start;
static int recording = 1;
/* Converted at init, not in the jobs: the first job's first instruction
 * reads the time. (A conversion before it, a 64-bit division, cost the
 * first sample 490 instructions on 32-bit ARM and showed as the worst case
 * of every load.) */
static RTIME period_h, period_l, start_l;
static long long per_report;

static void high(long unused)
{
	RTIME expected = start;
	long long b_min = LLONG_MAX, b_max = LLONG_MIN, b_sum = 0, b_n = 0;

	for (;;) {
		long long lat = rt_get_time() - expected; /* the first thing of the job */

		if (READ_ONCE(recording)) {
			long long ns = count2nano(lat);

			bench_hist_add(&hist_h, ns);
			if (ns < b_min)
				b_min = ns;
			if (ns > b_max)
				b_max = ns;
			b_sum += ns;
			if (++b_n == per_report) {
				rt_printk("RTD|%11lld|%11lld|%11lld|%11lld|%11lld\n", b_min, div64_s64(b_sum, b_n), b_max,
					  hist_h.max_ns, (long long)hist_h.overruns);
				b_min = LLONG_MAX;
				b_max = LLONG_MIN;
				b_sum = b_n = 0;
			}
			if (hist_h.samples >= (u64)samples) {
				WRITE_ONCE(recording, 0);
				WRITE_ONCE(done, 1);
			}
		}
		/* Every return starts the job of the next release, also when it
		 * is already past (RTE_TMROVRN): that job is a (late) sample too,
		 * as in cyclictest and bench_hrt. */
		if (rt_task_wait_period() == RTE_TMROVRN && READ_ONCE(recording))
			hist_h.overruns++;
		expected += period_h;
	}
}

static void low(long unused)
{
	RTIME expected = start_l;

	for (;;) {
		long long lat = rt_get_time() - expected;

		if (READ_ONCE(recording))
			bench_hist_add(&hist_l, count2nano(lat));
		if (low_work_us)
			rt_busy_sleep(low_work_us * 1000);
		if (rt_task_wait_period() == RTE_TMROVRN && READ_ONCE(recording))
			hist_l.overruns++;
		expected += period_l;
	}
}

static int show(struct seq_file *m, void *v)
{
	seq_printf(m, "state %s\n", READ_ONCE(done) ? "done" : "running");
	bench_hist_show(m, &hist_h);
	bench_hist_show(m, &hist_l);
	return 0;
}

static int __init bench_tlat_init(void)
{
	int err;

	if (period_us <= 0 || low_period_us < 0 || samples <= 0 || nbins <= 0 || low_work_us < 0 ||
	    low_offset_us < 0 || (low_period_us && low_work_us >= low_period_us))
		return -EINVAL;
	err = bench_hist_init(&hist_h, period_us == 100 ? "tactus-100us" : period_us == 1000 ? "tactus-1ms" : "tactus",
			      (s64)period_us * 1000, nbins);
	if (!err)
		err = bench_hist_init(&hist_l, "tactus-low", (s64)low_period_us * 1000, nbins);
	if (err)
		goto free;
	err = rt_task_init(&task_h, high, 0, 16384, prio, 0, NULL);
	if (err)
		goto free;
	if (low_period_us) {
		err = rt_task_init(&task_l, low, 0, 16384, low_prio, 0, NULL);
		if (err)
			goto del_h;
	}
	if (!proc_create_single("bench_tlat", 0444, NULL, show)) {
		err = -ENOMEM;
		goto del_l;
	}
	rt_printk("RTH|%11s|%11s|%11s|%11s|%11s\n", "lat min", "lat avg", "lat max", "ovl max", "overruns");
	period_h = nano2count((RTIME)period_us * 1000);
	period_l = nano2count((RTIME)low_period_us * 1000);
	per_report = max(1LL, div_s64((s64)report_ms * 1000, period_us));
	start = rt_get_time() + nano2count(10 * 1000 * 1000);
	start_l = start + nano2count((RTIME)low_offset_us * 1000);
	if (low_period_us)
		rt_task_make_periodic(&task_l, start_l, period_l);
	rt_task_make_periodic(&task_h, start, period_h);
	return 0;
del_l:
	if (low_period_us)
		rt_task_delete(&task_l);
del_h:
	rt_task_delete(&task_h);
free:
	bench_hist_free(&hist_h);
	bench_hist_free(&hist_l);
	return err;
}

static void __exit bench_tlat_exit(void)
{
	rt_task_delete(&task_h);
	if (low_period_us)
		rt_task_delete(&task_l);
	remove_proc_entry("bench_tlat", NULL);
	pr_info("bench_tlat: period %d us: %llu samples, overruns %llu, latency min %lld avg %lld max %lld ns\n",
		period_us, hist_h.samples, hist_h.overruns, hist_h.samples ? hist_h.min_ns : 0,
		hist_h.samples ? div64_s64(hist_h.sum_ns, (s64)hist_h.samples) : 0,
		hist_h.samples ? hist_h.max_ns : 0);
	bench_hist_free(&hist_h);
	bench_hist_free(&hist_l);
}

module_init(bench_tlat_init);
module_exit(bench_tlat_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Tactus release latency benchmark (RTAI latency style, with a lower-priority task)");
