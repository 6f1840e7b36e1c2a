// SPDX-License-Identifier: GPL-2.0
/*
 * tests/install/tx_installed/tx_installed.c - a real-time module as a user
 * writes it against an installed Tactus (the headers of the tactus-tools
 * package, nothing of the source tree): a 1 ms periodic task runs 200 jobs,
 * counts them and signals a semaphore after the last; a second task waits
 * for it with a timeout; the jobs' worst lateness (from each release to the
 * return of rt_task_wait_period) stays below a period. Prints
 * "tx_installed: PASS|FAIL <name> (...)".
 */
#include <linux/delay.h>
#include <linux/module.h>

#include <rtai_sched.h>
#include <rtai_sem.h>

#define JOBS 200

static RT_TASK periodic, waiter;
static SEM done;
static volatile int jobs, waited, finished;
static volatile long long worst_late_ns;

static void periodic_body(long arg)
{
	RTIME period = nano2count(1000000), next = rt_get_time() + period;

	rt_task_make_periodic(&periodic, next, period); /* returns at the first release */
	next += period;
	while (jobs < JOBS) {
		long long late;

		rt_task_wait_period();
		late = count2nano(rt_get_time() - next);
		if (late > worst_late_ns)
			worst_late_ns = late;
		next += period;
		jobs++;
	}
	rt_sem_signal(&done);
}

static void waiter_body(long arg)
{
	waited = rt_sem_wait_timed(&done, nano2count(2000000000LL));
	finished = 1;
}

static void report(int ok, const char *name, long long v)
{
	pr_info("tx_installed: %s %s (%lld)\n", ok ? "PASS" : "FAIL", name, v);
}

static int __init tx_installed_init(void)
{
	int i, err;

	rt_sem_init(&done, 0);
	err = rt_task_init(&waiter, waiter_body, 0, 8192, 1, 0, NULL) ||
	      rt_task_init(&periodic, periodic_body, 0, 8192, 2, 0, NULL) || rt_task_resume(&waiter) ||
	      rt_task_resume(&periodic);
	report(!err, "tasks-made", err);
	for (i = 0; !err && !finished && i < 500; i++)
		msleep(10);
	report(finished && waited < RTE_LOWERR && jobs == JOBS, "periodic-jobs-then-semaphore", jobs);
	report(worst_late_ns < 1000000, "lateness-below-a-period", worst_late_ns);
	return 0;
}

static void __exit tx_installed_exit(void)
{
	rt_task_delete(&periodic);
	rt_task_delete(&waiter);
	rt_sem_delete(&done);
}

module_init(tx_installed_init);
module_exit(tx_installed_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Tactus test: a module built against the installed packages");
