// SPDX-License-Identifier: GPL-2.0
/*
 * examples/shm_share/shm_share.c - a real-time task publishing through
 * named shared memory: every millisecond it writes into segment "SHMDEM" a
 * counter, a timestamp and one period of a 1 kHz sine wave sampled at
 * 100 kHz, computed with integer math (shm_share.h). Linux programs map the
 * segment by name (user/shm-watch.c, tactus/shm_user.h) and read it without
 * any system call; a sequence lock keeps their snapshots consistent.
 *
 * Parameters: period_us (1000), priority (0).
 */
#include <linux/module.h>

#include <rtai_sched.h>
#include <rtai_shm.h>

#include "shm_share.h"

static int period_us = 1000;
module_param(period_us, int, 0444);
static int priority;
module_param(priority, int, 0444);

static RT_TASK task;
static struct shmdem *shm;

static void publish(long unused)
{
	u64 counter = 0;
	int i;

	for (;;) {
		u64 now = rt_get_cpu_time_ns();

		WRITE_ONCE(shm->seq, shm->seq + 1); /* odd: readers wait */
		smp_wmb();
		shm->counter = ++counter;
		shm->t_ns = now;
		for (i = 0; i < SHMDEM_SAMPLES; i++)
			shm->sine[i] = shmdem_sample(now, i);
		if (counter == 1) {
			shm->period_us = period_us;
			shm->version = SHMDEM_VERSION;
			shm->magic = SHMDEM_MAGIC;
		}
		smp_wmb();
		WRITE_ONCE(shm->seq, shm->seq + 1); /* even: consistent */
		rt_task_wait_period();
	}
}

static int __init shm_share_init(void)
{
	int err;

	if (period_us <= 0)
		return -EINVAL;
	/* Zeroed whole pages; a segment that exists already is shared. */
	shm = rtai_kmalloc(nam2num(SHMDEM_NAME), sizeof(*shm));
	if (!shm)
		return -ENOMEM;
	err = rt_task_init(&task, publish, 0, 8192, priority, 0, NULL);
	if (err)
		goto out_shm;
	err = rt_task_make_periodic_relative_ns(&task, 1000000, (RTIME)period_us * 1000);
	if (err)
		goto out_task;
	pr_info("shm_share: updating \"%s\" (%zu bytes) every %d us\n", SHMDEM_NAME, sizeof(*shm), period_us);
	return 0;

out_task:
	rt_task_delete(&task);
out_shm:
	rtai_kfree(nam2num(SHMDEM_NAME));
	return err;
}

static void __exit shm_share_exit(void)
{
	rt_task_delete(&task);
	/* The memory stays while Linux programs still map it. */
	rtai_kfree(nam2num(SHMDEM_NAME));
	pr_info("shm_share: stopped\n");
}

module_init(shm_share_init);
module_exit(shm_share_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Tactus example: a real-time task sharing a 1 kHz sine table through shared memory");
