// SPDX-License-Identifier: GPL-2.0
// RTAI's tasklets and timers (rtai_tasklets.h) through the C API.
#include "harness.hpp"
#include "../../api/tasklets_glue.h"

#include <rtai_tasklets.h>

#include <cfenv>
#include <cstring>

using namespace txtest;

namespace {

Trace *g_trace;

void record(unsigned long data) { g_trace->add("t" + std::to_string(data)); }

class Tasklets : public HostTest {
protected:
	rt_tasklet_struct t1{}, t2{}, t3{};
	RT_TASK a{};
	void SetUp() override
	{
		HostTest::SetUp();
		g_trace = &trace;
	}
	void TearDown() override
	{
		EXPECT_EQ(tx_tasklets_shutdown(), managers_expected);
		HostTest::TearDown();
	}
	unsigned managers_expected = 1;
};

TEST_F(Tasklets, OneshotTimersFireInTimeOrder)
{
	ASSERT_EQ(rt_insert_timer(&t1, 5, 300, 0, record, 1, 0), 0);
	ASSERT_EQ(rt_insert_timer(&t2, 5, 100, 0, record, 2, 0), 0);
	ASSERT_EQ(rt_insert_timer(&t3, 5, 200, 0, record, 3, 0), 0);
	run(1000);
	EXPECT_EQ(trace.str(), "t2@100 t3@200 t1@300");
	RTIME times[2] = {0, 0};
	rt_get_timer_times(&t1, times);
	EXPECT_EQ(times[0], -1); // fired: past
	EXPECT_EQ(times[1], 0);
}

TEST_F(Tasklets, DueTimersRunHighestPriorityFirst)
{
	// A task at the manager's own priority (0) holds the CPU until 250.
	ASSERT_EQ(spawn(a, 0, [&] { work(250); }), 0);
	ASSERT_EQ(rt_insert_timer(&t1, 9, 100, 0, record, 1, 0), 0);
	ASSERT_EQ(rt_insert_timer(&t2, 2, 200, 0, record, 2, 0), 0);
	rt_task_resume(&a);
	run(1000);
	EXPECT_EQ(trace.str(), "t2@250 t1@250");
}

TEST_F(Tasklets, PeriodicTimerAndItsChanges)
{
	ASSERT_EQ(rt_insert_timer(&t1, 5, 100, 100, record, 1, 0), 0);
	run(350);
	EXPECT_EQ(trace.str(), "t1@100 t1@200 t1@300");
	RTIME times[2] = {};
	rt_get_timer_times(&t1, times);
	EXPECT_EQ(times[0], 50);
	EXPECT_EQ(times[1], 100);
	rt_set_timer_period(&t1, 200); // from the next reload on: 400, 600
	rt_set_tasklet_data(&t1, 7);
	run(300);
	EXPECT_EQ(trace.str(), "t1@100 t1@200 t1@300 t7@400 t7@600");
	rt_set_timer_firing_time(&t1, 650); // moved earlier than 800
	run(100);
	EXPECT_EQ(trace.str(), "t1@100 t1@200 t1@300 t7@400 t7@600 t7@650");
	rt_remove_timer(&t1);
	run(1000);
	EXPECT_EQ(trace.str(), "t1@100 t1@200 t1@300 t7@400 t7@600 t7@650");
	EXPECT_EQ(rt_get_timer_overrun(&t1), 0);
	rt_set_timer_firing_time(&t1, 2000); // not inserted: nothing
	run(2000);
	EXPECT_EQ(trace.str(), "t1@100 t1@200 t1@300 t7@400 t7@600 t7@650");
}

TEST_F(Tasklets, TheManagerTakesADueTimerAndRunsItAtItsPriority)
{
	// The manager (priority 0) takes t1 when it is due at 100 and runs its
	// handler at t1's priority 9, below the task of priority 1 that holds
	// the CPU until 250.
	ASSERT_EQ(spawn(a, 1, [&] { work(250); }), 0);
	ASSERT_EQ(rt_insert_timer(&t1, 9, 100, 0, record, 1, 0), 0);
	rt_task_resume(&a);
	run(100);
	EXPECT_EQ(trace.str(), "t1@250");
}

TEST_F(Tasklets, LatePeriodsFireAtOnceAndCountAsOverruns)
{
	ASSERT_EQ(spawn(a, 0, [&] { work(350); }), 0);
	ASSERT_EQ(rt_insert_timer(&t1, 5, 100, 100, record, 1, 0), 0);
	rt_task_resume(&a);
	run(120); // Linux's time: a ran 0..350 (run counts Linux's time only)
	// Due at 100, 200, 300 while the CPU was busy: the 100 fires at 350,
	// 200 and 300 are skipped (2 overruns, no burst), then on time again.
	EXPECT_EQ(trace.str(), "t1@350 t1@400");
	EXPECT_EQ(rt_get_timer_overrun(&t1), 2);
	rt_remove_timer(&t1);
}

TEST_F(Tasklets, TheHandlerRunsAtTheTimersPriority)
{
	static RT_TASK waiter;
	static SEM s;
	ASSERT_EQ(rt_sem_init(&s, 0), 0);
	ASSERT_EQ(spawn(waiter, 3, [&] {
		rt_sem_wait(&s);
		trace.add("waiter");
	}), 0);
	rt_task_resume(&waiter);
	// The handler signals a task of priority 3: at priority 5 it is
	// preempted at once, at priority 1 it finishes first.
	auto handler = [](unsigned long prio) {
		rt_sem_signal(&s);
		g_trace->add("handler" + std::to_string(prio) + "-" + std::to_string(rt_get_inher_prio(rt_whoami())));
	};
	ASSERT_EQ(rt_insert_timer(&t1, 5, 100, 0, handler, 5, 0), 0);
	run(200);
	EXPECT_EQ(trace.str(), "waiter@100 handler5-5@100");
	rt_task_resume(&waiter); // it returned; a new one
	ASSERT_EQ(spawn(waiter, 3, [&] {
		rt_sem_wait(&s);
		trace.add("waiter");
	}), 0);
	rt_task_resume(&waiter);
	ASSERT_EQ(rt_insert_timer(&t2, 1, 300, 0, handler, 1, 0), 0);
	run(200);
	EXPECT_EQ(trace.str(), "waiter@100 handler5-5@100 handler1-1@300 waiter@300");
	EXPECT_EQ(rt_sem_delete(&s), 0);
}

TEST_F(Tasklets, APeriodicTimerFromTimeZeroDoesNotBurst)
{
	run(100000);
	ASSERT_EQ(rt_insert_timer(&t1, 5, 0, 10, record, 1, 0), 0); // 10000 periods behind
	run(25);
	EXPECT_EQ(trace.str(), "t1@100000 t1@100010 t1@100020");
	EXPECT_EQ(rt_get_timer_overrun(&t1), 10000); // 10 .. 100000
	ASSERT_EQ(rt_insert_timer(&t2, 5, 100050, INT64_MAX, record, 2, 0), 0); // the next would overflow
	run(100);
	EXPECT_EQ(trace.str().find("t2@100050") != std::string::npos, true);
	RTIME times[2] = {};
	rt_get_timer_times(&t2, times);
	EXPECT_EQ(times[0], -1); // fired once, then gone: no time left
	rt_remove_timer(&t1);
}

TEST_F(Tasklets, TheManagerWaitsWhileTheTimerIsStopped)
{
	ASSERT_EQ(rt_insert_timer(&t1, 5, 100, 0, record, 1, 0), 0);
	stop_rt_timer();
	run(500); // the manager must not spin: Linux runs (this returns)
	EXPECT_EQ(trace.str(), "");
	start_rt_timer(0);
	run(10);
	EXPECT_EQ(trace.str(), "t1@500"); // due since 100: at the start
}

TEST_F(Tasklets, TaskletsById)
{
	managers_expected = 0;
	EXPECT_EQ(rt_insert_tasklet(&t1, 0, record, 11, 100, 0), 0);
	EXPECT_EQ(rt_insert_tasklet(&t2, 0, record, 12, 200, 0), 0);
	EXPECT_EQ(rt_insert_tasklet(&t1, 0, record, 11, 100, 0), -EBUSY);
	EXPECT_EQ(rt_insert_tasklet(&t3, 0, nullptr, 0, 300, 0), -EINVAL);
	EXPECT_EQ(rt_insert_tasklet(&t3, 0, record, 0, 0, 0), -EINVAL);
	EXPECT_EQ(rt_find_tasklet_by_id(200), &t2);
	EXPECT_EQ(rt_find_tasklet_by_id(300), nullptr);
	EXPECT_EQ(rt_exec_tasklet(&t1), 0); // in the caller's context, now
	rt_fast_set_tasklet_data(&t2, 22);
	EXPECT_EQ(rt_exec_tasklet(&t2), 0);
	EXPECT_EQ(trace.str(), "t11@0 t22@0");
	rt_remove_tasklet(&t1);
	EXPECT_EQ(rt_exec_tasklet(&t1), -EINVAL);
	EXPECT_EQ(rt_find_tasklet_by_id(100), nullptr);
	EXPECT_EQ(rt_exec_tasklet(&t3), -EINVAL); // never inserted
	EXPECT_EQ(rt_set_tasklet_handler(&t2, nullptr), -EINVAL);
}

TEST_F(Tasklets, BadTimerCallsAndAllocatedTasklets)
{
	managers_expected = 0;
	EXPECT_EQ(rt_insert_timer(nullptr, 5, 0, 0, record, 0, 0), -EINVAL);
	EXPECT_EQ(rt_insert_timer(&t1, 5, 0, 0, nullptr, 0, 0), -EINVAL);
	EXPECT_EQ(rt_insert_timer(&t1, -1, 0, 0, record, 0, 0), -EINVAL);
	EXPECT_EQ(rt_insert_timer(&t1, 5, 0, -1, record, 0, 0), -EINVAL);
	// From a task, before any insert from Linux made this CPU's manager.
	int from_task = 0;
	start(a, 5, [&] { from_task = rt_insert_timer(&t1, 5, 0, 0, record, 0, 0); });
	run(10);
	EXPECT_EQ(from_task, -EPERM);
	rt_tasklet_struct *t = rt_init_tasklet();
	ASSERT_NE(t, nullptr);
	EXPECT_EQ(t->handler, nullptr);
	EXPECT_EQ(rt_insert_tasklet(t, 0, record, 1, 5, 0), 0);
	rt_delete_tasklet(t); // removed and freed: the harness checks no memory is left
	EXPECT_EQ(rt_find_tasklet_by_id(5), nullptr);
}

TEST_F(Tasklets, AnUnloadedModulesTimersGo)
{
	alignas(16) static char module[256]; // stands for the module's memory
	rt_tasklet_struct *in_module = reinterpret_cast<rt_tasklet_struct *>(module);
	ASSERT_EQ(rt_insert_timer(in_module, 5, 100, 100, record, 1, 0), 0);
	ASSERT_EQ(rt_insert_timer(&t2, 5, 150, 0, record, 2, 0), 0);
	ASSERT_EQ(rt_insert_tasklet(&t3, 0, record, 3, 9, 0), 0);
	auto within = [](const void *adr, const void *owner) {
		auto a = reinterpret_cast<uintptr_t>(adr), o = reinterpret_cast<uintptr_t>(owner);
		return int(a >= o && a < o + sizeof(module));
	};
	run(120);
	EXPECT_EQ(tx_tasklets_running_of(module, within), 0);
	EXPECT_EQ(tx_tasklets_release_owner(module, within), 1u);
	run(500);
	EXPECT_EQ(trace.str(), "t1@100 t2@150");
	EXPECT_EQ(rt_find_tasklet_by_id(9), &t3);
}

int g_mode_after = -1;

void rounds_upward_across_work(unsigned long)
{
	std::fesetround(FE_UPWARD);
	tx::sim::consume(100); // an FPU task preempts meanwhile and rounds downward
	g_mode_after = std::fegetround();
	std::fesetround(FE_TONEAREST);
}

// rt_timer_use_fpu: the handler's FP state (here MXCSR's rounding mode)
// survives a preemption by an FPU task, and Linux's own is left alone;
// handlers without it cost no FP save or restore.
TEST_F(Tasklets, AnFpuHandlerKeepsItsStateAcrossPreemption)
{
	auto &ctr = tx::sim::counters();
	static RT_TASK fp_task;
	ASSERT_EQ(spawn(fp_task, 1, [&] {
		rt_sleep_until(150);
		std::fesetround(FE_DOWNWARD);
		trace.add("fp");
	}, 1), 0);
	rt_task_resume(&fp_task); // it runs and sleeps until 150
	uint64_t before = ctr.fpu_saves + ctr.fpu_restores;
	ASSERT_EQ(rt_insert_timer(&t2, 5, 50, 0, record, 2, 0), 0); // no FPU
	run(60);
	EXPECT_EQ(ctr.fpu_saves + ctr.fpu_restores, before) << "a handler without the FPU costs no FP work";
	EXPECT_EQ(rt_timer_use_fpu(&t1, 1), nullptr);
	ASSERT_EQ(rt_insert_timer(&t1, 5, 100, 0, rounds_upward_across_work, 1, 0), 0);
	run(300);
	EXPECT_EQ(trace.str(), "t2@50 fp@150");
	EXPECT_EQ(g_mode_after, FE_UPWARD);
	EXPECT_EQ(std::fegetround(), FE_TONEAREST) << "Linux's FP state is its own";
	rt_task_delete(&fp_task);
}

void suspends_itself(unsigned long) { rt_task_suspend(rt_whoami()); } // as a watchdog would

// A module goes while its handler sits in a stopped timers manager: the
// manager goes (it would never return), a new one serves the other timers.
TEST_F(Tasklets, AStoppedManagerInAGoingModulesHandlerIsReplaced)
{
	alignas(16) static char module[256];
	auto *in_module = reinterpret_cast<rt_tasklet_struct *>(module);
	std::memset(module, 0, sizeof(module));
	auto within = [](const void *adr, const void *owner) {
		auto a = reinterpret_cast<uintptr_t>(adr), o = reinterpret_cast<uintptr_t>(owner);
		return int(a >= o && a < o + sizeof(module));
	};
	ASSERT_EQ(rt_insert_timer(in_module, 5, 100, 0, suspends_itself, 0, 0), 0);
	ASSERT_EQ(rt_insert_timer(&t2, 5, 300, 100, record, 2, 0), 0); // another module's
	run(150);
	EXPECT_EQ(tx_tasklets_running_of(module, within), 1);
	EXPECT_EQ(tx_tasklets_unstick(&t2, within), 0u) << "not that module's handler";
	EXPECT_EQ(tx_tasklets_release_owner(module, within), 0u) << "once: it fired";
	EXPECT_EQ(tx_tasklets_unstick(module, within), 1u);
	EXPECT_EQ(tx_tasklets_running_of(module, within), 0);
	run(300);
	EXPECT_EQ(trace.str(), "t2@300 t2@400") << "the new manager serves the rest";
	rt_remove_timer(&t2);
}

itimerspec spec(long value_ns, long interval_ns)
{
	itimerspec v{};
	v.it_value.tv_sec = value_ns / 1000000000;
	v.it_value.tv_nsec = value_ns % 1000000000;
	v.it_interval.tv_sec = interval_ns / 1000000000;
	v.it_interval.tv_nsec = interval_ns % 1000000000;
	return v;
}

TEST_F(Tasklets, PosixTimersArmRearmAndDisarm)
{
	timer_t id = rt_kptimer_create(&t1, record, 1, 0, 0);
	ASSERT_EQ((long)id, 1); // ids start at 1: 0 means none
	EXPECT_EQ((long)rt_kptimer_create(&t1, record, 1, 0, 0), 0); // has one already
	itimerspec v = spec(100, 50); // relative: now (0) + 100, then every 50
	rt_ptimer_settime(id, &v, 0, 0);
	run(210);
	EXPECT_EQ(trace.str(), "t1@100 t1@150 t1@200");
	RTIME times[2] = {};
	rt_ptimer_gettime(id, times);
	EXPECT_EQ(times[0], 40);
	EXPECT_EQ(times[1], 50);
	v = spec(400, 0); // absolute, once: rearming replaces the periodic arming
	rt_ptimer_settime(id, &v, 0, TIMER_ABSTIME);
	run(300);
	EXPECT_EQ(trace.str(), "t1@100 t1@150 t1@200 t1@400");
	rt_ptimer_gettime(id, times);
	EXPECT_EQ(times[0], -1);
	v = spec(100, 100);
	rt_ptimer_settime(id, &v, 0, 0); // 610, 710, ...
	run(250);
	v = spec(0, 100); // a zero it_value disarms
	rt_ptimer_settime(id, &v, 0, 0);
	run(500);
	EXPECT_EQ(trace.str(), "t1@100 t1@150 t1@200 t1@400 t1@610 t1@710");
	EXPECT_EQ(rt_ptimer_overrun(id), 0);
	EXPECT_EQ(rt_ptimer_delete(id, 0), 0);
	EXPECT_EQ(rt_ptimer_delete(id, 0), -EINVAL); // the id is free now
	EXPECT_EQ((long)rt_kptimer_create(&t1, record, 1, 0, 0), 1); // and given again
	EXPECT_EQ(rt_ptimer_delete((timer_t)1, 0), 0);
}

TEST_F(Tasklets, PosixTimersCountOverrunsAndNeedTheirId)
{
	ASSERT_EQ(spawn(a, 0, [&] { work(350); }), 0);
	timer_t id = rt_kptimer_create(&t1, record, 1, 0, 0);
	ASSERT_NE((long)id, 0);
	itimerspec v = spec(100, 100);
	rt_ptimer_settime(id, &v, 0, 0);
	rt_task_resume(&a);
	run(120); // the task holds the CPU until 350: 200 and 300 are skipped
	EXPECT_EQ(trace.str(), "t1@350 t1@400");
	EXPECT_EQ(rt_ptimer_overrun(id), 2);
	// Bad ids do nothing.
	RTIME times[2] = {7, 7};
	rt_ptimer_gettime((timer_t)0, times);
	rt_ptimer_gettime((timer_t)(POSIX_TIMERS + 1), times);
	EXPECT_EQ(times[0], 7);
	EXPECT_EQ(rt_ptimer_overrun((timer_t)5), 0);
	rt_ptimer_settime((timer_t)5, &v, 0, 0);
	EXPECT_EQ(rt_ptimer_delete((timer_t)-1, 0), -EINVAL);
	EXPECT_EQ((long)rt_kptimer_create(nullptr, record, 0, 0, 0), 0);
	EXPECT_EQ((long)rt_kptimer_create(&t2, nullptr, 0, 0, 0), 0);
	EXPECT_EQ(rt_ptimer_delete(id, 0), 0);
	run(500);
	EXPECT_EQ(trace.str(), "t1@350 t1@400"); // deleted: disarmed
}

TEST_F(Tasklets, PosixTimersAllocatedRunOutAndAreFreed)
{
	managers_expected = 0;
	rt_tasklet_struct *t = nullptr;
	timer_t id = rt_ptimer_create(&t);
	ASSERT_NE((long)id, 0);
	ASSERT_NE(t, nullptr);
	itimerspec v = spec(100, 0);
	rt_ptimer_settime(id, &v, 0, 0); // no handler yet: nothing armed
	run(200);
	EXPECT_EQ(trace.str(), "");
	// Every other id, then none is left.
	static rt_tasklet_struct many[POSIX_TIMERS];
	for (int i = 0; i < POSIX_TIMERS - 1; i++)
		ASSERT_NE((long)rt_kptimer_create(&many[i], record, 0, 0, 0), 0) << i;
	EXPECT_EQ((long)rt_kptimer_create(&many[POSIX_TIMERS - 1], record, 0, 0, 0), 0);
	rt_tasklet_struct *t2p = nullptr;
	EXPECT_EQ((long)rt_ptimer_create(&t2p), 0); // and its struct freed again
	EXPECT_EQ(t2p, nullptr);
	for (long i = 1; i <= POSIX_TIMERS; i++) {
		if (i != (long)id) {
			EXPECT_EQ(rt_ptimer_delete((timer_t)i, 0), 0);
		}
	}
	EXPECT_EQ(rt_ptimer_delete(id, 0), 0); // frees *t: the harness checks no memory is left
}

TEST_F(Tasklets, AnUnloadedModulesPosixTimersLoseTheirIds)
{
	alignas(16) static char module[256];
	auto *in_module = reinterpret_cast<rt_tasklet_struct *>(module);
	std::memset(module, 0, sizeof(module));
	timer_t a_id = rt_kptimer_create(in_module, record, 1, 0, 0);
	rt_tasklet_struct *allocated = nullptr;
	timer_t b_id = rt_ptimer_create(&allocated);
	rt_set_timer_handler(allocated, record); // a handler outside the module
	timer_t c_id = rt_kptimer_create(&t3, record, 3, 0, 0);
	itimerspec v = spec(100, 100);
	rt_ptimer_settime(a_id, &v, 0, 0);
	rt_ptimer_settime(c_id, &v, 0, 0);
	auto within = [](const void *adr, const void *owner) {
		auto a = reinterpret_cast<uintptr_t>(adr), o = reinterpret_cast<uintptr_t>(owner);
		return int(a >= o && a < o + sizeof(module));
	};
	run(120);
	EXPECT_EQ(tx_tasklets_release_owner(module, within), 1u); // the armed one in its list
	EXPECT_EQ(rt_ptimer_delete(a_id, 0), -EINVAL);            // its id went with it
	run(100);
	EXPECT_EQ(trace.str(), "t1@100 t3@100 t3@200");
	EXPECT_EQ(rt_ptimer_delete(b_id, 0), 0);
	EXPECT_EQ(rt_ptimer_delete(c_id, 0), 0);
}

} // namespace
