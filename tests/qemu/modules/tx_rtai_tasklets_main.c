// SPDX-License-Identifier: GPL-2.0
/*
 * tests/qemu/modules/tx_rtai_tasklets_main.c - RTAI's timers and tasklets
 * (rtai_tasklets.h) as an RTAI module uses them. At load: a periodic timer
 * every 1 ms for 200 ms (its handler counts calls and the latest lateness
 * against its firing time), a oneshot timer that signals a task through a
 * semaphore, and a tasklet run by rt_exec_tasklet. With leave=1 the module
 * keeps a periodic timer inserted at its exit: the scheduler must remove it
 * at the unload (dmesg says so) before the handler's code goes.
 * Beside them, a POSIX timer (rt_kptimer_create, rt_ptimer_settime with a
 * struct itimerspec: first firing 1 ms from now, then every 2 ms) counted
 * the same way and deleted, and the waiting task first times out in
 * rt_psem_timedwait at an absolute struct timespec 1 ms ahead.
 * Then a timer whose handler uses the FPU (rt_timer_use_fpu; its FP code
 * in tx_rtai_tasklets_fp.c): every 4 ms for 60 ms it fills all FP/SIMD
 * registers and checks them for 400 us (on until the task ran, at most
 * 3.2 ms: a loaded host may stall the vCPU), while an FPU task of higher
 * priority every 300 us does the same with other values: neither may find
 * a register changed, and the task must have preempted the handler.
 * With stuck=1 the module only inserts a timer whose handler never returns:
 * the watchdog stops the timers manager in it, and the module's unload must
 * still end (the scheduler deletes that manager).
 * Prints "tx_rtai_tasklets: PASS|FAIL <name> (...)"; 9 checks at load.
 */
#include <linux/math64.h> /* 64-bit "/" for 32-bit ARM kernels */
#include <linux/delay.h>
#include <linux/module.h>

#include <rtai_sched.h>
#include <rtai_sem.h>
#include <rtai_tasklets.h>

#include "tx_check.h"
#include "tx_rtai_tasklets.h"

static int leave;
module_param(leave, int, 0444);
static int stuck;
module_param(stuck, int, 0444);

static struct rt_tasklet_struct periodic, oneshot, leftover, tasklet, posix, fp_timer;
static RT_TASK waiter, fp_task;
static SEM sem;
static psem_t psem;
static volatile int calls, waiter_woken, tasklet_ran, posix_calls, timedwait_result = 1;
static volatile long long timedwait_waited;
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

static volatile RTIME posix_armed, posix_next;

/* The timer is queued for its next firing already: every firing before
 * that one was served or skipped (an overrun). */
static void posix_handler(unsigned long data)
{
	posix_next = posix.firing_time;
	posix_calls++;
}

static void waiter_body(long arg)
{
	struct timespec until;
	RTIME start = rt_get_time();

	count2timespec(start + nano2count(1000000), &until);
	timedwait_result = rt_psem_timedwait(&psem, &until);
	timedwait_waited = count2nano(rt_get_time() - start);
	if (rt_sem_wait(&sem) < RTE_LOWERR)
		waiter_woken = 1;
}

static void tasklet_handler(unsigned long data) { tasklet_ran = (int)data; }

static void leftover_handler(unsigned long data) { }

/* Never returns: the watchdog stops the timers manager in it. */
static void stuck_handler(unsigned long data)
{
	for (;;)
		rt_busy_sleep(1000000);
}

static int __init tx_rtai_tasklets_init(void)
{
	RTIME now = rt_get_time(), removed, overruns;
	long long expected;
	int ret, n;
	bool ok;

	struct itimerspec every_2ms = { .it_value = { 0, 1000000 }, .it_interval = { 0, 2000000 } }, disarm = {};
	RTIME posix_removed, posix_overruns, posix_times[2] = { 0, 0 };
	timer_t posix_id;

	if (stuck) {
		rt_insert_timer(&leftover, 10, rt_get_time(), 0, stuck_handler, 0, 0);
		msleep(1500);
		pr_info("tx_rtai_tasklets: stuck handler inserted\n");
		return 0;
	}
	late_max_ns = -1;
	rt_sem_init(&sem, 0);
	rt_psem_init(&psem, 0, 0);
	ret = rt_task_init_cpuid(&waiter, waiter_body, 0, 8192, 5, 0, NULL, 0);
	if (!ret)
		ret = rt_task_resume(&waiter);
	ret = ret ?: rt_insert_timer(&periodic, 10, now + nano2count(1000000), nano2count(1000000), periodic_handler, 0, 0);
	ret = ret ?: rt_insert_timer(&oneshot, 10, now + nano2count(5000000), 0, oneshot_handler, (unsigned long)&sem, 0);
	posix_id = rt_kptimer_create(&posix, posix_handler, 0, 0, 0);
	if (!ret && posix_id) {
		posix_armed = rt_get_time();
		rt_ptimer_settime(posix_id, &every_2ms, 0, 0);
	}
	check(ret == 0 && posix_id, "timers-inserted", "%lld, posix id %lld", ret, (long long)posix_id);
	msleep(50);
	rt_ptimer_gettime(posix_id, posix_times);
	/* Disarmed before its overruns are read: none may follow the count. */
	rt_ptimer_settime(posix_id, &disarm, 0, 0);
	posix_overruns = rt_ptimer_overrun(posix_id);
	ret = rt_ptimer_delete(posix_id, 0);
	posix_removed = rt_get_time();
	n = posix_calls;
	/* Each 2 ms grid point from the first firing (1 ms after the arming) to
	 * the one before the next firing the last call left queued had a call
	 * or counts as an overrun (a host that stalls the emulated CPUs may
	 * leave firings due at the deletion, and bunch late calls: the grid,
	 * not the call times, is what counts). */
	expected = n ? div64_s64(posix_next - posix_armed, nano2count(2000000)) : -1; /* (1 ms + k periods) / period */
	check(!ret && n >= 10 && n + posix_overruns >= expected - 1 && n + posix_overruns <= expected + 1 &&
	      posix_times[1] == nano2count(2000000), "posix-timer-calls-then-deleted",
	      "%lld calls and overruns, %lld grid points before the next firing", n + posix_overruns, expected);
	check(timedwait_result == -1 && timedwait_waited >= 1000000 - count2nano(1), "psem-timedwait-timespec",
	      "result %lld after %lld ns", timedwait_result, timedwait_waited);
	msleep(150);
	rt_remove_timer(&periodic);
	removed = rt_get_time();
	overruns = rt_get_timer_overrun(&periodic); /* none can follow the removal */
	n = calls;
	msleep(20);
	/* One call per period from the first firing to the removal, a period
	 * the manager fell behind by a whole period counted as an overrun
	 * instead (a busy host stalls the emulated CPUs); one more or less: a
	 * call may be running at the removal. */
	expected = div64_s64(removed - now - nano2count(1000000), nano2count(1000000)) + 1;
	check(n + overruns >= expected - 1 && n + overruns <= expected + 1 && calls == n, "periodic-calls-then-removed",
	      "%lld calls and overruns, %lld due until the removal", n + overruns, expected);
	check(calls == n, "periodic-none-after-removal", "%lld after", calls - n, 0);
	check(late_max_ns >= 0 && late_max_ns < 20000000, "periodic-lateness", "worst %lld ns", late_max_ns, 0);
	check(waiter_woken, "oneshot-woke-the-task", "%lld", waiter_woken, 0);
	ok = !rt_insert_tasklet(&tasklet, 0, tasklet_handler, 42, 0x7a5c, 0) && rt_find_tasklet_by_id(0x7a5c) == &tasklet &&
	     !rt_exec_tasklet(&tasklet);
	check(ok && tasklet_ran == 42, "tasklet-by-id-executed", "data %lld", tasklet_ran, 0);
	rt_remove_tasklet(&tasklet);

	/* The FPU timer against a preempting FPU task on its CPU (the timer's
	 * manager is the inserting CPU's). */
	rt_timer_use_fpu(&fp_timer, 1);
	now = rt_get_time();
	ret = rt_insert_timer(&fp_timer, 10, now + nano2count(4000000), nano2count(4000000), tx_tk_fp_handler, 400, 0);
	if (!ret)
		ret = rt_task_init_cpuid(&fp_task, tx_tk_fp_task, 100, 8192, 2, 1, NULL, fp_timer.cpuid);
	if (!ret)
		ret = rt_task_make_periodic(&fp_task, rt_get_time() + nano2count(300000), nano2count(300000));
	msleep(60);
	rt_remove_timer(&fp_timer);
	msleep(5);
	rt_task_delete(&fp_task);
	/* 15 firings in 60 ms, served or (a handler stretched by a stalled
	 * vCPU past its period) skipped as overruns. */
	overruns = rt_get_timer_overrun(&fp_timer);
	check(!ret && tx_tk_fp_calls + overruns >= 10 && !tx_tk_fp_bad && !tx_tk_fp_task_bad && tx_tk_fp_preempted > 0,
	      "fpu-timer-registers-kept", "%lld calls and overruns, %lld calls preempted by the FPU task",
	      tx_tk_fp_calls + overruns, tx_tk_fp_preempted);
	pr_info("tx_rtai_tasklets: fpu timer: %ld calls, %ld bad, %ld preempted; task %ld jobs, %ld bad\n", tx_tk_fp_calls,
		tx_tk_fp_bad, tx_tk_fp_preempted, tx_tk_fp_task_jobs, tx_tk_fp_task_bad);

	if (leave)
		rt_insert_timer(&leftover, 10, rt_get_time(), nano2count(1000000), leftover_handler, 0, 0);
	pr_info("tx_rtai_tasklets: result passed=%d failed=%d calls=%d\n", passed, failed, n);
	return 0;
}

static void __exit tx_rtai_tasklets_exit(void)
{
	if (stuck)
		return; /* its handler never returns: the scheduler deals with it */
	rt_task_delete(&waiter);
	rt_sem_delete(&sem);
	rt_psem_destroy(&psem);
	/* leave=1: 'leftover' stays inserted on purpose */
}

module_init(tx_rtai_tasklets_init);
module_exit(tx_rtai_tasklets_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Tactus test: RTAI timers and tasklets");
