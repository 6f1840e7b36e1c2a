// SPDX-License-Identifier: GPL-2.0
/*
 * tests/qemu/modules/tx_fpu_main.c - real-time tasks using floating point
 * (module tx_fpu; the FP code is in tx_fpu_calc.c, built with the flags of
 * mk/tactus-fpu.mk). On CPU 0:
 *   f2 (priority 1, FPU, every 700 us)  short jobs: all 32 SIMD registers
 *                                        with its own pattern + arithmetic
 *   f1 (priority 2, FPU, every 2 ms)    long jobs (spins_f1 iterations with
 *                                        all 32 registers loaded), so f2 and
 *                                        nofpu preempt it in the middle
 *   nofpu (priority 0, no FPU, 900 us)  a task without FP state in between
 * while a user program (tx_fpu_user) does the same in Linux: every value
 * must come out exact.
 * migrate=1 (2 CPUs) runs the migration scenario instead: an FPU task
 * keeping a double in a register across waits (alone on CPU 0 with FP
 * state, so that CPU 0's registers still hold its state when it leaves) is
 * moved to CPU 1 and back while a non-FPU task keeps CPU 0 busy (so Linux
 * does not run there in between), three times. Its double must survive.
 * At unload: "tx_fpu: result ..." and "tx_fpu: PASS|FAIL <check>" lines.
 */
#include <linux/delay.h>
#include <linux/module.h>
#include <linux/workqueue.h>

#include <rtai_sched.h>
#include <rtai_sem.h>

#include "tx_fpu.h"

long tx_fpu_spins_f1 = 20000, tx_fpu_spins_f2 = 2000;
module_param_named(spins_f1, tx_fpu_spins_f1, long, 0444);
module_param_named(spins_f2, tx_fpu_spins_f2, long, 0444);
static int migrate;
module_param(migrate, int, 0444);

struct tx_fpu_stats tx_fpu_f1, tx_fpu_f2, tx_fpu_mig;
static RT_TASK f1, f2, nofpu, mig, hog;
static SEM hog_go;
static long nofpu_jobs, hog_runs;
static int mig_cycles;

static void nofpu_task(long unused)
{
	for (;;) {
		rt_busy_sleep(10000);
		nofpu_jobs++;
		rt_task_wait_period();
	}
}

static void hog_task(long unused)
{
	for (;;) {
		rt_sem_wait(&hog_go);
		rt_busy_sleep(60000000); /* 60 ms without blocking: Linux does not run on CPU 0 */
		hog_runs++;
	}
}

static long migration(void *unused)
{
	int i, err;

	rt_sem_init(&hog_go, 0);
	err = rt_task_init_cpuid(&mig, tx_fpu_mig_task, 0, 16384, 3, 1, NULL, 0);
	if (err)
		return err;
	err = rt_task_init_cpuid(&hog, hog_task, 0, 8192, 10, 0, NULL, 0);
	if (err) {
		rt_task_delete(&mig);
		return err;
	}
	rt_task_resume(&hog);
	rt_task_make_periodic_relative_ns(&mig, 100000, 1000000);
	msleep(20);
	for (i = 0; i < 3; i++) {
		rt_sem_signal(&hog_go); /* CPU 0 busy for 60 ms, mig preempting it */
		msleep(10);
		rt_set_runnable_on_cpuid(&mig, 1);
		msleep(10);
		rt_set_runnable_on_cpuid(&mig, 0); /* back while the hog still runs */
		msleep(70);
		mig_cycles++;
	}
	return 0;
}

static int __init tx_fpu_init(void)
{
	int err;

	if (migrate) {
		if (num_online_cpus() < 2 || !cpu_online(1)) {
			pr_info("tx_fpu: migrate=1 needs CPU 1 online\n");
			return -ENODEV;
		}
		return work_on_cpu(1, migration, NULL);
	}
	err = rt_task_init_cpuid(&f1, tx_fpu_f1_task, 0, 16384, 2, 1, NULL, 0);
	if (!err)
		err = rt_task_init_cpuid(&f2, tx_fpu_f2_task, 0, 16384, 1, 1, NULL, 0);
	if (!err)
		err = rt_task_init_cpuid(&nofpu, nofpu_task, 0, 8192, 0, 0, NULL, 0);
	if (err) {
		rt_task_delete(&f1);
		rt_task_delete(&f2);
		return err;
	}
	rt_task_make_periodic_relative_ns(&f1, 1000000, 2000000);
	rt_task_make_periodic_relative_ns(&f2, 1100000, 700000);
	rt_task_make_periodic_relative_ns(&nofpu, 1200000, 900000);
	return 0;
}

static void report(const char *name, struct tx_fpu_stats *s)
{
	if (s->jobs > 0 && !s->bad && !s->fpcr_bad)
		pr_info("tx_fpu: PASS %s (%ld jobs exact)\n", name, s->jobs);
	else
		pr_info("tx_fpu: FAIL %s: %ld jobs, %ld wrong values, %ld jobs with FPCR != 0\n", name, s->jobs,
			s->bad, s->fpcr_bad);
}

static void __exit tx_fpu_exit(void)
{
	if (migrate) {
		rt_task_delete(&mig);
		rt_task_delete(&hog);
		rt_sem_delete(&hog_go);
		pr_info("tx_fpu: result mig_jobs=%ld mig_bad=%ld mig_on_cpu1=%ld mig_cycles=%d hog_runs=%ld\n",
			tx_fpu_mig.jobs, tx_fpu_mig.bad, tx_fpu_mig.on_cpu1, mig_cycles, hog_runs);
		if (mig_cycles == 3 && tx_fpu_mig.on_cpu1 > 0 && hog_runs >= 3)
			pr_info("tx_fpu: PASS migration-happened (%ld jobs on CPU 1)\n", tx_fpu_mig.on_cpu1);
		else
			pr_info("tx_fpu: FAIL migration-happened: cycles %d, jobs on CPU 1 %ld, hog runs %ld\n",
				mig_cycles, tx_fpu_mig.on_cpu1, hog_runs);
		report("fpu-state-across-migration", &tx_fpu_mig);
		return;
	}
	rt_task_delete(&nofpu);
	rt_task_delete(&f2);
	rt_task_delete(&f1);
	pr_info("tx_fpu: result f1_jobs=%ld f1_bad=%ld f2_jobs=%ld f2_bad=%ld fpcr_bad=%ld nofpu_jobs=%ld\n",
		tx_fpu_f1.jobs, tx_fpu_f1.bad, tx_fpu_f2.jobs, tx_fpu_f2.bad,
		tx_fpu_f1.fpcr_bad + tx_fpu_f2.fpcr_bad, nofpu_jobs);
	report("f1-long-jobs", &tx_fpu_f1);
	report("f2-preempting-jobs", &tx_fpu_f2);
}

module_init(tx_fpu_init);
module_exit(tx_fpu_exit);
MODULE_LICENSE("GPL");
