// SPDX-License-Identifier: GPL-2.0
/*
 * tests/qemu/modules/tx_rtai_hal.c - RTAI's HAL helpers as an RTAI module
 * uses them (asm/rtai.h, rtai_wrappers.h, rtai_config.h): parameters through
 * RTAI_MODULE_PARM and RTAI_MODULE_PARM_ARRAY, a DEFINE_SPINLOCK taken with
 * rt_spin_lock_irqsave by two tasks on the CPUs of 'cpus' (each adds 1 to a
 * shared counter 'loops' times with a read, a 1 us busy wait and a write:
 * without mutual exclusion across CPUs, updates are lost), and local masking
 * (rtai_save_flags_and_cli, rtai_cli/rtai_sti) against a priority-0 task
 * released every 100 us on CPU 0: its job count must stand still inside a
 * 1 ms masked section and move on after it (at least once within 100 ms).
 * Read-only parameter: done (1 when both adders and the masking task ended).
 * At unload:
 *   tx_rtai_hal: result counter=N expected=N ncpus_given=N nr_cpus=8 fpu=1
 *                clock_ok=1 jobs_masked=N jobs_after=N sti_jobs_masked=N
 *                sti_jobs_after=N
 */
#include <linux/module.h>
#include <linux/spinlock.h>

#include <rtai_sched.h>

static int loops = 2000;
RTAI_MODULE_PARM(loops, int);
static int cpus[2] = { 0, 0 };
static int ncpus_given;
RTAI_MODULE_PARM_ARRAY(cpus, int, &ncpus_given, 2);
static int done;
RTAI_MODULE_PARM(done, int);

static DEFINE_SPINLOCK(counter_lock);
static volatile long counter;
static RT_TASK adders[2], ticker, masker;
static volatile long ticks;
static long jobs_masked = -1, jobs_after = -1, sti_jobs_masked = -1, sti_jobs_after = -1;
static atomic_t ended = ATOMIC_INIT(0);

static void end_one(void)
{
	if (atomic_inc_return(&ended) == 3)
		WRITE_ONCE(done, 1);
}

static void adder(long me)
{
	int i;

	for (i = 0; i < loops; i++) {
		unsigned long flags = rt_spin_lock_irqsave(&counter_lock);
		long v = counter;

		rt_busy_sleep(1000);
		counter = v + 1;
		rt_spin_unlock_irqrestore(flags, &counter_lock);
		if (i % 100 == 99)
			rt_sleep(nano2count(200000)); /* let Linux run */
	}
	end_one();
}

static void tick(long unused)
{
	for (;;) {
		ticks++;
		rt_task_wait_period();
	}
}

/* 1 ms, and then up to 100 ms more until the ticker ran: on a real-time
 * (not -icount) boot a busy host can stall the virtual CPU for longer than
 * the 1 ms. Returns the ticker's jobs meanwhile. */
static long jobs_in_a_while(void)
{
	long before = ticks;
	int i;

	rt_busy_sleep(1000000);
	for (i = 0; i < 100 && ticks == before; i++)
		rt_busy_sleep(1000000);
	return ticks - before;
}

/* The ticker's jobs during a 1 ms masked section, and in the while after. */
static void masking(long unused)
{
	unsigned long flags;
	long before;

	rt_sleep(nano2count(2000000)); /* the ticker runs meanwhile */
	rtai_save_flags_and_cli(flags);
	before = ticks;
	rt_busy_sleep(1000000);
	jobs_masked = ticks - before;
	rtai_restore_flags(flags);
	jobs_after = jobs_in_a_while();

	rtai_cli();
	before = ticks;
	rt_busy_sleep(1000000);
	sti_jobs_masked = ticks - before;
	rtai_sti();
	sti_jobs_after = jobs_in_a_while();
	end_one();
}

static int __init tx_rtai_hal_init(void)
{
	int err, i;

	if (RTAI_NR_CPUS != CONFIG_RTAI_CPUS || ncpus_given > 2)
		return -EINVAL;
	err = rt_task_init_cpuid(&ticker, tick, 0, 8192, 0, 0, NULL, 0);
	if (err)
		return err;
	err = rt_task_init_cpuid(&masker, masking, 0, 8192, 5, 0, NULL, 0);
	for (i = 0; i < 2 && !err; i++)
		err = rt_task_init_cpuid(&adders[i], adder, i, 8192, 10, 0, NULL, cpus[i]);
	if (!err)
		err = rt_task_make_periodic_relative_ns(&ticker, 100000, 100000);
	if (!err)
		err = rt_task_resume(&masker);
	for (i = 0; i < 2 && !err; i++)
		err = rt_task_resume(&adders[i]);
	if (err) {
		rt_task_delete(&adders[1]);
		rt_task_delete(&adders[0]);
		rt_task_delete(&masker);
		rt_task_delete(&ticker);
	}
	return err;
}

static void __exit tx_rtai_hal_exit(void)
{
	rt_task_delete(&ticker);
	rt_task_delete(&masker);
	rt_task_delete(&adders[0]);
	rt_task_delete(&adders[1]);
	pr_info("tx_rtai_hal: result counter=%ld expected=%d ncpus_given=%d nr_cpus=%d fpu=%d clock_ok=%d jobs_masked=%ld jobs_after=%ld sti_jobs_masked=%ld sti_jobs_after=%ld\n",
		counter, 2 * loops, ncpus_given, RTAI_NR_CPUS, CONFIG_RTAI_FPU_SUPPORT,
		nano2count(1000000000) == (RTIME)RTAI_CLOCK_FREQ, jobs_masked, jobs_after, sti_jobs_masked,
		sti_jobs_after);
}

module_init(tx_rtai_hal_init);
module_exit(tx_rtai_hal_exit);
MODULE_LICENSE("GPL");
