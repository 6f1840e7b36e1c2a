// SPDX-License-Identifier: GPL-2.0
/*
 * tests/qemu/modules/tx_rtai_more.c - more of RTAI's task and semaphore
 * calls, as an RTAI module uses them, on CPU 0, one scenario after the
 * other at load:
 *   suspend   a task suspends itself for 2 ms (rt_task_suspend_timed):
 *             RTE_TIMOUT after at least 2 ms
 *   unblock   a task sleeping for 10 s is woken by rt_task_wakeup_sleeping
 *             from Linux: both calls return RTE_UNBLKD, at once
 *   schedlock a task inside rt_sched_lock resumes a higher-priority one,
 *             which runs only after rt_sched_unlock; its inherited
 *             priority is -1 meanwhile
 *   cond      a task waits on a CND with a mutex (rt_cond_wait), another
 *             takes the mutex, signals and unlocks: the waiter returns 0
 *             owning the mutex again
 *   rpcx      a request buffer and a reply longer than the caller's room
 *             (rt_rpcx, rt_receivex, rt_returnx): the reply is cut
 *   srq       a task pends a system request twice: its handler runs once
 *             in Linux (rt_request_srq, rt_pend_linux_srq, rt_free_srq)
 *   info      a periodic task's rt_task_get_info, and next_period one
 *             period further after each rt_task_wait_period
 *   bits      event flags: a consumer clears the bit it waited for, a
 *             watcher of two other bits wakes from the same signal after it
 *   qnx       rt_Send / rt_Receive / rt_Reply between two tasks, the
 *             server found by rt_Name_locate; then a proxy triggered from
 *             Linux delivers its message to the server's rt_receivex
 *   poll      a task polls a semaphore and a mailbox (rt_poll): a message
 *             sent from Linux wakes it with only the mailbox's entry
 *             reported, and it receives it; then a poll of the semaphore
 *             alone times out
 *   realtime  rt_get_real_time_ns() against Linux's CLOCK_REALTIME
 *   glock     rt_get_global_lock takes the global lock (0), again (1), and
 *             rt_release_global_lock gives it back masked
 * Each prints "tx_rtai_more: PASS|FAIL <name> (...)"; 22 checks.
 */
#include <linux/delay.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/timekeeping.h>

#include <rtai_bits.h>
#include <rtai_mbx.h>
#include <rtai_sched.h>
#include <rtai_msg.h>
#include <rtai_sem.h>

#include "tx_check.h"

static RT_TASK ta, tb;
static SEM mtx, cnd;
static volatile int done_a, done_b, seq;
static volatile long ret_a, ret_b, mark_a, mark_b, prio_in_lock;
static volatile RTIME t_a;

TX_CHECKS("tx_rtai_more")

static bool wait_done(volatile int *flag)
{
	int i;

	for (i = 0; i < 200 && !*flag; i++)
		msleep(10);
	return *flag;
}

static int start(RT_TASK *t, void (*fn)(long), int prio)
{
	int err;

	memset(t, 0, sizeof(*t));
	err = rt_task_init_cpuid(t, fn, 0, 8192, prio, 0, NULL, 0);
	if (!err)
		err = rt_task_resume(t);
	return err;
}

static void stop(RT_TASK *t)
{
	rt_task_delete(t); /* -EINVAL once it returned: fine */
}

/* ---- suspend ---- */
static void suspend_body(long arg)
{
	RTIME t0 = rt_get_time();

	ret_a = rt_task_suspend_timed(NULL, nano2count(2000000));
	t_a = rt_get_time() - t0;
	done_a = 1;
}

/* ---- unblock ---- */
static void sleeper_body(long arg)
{
	RTIME t0 = rt_get_time();

	ret_a = rt_sleep(nano2count(10000000000LL));
	t_a = rt_get_time() - t0;
	done_a = 1;
}

/* ---- schedlock: a (prio 20) locks, resumes b (prio 5) ---- */
static void high_body(long arg)
{
	mark_b = ++seq;
	done_b = 1;
}

static void locker_body(long arg)
{
	rt_sched_lock();
	prio_in_lock = rt_get_inher_prio(rt_whoami());
	rt_task_resume(&tb);
	rt_busy_sleep(500000);
	mark_a = ++seq;
	rt_sched_unlock();
	done_a = 1;
}

/* ---- cond: a waits, b signals ---- */
static void waiter_body(long arg)
{
	rt_mutex_lock(&mtx);
	ret_a = rt_cond_wait(&cnd, &mtx);
	mark_a = rt_mutex_unlock(&mtx); /* 0: it owned the mutex again */
	done_a = 1;
}

static void signaller_body(long arg)
{
	ret_b = rt_mutex_lock(&mtx);
	rt_cond_signal(&cnd);
	rt_mutex_unlock(&mtx);
	done_b = 1;
}

/* ---- rpcx: b answers a's request with a longer reply, cut to a's room ---- */
static char reply[8];

static void server_body(long arg)
{
	char req[16];
	long len = 0;
	RT_TASK *caller = rt_receivex(NULL, req, sizeof(req), &len);

	if (caller == &ta && len == 5 && !memcmp(req, "hello", 5))
		rt_returnx(caller, "hello, world", 12);
	done_b = 1;
}

static void client_body(long arg)
{
	ret_a = rt_rpcx(&tb, "hello", reply, 5, sizeof(reply)) == &tb;
	done_a = 1;
}

/* ---- srq: a task pends a system request, Linux runs its handler ---- */
static volatile int srq_runs;
static int srq;

static void srq_handler(void) { srq_runs++; }

static void pender_body(long arg)
{
	rt_pend_linux_srq(srq);
	rt_pend_linux_srq(srq); /* before it ran: counts once */
	done_a = 1;
}

/* ---- info ---- */
static void periodic_body(long arg)
{
	RTIME first;

	rt_task_make_periodic_relative_ns(NULL, 1000000, 1000000);
	rt_task_wait_period();
	first = next_period();
	rt_task_wait_period();
	/* One period further, however late the task ran (a busy host can
	 * hold a vCPU for longer than a period: "now" is no reference). */
	t_a = next_period() - first;
	done_a = 1;
	for (;;)
		rt_task_wait_period();
}

/* ---- event flags: two consumers of bit 0 and a watcher of bits 1 and 2 ---- */
static BITS flags;
static volatile unsigned long seen_a, seen_b;

static void consumer_body(long arg)
{
	ret_a = rt_bits_wait(&flags, ANY_SET, 1, CLR_BITS, 1, (unsigned long *)&seen_a);
	mark_a = ++seq;
	done_a = 1;
}

static void watcher_body(long arg)
{
	ret_b = rt_bits_wait_timed(&flags, ALL_SET, 6, NOP_BITS, 0, nano2count(2000000000), (unsigned long *)&seen_b);
	mark_b = ++seq;
	done_b = 1;
}

/* ---- rt_poll: a semaphore and a mailbox, then the semaphore alone ---- */
static SEM poll_sem;
static MBX poll_mbx;
static struct rt_poll_s polled[2];
static char poll_msg[8];

static void poller_body(long arg)
{
	struct rt_poll_s alone[1] = { { &poll_sem, RT_POLL_SEM_WAIT_ALL } };
	RTIME start;

	polled[0].what = &poll_sem;
	polled[0].forwhat = RT_POLL_SEM_WAIT_ONE;
	polled[1].what = &poll_mbx;
	polled[1].forwhat = RT_POLL_MBX_RECV;
	ret_a = rt_poll(polled, 2, -nano2count(2000000000LL));
	mark_a = rt_mbx_receive_if(&poll_mbx, poll_msg, 5);
	start = rt_get_time();
	ret_b = rt_poll(alone, 1, -nano2count(3000000));
	t_a = rt_get_time() - start;
	done_a = 1;
}

/* ---- QNX-style messages and a proxy: b serves a's rt_Send, then takes
 * one message of a proxy triggered from Linux ---- */
static RT_TASK *proxy;
static char qnx_reply[8];
static volatile long proxy_from;

static void qnx_server_body(long arg)
{
	char buf[16] = "";
	size_t len = 0;
	long got = 0;
	int from = rt_Receive(0, buf, sizeof(buf), &len);

	mark_b = len == 6 && !strcmp(buf, "query") ? rt_Reply(from, "answer!", 8) : -1;
	proxy_from = (long)rt_receivex(NULL, buf, sizeof(buf), &got);
	ret_b = got == 4 && !memcmp(buf, "tick", 4);
	done_b = 1;
	rt_task_suspend(NULL);
}

static void qnx_client_body(long arg)
{
	ret_a = rt_Send(rt_Name_locate("", "QNXSRV"), "query", qnx_reply, 6, sizeof(qnx_reply));
	done_a = 1;
}

static void qnx_name_body(long arg)
{
	mark_a = rt_Name_attach("QNXSRV");
	qnx_server_body(arg);
}

static void reset(void)
{
	done_a = done_b = 0;
	ret_a = ret_b = mark_a = mark_b = -1;
	t_a = 0;
	seq = 0;
}

static int __init tx_rtai_more_init(void)
{
	RT_TASK_INFO info;
	long long diff;
	bool ok;

	/* The condition first: the order a call's arguments are read in is
	 * the compiler's. */
	reset();
	ok = !start(&ta, suspend_body, 10) && wait_done(&done_a);
	/* RTE_TMROVRN says the 2 ms were over before the task could suspend:
	 * only a host stall of the whole 2 ms inside the call does that (a
	 * boot without -icount on a loaded host; seen once on x86_64 smp2),
	 * and then the call itself lasted that long. */
	check(ok && (ret_a == RTE_TIMOUT || (ret_a == RTE_TMROVRN && count2nano(t_a) >= 2000000)),
	      "suspend-timed-out", "ret %lld, RTE_TIMOUT is %lld", ret_a, RTE_TIMOUT);
	check(count2nano(t_a) >= 2000000 && count2nano(t_a) < 200000000, "suspend-lasted-its-time", "%lld ns", count2nano(t_a), 0);
	stop(&ta);

	reset();
	check(!start(&ta, sleeper_body, 10), "unblock-start", "rt_task_init and resume", 0, 0);
	msleep(20);
	ret_b = rt_task_wakeup_sleeping(&ta);
	ok = wait_done(&done_a);
	check(ok && ret_a == RTE_UNBLKD && ret_b == RTE_UNBLKD, "unblock-both-return-unblkd",
	      "sleep %lld, unblock %lld", ret_a, ret_b);
	check(count2nano(t_a) < 1000000000, "unblock-early", "slept %lld ns of 10 s", count2nano(t_a), 0);
	stop(&ta);

	reset();
	memset(&tb, 0, sizeof(tb));
	ok = !rt_task_init_cpuid(&tb, high_body, 0, 8192, 5, 0, NULL, 0) && !start(&ta, locker_body, 20) &&
	     wait_done(&done_a) && wait_done(&done_b);
	check(ok, "schedlock-both-ran", "%lld %lld", done_a, done_b);
	check(mark_a == 1 && mark_b == 2, "schedlock-high-waits-for-unlock", "locker %lld, high %lld", mark_a, mark_b);
	check(prio_in_lock == -1, "schedlock-priority-above-all", "inherited priority %lld", prio_in_lock, 0);
	stop(&ta);
	stop(&tb);

	reset();
	rt_mutex_init(&mtx);
	rt_cond_init(&cnd);
	ok = !start(&ta, waiter_body, 10) && !start(&tb, signaller_body, 11) && wait_done(&done_a) &&
	     wait_done(&done_b);
	check(ok, "cond-both-ran", "%lld %lld", done_a, done_b);
	check(ret_a == 0 && mark_a == 0 && ret_b == 1, "cond-signalled-and-mutex-owned-again",
	      "wait %lld, unlock after %lld", ret_a, mark_a);
	stop(&ta);
	stop(&tb);
	rt_sem_delete(&cnd);
	rt_sem_delete(&mtx);

	reset();
	ok = !start(&tb, server_body, 10) && !start(&ta, client_body, 11) && wait_done(&done_a) && wait_done(&done_b);
	check(ok && ret_a == 1 && !memcmp(reply, "hello, w", 8), "rpcx-buffers-both-ways", "rpc %lld, reply cut to %lld bytes",
	      ret_a, (long long)sizeof(reply));
	stop(&ta);
	stop(&tb);

	reset();
	srq = rt_request_srq(0x7a5c, srq_handler, NULL);
	ok = srq > 0 && !start(&ta, pender_body, 10) && wait_done(&done_a);
	msleep(20);
	check(ok && srq_runs == 1 && !rt_free_srq(srq), "srq-handler-ran-in-linux", "number %lld, %lld run(s)", srq, srq_runs);
	stop(&ta);

	reset();
	memset(&info, 0, sizeof(info));
	ok = !start(&ta, periodic_body, 10) && wait_done(&done_a) && !rt_task_get_info(&ta, &info);
	check(ok && info.period == nano2count(1000000) && info.base_priority == 10,
	      "info-period-and-priority", "period %lld counts, priority %lld", info.period, info.base_priority);
	check(t_a == nano2count(1000000), "info-next-period-steps-one-period", "%lld counts, a period is %lld",
	      t_a, nano2count(1000000));
	stop(&ta);

	reset();
	rt_bits_init(&flags, 0);
	ok = !start(&ta, consumer_body, 10) && !start(&tb, watcher_body, 11);
	msleep(20);
	/* Bit 0 goes to the consumer, which clears it; bits 1 and 2 then
	 * satisfy the watcher, woken by the same signal, after it. */
	ok = ok && rt_bits_signal(&flags, SET_BITS, 7) == 7 && wait_done(&done_a) && wait_done(&done_b);
	check(ok && ret_a == 0 && seen_a == 7 && ret_b == 0 && seen_b == 6 && mark_a == 1 && mark_b == 2,
	      "bits-consumer-then-watcher", "consumer saw %lld, watcher saw %lld", seen_a, seen_b);
	check(rt_get_bits(&flags) == 6 && rt_bits_delete(&flags) == 0 && rt_bits_delete(&flags) == RTE_OBJINV,
	      "bits-left-and-deleted", "flags %lld", 6, 0);
	stop(&ta);
	stop(&tb);

	reset();
	rt_sem_init(&poll_sem, 0);
	rt_mbx_init(&poll_mbx, 16);
	ok = !start(&ta, poller_body, 10);
	msleep(20);
	ok = ok && rt_mbx_send_if(&poll_mbx, "ping", 5) == 0 && wait_done(&done_a);
	check(ok && ret_a == 1 && polled[0].what == &poll_sem && polled[1].what == NULL && mark_a == 0 &&
	      !strcmp(poll_msg, "ping"), "poll-woken-by-the-mailbox", "rt_poll %lld, receive %lld", ret_a, mark_a);
	check(ret_b == RTE_TIMOUT && count2nano(t_a) >= 3000000 - count2nano(1), "poll-timed-out",
	      "rt_poll %lld after %lld ns", ret_b, count2nano(t_a));
	stop(&ta);
	rt_mbx_delete(&poll_mbx);
	rt_sem_delete(&poll_sem);

	reset();
	ok = !start(&tb, qnx_name_body, 10);
	msleep(10);
	ok = ok && !start(&ta, qnx_client_body, 11) && wait_done(&done_a);
	check(ok && mark_a > 0 && ret_a == 8 && !memcmp(qnx_reply, "answer!", 8) && mark_b == 0, "qnx-send-receive-reply",
	      "rt_Send %lld, rt_Reply %lld", ret_a, mark_b);
	proxy = rt_proxy_attach(&tb, "tick", 4, 5);
	ok = proxy && rt_trigger(proxy) == &tb && wait_done(&done_b);
	check(ok && ret_b == 1 && proxy_from == (long)proxy && !rt_proxy_detach(proxy), "proxy-triggered-from-linux",
	      "message ok %lld, from the proxy %lld", ret_b, proxy_from == (long)proxy);
	stop(&ta);
	stop(&tb);

	diff = rt_get_real_time_ns() - ktime_get_real_ns();
	check(diff > -5000000 && diff < 5000000, "realtime-follows-linux", "%lld ns apart", diff, 0);

	{
		int first = rt_get_global_lock(), again = rt_get_global_lock();
		unsigned long held, after;

		rt_global_save_flags(&held);
		rt_release_global_lock();
		rt_global_save_flags(&after);
		rt_global_sti();
		check(first == 0 && again == 1 && (held & 1) && !(after & 1), "glock-get-and-release",
		      "got %lld then %lld", first, again);
	}

	pr_info("tx_rtai_more: result passed=%d failed=%d\n", passed, failed);
	return 0;
}

static void __exit tx_rtai_more_exit(void) { }

module_init(tx_rtai_more_init);
module_exit(tx_rtai_more_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Tactus test: more RTAI task and semaphore calls");
