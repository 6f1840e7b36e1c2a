// SPDX-License-Identifier: GPL-2.0
/*
 * tests/qemu/modules/tx_rtai_timer.c - RTAI's timer handler as an RTAI HAL
 * client uses it (asm/rtai_hal.h): rt_request_timer_cpuid() on CPU 'cpu'.
 *   mode=periodic  every tick_us; the handler counts its calls, the
 *                  lateness of each against the grid t0 + k * tick (in ns:
 *                  (now - t0) mod tick) and signals a semaphore a task
 *                  waits on (the task counts its wake-ups)
 *   mode=oneshot   no period: 'shots' calls, each re-arming the next with
 *                  rt_set_timer_delay(tick_us) from the handler; the
 *                  shortest gap between two calls is kept
 *   mode=apic      rt_request_apic_timers: every online CPU periodic every
 *                  tick_us, the handler counting its calls per CPU
 *                  (apic_cpu0, apic_cpu1 in the result line); freed with
 *                  rt_free_apic_timers
 * A second request on the same CPU must fail with -EBUSY (busy_ret). With
 * leak=1 the module does not free its handler at exit: the scheduler's
 * unload hook must (dmesg says so) before the handler's code goes.
 * Read-only parameters: calls, woken. At unload:
 *   tx_rtai_timer: result mode=... calls=N woken=N pending=N lat_max_ns=N min_gap_ns=N skipped=N busy_ret=-16 req_ret=0
 * (skipped: grid points between the first and the last periodic call that
 * had none)
 */
#include <linux/math64.h> /* 64-bit "/" for 32-bit ARM kernels */
#include <linux/delay.h>
#include <linux/module.h>

#include <rtai_sched.h>
#include <rtai_sem.h>

static char *mode = "periodic";
module_param(mode, charp, 0444);
static int tick_us = 500;
module_param(tick_us, int, 0444);
static int cpu;
module_param(cpu, int, 0444);
static int shots = 5;
module_param(shots, int, 0444);
static int leak;
module_param(leak, int, 0444);
static unsigned long calls, woken;
module_param(calls, ulong, 0444);
module_param(woken, ulong, 0444);

static RT_TASK waiter;
static SEM sem;
static RTIME t0, tick, first_call, last_call;
static bool apic;
static unsigned long apic_calls[2];
static long long lat_max_ns = -1, min_gap_ns = -1;
static int busy_ret = 1, req_ret = 1;
static bool oneshot;

static void other_handler(void) { }

static void handler(void)
{
	RTIME now = rt_get_time();

	if (oneshot) {
		if (last_call) {
			long long gap = count2nano(now - last_call);

			if (min_gap_ns < 0 || gap < min_gap_ns)
				min_gap_ns = gap;
		}
		last_call = now;
		WRITE_ONCE(calls, calls + 1);
		if (calls < shots)
			rt_set_timer_delay((int)tick);
		return;
	}
	{
		long long lat = count2nano(now - t0 - div64_s64(now - t0, tick) * tick);

		if (lat > lat_max_ns)
			lat_max_ns = lat;
	}
	if (!first_call)
		first_call = now;
	last_call = now;
	WRITE_ONCE(calls, calls + 1);
	rt_sem_signal(&sem);
}

static void apic_handler(void)
{
	int id = rtai_cpuid();

	if (id < 2)
		WRITE_ONCE(apic_calls[id], apic_calls[id] + 1);
	WRITE_ONCE(calls, calls + 1);
}

static void wait_for_handler(long unused)
{
	for (;;) {
		if (rt_sem_wait(&sem) >= RTE_BASE)
			return; /* deleted: unload */
		WRITE_ONCE(woken, woken + 1);
	}
}

static int __init tx_rtai_timer_init(void)
{
	int err;

	oneshot = !strcmp(mode, "oneshot");
	apic = !strcmp(mode, "apic");
	/* oneshot on CPU 0 only: from Linux, rt_set_timer_delay arms CPU 0's. */
	if ((!oneshot && !apic && strcmp(mode, "periodic")) || (oneshot && cpu) || tick_us < 10 || shots < 1)
		return -EINVAL;
	tick = nano2count((RTIME)tick_us * 1000);
	if (apic) {
		struct apic_timer_setup_data data[RTAI_NR_CPUS];
		int i;

		for (i = 0; i < RTAI_NR_CPUS; i++) {
			data[i].mode = 1;
			data[i].count = tick_us * 1000;
		}
		req_ret = rt_request_apic_timers(apic_handler, data);
		busy_ret = rt_request_timer_cpuid(other_handler, (unsigned)tick, 0);
		return req_ret;
	}
	rt_typed_sem_init(&sem, 0, CNT_SEM);
	err = rt_task_init_cpuid(&waiter, wait_for_handler, 0, 8192, 1, 0, NULL, cpu);
	if (err) {
		rt_sem_delete(&sem);
		return err;
	}
	rt_task_resume(&waiter);
	t0 = rt_get_time();
	req_ret = rt_request_timer_cpuid(handler, oneshot ? 0 : (unsigned)tick, cpu);
	busy_ret = rt_request_timer_cpuid(other_handler, (unsigned)tick, cpu);
	if (req_ret) {
		rt_task_delete(&waiter);
		rt_sem_delete(&sem);
		pr_err("tx_rtai_timer: rt_request_timer_cpuid: %d\n", req_ret);
		return req_ret;
	}
	if (oneshot)
		rt_set_timer_delay((int)tick); /* from Linux: CPU 0's handler */
	return 0;
}

static void __exit tx_rtai_timer_exit(void)
{
	long long skipped;
	int pending;

	int i;

	if (apic) {
		rt_free_apic_timers();
		pr_info("tx_rtai_timer: result mode=apic calls=%lu apic_cpu0=%lu apic_cpu1=%lu busy_ret=%d req_ret=%d\n",
			calls, apic_calls[0], apic_calls[1], busy_ret, req_ret);
		return;
	}
	if (!leak)
		rt_free_timers(); /* returns once no handler runs: no signal after it */
	/* The waiter (priority 1) takes what is still signalled; on a busy
	 * real-time boot its CPU may lag behind the handler for a while. */
	for (i = 0; i < 500 && rt_sem_count(&sem) > 0; i++)
		msleep(1);
	msleep(5); /* its count of the last wake-up */
	pending = rt_sem_count(&sem);
	if (pending < 0)
		pending = 0; /* -1: the waiter waits, nothing is left */
	rt_task_delete(&waiter);
	rt_sem_delete(&sem);
	/* Periodic: the grid points between the first and the last call that
	 * had no call (0 when none was skipped). */
	skipped = !oneshot && calls ? div64_s64(last_call - first_call + tick / 2, tick) + 1 - (long long)calls : 0;

	pr_info("tx_rtai_timer: result mode=%s calls=%lu woken=%lu pending=%d lat_max_ns=%lld min_gap_ns=%lld skipped=%lld busy_ret=%d req_ret=%d\n",
		mode, calls, woken, pending, lat_max_ns, min_gap_ns, skipped, busy_ret, req_ret);
}

module_init(tx_rtai_timer_init);
module_exit(tx_rtai_timer_exit);
MODULE_LICENSE("GPL");
