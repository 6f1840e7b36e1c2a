// SPDX-License-Identifier: GPL-2.0
/*
 * tests/qemu/modules/tx_rtl_hello.c - RTLinux's "hello world" as RTLinux
 * modules were written: init_module creates a thread, the thread makes
 * itself periodic with pthread_make_periodic_np and waits for each release
 * with pthread_wait_np, printing with rtl_printf; cleanup_module deletes
 * it with pthread_delete_np. Only the POSIX/RTLinux headers are used.
 * Each line says which release it is and when it ran (µs after the first),
 * which the test script checks against the period.
 */
#include <rtl.h>
#include <time.h>
#include <pthread.h>

#include <linux/math64.h> /* 64-bit "/" for 32-bit ARM kernels */
#include <linux/module.h>

#define PERIOD_NS 20000000LL /* 20 ms (RTLinux's example: 500 ms) */

static pthread_t thread;

static void *start_routine(void *arg)
{
	struct sched_param p;
	hrtime_t start;
	int release = 0;

	p.sched_priority = 1;
	pthread_setschedparam(pthread_self(), SCHED_FIFO, &p);
	start = gethrtime();
	pthread_make_periodic_np(pthread_self(), start, PERIOD_NS);
	while (1) {
		pthread_wait_np();
		rtl_printf("tx_rtl_hello: I'm here; my arg is %x (release %d at %lld us)\n", (unsigned)(long)arg,
			   release++, div_s64(gethrtime() - start, 1000));
	}
	return 0;
}

int init_module(void)
{
	return -pthread_create(&thread, NULL, start_routine, (void *)0x2a);
}

void cleanup_module(void)
{
	pthread_delete_np(thread);
}

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("RTLinux's hello world on Tactus's POSIX layer");
