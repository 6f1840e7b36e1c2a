// SPDX-License-Identifier: GPL-2.0
// RTAI's kernel threads (rtai_sched.h): the test's own thread is the Linux
// kernel thread that becomes a real-time task and back.
#include <rtai_registry.h>
#include <rtai_sched.h>
#include <rtai_sem.h>

#include "harness.hpp"

using namespace txtest;

namespace {

Trace *g_trace;

class KThreads : public HostTest {
protected:
	RT_TASK other{};
	void SetUp() override
	{
		HostTest::SetUp();
		g_trace = &trace;
	}
};

TEST_F(KThreads, HardThenSoftOnTheThreadsOwnStack)
{
	RT_TASK *me = rt_thread_init(nam2num("KTHR1"), 5, 0, 1 /* SCHED_FIFO */, 0);
	ASSERT_NE(me, nullptr);
	EXPECT_EQ(rt_get_adr(nam2num("KTHR1")), me);
	EXPECT_NE(rt_get_task_state(me) & RT_SCHED_SUSPENDED, 0) << "soft: its task waits";
	int local = 41; // a local of this frame, used across both worlds
	rt_make_hard_real_time(me);
	EXPECT_EQ(rt_whoami(), me) << "hard: this code runs as the task";
	EXPECT_FALSE(tx_hal_may_sleep());
	trace.add("hard");
	EXPECT_EQ(rt_sleep(100), 0); // a real-time wait: Linux runs meanwhile
	trace.add("woke");
	local++;
	rt_make_soft_real_time(me);
	EXPECT_TRUE(tx_hal_may_sleep()) << "soft: Linux context again";
	EXPECT_EQ(local, 42);
	trace.add("soft");
	EXPECT_EQ(trace.str(), "hard@0 woke@100 soft@100");
	// Twice more: the task and its Linux side are used again.
	for (int i = 0; i < 2; i++) {
		rt_make_hard_real_time(me);
		EXPECT_EQ(rt_sleep(50), 0);
		rt_make_soft_real_time(me);
	}
	EXPECT_EQ(now(), 200);
	EXPECT_EQ(rt_thread_delete(me), 0);
	EXPECT_EQ(rt_get_adr(nam2num("KTHR1")), nullptr);
}

TEST_F(KThreads, AHardThreadIsPreemptedAndPreemptsByPriority)
{
	static SEM s;
	ASSERT_EQ(rt_sem_init(&s, 0), 0);
	static RT_TASK low;
	ASSERT_EQ(rt_task_init(&other, [](long) {
		g_trace->add("high");
		rt_sem_signal(&s);
	}, 0, 8192, 3, 0, nullptr), 0);
	ASSERT_EQ(rt_task_init(&low, [](long) { g_trace->add("low"); }, 0, 8192, 7, 0, nullptr), 0);
	RT_TASK *me = rt_thread_init(0, 5, 1, 1, 0); // made hard at once
	ASSERT_NE(me, nullptr);
	// Hard here. A task of priority 3 (higher) preempts it the moment it is
	// resumed; one of priority 7 runs only when this one blocks.
	trace.add("before");
	rt_task_resume(&low);
	rt_task_resume(&other);
	trace.add("after");
	int got = rt_sem_wait(&s); // a unit is there: no wait
	trace.add("sleep");
	int slept = rt_sleep(10); // blocks: the low one runs
	rt_make_soft_real_time(me);
	EXPECT_GT(got, 0);
	EXPECT_EQ(slept, 0);
	EXPECT_EQ(trace.str(), "before@0 high@0 after@0 sleep@0 low@0");
	rt_task_delete(&low);
	EXPECT_EQ(rt_thread_delete(me), 0);
	rt_task_delete(&other);
	EXPECT_EQ(rt_sem_delete(&s), 0);
}

TEST_F(KThreads, BadCalls)
{
	EXPECT_EQ(rt_thread_delete(nullptr), -EINVAL);
	ASSERT_EQ(rt_task_init(&other, [](long) {}, 0, 8192, 3, 0, nullptr), 0);
	EXPECT_EQ(rt_thread_delete(&other), -EINVAL) << "an ordinary task is no kernel thread";
	rt_make_hard_real_time(&other); // refused, with a line
	rt_make_soft_real_time(&other); // nothing
	EXPECT_EQ(rt_register(nam2num("TAKEN"), &other, IS_TASK, nullptr), 1);
	EXPECT_EQ(rt_thread_init(nam2num("TAKEN"), 5, 0, 1, 0), nullptr) << "the name is taken";
	EXPECT_EQ(rt_thread_init(0, -1, 0, 1, 0), nullptr) << "a bad priority";
	RT_TASK *me = rt_thread_init(0, 5, 0, 2 /* SCHED_RR */, 0);
	ASSERT_NE(me, nullptr);
	rt_make_soft_real_time(me); // soft already: nothing
	EXPECT_EQ(rt_thread_delete(me), 0);
	rt_drg_on_adr(&other);
	rt_task_delete(&other);
	// RTAI 5's kthread forms are rt_task_init's.
	EXPECT_EQ(rt_kthread_init(&other, [](long) {}, 0, 8192, 3, 0, nullptr), 0);
	rt_task_delete(&other);
	EXPECT_EQ(rt_kthread_init_cpuid(&other, [](long) {}, 0, 8192, 3, 0, nullptr, 0), 0);
	rt_task_delete(&other);
}

TEST_F(KThreads, DeleteWhileHardSoftensFirst)
{
	RT_TASK *me = rt_thread_init(nam2num("KTHR2"), 5, 1, 1, 0);
	ASSERT_NE(me, nullptr);
	EXPECT_EQ(rt_whoami(), me);
	EXPECT_EQ(rt_thread_delete(me), 0);
	EXPECT_TRUE(tx_hal_may_sleep()) << "deleted from hard: Linux again";
}

} // namespace
