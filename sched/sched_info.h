/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sched/sched_info.h - the scheduler as the kernel C glue sees it: setup,
 * teardown and snapshots for /proc, with C linkage (C++ does not cross
 * into C files or between modules).
 */
#ifndef TACTUS_SCHED_INFO_H
#define TACTUS_SCHED_INFO_H

#ifdef __cplusplus
extern "C" {
#endif

struct tx_task_info {
	char name[16];
	unsigned int cpu;
	int prio, base_prio;
	const char *state;   /* "ready", "running", "suspended", "delayed", ..., "stack-overrun" */
	const char *wait_on; /* for "blocked": "semaphore", "mailbox", ...; else "" */
	long long period_ns;
	unsigned long long overruns;
	long long lat_min_ns, lat_avg_ns, lat_max_ns;
	unsigned long long releases;
	long long exec_ns;
	int watchdog_hit;
	void (*entry)(long);
};

struct tx_sched_summary {
	unsigned long long counter_hz;
	int periodic_mode, timer_running;
	long long tick_ns, watchdog_ns, gravity_ns;
	long long rt_runtime_ns, rt_period_ns; /* Linux's share; period 0: off */
	unsigned long long watchdog_hits;
	unsigned int tasks;
	/* The IPC lock's contention: acquisitions that waited, spin iterations */
	unsigned long long ipc_lock_waits, ipc_lock_spins;
};

struct tx_cpu_summary {
	int online;
	unsigned int tasks;
	unsigned long long switches, timer_irqs, ipis, fpu_saves, fpu_restores;
	unsigned long long throttles; /* times real-time tasks used their share and were held */
	/* This CPU's scheduler lock: acquisitions that waited, spin iterations */
	unsigned long long lock_waits, lock_spins;
};

/* Reset and start the scheduler on the CPUs of 'online_mask'. Linux context. */
void tx_sched_setup(unsigned int online_mask);
/* Nonzero in Linux context (no real-time task is running on this CPU). */
int tx_in_linux(void);
void tx_sched_set_watchdog_ns(long long ns);
/* The masked watch (Scheduler::watch_masked): report a CPU whose timer is a
 * watchdog budget overdue. Linux context, every half budget. */
void tx_sched_watch_masked(void);
/* The watchdog budget in ns (0: off). */
long long tx_sched_watchdog_ns(void);
/* Linux's share (Scheduler::set_rt_share): in every period_ns real-time
 * tasks run at most runtime_ns per CPU; period 0 (or runtime >= period):
 * off. */
void tx_sched_set_rt_share_ns(long long runtime_ns, long long period_ns);
/* Timer gravity (Scheduler::set_timer_gravity), ns; 0: off. */
void tx_sched_set_gravity_ns(long long ns);
void tx_sched_get_summary(struct tx_sched_summary *out);
void tx_sched_cpu_summary(unsigned int cpu, struct tx_cpu_summary *out);
/* Copy up to 'max' tasks; returns how many tasks exist. */
int tx_sched_tasks(struct tx_task_info *out, int max);
/* Delete the tasks for which match(entry, task, ctx) holds, given each
 * task's function and the address of its control block (the RT_TASK), all
 * if match is NULL; returns how many. Linux context. */
unsigned int tx_sched_delete_tasks(int (*match)(void (*entry)(long), const void *task, void *ctx), void *ctx);
/* Remove the rt_request_timer handlers for which match(handler, ctx) holds
 * (all if match is NULL), waiting for any that runs; returns how many.
 * Linux context. */
unsigned int tx_sched_free_user_timers(int (*match)(void (*handler)(void), void *ctx), void *ctx);
/* CPU hotplug (Linux context, on that CPU): offline returns the number of
 * tasks placed there and refuses if nonzero; 0: no task can be placed on it
 * until tx_sched_cpu_online. */
unsigned int tx_sched_cpu_offline(unsigned int cpu);
void tx_sched_cpu_online(unsigned int cpu);

#ifdef __cplusplus
}
#endif

#endif /* TACTUS_SCHED_INFO_H */
