// SPDX-License-Identifier: GPL-2.0
/*
 * tools/bench/modules/bench_switches.c - RTAI "switches"-style costs of
 * Tactus, and how they scale with the number of real-time tasks.
 *
 * mode=0 (switches): 'ntasks' worker tasks at priority 100 and a main task
 *   at priority 200 (lower). The main task, 'total' times in all (round
 *   robin over the workers), does one of:
 *     suspend/resume  rt_task_resume(worker), which runs at once and
 *                     rt_task_suspend()s itself again: 2 switches;
 *     semaphore       rt_sem_signal(&sem[worker]), the worker wakes from
 *                     rt_sem_wait() and waits again: 2 switches;
 *     rpc             rt_rpc(worker) -> rt_receive() + rt_return(): a round
 *                     trip, 2 switches.
 *   Each operation is timed alone with the time base; the cost of the two
 *   reads (an empty operation) is subtracted. Switch time = round trip / 2.
 * mode=1 (timer, staggered) / mode=2 (timer, simultaneous): 'ntasks'
 *   periodic tasks (priority 100, period 'timer_period_us', empty jobs)
 *   released at evenly spread phases (1) or all at once (2), under a
 *   lowest-priority spinner task that reads the time base in a tight loop:
 *   every gap in its readings is time taken by the co-kernel (timer
 *   interrupt, release, switches, the job). Overhead per release = the sum
 *   of the gaps / the jobs run inside the spinner's windows. The tasks'
 *   release latencies are recorded too.
 * Times are counts of the time base: on arm64 the 62.5 MHz counter, under
 * QEMU -icount shift=4 one count is one guest instruction (16 ns); on x86_64
 * the TSC (about 1 ns a count; under -icount shift=5 an instruction is
 * 32 ns). A spinner reading more than 'gap_min_ns' apart (default 1600 ns:
 * 100 instructions on arm64, 50 on x86_64, more than one iteration of its
 * loop on both) counts as a gap. Results: rt_printk lines and
 * /proc/bench_switches ("key value" lines); sysfs 'done' becomes 1.
 * Load tactus_sched with watchdog_us=0: the spinner runs for 400 ms.
 */
#include <linux/math64.h> /* div64_s64: no 64-bit "/" on 32-bit ARM */
#include <linux/module.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>
#include <linux/vmalloc.h>

#include <rtai_msg.h>
#include <rtai_sched.h>
#include <rtai_sem.h>

static int ntasks = 1;
module_param(ntasks, int, 0444);
static int mode;
module_param(mode, int, 0444);
static int total = 10000;
module_param(total, int, 0444);
static int timer_period_us = 10000;
module_param(timer_period_us, int, 0444);
static int windows = 8;
module_param(windows, int, 0444);
static int window_us = 50000;
module_param(window_us, int, 0444);
static int gap_min_ns = 1600;
module_param(gap_min_ns, int, 0444);
MODULE_PARM_DESC(gap_min_ns, "modes 1, 2: a spinner step longer than this is time taken from it");
static int done;
module_param(done, int, 0444);

#define WORKER_PRIO 100
#define MAIN_PRIO 200
#define SPIN_PRIO 1000
static long long gap_min; /* counts: gap_min_ns, longer than one spinner iteration */

static RT_TASK *workers;
static SEM *sems;
static RT_TASK main_task;
static int loops;

struct op_stat {
	long long min, max, sum, n;
};
static struct op_stat st_empty, st_susp, st_sem, st_rpc;
/* timer modes: the period and each worker's first release, converted at
 * init, so that no worker job does a 64-bit division before its first time
 * read (on 32-bit ARM that was hundreds of instructions in the first
 * sample of every worker whose first release falls in a window). */
static RTIME t_start, period_counts;
static RTIME *first_release;
static int in_window;
static long long gaps, gap_sum, gap_max, jobs, lat_max, lat_sum, lat_n;

static void stat_add(struct op_stat *s, long long d)
{
	if (!s->n || d < s->min)
		s->min = d;
	if (d > s->max)
		s->max = d;
	s->sum += d;
	s->n++;
}

static long long stat_mean(const struct op_stat *s)
{
	return s->n ? div64_s64(s->sum, s->n) : 0;
}

/* ---- mode 0 ------------------------------------------------------------- */

static void worker(long k)
{
	unsigned long msg;
	RT_TASK *from;
	int i;

	for (i = 0; i <= loops; i++)
		rt_task_suspend(NULL);
	for (i = 0; i <= loops; i++)
		rt_sem_wait(&sems[k]);
	for (;;) {
		from = rt_receive(NULL, &msg);
		if ((unsigned long)from <= RTE_HIGERR)
			break;
		rt_return(from, msg + 1);
	}
}

#define TIMED(stat, op)                                                              \
	do {                                                                         \
		unsigned long long t0_ = rtai_rdtsc();                                \
		op;                                                                  \
		stat_add(&(stat), (long long)(rtai_rdtsc() - t0_));                   \
	} while (0)

static void switches(long unused)
{
	unsigned long res;
	int i, k;

	for (i = 0; i < 1000; i++)
		TIMED(st_empty, barrier());
	for (k = 0; k < ntasks; k++) /* start: each runs to its first suspend */
		rt_task_resume(&workers[k]);
	for (i = 0; i < loops; i++)
		for (k = 0; k < ntasks; k++)
			TIMED(st_susp, rt_task_resume(&workers[k]));
	for (k = 0; k < ntasks; k++) /* out of the suspend loop, into sem_wait */
		rt_task_resume(&workers[k]);
	for (i = 0; i < loops; i++)
		for (k = 0; k < ntasks; k++)
			TIMED(st_sem, rt_sem_signal(&sems[k]));
	for (k = 0; k < ntasks; k++) /* out of the semaphore loop, into rt_receive */
		rt_sem_signal(&sems[k]);
	for (i = 0; i < loops; i++)
		for (k = 0; k < ntasks; k++)
			TIMED(st_rpc, rt_rpc(&workers[k], i, &res));
	rt_printk("SWITCHES| %3d tasks | suspend/resume %5lld ns/switch | semaphore %5lld ns/switch | rpc round trip %5lld ns | counts: %lld / %lld / %lld\n",
		  ntasks, count2nano((stat_mean(&st_susp) - st_empty.min) / 2),
		  count2nano((stat_mean(&st_sem) - st_empty.min) / 2), count2nano(stat_mean(&st_rpc) - st_empty.min),
		  (stat_mean(&st_susp) - st_empty.min) / 2, (stat_mean(&st_sem) - st_empty.min) / 2,
		  stat_mean(&st_rpc) - st_empty.min);
	WRITE_ONCE(done, 1);
}

/* ---- modes 1, 2 ------------------------------------------------------------ */

static void periodic(long k)
{
	RTIME period = period_counts;
	RTIME expected = first_release[k];

	for (;;) {
		long long lat = rt_get_time() - expected;

		if (READ_ONCE(in_window)) {
			jobs++;
			if (lat > lat_max)
				lat_max = lat;
			lat_sum += lat;
			lat_n++;
		}
		while (rt_task_wait_period() == RTE_TMROVRN)
			expected += period;
		expected += period;
	}
}

static void spinner(long unused)
{
	RTIME window = nano2count((RTIME)window_us * 1000);
	int w;

	rt_sleep_until(t_start + nano2count(1000 * 1000));
	for (w = 0; w < windows; w++) {
		unsigned long long t0 = rtai_rdtsc(), prev = t0, now;

		WRITE_ONCE(in_window, 1);
		do {
			long long d;

			now = rtai_rdtsc();
			d = (long long)(now - prev);
			if (d > gap_min) {
				gaps++;
				gap_sum += d;
				if (d > gap_max)
					gap_max = d;
			}
			prev = now;
		} while ((long long)(now - t0) < window);
		WRITE_ONCE(in_window, 0);
		rt_sleep(nano2count(2 * 1000 * 1000));
	}
	rt_printk("TIMER| %3d tasks %-12s | overhead per release %6lld ns (%5lld counts), largest gap %lld counts | release latency max %lld ns avg %lld ns | %lld releases\n",
		  ntasks, mode == 1 ? "staggered" : "simultaneous", count2nano(jobs ? div64_s64(gap_sum, jobs) : 0),
		  jobs ? div64_s64(gap_sum, jobs) : 0, gap_max, count2nano(lat_max), count2nano(lat_n ? div64_s64(lat_sum, lat_n) : 0), jobs);
	WRITE_ONCE(done, 1);
}

/* ---- module ------------------------------------------------------------------ */

static int show(struct seq_file *m, void *v)
{
	seq_printf(m, "state %s\nntasks %d\nmode %s\n", READ_ONCE(done) ? "done" : "running", ntasks,
		   mode == 0 ? "switches" : mode == 1 ? "timer-staggered" : "timer-simultaneous");
	if (mode == 0) {
		seq_printf(m, "ops %lld\nempty_counts %lld\n", st_susp.n, st_empty.min);
		seq_printf(m, "suspend_resume_rt_counts %lld %lld %lld\n", stat_mean(&st_susp) - st_empty.min,
			   st_susp.min - st_empty.min, st_susp.max - st_empty.min);
		seq_printf(m, "sem_rt_counts %lld %lld %lld\n", stat_mean(&st_sem) - st_empty.min,
			   st_sem.min - st_empty.min, st_sem.max - st_empty.min);
		seq_printf(m, "rpc_rt_counts %lld %lld %lld\n", stat_mean(&st_rpc) - st_empty.min,
			   st_rpc.min - st_empty.min, st_rpc.max - st_empty.min);
	} else {
		seq_printf(m, "timer_period_ns %lld\nreleases %lld\ngaps %lld\ngap_sum_counts %lld\n",
			   (long long)timer_period_us * 1000, jobs, gaps, gap_sum);
		seq_printf(m, "gap_max_counts %lld\nlat_max_counts %lld\nlat_avg_counts %lld\n", gap_max, lat_max,
			   lat_n ? div64_s64(lat_sum, lat_n) : 0);
	}
	seq_printf(m, "ns_per_count_x1000 %lld\nend\n", count2nano(1000));
	return 0;
}

static int n_started;

static int __init bench_switches_init(void)
{
	int err = 0, k;

	if (ntasks < 1 || ntasks > 1000 || mode < 0 || mode > 2 || total < ntasks || gap_min_ns <= 0)
		return -EINVAL;
	gap_min = nano2count(gap_min_ns);
	loops = total / ntasks;
	workers = vzalloc(sizeof(*workers) * ntasks);
	sems = vzalloc(sizeof(*sems) * ntasks);
	first_release = vzalloc(sizeof(*first_release) * ntasks);
	if (!workers || !sems || !first_release) {
		err = -ENOMEM;
		goto free;
	}
	for (k = 0; k < ntasks; k++)
		rt_sem_init(&sems[k], 0);
	if (!proc_create_single("bench_switches", 0444, NULL, show)) {
		err = -ENOMEM;
		goto free;
	}
	t_start = rt_get_time() + nano2count(20 * 1000 * 1000);
	period_counts = nano2count((RTIME)timer_period_us * 1000);
	for (k = 0; k < ntasks; k++)
		first_release[k] = mode == 1 ? t_start + div_s64(period_counts * k, ntasks) : t_start;
	for (k = 0; k < ntasks; k++) {
		err = rt_task_init(&workers[k], mode == 0 ? worker : periodic, k, 8192, WORKER_PRIO, 0, NULL);
		if (err)
			goto del;
		n_started++;
	}
	err = rt_task_init(&main_task, mode == 0 ? switches : spinner, 0, 8192, mode == 0 ? MAIN_PRIO : SPIN_PRIO,
			   0, NULL);
	if (err)
		goto del;
	if (mode != 0)
		for (k = 0; k < ntasks; k++)
			rt_task_make_periodic(&workers[k], first_release[k], period_counts);
	rt_task_resume(&main_task);
	return 0;
del:
	while (n_started)
		rt_task_delete(&workers[--n_started]);
	remove_proc_entry("bench_switches", NULL);
free:
	vfree(workers);
	vfree(sems);
	vfree(first_release);
	return err;
}

static void __exit bench_switches_exit(void)
{
	int k;

	rt_task_delete(&main_task);
	for (k = 0; k < n_started; k++)
		rt_task_delete(&workers[k]);
	for (k = 0; k < ntasks; k++)
		rt_sem_delete(&sems[k]);
	remove_proc_entry("bench_switches", NULL);
	vfree(workers);
	vfree(sems);
	vfree(first_release);
}

module_init(bench_switches_init);
module_exit(bench_switches_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("RTAI switches-style costs and scaling with 1/10/100 tasks");
