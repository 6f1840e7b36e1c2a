// SPDX-License-Identifier: GPL-2.0
/*
 * tests/qemu/modules/tx_rtai_tbx.c - RTAI's message queues and typed
 * mailboxes (rtai_tbx.h) as an RTAI module uses them. At load:
 *  - a stream: a producer task on CPU 0 sends 3000 numbered messages of 1 to
 *    600 bytes (most larger than the slots: through the global heap) into a
 *    typed mailbox of 8 messages, a consumer on the last CPU receives them,
 *    checking order and contents; both wait on the other in turn;
 *  - priority order: messages of priorities 7, 1, 7, 0 (rt_tbx_urgent) and
 *    3 received urgent first, equal priorities in the order sent;
 *  - broadcast: three tasks waiting to receive all get one broadcast, which
 *    returns 3, and a second one finds nobody (0);
 *  - a timed receive times out (RTE_TIMOUT, not before its delay), a full
 *    queue refuses _if (msg_size), a receiver waiting when the queue is
 *    deleted returns RTE_OBJREM;
 *  - a named queue shared by two inits and freed by its last delete;
 *  - the global heap whole again at the end (no large message leaked).
 * Prints "tx_rtai_tbx: PASS|FAIL <name> (...)"; 8 checks at load. With
 * leave=1 it also leaves a named queue holding a large message, which
 * tactus_shm's unload deletes (one log line).
 */
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/module.h>
#include <linux/string.h>

#include <rtai_malloc.h>
#include <rtai_registry.h>
#include <rtai_sched.h>
#include <rtai_tbx.h>

#include "tx_check.h"

static int leave;
module_param(leave, int, 0444);
MODULE_PARM_DESC(leave, "1: leave a named queue with a message in it for tactus_shm's unload");

#define MESSAGES 3000
#define MAX_BYTES 600

TX_CHECKS("tx_rtai_tbx")

static TBX stream, order, bcast, timing;
static RT_TASK producer, consumer, listener[3], other;
static volatile int producer_done, consumer_done, listener_done[3], other_done;
static int stream_errors, send_errors, order_ok, bcast_first, bcast_second, listener_got[3];
static int timeout_result, if_full_result, removed_result;
static long long timeout_elapsed_ns;

static int message_bytes(int seq) { return 1 + (seq * 37) % MAX_BYTES; }

static void producer_body(long arg)
{
	static unsigned char buf[MAX_BYTES];
	int seq, i;

	for (seq = 0; seq < MESSAGES; seq++) {
		int n = message_bytes(seq);

		for (i = 0; i < n; i++)
			buf[i] = (unsigned char)(seq + i);
		memcpy(buf, &seq, n >= (int)sizeof(seq) ? sizeof(seq) : 0);
		if (rt_tbx_send(&stream, buf, n))
			send_errors++;
	}
	producer_done = 1;
}

static void consumer_body(long arg)
{
	static unsigned char buf[MAX_BYTES];
	int seq, i;

	for (seq = 0; seq < MESSAGES; seq++) {
		int n = message_bytes(seq), got, left = rt_tbx_receive(&stream, buf, MAX_BYTES);

		if (left < 0 || left > MAX_BYTES) {
			stream_errors++;
			break;
		}
		if (MAX_BYTES - left != n) {
			stream_errors++;
			continue;
		}
		if (n >= (int)sizeof(seq)) {
			memcpy(&got, buf, sizeof(got));
			if (got != seq)
				stream_errors++;
		}
		for (i = sizeof(seq); i < n; i++)
			if (buf[i] != (unsigned char)(seq + i))
				stream_errors++;
		/* Slower now and then: the producer fills the queue and waits. */
		if (seq % 100 == 0)
			rt_sleep(nano2count(200000));
	}
	consumer_done = 1;
}

static void listener_body(long k)
{
	char buf[16];
	int left = rt_tbx_receive(&bcast, buf, sizeof(buf));

	listener_got[k] = left == (int)sizeof(buf) - 6 && !memcmp(buf, "hello", 6);
	listener_done[k] = 1;
}

static void other_body(long arg)
{
	static const int prios[5] = {7, 1, 7, 0, 3};
	static const char *texts[5] = {"seven-a", "one", "seven-b", "urgent", "three"};
	static const char *expect = "urgent one three seven-a seven-b ";
	char got[64] = "", buf[16];
	int i, prio;
	RTIME t0;

	for (i = 0; i < 5; i++) {
		if (prios[i] == 0)
			rt_tbx_urgent_if(&order, (void *)texts[i], strlen(texts[i]) + 1);
		else
			rt_msg_send_if(&order, (void *)texts[i], strlen(texts[i]) + 1, prios[i]);
	}
	if_full_result = rt_msg_send_if(&order, (void *)"x", 2, 0); /* 5 slots: full */
	for (i = 0; i < 5; i++) {
		if (rt_msg_receive(&order, buf, sizeof(buf), &prio) < 0)
			break;
		strlcat(got, buf, sizeof(got));
		strlcat(got, " ", sizeof(got));
	}
	order_ok = !strcmp(got, expect);

	/* Broadcast: the three listeners wait by now (they run first). */
	bcast_first = rt_tbx_broadcast(&bcast, (void *)"hello", 6);
	bcast_second = rt_tbx_broadcast(&bcast, (void *)"again", 6);

	t0 = rt_get_time_ns();
	timeout_result = rt_tbx_receive_timed(&timing, buf, sizeof(buf), nano2count(2000000));
	timeout_elapsed_ns = rt_get_time_ns() - t0;
	other_done = 1;
	/* Waits until Linux deletes the queue. */
	removed_result = rt_tbx_receive(&timing, buf, sizeof(buf));
	other_done = 2;
}

static long heap_largest_block(void)
{
	long lo = 0, hi = rt_global_heap_size();

	while (lo < hi) {
		long mid = (lo + hi + 1) / 2;
		void *p = rt_malloc(mid);

		if (p) {
			rt_free(p);
			lo = mid;
		} else {
			hi = mid - 1;
		}
	}
	return lo;
}

static int wait_for(volatile int *flag, int value)
{
	int waited;

	for (waited = 0; *flag < value && waited < 20000; waited += 10)
		msleep(10);
	return *flag >= value;
}

static int __init tx_rtai_tbx_init(void)
{
	unsigned int last = num_online_cpus() - 1;
	long heap_before = heap_largest_block();
	RT_MSGQ *named1, *named2;
	int k, err;

	err = rt_tbx_init(&stream, 8, 0) || rt_msgq_init(&order, 5, 16) || rt_tbx_init(&bcast, 4, 0) ||
	      rt_tbx_init(&timing, 1, 0);
	if (err) {
		pr_err("tx_rtai_tbx: queue init failed\n");
		return -ENOMEM;
	}
	rt_task_init_cpuid(&consumer, consumer_body, 0, 8192, 4, 0, NULL, last);
	rt_task_init_cpuid(&producer, producer_body, 0, 8192, 5, 0, NULL, 0);
	rt_task_resume(&consumer);
	rt_task_resume(&producer);
	check(wait_for(&producer_done, 1) && wait_for(&consumer_done, 1) && !stream_errors && !send_errors,
	      "stream-in-order-and-intact", "%lld errors, %lld failed sends", stream_errors, send_errors);

	for (k = 0; k < 3; k++) {
		rt_task_init_cpuid(&listener[k], listener_body, k, 8192, 2 + k, 0, NULL, k % (last + 1));
		rt_task_resume(&listener[k]);
	}
	msleep(20); /* the listeners wait */
	rt_task_init_cpuid(&other, other_body, 0, 8192, 6, 0, NULL, 0);
	rt_task_resume(&other);
	wait_for(&other_done, 1);
	check(order_ok, "priority-order-urgent-first", "%lld", order_ok, 0);
	check(if_full_result == 2, "send-if-on-a-full-queue", "%lld", if_full_result, 0);
	check(bcast_first == 3 && bcast_second == 0 && wait_for(&listener_done[0], 1) &&
		      wait_for(&listener_done[1], 1) && wait_for(&listener_done[2], 1) && listener_got[0] &&
		      listener_got[1] && listener_got[2],
	      "broadcast-reaches-the-waiting-receivers", "returned %lld then %lld", bcast_first, bcast_second);
	check(timeout_result == RTE_TIMOUT && timeout_elapsed_ns >= 2000000, "receive-timed-times-out",
	      "result %llx after %lld ns", timeout_result, timeout_elapsed_ns);
	msleep(20);
	err = rt_tbx_delete(&timing);
	wait_for(&other_done, 2);
	check(err == 0 && removed_result == RTE_OBJREM, "delete-wakes-the-receiver", "delete %lld, receive %llx",
	      err, removed_result);

	named1 = rt_named_msgq_init("TBXNM", 4, 32);
	named2 = rt_named_msgq_init("TBXNM", 4, 32);
	check(named1 && named1 == named2 && rt_get_adr(nam2num("TBXNM")) == named1 &&
		      rt_named_msgq_delete(named1) == 1 && rt_named_msgq_delete(named2) == 0 &&
		      !rt_get_adr(nam2num("TBXNM")),
	      "named-queue-shared-and-freed", "%lld", named1 == named2, 0);

	rt_tbx_delete(&stream);
	rt_msgq_delete(&order);
	rt_tbx_delete(&bcast);
	check(heap_largest_block() == heap_before, "heap-whole-again", "%lld of %lld bytes", heap_largest_block(),
	      heap_before);
	if (leave) {
		RT_MSGQ *left = rt_named_msgq_init("TBXLF", 2, 0);
		static char big[3000];

		if (!left || rt_tbx_send_if(left, big, sizeof(big)))
			pr_err("tx_rtai_tbx: could not leave a queue behind\n");
	}
	pr_info("tx_rtai_tbx: result passed=%d failed=%d\n", passed, failed);
	return 0;
}

static void __exit tx_rtai_tbx_exit(void)
{
	int k;

	rt_task_delete(&producer);
	rt_task_delete(&consumer);
	rt_task_delete(&other);
	for (k = 0; k < 3; k++)
		rt_task_delete(&listener[k]);
}

module_init(tx_rtai_tbx_init);
module_exit(tx_rtai_tbx_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Tactus test: RTAI message queues and typed mailboxes");
