// SPDX-License-Identifier: GPL-2.0
/*
 * sched/linux/calibrate.c - one round of the timer gravity calibration
 * (sched_module.c, Xenomai's "autotune"): a periodic task of the highest
 * priority records how late its jobs start; the shortest lateness is a path
 * length (the longer ones are Linux's interference). Uses the RTAI API like
 * any user task, so the path measured is the one user tasks take.
 */
#include <linux/delay.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>

#include <rtai_sched.h>

#include "calibrate.h"

#define CALIBRATION_PERIOD_NS 250000
#define CALIBRATION_JOBS 64
#define CALIBRATION_TIMEOUT_MS 2000 /* 16 ms of jobs: only a stalled timer takes this long */

static RT_TASK calibration_task;
static long long lat_min;              /* counts */
static int jobs_done;                  /* written by the task, polled by Linux */

static void calibration_job_loop(long unused)
{
	RTIME period = nano2count(CALIBRATION_PERIOD_NS);
	RTIME release = rt_get_time() + period;
	int jobs = 0;

	rt_task_make_periodic(NULL, release, period);
	for (;;) {
		long long lat = rt_get_time() - release; /* the job's first thing */

		if (lat < lat_min)
			lat_min = lat;
		WRITE_ONCE(jobs_done, ++jobs);
		if (jobs == CALIBRATION_JOBS)
			break;
		while (rt_task_wait_period() == RTE_TMROVRN)
			release += period; /* that job's lateness is not a path length */
		release += period;
	}
	rt_task_suspend(NULL);
}

long long tx_sched_calibrate_latency_ns(void)
{
	unsigned long give_up = jiffies + msecs_to_jiffies(CALIBRATION_TIMEOUT_MS);
	int err;

	lat_min = LLONG_MAX;
	jobs_done = 0;
	memset(&calibration_task, 0, sizeof(calibration_task));
	err = rt_task_init(&calibration_task, calibration_job_loop, 0, 8192, RT_SCHED_HIGHEST_PRIORITY, 0, NULL);
	if (err)
		return err;
	err = rt_task_resume(&calibration_task);
	while (!err && READ_ONCE(jobs_done) < CALIBRATION_JOBS && time_before(jiffies, give_up))
		msleep(1);
	rt_task_delete(&calibration_task);
	if (err)
		return err;
	if (READ_ONCE(jobs_done) < CALIBRATION_JOBS)
		return -ETIMEDOUT;
	return lat_min > 0 ? count2nano(lat_min) : 0;
}
