// SPDX-License-Identifier: GPL-2.0
// sched/info.cpp - sched_info.h: the C face of the scheduler for the glue.
#include "sched_info.h"

#include "../hal/time_base.hpp"
#include "scheduler.hpp"

using namespace tx;

namespace {

// The state /proc shows for a task stopped for good, or null.
const char *halt_name(Halt h)
{
	switch (h) {
	case Halt::StackOverrun:
		return "stack-overrun";
	case Halt::Fault:
		return "fault";
	default:
		return nullptr;
	}
}

const char *state_name(TaskState s)
{
	switch (s) {
	case TaskState::Ready:
		return "ready";
	case TaskState::Running:
		return "running";
	case TaskState::Suspended:
		return "suspended";
	case TaskState::Delayed:
		return "delayed";
	case TaskState::Blocked:
		return "blocked";
	case TaskState::PeriodicWait:
		return "periodic-wait";
	default:
		return "dead";
	}
}

const char *wait_name(Wait w)
{
	switch (w) {
	case Wait::Semaphore:
		return "semaphore";
	case Wait::Send:
		return "send";
	case Wait::Receive:
		return "receive";
	case Wait::Rpc:
		return "rpc";
	case Wait::Return:
		return "return";
	case Wait::Mailbox:
		return "mailbox";
	case Wait::MsgQueue:
		return "msgq";
	case Wait::Bits:
		return "bits";
	case Wait::Poll:
		return "poll";
	default:
		return "";
	}
}

struct Collect {
	tx_task_info *out;
	int max, count;
};

void fill(const Task *t, void *ctx)
{
	auto *c = static_cast<Collect *>(ctx);
	if (c->count < c->max) {
		tx_task_info &i = c->out[c->count];
		copy_bytes(i.name, t->name, sizeof(i.name));
		i.cpu = t->cpu;
		i.prio = t->prio;
		i.base_prio = t->base_prio;
		i.state = halt_name(t->halted) ? halt_name(t->halted) : state_name(g_sched.state_of(t));
		i.wait_on = wait_name(t->wait);
		i.period_ns = ns_from_counts(t->period);
		i.overruns = t->overruns;
		Stats latency = t->latency; // with the latest release's, not yet recorded
		if (t->start_unrecorded)
			latency.add(t->job_start - t->release_time);
		i.lat_min_ns = ns_from_counts(latency.min);
		i.lat_avg_ns = ns_from_counts(latency.avg());
		i.lat_max_ns = ns_from_counts(latency.max);
		i.releases = latency.samples;
		i.exec_ns = ns_from_counts(t->exec_total);
		i.watchdog_hit = t->watchdog_hit;
		i.entry = t->entry;
	}
	c->count++;
}

} // namespace

extern "C" {

void tx_sched_setup(unsigned int online_mask) { g_sched.init(online_mask); }
int tx_in_linux(void) { return g_sched.in_linux(); }

void tx_sched_set_watchdog_ns(long long ns) { g_sched.set_watchdog_budget(ns > 0 ? counts_from_ns(ns) : 0); }
void tx_sched_watch_masked(void) { g_sched.watch_masked(); }
long long tx_sched_watchdog_ns(void) { return ns_from_counts(g_sched.watchdog_budget()); }
void tx_sched_set_gravity_ns(long long ns) { g_sched.set_timer_gravity(ns > 0 ? counts_from_ns(ns) : 0); }
void tx_sched_set_rt_share_ns(long long runtime_ns, long long period_ns)
{
	g_sched.set_rt_share(runtime_ns > 0 ? counts_from_ns(runtime_ns) : 0, period_ns > 0 ? counts_from_ns(period_ns) : 0);
}

void tx_sched_get_summary(tx_sched_summary *out)
{
	out->counter_hz = tx_port_counter_hz();
	out->periodic_mode = g_sched.mode() == TimerMode::Periodic;
	out->timer_running = g_sched.timer_running();
	out->tick_ns = ns_from_counts(g_sched.tick_period());
	out->watchdog_ns = ns_from_counts(g_sched.watchdog_budget());
	out->gravity_ns = ns_from_counts(g_sched.timer_gravity());
	out->rt_runtime_ns = ns_from_counts(g_sched.rt_runtime());
	out->rt_period_ns = ns_from_counts(g_sched.rt_period());
	out->watchdog_hits = g_sched.watchdog_hits();
	out->tasks = g_sched.task_count();
	out->ipc_lock_waits = g_sched.ipc_lock().waits();
	out->ipc_lock_spins = g_sched.ipc_lock().spins();
}

void tx_sched_cpu_summary(unsigned int cpu, tx_cpu_summary *out)
{
	CpuState &c = g_sched.cpu(cpu < kMaxCpus ? cpu : 0);
	out->online = c.online;
	out->tasks = c.ntasks;
	out->switches = c.switches;
	out->timer_irqs = c.timer_irqs;
	out->ipis = c.ipis;
	out->fpu_saves = c.fpu_saves;
	out->fpu_restores = c.fpu_restores;
	out->throttles = c.throttles;
	out->lock_waits = c.lock.waits();
	out->lock_spins = c.lock.spins();
}

// One lock hold per task (Scheduler::snapshot_next): a /proc read never
// holds the scheduler's locks across the walk.
int tx_sched_tasks(tx_task_info *out, int max)
{
	Collect c{out, max, 0};
	for (unsigned cursor = 0; g_sched.snapshot_next(&cursor, fill, &c);)
		;
	return c.count;
}

unsigned int tx_sched_delete_tasks(int (*match)(void (*)(long), const void *, void *), void *ctx)
{
	struct Match {
		int (*fn)(void (*)(long), const void *, void *);
		void *ctx;
	} m{match, ctx};
	auto pred = [](const Task *t, void *p) {
		auto *mm = static_cast<Match *>(p);
		return mm->fn(t->entry, t, mm->ctx) != 0;
	};
	return g_sched.delete_tasks_if(match ? +pred : nullptr, &m);
}

unsigned int tx_sched_free_user_timers(int (*match)(void (*)(void), void *), void *ctx)
{
	struct Match {
		int (*fn)(void (*)(void), void *);
		void *ctx;
	} m{match, ctx};
	auto pred = [](void (*handler)(void), void *p) {
		auto *mm = static_cast<Match *>(p);
		return mm->fn(handler, mm->ctx) != 0;
	};
	unsigned int n = 0;
	for (unsigned cpu = 0; cpu < kMaxCpus; cpu++)
		n += g_sched.free_user_timer(cpu, match ? +pred : nullptr, &m);
	return n;
}

unsigned int tx_sched_cpu_offline(unsigned int cpu) { return g_sched.set_cpu_offline(cpu); }
void tx_sched_cpu_online(unsigned int cpu) { g_sched.set_cpu_online(cpu); }

} // extern "C"
