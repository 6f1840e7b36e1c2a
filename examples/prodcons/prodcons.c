// SPDX-License-Identifier: GPL-2.0
/*
 * examples/prodcons/prodcons.c - producers and a consumer: the bounded
 * buffer with two counting semaphores, the data through a mailbox.
 *
 *   producer 1 (priority 1, every 1 ms)   \                       consumer
 *   producer 2 (priority 2, every 1.5 ms)  -> mailbox of NSLOTS -> (priority 3)
 *
 * A producer takes a free slot (rt_sem_wait(&slots): it blocks when the
 * buffer is full), sends one item with rt_mbx_send (an item is never
 * interleaved with another sender's) and signals 'items'. The consumer
 * waits on 'items', receives the item, checks it and gives the slot back.
 * Every 100 items the consumer stalls for stall_ms (a slow disk, say): the
 * buffer fills and the producers block on 'slots' until it catches up, so
 * nothing is lost or overwritten. Items carry the producer, a sequence
 * number and a checksum; the consumer counts sequence gaps, duplicates and
 * bad checksums (all must stay 0).
 * After run_ms the producers stop; the consumer drains the buffer (a 50 ms
 * timeout on 'items' with no producer left) and sets the read-only
 * parameter 'done' to 1. Statistics at unload.
 */
#include <linux/atomic.h>
#include <linux/module.h>

#include <rtai_mbx.h>
#include <rtai_sched.h>
#include <rtai_sem.h>

#define NSLOTS 8

static int run_ms = 1000;
module_param(run_ms, int, 0444);
static int stall_ms = 10;
module_param(stall_ms, int, 0444);
static int done;
module_param(done, int, 0444);

struct item {
	unsigned int producer, seq;
	unsigned long long value, checksum;
};

static RT_TASK producers[2], consumer;
static SEM slots, items;
static MBX mbx;
static RTIME t_stop;
static atomic_t producers_left = ATOMIC_INIT(2);

static long long produced[2], blocked[2], consumed, seq_errors, sum_errors, recv_errors, min_free = NSLOTS;
static unsigned int next_seq[2];

static unsigned long long checksum(const struct item *it)
{
	return (it->value * 0x9E3779B97F4A7C15ull) ^ ((unsigned long long)it->producer << 32 | it->seq);
}

static void produce(long id)
{
	struct item it = { .producer = id };

	for (;;) {
		if (rt_get_time() >= t_stop)
			break;
		it.seq++;
		it.value = rt_get_time();
		it.checksum = checksum(&it);
		if (rt_sem_wait(&slots) <= 0) /* the count at wake-up: we had to wait */
			blocked[id]++;
		rt_mbx_send(&mbx, &it, sizeof(it));
		rt_sem_signal(&items);
		produced[id]++;
		rt_task_wait_period();
	}
	atomic_dec(&producers_left);
}

static void consume(long unused)
{
	struct item it;

	for (;;) {
		int free_now;

		/* One unit of 'items' per item in the mailbox: after a successful
		 * wait an item is there. A timeout with both producers gone
		 * means the buffer is drained. */
		if (rt_sem_wait_timed(&items, nano2count(50000000)) == RTE_TIMOUT) {
			if (atomic_read(&producers_left) == 0)
				break;
			continue;
		}
		if (rt_mbx_receive(&mbx, &it, sizeof(it))) {
			recv_errors++;
			continue;
		}
		free_now = max(rt_sem_count(&slots), 0); /* < 0: producers waiting */
		if (free_now < min_free)
			min_free = free_now;
		rt_sem_signal(&slots);
		consumed++;
		if (it.producer > 1 || it.checksum != checksum(&it)) {
			sum_errors++;
			continue;
		}
		if (it.seq != next_seq[it.producer] + 1)
			seq_errors++;
		next_seq[it.producer] = it.seq;
		rt_busy_sleep(100000); /* 100 us of work per item */
		if (consumed % 100 == 0)
			rt_busy_sleep(stall_ms * 1000000); /* a stall: the buffer fills */
	}
	done = 1;
}

static int __init prodcons_init(void)
{
	int err;

	rt_typed_sem_init(&slots, NSLOTS, CNT_SEM);
	rt_typed_sem_init(&items, 0, CNT_SEM);
	err = rt_mbx_init(&mbx, NSLOTS * sizeof(struct item));
	if (err)
		return err;
	err = rt_task_init(&producers[0], produce, 0, 8192, 1, 0, NULL);
	if (!err)
		err = rt_task_init(&producers[1], produce, 1, 8192, 2, 0, NULL);
	if (!err)
		err = rt_task_init(&consumer, consume, 0, 8192, 3, 0, NULL);
	if (err) {
		rt_task_delete(&producers[0]);
		rt_task_delete(&producers[1]);
		rt_mbx_delete(&mbx);
		return err;
	}
	t_stop = rt_get_time() + nano2count((RTIME)run_ms * 1000000);
	rt_task_resume(&consumer);
	rt_task_make_periodic_relative_ns(&producers[0], 1000000, 1000000);
	rt_task_make_periodic_relative_ns(&producers[1], 1000000, 1500000);
	pr_info("prodcons: 2 producers (1 ms, 1.5 ms) -> mailbox of %d items -> 1 consumer, for %d ms\n", NSLOTS,
		run_ms);
	return 0;
}

static void __exit prodcons_exit(void)
{
	rt_task_delete(&consumer);
	rt_task_delete(&producers[0]);
	rt_task_delete(&producers[1]);
	rt_mbx_delete(&mbx);
	rt_sem_delete(&slots);
	rt_sem_delete(&items);
	pr_info("prodcons: produced %lld + %lld, consumed %lld, producers blocked %lld + %lld times, buffer max %lld of %d\n",
		produced[0], produced[1], consumed, blocked[0], blocked[1], NSLOTS - min_free, NSLOTS);
	pr_info("prodcons: sequence errors %lld, checksum errors %lld, receive errors %lld, done %d\n", seq_errors,
		sum_errors, recv_errors, done);
}

module_init(prodcons_init);
module_exit(prodcons_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Tactus example: producers and a consumer (counting semaphores and a mailbox)");
