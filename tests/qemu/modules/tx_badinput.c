// SPDX-License-Identifier: GPL-2.0
/*
 * tests/qemu/modules/tx_badinput.c - the RTAI API with bad arguments: every
 * call must return the error its header documents (api/include/rtai_*.h)
 * and change nothing. Checks run at insmod, from Linux context, and from a
 * real-time task (calls that need Linux context, or block); each prints
 *   tx_badinput: PASS <check>   or   tx_badinput: FAIL <check>: got X, want Y
 * and the module stays loaded (rmmod it afterwards).
 */
#include <linux/delay.h>
#include <linux/module.h>
#include <linux/slab.h>

#include <rtai_mbx.h>
#include <rtai_msg.h>
#include <rtai_sched.h>
#include <rtai_sem.h>

static int passed, failed;

static void expect_eq(const char *name, long long got, long long want)
{
	if (got == want) {
		passed++;
		pr_info("tx_badinput: PASS %s\n", name);
	} else {
		failed++;
		pr_info("tx_badinput: FAIL %s: got %lld (0x%llx), want %lld (0x%llx)\n", name, got, got, want,
			want);
	}
}

static void body(long unused)
{
	for (;;)
		rt_task_wait_period();
}

/* ---- From a real-time task: calls that need Linux context ---------------- */

static RT_TASK rt_checker, rt_victim;
static volatile int rt_done;
static long long rt_results[8];

/* rt_task_init* expected to fail: on an unexpected success, delete the task
 * so that the next checks start clean. */
static void init_fails(const char *name, RT_TASK *t, int got)
{
	expect_eq(name, got, -EINVAL);
	if (got == 0)
		rt_task_delete(t);
}

static void rt_checks(long unused)
{
	static RT_TASK inner, zero;
	static MBX m;
	unsigned long msg = 0;

	rt_results[0] = rt_task_init(&inner, body, 0, 8192, 10, 0, NULL); /* -EINVAL: RT context */
	rt_results[1] = rt_mbx_init(&m, 64);                               /* fails: allocates */
	if (rt_results[1] == 0)
		rt_mbx_delete(&m);
	rt_results[2] = rt_task_wait_period();                             /* -EINVAL: not periodic */
	rt_results[3] = rt_sleep(-1);                                      /* RTE_TMROVRN: past */
	rt_results[4] = rt_sleep_until(0);                                 /* RTE_TMROVRN */
	rt_results[5] = rt_task_delete(&rt_victim);                        /* -EINVAL: never initialised */
	rt_results[6] = (long long)(unsigned long)rt_send_if(&zero, 1);      /* MSG_ERR */
	rt_results[7] = (long long)(unsigned long)rt_receive_if(&zero, &msg); /* MSG_ERR */
	rt_done = 1;
	rt_task_suspend(NULL);
}

static int __init tx_badinput_init(void)
{
	static RT_TASK zero_task, t, t2, b;
	static SEM zero_sem, s, res;
	static MBX zero_mbx, m;
	long long v;
	int i;

	/* ---- rt_task_init ---- */
	expect_eq("task-init-null-task", rt_task_init(NULL, body, 0, 8192, 10, 0, NULL), -EINVAL);
	init_fails("task-init-null-function", &b, rt_task_init(&b, NULL, 0, 8192, 10, 0, NULL));
	init_fails("task-init-prio-negative", &b, rt_task_init(&b, body, 0, 8192, -1, 0, NULL));
	init_fails("task-init-prio-above-lowest", &b,
		   rt_task_init(&b, body, 0, 8192, RT_SCHED_LOWEST_PRIORITY + 1, 0, NULL));
	init_fails("task-init-prio-linux", &b, rt_task_init(&b, body, 0, 8192, RT_SCHED_LINUX_PRIORITY, 0, NULL));
	init_fails("task-init-stack-zero", &b, rt_task_init(&b, body, 0, 0, 10, 0, NULL));
	init_fails("task-init-stack-negative", &b, rt_task_init(&b, body, 0, -8192, 10, 0, NULL));
	init_fails("task-init-stack-4095", &b, rt_task_init(&b, body, 0, 4095, 10, 0, NULL));
	init_fails("task-init-stack-8M+1", &b, rt_task_init(&b, body, 0, (8 << 20) + 1, 10, 0, NULL));
	init_fails("task-init-cpu-not-online", &b, rt_task_init_cpuid(&b, body, 0, 8192, 10, 0, NULL, nr_cpu_ids));
	init_fails("task-init-cpu-31", &b, rt_task_init_cpuid(&b, body, 0, 8192, 10, 0, NULL, 31));
	init_fails("task-init-cpu-32", &b, rt_task_init_cpuid(&b, body, 0, 8192, 10, 0, NULL, 32));
	init_fails("task-init-cpu-huge", &b, rt_task_init_cpuid(&b, body, 0, 8192, 10, 0, NULL, 100000));
	/* The boundaries are valid. */
	expect_eq("task-init-lowest-prio-stack-4096",
		  rt_task_init(&t, body, 0, 4096, RT_SCHED_LOWEST_PRIORITY, 0, NULL), 0);
	expect_eq("task-init-twice", rt_task_init(&t, body, 0, 8192, 10, 0, NULL), -EINVAL);
	expect_eq("task-state-new-is-suspended", rt_get_task_state(&t) & RT_SCHED_SUSPENDED, RT_SCHED_SUSPENDED);

	/* ---- calls on a valid task with bad arguments ---- */
	expect_eq("change-prio-negative", rt_change_prio(&t, -5), -EINVAL);
	expect_eq("change-prio-too-low", rt_change_prio(&t, RT_SCHED_LOWEST_PRIORITY + 1), -EINVAL);
	expect_eq("prio-unchanged", rt_get_prio(&t), RT_SCHED_LOWEST_PRIORITY);
	expect_eq("change-prio-returns-previous", rt_change_prio(&t, 20), RT_SCHED_LOWEST_PRIORITY);
	expect_eq("set-policy-bad", rt_set_sched_policy(&t, 7, 1000000), -EINVAL);
	expect_eq("make-periodic-zero-period", rt_task_make_periodic(&t, rt_get_time(), 0), -EINVAL);
	expect_eq("make-periodic-negative-period", rt_task_make_periodic(&t, rt_get_time(), -100), -EINVAL);
	expect_eq("make-periodic-relative-zero", rt_task_make_periodic_relative_ns(&t, 0, 0), -EINVAL);
	expect_eq("still-suspended-after-bad-calls", rt_get_task_state(&t) & RT_SCHED_SUSPENDED,
		  RT_SCHED_SUSPENDED);
	expect_eq("use-fpu-mismatch", rt_task_use_fpu(&t, 1), -EINVAL);
	expect_eq("use-fpu-match", rt_task_use_fpu(&t, 0), 0);

	/* ---- invalid tasks ---- */
	expect_eq("delete-uninitialised", rt_task_delete(&zero_task), -EINVAL);
	expect_eq("delete-null", rt_task_delete(NULL), -EINVAL);
	expect_eq("suspend-uninitialised", rt_task_suspend(&zero_task), -EINVAL);
	expect_eq("resume-uninitialised", rt_task_resume(&zero_task), -EINVAL);
	expect_eq("change-prio-uninitialised", rt_change_prio(&zero_task, 5), -EINVAL);
	expect_eq("get-prio-uninitialised", rt_get_prio(&zero_task), -EINVAL);
	expect_eq("get-inher-prio-uninitialised", rt_get_inher_prio(&zero_task), -EINVAL);
	expect_eq("state-uninitialised", rt_get_task_state(&zero_task), 0);
	expect_eq("make-periodic-uninitialised", rt_task_make_periodic(&zero_task, rt_get_time(), 1000), -EINVAL);
	expect_eq("set-policy-uninitialised", rt_set_sched_policy(&zero_task, RT_SCHED_RR, 1000), -EINVAL);
	expect_eq("delete", rt_task_delete(&t), 0);
	expect_eq("delete-twice", rt_task_delete(&t), -EINVAL);
	expect_eq("resume-deleted", rt_task_resume(&t), -EINVAL);
	expect_eq("state-deleted", rt_get_task_state(&t), 0);

	/* ---- Linux context may not block ---- */
	expect_eq("wait-period-linux", rt_task_wait_period(), RTE_PERM);
	expect_eq("sleep-linux", rt_sleep(nano2count(1000)), RTE_PERM);

	/* ---- printing and the global lock ---- */
	{
		/* Through a pointer: the format attribute would (rightly)
		 * reject a NULL format at compile time. */
		int (*volatile print)(const char *, ...) = rt_printk;

		expect_eq("printk-null-format", print(NULL), 0);
	}
	rt_global_save_flags(NULL); /* nothing to store: nothing happens */
	expect_eq("global-save-flags-null-survived", 1, 1);
	{
		unsigned long f;

		/* A made-up "took the lock" on a CPU that does not hold it: the
		 * lock must not be released (it would let the next taker spin
		 * forever, or two CPUs in). */
		rt_global_restore_flags(1);
		f = rt_global_save_flags_and_cli();
		expect_eq("global-lock-after-forged-restore", f & 1, 1);
		rt_global_restore_flags(f);
		f = rt_global_save_flags_and_cli();
		expect_eq("global-lock-taken-again", f & 1, 1);
		rt_global_restore_flags(f);
	}

	/* ---- semaphores ---- */
	expect_eq("sem-init-null", rt_sem_init(NULL, 0), -EINVAL);
	expect_eq("sem-init-bad-type", rt_typed_sem_init(&s, 0, 99), -EINVAL);
	expect_eq("sem-signal-uninitialised", rt_sem_signal(&zero_sem), RTE_OBJINV);
	expect_eq("sem-wait-uninitialised", rt_sem_wait(&zero_sem), RTE_OBJINV);
	expect_eq("sem-count-uninitialised", rt_sem_count(&zero_sem), RTE_OBJINV);
	expect_eq("sem-delete-uninitialised", rt_sem_delete(&zero_sem), RTE_OBJINV);
	expect_eq("sem-init", rt_sem_init(&s, 0), 0);
	expect_eq("sem-wait-linux-would-block", rt_sem_wait(&s), RTE_PERM);
	expect_eq("sem-wait-timed-linux-would-block", rt_sem_wait_timed(&s, nano2count(1000)), RTE_PERM);
	expect_eq("sem-wait-if-empty", rt_sem_wait_if(&s), 0);
	expect_eq("sem-count-unchanged", rt_sem_count(&s), 0);
	expect_eq("sem-signal", rt_sem_signal(&s), 0);
	expect_eq("sem-init-live-ebusy", rt_sem_init(&s, 5), -EBUSY);
	expect_eq("sem-count-kept-after-refused-init", rt_sem_count(&s), 1);
	expect_eq("sem-wait-linux-free-unit", rt_sem_wait(&s), 1);
	expect_eq("sem-delete", rt_sem_delete(&s), 0);
	expect_eq("sem-delete-twice", rt_sem_delete(&s), RTE_OBJINV);
	expect_eq("sem-signal-deleted", rt_sem_signal(&s), RTE_OBJINV);
	expect_eq("res-sem-init", rt_typed_sem_init(&res, 1, RES_SEM), 0);
	expect_eq("res-sem-signal-not-owner", rt_sem_signal(&res), RTE_PERM);
	rt_sem_delete(&res);

	/* ---- mailboxes ---- */
	expect_eq("mbx-init-size-zero", rt_mbx_init(&m, 0), -EINVAL);
	expect_eq("mbx-init-size-negative", rt_mbx_init(&m, -16), -EINVAL);
	expect_eq("mbx-init-null", rt_mbx_init(NULL, 64), -EINVAL);
	expect_eq("mbx-send-uninitialised", rt_mbx_send(&zero_mbx, &v, sizeof(v)), RTE_OBJINV);
	expect_eq("mbx-receive-if-uninitialised", rt_mbx_receive_if(&zero_mbx, &v, sizeof(v)), RTE_OBJINV);
	expect_eq("mbx-delete-uninitialised", rt_mbx_delete(&zero_mbx), RTE_OBJINV);
	expect_eq("mbx-init", rt_mbx_init(&m, 16), 0);
	expect_eq("mbx-init-live-ebusy", rt_mbx_init(&m, 64), -EBUSY);
	expect_eq("mbx-receive-linux-would-block", rt_mbx_receive(&m, &v, sizeof(v)), RTE_PERM);
	expect_eq("mbx-receive-if-empty", rt_mbx_receive_if(&m, &v, sizeof(v)), sizeof(v));
	v = 42;
	expect_eq("mbx-send-if", rt_mbx_send_if(&m, &v, sizeof(v)), 0);
	expect_eq("mbx-send-if-too-big", rt_mbx_send_if(&m, &rt_results, 16), 16);
	expect_eq("mbx-send-wp-partial", rt_mbx_send_wp(&m, &rt_results, 16), 8);
	v = 0;
	expect_eq("mbx-receive-if", rt_mbx_receive_if(&m, &v, sizeof(v)), 0);
	expect_eq("mbx-receive-if-value", v, 42);
	expect_eq("mbx-delete", rt_mbx_delete(&m), 0);
	expect_eq("mbx-delete-twice", rt_mbx_delete(&m), RTE_OBJINV);
	expect_eq("mbx-init-after-delete", rt_mbx_init(&m, 16), 0);
	expect_eq("mbx-delete-again", rt_mbx_delete(&m), 0);

	/* ---- from real-time context ---- */
	if (rt_task_init(&rt_checker, rt_checks, 0, 8192, 1, 0, NULL) == 0) {
		rt_task_resume(&rt_checker);
		for (i = 0; i < 200 && !rt_done; i++)
			msleep(5);
		expect_eq("rt-context-finished", rt_done, 1);
		expect_eq("rt-task-init-from-rt", rt_results[0], -EINVAL);
		expect_eq("rt-mbx-init-from-rt-fails", rt_results[1] < 0, 1);
		expect_eq("rt-wait-period-not-periodic", rt_results[2], -EINVAL);
		expect_eq("rt-sleep-negative", rt_results[3], RTE_TMROVRN);
		expect_eq("rt-sleep-until-past", rt_results[4], RTE_TMROVRN);
		expect_eq("rt-delete-uninitialised", rt_results[5], -EINVAL);
		expect_eq("rt-send-if-invalid-task", rt_results[6], (long long)(unsigned long)MSG_ERR);
		expect_eq("rt-receive-if-invalid-task", rt_results[7], (long long)(unsigned long)MSG_ERR);
		rt_task_delete(&rt_checker);
	} else {
		expect_eq("rt-context-task", 0, 1);
	}

	/* Creating and deleting still works after all that. */
	expect_eq("task-init-after", rt_task_init(&t2, body, 0, 8192, 10, 0, NULL), 0);
	expect_eq("make-periodic-after", rt_task_make_periodic_relative_ns(&t2, 1000000, 1000000), 0);
	msleep(20);
	expect_eq("delete-after", rt_task_delete(&t2), 0);
	pr_info("tx_badinput: result passed=%d failed=%d\n", passed, failed);
	return 0;
}

static void __exit tx_badinput_exit(void)
{
}

module_init(tx_badinput_init);
module_exit(tx_badinput_exit);
MODULE_LICENSE("GPL");
