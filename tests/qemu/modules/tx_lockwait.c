// SPDX-License-Identifier: GPL-2.0
/*
 * tests/qemu/modules/tx_lockwait.c - scheduler work on two CPUs at once, for
 * the contention of the scheduler's locks (/proc/tactus/scheduler: "ipc
 * lock" and each CPU's lock-waits / lock-spins):
 *  - a ping-pong across the CPUs: P (CPU 0, periodic at rate_hz) signals
 *    'ping' and waits for 'pong'; Q (CPU 1) waits for 'ping' and signals
 *    'pong': every job is one wake-up of a task on the other CPU each way;
 *  - a busy timer on each CPU: T0 and T1, periodic at 2 * rate_hz, an
 *    empty job each: the timer interrupt path of both CPUs all along.
 * After 'seconds' it checks that every ping got its pong and that both
 * timer tasks ran ("tx_lockwait: PASS|FAIL <check>"), prints a result line
 * with the counts, and sets 'done'.
 */
#include <linux/math64.h> /* 64-bit "/" for 32-bit ARM kernels */
#include <linux/delay.h>
#include <linux/kthread.h>
#include <linux/module.h>

#include <rtai_sched.h>
#include <rtai_sem.h>

static int rate_hz = 2000;
module_param(rate_hz, int, 0444);
static int seconds = 2;
module_param(seconds, int, 0444);
static int done;
module_param(done, int, 0444);

static RT_TASK p_task, q_task, t_task[2];
static SEM ping, pong;
static volatile int running = 1;
static volatile long pings, pongs, ticks[2], bad;
static struct task_struct *controller;

static void p_body(long unused)
{
	while (READ_ONCE(running)) {
		pings++;
		rt_sem_signal(&ping);
		if (rt_sem_wait(&pong) >= RTE_LOWERR)
			bad++;
		rt_task_wait_period();
	}
	rt_task_suspend(NULL);
}

static void q_body(long unused)
{
	while (rt_sem_wait(&ping) < RTE_LOWERR) {
		if (rtai_cpuid() != 1)
			bad++;
		pongs++;
		rt_sem_signal(&pong);
	}
}

static void t_body(long cpu)
{
	for (;;) {
		ticks[cpu]++;
		rt_task_wait_period();
	}
}

static void check(bool ok, const char *name)
{
	pr_info("tx_lockwait: %s %s\n", ok ? "PASS" : "FAIL", name);
}

static int controller_fn(void *unused)
{
	long long period = div_s64(1000000000ll, rate_hz);

	rt_task_make_periodic_relative_ns(&t_task[0], period / 2, period / 2);
	rt_task_make_periodic_relative_ns(&t_task[1], period / 2, period / 2);
	rt_task_make_periodic_relative_ns(&p_task, period, period);
	msleep(seconds * 1000);
	WRITE_ONCE(running, 0);
	msleep(50);
	check(pings > 0 && pongs == pings, "every-ping-got-its-pong");
	check(bad == 0, "waits-succeeded-on-the-right-cpu");
	check(ticks[0] > 0 && ticks[1] > 0, "timer-tasks-ran-on-both-cpus");
	pr_info("tx_lockwait: result pings=%ld pongs=%ld ticks0=%ld ticks1=%ld bad=%ld\n", pings, pongs, ticks[0],
		ticks[1], bad);
	WRITE_ONCE(done, 1);
	while (!kthread_should_stop())
		msleep(20);
	return 0;
}

static int __init tx_lockwait_init(void)
{
	int err;

	if (num_online_cpus() < 2) {
		pr_err("tx_lockwait: needs 2 CPUs\n");
		return -ENODEV;
	}
	rt_sem_init(&ping, 0);
	rt_sem_init(&pong, 0);
	err = rt_task_init_cpuid(&p_task, p_body, 0, 8192, 10, 0, NULL, 0);
	if (!err)
		err = rt_task_init_cpuid(&q_task, q_body, 0, 8192, 10, 0, NULL, 1);
	if (!err)
		err = rt_task_init_cpuid(&t_task[0], t_body, 0, 8192, 5, 0, NULL, 0);
	if (!err)
		err = rt_task_init_cpuid(&t_task[1], t_body, 1, 8192, 5, 0, NULL, 1);
	if (!err)
		err = rt_task_resume(&q_task);
	if (err)
		goto fail;
	controller = kthread_run(controller_fn, NULL, "tx_lockwait");
	if (IS_ERR(controller)) {
		err = PTR_ERR(controller);
		goto fail;
	}
	return 0;
fail:
	rt_task_delete(&p_task);
	rt_task_delete(&q_task);
	rt_task_delete(&t_task[0]);
	rt_task_delete(&t_task[1]);
	rt_sem_delete(&ping);
	rt_sem_delete(&pong);
	return err;
}

static void __exit tx_lockwait_exit(void)
{
	kthread_stop(controller);
	rt_task_delete(&p_task);
	rt_task_delete(&t_task[0]);
	rt_task_delete(&t_task[1]);
	rt_sem_delete(&ping); /* Q gets RTE_OBJREM and ends */
	rt_task_delete(&q_task);
	rt_sem_delete(&pong);
}

module_init(tx_lockwait_init);
module_exit(tx_lockwait_exit);
MODULE_LICENSE("GPL");
