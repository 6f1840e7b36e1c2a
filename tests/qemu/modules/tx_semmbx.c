// SPDX-License-Identifier: GPL-2.0
/*
 * tests/qemu/modules/tx_semmbx.c - blocking on semaphores and mailboxes
 * under preemption, on CPU 0. Three waiters W1 (priority 30), W2 (10) and
 * W3 (20) always block in the order W1, W2, W3 (arrival order); a releaser R
 * (priority 40) wakes them; a periodic task P (priority 5, every 200 us)
 * preempts everybody throughout. Each phase logs events; at unload the
 * module compares each phase's event sequence with the expected one:
 *
 *  1 sem-prio     CNT_SEM PRIO_Q, 3 signals: woken W2, W3, W1 (priority
 *                 order, neither FIFO nor LIFO), each at once (preempting R)
 *  2 sem-fifo     CNT_SEM FIFO_Q: woken W1, W2, W3 (arrival order)
 *  3 mbx-recv     3 receivers of 8 bytes arrive W1, W3, W2; R sends
 *                 messages 1, 2, 3: W1 (the receiver already moving data
 *                 when the others came, RTAI's rcvsem) gets 1, then by
 *                 priority W2 gets 2 and W3 gets 3 (FIFO would be W3, W2)
 *  4 mbx-send     a full 16-byte mailbox (101, 102), 3 senders arrive W1,
 *                 W3, W2 and block; R receives 5 messages: 101 102 1 2 3
 *  5 timeout-del  W1: rt_sem_wait_timed 1 ms -> RTE_TIMOUT (after >= 1 ms);
 *                 W2, W3 wait, R deletes the sem -> RTE_OBJREM, W2 first
 *  6 res-pi       W1 takes a RES_SEM and waits on a gate; W2 blocks on the
 *                 RES_SEM (W1 inherits 10); W3 (20) waits on the gate too;
 *                 R opens the gate (broadcast): W1 runs first (inherited
 *                 10 beats 20), releases, W2 gets it, then W3, then W1
 *                 finishes
 *
 * P's job count per phase is printed in the result line (the script
 * asserts it on deterministic boots only).
 * Output: "tx_semmbx: PASS <check>" / "tx_semmbx: FAIL <check>: <why>".
 * The module parameter 'done' turns 1 when R has finished.
 */
#include <linux/atomic.h>
#include <linux/module.h>

#include <rtai_mbx.h>
#include <rtai_sched.h>
#include <rtai_sem.h>

static int done;
module_param(done, int, 0444);

#define NW 3
#define NPHASE 6
static const int wprio[NW] = { 30, 10, 20 };
static RT_TASK w[NW], r_task, p_task;
static SEM sem_prio, sem_fifo, sem_to, sem_del, res, gate;
static MBX mbx_rx, mbx_tx;
static int mbx_rx_ok, mbx_tx_ok;
static atomic_t finished[NPHASE + 1];
static volatile int phase;
static long long p_jobs[NPHASE + 1];
static RTIME to_elapsed;

struct ev {
	unsigned char phase;
	char who, what;
	int val;
};
#define NOVAL INT_MIN
#define MAXEV 256
static struct ev evlog[MAXEV];
static atomic_t nev = ATOMIC_INIT(0);

static void log_ev(char who, char what, int val)
{
	int i = atomic_inc_return(&nev) - 1;

	if (i < MAXEV)
		evlog[i] = (struct ev){ .phase = phase, .who = who, .what = what, .val = val };
}

static void waiter(long idx)
{
	char me = '1' + idx;
	int p, r;
	long long msg;

	for (p = 1; p <= NPHASE; p++) {
		rt_task_suspend(NULL); /* R resumes us, in arrival order */
		switch (p) {
		case 1:
		case 2:
			r = rt_sem_wait(p == 1 ? &sem_prio : &sem_fifo);
			log_ev(me, 'w', NOVAL);
			rt_busy_sleep(100000);
			break;
		case 3:
			msg = 0;
			r = rt_mbx_receive(&mbx_rx, &msg, sizeof(msg));
			log_ev(me, 'g', r ? -1 : (int)msg);
			rt_busy_sleep(100000);
			break;
		case 4:
			msg = idx + 1;
			r = rt_mbx_send(&mbx_tx, &msg, sizeof(msg));
			log_ev(me, 'x', r ? r : NOVAL);
			break;
		case 5:
			if (idx == 0) {
				RTIME t0 = rt_get_time();

				r = rt_sem_wait_timed(&sem_to, nano2count(1000000));
				to_elapsed = rt_get_time() - t0;
			} else {
				r = rt_sem_wait(&sem_del);
			}
			log_ev(me, r == RTE_TIMOUT ? 'T' : r == RTE_OBJREM ? 'D' : '?', r == RTE_TIMOUT || r == RTE_OBJREM ? NOVAL : r);
			break;
		case 6:
			if (idx == 0) {
				r = rt_sem_wait(&res);
				log_ev(me, 'k', r < RTE_LOWERR ? NOVAL : r);
				rt_sem_wait(&gate);
				log_ev(me, 'w', NOVAL);
				rt_busy_sleep(200000);
				log_ev(me, 'r', NOVAL);
				rt_sem_signal(&res);
				log_ev(me, 'd', NOVAL);
			} else if (idx == 1) {
				r = rt_sem_wait(&res);
				log_ev(me, 'g', r < RTE_LOWERR ? NOVAL : r);
				rt_sem_signal(&res);
			} else {
				rt_sem_wait(&gate);
				log_ev(me, 'm', NOVAL);
			}
			break;
		}
		atomic_inc(&finished[p]);
	}
}

static void releaser(long unused)
{
	int p, k;
	long long msg;

	for (k = 0; k < NW; k++)
		rt_task_resume(&w[k]); /* each starts and suspends itself */
	for (p = 1; p <= NPHASE; p++) {
		RTIME limit;

		phase = p;
		if (p == 4) {
			for (msg = 101; msg <= 102; msg++)
				rt_mbx_send(&mbx_tx, &msg, sizeof(msg)); /* now full */
		}
		for (k = 0; k < NW; k++) {
			/* arrival order: W1 W2 W3, in phases 3 and 4 W1 W3 W2 */
			int who = (p == 3 || p == 4) && k ? 3 - k : k;

			rt_task_resume(&w[who]); /* runs now (higher priority) and blocks */
			if (p == 6 && k == 1)
				log_ev('R', 'i', rt_get_inher_prio(&w[0]));
		}
		switch (p) {
		case 1:
		case 2:
			for (k = 0; k < NW; k++) {
				log_ev('R', 's', NOVAL);
				rt_sem_signal(p == 1 ? &sem_prio : &sem_fifo);
				rt_busy_sleep(300000);
			}
			break;
		case 3:
			for (k = 0; k < NW; k++) {
				msg = k + 1;
				log_ev('R', 's', NOVAL);
				rt_mbx_send(&mbx_rx, &msg, sizeof(msg));
				rt_busy_sleep(300000);
			}
			break;
		case 4:
			for (k = 0; k < 5; k++) {
				msg = 0;
				rt_busy_sleep(300000);
				if (rt_mbx_receive(&mbx_tx, &msg, sizeof(msg)))
					msg = -1;
				log_ev('R', 'r', (int)msg);
			}
			break;
		case 5:
			rt_sleep(nano2count(3000000));
			rt_sem_delete(&sem_del);
			break;
		case 6:
			log_ev('R', 'o', NOVAL);
			rt_sem_broadcast(&gate); /* W1 and W3 ready at once */
			break;
		}
		limit = rt_get_time() + nano2count(100000000);
		while (atomic_read(&finished[p]) < NW && rt_get_time() < limit)
			rt_sleep(nano2count(100000));
		if (atomic_read(&finished[p]) < NW)
			log_ev('R', 'H', atomic_read(&finished[p])); /* hung */
	}
	phase = NPHASE + 1;
	done = 1;
}

static void preemptor(long unused)
{
	for (;;) {
		int p = phase;

		if (p >= 0 && p <= NPHASE)
			p_jobs[p]++;
		rt_busy_sleep(20000);
		rt_task_wait_period();
	}
}

static void cleanup(void)
{
	int k;

	rt_task_delete(&p_task);
	rt_task_delete(&r_task);
	for (k = 0; k < NW; k++)
		rt_task_delete(&w[k]);
	rt_sem_delete(&sem_prio);
	rt_sem_delete(&sem_fifo);
	rt_sem_delete(&sem_to);
	rt_sem_delete(&sem_del); /* RTE_OBJINV if phase 5 deleted it: fine */
	rt_sem_delete(&res);
	rt_sem_delete(&gate);
	if (mbx_rx_ok)
		rt_mbx_delete(&mbx_rx);
	if (mbx_tx_ok)
		rt_mbx_delete(&mbx_tx);
}

static int __init tx_semmbx_init(void)
{
	int k, err = 0;

	rt_typed_sem_init(&sem_prio, 0, CNT_SEM | PRIO_Q);
	rt_typed_sem_init(&sem_fifo, 0, CNT_SEM | FIFO_Q);
	rt_typed_sem_init(&sem_to, 0, CNT_SEM);
	rt_typed_sem_init(&sem_del, 0, CNT_SEM);
	rt_typed_sem_init(&res, 1, RES_SEM);
	rt_typed_sem_init(&gate, 0, CNT_SEM);
	err = rt_typed_mbx_init(&mbx_rx, 64, PRIO_Q);
	mbx_rx_ok = !err;
	if (!err) {
		err = rt_typed_mbx_init(&mbx_tx, 16, PRIO_Q);
		mbx_tx_ok = !err;
	}
	for (k = 0; k < NW && !err; k++)
		err = rt_task_init_cpuid(&w[k], waiter, k, 8192, wprio[k], 0, NULL, 0);
	if (!err)
		err = rt_task_init_cpuid(&r_task, releaser, 0, 8192, 40, 0, NULL, 0);
	if (!err)
		err = rt_task_init_cpuid(&p_task, preemptor, 0, 8192, 5, 0, NULL, 0);
	if (err) {
		pr_err("tx_semmbx: setup failed: %d\n", err);
		cleanup();
		return err;
	}
	rt_task_make_periodic_relative_ns(&p_task, 100000, 200000);
	rt_task_resume(&r_task);
	return 0;
}

/* The events of phase p as text: "Rs 2w ..."; who_filter 0: all. */
static void phase_string(int p, char who_filter, char *buf, size_t size)
{
	int i, n = min(atomic_read(&nev), MAXEV), len = 0;

	buf[0] = 0;
	for (i = 0; i < n; i++) {
		struct ev *e = &evlog[i];

		if (e->phase != p || (who_filter && e->who != who_filter && !(who_filter == 'W' && e->who != 'R')))
			continue;
		if (e->val != NOVAL)
			len += scnprintf(buf + len, size - len, "%s%c%c%d", len ? " " : "", e->who, e->what, e->val);
		else
			len += scnprintf(buf + len, size - len, "%s%c%c", len ? " " : "", e->who, e->what);
	}
}

static void expect(const char *name, int p, char who, const char *want)
{
	char got[200];

	phase_string(p, who, got, sizeof(got));
	if (!strcmp(got, want))
		pr_info("tx_semmbx: PASS %s (%s)\n", name, got);
	else
		pr_info("tx_semmbx: FAIL %s: events '%s', expected '%s'\n", name, got, want);
}

static void check(int ok, const char *name, const char *fmt, long long a, long long b)
{
	if (ok) {
		pr_info("tx_semmbx: PASS %s\n", name);
	} else {
		char why[120];

		snprintf(why, sizeof(why), fmt, a, b);
		pr_info("tx_semmbx: FAIL %s: %s\n", name, why);
	}
}

static void __exit tx_semmbx_exit(void)
{
	int p, was_done = done;
	long long p_all = 0;

	cleanup();
	check(was_done, "completed", "the releaser did not finish (done=%lld)%lld", was_done, 0);
	expect("sem-prio-order", 1, 0, "Rs 2w Rs 3w Rs 1w");
	expect("sem-fifo-order", 2, 0, "Rs 1w Rs 2w Rs 3w");
	expect("mbx-receivers-prio", 3, 0, "Rs 1g1 Rs 2g2 Rs 3g3");
	expect("mbx-stream-order", 4, 'R', "Rr101 Rr102 Rr1 Rr2 Rr3");
	expect("mbx-senders-prio", 4, 'W', "1x 2x 3x");
	expect("timeout-and-delete", 5, 'W', "1T 2D 3D");
	check(to_elapsed >= nano2count(1000000), "timeout-duration",
	      "rt_sem_wait_timed(1 ms) returned after %lld ns%lld", count2nano(to_elapsed), 0);
	expect("res-sem-inheritance", 6, 0, "1k Ri10 Ro 1w 1r 2g 3m 1d");
	for (p = 1; p <= NPHASE; p++)
		p_all += p_jobs[p];
	check(p_all > 0, "preemptor-ran", "P ran %lld times%lld", p_all, 0);
	check(atomic_read(&nev) <= MAXEV, "log", "%lld events for %lld slots", atomic_read(&nev), MAXEV);
	pr_info("tx_semmbx: result preemptor_jobs=%lld,%lld,%lld,%lld,%lld,%lld events=%d\n", p_jobs[1], p_jobs[2],
		p_jobs[3], p_jobs[4], p_jobs[5], p_jobs[6], atomic_read(&nev));
}

module_init(tx_semmbx_init);
module_exit(tx_semmbx_exit);
MODULE_LICENSE("GPL");
