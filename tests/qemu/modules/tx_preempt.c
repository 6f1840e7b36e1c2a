// SPDX-License-Identifier: GPL-2.0
/*
 * tests/qemu/modules/tx_preempt.c - RTAI's "preempt" test shape: three
 * periodic tasks on CPU 0,
 *   latency (priority 0, lat_period_us)  measures its release latency,
 *   fast    (priority 1, fast_period_us) busy for fast_busy_us per job,
 *   slow    (priority 2, slow_period_us) busy for slow_busy_us per job,
 * so that fast jobs preempt slow jobs and latency jobs preempt both. Each
 * job start and end is logged (in order, atomically) into an array for
 * run_ms; at unload the log is checked and the module prints
 *   tx_preempt: PASS <check> ... / tx_preempt: FAIL <check>: <why>
 *   tx_preempt: result key=value ...
 * Checks: a job starts only while every job in progress has a lower
 * priority (preemption by priority), jobs end in LIFO order (the preempted
 * job resumes only after the preempting one ended), every kind of nesting
 * occurred (fast in slow, latency in fast, latency in slow). Timing (job
 * counts, latency worst case, overruns) is printed in the result line for
 * the test script, which asserts it only on deterministic boots.
 */
#include <linux/math64.h> /* 64-bit "/" for 32-bit ARM kernels */
#include <linux/atomic.h>
#include <linux/delay.h>
#include <linux/module.h>

#include <rtai_sched.h>

static int lat_period_us = 1000;
module_param(lat_period_us, int, 0444);
static int fast_period_us = 4000;
module_param(fast_period_us, int, 0444);
static int fast_busy_us = 2000;
module_param(fast_busy_us, int, 0444);
static int slow_period_us = 24000;
module_param(slow_period_us, int, 0444);
static int slow_busy_us = 6000;
module_param(slow_busy_us, int, 0444);
static int run_ms = 1500;
module_param(run_ms, int, 0444);
static int stagger_us;
module_param(stagger_us, int, 0444);
MODULE_PARM_DESC(stagger_us, "release the fast task this much and the slow task twice this much after the latency task (0: together)");
/* 1 once run_ms is over (the test script polls it). */
static int done;
module_param(done, int, 0444);

enum { LAT, FAST, SLOW, NTASKS };
static const char *const names[NTASKS] = { "latency", "fast", "slow" };

#define MAXEV 16384
struct ev {
	RTIME t;
	unsigned char task, start;
};
static struct ev evlog[MAXEV];
static atomic_t nev = ATOMIC_INIT(0);
static atomic_t lost = ATOMIC_INIT(0);

static RT_TASK tasks[NTASKS];
static RTIME t_start, t_end;
static struct tstat {
	long long jobs, overruns, lat_max, lat_sum;
} st[NTASKS];

static void log_ev(int task, int start)
{
	int i = atomic_inc_return(&nev) - 1;

	if (i >= MAXEV) {
		atomic_inc(&lost);
		return;
	}
	evlog[i].t = rt_get_time();
	evlog[i].task = task;
	evlog[i].start = start;
}

static void job_loop(long which)
{
	static const int *const periods[NTASKS] = { &lat_period_us, &fast_period_us, &slow_period_us };
	int busy_us = which == FAST ? fast_busy_us : which == SLOW ? slow_busy_us : 0;
	RTIME period = nano2count((RTIME)*periods[which] * 1000);
	RTIME release = t_start + nano2count((RTIME)which * stagger_us * 1000);
	struct tstat *s = &st[which];

	for (;;) {
		RTIME now = rt_get_time();
		long long lat = now - release;
		int rec = now < t_end;

		if (rec) {
			log_ev(which, 1);
			s->jobs++;
			if (lat > s->lat_max)
				s->lat_max = lat;
			s->lat_sum += lat;
		} else if (!done && which == LAT) {
			done = 1;
		}
		if (busy_us)
			rt_busy_sleep(busy_us * 1000);
		if (rec)
			log_ev(which, 0);
		while (rt_task_wait_period() == RTE_TMROVRN) {
			if (rec)
				s->overruns++;
			release += period;
		}
		release += period;
	}
}

static int __init tx_preempt_init(void)
{
	int i, err;

	for (i = 0; i < NTASKS; i++) {
		err = rt_task_init_cpuid(&tasks[i], job_loop, i, 16384, i, 0, NULL, 0);
		if (err) {
			while (--i >= 0)
				rt_task_delete(&tasks[i]);
			return err;
		}
	}
	/* All released together, a little in the future. */
	t_start = rt_get_time() + nano2count(2000000);
	t_end = t_start + nano2count((RTIME)run_ms * 1000000);
	rt_task_make_periodic(&tasks[LAT], t_start, nano2count((RTIME)lat_period_us * 1000));
	rt_task_make_periodic(&tasks[FAST], t_start + nano2count((RTIME)stagger_us * 1000),
			      nano2count((RTIME)fast_period_us * 1000));
	rt_task_make_periodic(&tasks[SLOW], t_start + nano2count((RTIME)stagger_us * 2000),
			      nano2count((RTIME)slow_period_us * 1000));
	return 0;
}

static void check(int ok, const char *name, const char *why)
{
	if (ok)
		pr_info("tx_preempt: PASS %s\n", name);
	else
		pr_info("tx_preempt: FAIL %s: %s\n", name, why);
}

static void __exit tx_preempt_exit(void)
{
	int stack[NTASKS + 1], depth = 0, i, n = min(atomic_read(&nev), MAXEV);
	long long nest[NTASKS][NTASKS] = { { 0 } }; /* nest[inner][outer] */
	int prio_bad = 0, lifo_bad = 0, first_bad = -1;
	char why[160] = "";

	for (i = 0; i < NTASKS; i++)
		rt_task_delete(&tasks[i]);

	for (i = 0; i < n; i++) {
		struct ev *e = &evlog[i];
		int k;

		if (e->start) {
			/* Every job in progress must have a lower priority
			 * (a higher number) than the one that starts. */
			for (k = 0; k < depth; k++) {
				if (stack[k] <= e->task) {
					if (!prio_bad++ && first_bad < 0)
						first_bad = i;
				} else {
					nest[e->task][stack[k]]++;
				}
			}
			if (depth < NTASKS)
				stack[depth++] = e->task;
			else
				prio_bad++;
		} else {
			if (depth == 0 || stack[depth - 1] != e->task) {
				if (!lifo_bad++ && first_bad < 0)
					first_bad = i;
				/* resynchronise: drop that task from the stack */
				for (k = 0; k < depth; k++)
					if (stack[k] == e->task) {
						memmove(&stack[k], &stack[k + 1], (depth - k - 1) * sizeof(int));
						depth--;
						break;
					}
			} else {
				depth--;
			}
		}
	}
	if (first_bad >= 0) {
		int a = max(first_bad - 3, 0), b = min(first_bad + 3, n), k, len = 0;

		len = scnprintf(why, sizeof(why), "event %d of %d, around it:", first_bad, n);
		for (k = a; k < b; k++)
			len += scnprintf(why + len, sizeof(why) - len, " %c%c@%lldus", "LFS"[evlog[k].task],
					 evlog[k].start ? '+' : '-', div_s64(count2nano(evlog[k].t - t_start), 1000));
	}
	pr_info("tx_preempt: result events=%d lost=%d lat_jobs=%lld fast_jobs=%lld slow_jobs=%lld "
		"lat_overruns=%lld fast_overruns=%lld slow_overruns=%lld lat_max_ns=%lld lat_avg_ns=%lld "
		"fast_lat_max_ns=%lld slow_lat_max_ns=%lld fast_in_slow=%lld lat_in_fast=%lld lat_in_slow=%lld "
		"prio_violations=%d lifo_violations=%d\n",
		n, atomic_read(&lost), st[LAT].jobs, st[FAST].jobs, st[SLOW].jobs, st[LAT].overruns,
		st[FAST].overruns, st[SLOW].overruns, count2nano(st[LAT].lat_max),
		st[LAT].jobs ? count2nano(div64_s64(st[LAT].lat_sum, st[LAT].jobs)) : 0, count2nano(st[FAST].lat_max),
		count2nano(st[SLOW].lat_max), nest[FAST][SLOW], nest[LAT][FAST], nest[LAT][SLOW], prio_bad,
		lifo_bad);

	check(n > 0 && atomic_read(&lost) == 0, "log", "no events, or the log overflowed");
	check(!prio_bad, "priority-order", why[0] ? why : "a job started while an equal or higher one ran");
	check(!lifo_bad, "lifo-nesting", why[0] ? why : "a preempted job ended before the preempting one");
	check(nest[FAST][SLOW] > 0, "fast-preempts-slow", "no fast job ran inside a slow job");
	check(nest[LAT][FAST] > 0, "latency-preempts-fast", "no latency job ran inside a fast job");
	check(nest[LAT][SLOW] > 0, "latency-preempts-slow", "no latency job ran inside a slow job");
}

module_init(tx_preempt_init);
module_exit(tx_preempt_exit);
MODULE_LICENSE("GPL");
