// SPDX-License-Identifier: GPL-2.0
// Scheduling rules through the RTAI C API: preemption, priorities, yield,
// round robin, suspend/resume, deletion, time, bad arguments.
#include "harness.hpp"
#include "sched/errors.hpp"
#include "sched/sched_info.h"

#include <cstring>

using namespace txtest;

namespace {

class Sched : public HostTest {
protected:
	RT_TASK a{}, b{}, c{}, d{};
	// The gravity-spin tests: b (priority 9) notes when it gets the CPU a
	// periodic task a (priority 5) leaves, works 10 and suspends itself; a
	// resumes it at each job start, works job_counts(n) in its n-th job
	// (1, 2, ...) and waits for its next period; with trace_a, a notes each
	// job's start too. a is not yet periodic.
	void spawn_spin_pair(std::function<Count(int)> job_counts, bool trace_a)
	{
		ASSERT_EQ(spawn(b, 9, [this] {
				for (;;) {
					trace.add("b");
					work(10);
					rt_task_suspend(nullptr);
				}
			}),
			  0);
		ASSERT_EQ(spawn(a, 5, [this, job_counts, trace_a, job = 0]() mutable {
				for (;;) {
					if (trace_a)
						trace.add("a");
					if (rt_get_task_state(&b) & RT_SCHED_SUSPENDED)
						rt_task_resume(&b); // b is ready from here on: it runs when a blocks
					work(job_counts(++job));
					rt_task_wait_period();
				}
			}),
			  0);
	}

	// Task a, priority 1, released every 250 from 1000: each job records
	// when it started, works 10 and waits for the next release.
	void start_recording_releases(std::vector<Count> &starts)
	{
		ASSERT_EQ(spawn(a, 1,
				[&] {
					for (;;) {
						starts.push_back(now());
						work(10);
						EXPECT_EQ(rt_task_wait_period(), 0);
					}
				}),
			  0);
		ASSERT_EQ(rt_task_make_periodic(&a, 1000, 250), 0);
	}
};

} // namespace

TEST_F(Sched, ResumeFromLinuxRunsHigherTaskImmediately)
{
	ASSERT_EQ(spawn(a, 5, [&] { trace.add("a"); }), 0);
	run(100);
	EXPECT_EQ(trace.str(), "");
	EXPECT_EQ(rt_task_resume(&a), 0);
	EXPECT_EQ(trace.str(), "a@100");
	EXPECT_EQ(rt_get_task_state(&a), 0); // returned: deleted
}

TEST_F(Sched, ReleaseInThePastRunsAtOnce)
{
	// L runs to completion from Linux (t=0..1000); H's start (300) is then
	// already past, so make_periodic releases it immediately.
	start(a, 10, [&] {
		trace.add("L-start");
		work(1000);
		trace.add("L-end");
	});
	ASSERT_EQ(spawn(b, 1, [&] { trace.add("H"); }), 0);
	ASSERT_EQ(rt_task_make_periodic(&b, 300, 100000), 0);
	EXPECT_EQ(trace.str(), "L-start@0 L-end@1000 H@1000");
}

TEST_F(Sched, ReleaseDuringLowerTaskPreemptsIt)
{
	ASSERT_EQ(spawn(b, 1,
			[&] {
				for (int i = 0; i < 3; i++) {
					trace.add("H");
					rt_task_wait_period();
				}
			}),
		  0);
	ASSERT_EQ(rt_task_make_periodic(&b, 250, 500), 0);
	start(a, 10, [&] {
		trace.add("L-start");
		work(1000);
		trace.add("L-end");
	});
	run(2000);
	EXPECT_EQ(trace.str(), "L-start@0 H@250 H@750 L-end@1000 H@1250");
}

TEST_F(Sched, NestedPreemptionThreeLevels)
{
	// slow (prio 3) runs 900; mid (prio 2) released at 100 runs 300;
	// fast (prio 1) released at 200 runs 50. Completion order: fast, mid, slow.
	ASSERT_EQ(spawn(c, 1, [&] { trace.add("fast-s"); work(50); trace.add("fast-e"); }), 0);
	ASSERT_EQ(spawn(b, 2, [&] { trace.add("mid-s"); work(300); trace.add("mid-e"); }), 0);
	rt_task_make_periodic(&b, 100, 1000000);
	rt_task_make_periodic(&c, 200, 1000000);
	start(a, 3, [&] { trace.add("slow-s"); work(900); trace.add("slow-e"); });
	run(2000);
	EXPECT_EQ(trace.str(), "slow-s@0 mid-s@100 fast-s@200 fast-e@250 mid-e@450 slow-e@1250");
}

TEST_F(Sched, EqualPriorityIsFifoWithoutPreemption)
{
	ASSERT_EQ(spawn(a, 5, [&] { trace.add("a-s"); work(100); trace.add("a-e"); }), 0);
	ASSERT_EQ(spawn(b, 5, [&] { trace.add("b"); }), 0);
	rt_task_make_periodic(&b, 50, 1000000);
	rt_task_resume(&a);
	run(1000);
	EXPECT_EQ(trace.str(), "a-s@0 a-e@100 b@100");
}

TEST_F(Sched, YieldPassesToEqualPriority)
{
	ASSERT_EQ(spawn(a, 5, [&] {
			trace.add("a1");
			rt_task_yield();
			trace.add("a2");
		}),
		  0);
	ASSERT_EQ(spawn(b, 5, [&] {
			trace.add("b1");
			rt_task_yield();
			trace.add("b2");
		}),
		  0);
	// Resume both from a higher task so that neither runs before both are ready.
	start(c, 1, [&] {
		rt_task_resume(&a);
		rt_task_resume(&b);
	});
	EXPECT_EQ(trace.str(), "a1@0 b1@0 a2@0 b2@0");
}

TEST_F(Sched, YieldWithoutEqualsKeepsRunning)
{
	start(a, 5, [&] {
		rt_task_yield();
		trace.add("a");
	});
	EXPECT_EQ(trace.str(), "a@0");
}

TEST_F(Sched, RoundRobinSharesTheCpuAmongEquals)
{
	std::vector<char> order;
	auto body = [&](char name) {
		return [&, name] {
			for (int i = 0; i < 3; i++) {
				work(100);
				order.push_back(name);
			}
		};
	};
	ASSERT_EQ(spawn(a, 5, body('a')), 0);
	ASSERT_EQ(spawn(b, 5, body('b')), 0);
	ASSERT_EQ(rt_set_sched_policy(&a, RT_SCHED_RR, 150), 0);
	ASSERT_EQ(rt_set_sched_policy(&b, RT_SCHED_RR, 150), 0);
	start(c, 1, [&] {
		rt_task_resume(&a);
		rt_task_resume(&b);
	});
	run(2000);
	// With a 150 ns quantum and 100 ns steps the two interleave.
	std::string s(order.begin(), order.end());
	EXPECT_EQ(s.size(), 6u);
	EXPECT_NE(s, "aaabbb");
	EXPECT_EQ(std::count(s.begin(), s.end(), 'a'), 3);
	EXPECT_EQ(rt_set_sched_policy(&c, 7, 0), -EINVAL);
}

TEST_F(Sched, SuspendResumeNestAndPendingResume)
{
	ASSERT_EQ(spawn(a, 5, [&] {
			trace.add("run");
			rt_task_suspend(nullptr);
			trace.add("back");
		}),
		  0);
	EXPECT_EQ(rt_task_resume(&a), 0); // depth 1 -> 0: runs, suspends itself
	EXPECT_EQ(trace.str(), "run@0");
	EXPECT_EQ(rt_get_task_state(&a) & RT_SCHED_SUSPENDED, RT_SCHED_SUSPENDED);
	EXPECT_EQ(rt_task_suspend(&a), 2); // nests
	EXPECT_EQ(rt_task_resume(&a), 0);
	EXPECT_EQ(trace.str(), "run@0");
	EXPECT_EQ(rt_task_resume(&a), 0);
	EXPECT_EQ(trace.str(), "run@0 back@0");

	// A resume of a running (not suspended) task cancels its next suspend.
	ASSERT_EQ(spawn(b, 5, [&] {
			rt_task_resume(&b); // pending resume
			int depth = rt_task_suspend(nullptr);
			trace.add_plain("depth=" + std::to_string(depth));
		}),
		  0);
	rt_task_resume(&b);
	EXPECT_EQ(trace.events.back(), "depth=0");
}

TEST_F(Sched, ChangePrioReordersAndReturnsOld)
{
	ASSERT_EQ(spawn(a, 10, [&] { trace.add("a"); }), 0);
	ASSERT_EQ(spawn(b, 20, [&] { trace.add("b"); }), 0);
	start(c, 1, [&] {
		rt_task_resume(&a);
		rt_task_resume(&b);
		EXPECT_EQ(rt_change_prio(&b, 5), 20);
		EXPECT_EQ(rt_get_prio(&b), 5);
	});
	EXPECT_EQ(trace.str(), "b@0 a@0");
	EXPECT_EQ(rt_change_prio(&c, 3), -EINVAL); // deleted
	ASSERT_EQ(spawn(d, 10, [] {}), 0);
	EXPECT_EQ(rt_change_prio(&d, -1), -EINVAL);
	EXPECT_EQ(rt_change_prio(&d, RT_SCHED_LOWEST_PRIORITY + 1), -EINVAL);
	EXPECT_EQ(rt_get_inher_prio(&d), 10);
}

TEST_F(Sched, LoweringOwnPriorityYieldsToHigher)
{
	ASSERT_EQ(spawn(b, 5, [&] { trace.add("b"); }), 0);
	start(a, 1, [&] {
		rt_task_resume(&b);
		trace.add("a1");
		rt_change_prio(&a, 9);
		trace.add("a2");
	});
	EXPECT_EQ(trace.str(), "a1@0 b@0 a2@0");
}

TEST_F(Sched, SleepAndSleepUntil)
{
	start(a, 5, [&] {
		EXPECT_EQ(rt_sleep(500), 0);
		trace.add("slept");
		EXPECT_EQ(rt_sleep_until(2000), 0);
		trace.add("until");
		EXPECT_EQ(rt_sleep_until(10), RTE_TMROVRN); // past
		EXPECT_EQ(rt_sleep(0), RTE_TMROVRN);
		EXPECT_EQ(rt_sleep(-5), RTE_TMROVRN);
	});
	run(3000);
	EXPECT_EQ(trace.str(), "slept@500 until@2000");
	EXPECT_EQ(rt_sleep(100), RTE_PERM); // Linux cannot block
}

TEST_F(Sched, BusySleepSpinsWithoutYielding)
{
	ASSERT_EQ(spawn(b, 9, [&] { trace.add("low"); }), 0);
	start(a, 1, [&] {
		rt_task_resume(&b);
		rt_busy_sleep(1000);
		trace.add("hi");
	});
	EXPECT_EQ(trace.events.size(), 2u);
	EXPECT_EQ(trace.events[0].substr(0, 3), "hi@");
	Count t = std::stoll(trace.events[0].substr(3));
	EXPECT_GE(t, 1000);
	EXPECT_LT(t, 1100);
}

TEST_F(Sched, PeriodicReleasesAreExactAndStatsAreKept)
{
	std::vector<Count> starts;
	start_recording_releases(starts);
	run(2100);
	ASSERT_EQ(starts.size(), 5u);
	for (size_t i = 0; i < starts.size(); i++)
		EXPECT_EQ(starts[i], Count(1000 + 250 * i));
	tx::Task *t = reinterpret_cast<tx::Task *>(&a);
	EXPECT_EQ(t->latency.samples, 5u);
	EXPECT_EQ(t->latency.max, 0);
	EXPECT_EQ(t->jitter.samples, 4u);
	EXPECT_EQ(t->jitter.max, 0);
}

TEST_F(Sched, PeriodicOverrunReturnsTmrovrnAndCatchesUp)
{
	std::vector<std::string> log;
	int job = 0;
	ASSERT_EQ(spawn(a, 1,
			[&] {
				for (;;) {
					job++;
					work(job == 2 ? 350 : 10); // job 2 overruns 3 periods of 100
					int r = rt_task_wait_period();
					log.push_back(std::to_string(job) + ":" + (r == 0 ? "ok" : r == RTE_TMROVRN ? "ovr" : "?") +
						      "@" + std::to_string(now()));
				}
			}),
		  0);
	ASSERT_EQ(rt_task_make_periodic(&a, 0, 100), 0);
	run(700);
	// Job 2 starts at 100, ends at 450: releases 200, 300, 400 are past.
	ASSERT_GE(log.size(), 6u);
	EXPECT_EQ(log[0], "1:ok@100");
	EXPECT_EQ(log[1], "2:ovr@450");
	EXPECT_EQ(log[2], "3:ovr@460");
	EXPECT_EQ(log[3], "4:ovr@470");
	EXPECT_EQ(log[4], "5:ok@500");
	EXPECT_EQ(reinterpret_cast<tx::Task *>(&a)->overruns, 3u);
}

TEST_F(Sched, PeriodicLatencyIsMeasuredFromTheRelease)
{
	// A higher task delays the periodic one by 40 at its second release.
	ASSERT_EQ(spawn(b, 1, [&] { work(40); }), 0);
	ASSERT_EQ(spawn(a, 5, [&] {
			for (;;)
				rt_task_wait_period();
		}),
		  0);
	rt_task_make_periodic(&a, 100, 100);
	rt_task_make_periodic(&b, 200, 1000000);
	run(450);
	tx::Task *t = reinterpret_cast<tx::Task *>(&a);
	EXPECT_EQ(t->latency.samples, 4u);
	EXPECT_EQ(t->latency.min, 0);
	EXPECT_EQ(t->latency.max, 40);
	EXPECT_EQ(t->jitter.max, 40);
	EXPECT_EQ(t->jitter.min, -40);
}

// Timer gravity: the hardware timer is aimed ahead of each release, the
// task still starts exactly at it (the scheduler waits the rest).
TEST_F(Sched, GravityAimsTheTimerAheadYetReleasesStartOnTime)
{
	tx::g_sched.set_timer_gravity(30);
	std::vector<Count> starts;
	start_recording_releases(starts);
	EXPECT_EQ(tx::sim::timer_deadline(0), 970);
	while (now() < 1100)
		run(10);
	EXPECT_EQ(tx::sim::timer_deadline(0), 1220); // the second release, 30 ahead
	while (now() < 2100)
		run(10); // Linux's time: the releases' time comes on top
	ASSERT_EQ(starts.size(), 5u);
	for (size_t i = 0; i < starts.size(); i++)
		EXPECT_EQ(starts[i], Count(1000 + 250 * i));
	tx::Task *t = reinterpret_cast<tx::Task *>(&a);
	EXPECT_EQ(t->latency.min, 0);
	EXPECT_EQ(t->latency.max, 0);
}

TEST_F(Sched, GravityNeitherShortensSleepsNorTimeouts)
{
	tx::g_sched.set_timer_gravity(100);
	SEM s{};
	ASSERT_EQ(rt_typed_sem_init(&s, 0, CNT_SEM), 0);
	start(a, 5, [&] {
		EXPECT_EQ(rt_sleep(500), 0);
		trace.add("slept");
		EXPECT_EQ(rt_sem_wait_timed(&s, 300), RTE_TIMOUT);
		trace.add("timeout");
	});
	run(1000);
	EXPECT_EQ(trace.str(), "slept@500 timeout@800");
	rt_sem_delete(&s);
}

// A deadline set closer than the gravity is aimed halfway there: Linux
// keeps half of the time left; the task still starts at the deadline.
TEST_F(Sched, GravityAimsADeadlineCloserThanItselfHalfway)
{
	tx::g_sched.set_timer_gravity(100);
	start(a, 5, [&] {
		rt_sleep(60);
		trace.add("a");
	});
	EXPECT_EQ(tx::sim::timer_deadline(0), 30);
	run(100);
	EXPECT_EQ(trace.str(), "a@60");
}

// stop_rt_timer ends every timed wait at once, gravity or not (a wake not
// caused by the timer's time has nothing to wait for).
TEST_F(Sched, GravityLeavesTimerStopWakeUpsImmediate)
{
	tx::g_sched.set_timer_gravity(50);
	start(a, 5, [&] {
		EXPECT_EQ(rt_sleep(1000000), 0);
		trace.add("woken");
	});
	run(100);
	stop_rt_timer();
	EXPECT_EQ(trace.str(), "woken@100");
}

// A release that finds a higher task running is not waited for: the wait
// is only ever up to the release itself, never beyond.
TEST_F(Sched, GravityWaitIsBoundedByTheRelease)
{
	tx::g_sched.set_timer_gravity(50);
	ASSERT_EQ(spawn(b, 1, [&] { work(200); }), 0);
	ASSERT_EQ(spawn(a, 5, [&] {
			for (;;) {
				trace.add("a");
				rt_task_wait_period();
			}
		}),
		  0);
	rt_task_make_periodic(&a, 100, 1000);
	rt_task_make_periodic(&b, 80, 1000000); // runs 80..280 over a's release
	run(500);
	EXPECT_EQ(trace.str(), "a@280");
	EXPECT_EQ(reinterpret_cast<tx::Task *>(&a)->latency.max, 180);
}

// A job that ends less than the gravity before its next release spins
// until it instead of blocking (timers.cpp, wait_period): a lower task does
// not get the sliver, the next job starts exactly on time, and the spin is
// a job boundary for the watchdog, as a block is. Never twice in a row (the
// second such wait blocks: b gets the sliver at 1450), and one that ends
// earlier blocks as before.
TEST_F(Sched, GravitySpinsAReleaseCloserThanItself)
{
	tx::g_sched.set_timer_gravity(100);
	tx::g_sched.set_watchdog_budget(300);
	// Jobs 1-3 end 50 before the next release (within the gravity), later ones 200.
	spawn_spin_pair([](int job) -> Count { return job <= 3 ? 200 : 50; }, true);
	rt_task_make_periodic(&a, 1000, 250);
	run(1000 + 4 * 250 + 100);
	// 1505: the blocked wait's way back (the simulated interrupt and
	// switches); no b between 1505 and 1755: that wait spun again.
	EXPECT_EQ(trace.str(), "a@1000 a@1250 b@1450 a@1505 a@1755 b@1805 a@2000 b@2050");
	tx::Task *t = reinterpret_cast<tx::Task *>(&a);
	EXPECT_LE(t->latency.max, 5);
	EXPECT_FALSE(t->watchdog_hit); // 450 without blocking, each job within 300
}

// A period not longer than twice the gravity never spins: such a task's
// releases would all fall within the gravity, and it would never leave
// the CPU (Linux gets the slivers it always had).
TEST_F(Sched, GravityDoesNotSpinForAShortPeriod)
{
	tx::g_sched.set_timer_gravity(100);
	// Every job ends 80 before the next release, within the gravity.
	spawn_spin_pair([](int) -> Count { return 120; }, false);
	rt_task_make_periodic(&a, 1000, 200);
	run(1000 + 2 * 200 + 100); // Linux's time: the tasks' comes on top
	EXPECT_EQ(trace.str(), "b@1120 b@1320 b@1520 b@1720"); // every period: no spin
}

TEST_F(Sched, MakePeriodicSelfWaitsForStart)
{
	start(a, 5, [&] {
		trace.add("before");
		rt_task_make_periodic(nullptr, 300, 100);
		trace.add("first");
		rt_task_wait_period();
		trace.add("second");
	});
	run(1000);
	EXPECT_EQ(trace.str(), "before@0 first@300 second@400");
}

TEST_F(Sched, MakePeriodicRelativeNs)
{
	tx::sim::Config cfg;
	cfg.hz = 62'500'000; // 16 ns per count, as the arm64 QEMU counter
	tx::sim::reset(cfg);
	ASSERT_EQ(spawn(a, 5, [&] { trace.add("r"); }), 0);
	run(10);
	ASSERT_EQ(rt_task_make_periodic_relative_ns(&a, 16000, 1000000), 0);
	run(2000);
	EXPECT_EQ(trace.str(), "r@1010"); // 16000 ns = 1000 counts after t=10
}

TEST_F(Sched, WaitPeriodErrors)
{
	EXPECT_EQ(rt_task_wait_period(), RTE_PERM); // Linux
	start(a, 5, [&] { EXPECT_EQ(rt_task_wait_period(), -EINVAL); });
	EXPECT_EQ(rt_task_make_periodic(&b, 0, 100), -EINVAL); // not initialised
	ASSERT_EQ(spawn(b, 5, [] {}), 0);
	EXPECT_EQ(rt_task_make_periodic(&b, 0, 0), -EINVAL);
	EXPECT_EQ(rt_task_make_periodic(&b, 0, -1), -EINVAL);
}

TEST_F(Sched, DeleteSelfAndOthers)
{
	ASSERT_EQ(spawn(b, 9, [&] {
			trace.add("b-never");
		}),
		  0);
	start(a, 5, [&] {
		trace.add("a");
		EXPECT_EQ(rt_task_delete(&b), 0);
		rt_task_delete(&a);
		trace.add("a-after-delete");
	});
	EXPECT_EQ(trace.str(), "a@0");
	EXPECT_EQ(rt_task_delete(&a), -EINVAL);
	EXPECT_EQ(rt_task_delete(&b), -EINVAL);
	EXPECT_EQ(rt_task_delete(nullptr), -EINVAL);
	tx::sim::pump_linux_work();
	EXPECT_EQ(tx::sim::counters().bytes_live, 0u);
}

TEST_F(Sched, DeleteWakesNothingButFreesBlockedTask)
{
	start(a, 5, [&] {
		rt_sleep(1000000);
		trace.add("never");
	});
	EXPECT_EQ(rt_task_delete(&a), 0);
	run(2000000);
	EXPECT_EQ(trace.str(), "");
	// The RT_TASK can be reused at once.
	start(a, 5, [&] { trace.add("again"); });
	EXPECT_EQ(trace.str(), "again@2000000");
}

TEST_F(Sched, TaskInitValidatesArguments)
{
	auto fn = [](long) {};
	EXPECT_EQ(rt_task_init(nullptr, fn, 0, 8192, 1, 0, nullptr), -EINVAL);
	EXPECT_EQ(rt_task_init(&a, nullptr, 0, 8192, 1, 0, nullptr), -EINVAL);
	EXPECT_EQ(rt_task_init(&a, fn, 0, 0, 1, 0, nullptr), -EINVAL);
	EXPECT_EQ(rt_task_init(&a, fn, 0, -8, 1, 0, nullptr), -EINVAL);
	EXPECT_EQ(rt_task_init(&a, fn, 0, 100, 1, 0, nullptr), -EINVAL);
	EXPECT_EQ(rt_task_init(&a, fn, 0, 64 << 20, 1, 0, nullptr), -EINVAL);
	EXPECT_EQ(rt_task_init(&a, fn, 0, 8192, -1, 0, nullptr), -EINVAL);
	EXPECT_EQ(rt_task_init(&a, fn, 0, 8192, RT_SCHED_LINUX_PRIORITY, 0, nullptr), -EINVAL);
	EXPECT_EQ(rt_task_init_cpuid(&a, fn, 0, 8192, 1, 0, nullptr, 5), -EINVAL); // offline
	EXPECT_EQ(rt_task_init_cpuid(&a, fn, 0, 8192, 1, 0, nullptr, 999), -EINVAL);
	ASSERT_EQ(rt_task_init(&a, fn, 0, 8192, 1, 0, nullptr), 0);
	EXPECT_EQ(rt_task_init(&a, fn, 0, 8192, 1, 0, nullptr), -EINVAL); // already live
	EXPECT_EQ(tx::sim::counters().allocs, 1u);                         // failures allocated nothing
}

TEST_F(Sched, TaskInitFromRealTimeContextIsRefused)
{
	start(a, 5, [&] { EXPECT_EQ(rt_task_init(&b, [](long) {}, 0, 8192, 1, 0, nullptr), -EINVAL); });
}

TEST_F(Sched, InvalidTaskArgumentsReturnEinval)
{
	EXPECT_EQ(rt_task_suspend(&a), -EINVAL);
	EXPECT_EQ(rt_task_resume(&a), -EINVAL);
	EXPECT_EQ(rt_task_resume(nullptr), -EINVAL);
	EXPECT_EQ(rt_get_prio(&a), -EINVAL);
	EXPECT_EQ(rt_get_inher_prio(nullptr), -EINVAL);
	EXPECT_EQ(rt_get_task_state(&a), 0);
	EXPECT_EQ(rt_task_use_fpu(&a, 1), -EINVAL);
	EXPECT_EQ(rt_set_sched_policy(&a, RT_SCHED_RR, 100), -EINVAL);
}

TEST_F(Sched, WhoamiIsLinuxOutsideTasks)
{
	RT_TASK *linux_task = rt_whoami();
	ASSERT_NE(linux_task, nullptr);
	EXPECT_EQ(rt_get_prio(linux_task), -EINVAL); // not a valid task handle
	start(a, 5, [&] { EXPECT_EQ(rt_whoami(), &a); });
}

TEST_F(Sched, ExecTimeAccounting)
{
	start(a, 5, [&] {
		work(300);
		rt_sleep(1000);
		work(200);
	});
	run(5000);
	// a is deleted now; measure another that is still alive.
	ASSERT_EQ(spawn(b, 5, [&] {
			work(700);
			rt_task_suspend(nullptr);
		}),
		  0);
	run(100);
	rt_task_resume(&b);
	RTIME et[3];
	rt_get_exectime(&b, et);
	EXPECT_EQ(et[0], 700);
	EXPECT_EQ(et[1], 5400); // first ran when resumed
	EXPECT_EQ(et[2], 6100);
}

TEST_F(Sched, TimeConversionsAndTimeCalls)
{
	tx::sim::Config cfg;
	cfg.hz = 19'200'000;
	tx::sim::reset(cfg);
	EXPECT_EQ(nano2count(1'000'000'000), 19'200'000);
	EXPECT_EQ(count2nano(19'200'000), 1'000'000'000);
	EXPECT_EQ(nano2count(-1'000'000'000), -19'200'000);
	run(192);
	EXPECT_EQ(rt_get_time(), 192);
	EXPECT_EQ(rt_get_time_ns(), 10000);
	EXPECT_EQ(rt_get_cpu_time_ns(), 10000);
	EXPECT_EQ(rtai_rdtsc(), 192u);
	EXPECT_EQ(rtai_cpuid(), 0);
	EXPECT_EQ(rtai_llimd(10, 3, 4), 7); // 7.5 truncated, as RTAI's on 64-bit
	EXPECT_EQ(rtai_llimd(-10, 3, 4), -7);
	EXPECT_EQ(rtai_imuldiv(10, 3, 4), 7);
	EXPECT_EQ(rtai_llimd(1, 1, 0), 0);
	unsigned long rem = 9;
	EXPECT_EQ(rtai_ulldiv(1'000'000'007ULL, 1000, &rem), 1'000'000ULL);
	EXPECT_EQ(rem, 7u);
	EXPECT_EQ(rtai_ulldiv(5, 2, nullptr), 2u);
	EXPECT_EQ(rtai_ulldiv(5, 0, &rem), 0u);
	EXPECT_EQ(rem, 7u); // untouched
}

TEST_F(Sched, PeriodicTimerModeTicks)
{
	EXPECT_EQ(rt_hard_timer_tick_count(), 0); // oneshot, running
	stop_rt_timer();
	EXPECT_EQ(rt_hard_timer_tick_count(), -1);
	rt_set_periodic_mode();
	EXPECT_EQ(start_rt_timer(0), -EINVAL);
	EXPECT_EQ(start_rt_timer(100), 100);
	EXPECT_EQ(rt_hard_timer_tick_count(), 100);
	EXPECT_EQ(rt_hard_timer_tick_count_cpuid(1), 100);
	std::vector<Count> starts;
	ASSERT_EQ(spawn(a, 1,
			[&] {
				for (int i = 0; i < 3; i++) {
					starts.push_back(now());
					EXPECT_EQ(rt_get_time() % 100, 0);
					rt_task_wait_period();
				}
			}),
		  0);
	// Release at 250 happens on the tick at 300; then every 200.
	rt_task_make_periodic(&a, 250, 200);
	run(1000);
	ASSERT_EQ(starts.size(), 3u);
	EXPECT_EQ(starts[0], 300);
	EXPECT_EQ(starts[1], 500);
	EXPECT_EQ(starts[2], 700);
	rt_set_oneshot_mode();
	EXPECT_EQ(start_rt_timer(0), 0);
	ASSERT_EQ(spawn(b, 1, [&] { trace.add("b"); }), 0);
	rt_task_make_periodic(&b, now() + 37, 100);
	run(100);
	EXPECT_EQ(trace.str(), "b@1037");
}

TEST_F(Sched, StopTimerEndsTimedWaits)
{
	start(a, 5, [&] {
		EXPECT_EQ(rt_sleep(1000000), 0);
		trace.add("woke");
		EXPECT_EQ(rt_sleep(1000), RTE_TMROVRN); // stopped: no blocking
	});
	run(100);
	stop_rt_timer();
	EXPECT_EQ(trace.str(), "woke@100");
	start_rt_timer(0);
}

// What an overflow that reached the guard below a task's stack looks like.
static void overwrite_stack_guard(RT_TASK *task)
{
	const_cast<uint64_t *>(reinterpret_cast<tx::Task *>(task)->stack_guard)[1] = 0;
}

static int tasks_in_state(const char *state)
{
	tx_task_info info[8];
	int n = tx_sched_tasks(info, 8), found = 0;
	for (int i = 0; i < n && i < 8; i++)
		found += !strcmp(info[i].state, state);
	return found;
}

// A task that blocks: its switch away finds the guard overwritten.
TEST_F(Sched, StackOverrunStopsATaskAtItsNextSwitch)
{
	int jobs = 0;
	start(a, 1, [&] {
		for (;;) {
			if (++jobs == 2)
				overwrite_stack_guard(&a);
			rt_sleep(100);
		}
	});
	run(1000);
	EXPECT_EQ(jobs, 2); // never ran again
	EXPECT_EQ(rt_get_task_state(&a) & RT_SCHED_SUSPENDED, RT_SCHED_SUSPENDED);
	EXPECT_EQ(tasks_in_state("stack-overrun"), 1);
	EXPECT_EQ(rt_task_resume(&a), -EINVAL); // not run again, whoever asks
	run(1000);
	EXPECT_EQ(jobs, 2);
	tx::sim::pump_linux_work();
	ASSERT_FALSE(tx::sim::log_lines().empty());
	EXPECT_NE(tx::sim::log_lines().back().find("ran past the low end of its stack"), std::string::npos)
		<< tx::sim::log_lines().back();
	EXPECT_EQ(rt_task_delete(&a), 0);
}

// A task that never blocks: the next timer interrupt it takes finds it,
// and the lower task that interrupt released runs.
TEST_F(Sched, StackOverrunStopsARunningTaskAtTheNextTimerInterrupt)
{
	ASSERT_EQ(spawn(b, 5, [&] { trace.add("b"); }), 0);
	rt_task_make_periodic(&b, now() + 5000, 100000);
	start(a, 1, [&] { // returns when Linux runs again
		overwrite_stack_guard(&a);
		for (;;)
			work(1000);
	});
	EXPECT_EQ(trace.str(), "b@5000");
	EXPECT_EQ(tasks_in_state("stack-overrun"), 1);
}

// An intact guard is never reported: a task that uses most of its stack.
TEST_F(Sched, StackUseWithinTheStackIsNoOverrun)
{
	int jobs = 0;
	ASSERT_EQ(spawn(a, 1, [&] {
			for (;;) {
				volatile char big[6000];
				for (size_t i = 0; i < sizeof(big); i += 64)
					big[i] = static_cast<char>(i);
				jobs++;
				rt_sleep(100);
			}
		}, 0, -1, 8192 + 16384), 0); // the host's frames are larger than a kernel's
	rt_task_resume(&a);
	run(1000);
	EXPECT_EQ(jobs, 11); // at 0, 100, ... 1000
	EXPECT_EQ(tasks_in_state("stack-overrun"), 0);
}

// What the port's fault hook and trampoline do (hal/hal.h), from the task
// itself: the hook runs on the faulting task's stack, the trampoline as it.
static bool fault_here(const char *what, int vec = 14, int signo = 11)
{
	volatile char on_stack = 0;
	uintptr_t low = 0, top = 0;
	auto sp = reinterpret_cast<uintptr_t>(&on_stack);
	tx_task_fault *f = tx_core_fault_claim(sp, &low, &top);
	if (!f)
		return false;
	EXPECT_LE(low, sp);
	EXPECT_GT(top, sp);
	EXPECT_EQ(top % 16, 0u);
	snprintf(f->who, sizeof(f->who), "body");
	snprintf(f->what, sizeof(f->what), "%s", what);
	snprintf(f->trace, sizeof(f->trace), "caller+0x10/0x40");
	f->vec = vec;
	f->signo = signo;
	for (unsigned i = 0; i < TX_FAULT_REGS_WORDS; i++)
		f->regs[i] = 0x1000 + i; // the port copies its struct pt_regs here
	tx_core_task_faulted(); // never returns
}

// A faulting task is stopped for good and reported; the next task runs,
// nobody can resume it, and delete frees it.
TEST_F(Sched, FaultStopsTheTaskAndTheNextOneRuns)
{
	int jobs = 0;
	ASSERT_EQ(spawn(b, 5, [&] { trace.add("b"); }), 0);
	start(a, 1, [&] {
		for (;;) {
			if (++jobs == 3) {
				rt_task_resume(&b); // lower: waits
				fault_here("page fault at 0000000000000000");
			}
			rt_sleep(100);
		}
	});
	run(1000);
	EXPECT_EQ(jobs, 3);
	EXPECT_EQ(trace.str(), "b@200"); // at the fault
	EXPECT_EQ(tasks_in_state("fault"), 1);
	EXPECT_EQ(rt_get_task_state(&a) & RT_SCHED_SUSPENDED, RT_SCHED_SUSPENDED);
	EXPECT_EQ(rt_task_resume(&a), -EINVAL);
	run(1000);
	EXPECT_EQ(jobs, 3);
	tx::sim::pump_linux_work();
	auto lines = tx::sim::log_lines();
	ASSERT_GE(lines.size(), 2u);
	EXPECT_NE(lines[lines.size() - 2].find("task 'body' faulted: page fault at 0000000000000000; stopped for good"),
		  std::string::npos)
		<< lines[lines.size() - 2];
	EXPECT_NE(lines.back().find("its stack holds: caller+0x10/0x40"), std::string::npos) << lines.back();
	EXPECT_EQ(rt_task_delete(&a), 0);
}

// RTAI's trap handler: run as the task after the fault (it may block; the
// lower task runs meanwhile), with the vector, the signal, the registers
// and the task; then the task stops for good, whatever it returned.
TEST_F(Sched, TrapHandlerRunsAsTheTaskThenItStops)
{
	static std::string seen;
	static const void *want;
	seen.clear();
	want = &a;
	int jobs = 0;
	ASSERT_EQ(spawn(b, 5, [&] { trace.add("b"); }), 0);
	ASSERT_EQ(spawn(a, 1, [&] {
			for (;;) {
				if (++jobs == 3) {
					rt_task_resume(&b);
					fault_here("page fault at 0000000000000000");
				}
				rt_sleep(100);
			}
		}),
		  0);
	RT_TRAP_HANDLER h = [](int vec, int signo, struct pt_regs *regs, void *task) {
		auto *words = reinterpret_cast<unsigned long *>(regs);
		seen += "vec=" + std::to_string(vec) + " signo=" + std::to_string(signo) +
			" regs0=" + std::to_string(words[0]) + (task == want ? " task=a" : " task=?");
		rt_sleep(50); // a task's call: it blocks, b runs
		seen += " back@" + std::to_string(rt_get_time());
		return 1; // RTAI would resume the task: Tactus stops it anyway
	};
	EXPECT_EQ(rt_set_task_trap_handler(&a, 14, h), nullptr);
	rt_task_resume(&a);
	run(1000);
	EXPECT_EQ(jobs, 3);
	EXPECT_EQ(seen, "vec=14 signo=11 regs0=4096 task=a back@250");
	EXPECT_EQ(trace.str(), "b@200"); // during the handler's sleep
	EXPECT_EQ(tasks_in_state("fault"), 1);
	EXPECT_EQ(rt_task_resume(&a), -EINVAL);
	tx::sim::pump_linux_work();
	auto lines = tx::sim::log_lines();
	ASSERT_GE(lines.size(), 2u);
	EXPECT_NE(lines[lines.size() - 2].find("faulted: page fault at 0000000000000000; its trap handler runs, then it stops for good"),
		  std::string::npos)
		<< lines[lines.size() - 2];
	EXPECT_EQ(rt_task_delete(&a), 0);
}

// Per vector, with the previous handler returned; bad vectors and tasks
// refused; a handler for another vector is not run.
TEST_F(Sched, TrapHandlersArePerVector)
{
	static int runs;
	runs = 0;
	RT_TRAP_HANDLER h1 = [](int, int, struct pt_regs *, void *) { return runs += 1, 0; };
	RT_TRAP_HANDLER h2 = [](int, int, struct pt_regs *, void *) { return runs += 100, 0; };
	auto einval = reinterpret_cast<RT_TRAP_HANDLER>(static_cast<intptr_t>(-EINVAL));
	ASSERT_EQ(spawn(a, 1, [&] { fault_here("invalid opcode", 6, 4); }), 0);
	EXPECT_EQ(rt_set_task_trap_handler(&a, RTAI_NR_TRAPS, h1), einval);
	EXPECT_EQ(rt_set_task_trap_handler(&b, 6, h1), einval); // not a task
	EXPECT_EQ(rt_set_task_trap_handler(nullptr, 6, h1), einval);
	EXPECT_EQ(rt_set_task_trap_handler(&a, 14, h1), nullptr);
	EXPECT_EQ(rt_set_task_trap_handler(&a, 6, h2), nullptr);
	EXPECT_EQ(rt_set_task_trap_handler(&a, 6, h1), h2);
	EXPECT_EQ(rt_set_task_trap_handler(&a, 14, nullptr), h1);
	rt_task_resume(&a);
	run(100);
	EXPECT_EQ(runs, 1); // h1 for vector 6, nothing for 14
	EXPECT_EQ(tasks_in_state("fault"), 1);
	EXPECT_EQ(rt_task_delete(&a), 0);
}

// A handler may delete its task; a fault inside a handler stops the task
// without running the handler again.
TEST_F(Sched, TrapHandlerMayDeleteItsTaskAndItsOwnFaultStopsIt)
{
	static int runs;
	runs = 0;
	ASSERT_EQ(spawn(a, 1, [&] { fault_here("page fault at 0000000000000000"); }), 0);
	rt_set_task_trap_handler(&a, 14, [](int, int, struct pt_regs *, void *task) {
		runs++;
		return rt_task_delete(static_cast<RT_TASK *>(task)); // never returns
	});
	rt_task_resume(&a);
	run(100);
	EXPECT_EQ(runs, 1);
	EXPECT_EQ(tasks_in_state("fault"), 0);
	EXPECT_EQ(rt_task_delete(&a), -EINVAL); // gone already
	tx::sim::pump_linux_work();

	runs = 0;
	ASSERT_EQ(spawn(c, 1, [&] { fault_here("page fault at 0000000000000000"); }), 0);
	rt_set_task_trap_handler(&c, 14, [](int, int, struct pt_regs *, void *) {
		runs++;
		fault_here("general protection fault", 13, 11); // inside the handler
		return 0;
	});
	rt_task_resume(&c);
	run(100);
	EXPECT_EQ(runs, 1);
	EXPECT_EQ(tasks_in_state("fault"), 1);
	tx::sim::pump_linux_work();
	auto lines = tx::sim::log_lines();
	ASSERT_GE(lines.size(), 2u);
	EXPECT_NE(lines[lines.size() - 2].find("faulted: general protection fault; stopped for good"), std::string::npos)
		<< lines[lines.size() - 2];
	EXPECT_EQ(rt_task_delete(&c), 0);
}

// Not the running task's stack, or no task at all: not Tactus's fault.
TEST_F(Sched, FaultOutsideATaskStackIsNotClaimed)
{
	uintptr_t low = 0, top = 0;
	volatile char here = 0;
	EXPECT_EQ(tx_core_fault_claim(reinterpret_cast<uintptr_t>(&here), &low, &top), nullptr); // Linux
	bool claimed_elsewhere = true;
	start(a, 1, [&] {
		claimed_elsewhere = tx_core_fault_claim(reinterpret_cast<uintptr_t>(&b), &low, &top) != nullptr;
	});
	EXPECT_FALSE(claimed_elsewhere);
	EXPECT_EQ(tasks_in_state("fault"), 0);
}

// Linux's share: a real-time task that never blocks runs 800 of every 1000,
// and Linux the rest; the windows follow each other from the first.
TEST_F(Sched, LinuxShareThrottlesRealTimeTasksEachPeriod)
{
	tx::g_sched.set_rt_share(800, 1000);
	start(a, 1, [&] { // returns when Linux runs again
		for (;;)
			work(50);
	});
	EXPECT_EQ(now(), 800);
	tx::Task *t = reinterpret_cast<tx::Task *>(&a);
	EXPECT_EQ(t->exec_total, 800);
	run(300); // Linux's own time: it runs 800-1000 and 1800-1900, the task 1000-1800
	EXPECT_EQ(now(), 1900);
	EXPECT_EQ(t->exec_total, 1600);
	EXPECT_EQ(tx::g_sched.cpu(0).throttles, 2u);
	tx::sim::pump_linux_work();
	ASSERT_FALSE(tx::sim::log_lines().empty());
	EXPECT_NE(tx::sim::log_lines().front().find("real-time tasks used their"), std::string::npos)
		<< tx::sim::log_lines().front();
	// Off again (the task, held now, is deleted from Linux).
	tx::g_sched.set_rt_share(0, 0);
	EXPECT_EQ(tx::g_sched.rt_period(), 0);
	rt_task_delete(&a);
}

// A task within its share is never held: 300 of every 1000.
TEST_F(Sched, LinuxShareLeavesATaskWithinItAlone)
{
	tx::g_sched.set_rt_share(500, 1000);
	int jobs = 0;
	ASSERT_EQ(spawn(a, 1, [&] {
			for (;;) {
				work(300);
				jobs++;
				rt_task_wait_period();
			}
		}), 0);
	rt_task_make_periodic(&a, now() + 100, 1000);
	run(10000);
	EXPECT_EQ(jobs, 10);
	EXPECT_EQ(tx::g_sched.cpu(0).throttles, 0u);
	tx::g_sched.set_rt_share(0, 0);
}

TEST_F(Sched, WatchdogSuspendsARunawayTask)
{
	tx::g_sched.set_watchdog_budget(10000);
	ASSERT_EQ(spawn(b, 9, [&] { trace.add("other"); }), 0);
	start(a, 1, [&] {
		rt_task_resume(&b);
		for (;;)
			work(1000); // never blocks
	});
	// Linux gets the CPU back after the budget, and the lower task ran.
	EXPECT_EQ(now(), 10000);
	EXPECT_EQ(trace.str(), "other@10000");
	EXPECT_EQ(rt_get_task_state(&a) & RT_SCHED_SUSPENDED, RT_SCHED_SUSPENDED);
	EXPECT_EQ(tx::g_sched.watchdog_hits(), 1u);
	tx::sim::pump_linux_work();
	ASSERT_FALSE(tx::sim::log_lines().empty());
	const std::string line = tx::sim::log_lines().back();
	EXPECT_NE(line.find("watchdog: task 0x"), std::string::npos) << line; // unnamed: its address
	EXPECT_NE(line.find(" ran " + std::to_string(count2nano(10000)) + " ns"), std::string::npos) << line;
	// A task that blocks regularly is never caught.
	ASSERT_EQ(spawn(c, 2, [&] {
			for (int i = 0; i < 10; i++) {
				work(9000);
				rt_sleep(10);
			}
		}),
		  0);
	rt_task_resume(&c);
	run(200000);
	EXPECT_EQ(tx::g_sched.watchdog_hits(), 1u);
}

// A task that keeps the co-kernel masked takes no timer interrupt, so the
// watchdog cannot act while it lasts; on one CPU nothing else runs either.
// The timer interrupt at the unmask, a budget late or more, is the report,
// and the watchdog stops the task right there.
TEST_F(Sched, MaskedRunawayIsReportedByItsLateTimerInterrupt)
{
	tx::g_sched.set_watchdog_budget(10000);
	int after_unmask = 0;
	start(a, 1, [&] {
		unsigned long flags = rt_global_save_flags_and_cli();
		work(50000); // its watchdog deadline (10000) passes masked
		rt_global_restore_flags(flags);
		for (;;) {
			after_unmask++;
			work(1000);
		}
	});
	EXPECT_EQ(now(), 50000);
	EXPECT_EQ(after_unmask, 0) << "stopped by the interrupt its unmask let in, before its next instruction";
	EXPECT_EQ(tx::g_sched.watchdog_hits(), 1u);
	tx::sim::pump_linux_work();
	const auto &lines = tx::sim::log_lines();
	ASSERT_GE(lines.size(), 2u);
	const std::string late = lines[lines.size() - 2];
	EXPECT_NE(late.find("CPU 0 took its co-kernel timer interrupt more than a watchdog budget late"), std::string::npos) << late;
	EXPECT_NE(late.find(" " + std::to_string(count2nano(40000) / 1000) + " us late; running: task 0x"), std::string::npos) << late;
	EXPECT_NE(lines.back().find("watchdog: task 0x"), std::string::npos) << lines.back();
	// On time, however long it runs: no report.
	size_t before = lines.size();
	tx::g_sched.set_watchdog_budget(0);
	run(100000);
	tx::sim::pump_linux_work();
	EXPECT_EQ(tx::sim::log_lines().size(), before);
}

// Suspending itself ends a run like blocking does: a task resumed every
// 5000 that works 2000 and suspends never reaches a 10000 budget.
TEST_F(Sched, WatchdogBudgetStartsOverWhenATaskSuspendsItself)
{
	tx::g_sched.set_watchdog_budget(10000);
	int jobs = 0;
	start(a, 1, [&] {
		for (;;) {
			work(2000);
			jobs++;
			rt_task_suspend(nullptr);
		}
	});
	for (int i = 0; i < 20; i++) {
		run(5000);
		rt_task_resume(&a);
	}
	run(5000);
	EXPECT_EQ(jobs, 21);
	EXPECT_EQ(tx::g_sched.watchdog_hits(), 0u);
}

TEST_F(Sched, FpuStateIsSwappedLazily)
{
	auto &ctr = tx::sim::counters();
	start(a, 5, [&] { rt_sleep(100); }); // no FPU: no FP traffic
	run(200);
	EXPECT_EQ(ctr.fpu_saves, 0u);
	EXPECT_EQ(ctr.fpu_restores, 0u);
	volatile double x = 1.5;
	start(b, 5,
	      [&] {
		      volatile double y = x * 3.0;
		      rt_sleep(100);
		      trace.add_plain(std::to_string(y * 2.0));
	      },
	      1);
	// Linux -> b: save Linux, restore b. b -> Linux: save b, restore Linux.
	EXPECT_EQ(ctr.fpu_saves, 2u);
	EXPECT_EQ(ctr.fpu_restores, 2u);
	run(200);
	EXPECT_EQ(trace.events.back(), "9.000000");
	EXPECT_EQ(rt_task_use_fpu(&b, 0), -EINVAL); // deleted by now
	ASSERT_EQ(spawn(c, 5, [] {}, 1), 0);
	EXPECT_EQ(rt_task_use_fpu(&c, 1), 0);
	EXPECT_EQ(rt_task_use_fpu(&c, 0), -EINVAL);
}

TEST_F(Sched, FpuRegistersOfLinuxSurviveAnFpuTask)
{
	// The FP control word is part of the FP state: an FPU task changes the
	// rounding mode; Linux must get its own back.
	unsigned linux_mxcsr = __builtin_ia32_stmxcsr();
	start(a, 5,
	      [&] {
		      __builtin_ia32_ldmxcsr(linux_mxcsr ^ 0x6000); // another rounding mode
		      rt_sleep(10);
		      trace.add_plain(__builtin_ia32_stmxcsr() == (linux_mxcsr ^ 0x6000) ? "task-kept" : "task-lost");
	      },
	      1);
	EXPECT_EQ(__builtin_ia32_stmxcsr(), linux_mxcsr);
	run(100);
	EXPECT_EQ(trace.str(), "task-kept");
	EXPECT_EQ(__builtin_ia32_stmxcsr(), linux_mxcsr);
}

TEST_F(Sched, PriorityLevelsMapOrdered)
{
	using tx::level_of;
	EXPECT_EQ(level_of(tx::kSchedLockPriority), 0u);
	for (int p = 0; p < 223; p++)
		EXPECT_EQ(level_of(p), unsigned(p + 1));
	EXPECT_EQ(level_of(223), 224u);
	unsigned last = 0;
	for (long p = -1; p <= RT_SCHED_LOWEST_PRIORITY; p = p < 1000 ? p + 1 : p * 3 / 2) {
		unsigned l = level_of(int(p));
		EXPECT_GE(l, last);
		EXPECT_LT(l, tx::kLevels);
		last = l;
	}
	EXPECT_LT(level_of(RT_SCHED_LOWEST_PRIORITY), tx::kLevels);
	EXPECT_EQ(level_of(RT_SCHED_LINUX_PRIORITY), tx::kLinuxLevel);
}

TEST_F(Sched, WidePrioritiesKeepOrder)
{
	ASSERT_EQ(spawn(a, 1000000, [&] { trace.add("low"); }), 0);
	ASSERT_EQ(spawn(b, 5000, [&] { trace.add("mid"); }), 0);
	ASSERT_EQ(spawn(c, RT_SCHED_LOWEST_PRIORITY, [&] { trace.add("lowest"); }), 0);
	start(d, 0, [&] {
		rt_task_resume(&c);
		rt_task_resume(&a);
		rt_task_resume(&b);
	});
	EXPECT_EQ(trace.str(), "mid@0 low@0 lowest@0");
}

TEST_F(Sched, GlobalLockMasksAndNests)
{
	EXPECT_FALSE(tx::sim::masked());
	unsigned long f1 = rt_global_save_flags_and_cli();
	EXPECT_TRUE(tx::sim::masked());
	unsigned long f2 = rt_global_save_flags_and_cli(); // recursive on this CPU
	rt_global_restore_flags(f2);
	EXPECT_TRUE(tx::sim::masked());
	unsigned long saved;
	rt_global_save_flags(&saved);
	EXPECT_EQ(saved & 1, 1u);
	rt_global_restore_flags(f1);
	EXPECT_FALSE(tx::sim::masked());
	rt_global_cli();
	EXPECT_TRUE(tx::sim::masked());
	rt_global_sti();
	EXPECT_FALSE(tx::sim::masked());
}

// RTAI's rt_get_global_lock / rt_release_global_lock: the lock and the
// masking without the flags.
TEST_F(Sched, GlobalLockGetAndRelease)
{
	EXPECT_EQ(rt_get_global_lock(), 0); // taken now
	EXPECT_TRUE(tx::sim::masked());
	EXPECT_EQ(rt_get_global_lock(), 1); // held already by this CPU
	unsigned long saved;
	rt_global_save_flags(&saved);
	EXPECT_EQ(saved & 1, 1u) << "rt_global_save_flags sees it held";
	rt_release_global_lock();
	EXPECT_TRUE(tx::sim::masked()) << "released, still masked (RTAI)";
	rt_global_save_flags(&saved);
	EXPECT_EQ(saved & 1, 0u);
	rt_release_global_lock(); // not held: releases nothing
	unsigned long gf = rt_global_save_flags_and_cli();
	EXPECT_EQ(gf & 1, 1u) << "free again for the next taker";
	rt_global_restore_flags(gf);
	EXPECT_TRUE(tx::sim::masked());
	rtai_sti(); // the masking rt_release_global_lock left, undone
	EXPECT_FALSE(tx::sim::masked());
	rt_global_sti(); // nothing to undo: nothing changes
	EXPECT_FALSE(tx::sim::masked());
	rtai_save_flags_and_cli(gf);
	rt_global_sti(); // nor inside a section the caller masked itself
	EXPECT_TRUE(tx::sim::masked());
	rtai_restore_flags(gf);
	EXPECT_FALSE(tx::sim::masked());
	// rt_release_global_lock then rt_global_sti: unmasked again.
	EXPECT_EQ(rt_get_global_lock(), 0);
	rt_release_global_lock();
	rt_global_sti();
	EXPECT_FALSE(tx::sim::masked());
	// rt_global_sti after rt_get_global_lock: released, back to unmasked.
	EXPECT_EQ(rt_get_global_lock(), 0);
	rt_global_sti();
	EXPECT_FALSE(tx::sim::masked());
	rt_global_save_flags(&saved);
	EXPECT_EQ(saved & 1, 0u);
}

TEST_F(Sched, RtaiHalConstants)
{
	EXPECT_EQ(RTAI_NR_CPUS, 8);
	EXPECT_EQ(CONFIG_RTAI_CPUS, RTAI_NR_CPUS);
	EXPECT_EQ(RTAI_CLOCK_FREQ, static_cast<unsigned long>(tx_port_counter_hz()));
	EXPECT_EQ(static_cast<long long>(RTAI_CLOCK_FREQ), nano2count(1000000000));
	EXPECT_EQ(RTAI_TIMER_FREQ, RTAI_CLOCK_FREQ);
}

// rtai_cli and friends mask this CPU only and take no lock.
TEST_F(Sched, RtaiLocalMasking)
{
	unsigned long f, g;
	rtai_save_flags(f);
	EXPECT_FALSE(tx::sim::masked()) << "rtai_save_flags reads, changes nothing";
	rtai_save_flags_and_cli(f);
	EXPECT_TRUE(tx::sim::masked());
	rtai_save_flags_and_cli(g); // nested: g says "masked"
	rtai_restore_flags(g);
	EXPECT_TRUE(tx::sim::masked());
	rtai_restore_flags(f);
	EXPECT_FALSE(tx::sim::masked());
	rtai_cli();
	rtai_cli();
	EXPECT_TRUE(tx::sim::masked());
	rtai_sti(); // one sti undoes both, as RTAI's hard sti does
	EXPECT_FALSE(tx::sim::masked());
	// rtai_cli inside a saved section: rtai_sti goes back to masked.
	rtai_save_flags_and_cli(f);
	rtai_cli();
	rtai_sti();
	EXPECT_TRUE(tx::sim::masked());
	rtai_restore_flags(f);
	EXPECT_FALSE(tx::sim::masked());
	// No global lock: the global one is still free.
	rtai_cli();
	unsigned long gf = rt_global_save_flags_and_cli();
	EXPECT_EQ(gf & 1, 1u) << "the global lock was taken here, not by rtai_cli";
	rt_global_restore_flags(gf);
	rtai_sti();
	EXPECT_FALSE(tx::sim::masked());
}

// The ticket lock in a spinlock_t's first word: next ticket high, served low.
TEST_F(Sched, RtaiSpinLockTicketsAndMasking)
{
	uint32_t lock[4] = {}; // a zeroed spinlock_t (spin_lock_init)
	rt_spin_lock(lock);
	EXPECT_EQ(lock[0], 0x00010000u);
	EXPECT_FALSE(tx::sim::masked()) << "rt_spin_lock does not mask";
	rt_spin_unlock(lock);
	EXPECT_EQ(lock[0], 0x00010001u);
	rt_spin_lock_irq(lock);
	EXPECT_TRUE(tx::sim::masked());
	rt_spin_unlock_irq(lock);
	EXPECT_FALSE(tx::sim::masked());
	unsigned long f = rt_spin_lock_irqsave(lock);
	EXPECT_TRUE(tx::sim::masked());
	EXPECT_EQ(lock[0], 0x00030002u);
	rt_spin_unlock_irqrestore(f, lock);
	EXPECT_FALSE(tx::sim::masked());
	EXPECT_EQ(lock[0], 0x00030003u);
	EXPECT_EQ(lock[1] | lock[2] | lock[3], 0u) << "only the first word is the lock";
	// Both halves wrap on their own: the served count never carries into
	// the tickets.
	lock[0] = 0xffffffffu;
	rt_spin_lock(lock); // ticket 0xffff, served 0xffff: taken at once
	EXPECT_EQ(lock[0], 0x0000ffffu);
	rt_spin_unlock(lock);
	EXPECT_EQ(lock[0], 0x00000000u);
}

TEST_F(Sched, GlobalLockDefersPreemption)
{
	ASSERT_EQ(spawn(b, 1, [&] { trace.add("high"); }), 0);
	rt_task_make_periodic(&b, 100, 1000000);
	start(a, 5, [&] {
		unsigned long f = rt_global_save_flags_and_cli();
		work(500); // the release at 100 stays pending
		trace.add("unlock");
		rt_global_restore_flags(f);
		trace.add("low-end");
	});
	EXPECT_EQ(trace.str(), "unlock@500 high@500 low-end@500");
}

// timer_irq() sets the watchdog deadline of the task it is about to switch
// to; if that task is suspended (here: by Linux, as another CPU could)
// before the dispatch, the deadline must not outlive it: armed in the past
// it would re-fire the timer forever.
TEST_F(Sched, WatchdogDeadlineOfATaskSuspendedBeforeItsDispatchIsDropped)
{
	tx::g_sched.set_watchdog_budget(10000);
	int jobs = 0;
	start(a, 1, [&] {
		for (;;) {
			jobs++;
			rt_sleep(1000);
		}
	});
	ASSERT_EQ(jobs, 1);
	unsigned long flags = tx_port_irq_save();
	work(2000); // a's wake-up is due, the timer interrupt held back
	EXPECT_TRUE(tx::g_sched.timer_irq()); // the NMI half: a is to run...
	tx::g_sched.dispatch_later();          // the port kicks (the lock the entry kept goes back)
	rt_task_suspend(&a);                   // ...but is suspended first
	tx_port_irq_restore(flags);
	uint64_t irqs = tx::sim::counters().timer_irqs;
	run(30000); // without the fix the simulator stops on an interrupt storm
	EXPECT_LE(tx::sim::counters().timer_irqs - irqs, 2u);
	EXPECT_EQ(tx::sim::timer_deadline(0), -1);
	EXPECT_EQ(jobs, 1);
	EXPECT_EQ(tx::g_sched.watchdog_hits(), 0u);
}

// A port that cannot save this CPU's FP state refuses FPU tasks at
// creation, with nothing allocated left behind (the fixture checks that no
// byte is live at the end); other tasks are unaffected.
namespace {
tx::sim::Config fpu_refused()
{
	tx::sim::Config c;
	c.fpu_refused = true;
	return c;
}
class FpuRefused : public txtest::HostTest {
protected:
	FpuRefused() : HostTest(fpu_refused()) {}
	RT_TASK a{}, b{};
};
} // namespace

TEST_F(FpuRefused, FpuTaskIsRefusedWhenThePortCannotSaveTheState)
{
	int runs = 0;
	EXPECT_EQ(spawn(a, 1, [&] { runs++; }, 1), -95);
	EXPECT_EQ(tx::sim::counters().bytes_live, 0u);
	EXPECT_EQ(rt_task_delete(&a), -EINVAL); // never became a task
	start(b, 1, [&] { runs++; }, 0);
	EXPECT_EQ(runs, 1);
}

// A task that wakes, works within its watchdog budget and blocks leaves no
// timer event behind when Linux (which has no budget) takes the CPU: the
// budget's deadline would bring an interrupt that serves nothing.
TEST_F(Sched, ABlockedTaskLeavesNoWatchdogDeadlineBehind)
{
	tx::g_sched.set_watchdog_budget(100000);
	SEM s{};
	ASSERT_EQ(rt_sem_init(&s, 0), 0);
	start(a, 1, [&] {
		while (rt_sem_wait(&s) < RTE_LOWERR)
			work(100);
	});
	for (int i = 0; i < 3; i++) {
		rt_sem_signal(&s);
		EXPECT_EQ(tx::sim::timer_deadline(0), -1) << "job " << i << " left its watchdog deadline armed";
		uint64_t irqs = tx::sim::counters().timer_irqs;
		run(300000); // past the budget
		EXPECT_EQ(tx::sim::counters().timer_irqs, irqs) << "a timer interrupt for nothing";
	}
	EXPECT_EQ(tx::g_sched.watchdog_hits(), 0u);
	rt_sem_delete(&s);
}

// While a task runs, the Linux context it interrupted is marked away
// (tx_hal_linux_away: on a kernel, page faults disabled for Linux's
// current, so that a task's fault never enters Linux's own fault
// handling); a task-to-task switch leaves the mark as it is, and the mark
// is gone whenever Linux runs.
TEST_F(Sched, LinuxIsMarkedAwayExactlyWhileTasksRun)
{
	int in_low = -1, in_high = -1, low_after_high = -1;
	ASSERT_EQ(spawn(b, 1, [&] { in_high = tx::sim::linux_away(0); }), 0);
	EXPECT_EQ(tx::sim::linux_away(0), 0);
	start(a, 5, [&] {
		in_low = tx::sim::linux_away(0);
		rt_task_resume(&b); // preempts this task: task to task
		low_after_high = tx::sim::linux_away(0);
		rt_sleep(nano2count(100000));
	});
	EXPECT_EQ(in_low, 1);
	EXPECT_EQ(in_high, 1);
	EXPECT_EQ(low_after_high, 1);
	EXPECT_EQ(tx::sim::linux_away(0), 0) << "Linux runs while the task sleeps";
	run(nano2count(1000000));
	EXPECT_EQ(tx::sim::linux_away(0), 0) << "after the task ended";
	for (const auto &line : tx::sim::log_lines())
		EXPECT_EQ(line.find("Linux left or came back twice"), std::string::npos) << line;
}

TEST_F(Sched, SetPeriodChangesTheReleasesAfterTheNextOne)
{
	std::vector<Count> starts;
	start_recording_releases(starts); // 1000, 1250, 1500, ...
	run(1300 - now());                 // released at 1000 and 1250; next at 1500
	EXPECT_EQ(rt_set_period(&a, 100), 0);
	run(1750 - now());
	EXPECT_EQ(starts, (std::vector<Count>{1000, 1250, 1500, 1600, 1700}));
	EXPECT_EQ(rt_set_period(&a, 0), -EINVAL);
	EXPECT_EQ(rt_set_period(&a, -5), -EINVAL);
	ASSERT_EQ(spawn(b, 2, [] {}), 0);
	EXPECT_EQ(rt_set_period(&b, 100), -EINVAL); // not periodic
	EXPECT_EQ(rt_set_period(nullptr, 100), -EINVAL); // Linux is not periodic
	EXPECT_EQ(rt_set_period(&c, 100), -EINVAL);      // never initialised
}

TEST_F(Sched, SuspendIfTakesBackARememberedResumeOnly)
{
	ASSERT_EQ(spawn(a, 5, [&] {
		trace.add("a:" + std::to_string(rt_task_suspend_if(nullptr)));
		trace.add("a:" + std::to_string(rt_task_suspend(nullptr)));
		trace.add("a:resumed");
	}), 0);
	EXPECT_EQ(rt_task_resume(&a), 0); // the start: depth 0
	run(10); // a: suspend_if finds no remembered resume (0), then suspends
	EXPECT_EQ(trace.str(), "a:0@0");
	EXPECT_EQ(rt_task_suspend_if(&a), 1); // suspended: stays so
	EXPECT_EQ(rt_task_resume(&a), 0);
	run(10);
	EXPECT_EQ(trace.str(), "a:0@0 a:0@10 a:resumed@10");
	ASSERT_EQ(spawn(c, 5, [] { rt_sleep(1000); }), 0);
	rt_task_resume(&c);
	run(10);                           // c sleeps
	EXPECT_EQ(rt_task_resume(&c), 0);  // not suspended: remembered (-1)
	EXPECT_EQ(rt_task_suspend_if(&c), 0); // taken back
	EXPECT_EQ(rt_task_suspend_if(&c), 0); // nothing left to take: no suspension
	EXPECT_EQ(rt_task_suspend_if(nullptr), -EINVAL); // Linux
	EXPECT_EQ(rt_task_suspend_if(&d), -EINVAL);       // never initialised
}
