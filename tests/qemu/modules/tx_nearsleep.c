// SPDX-License-Identifier: GPL-2.0
/*
 * tests/qemu/modules/tx_nearsleep.c - timer events closer than the timer
 * write itself. A task on CPU 0 sleeps 'rounds' times until a moment
 * step_ns, 2 x step_ns, ... max_ns ahead (and round again), so that the
 * hardware timer is programmed a few hundred nanoseconds to a few
 * microseconds ahead: its interrupt can come while the port is still
 * writing it (x86: inside the timer lock, where the NMI is deferred;
 * docs/x86_64-port.md, "NMIs while the timer lock is held"). Every sleep
 * must end (none lost), none before its time, each within a bound the
 * script checks. A moment that has passed by the time the call looks
 * (the closest ones, under a slow emulator) returns RTE_TMROVRN at once:
 * counted apart. Read-only parameters for the script: done (sleeps ended).
 * At unload:
 *   tx_nearsleep: result rounds=N done=N blocked=N passed=N early=N
 *                 late_max_ns=N errors=N
 * late: from the wake-up time to the task's first read of the clock after
 * rt_sleep_until returned; errors: any other return value.
 */
#include <linux/module.h>

#include <rtai_sched.h>

static int rounds = 2000;
module_param(rounds, int, 0444);
static int step_ns = 250;
module_param(step_ns, int, 0444);
static int max_ns = 40000;
module_param(max_ns, int, 0444);
static unsigned long done;
module_param(done, ulong, 0444);

static RT_TASK task;
static unsigned long blocked, passed, early, errors;
static RTIME late_max;

static void sleeper(long unused)
{
	int steps = max_ns / step_ns, i;

	for (i = 0; i < rounds; i++) {
		RTIME until = rt_get_time() + nano2count((RTIME)step_ns * (1 + i % steps));
		RTIME woke;
		int result = rt_sleep_until(until);

		if (result == 0)
			blocked++;
		else if (result == RTE_TMROVRN)
			passed++;
		else
			errors++;
		woke = rt_get_time();
		if (woke < until)
			early++;
		else if (woke - until > late_max)
			late_max = woke - until;
		WRITE_ONCE(done, done + 1);
	}
}

static int __init tx_nearsleep_init(void)
{
	int err;

	if (rounds <= 0 || step_ns <= 0 || max_ns < step_ns)
		return -EINVAL;
	err = rt_task_init_cpuid(&task, sleeper, 0, 8192, 0, 0, NULL, 0);
	return err ? err : rt_task_resume(&task);
}

static void __exit tx_nearsleep_exit(void)
{
	rt_task_delete(&task);
	pr_info("tx_nearsleep: result rounds=%d done=%lu blocked=%lu passed=%lu early=%lu late_max_ns=%lld errors=%lu\n",
		rounds, READ_ONCE(done), blocked, passed, early, count2nano(late_max), errors);
}

module_init(tx_nearsleep_init);
module_exit(tx_nearsleep_exit);
MODULE_LICENSE("GPL");
