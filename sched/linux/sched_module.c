// SPDX-License-Identifier: GPL-2.0
/*
 * sched/linux/sched_module.c - tactus_sched.ko: the scheduler, the IPC
 * objects and the RTAI task API (rtai_sched.h, rtai_sem.h, rtai_mbx.h,
 * rtai_msg.h). Loads after tactus_hal; attaches the scheduler to the HAL,
 * exports the API, shows /proc/tactus/scheduler, and deletes the tasks of a
 * module that is unloaded with tasks still alive.
 */
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/cpu.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/workqueue.h>

#include <rtai_bits.h>
#include <rtai_mbx.h>
#include <rtai_msg.h>
#include <rtai_registry.h>
#include <rtai_sched.h>
#include <rtai_sem.h>
#include <rtai_tasklets.h>

#include "../../api/registry_glue.h"
#include "../../api/posix_glue.h"
#include "../../api/proxies_glue.h"
#include "../../api/tasklets_glue.h"
#include "../../api/irq_tasks_glue.h"
#include "../../api/msgq_bridge.h"
#include "../../hal/hal.h"
#include "../../hal/linux/tactus_hal.h"
#include "../sched_info.h"
#include "calibrate.h"

/* 1 s: long enough for programs that compute a few hundred ms without
 * blocking (a benchmark's loop; RTAI's watchdog is opt-in), short enough to
 * report and stop a runaway well before Linux's own lockup detectors (10 s
 * hard, 20 s soft, 21 s RCU stall) and name it. */
static unsigned int watchdog_us = 1000000;
module_param(watchdog_us, uint, 0444);
MODULE_PARM_DESC(watchdog_us, "suspend a real-time task that runs this long without blocking (0: off)");
static unsigned int rt_period_us;
module_param(rt_period_us, uint, 0444);
MODULE_PARM_DESC(rt_period_us, "Linux's share of each CPU: in every period, real-time tasks run at most rt_runtime_us (0: off, the default)");
static unsigned int rt_runtime_us;
module_param(rt_runtime_us, uint, 0444);
MODULE_PARM_DESC(rt_runtime_us, "real-time time per CPU in each rt_period_us; then Linux runs until the period ends");

/* Xenomai and RTAI call it gravity and latency: the timer is aimed this far
 * ahead of each event; a task still starts no earlier than its deadline.
 * -1: calibrated at load (calibrate.c). */
static int gravity_ns = -1;
module_param(gravity_ns, int, 0444);
MODULE_PARM_DESC(gravity_ns, "aim the timer this many ns ahead of each event (-1: calibrated at load; 0: off; at most 100000)");
#define GRAVITY_MAX_NS 100000

/* The core's entry points (hal/hal.h), handed to the HAL. */
static const struct tx_core_ops core_ops = {
	.timer_irq = tx_core_timer_irq,
	.ipi_irq = tx_core_ipi_irq,
	.resched_pending = tx_core_resched_pending,
	.dispatch = tx_core_dispatch,
	.dispatch_later = tx_core_dispatch_later,
	.linux_work = tx_core_linux_work,
	.irq_exit = tx_core_irq_exit,
	.cpu_offline = tx_sched_cpu_offline,
	.cpu_online = tx_sched_cpu_online,
	.fault_claim = tx_core_fault_claim,
	.task_faulted = tx_core_task_faulted,
};

/* ---- Tasks outliving their module ----------------------------------------- */

/* A task is the module's if its code or its control block (the RT_TASK,
 * in the module's data) lies in the module: either would be freed with it.
 * (Matching the code alone let a task whose function is elsewhere, e.g. in
 * another module, outlive its RT_TASK.) */
static int task_of_module(void (*entry)(long), const void *task, void *mod)
{
	return within_module((unsigned long)entry, mod) || within_module((unsigned long)task, mod);
}

static int handler_of_module(void (*handler)(void), void *mod)
{
	return within_module((unsigned long)handler, mod);
}

static int within_owner(const void *adr, const void *mod)
{
	return within_module((unsigned long)adr, (struct module *)mod);
}

/* Remove the module's timers and tasklets and wait for a handler of it that
 * a timers manager runs now; again while that handler inserted one more
 * (a oneshot re-arming itself), until a pass finds none and none running.
 * Returns how many were removed. */
static unsigned int release_timers_of(struct module *mod)
{
	unsigned int n, total = 0;
	int busy;

	for (;;) {
		n = tx_tasklets_release_owner(mod, within_owner);
		total += n;
		busy = tx_tasklets_running_of(mod, within_owner);
		while (tx_tasklets_running_of(mod, within_owner))
			if (!tx_tasklets_unstick(mod, within_owner))
				msleep(1); /* it returns soon, unless it was stopped */
		if (!n && !busy)
			return total;
	}
}

static int module_event(struct notifier_block *nb, unsigned long event, void *data)
{
	struct module *mod = data;
	unsigned int n;

	/* GOING: after the module's exit function, before its memory goes. */
	if (event != MODULE_STATE_GOING)
		return NOTIFY_DONE;
	/* Its POSIX threads first: their task's entry is the POSIX layer's. */
	n = tx_posix_release_owner(mod, within_owner);
	if (n)
		pr_warn("tactus: module %s left %u POSIX thread(s) running at unload; deleted them\n", mod->name, n);
	n = tx_posix_timers_release_owner(mod, within_owner);
	if (n)
		pr_warn("tactus: module %s left %u POSIX timer(s) at unload; deleted them\n", mod->name, n);
	n = tx_posix_mq_release_owner(mod, within_owner);
	if (n)
		pr_warn("tactus: module %s left %u POSIX message queue descriptor(s) open at unload; closed them\n",
			mod->name, n);
	n = tx_sched_delete_tasks(task_of_module, mod);
	if (n)
		pr_warn("tactus: module %s left %u real-time task(s) running at unload; deleted them\n",
			mod->name, n);
	n = tx_irq_tasks_release_owner(mod, within_owner);
	if (n)
		pr_warn("tactus: module %s left %u interrupt task line(s) (rt_request_irq_task) at unload; released them\n",
			mod->name, n);
	n = release_timers_of(mod);
	if (n)
		pr_warn("tactus: module %s left %u timer(s) or tasklet(s) (rt_insert_timer, rt_insert_tasklet) at unload; removed them\n",
			mod->name, n);
	n = tx_sched_free_user_timers(handler_of_module, mod);
	if (n)
		pr_warn("tactus: module %s left %u timer handler(s) (rt_request_timer) at unload; freed them\n",
			mod->name, n);
	/* After its tasks: a named task of it is deleted already, only freed. */
	n = tx_registry_release_owner(mod, within_owner);
	if (n)
		pr_warn("tactus: module %s left %u named object(s) (rt_named_*_init) at unload; deleted and freed them\n",
			mod->name, n);
	return NOTIFY_OK;
}

static struct notifier_block module_nb = { .notifier_call = module_event };
static struct proc_dir_entry *proc_entry; /* our /proc/tactus file; NULL: none */

/* ---- /proc/tactus/scheduler ------------------------------------------------ */

static int scheduler_show(struct seq_file *m, void *v)
{
	struct tx_sched_summary s;
	struct tx_task_info *tasks;
	unsigned int cpu;
	int n, i;

	tx_sched_get_summary(&s);
	seq_printf(m, "timer: %s%s, counter %llu Hz", s.periodic_mode ? "periodic" : "oneshot",
		   s.timer_running ? "" : " (stopped)", s.counter_hz);
	if (s.periodic_mode)
		seq_printf(m, ", tick %lld ns", s.tick_ns);
	seq_printf(m, ", gravity %lld ns", s.gravity_ns);
	seq_printf(m, "\nwatchdog: %lld us budget, %llu task(s) suspended so far\n", div_s64(s.watchdog_ns, 1000),
		   s.watchdog_hits);
	if (s.rt_period_ns)
		seq_printf(m, "linux share: real-time tasks run at most %lld us of every %lld us per CPU\n",
			   div_s64(s.rt_runtime_ns, 1000), div_s64(s.rt_period_ns, 1000));
	else
		seq_puts(m, "linux share: off\n");
	seq_printf(m, "ipc lock: %llu waits, %llu spins\n", s.ipc_lock_waits, s.ipc_lock_spins);
	seq_puts(m, "CPU tasks   switches timer-irqs       ipis  fpu-saves lock-waits lock-spins  throttles\n");
	for_each_online_cpu(cpu) {
		struct tx_cpu_summary c;

		tx_sched_cpu_summary(cpu, &c);
		seq_printf(m, "%3u %5u %10llu %10llu %10llu %10llu %10llu %10llu %10llu\n", cpu, c.tasks, c.switches,
			   c.timer_irqs, c.ipis, c.fpu_saves, c.lock_waits, c.lock_spins, c.throttles);
	}
	n = tx_sched_tasks(NULL, 0);
	tasks = kcalloc(n + 8, sizeof(*tasks), GFP_KERNEL); /* room for tasks created meanwhile */
	if (!tasks)
		return -ENOMEM;
	n = min(tx_sched_tasks(tasks, n + 8), n + 8);
	seq_printf(m, "%-15s %3s %10s %-14s %12s %9s %8s %10s %10s %10s %12s\n", "NAME", "CPU", "PRIO", "STATE",
		   "PERIOD-ns", "OVERRUNS", "WATCHDOG", "LAT-MIN-ns", "LAT-AVG-ns", "LAT-MAX-ns", "EXEC-ns");
	for (i = 0; i < n; i++) {
		struct tx_task_info *t = &tasks[i];
		char name[16];

		if (t->name[0])
			strscpy(name, t->name, sizeof(name));
		else
			snprintf(name, sizeof(name), "%ps", t->entry);
		seq_printf(m, "%-15s %3u %10d %-14s %12lld %9llu %8s %10lld %10lld %10lld %12lld%s%s\n", name, t->cpu,
			   t->prio, t->state, t->period_ns, t->overruns, t->watchdog_hit ? "hit" : "-", t->lat_min_ns,
			   t->lat_avg_ns, t->lat_max_ns, t->exec_ns, t->wait_on[0] ? " on " : "", t->wait_on);
	}
	kfree(tasks);
	return 0;
}

/* ---- Module ------------------------------------------------------------------ */

/*
 * gravity_ns=-1 (Xenomai's autotune): a calibration task with gravity off;
 * its shortest release latency is the shortest path from the timer to a job,
 * and the gravity. A job woken that early arrives in schedule() a switch
 * ahead of its release and waits there (about 6 us of the 47 us path on x86
 * at icount shift=5): measured, aiming a switch later instead costs more
 * latency than that wait (sched-preempt worst 25.7 vs 18.4 us), as the wait
 * also absorbs the paths a little longer than the shortest.
 */
static long long measure_gravity_ns(void)
{
	long long path_ns = tx_sched_calibrate_latency_ns();

	if (path_ns < 0) {
		pr_warn("tactus: gravity calibration failed (%lld); timer gravity off\n", path_ns);
		return 0;
	}
	if (path_ns > GRAVITY_MAX_NS)
		pr_info("tactus: timer to job %lld ns: gravity capped at %d ns\n", path_ns, GRAVITY_MAX_NS);
	return min_t(long long, path_ns, GRAVITY_MAX_NS);
}

/* ---- The masked watch: Linux looks at the CPUs the watchdog cannot ------- */

/* One watch per CPU, each pinned to its CPU (work and timer: an unpinned
 * one may drift to the CPU that then gets masked, and wait with it): the
 * masked CPU's watch waits, the others' report it. */
struct masked_watch {
	struct delayed_work work;
	unsigned int cpu;
};
static DEFINE_PER_CPU(struct masked_watch, masked_watch);
static bool masked_watch_on;

static void watch_masked(struct work_struct *work)
{
	struct masked_watch *w = container_of(to_delayed_work(work), struct masked_watch, work);
	long long budget_ns = tx_sched_watchdog_ns();

	tx_sched_watch_masked();
	/* Every half budget, at least 10 ms apart: Linux's cost stays small. */
	schedule_delayed_work_on(w->cpu, &w->work, nsecs_to_jiffies(max_t(long long, div_s64(budget_ns, 2), 10000000)));
}

static void start_masked_watch(void)
{
	unsigned int cpu;

	for_each_possible_cpu(cpu) {
		INIT_DELAYED_WORK(&per_cpu_ptr(&masked_watch, cpu)->work, watch_masked);
		per_cpu_ptr(&masked_watch, cpu)->cpu = cpu;
	}
	masked_watch_on = watchdog_us != 0;
	if (!masked_watch_on)
		return;
	cpus_read_lock();
	for_each_online_cpu(cpu)
		schedule_delayed_work_on(cpu, &per_cpu_ptr(&masked_watch, cpu)->work, 0);
	cpus_read_unlock();
}

static void stop_masked_watch(void)
{
	unsigned int cpu;

	if (!masked_watch_on)
		return;
	for_each_possible_cpu(cpu)
		cancel_delayed_work_sync(&per_cpu_ptr(&masked_watch, cpu)->work);
}

static int __init tactus_sched_init(void)
{
	struct proc_dir_entry *dir = tx_hal_proc_dir();
	long long gravity = gravity_ns;
	int err;

	if (gravity < -1 || gravity > GRAVITY_MAX_NS) {
		pr_err("tactus: gravity_ns=%d: use -1 (calibrated), 0 (off) or up to %d\n", gravity_ns, GRAVITY_MAX_NS);
		return -EINVAL;
	}
	if (rt_period_us && (!rt_runtime_us || rt_runtime_us >= rt_period_us)) {
		pr_err("tactus: rt_runtime_us=%u, rt_period_us=%u: the runtime must be above 0 and below the period (or rt_period_us=0: no share)\n",
		       rt_runtime_us, rt_period_us);
		return -EINVAL;
	}

	/* No CPU comes or goes between reading the mask and attaching (after
	 * that, the HAL's hotplug callbacks tell the scheduler). */
	cpus_read_lock();
	tx_sched_setup(cpumask_bits(cpu_online_mask)[0]);
	tx_registry_reset();
	tx_posix_reset();
	tx_posix_mq_reset();
	tx_posix_timers_reset();
	tx_tasklets_reset();
	tx_proxies_reset();
	tx_irq_tasks_reset();
	rt_gettimeorig(NULL); /* the epoch of rt_get_real_time */
	tx_sched_set_watchdog_ns((long long)watchdog_us * 1000);
	tx_sched_set_rt_share_ns((long long)rt_runtime_us * 1000, (long long)rt_period_us * 1000);
	tx_sched_set_gravity_ns(gravity > 0 ? gravity : 0);
	err = tx_hal_attach_core(&core_ops);
	cpus_read_unlock();
	if (err) {
		pr_err("tactus: a scheduler is attached to the HAL already\n");
		return err;
	}
	err = register_module_notifier(&module_nb);
	if (err) {
		tx_hal_detach_core();
		return err;
	}
	/* Before the API is exported to other modules: no user task exists. */
	if (gravity < 0) {
		gravity = measure_gravity_ns();
		tx_sched_set_gravity_ns(gravity);
	}
	start_masked_watch();
	if (dir)
		/* Root only: task internals and lock counters, and each read
		 * takes the scheduler's locks once per task. */
		proc_entry = proc_create_single("scheduler", 0400, dir, scheduler_show);
	if (!proc_entry)
		pr_warn("tactus: no /proc/tactus/scheduler (proc entry not created)\n");
	pr_info("tactus: scheduler ready (watchdog %u us, timer gravity %lld ns%s)\n", watchdog_us, gravity,
		gravity_ns < 0 ? ", calibrated" : "");
	return 0;
}

static void __exit tactus_sched_exit(void)
{
	unsigned int n;

	proc_remove(proc_entry); /* NULL: none was made */
	stop_masked_watch();
	unregister_module_notifier(&module_nb);
	tx_irq_tasks_release_owner(NULL, NULL); /* their handler is this module's code */
	tx_posix_timers_release_owner(NULL, NULL); /* their expiry is our code; before the managers go */
	tx_tasklets_shutdown(); /* its timers managers are no one's leftovers */
	n = tx_proxies_shutdown();
	if (n)
		pr_warn("tactus: %u proxy(ies) still attached at unload (no rt_proxy_detach); deleted them\n", n);
	n = tx_posix_release_owner(NULL, NULL);
	if (n)
		pr_warn("tactus: %u POSIX thread(s) still existed at unload; deleted them\n", n);
	tx_posix_mq_release_owner(NULL, NULL); /* every queue goes */
	tx_linux_work_run_all(); /* the reapers of threads that had ended: their code is ours */
	n = tx_sched_delete_tasks(NULL, NULL);
	if (n)
		pr_warn("tactus: %u real-time task(s) still existed at unload; deleted them\n", n);
	tx_sched_free_user_timers(NULL, NULL); /* their modules' unload freed them already */
	tx_core_linux_work(); /* free their stacks now */
	tx_hal_detach_core();
	pr_info("tactus: scheduler unloaded\n");
}

module_init(tactus_sched_init);
module_exit(tactus_sched_exit);

/* For tactus_fifo and tactus_shm. */
EXPORT_SYMBOL_GPL(tx_in_linux);

/* The RTAI task API (rtai_sched.h, asm/rtai.h, rtai.h). */
EXPORT_SYMBOL_GPL(rt_task_init);
EXPORT_SYMBOL_GPL(rt_task_init_cpuid);
EXPORT_SYMBOL_GPL(rt_set_runnable_on_cpus);
EXPORT_SYMBOL_GPL(rt_set_runnable_on_cpuid);
EXPORT_SYMBOL_GPL(rt_task_delete);
EXPORT_SYMBOL_GPL(rt_task_suspend);
EXPORT_SYMBOL_GPL(rt_task_resume);
EXPORT_SYMBOL_GPL(rt_task_suspend_if);
EXPORT_SYMBOL_GPL(rt_task_suspend_until);
EXPORT_SYMBOL_GPL(rt_task_suspend_timed);
EXPORT_SYMBOL_GPL(rt_task_masked_unblock);
EXPORT_SYMBOL_GPL(rt_sched_lock);
EXPORT_SYMBOL_GPL(rt_sched_unlock);
EXPORT_SYMBOL_GPL(rt_schedule);
EXPORT_SYMBOL_GPL(rt_get_priorities);
EXPORT_SYMBOL_GPL(rt_spv_RMS);
EXPORT_SYMBOL_GPL(rt_request_irq_task);
EXPORT_SYMBOL_GPL(rt_release_irq_task);
EXPORT_SYMBOL_GPL(rt_irq_wait);
EXPORT_SYMBOL_GPL(rt_irq_wait_if);
EXPORT_SYMBOL_GPL(rt_irq_wait_until);
EXPORT_SYMBOL_GPL(rt_irq_wait_timed);
EXPORT_SYMBOL_GPL(rt_irq_signal);
EXPORT_SYMBOL_GPL(rt_task_get_info);
EXPORT_SYMBOL_GPL(next_period);
EXPORT_SYMBOL_GPL(rt_get_time_cpuid);
EXPORT_SYMBOL_GPL(rt_get_time_ns_cpuid);
EXPORT_SYMBOL_GPL(nano2count_cpuid);
EXPORT_SYMBOL_GPL(count2nano_cpuid);
EXPORT_SYMBOL_GPL(rt_get_real_time);
EXPORT_SYMBOL_GPL(rt_get_real_time_ns);
EXPORT_SYMBOL_GPL(rt_gettimeorig);
EXPORT_SYMBOL_GPL(rt_is_hard_timer_running);
EXPORT_SYMBOL_GPL(rt_hard_timer_tick_count);
EXPORT_SYMBOL_GPL(rt_hard_timer_tick_count_cpuid);
EXPORT_SYMBOL_GPL(rt_sched_type);
EXPORT_SYMBOL_GPL(rt_set_period);
EXPORT_SYMBOL_GPL(rt_set_resume_time);
EXPORT_SYMBOL_GPL(rt_task_yield);
EXPORT_SYMBOL_GPL(rt_change_prio);
EXPORT_SYMBOL_GPL(rt_get_prio);
EXPORT_SYMBOL_GPL(rt_get_inher_prio);
EXPORT_SYMBOL_GPL(rt_set_sched_policy);
EXPORT_SYMBOL_GPL(rt_whoami);
EXPORT_SYMBOL_GPL(rt_get_task_state);
EXPORT_SYMBOL_GPL(rt_task_make_periodic);
EXPORT_SYMBOL_GPL(rt_task_make_periodic_relative_ns);
EXPORT_SYMBOL_GPL(rt_task_wait_period);
EXPORT_SYMBOL_GPL(rt_sleep);
EXPORT_SYMBOL_GPL(rt_sleep_until);
EXPORT_SYMBOL_GPL(rt_busy_sleep);
EXPORT_SYMBOL_GPL(rt_get_time);
EXPORT_SYMBOL_GPL(rt_get_time_ns);
EXPORT_SYMBOL_GPL(rt_get_cpu_time_ns);
EXPORT_SYMBOL_GPL(nano2count);
EXPORT_SYMBOL_GPL(count2nano);
EXPORT_SYMBOL_GPL(start_rt_timer);
EXPORT_SYMBOL_GPL(stop_rt_timer);
EXPORT_SYMBOL_GPL(rt_set_oneshot_mode);
EXPORT_SYMBOL_GPL(rt_set_periodic_mode);
EXPORT_SYMBOL_GPL(rt_linux_use_fpu);
EXPORT_SYMBOL_GPL(rt_task_use_fpu);
EXPORT_SYMBOL_GPL(rt_get_exectime);
EXPORT_SYMBOL_GPL(rt_set_task_trap_handler);
EXPORT_SYMBOL_GPL(rt_request_timer);
EXPORT_SYMBOL_GPL(rt_request_timer_cpuid);
EXPORT_SYMBOL_GPL(rt_free_timer);
EXPORT_SYMBOL_GPL(rt_free_timers);
EXPORT_SYMBOL_GPL(rt_request_apic_timers);
EXPORT_SYMBOL_GPL(rt_free_apic_timers);
EXPORT_SYMBOL_GPL(rt_set_timer_delay);
EXPORT_SYMBOL_GPL(rtai_cpuid);
EXPORT_SYMBOL_GPL(rtai_rdtsc);
EXPORT_SYMBOL_GPL(rtai_llimd);
EXPORT_SYMBOL_GPL(rtai_imuldiv);
EXPORT_SYMBOL_GPL(rt_printk);
EXPORT_SYMBOL_GPL(rt_global_cli);
EXPORT_SYMBOL_GPL(rt_get_global_lock);
EXPORT_SYMBOL_GPL(rt_release_global_lock);
EXPORT_SYMBOL_GPL(rt_global_sti);
EXPORT_SYMBOL_GPL(rt_global_save_flags_and_cli);
EXPORT_SYMBOL_GPL(rt_global_restore_flags);
EXPORT_SYMBOL_GPL(rt_global_save_flags);
EXPORT_SYMBOL_GPL(rtai_clock_freq);
EXPORT_SYMBOL_GPL(tx_rtai_save_flags_and_cli);
EXPORT_SYMBOL_GPL(tx_rtai_restore_flags);
EXPORT_SYMBOL_GPL(tx_rtai_save_flags);
EXPORT_SYMBOL_GPL(rtai_cli);
EXPORT_SYMBOL_GPL(rtai_sti);
EXPORT_SYMBOL_GPL(tx_rtai_spin_lock); /* rt_spin_lock, rt_spin_unlock: inline (asm/rtai.h) */
EXPORT_SYMBOL_GPL(tx_rtai_spin_unlock);
EXPORT_SYMBOL_GPL(rt_spin_lock_irq);
EXPORT_SYMBOL_GPL(rt_spin_unlock_irq);
EXPORT_SYMBOL_GPL(rt_spin_lock_irqsave);
EXPORT_SYMBOL_GPL(rt_spin_unlock_irqrestore);
/* rtai_sem.h */
EXPORT_SYMBOL_GPL(rt_typed_sem_init);
EXPORT_SYMBOL_GPL(rt_sem_init);
EXPORT_SYMBOL_GPL(rt_sem_delete);
EXPORT_SYMBOL_GPL(rt_sem_wait_barrier);
EXPORT_SYMBOL_GPL(rt_sem_signal);
EXPORT_SYMBOL_GPL(rt_sem_broadcast);
EXPORT_SYMBOL_GPL(rt_sem_wait);
EXPORT_SYMBOL_GPL(rt_sem_wait_if);
EXPORT_SYMBOL_GPL(rt_sem_wait_until);
EXPORT_SYMBOL_GPL(rt_sem_wait_timed);
EXPORT_SYMBOL_GPL(rt_sem_count);
EXPORT_SYMBOL_GPL(rt_cond_signal);
/* rtai_msg.h: proxies and QNX-style messages */
EXPORT_SYMBOL_GPL(rt_proxy_attach);
EXPORT_SYMBOL_GPL(rt_proxy_detach);
EXPORT_SYMBOL_GPL(rt_trigger);
EXPORT_SYMBOL_GPL(rt_Send);
EXPORT_SYMBOL_GPL(rt_Receive);
EXPORT_SYMBOL_GPL(rt_Creceive);
EXPORT_SYMBOL_GPL(rt_Reply);
EXPORT_SYMBOL_GPL(rt_Proxy_attach);
EXPORT_SYMBOL_GPL(rt_Proxy_detach);
EXPORT_SYMBOL_GPL(rt_Trigger);
EXPORT_SYMBOL_GPL(rt_Name_attach);
EXPORT_SYMBOL_GPL(rt_Name_locate);
EXPORT_SYMBOL_GPL(rt_Name_detach);
/* rtai_bits.h */
/* The message queues, for rtai_tbx.h in tactus_shm (api/msgq_bridge.h). */
EXPORT_SYMBOL_GPL(tx_msgq_init);
EXPORT_SYMBOL_GPL(tx_msgq_delete);
EXPORT_SYMBOL_GPL(tx_msgq_slot_size);
EXPORT_SYMBOL_GPL(tx_msgq_send);
EXPORT_SYMBOL_GPL(tx_msgq_receive);
EXPORT_SYMBOL_GPL(tx_msgq_peek);
EXPORT_SYMBOL_GPL(tx_msgq_broadcast);
EXPORT_SYMBOL_GPL(rt_bits_init);
EXPORT_SYMBOL_GPL(rt_bits_delete);
EXPORT_SYMBOL_GPL(rt_get_bits);
EXPORT_SYMBOL_GPL(rt_bits_reset);
EXPORT_SYMBOL_GPL(rt_bits_signal);
EXPORT_SYMBOL_GPL(rt_bits_wait);
EXPORT_SYMBOL_GPL(rt_bits_wait_if);
EXPORT_SYMBOL_GPL(rt_bits_wait_until);
EXPORT_SYMBOL_GPL(rt_bits_wait_timed);
/* rtai_tasklets.h */
EXPORT_SYMBOL_GPL(rt_insert_timer);
EXPORT_SYMBOL_GPL(rt_remove_timer);
EXPORT_SYMBOL_GPL(rt_set_timer_priority);
EXPORT_SYMBOL_GPL(rt_set_timer_firing_time);
EXPORT_SYMBOL_GPL(rt_set_timer_period);
EXPORT_SYMBOL_GPL(rt_get_timer_times);
EXPORT_SYMBOL_GPL(rt_get_timer_overrun);
EXPORT_SYMBOL_GPL(rt_init_tasklet);
EXPORT_SYMBOL_GPL(rt_delete_tasklet);
EXPORT_SYMBOL_GPL(rt_insert_tasklet);
EXPORT_SYMBOL_GPL(rt_remove_tasklet);
EXPORT_SYMBOL_GPL(rt_find_tasklet_by_id);
EXPORT_SYMBOL_GPL(rt_exec_tasklet);
EXPORT_SYMBOL_GPL(rt_set_tasklet_priority);
EXPORT_SYMBOL_GPL(rt_set_tasklet_handler);
EXPORT_SYMBOL_GPL(rt_set_tasklet_data);
EXPORT_SYMBOL_GPL(rt_tasklet_use_fpu);
EXPORT_SYMBOL_GPL(rt_kptimer_create);
EXPORT_SYMBOL_GPL(rt_ptimer_create);
EXPORT_SYMBOL_GPL(rt_ptimer_settime);
EXPORT_SYMBOL_GPL(rt_ptimer_overrun);
EXPORT_SYMBOL_GPL(rt_ptimer_gettime);
EXPORT_SYMBOL_GPL(rt_ptimer_delete);
EXPORT_SYMBOL_GPL(rt_poll);
EXPORT_SYMBOL_GPL(rt_thread_init);
EXPORT_SYMBOL_GPL(rt_make_hard_real_time);
EXPORT_SYMBOL_GPL(rt_make_soft_real_time);
EXPORT_SYMBOL_GPL(rt_thread_delete);
EXPORT_SYMBOL_GPL(rt_kthread_init);
EXPORT_SYMBOL_GPL(rt_kthread_init_cpuid);
EXPORT_SYMBOL_GPL(rt_cond_wait);
EXPORT_SYMBOL_GPL(rt_cond_wait_until);
EXPORT_SYMBOL_GPL(rt_cond_wait_timed);
/* rtai_mbx.h */
EXPORT_SYMBOL_GPL(rt_typed_mbx_init);
EXPORT_SYMBOL_GPL(rt_mbx_init);
EXPORT_SYMBOL_GPL(rt_mbx_delete);
EXPORT_SYMBOL_GPL(rt_mbx_send);
EXPORT_SYMBOL_GPL(rt_mbx_send_wp);
EXPORT_SYMBOL_GPL(rt_mbx_send_wg);
EXPORT_SYMBOL_GPL(rt_mbx_send_if);
EXPORT_SYMBOL_GPL(rt_mbx_send_until);
EXPORT_SYMBOL_GPL(rt_mbx_send_timed);
EXPORT_SYMBOL_GPL(rt_mbx_ovrwr_send);
EXPORT_SYMBOL_GPL(rt_mbx_receive);
EXPORT_SYMBOL_GPL(rt_mbx_receive_wp);
EXPORT_SYMBOL_GPL(rt_mbx_receive_wg);
EXPORT_SYMBOL_GPL(rt_mbx_receive_if);
EXPORT_SYMBOL_GPL(rt_mbx_receive_until);
EXPORT_SYMBOL_GPL(rt_mbx_receive_timed);
EXPORT_SYMBOL_GPL(rt_mbx_evdrp);
/* rtai_msg.h */
EXPORT_SYMBOL_GPL(rt_send);
EXPORT_SYMBOL_GPL(rt_send_if);
EXPORT_SYMBOL_GPL(rt_send_until);
EXPORT_SYMBOL_GPL(rt_send_timed);
EXPORT_SYMBOL_GPL(rt_receive);
EXPORT_SYMBOL_GPL(rt_receive_if);
EXPORT_SYMBOL_GPL(rt_receive_until);
EXPORT_SYMBOL_GPL(rt_receive_timed);
EXPORT_SYMBOL_GPL(rt_rpc);
EXPORT_SYMBOL_GPL(rt_rpc_if);
EXPORT_SYMBOL_GPL(rt_rpc_until);
EXPORT_SYMBOL_GPL(rt_sendx);
EXPORT_SYMBOL_GPL(rt_sendx_if);
EXPORT_SYMBOL_GPL(rt_sendx_until);
EXPORT_SYMBOL_GPL(rt_sendx_timed);
EXPORT_SYMBOL_GPL(rt_rpcx);
EXPORT_SYMBOL_GPL(rt_rpcx_if);
EXPORT_SYMBOL_GPL(rt_rpcx_until);
EXPORT_SYMBOL_GPL(rt_rpcx_timed);
EXPORT_SYMBOL_GPL(rt_receivex);
EXPORT_SYMBOL_GPL(rt_receivex_if);
EXPORT_SYMBOL_GPL(rt_receivex_until);
EXPORT_SYMBOL_GPL(rt_receivex_timed);
EXPORT_SYMBOL_GPL(rt_returnx);
EXPORT_SYMBOL_GPL(rt_evdrpx);
EXPORT_SYMBOL_GPL(rt_rpc_timed);
EXPORT_SYMBOL_GPL(rt_return);
EXPORT_SYMBOL_GPL(rt_isrpc);
EXPORT_SYMBOL_GPL(rt_evdrp);
/* rtai_registry.h and the named inits */
EXPORT_SYMBOL_GPL(rt_register);
EXPORT_SYMBOL_GPL(rt_drg_on_name);
EXPORT_SYMBOL_GPL(rt_drg_on_adr);
EXPORT_SYMBOL_GPL(rt_get_adr);
EXPORT_SYMBOL_GPL(rt_get_name);
EXPORT_SYMBOL_GPL(rt_get_type);
EXPORT_SYMBOL_GPL(rt_get_adr_cnt);
EXPORT_SYMBOL_GPL(rt_drg_on_name_cnt);
EXPORT_SYMBOL_GPL(rt_drg_on_adr_cnt);
EXPORT_SYMBOL_GPL(rt_get_registry_slot);
EXPORT_SYMBOL_GPL(rt_named_task_init);
EXPORT_SYMBOL_GPL(rt_named_task_init_cpuid);
EXPORT_SYMBOL_GPL(rt_named_task_delete);
EXPORT_SYMBOL_GPL(_rt_typed_named_sem_init);
EXPORT_SYMBOL_GPL(rt_named_sem_delete);
EXPORT_SYMBOL_GPL(_rt_typed_named_mbx_init);
EXPORT_SYMBOL_GPL(rt_named_mbx_delete);

MODULE_LICENSE("GPL");
/* RTAI's module names of what this module holds: modprobe finds it by them. */
MODULE_ALIAS("rtai_sched");
MODULE_ALIAS("rtai_sem");
MODULE_ALIAS("rtai_mbx");
MODULE_ALIAS("rtai_msg");
MODULE_ALIAS("rtai_tasklets");
MODULE_DESCRIPTION("Tactus real-time co-kernel: scheduler, IPC and the RTAI task API");
