// SPDX-License-Identifier: GPL-2.0
/*
 * tests/qemu/modules/tx_orphan.c - a task module whose exit function does
 * NOT delete its tasks: tactus_sched must delete them when the module goes
 * (module notifier, "tactus: module tx_orphan left N real-time task(s)
 * running at unload; deleted them") before its code and data disappear.
 * Tasks (on CPU 'cpu', default 0):
 *   periodic   every 1 ms, busy 300 us per job (often running when rmmod comes)
 *   sem-waiter blocked for ever on a semaphore in this module's data
 *   suspended  created and never started
 *   remote     (only with 2+ CPUs and cpu=0) on CPU 1, every 1 ms, busy 800 us
 *   foreign    its function is in another module (tactus_sched's
 *              rt_task_suspend, suspending itself for ever), its RT_TASK in
 *              this module's data: it must go with the module all the same
 * Parameter 'tasks' (read-only) is how many were created.
 */
#include <linux/module.h>

#include <rtai_sched.h>
#include <rtai_sem.h>

static int cpu;
module_param(cpu, int, 0444);
static int tasks;
module_param(tasks, int, 0444);
static unsigned long jobs;
module_param(jobs, ulong, 0444);

static RT_TASK periodic, waiter, suspended, remote, foreign;
static SEM never;

static void periodic_body(long busy_us)
{
	for (;;) {
		rt_busy_sleep(busy_us * 1000);
		jobs++;
		rt_task_wait_period();
	}
}

static void waiter_body(long unused)
{
	rt_sem_wait(&never);
	rt_printk("tx_orphan: the sem waiter woke up: must not happen\n");
}

static int __init tx_orphan_init(void)
{
	int err;

	rt_sem_init(&never, 0);
	err = rt_task_init_cpuid(&periodic, periodic_body, 300, 8192, 5, 0, NULL, cpu);
	if (err)
		return err;
	rt_task_make_periodic_relative_ns(&periodic, 500000, 1000000);
	tasks++;
	if (!rt_task_init_cpuid(&waiter, waiter_body, 0, 8192, 6, 0, NULL, cpu)) {
		rt_task_resume(&waiter);
		tasks++;
	}
	if (!rt_task_init_cpuid(&suspended, periodic_body, 0, 8192, 7, 0, NULL, cpu))
		tasks++;
	if (cpu == 0 && num_online_cpus() > 1 && cpu_online(1) &&
	    !rt_task_init_cpuid(&remote, periodic_body, 800, 8192, 5, 0, NULL, 1)) {
		rt_task_make_periodic_relative_ns(&remote, 300000, 1000000);
		tasks++;
	}
	/* rt_task_suspend(NULL) as a task function: called with the argument
	 * 0, it suspends the task itself. */
	if (!rt_task_init_cpuid(&foreign, (void (*)(long))(void *)rt_task_suspend, 0, 8192, 8, 0, NULL, cpu)) {
		rt_task_resume(&foreign);
		tasks++;
	}
	pr_info("tx_orphan: %d task(s) created, not deleted at exit\n", tasks);
	return 0;
}

static void __exit tx_orphan_exit(void)
{
	pr_info("tx_orphan: exit without deleting the tasks (%lu jobs so far)\n", jobs);
}

module_init(tx_orphan_init);
module_exit(tx_orphan_exit);
MODULE_LICENSE("GPL");
