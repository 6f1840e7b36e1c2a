// SPDX-License-Identifier: GPL-2.0
/*
 * tests/qemu/modules/tx_fifo_echo.c - the real-time side of rtf-user-api:
 * a FIFO named "TXECHO" (rtf_named_create: the first free one; the user
 * program finds it by name), with its semaphore. A periodic task (1 ms) takes
 * what Linux wrote with rtf_get, puts it back with rtf_put, and posts the
 * FIFO's semaphore after each echo (rtf_sem_post), so the user program can
 * wait for the echo with rtf_sem_wait. Unloading deletes the task and the
 * FIFO.
 */
#include <linux/module.h>

#include <rtai_fifos.h>
#include <rtai_sched.h>

static int echo_fifo;
static RT_TASK task;

static void echo_body(long arg)
{
	char buf[64];
	int n;

	for (;;) {
		n = rtf_get(echo_fifo, buf, sizeof(buf));
		if (n > 0 && rtf_put(echo_fifo, buf, n) == n)
			rtf_sem_post(echo_fifo);
		rt_task_wait_period();
	}
}

static int __init tx_fifo_echo_init(void)
{
	int err;

	echo_fifo = rtf_named_create("TXECHO", 4096);
	if (echo_fifo < 0) {
		pr_err("tx_fifo_echo: rtf_named_create = %d\n", echo_fifo);
		return echo_fifo;
	}
	err = rtf_sem_init(echo_fifo, 0);
	if (!err)
		err = rt_task_init(&task, echo_body, 0, 8192, 5, 0, NULL);
	if (!err)
		err = rt_task_make_periodic(&task, rt_get_time() + nano2count(1000000), nano2count(1000000));
	if (err) {
		rtf_destroy(echo_fifo);
		return err < 0 ? err : -EINVAL;
	}
	pr_info("tx_fifo_echo: echoing FIFO %d\n", echo_fifo);
	return 0;
}

static void __exit tx_fifo_echo_exit(void)
{
	rt_task_delete(&task);
	rtf_destroy(echo_fifo);
}

module_init(tx_fifo_echo_init);
module_exit(tx_fifo_echo_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Tactus test: a real-time FIFO echo with a semaphore per echo");
