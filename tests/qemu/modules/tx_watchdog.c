// SPDX-License-Identifier: GPL-2.0
/*
 * tests/qemu/modules/tx_watchdog.c - a runaway real-time task for the
 * watchdog test. mode=runaway: a priority-0 task on CPU 0 that spins
 * forever without blocking (on one CPU, Linux would never run again without
 * the watchdog). mode=busy: a well-behaved periodic task (period 1 ms, busy
 * busy_us per job) that must never be hit, however long it runs.
 * mode=selfsuspend: a task that works busy_us and then suspends itself,
 * resumed every 5 ms by a periodic task (a common RTAI pattern: the work
 * is triggered by another task or a handler); each run is short, so it
 * must never be hit either. mode=masked: a task on CPU 'cpu' (default 1)
 * that runs busy_us inside rt_global_save_flags_and_cli (the co-kernel
 * masked: no interrupt, no watchdog), then restores and ends; a periodic
 * 1 ms task on the same CPU before it counts jobs (for the masked watch:
 * with two CPUs another one sees that CPU's timer overdue; on one, the
 * CPU's own late timer interrupt is the report).
 * Read-only parameters for the script: spins (the runaway's loop count),
 * jobs (the busy or self-suspending task's jobs). At unload:
 *   tx_watchdog: result mode=... state=0x.. suspended=0|1 spins=... jobs=...
 *                ran_ns=... delete=0
 * ran_ns: how long the runaway ran, measured by itself (first to last loop
 * iteration, time base of the co-kernel).
 */
#include <linux/module.h>

#include <rtai_sched.h>

static char *mode = "runaway";
module_param(mode, charp, 0444);
static int busy_us = 500;
module_param(busy_us, int, 0444);
static int cpu = 1;
module_param(cpu, int, 0444);
static unsigned long spins;
module_param(spins, ulong, 0444);
static unsigned long jobs;
module_param(jobs, ulong, 0444);

static RT_TASK task, resumer;
static RTIME t_first, t_last;

static void runaway(long unused)
{
	t_first = rt_get_time();
	for (;;) {
		t_last = rt_get_time();
		WRITE_ONCE(spins, spins + 1);
	}
}

static void selfsuspend(long unused)
{
	for (;;) {
		rt_busy_sleep(busy_us * 1000);
		WRITE_ONCE(jobs, jobs + 1);
		rt_task_suspend(NULL);
	}
}

static void resume_it(long unused)
{
	for (;;) {
		rt_task_resume(&task);
		rt_task_wait_period();
	}
}

static unsigned long ticks;
module_param(ticks, ulong, 0444);

static void tick(long unused)
{
	for (;;) {
		WRITE_ONCE(ticks, ticks + 1);
		rt_task_wait_period();
	}
}

/* Returns after one run: the task ends. */
static void masked(long unused)
{
	unsigned long flags = rt_global_save_flags_and_cli();

	t_first = rt_get_time();
	rt_busy_sleep(busy_us * 1000);
	t_last = rt_get_time();
	rt_global_restore_flags(flags);
	WRITE_ONCE(jobs, jobs + 1);
}

static void busy(long unused)
{
	for (;;) {
		rt_busy_sleep(busy_us * 1000);
		WRITE_ONCE(jobs, jobs + 1);
		rt_task_wait_period();
	}
}

static int __init tx_watchdog_init(void)
{
	int err;

	if (!strcmp(mode, "runaway")) {
		err = rt_task_init_cpuid(&task, runaway, 0, 8192, 0, 0, NULL, 0);
		return err ? err : rt_task_resume(&task);
	}
	if (!strcmp(mode, "busy")) {
		err = rt_task_init_cpuid(&task, busy, 0, 8192, 0, 0, NULL, 0);
		return err ? err : rt_task_make_periodic_relative_ns(&task, 100000, 1000000);
	}
	if (!strcmp(mode, "masked")) {
		/* resumer: a periodic task on that CPU, so that it has a timer due */
		err = rt_task_init_cpuid(&resumer, tick, 0, 8192, 1, 0, NULL, cpu);
		if (err)
			return err;
		err = rt_task_make_periodic_relative_ns(&resumer, 100000, 1000000);
		if (!err)
			err = rt_task_init_cpuid(&task, masked, 0, 8192, 0, 0, NULL, cpu);
		if (!err)
			err = rt_task_make_periodic_relative_ns(&task, 50000000, 1000000000);
		if (err) {
			rt_task_delete(&task);
			rt_task_delete(&resumer);
		}
		return err;
	}
	if (!strcmp(mode, "selfsuspend")) {
		err = rt_task_init_cpuid(&task, selfsuspend, 0, 8192, 1, 0, NULL, 0);
		if (err)
			return err;
		err = rt_task_init_cpuid(&resumer, resume_it, 0, 8192, 0, 0, NULL, 0);
		if (err) {
			rt_task_delete(&task);
			return err;
		}
		return rt_task_make_periodic_relative_ns(&resumer, 100000, 5000000);
	}
	return -EINVAL;
}

static void __exit tx_watchdog_exit(void)
{
	int state = rt_get_task_state(&task);

	rt_task_delete(&resumer); /* -EINVAL when not used */
	pr_info("tx_watchdog: result mode=%s state=0x%x suspended=%d spins=%lu jobs=%lu ran_ns=%lld delete=%d\n",
		mode, state, !!(state & RT_SCHED_SUSPENDED), spins, jobs, count2nano(t_last - t_first),
		rt_task_delete(&task));
}

module_init(tx_watchdog_init);
module_exit(tx_watchdog_exit);
MODULE_LICENSE("GPL");
