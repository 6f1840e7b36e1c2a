// SPDX-License-Identifier: GPL-2.0
/*
 * examples/rtf_sampler/rtf_sampler.c - the RTLinux classic: a periodic
 * real-time task samples the time base every 100 us and puts one record
 * {sequence, timestamp} per sample into /dev/rtf0; any Linux program reads
 * them (`cat /dev/rtf0 | rtf-decode`).
 *
 * A second FIFO (/dev/rtf1) carries commands, handled by an RTAI FIFO
 * handler in Linux context right after each write, with replies readable
 * from the same FIFO:
 *   pause | resume     stop / restart sampling
 *   stats              "samples N refused N handler-calls N"
 *   echo TEXT          replies TEXT (a round trip through the kernel side)
 * An unknown command is answered with "error: ..." and the write() fails
 * with EINVAL (a negative handler result becomes the write's result).
 *
 * Parameters: period_us (100), fifo (0), fifo_size (65536 = 4096 records,
 * 0.4 s of samples), cmd_fifo (1), priority (0, the highest).
 */
#include <linux/module.h>
#include <linux/string.h>

#include <rtai_fifos.h>
#include <rtai_sched.h>

#include "rtf_sampler.h"

static int period_us = 100;
module_param(period_us, int, 0444);
static int fifo;
module_param(fifo, int, 0444);
static int fifo_size = 65536;
module_param(fifo_size, int, 0444);
static int cmd_fifo = 1;
module_param(cmd_fifo, int, 0444);
static int priority;
module_param(priority, int, 0444);

static RT_TASK sampler;
static bool paused;
static u64 samples, refused;	/* written by the task only */
static unsigned long handler_calls;

static void sample(long unused)
{
	struct rtf_sample s = { .seq = 0 };

	for (;;) {
		if (!READ_ONCE(paused)) {
			s.t_ns = rt_get_cpu_time_ns();
			/* All or nothing: a refused sample is a gap in seq. */
			if (rtf_put_if(fifo, &s, sizeof(s)) != sizeof(s)) /* whole records only */
				WRITE_ONCE(refused, refused + 1);
			s.seq++;
			WRITE_ONCE(samples, samples + 1);
		}
		rt_task_wait_period();
	}
}

/* ---- The command FIFO: Linux context, called after each read/write. ---- */

static char line[64];
static int line_len;

static void reply(const char *text)
{
	rtf_put_if(cmd_fifo, (void *)text, strlen(text));
}

static int run_command(char *cmd)
{
	char buf[96];

	if (!strcmp(cmd, "pause")) {
		WRITE_ONCE(paused, true);
		reply("ok\n");
	} else if (!strcmp(cmd, "resume")) {
		WRITE_ONCE(paused, false);
		reply("ok\n");
	} else if (!strcmp(cmd, "stats")) {
		snprintf(buf, sizeof(buf), "samples %llu refused %llu handler-calls %lu\n",
			 READ_ONCE(samples), READ_ONCE(refused), handler_calls);
		reply(buf);
	} else if (!strncmp(cmd, "echo ", 5)) {
		snprintf(buf, sizeof(buf), "%s\n", cmd + 5);
		reply(buf);
	} else {
		reply("error: unknown command\n");
		return -EINVAL;
	}
	return 0;
}

static int command_handler(unsigned int f, int rw)
{
	int ret = 0;
	char c;

	handler_calls++;
	if (rw != 'w')
		return 0;
	while (rtf_get(cmd_fifo, &c, 1) == 1) {
		if (c != '\n' && line_len < (int)sizeof(line) - 1) {
			line[line_len++] = c;
			continue;
		}
		if (c != '\n')
			continue; /* too long: the rest of the line is dropped */
		line[line_len] = '\0';
		line_len = 0;
		if (run_command(line) < 0)
			ret = -EINVAL;
	}
	return ret;
}

static int __init rtf_sampler_init(void)
{
	int err;

	if (period_us <= 0)
		return -EINVAL;
	err = rtf_create(fifo, fifo_size);
	if (err)
		return err;
	err = rtf_create(cmd_fifo, 1000);
	if (err)
		goto out_fifo;
	err = rtf_create_handler(cmd_fifo, X_FIFO_HANDLER(command_handler));
	if (err)
		goto out_cmd;
	err = rt_task_init(&sampler, sample, 0, 8192, priority, 0, NULL);
	if (err)
		goto out_cmd;
	err = rt_task_make_periodic_relative_ns(&sampler, 1000000, (RTIME)period_us * 1000);
	if (err)
		goto out_task;
	pr_info("rtf_sampler: sampling every %d us into /dev/rtf%d, commands on /dev/rtf%d\n",
		period_us, fifo, cmd_fifo);
	return 0;

out_task:
	rt_task_delete(&sampler);
out_cmd:
	rtf_destroy(cmd_fifo);
out_fifo:
	rtf_destroy(fifo);
	return err;
}

static void __exit rtf_sampler_exit(void)
{
	rt_task_delete(&sampler);
	rtf_destroy(cmd_fifo);
	rtf_destroy(fifo);
	pr_info("rtf_sampler: %llu samples, %llu refused by a full FIFO\n", samples, refused);
}

module_init(rtf_sampler_init);
module_exit(rtf_sampler_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Tactus example: a 10 kHz sampler feeding /dev/rtf0");
