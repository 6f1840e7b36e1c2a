// SPDX-License-Identifier: GPL-2.0
/*
 * tools/tactus/tactus_latency.c - the module behind `tactus latency`, as
 * RTAI's kern/latency is behind its `latency` display: one periodic
 * real-time task that measures its own release latency (the time its job
 * starts minus the time it was due) and, every report_ms, puts one record
 * of that batch on RT-FIFO 'fifo' for the command to print.
 *
 * Parameters: period_us (default 100), cpu (0), priority (0, the highest),
 * fifo (63), report_ms (1000), fpu (0: 1 makes it an FPU task, as RTAI's
 * latency with its FPU option), bucket_ns (1000, the histogram's bucket).
 * Read-only results: hist (the histogram, one count per bucket from 0, the
 * last one counting every latency beyond), samples, lost (records the FIFO
 * refused: its reader fell behind).
 *
 * A record is eight signed 64-bit words in the CPU's byte order:
 *   jobs in the batch, its minimum, average, maximum latency (ns),
 *   the latency of its last job (ns), overruns so far, jobs so far,
 *   records lost so far.
 */
#include <linux/math64.h>
#include <linux/module.h>

#include <rtai_fifos.h>
#include <rtai_sched.h>

#define TX_LAT_BUCKETS 200

static int period_us = 100;
module_param(period_us, int, 0444);
MODULE_PARM_DESC(period_us, "the task's period in microseconds (10..1000000)");
static int cpu;
module_param(cpu, int, 0444);
MODULE_PARM_DESC(cpu, "the CPU the task runs on");
static int priority;
module_param(priority, int, 0444);
MODULE_PARM_DESC(priority, "its RTAI priority (0 is the highest)");
static int fifo = 63;
module_param(fifo, int, 0444);
MODULE_PARM_DESC(fifo, "the RT-FIFO the records go to");
static int report_ms = 1000;
module_param(report_ms, int, 0444);
MODULE_PARM_DESC(report_ms, "one record per this many milliseconds");
static int fpu;
module_param(fpu, int, 0444);
MODULE_PARM_DESC(fpu, "1: an FPU task (its switches save and restore the FPU)");
static int bucket_ns = 1000;
module_param(bucket_ns, int, 0444);
MODULE_PARM_DESC(bucket_ns, "the histogram's bucket width in nanoseconds");

static unsigned long hist[TX_LAT_BUCKETS];
static int hist_n = TX_LAT_BUCKETS;
module_param_array(hist, ulong, &hist_n, 0444);
MODULE_PARM_DESC(hist, "jobs per latency bucket (read-only; the last counts everything beyond)");
static unsigned long samples;
module_param(samples, ulong, 0444);
static unsigned long lost;
module_param(lost, ulong, 0444);

static RT_TASK task;

struct batch {
	long long n, min, sum, max, last;
};

static void batch_add(struct batch *b, long long ns)
{
	long long bucket = div_s64(ns, bucket_ns); /* 32-bit ARM kernels have no 64-bit "/" */

	if (!b->n || ns < b->min)
		b->min = ns;
	if (!b->n || ns > b->max)
		b->max = ns;
	b->sum += ns;
	b->last = ns;
	b->n++;
	if (bucket < 0)
		bucket = 0;
	if (bucket >= TX_LAT_BUCKETS)
		bucket = TX_LAT_BUCKETS - 1;
	WRITE_ONCE(hist[bucket], hist[bucket] + 1);
	WRITE_ONCE(samples, samples + 1);
}

/* All-or-nothing: a record is never split (the reader reads whole ones). */
static void batch_send(struct batch *b, long long overruns)
{
	long long rec[8] = { b->n, b->min, div64_s64(b->sum, b->n), b->max, b->last, overruns, samples, lost };

	if (rtf_put_if(fifo, rec, sizeof(rec)) != sizeof(rec))
		WRITE_ONCE(lost, lost + 1);
	memset(b, 0, sizeof(*b));
}

/* Bounded per job: a few compares and one FIFO put per report. */
static void measure(long unused)
{
	RTIME period = nano2count((RTIME)period_us * 1000);
	RTIME due = rt_get_time() + period;
	long long per_report = div_s64((long long)report_ms * 1000, period_us), overruns = 0;
	struct batch b = { 0 };

	if (per_report < 1)
		per_report = 1;
	rt_task_make_periodic(NULL, due, period); /* waits for 'due' */
	for (;;) {
		batch_add(&b, count2nano(rt_get_time() - due)); /* the job's first act */
		if (b.n == per_report)
			batch_send(&b, overruns);
		/* An overrun skips the releases it missed; each one is counted. */
		while (rt_task_wait_period() == RTE_TMROVRN) {
			overruns++;
			due += period;
		}
		due += period;
	}
}

static int __init tactus_latency_init(void)
{
	int err;

	if (period_us < 10 || period_us > 1000000 || report_ms < 1 || bucket_ns < 1 || fifo < 0 ||
	    cpu < 0 || cpu >= num_possible_cpus() || !cpu_online(cpu)) {
		pr_err("tactus_latency: bad parameters (period_us 10..1000000, report_ms >= 1, bucket_ns >= 1, fifo >= 0, cpu online): period_us=%d report_ms=%d bucket_ns=%d fifo=%d cpu=%d\n",
		       period_us, report_ms, bucket_ns, fifo, cpu);
		return -EINVAL;
	}
	/* Room for a minute of records: a reader that falls behind loses the
	 * newest, counted in 'lost'. */
	err = rtf_create(fifo, 60 * 8 * sizeof(long long));
	if (err < 0) {
		pr_err("tactus_latency: rtf_create(%d) failed: %d\n", fifo, err);
		return err;
	}
	err = rt_task_init_cpuid(&task, measure, 0, 8192, priority, fpu, NULL, cpu);
	if (err) {
		pr_err("tactus_latency: rt_task_init_cpuid failed: %d\n", err);
		rtf_destroy(fifo);
		return err;
	}
	rt_task_resume(&task);
	pr_info("tactus_latency: period %d us on CPU %d, priority %d%s, records on /dev/rtf%d\n", period_us,
		cpu, priority, fpu ? ", FPU" : "", fifo);
	return 0;
}

static void __exit tactus_latency_exit(void)
{
	rt_task_delete(&task);
	rtf_destroy(fifo);
	pr_info("tactus_latency: %lu jobs measured, %lu records lost\n", samples, lost);
}

module_init(tactus_latency_init);
module_exit(tactus_latency_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Tactus: the release-latency task behind `tactus latency`");
