// SPDX-License-Identifier: GPL-2.0
/*
 * tests/qemu/modules/tx_rr.c - round robin within a priority. Two tasks A
 * and B of the same priority on CPU 0, started together (a broadcast on a
 * semaphore both wait on), each spin for run_ms of wall time without
 * blocking and log every moment it finds itself running after the other
 * did (the start of a slice). policy=1 (RT_SCHED_RR, quantum_us) must
 * alternate A, B, A, B ... in slices of about one quantum; policy=0
 * (RT_SCHED_FIFO) must run A to its end and then B (one slice each).
 * At unload: "tx_rr: result ..." and PASS/FAIL lines for the functional
 * checks; the script asserts the slice lengths on deterministic boots.
 */
#include <linux/math64.h> /* 64-bit "/" for 32-bit ARM kernels */
#include <linux/atomic.h>
#include <linux/delay.h>
#include <linux/module.h>
#include <linux/sort.h>

#include <rtai_sched.h>
#include <rtai_sem.h>

static int policy = RT_SCHED_RR;
module_param(policy, int, 0444);
static int quantum_us = 1000;
module_param(quantum_us, int, 0444);
static int run_ms = 30;
module_param(run_ms, int, 0444);
static int done;
module_param(done, int, 0444);

static RT_TASK tasks[2];
static SEM start;
static RTIME t_start, t_end;
static volatile int last = -1;
static atomic_t finished = ATOMIC_INIT(0);

#define MAXSL 1024
static struct {
	RTIME t;
	int who;
} slices[MAXSL];
static atomic_t nslots = ATOMIC_INIT(0);
static long long spins[2];

static int started[2], woke[2], wait_ret[2];

static void spinner(long me)
{
	started[me] = 1;
	wait_ret[me] = rt_sem_wait(&start);
	woke[me] = 1;
	for (;;) {
		RTIME now = rt_get_time();

		if (last != me) {
			/* Noticing the switch and recording it is one step: a
			 * quantum that ends between "last = me" and the slot's
			 * time lets the other task record its slice first, and
			 * this one then records a second slot in its next slice
			 * (A B A A: seen on a loaded real-time -smp 2 boot, 18 +
			 * 17 slices of 30 ms). Masked for a few instructions on
			 * this CPU, the quantum's interrupt waits for the end. */
			unsigned long flags;
			int i;

			rtai_save_flags_and_cli(flags);
			i = atomic_inc_return(&nslots) - 1;
			last = me;
			if (i < MAXSL) {
				slices[i].who = me;
				slices[i].t = rt_get_time();
			}
			rtai_restore_flags(flags);
		}
		spins[me]++;
		if (now >= t_end)
			break;
	}
	if (atomic_inc_return(&finished) == 2)
		done = 1;
	/* returning deletes the task */
}

static int __init tx_rr_init(void)
{
	int i, err;

	rt_typed_sem_init(&start, 0, CNT_SEM | FIFO_Q);
	for (i = 0; i < 2; i++) {
		err = rt_task_init_cpuid(&tasks[i], spinner, i, 8192, 5, 0, NULL, 0);
		if (!err)
			err = rt_set_sched_policy(&tasks[i], policy, quantum_us * 1000);
		if (err) {
			pr_err("tx_rr: setup failed: %d\n", err);
			rt_task_delete(&tasks[0]);
			rt_task_delete(&tasks[1]);
			rt_sem_delete(&start);
			return err;
		}
	}
	/* Both block on 'start', A first. With 2 CPUs insmod may run on the
	 * other CPU: wait until each really waits before the next step. */
	for (i = 0; i < 2; i++) {
		int n;

		rt_task_resume(&tasks[i]);
		for (n = 0; n < 1000 && !(rt_get_task_state(&tasks[i]) & RT_SCHED_SEMAPHORE); n++)
			usleep_range(100, 200);
	}
	t_start = rt_get_time();
	t_end = t_start + nano2count((RTIME)run_ms * 1000000);
	rt_sem_broadcast(&start);
	return 0;
}

static int cmp_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return x < y ? -1 : x > y;
}

static int cmp_slice_time(const void *a, const void *b)
{
	return cmp_ll(&((const typeof(slices[0]) *)a)->t, &((const typeof(slices[0]) *)b)->t);
}

static void __exit tx_rr_exit(void)
{
	static long long len[MAXSL];
	int i, n = 0, alternates = 1, per[2] = { 0, 0 }, nsl = min(atomic_read(&nslots), MAXSL);
	long long med = 0, lmin = 0, lmax = 0;
	const char *pol = policy == RT_SCHED_RR ? "rr" : "fifo";
	char seq[128];
	int slen = 0;

	rt_task_delete(&tasks[0]);
	rt_task_delete(&tasks[1]);
	rt_sem_delete(&start);

	/* In time order, not slot order: a task preempted between reserving a
	 * slot and filling it fills it in its next slice, after the other
	 * task's slot (seen once on a real-time -smp 2 boot: A@2205, B@1032). */
	sort(slices, nsl, sizeof(slices[0]), cmp_slice_time, NULL);
	for (i = 0; i < nsl; i++) {
		per[slices[i].who]++;
		if (i && slices[i].who == slices[i - 1].who)
			alternates = 0;
	}
	/* Lengths of the inner slices (not the first and the last). */
	for (i = 1; i + 1 < nsl; i++)
		len[n++] = count2nano(slices[i + 1].t - slices[i].t);
	if (n) {
		sort(len, n, sizeof(len[0]), cmp_ll, NULL);
		med = len[n / 2];
		lmin = len[0];
		lmax = len[n - 1];
	}
	/* The first slices: who, and when (us after the broadcast). */
	for (i = 0; i < min(nsl, 6); i++)
		slen += scnprintf(seq + slen, sizeof(seq) - slen, "%s%c@%lld", i ? "," : "", 'A' + slices[i].who,
				 div_s64(count2nano(slices[i].t - t_start), 1000));
	if (!nsl)
		strscpy(seq, "-", sizeof(seq));
	pr_info("tx_rr: result started=%d,%d woke=%d,%d wait_ret=%d,%d seq=%s policy=%s done=%d slices=%d a_slices=%d b_slices=%d first=%c "
		"slice_min_ns=%lld slice_median_ns=%lld slice_max_ns=%lld quantum_ns=%d a_spins=%lld b_spins=%lld\n",
		started[0], started[1], woke[0], woke[1], wait_ret[0], wait_ret[1], seq, pol, done, nsl, per[0], per[1], nsl ? 'A' + slices[0].who : '-', lmin, med, lmax, quantum_us * 1000,
		spins[0], spins[1]);
	if (!done)
		pr_info("tx_rr: FAIL %s-completed: the tasks did not finish\n", pol);
	else
		pr_info("tx_rr: PASS %s-completed\n", pol);
	if (policy == RT_SCHED_FIFO) {
		if (nsl && slices[0].who == 0)
			pr_info("tx_rr: PASS fifo-a-first\n");
		else
			pr_info("tx_rr: FAIL fifo-a-first: the first slice was not A's (FIFO wake order)\n");
	}
	if (policy == RT_SCHED_RR) {
		/* Both progress in turns: A B A B ... How many slices fit in
		 * run_ms is a matter of timing (a host that deschedules the
		 * virtual CPU eats some): sched-rr.sh checks the count
		 * (a_slices, b_slices) where timing is deterministic. */
		if (alternates && per[0] >= 2 && per[1] >= 2)
			pr_info("tx_rr: PASS rr-alternates (%d + %d slices)\n", per[0], per[1]);
		else
			pr_info("tx_rr: FAIL rr-alternates: %d + %d slices, alternating %d, expected A B A B ... (>= 2 each)\n",
				per[0], per[1], alternates);
	} else {
		if (nsl == 2 && per[0] == 1 && per[1] == 1)
			pr_info("tx_rr: PASS fifo-runs-to-completion\n");
		else
			pr_info("tx_rr: FAIL fifo-runs-to-completion: %d slices (A %d, B %d), expected A then B\n",
				nsl, per[0], per[1]);
	}
}

module_init(tx_rr_init);
module_exit(tx_rr_exit);
MODULE_LICENSE("GPL");
