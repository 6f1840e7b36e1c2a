// SPDX-License-Identifier: GPL-2.0
/*
 * tests/qemu/modules/tx_fifo_echo.c - the real-time side of rtf-user-api:
 * FIFO 3, named "TXECHO", with its semaphore. A periodic task (1 ms) takes
 * what Linux wrote with rtf_get, puts it back with rtf_put, and posts the
 * FIFO's semaphore after each echo (rtf_sem_post), so the user program can
 * wait for the echo with rtf_sem_wait. Unloading deletes the task and the
 * FIFO.
 */
#include <linux/module.h>

#include <rtai_fifos.h>
#include <rtai_sched.h>

#define ECHO_FIFO 3

static RT_TASK task;

static void echo_body(long arg)
{
	char buf[64];
	int n;

	for (;;) {
		n = rtf_get(ECHO_FIFO, buf, sizeof(buf));
		if (n > 0 && rtf_put(ECHO_FIFO, buf, n) == n)
			rtf_sem_post(ECHO_FIFO);
		rt_task_wait_period();
	}
}

static int __init tx_fifo_echo_init(void)
{
	int err = rtf_named_create("TXECHO", 4096);

	if (err != ECHO_FIFO) {
		pr_err("tx_fifo_echo: rtf_named_create = %d, not FIFO %d (is it taken?)\n", err, ECHO_FIFO);
		if (err >= 0)
			rtf_destroy(err);
		return err < 0 ? err : -EBUSY;
	}
	err = rtf_sem_init(ECHO_FIFO, 0);
	if (!err)
		err = rt_task_init(&task, echo_body, 0, 8192, 5, 0, NULL);
	if (!err)
		err = rt_task_make_periodic(&task, rt_get_time() + nano2count(1000000), nano2count(1000000));
	if (err) {
		rtf_destroy(ECHO_FIFO);
		return err < 0 ? err : -EINVAL;
	}
	pr_info("tx_fifo_echo: echoing FIFO %d\n", ECHO_FIFO);
	return 0;
}

static void __exit tx_fifo_echo_exit(void)
{
	rt_task_delete(&task);
	rtf_destroy(ECHO_FIFO);
}

module_init(tx_fifo_echo_init);
module_exit(tx_fifo_echo_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Tactus test: a real-time FIFO echo with a semaphore per echo");
