// SPDX-License-Identifier: GPL-2.0
/* tests/qemu/modules/tx_cost.c - instruction costs of single operations,
 * measured with the time base under QEMU icount (arm64: 1 count = 1
 * instruction at shift=4 with a 62.5 MHz counter; x86: TSC cycles). Prints one line per operation. */
#include <linux/math64.h> /* 64-bit "/" for 32-bit ARM kernels */
#include <linux/module.h>
#ifdef CONFIG_X86
#include <asm/irqflags.h>
#include <asm/msr.h>
#endif

#include <rtai_sched.h>
#include <rtai_sem.h>

static RT_TASK task, partner;
static SEM sem, ping, pong;
#define N 1000

/* loop=1 (resume+suspend) or 2 (sem signal/wait): instead of the measures,
 * that one operation in bursts of 30 every 4 ms until unloaded, for
 * tools/qemu/profile.py --test profile-cost --flat (Linux keeps the rest:
 * every millisecond, 30 round trips of about 1000 instructions took all of
 * x86's 31 MIPS at -icount shift=5, and the profile's window never ended). */
static int loop;
module_param(loop, int, 0444);

#define MEASURE(label, stmt)                                                        \
	do {                                                                        \
		int i;                                                              \
		RTIME t0 = rtai_rdtsc();                                            \
		for (i = 0; i < N; i++) {                                           \
			stmt;                                                       \
		}                                                                   \
		rt_printk("tx_cost: %-28s %6lld counts/op\n", label,                \
			  div_s64((long long)(rtai_rdtsc() - t0), N));                          \
	} while (0)

static void run_loop(void)
{
	int i;

	rt_task_make_periodic_relative_ns(NULL, 4000000, 4000000);
	for (;;) {
		for (i = 0; i < 30; i++) {
			if (loop == 1)
				rt_task_resume(&partner);
			else
				rt_sem_signal(&ping), rt_sem_wait(&pong);
		}
		rt_task_wait_period();
	}
}

static void run(long unused)
{
	unsigned long f;

	if (loop)
		run_loop();

	MEASURE("empty loop", barrier());
#ifdef CONFIG_ARM64
	MEASURE("daifset+daifclr", asm volatile("msr daifset, #3\n\tmsr daifclr, #3" ::: "memory"));
	MEASURE("isb", asm volatile("isb" ::: "memory"));
	MEASURE("10 x nop", asm volatile("nop\n\tnop\n\tnop\n\tnop\n\tnop\n\tnop\n\tnop\n\tnop\n\tnop\n\tnop" ::: "memory"));
	{ static int v; int t, ok; MEASURE("ldaxr/stlxr increment", asm volatile("1: ldaxr %w0, [%2]\n\tadd %w0, %w0, #1\n\tstlxr %w1, %w0, [%2]\n\tcbnz %w1, 1b" : "=&r"(t), "=&r"(ok) : "r"(&v) : "memory")); }
	MEASURE("mrs cntpct", ({ u64 x; asm volatile("mrs %0, cntpct_el0" : "=r"(x)); (void)x; }));
#elif defined(CONFIG_ARM)
	MEASURE("cpsid+cpsie if", asm volatile("cpsid if\n\tcpsie if" ::: "memory"));
	MEASURE("isb", asm volatile("isb" ::: "memory"));
	MEASURE("10 x nop", asm volatile("nop\n\tnop\n\tnop\n\tnop\n\tnop\n\tnop\n\tnop\n\tnop\n\tnop\n\tnop" ::: "memory"));
	{ static int v; int t, ok; MEASURE("ldrex/strex increment", asm volatile("1: ldrex %0, [%2]\n\tadd %0, %0, #1\n\tstrex %1, %0, [%2]\n\tcmp %1, #0\n\tbne 1b" : "=&r"(t), "=&r"(ok) : "r"(&v) : "cc", "memory")); }
	MEASURE("mrrc cntpct", ({ u64 x; asm volatile("mrrc p15, 0, %Q0, %R0, c14" : "=r"(x)); (void)x; }));
#else
	MEASURE("cli+sti", (native_irq_disable(), native_irq_enable()));
	MEASURE("lfence", asm volatile("lfence" ::: "memory"));
	MEASURE("10 x nop", asm volatile("nop\n\tnop\n\tnop\n\tnop\n\tnop\n\tnop\n\tnop\n\tnop\n\tnop\n\tnop" ::: "memory"));
	{ static int v; MEASURE("lock xadd increment", (void)__atomic_fetch_add(&v, 1, __ATOMIC_SEQ_CST)); }
	MEASURE("rdtsc", (void)rdtsc());
#endif
	MEASURE("rtai_rdtsc", (void)rtai_rdtsc());
	MEASURE("rt_get_time", (void)rt_get_time());
	MEASURE("rtai_cpuid", (void)rtai_cpuid());
	MEASURE("global save/restore", (f = rt_global_save_flags_and_cli(), rt_global_restore_flags(f)));
	MEASURE("rt_task_yield (alone)", rt_task_yield());
	MEASURE("sem signal+wait (no switch)", (rt_sem_signal(&sem), rt_sem_wait(&sem)));
	MEASURE("count2nano", (void)count2nano(123456789));
	/* Two switches per iteration: to the higher-priority partner and back. */
	MEASURE("resume+suspend (2 switches)", rt_task_resume(&partner));
	MEASURE("sem signal/wait (2 switches)", (rt_sem_signal(&ping), rt_sem_wait(&pong)));
}

static void partner_body(long unused)
{
	int i;

	for (i = 0; loop != 2 && (i < N || loop == 1); i++)
		rt_task_suspend(NULL);
	for (;;) {
		rt_sem_wait(&ping);
		rt_sem_signal(&pong);
	}
}

static int __init tx_cost_init(void)
{
	rt_sem_init(&sem, 0);
	rt_sem_init(&ping, 0);
	rt_sem_init(&pong, 0);
	rt_task_init(&partner, partner_body, 0, 16384, 1, 0, NULL);
	rt_task_init(&task, run, 0, 16384, 2, 0, NULL);
	rt_task_resume(&partner); /* runs to its first suspend */
	return rt_task_resume(&task);
}

static void __exit tx_cost_exit(void)
{
	rt_task_delete(&task);
	rt_task_delete(&partner);
	rt_sem_delete(&sem);
	rt_sem_delete(&ping);
	rt_sem_delete(&pong);
}

module_init(tx_cost_init);
module_exit(tx_cost_exit);
MODULE_LICENSE("GPL");
