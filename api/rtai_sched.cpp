// SPDX-License-Identifier: GPL-2.0
// api/rtai_sched.cpp - rtai_sched.h and rtai.h over the core scheduler.
#include <stdarg.h>

#include "../hal/rt_log.hpp"
#include "../hal/time_base.hpp"
#include "../lib/muldiv.hpp"
#include "api_internal.hpp"

using namespace tx;
using namespace tx::api;

namespace {

int init_task(RT_TASK *task, void (*fn)(long), long data, int stack_size, int priority, int uses_fpu,
	      uint32_t cpus)
{
	if (stack_size <= 0)
		return -kEInval;
	return g_sched.task_init(task_of(task), fn, data, static_cast<size_t>(stack_size), priority, uses_fpu != 0,
				 cpus, nullptr);
}

int state_bits(const Task *t)
{
	if (!g_sched.valid(t))
		return 0;
	int bits = 0;
	if (t->wait == Wait::None && t->suspend_depth <= 0)
		bits |= RT_SCHED_READY;
	if (t->suspend_depth > 0 || t->watchdog_hit)
		bits |= RT_SCHED_SUSPENDED;
	if (t->timer.queued())
		bits |= RT_SCHED_DELAYED;
	switch (t->wait) {
	case Wait::Semaphore:
		bits |= RT_SCHED_SEMAPHORE;
		break;
	case Wait::Send:
		bits |= RT_SCHED_SEND;
		break;
	case Wait::Receive:
		bits |= RT_SCHED_RECEIVE;
		break;
	case Wait::Rpc:
		bits |= RT_SCHED_RPC;
		break;
	case Wait::Return:
		bits |= RT_SCHED_RETURN;
		break;
	case Wait::Mailbox:
		bits |= RT_SCHED_MBXSUSP;
		break;
	default:
		break;
	}
	return bits;
}

} // namespace

extern "C" {

int rt_task_init(RT_TASK *task, void (*rt_thread)(long), long data, int stack_size, int priority, int uses_fpu,
		 void (*)(void))
{
	return init_task(task, rt_thread, data, stack_size, priority, uses_fpu,
			 1u << g_sched.least_loaded_cpu(g_sched.online_mask()));
}

int rt_task_init_cpuid(RT_TASK *task, void (*rt_thread)(long), long data, int stack_size, int priority,
		       int uses_fpu, void (*)(void), unsigned int run_on_cpu)
{
	if (run_on_cpu >= kMaxCpus)
		return -kEInval;
	return init_task(task, rt_thread, data, stack_size, priority, uses_fpu, 1u << run_on_cpu);
}

void rt_set_runnable_on_cpus(RT_TASK *task, unsigned long cpu_mask)
{
	g_sched.set_cpus(task_of(task), static_cast<uint32_t>(cpu_mask));
}

void rt_set_runnable_on_cpuid(RT_TASK *task, unsigned int cpuid)
{
	if (cpuid < kMaxCpus)
		g_sched.set_cpus(task_of(task), 1u << cpuid);
}

int rt_task_delete(RT_TASK *task) { return g_sched.task_delete(task_of(task)); }

static_assert(RTAI_NR_TRAPS == TX_TRAP_VECTORS, "RTAI's trap vectors are the core's");

RT_TRAP_HANDLER rt_set_task_trap_handler(RT_TASK *task, unsigned int vec, RT_TRAP_HANDLER handler)
{
	tx_trap_handler old = nullptr;
	if (g_sched.set_trap_handler(task_of(task), vec, handler, &old))
		return reinterpret_cast<RT_TRAP_HANDLER>(static_cast<intptr_t>(-kEInval));
	return old;
}
int rt_task_suspend(RT_TASK *task) { return g_sched.suspend(task_of(task)); }
int rt_task_resume(RT_TASK *task) { return g_sched.resume(task_of(task)); }
int rt_task_suspend_if(RT_TASK *task) { return g_sched.suspend_if(task_of(task)); }
int rt_set_period(RT_TASK *task, RTIME new_period) { return g_sched.set_period(task_of(task), new_period); }
void rt_task_yield(void) { g_sched.yield(); }
int rt_change_prio(RT_TASK *task, int priority) { return g_sched.change_prio(task_of(task), priority); }

int rt_get_prio(RT_TASK *task)
{
	Task *t = task_of(task);
	return g_sched.valid(t) ? t->base_prio : -kEInval;
}

int rt_get_inher_prio(RT_TASK *task)
{
	Task *t = task_of(task);
	return g_sched.valid(t) ? t->prio : -kEInval;
}

int rt_set_sched_policy(RT_TASK *task, int policy, int rr_quantum_ns)
{
	if (policy != RT_SCHED_FIFO && policy != RT_SCHED_RR)
		return -kEInval;
	Count quantum = 0;
	if (policy == RT_SCHED_RR)
		quantum = nano2count(rr_quantum_ns > 0 ? rr_quantum_ns : 4'000'000); // RTAI: a Linux tick
	return g_sched.set_round_robin(task_of(task), quantum);
}

RT_TASK *rt_whoami(void) { return rt_task_of(g_sched.self()); }
int rt_get_task_state(RT_TASK *task) { return state_bits(task_of(task)); }

int rt_task_make_periodic(RT_TASK *task, RTIME start_time, RTIME period)
{
	return g_sched.make_periodic(task_of(task), start_time, period);
}

int rt_task_make_periodic_relative_ns(RT_TASK *task, RTIME start_delay, RTIME period)
{
	return g_sched.make_periodic(task_of(task), deadline_after(nano2count(start_delay)), nano2count(period));
}

int rt_task_wait_period(void) { return g_sched.wait_period(); }
int rt_sleep(RTIME delay) { return g_sched.sleep_until(deadline_after(delay)); }
int rt_sleep_until(RTIME time) { return g_sched.sleep_until(time); }
void rt_busy_sleep(int nanosecs) { g_sched.busy_wait(nano2count(nanosecs)); }

RTIME rt_get_time(void) { return g_sched.now(); }
RTIME rt_get_time_ns(void) { return count2nano(g_sched.now()); }
RTIME rt_get_cpu_time_ns(void) { return count2nano(g_sched.counter()); }

RTIME nano2count(RTIME nanos) { return counts_from_ns(nanos); }
RTIME count2nano(RTIME counts) { return ns_from_counts(counts); }

RTIME start_rt_timer(int period) { return g_sched.start_timer(period); }
void stop_rt_timer(void) { g_sched.stop_timer(); }
void rt_set_oneshot_mode(void) { g_sched.set_mode(TimerMode::Oneshot); }
void rt_set_periodic_mode(void) { g_sched.set_mode(TimerMode::Periodic); }

void rt_linux_use_fpu(int) {}

int rt_task_use_fpu(RT_TASK *task, int use_fpu_flag)
{
	Task *t = task_of(task);
	if (!g_sched.valid(t))
		return -kEInval;
	return (t->fpu_area != nullptr) == (use_fpu_flag != 0) ? kOk : -kEInval;
}

void rt_get_exectime(RT_TASK *task, RTIME *exectime)
{
	Task *t = task ? task_of(task) : g_sched.self();
	if (!exectime)
		return;
	Count now = g_sched.counter();
	Count total = 0, created = 0;
	g_sched.exec_time(t, now, &total, &created);
	exectime[0] = total;
	exectime[1] = created;
	exectime[2] = now;
}

int rtai_cpuid(void) { return static_cast<int>(tx_port_cpu()); }
unsigned long long rtai_rdtsc(void) { return tx_port_now(); }

long long rtai_llimd(long long ll, unsigned long mult, unsigned long div)
{
	return div ? muldiv_round(ll, mult, div) : 0;
}

long rtai_imuldiv(long i, unsigned long mult, unsigned long div)
{
	return div ? static_cast<long>(muldiv_trunc(i, mult, div)) : 0;
}

int rt_printk(const char *fmt, ...)
{
	if (!fmt)
		return 0;
	va_list ap;
	va_start(ap, fmt);
	size_t n = rt_log_v(2, fmt, ap);
	va_end(ap);
	return static_cast<int>(n);
}

} // extern "C"
