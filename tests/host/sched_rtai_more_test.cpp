// SPDX-License-Identifier: GPL-2.0
// More of RTAI's task calls through the C API: timed suspension,
// rt_task_masked_unblock, rt_sched_lock, task info, wall-clock time.
#include "harness.hpp"
#include "sched/errors.hpp"

using namespace txtest;

namespace {

class SchedMore : public HostTest {
protected:
	RT_TASK a{}, b{}, c{};
	SEM s{};
	static std::string str(long v)
	{
		if (v == RTE_TIMOUT)
			return "timeout";
		if (v == RTE_UNBLKD)
			return "unblocked";
		if (v == RTE_TMROVRN)
			return "overrun";
		return std::to_string(v);
	}
};

TEST_F(SchedMore, SuspendUntilEndsAtTheTimeWithTimeout)
{
	start(a, 5, [&] {
		trace.add("a:" + str(rt_task_suspend_until(nullptr, 100)));
		trace.add("a:" + str(rt_task_suspend_timed(nullptr, 500)));
	});
	run(60);
	EXPECT_EQ(rt_get_task_state(&a), RT_SCHED_SUSPENDED | RT_SCHED_DELAYED);
	run(90);
	// The time ends the whole suspension; the second call is then resumed
	// by hand before its time: 0, the depth after.
	EXPECT_EQ(trace.str(), "a:timeout@100");
	EXPECT_EQ(rt_task_resume(&a), 0);
	run(10);
	EXPECT_EQ(trace.str(), "a:timeout@100 a:0@150");
	run(100); // its timer was taken back: nothing more happens
	EXPECT_EQ(trace.str(), "a:timeout@100 a:0@150");
}

TEST_F(SchedMore, SuspendUntilAPastTimeReturnsAtOnce)
{
	run(100);
	start(a, 5, [&] { trace.add("a:" + str(rt_task_suspend_until(nullptr, 50))); });
	run(10);
	EXPECT_EQ(trace.str(), "a:overrun@100");
	EXPECT_EQ(rt_task_suspend_until(&b, 500), -EINVAL); // never initialised
}

TEST_F(SchedMore, SuspendUntilOfAnotherTask)
{
	ASSERT_EQ(spawn(a, 5, [&] {
		for (int i = 0; i < 4; i++) {
			trace.add("a");
			work(100);
		}
	}), 0);
	start(b, 1, [&] {
		rt_sleep(50);
		trace.add("b:" + str(rt_task_suspend_until(&a, 300))); // the depth
	});
	ASSERT_EQ(rt_task_resume(&a), 0);
	run(1000);
	// a ran 0..50 and 300..350 for its first 100, then on.
	EXPECT_EQ(trace.str(), "a@0 b:1@50 a@350 a@450 a@550");
	// A task that sleeps keeps its own timer: counted, no time limit.
	start(c, 5, [&] { trace.add("c:" + str(rt_sleep(100))); });
	run(5);
	EXPECT_EQ(rt_task_suspend_until(&c, now() + 50), 1);
	run(300);
	EXPECT_EQ(trace.str(), "a@0 b:1@50 a@350 a@450 a@550");
	EXPECT_EQ(rt_task_resume(&c), 0);
	run(5);
	EXPECT_EQ(trace.str(), "a@0 b:1@50 a@350 a@450 a@550 c:0@1705");
}

TEST_F(SchedMore, MaskedUnblockEndsTheNamedWaitsOnly)
{
	ASSERT_EQ(rt_sem_init(&s, 0), 0);
	start(a, 5, [&] { trace.add("a:" + str(rt_sleep(1000))); });
	start(b, 5, [&] { trace.add("b:" + str(rt_sem_wait(&s))); });
	start(c, 5, [&] { trace.add("c:" + str(rt_task_suspend(nullptr))); });
	run(10);
	// b waits on a semaphore: DELAYED does not end it (it reports that b was
	// not ready); SEMAPHORE does.
	EXPECT_EQ(rt_task_masked_unblock(&b, RT_SCHED_DELAYED), RTE_UNBLKD);
	EXPECT_EQ(rt_task_wakeup_sleeping(&a), RTE_UNBLKD);
	run(10);
	EXPECT_EQ(trace.str(), "a:unblocked@10");
	EXPECT_EQ(rt_task_masked_unblock(&b, RT_SCHED_SEMAPHORE), RTE_UNBLKD);
	run(10);
	EXPECT_EQ(trace.str(), "a:unblocked@10 b:unblocked@20");
	EXPECT_EQ(rt_sem_count(&s), 0);
	// c is suspended: DELAYED leaves it so, SUSPENDED resumes it.
	EXPECT_EQ(rt_task_wakeup_sleeping(&c), RTE_UNBLKD);
	run(10);
	EXPECT_EQ(rt_task_masked_unblock(&c, RT_SCHED_SUSPENDED), RTE_UNBLKD);
	run(10);
	EXPECT_EQ(trace.str(), "a:unblocked@10 b:unblocked@20 c:0@40");
	EXPECT_EQ(rt_task_masked_unblock(&a, RT_SCHED_DELAYED), -EINVAL); // ended, deleted
	EXPECT_EQ(rt_sem_delete(&s), 0);
}

TEST_F(SchedMore, MaskedUnblockOfATimedSuspension)
{
	start(a, 5, [&] { trace.add("a:" + str(rt_task_suspend_timed(nullptr, 1000))); });
	start(b, 6, [&] {
		for (;;) {
			trace.add("b");
			rt_task_suspend(nullptr);
		}
	});
	run(10);
	EXPECT_EQ(rt_task_masked_unblock(&b, RT_SCHED_DELAYED), 0 + RTE_UNBLKD); // suspended: not ready
	EXPECT_EQ(rt_task_masked_unblock(&a, RT_SCHED_DELAYED | RT_SCHED_SUSPENDED), RTE_UNBLKD);
	run(10);
	EXPECT_EQ(trace.str(), "b@0 a:unblocked@10");
	EXPECT_EQ(rt_task_resume(&b), 0);
	run(10);
	EXPECT_EQ(rt_task_masked_unblock(&b, RT_SCHED_SUSPENDED), RTE_UNBLKD);
	run(10);
	EXPECT_EQ(trace.str(), "b@0 a:unblocked@10 b@20 b@30");
}

TEST_F(SchedMore, SchedLockKeepsHigherPrioritiesOut)
{
	start(b, 1, [&] {
		trace.add("b:suspends");
		rt_task_suspend(nullptr);
		trace.add("b:runs");
	});
	run(5);
	start(a, 5, [&] {
		rt_sched_lock();
		rt_sched_lock(); // nests
		trace.add("a:locked " + std::to_string(rt_get_inher_prio(&a)));
		rt_task_resume(&b);
		work(10);
		rt_sched_unlock();
		trace.add("a:still");
		work(10);
		rt_sched_unlock(); // b preempts here
		trace.add("a:unlocked " + std::to_string(rt_get_inher_prio(&a)));
	});
	run(50);
	EXPECT_EQ(trace.str(), "b:suspends@0 a:locked -1@5 a:still@15 b:runs@25 a:unlocked 5@25");
	rt_sched_lock(); // from Linux: nothing
	rt_sched_unlock();
	rt_sched_unlock();
}

TEST_F(SchedMore, SchedLockedTaskThatBlocksLetsOthersRun)
{
	start(a, 5, [&] {
		rt_sched_lock();
		trace.add("a:sleeps");
		rt_sleep(20);
		trace.add("a:back");
		work(10);
		rt_sched_unlock();
		trace.add("a:done");
	});
	start(b, 1, [&] {
		rt_sleep(10);
		trace.add("b:runs");
		rt_sleep(15); // ready again at 25, while a holds the lock
		trace.add("b:again");
	});
	run(100);
	EXPECT_EQ(trace.str(), "a:sleeps@0 b:runs@10 a:back@20 b:again@30 a:done@30");
}

TEST_F(SchedMore, PrioritiesInfoAndNextPeriod)
{
	RTIME next = -1;
	start(a, 7, [&] {
		next = next_period();
		rt_task_make_periodic(nullptr, 100, 50);
		trace.add("a:" + std::to_string(next_period()));
		rt_task_wait_period();
		trace.add("a:" + std::to_string(next_period()));
	});
	run(10);
	EXPECT_EQ(next, 0); // not periodic yet
	int prio = 0, base = 0;
	EXPECT_EQ(rt_get_priorities(&a, &prio, &base), 0);
	EXPECT_EQ(prio, 7);
	EXPECT_EQ(base, 7);
	EXPECT_EQ(rt_get_priorities(&a, nullptr, &base), -EINVAL);
	RT_TASK_INFO info{};
	EXPECT_EQ(rt_task_get_info(&a, &info), 0);
	EXPECT_EQ(info.period, 50);
	EXPECT_EQ(info.base_priority, 7);
	EXPECT_EQ(info.priority, 7);
	EXPECT_EQ(rt_task_get_info(&b, &info), -EINVAL);
	EXPECT_EQ(rt_task_get_info(&a, nullptr), -EINVAL);
	run(200);
	EXPECT_EQ(trace.str(), "a:150@100 a:200@150");
}

TEST_F(SchedMore, RealTimeFollowsLinuxsClockAtTheEpoch)
{
	constexpr RTIME kWall = 1'700'000'000'000'000'000;
	tx::sim::set_wall_clock(kWall);
	run(1000);
	rt_gettimeorig(nullptr); // as the module load does
	RTIME orig[2] = {};
	rt_gettimeorig(orig);
	EXPECT_EQ(orig[1], kWall); // the wall clock at time base 0
	EXPECT_EQ(count2nano(orig[0]), kWall);
	EXPECT_EQ(rt_get_real_time_ns(), kWall + rt_get_time_ns());
	EXPECT_EQ(rt_get_real_time(), orig[0] + rt_get_time());
	// From a task it reads no clock: the epoch stays.
	start(a, 5, [&] {
		RTIME mine[2] = {1, 2};
		rt_gettimeorig(mine);
		trace.add(std::to_string(mine[0]) + "," + std::to_string(mine[1]));
		tx::sim::set_wall_clock(0);
		rt_gettimeorig(nullptr);
	});
	run(10);
	EXPECT_EQ(trace.str(), "1,2@1000");
	EXPECT_EQ(rt_get_real_time_ns(), kWall + rt_get_time_ns());
}

TEST_F(SchedMore, TimerAndSchedulerFacts)
{
	EXPECT_EQ(rt_sched_type(), RT_SCHED_MUP);
	EXPECT_EQ(rt_is_hard_timer_running(), 1);
	EXPECT_EQ(rt_get_time_cpuid(0), rt_get_time());
	EXPECT_EQ(nano2count_cpuid(12345, 1), nano2count(12345));
	EXPECT_EQ(count2nano_cpuid(12345, 1), count2nano(12345));
	stop_rt_timer();
	EXPECT_EQ(rt_is_hard_timer_running(), 0);
	start_rt_timer(0);
	EXPECT_EQ(rt_is_hard_timer_running(), 1);
}

TEST_F(SchedMore, RtScheduleIsAPreemptionPoint)
{
	start(a, 5, [&] {
		trace.add("a");
		rt_schedule(); // nothing better is ready: goes on
		trace.add("a:on");
	});
	run(10);
	EXPECT_EQ(trace.str(), "a@0 a:on@0");
	rt_schedule(); // from Linux: nothing to switch to
}

} // namespace

namespace {

TEST_F(SchedMore, SetResumeTimeMovesATimedWait)
{
	start(a, 5, [&] {
		trace.add("a:" + str(rt_sleep(1000)));
		rt_task_make_periodic(nullptr, rt_get_time() + 100, 100);
		for (int i = 0; i < 3; i++) {
			trace.add("a:job");
			rt_task_wait_period();
		}
	});
	run(10);
	EXPECT_EQ(rt_set_resume_time(&a, 50), 0); // the sleep ends at 50
	run(40);
	EXPECT_EQ(trace.str(), "a:0@50");
	run(150); // a's first job at 150, then waiting for 250
	EXPECT_EQ(rt_set_resume_time(&a, 300), 0); // its release moves: then 400
	run(300);
	EXPECT_EQ(trace.str(), "a:0@50 a:job@150 a:job@300 a:job@400");
	EXPECT_EQ(rt_set_resume_time(&a, 10), -EINVAL); // it ended: deleted
	start(b, 5, [&] { rt_task_suspend(nullptr); });
	EXPECT_EQ(rt_set_resume_time(&b, 10), -ETIME); // suspended, no time
	rt_task_resume(&b);
}

} // namespace

namespace {

TEST_F(SchedMore, SpvRmsNumbersPeriodicTasksByPeriod)
{
	RT_TASK d{};
	auto periodic = [&](RT_TASK &t, int prio, RTIME period) {
		ASSERT_EQ(spawn(t, prio, [] {
			for (;;)
				rt_task_wait_period();
		}), 0);
		ASSERT_EQ(rt_task_make_periodic(&t, 1000, period), 0);
	};
	periodic(a, 9, 300);
	periodic(b, 8, 100);
	periodic(c, 7, 200);
	ASSERT_EQ(spawn(d, 3, [] { rt_task_suspend(nullptr); }), 0); // not periodic: kept
	rt_spv_RMS(0);
	EXPECT_EQ(rt_get_prio(&b), 0);
	EXPECT_EQ(rt_get_prio(&c), 1);
	EXPECT_EQ(rt_get_prio(&a), 2);
	EXPECT_EQ(rt_get_prio(&d), 3);
	int from_task = -1;
	RT_TASK e{};
	start(e, 1, [&] {
		rt_change_prio(&a, 50);
		rt_spv_RMS(0); // from a task: nothing
		from_task = rt_get_prio(&a);
	});
	EXPECT_EQ(from_task, 50);
}

} // namespace

TEST(RtaiHal, TscntIsTheTimeBaseAndSyscallModeIsEmpty)
{
	tx::sim::reset(tx::sim::Config());
	tx::sim::run_linux(250);
	EXPECT_EQ(rt_get_tscnt(), static_cast<long long>(rtai_rdtsc()));
	EXPECT_EQ(rt_get_tscnt(), 250);
}

RTAI_SYSCALL_MODE static int declared_as_rtai_does(int x) { return x + 1; }
TEST(RtaiHal, SyscallModeDeclaresAsRtaiDoes) { EXPECT_EQ(declared_as_rtai_does(1), 2); }
