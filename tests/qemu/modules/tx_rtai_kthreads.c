// SPDX-License-Identifier: GPL-2.0
/*
 * tests/qemu/modules/tx_rtai_kthreads.c - RTAI's kernel threads as RTAI's
 * kthreads testsuite writes them: module init starts two threads with
 * rt_thread_create, each makes itself a hard real-time task with
 * rt_thread_init(..., make_hard 1, SCHED_FIFO, ...) as its first statement.
 *   "KTA" (priority 1): periodic every 1 ms for 100 periods, signalling a
 *        semaphore each period; then soft (rt_make_soft_real_time): as Linux
 *        it may sleep (msleep) with interrupts on; hard again for 20 more
 *        periods; soft, then it deletes its task and returns
 *   "KTB" (priority 2): takes the 120 signals (rt_sem_wait_timed), then
 *        returns while still hard, as RTAI's "preempt" test does: the
 *        thread's end softens and deletes its task
 * Init waits for both (5 s at most) and checks (the lateness bound, 2 ms,
 * with timing=1 only: on a boot without -icount the host stalls the
 * emulated CPUs). Prints
 * "tx_rtai_kthreads: PASS|FAIL <name> (...)"; 7 checks.
 */
#include <linux/delay.h>
#include <linux/irqflags.h>
#include <linux/module.h>
#include <linux/preempt.h>
#include <linux/sched.h>

#include <rtai_registry.h>
#include <rtai_sched.h>
#include <rtai_sem.h>

#include "tx_check.h"

static int timing; /* 1 on deterministic boots (-icount): latency is bounded */
module_param(timing, int, 0444);

#define PERIODS_FIRST 100
#define PERIODS_SECOND 20

static SEM tick;
static volatile int a_done, b_done, a_periods, b_taken, a_who_ok, a_linux_ok, a_deleted;
static volatile long long a_late_max_ns = -1;

TX_CHECKS("tx_rtai_kthreads")

static void run_periods(RT_TASK *me, int n)
{
	RTIME period = nano2count(1000000);
	int i;

	rt_task_make_periodic(me, rt_get_time() + period, period);
	for (i = 0; i < n; i++) {
		RTIME release = next_period();
		long long late;

		rt_task_wait_period();
		late = count2nano(rt_get_time() - release);
		if (late > a_late_max_ns)
			a_late_max_ns = late;
		a_periods++;
		rt_sem_signal(&tick);
	}
}

static void thread_a(void *arg)
{
	RT_TASK *me = rt_thread_init(nam2num("KTA"), 1, 1, SCHED_FIFO, 0x1);

	if (!me) {
		a_done = -1;
		return;
	}
	a_who_ok = rt_whoami() == me;
	run_periods(me, PERIODS_FIRST);
	rt_make_soft_real_time(me);
	/* Linux again: a task context with interrupts on and no preemption
	 * disabled by us; it may sleep. */
	a_linux_ok = (!irqs_disabled() ? 1 : 0) | (in_task() ? 2 : 0) | (preempt_count() == 0 ? 4 : 0);
	msleep(5);
	rt_make_hard_real_time(me);
	a_who_ok = a_who_ok && rt_whoami() == me;
	run_periods(me, PERIODS_SECOND);
	rt_make_soft_real_time(me);
	a_deleted = rt_thread_delete(me) == 0;
	a_done = 1;
}

static void thread_b(void *arg)
{
	RT_TASK *me = rt_thread_init(nam2num("KTB"), 2, 1, SCHED_FIFO, 0x1);
	int i;

	if (!me) {
		b_done = -1;
		return;
	}
	for (i = 0; i < PERIODS_FIRST + PERIODS_SECOND; i++)
		if (rt_sem_wait_timed(&tick, nano2count(2000000000LL)) < RTE_LOWERR)
			b_taken++;
	b_done = 1;
	/* returns hard: the thread's end gives the task back */
}

static bool wait_for(volatile int *flag)
{
	int i;

	for (i = 0; i < 500 && !*flag; i++)
		msleep(10);
	return *flag;
}

static bool gone(const char *name)
{
	int i;

	for (i = 0; i < 100 && rt_get_adr(nam2num(name)); i++)
		msleep(10);
	return !rt_get_adr(nam2num(name));
}

static int __init tx_rtai_kthreads_init(void)
{
	struct task_struct *ta = NULL, *tb = NULL;
	bool ok;

	rt_typed_sem_init(&tick, 0, CNT_SEM);
	rt_thread_create(thread_b, NULL, &tb);
	rt_thread_create(thread_a, NULL, &ta);
	check(!IS_ERR_OR_NULL(ta) && !IS_ERR_OR_NULL(tb), "threads-created", "%lld %lld", !IS_ERR_OR_NULL(ta),
	      !IS_ERR_OR_NULL(tb));
	ok = wait_for(&a_done) && wait_for(&b_done);
	check(ok && a_done == 1 && a_periods == PERIODS_FIRST + PERIODS_SECOND, "a-ran-its-periods-hard",
	      "%lld periods, done %lld", a_periods, a_done);
	check(a_late_max_ns >= 0 && (!timing || a_late_max_ns < 2000000), "a-lateness", "worst %lld ns", a_late_max_ns,
	      0);
	check(a_who_ok, "a-ran-as-its-task", "%lld", a_who_ok, 0);
	check(a_linux_ok == 7, "a-soft-is-linux", "irqs on 1, in task 2, no preempt count 4: %lld of 7", a_linux_ok, 0);
	check(b_done == 1 && b_taken == PERIODS_FIRST + PERIODS_SECOND, "b-took-every-signal", "%lld of %lld", b_taken,
	      PERIODS_FIRST + PERIODS_SECOND);
	check(a_deleted && gone("KTA") && gone("KTB"), "tasks-given-back", "a deleted itself %lld, b returned hard", a_deleted,
	      0);
	rt_sem_delete(&tick);
	pr_info("tx_rtai_kthreads: result passed=%d failed=%d\n", passed, failed);
	return 0;
}

static void __exit tx_rtai_kthreads_exit(void) { }

module_init(tx_rtai_kthreads_init);
module_exit(tx_rtai_kthreads_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Tactus test: RTAI kernel threads");
