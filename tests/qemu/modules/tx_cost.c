// SPDX-License-Identifier: GPL-2.0
/* tests/qemu/modules/tx_cost.c - instruction costs of single operations,
 * measured with the time base under QEMU icount (1 count = 1 instruction
 * at shift=4 with a 62.5 MHz counter). Prints one line per operation. */
#include <linux/module.h>

#include <rtai_sched.h>
#include <rtai_sem.h>

static RT_TASK task;
static SEM sem;
#define N 1000

#define MEASURE(label, stmt)                                                        \
	do {                                                                        \
		int i;                                                              \
		RTIME t0 = rtai_rdtsc();                                            \
		for (i = 0; i < N; i++) {                                           \
			stmt;                                                       \
		}                                                                   \
		rt_printk("tx_cost: %-28s %6lld counts/op\n", label,                \
			  (long long)(rtai_rdtsc() - t0) / N);                          \
	} while (0)

static void run(long unused)
{
	unsigned long f;

	MEASURE("empty loop", barrier());
	MEASURE("rtai_rdtsc", (void)rtai_rdtsc());
	MEASURE("rt_get_time", (void)rt_get_time());
	MEASURE("rtai_cpuid", (void)rtai_cpuid());
	MEASURE("global save/restore", (f = rt_global_save_flags_and_cli(), rt_global_restore_flags(f)));
	MEASURE("rt_task_yield (alone)", rt_task_yield());
	MEASURE("sem signal+wait (no switch)", (rt_sem_signal(&sem), rt_sem_wait(&sem)));
	MEASURE("count2nano", (void)count2nano(123456789));
}

static int __init tx_cost_init(void)
{
	rt_sem_init(&sem, 0);
	rt_task_init(&task, run, 0, 16384, 0, 0, NULL);
	return rt_task_resume(&task);
}

static void __exit tx_cost_exit(void)
{
	rt_task_delete(&task);
	rt_sem_delete(&sem);
}

module_init(tx_cost_init);
module_exit(tx_cost_exit);
MODULE_LICENSE("GPL");
