// SPDX-License-Identifier: GPL-2.0
/*
 * tests/qemu/modules/tx_rtai_heap.c - RTAI's real-time heaps as an RTAI
 * module uses them (rtai_malloc.h, rtai_shm.h). At load, from Linux: a block
 * of the global heap, a named block, a group heap opened by name. Then a
 * real-time task: 2000 rounds of allocating and freeing blocks of varying
 * sizes from the global heap with their contents checked, the named block
 * found by name, its own group heap opened and allocated from, and an
 * rtheap_t on its own memory. The task's worst allocation and free times
 * are reported (measured, not asserted: the QEMU clock is no bound).
 * Prints "tx_rtai_heap: PASS|FAIL <name> (...)"; 7 checks at load.
 */
#include <linux/delay.h>
#include <linux/module.h>
#include <linux/string.h>

#include <rtai_malloc.h>
#include <rtai_registry.h>
#include <rtai_sched.h>
#include <rtai_shm.h>

#include "tx_check.h"

#define ROUNDS 2000
#define SLOTS 32

static RT_TASK task;
static volatile int task_done;
static char *linux_block, *named;
static void *group;
/* Results of the task. */
static int pattern_errors, alloc_failures, named_found, group_ok, rtheap_ok;
static long long worst_alloc_ns, worst_free_ns;
static rtheap_t local_heap;
static char local_mem[8192] __aligned(16);

TX_CHECKS("tx_rtai_heap")

static void churn(void)
{
	static char *blocks[SLOTS];
	static int sizes[SLOTS];
	unsigned int seed = 12345;
	int i, k;

	for (i = 0; i < ROUNDS; i++) {
		int s = i % SLOTS;
		RTIME t0;

		if (blocks[s]) {
			for (k = 0; k < sizes[s]; k++)
				if (blocks[s][k] != (char)(s + sizes[s]))
					pattern_errors++;
			t0 = rt_get_cpu_time_ns();
			rt_free(blocks[s]);
			t0 = rt_get_cpu_time_ns() - t0;
			if (t0 > worst_free_ns)
				worst_free_ns = t0;
		}
		seed = seed * 1103515245 + 12345;
		sizes[s] = 1 + (seed >> 16) % 2000;
		t0 = rt_get_cpu_time_ns();
		blocks[s] = rt_malloc(sizes[s]);
		t0 = rt_get_cpu_time_ns() - t0;
		if (t0 > worst_alloc_ns)
			worst_alloc_ns = t0;
		if (!blocks[s]) {
			alloc_failures++;
			continue;
		}
		memset(blocks[s], (char)(s + sizes[s]), sizes[s]);
	}
	for (i = 0; i < SLOTS; i++) {
		rt_free(blocks[i]);
		blocks[i] = NULL;
	}
}

static void task_body(long arg)
{
	char *p, *g;
	void *own;

	churn();
	p = rt_named_malloc(nam2num("HPNAME"), 0);
	named_found = p == named && !strcmp(p, "named by Linux");
	if (p)
		rt_named_free(p);
	/* Its own group heap: the segment exists (Linux made it), found here. */
	own = rt_heap_open(nam2num("HPGRP"), 0, 0);
	g = rt_halloc(300);
	group_ok = own == group && g && g > (char *)own && g < (char *)own + 32768;
	if (g) {
		memset(g, 0x5a, 300);
		rt_hfree(g);
	}
	rt_heap_close(nam2num("HPGRP"), own);
	/* An rtheap_t on memory of its own. */
	if (!rtheap_init(&local_heap, local_mem, sizeof(local_mem), 0, 0)) {
		void *a = rtheap_alloc(&local_heap, 1000, 0), *b = rtheap_alloc(&local_heap, 9000, 0);

		rtheap_ok = a && !b && rtheap_used_mem(&local_heap) > 1000 && !rtheap_free(&local_heap, a) &&
			    rtheap_free(&local_heap, a) == RTHEAP_PARAM && rtheap_used_mem(&local_heap) == 0;
	}
	task_done = 1;
}

static int __init tx_rtai_heap_init(void)
{
	int waited, ret;

	check(rt_global_heap_size() >= 1000 * 1024, "global-heap-there", "%lld bytes", rt_global_heap_size(), 0);
	linux_block = rt_malloc(4096);
	named = rt_named_malloc(nam2num("HPNAME"), 64);
	if (named)
		strcpy(named, "named by Linux");
	group = rt_heap_open(nam2num("HPGRP"), 16384, 0);
	check(linux_block && named && group && rt_get_adr(nam2num("HPNAME")) == named, "linux-allocations",
	      "%lld %lld", !!linux_block + !!named, !!group);
	ret = rt_task_init(&task, task_body, 0, 16384, 5, 0, NULL);
	if (!ret)
		ret = rt_task_resume(&task);
	for (waited = 0; !ret && !task_done && waited < 5000; waited += 10)
		msleep(10);
	check(task_done && pattern_errors == 0 && alloc_failures == 0, "task-churn",
	      "%lld pattern errors, %lld failed allocations", pattern_errors, alloc_failures);
	check(named_found, "task-finds-the-named-block", "%lld", named_found, 0);
	check(group_ok, "task-group-heap", "%lld", group_ok, 0);
	check(rtheap_ok, "task-rtheap", "%lld", rtheap_ok, 0);
	rt_named_free(named);
	check(rt_get_adr(nam2num("HPNAME")) == NULL, "named-block-gone-with-its-last-user", "%lld", 0, 0);
	pr_info("tx_rtai_heap: worst rt_malloc %lld ns, rt_free %lld ns in %d rounds\n", worst_alloc_ns,
		worst_free_ns, ROUNDS);
	pr_info("tx_rtai_heap: result passed=%d failed=%d\n", passed, failed);
	return 0;
}

static void __exit tx_rtai_heap_exit(void)
{
	rt_task_delete(&task);
	rt_free(linux_block);
	rt_heap_close(nam2num("HPGRP"), group);
}

module_init(tx_rtai_heap_init);
module_exit(tx_rtai_heap_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Tactus test: RTAI real-time heaps");
