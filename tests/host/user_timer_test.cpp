// SPDX-License-Identifier: GPL-2.0
// rt_request_timer and friends (asm/rtai_hal.h, sched/user_timers.cpp): a
// handler the co-kernel timer interrupt calls, periodic or oneshot, never
// before its time, at most once per interrupt, outside the scheduler's
// locks (it wakes tasks), stopped with the timer, freed by rt_free_timer
// and by its module's unload.
#include <asm/rtai_hal.h>

#include "harness.hpp"
#include "../../sched/sched_info.h"

using namespace txtest;

namespace {

std::vector<Count> g_calls;
SEM *g_sem;
int g_rearm_left;
Count g_rearm_delay;
Count g_handler_work;
int g_cpu_seen = -1;

void record() { g_calls.push_back(tx::sim::now()); }
void record_and_signal()
{
	record();
	rt_sem_signal(g_sem);
}
void record_and_rearm()
{
	record();
	if (g_rearm_left-- > 0)
		rt_set_timer_delay(static_cast<int>(g_rearm_delay));
}
void record_slowly()
{
	record();
	tx::sim::consume(g_handler_work);
}
void record_cpu()
{
	record();
	g_cpu_seen = rtai_cpuid();
}

void reset_globals()
{
	g_calls.clear();
	g_sem = nullptr;
	g_rearm_left = 0;
	g_rearm_delay = 0;
	g_handler_work = 0;
	g_cpu_seen = -1;
}

class UserTimer : public HostTest {
protected:
	UserTimer() = default;
	explicit UserTimer(tx::sim::Config config) : HostTest(config) {}
	void SetUp() override
	{
		HostTest::SetUp();
		reset_globals();
	}
	void TearDown() override
	{
		rt_free_timers();
		HostTest::TearDown();
	}
	RT_TASK a{};
};

} // namespace

TEST_F(UserTimer, PeriodicHandlerRunsEveryTickFromNow)
{
	Count t0 = now();
	ASSERT_EQ(rt_request_timer(record, 1000, 0), 0);
	run(10500);
	ASSERT_EQ(g_calls.size(), 10u);
	for (size_t i = 0; i < g_calls.size(); i++)
		EXPECT_EQ(g_calls[i], t0 + 1000 * static_cast<Count>(i + 1)) << "call " << i;
}

TEST_F(UserTimer, NeverEarlyThoughTheInterruptIsAimedEarly)
{
	tx::g_sched.set_timer_gravity(300);
	Count t0 = now();
	ASSERT_EQ(rt_request_timer(record, 1000, 0), 0);
	run(5500);
	ASSERT_EQ(g_calls.size(), 5u);
	for (size_t i = 0; i < g_calls.size(); i++) {
		Count due = t0 + 1000 * static_cast<Count>(i + 1);
		EXPECT_GE(g_calls[i], due) << "call " << i;
		EXPECT_LT(g_calls[i], due + 50) << "call " << i << ": the wait ends at its time";
	}
}

TEST_F(UserTimer, BadRequestsAreRefused)
{
	EXPECT_EQ(rt_request_timer(nullptr, 1000, 0), -EINVAL);
	EXPECT_EQ(rt_request_timer_cpuid(record, 1000, -1), -EINVAL);
	EXPECT_EQ(rt_request_timer_cpuid(record, 1000, 1), -EINVAL) << "CPU 1 is not online";
	EXPECT_EQ(rt_request_timer_cpuid(record, 1000, RTAI_NR_CPUS), -EINVAL);
	ASSERT_EQ(rt_request_timer(record, 1000, 0), 0);
	EXPECT_EQ(rt_request_timer(record, 500, 1), -EBUSY);
	run(1500);
	EXPECT_EQ(g_calls.size(), 1u) << "the first handler and period stand";
}

TEST_F(UserTimer, FreeStopsTheCallsAndAllowsANewRequest)
{
	ASSERT_EQ(rt_request_timer(record, 1000, 0), 0);
	run(3500);
	EXPECT_EQ(g_calls.size(), 3u);
	rt_free_timer();
	run(5000);
	EXPECT_EQ(g_calls.size(), 3u);
	rt_free_timer(); // none: nothing happens
	ASSERT_EQ(rt_request_timer(record, 2000, 0), 0);
	run(4500);
	EXPECT_EQ(g_calls.size(), 5u);
}

TEST_F(UserTimer, OneshotHandlerRunsAtTheDelaysItSets)
{
	ASSERT_EQ(rt_request_timer(record_and_rearm, 0, 0), 0);
	run(5000);
	EXPECT_TRUE(g_calls.empty()) << "oneshot: nothing before a delay is set";
	g_rearm_left = 2;
	g_rearm_delay = 700;
	Count t0 = now();
	rt_set_timer_delay(500); // from Linux: CPU 0's handler
	run(5000);
	ASSERT_EQ(g_calls.size(), 3u);
	EXPECT_EQ(g_calls[0], t0 + 500);
	EXPECT_EQ(g_calls[1], t0 + 1200);
	EXPECT_EQ(g_calls[2], t0 + 1900);
	rt_set_timer_delay(0);  // ignored
	rt_set_timer_delay(-5); // ignored
	run(3000);
	EXPECT_EQ(g_calls.size(), 3u);
}

TEST_F(UserTimer, HandlerWakesATaskThatRunsRightAfterIt)
{
	SEM s{};
	ASSERT_EQ(rt_sem_init(&s, 0), 0);
	g_sem = &s;
	std::vector<Count> woke;
	start(a, 1, [&] {
		for (int i = 0; i < 3; i++) {
			rt_sem_wait(&s);
			woke.push_back(now());
		}
	});
	ASSERT_EQ(rt_request_timer(record_and_signal, 1000, 0), 0);
	run(3500);
	ASSERT_EQ(g_calls.size(), 3u);
	ASSERT_EQ(woke.size(), 3u);
	for (size_t i = 0; i < 3; i++) {
		EXPECT_GE(woke[i], g_calls[i]);
		EXPECT_LT(woke[i], g_calls[i] + 100) << "the switch comes at the interrupt's end";
	}
	rt_free_timer();
	rt_sem_delete(&s);
}

TEST_F(UserTimer, SlowHandlerSkipsMissedPeriodsInsteadOfPilingUp)
{
	g_handler_work = 2500; // longer than two periods
	ASSERT_EQ(rt_request_timer(record_slowly, 1000, 0), 0);
	run(20000);
	ASSERT_GE(g_calls.size(), 5u);
	EXPECT_LE(g_calls.size(), 7u) << "about one call per 3 periods, not one per period";
	for (size_t i = 1; i < g_calls.size(); i++)
		EXPECT_GE(g_calls[i] - g_calls[i - 1], 2500) << "never a burst of the missed ones";
}

TEST_F(UserTimer, StopAndStartOfTheTimerStopAndResumeTheHandler)
{
	ASSERT_EQ(rt_request_timer(record, 1000, 0), 0);
	run(2500);
	EXPECT_EQ(g_calls.size(), 2u);
	stop_rt_timer();
	run(5000);
	EXPECT_EQ(g_calls.size(), 2u);
	start_rt_timer(0);
	run(2500);
	EXPECT_EQ(g_calls.size(), 4u);
}

TEST_F(UserTimer, ModuleUnloadFreesItsHandlerOnly)
{
	ASSERT_EQ(rt_request_timer(record, 1000, 0), 0);
	auto other_module = [](void (*h)(void), void *) { return h != record ? 1 : 0; };
	EXPECT_EQ(tx_sched_free_user_timers(+other_module, nullptr), 0u);
	run(1500);
	EXPECT_EQ(g_calls.size(), 1u);
	auto this_module = [](void (*h)(void), void *) { return h == record ? 1 : 0; };
	EXPECT_EQ(tx_sched_free_user_timers(+this_module, nullptr), 1u);
	run(3000);
	EXPECT_EQ(g_calls.size(), 1u);
}

namespace {
tx::sim::Config two_cpus()
{
	tx::sim::Config c;
	c.cpus = 2;
	c.slice = 100;
	return c;
}
class UserTimerSmp : public UserTimer {
protected:
	UserTimerSmp() : UserTimer(two_cpus()) {}
};
} // namespace

TEST_F(UserTimerSmp, HandlerRunsOnItsCpuAndTheCpuStaysOnline)
{
	ASSERT_EQ(rt_request_timer_cpuid(record_cpu, 1000, 1), 0);
	run(3500);
	EXPECT_GE(g_calls.size(), 3u);
	EXPECT_EQ(g_cpu_seen, 1);
	EXPECT_NE(tx_sched_cpu_offline(1), 0u) << "a CPU with a handler is not taken offline";
	rt_free_timers();
	size_t n = g_calls.size();
	run(3000);
	EXPECT_EQ(g_calls.size(), n);
	EXPECT_EQ(tx_sched_cpu_offline(1), 0u);
	tx_sched_cpu_online(1);
}

TEST_F(UserTimerSmp, ApicTimersGiveEachCpuItsModeAndPeriod)
{
	apic_timer_setup_data bad[2] = {{1, 0}, {0, 0}};
	EXPECT_EQ(rt_request_apic_timers(record_cpu, bad), -EINVAL); // periodic with no period
	bad[0] = {2, 1000};
	EXPECT_EQ(rt_request_apic_timers(record_cpu, bad), -EINVAL); // no such mode
	EXPECT_EQ(rt_request_apic_timers(nullptr, bad), -EINVAL);
	EXPECT_EQ(rt_request_apic_timers(record_cpu, nullptr), -EINVAL);
	// CPU 1 busy: CPU 0's handler, made first, goes again.
	ASSERT_EQ(rt_request_timer_cpuid(record, 5000, 1), 0);
	apic_timer_setup_data data[2] = {{1, 1000}, {1, 2000}};
	EXPECT_EQ(rt_request_apic_timers(record_cpu, data), -EBUSY);
	run(3000);
	for (Count t : g_calls)
		EXPECT_EQ(t % 5000, 0) << "only CPU 1's own handler ran";
	rt_free_timers();
	g_calls.clear();
	// CPU 0 every 1 us, CPU 1 every 2 us: 3 calls per 2 us.
	ASSERT_EQ(rt_request_apic_timers(record_cpu, data), 0);
	EXPECT_EQ(data[0].count, 1000) << "tmdata left as it was";
	run(10100);
	EXPECT_GE(g_calls.size(), 14u);
	EXPECT_LE(g_calls.size(), 16u);
	rt_free_apic_timers();
	size_t n = g_calls.size();
	run(5000);
	EXPECT_EQ(g_calls.size(), n);
	// Oneshot on CPU 0 (its delays from rt_set_timer_delay), periodic on 1.
	data[0] = {0, 0};
	ASSERT_EQ(rt_request_apic_timers(record_cpu, data), 0);
	run(5000);
	EXPECT_GE(g_calls.size(), n + 2);
	rt_free_apic_timers();
}
