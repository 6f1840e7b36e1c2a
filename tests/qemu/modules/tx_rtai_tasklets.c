// SPDX-License-Identifier: GPL-2.0
/*
 * tests/qemu/modules/tx_rtai_tasklets.c - RTAI's timers and tasklets
 * (rtai_tasklets.h) as an RTAI module uses them. At load: a periodic timer
 * every 1 ms for 200 ms (its handler counts calls and the latest lateness
 * against its firing time), a oneshot timer that signals a task through a
 * semaphore, and a tasklet run by rt_exec_tasklet. With leave=1 the module
 * keeps a periodic timer inserted at its exit: the scheduler must remove it
 * at the unload (dmesg says so) before the handler's code goes.
 * Prints "tx_rtai_tasklets: PASS|FAIL <name> (...)"; 6 checks at load.
 */
#include <linux/delay.h>
#include <linux/module.h>

#include <rtai_sched.h>
#include <rtai_sem.h>
#include <rtai_tasklets.h>

#include "tx_check.h"

static int leave;
module_param(leave, int, 0444);

static struct rt_tasklet_struct periodic, oneshot, leftover, tasklet;
static RT_TASK waiter;
static SEM sem;
static volatile int calls, waiter_woken, tasklet_ran;
static volatile long long late_max_ns;

TX_CHECKS("tx_rtai_tasklets")

static void periodic_handler(unsigned long data)
{
	RTIME times[2];
	long long late;

	/* The next firing is queued already: this one was a period before. */
	rt_get_timer_times(&periodic, times);
	late = count2nano(rt_get_time() - (periodic.firing_time - periodic.period));
	if (late > late_max_ns)
		late_max_ns = late;
	calls++;
}

static void oneshot_handler(unsigned long data) { rt_sem_signal((SEM *)data); }

static void waiter_body(long arg)
{
	if (rt_sem_wait(&sem) < RTE_LOWERR)
		waiter_woken = 1;
}

static void tasklet_handler(unsigned long data) { tasklet_ran = (int)data; }

static void leftover_handler(unsigned long data) { }

static int __init tx_rtai_tasklets_init(void)
{
	RTIME now = rt_get_time(), removed, overruns;
	long long expected;
	int ret, n;
	bool ok;

	late_max_ns = -1;
	rt_sem_init(&sem, 0);
	ret = rt_task_init_cpuid(&waiter, waiter_body, 0, 8192, 5, 0, NULL, 0);
	if (!ret)
		ret = rt_task_resume(&waiter);
	ret = ret ?: rt_insert_timer(&periodic, 10, now + nano2count(1000000), nano2count(1000000), periodic_handler, 0, 0);
	ret = ret ?: rt_insert_timer(&oneshot, 10, now + nano2count(5000000), 0, oneshot_handler, (unsigned long)&sem, 0);
	check(ret == 0, "timers-inserted", "%lld %lld", ret, 0);
	msleep(200);
	overruns = rt_get_timer_overrun(&periodic);
	rt_remove_timer(&periodic);
	removed = rt_get_time();
	n = calls;
	msleep(20);
	/* One call per period from the first firing to the removal, a period
	 * the manager fell behind by a whole period counted as an overrun
	 * instead (a busy host stalls the emulated CPUs); one more or less: a
	 * call may be running at the removal. */
	expected = (removed - now - nano2count(1000000)) / nano2count(1000000) + 1;
	check(n + overruns >= expected - 1 && n + overruns <= expected + 1 && calls == n, "periodic-calls-then-removed",
	      "%lld calls and overruns, %lld due until the removal", n + overruns, expected);
	check(calls == n, "periodic-none-after-removal", "%lld after", calls - n, 0);
	check(late_max_ns >= 0 && late_max_ns < 20000000, "periodic-lateness", "worst %lld ns", late_max_ns, 0);
	check(waiter_woken, "oneshot-woke-the-task", "%lld", waiter_woken, 0);
	ok = !rt_insert_tasklet(&tasklet, 0, tasklet_handler, 42, 0x7a5c, 0) && rt_find_tasklet_by_id(0x7a5c) == &tasklet &&
	     !rt_exec_tasklet(&tasklet);
	check(ok && tasklet_ran == 42, "tasklet-by-id-executed", "data %lld", tasklet_ran, 0);
	rt_remove_tasklet(&tasklet);
	if (leave)
		rt_insert_timer(&leftover, 10, rt_get_time(), nano2count(1000000), leftover_handler, 0, 0);
	pr_info("tx_rtai_tasklets: result passed=%d failed=%d calls=%d\n", passed, failed, n);
	return 0;
}

static void __exit tx_rtai_tasklets_exit(void)
{
	rt_task_delete(&waiter);
	rt_sem_delete(&sem);
	/* leave=1: 'leftover' stays inserted on purpose */
}

module_init(tx_rtai_tasklets_init);
module_exit(tx_rtai_tasklets_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Tactus test: RTAI timers and tasklets");
