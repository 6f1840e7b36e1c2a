// SPDX-License-Identifier: GPL-2.0
// RTAI's mutexes, condition variables and POSIX-like semaphore forms
// (rtai_sem.h) through the C API.
#include "harness.hpp"

using namespace txtest;

namespace {

class Cond : public HostTest {
protected:
	RT_TASK a{}, b{}, c{};
	SEM m{}, cnd{};
	static std::string str(int v) { return rte_str(v); }
	void SetUp() override
	{
		HostTest::SetUp();
		ASSERT_EQ(rt_mutex_init(&m), 0);
		ASSERT_EQ(rt_cond_init(&cnd), 0);
	}
	void TearDown() override
	{
		rt_sem_delete(&m);
		rt_sem_delete(&cnd);
		HostTest::TearDown();
	}
};

TEST_F(Cond, WaitGivesTheMutexBackAndTakesItAgain)
{
	start(a, 5, [&] {
		rt_mutex_lock(&m);
		trace.add("a:waits");
		trace.add("a:" + str(rt_cond_wait(&cnd, &m)));
		trace.add("a:unlock " + str(rt_mutex_unlock(&m))); // it owns it again
	});
	start(b, 6, [&] {
		trace.add("b:lock " + str(rt_mutex_lock(&m))); // free while a waits
		trace.add("b:signal " + str(rt_cond_signal(&cnd)));
		work(10);
		rt_mutex_unlock(&m); // a takes it and preempts
		trace.add("b:done");
	});
	run(100);
	EXPECT_EQ(trace.str(), "a:waits@0 b:lock 1@0 b:signal 0@0 a:0@10 a:unlock 0@10 b:done@10");
}

TEST_F(Cond, ASignalWithNoWaiterIsNotKept)
{
	EXPECT_EQ(rt_cond_signal(&cnd), 0);
	start(a, 5, [&] {
		rt_mutex_lock(&m);
		trace.add("a:" + str(rt_cond_wait_timed(&cnd, &m, 100)));
		trace.add("a:unlock " + str(rt_mutex_unlock(&m)));
		trace.add("a:" + std::to_string(rt_cond_timedwait(&cnd, &m, rt_get_time() + 50)));
	});
	run(200);
	// The second wait's mutex was not owned any more: refused at once.
	EXPECT_EQ(trace.str(), "a:timeout@100 a:unlock 0@100 a:-1@100");
	EXPECT_EQ(rt_sem_count(&cnd), 0);
}

TEST_F(Cond, BroadcastWakesEveryWaiterInPriorityOrder)
{
	auto waiter = [&](const char *name) {
		rt_mutex_lock(&m);
		int r = rt_cond_wait(&cnd, &m);
		trace.add(std::string(name) + ":" + str(r));
		rt_mutex_unlock(&m);
	};
	start(b, 6, [&] { waiter("b"); });
	start(a, 5, [&] { waiter("a"); });
	run(10);
	EXPECT_EQ(rt_sem_count(&cnd), -2);
	EXPECT_EQ(rt_cond_broadcast(&cnd), 0);
	run(10);
	EXPECT_EQ(trace.str(), "a:0@10 b:0@10");
	EXPECT_EQ(rt_sem_count(&cnd), 0);
}

TEST_F(Cond, AnyBinarySemaphoreServesAsTheMutex)
{
	SEM lock{};
	ASSERT_EQ(rt_typed_sem_init(&lock, 1, BIN_SEM), 0);
	start(a, 5, [&] {
		rt_sem_wait(&lock);
		trace.add("a:" + str(rt_cond_wait(&cnd, &lock)));
		trace.add("a:count " + std::to_string(rt_sem_count(&lock)));
	});
	run(10);
	EXPECT_EQ(rt_sem_count(&lock), 1); // given back while a waits
	EXPECT_EQ(rt_cond_signal(&cnd), 0);
	run(10);
	EXPECT_EQ(trace.str(), "a:0@10 a:count 0@10");
	EXPECT_EQ(rt_sem_delete(&lock), 0);
}

TEST_F(Cond, BadCallsAreRefused)
{
	EXPECT_EQ(rt_cond_wait(&cnd, &m), RTE_PERM); // Linux context
	EXPECT_EQ(rt_cond_wait(nullptr, &m), RTE_OBJINV);
	EXPECT_EQ(rt_cond_signal(nullptr), RTE_OBJINV);
	EXPECT_EQ(rt_cond_signal(&m), RTE_OBJINV); // a mutex is no condition
	start(a, 5, [&] {
		trace.add("a:" + str(rt_cond_wait(&cnd, &m))); // not its mutex
		trace.add("a:" + str(rt_cond_wait(&m, &m)));
		SEM never{};
		trace.add("a:" + str(rt_cond_wait(&cnd, &never)));
	});
	run(10);
	EXPECT_EQ(trace.str(), "a:perm@0 a:objinv@0 a:objinv@0");
	EXPECT_EQ(rt_sem_count(&cnd), 0);
}

TEST_F(Cond, DeletingTheConditionEndsTheWait)
{
	start(a, 5, [&] {
		rt_mutex_lock(&m);
		trace.add("a:" + str(rt_cond_wait(&cnd, &m)));
		trace.add("a:unlock " + str(rt_mutex_unlock(&m)));
	});
	run(10);
	EXPECT_EQ(rt_sem_delete(&cnd), 0);
	run(10);
	EXPECT_EQ(trace.str(), "a:objrem@10 a:unlock 0@10");
	ASSERT_EQ(rt_cond_init(&cnd), 0);
}

TEST_F(Cond, PosixLikeSemaphoreAndMutexForms)
{
	psem_t s{};
	EXPECT_EQ(rt_psem_init(&s, 0, 2), 0);
	EXPECT_EQ(rt_psem_init(&s, 0, SEM_TIMOUT), -EINVAL);
	int v = -1;
	EXPECT_EQ(rt_psem_getvalue(&s, &v), 0);
	EXPECT_EQ(v, 2);
	EXPECT_EQ(rt_psem_trywait(&s), 0);
	EXPECT_EQ(rt_psem_trywait(&s), 0);
	EXPECT_EQ(rt_psem_trywait(&s), -EAGAIN);
	EXPECT_EQ(rt_psem_post(&s), 0);
	start(a, 5, [&] {
		trace.add("a:" + std::to_string(rt_psem_wait(&s)));
		trace.add("a:" + std::to_string(rt_psem_wait(&s))); // blocks
	});
	run(10);
	EXPECT_EQ(rt_psem_destroy(&s), -EBUSY); // a waits on it
	EXPECT_EQ(rt_psem_post(&s), 0);
	run(10);
	EXPECT_EQ(trace.str(), "a:0@0 a:0@10");
	EXPECT_EQ(rt_psem_destroy(&s), 0);

	pmutex_t pm{};
	EXPECT_EQ(rt_pmutex_init(&pm, nullptr), 0);
	start(b, 5, [&] {
		trace.add("b:" + std::to_string(rt_pmutex_lock(&pm)));
		rt_sleep(100);
		trace.add("b:" + std::to_string(rt_pmutex_unlock(&pm)));
	});
	start(c, 6, [&] { trace.add("c:" + std::to_string(rt_pmutex_trylock(&pm))); });
	run(10);
	EXPECT_EQ(rt_pmutex_destroy(&pm), -EBUSY); // b owns it
	run(200);
	EXPECT_EQ(trace.str(), "a:0@0 a:0@10 b:0@20 c:-16@20 b:0@120");
	EXPECT_EQ(rt_pmutex_destroy(&pm), 0);
}

TEST_F(Cond, TimedPosixLikeFormsTakeAnAbsoluteTimespec)
{
	psem_t s{};
	ASSERT_EQ(rt_psem_init(&s, 0, 0), 0);
	pmutex_t pm{};
	ASSERT_EQ(rt_pmutex_init(&pm, nullptr), 0);
	start(b, 4, [&] {
		trace.add("b:" + std::to_string(rt_pmutex_lock(&pm)));
		rt_sleep(300);
		rt_pmutex_unlock(&pm);
	});
	start(a, 5, [&] {
		timespec until{0, 100}; // absolute: 100 ns on the co-kernel clock
		trace.add("a:" + std::to_string(rt_psem_timedwait(&s, &until)));
		until.tv_nsec = 250;
		trace.add("a:" + std::to_string(rt_psem_timedwait(&s, &until))); // posted at 150
		trace.add("a:" + std::to_string(rt_pmutex_timedlock(&pm, &until))); // b has it past 250
		until.tv_nsec = 999;
		trace.add("a:" + std::to_string(rt_pmutex_timedlock(&pm, &until))); // b unlocks at 300
		rt_pmutex_unlock(&pm);
	});
	run(150);
	EXPECT_EQ(rt_psem_post(&s), 0);
	run(500);
	EXPECT_EQ(trace.str(), "b:0@0 a:-1@100 a:0@150 a:-1@250 a:0@300");
	EXPECT_EQ(rt_psem_destroy(&s), 0);
	EXPECT_EQ(rt_pmutex_destroy(&pm), 0);
}

TEST_F(Cond, TimespecAndTimevalConversionsAsRtais)
{
	// The host's time base counts nanoseconds: counts and nanoseconds agree.
	timespec ts{3, 250};
	EXPECT_EQ(timespec2count(&ts), 3000000250LL);
	EXPECT_EQ(timespec2nanos(&ts), 3000000250LL);
	count2timespec(5000000007LL, &ts);
	EXPECT_EQ(ts.tv_sec, 5);
	EXPECT_EQ(ts.tv_nsec, 7);
	nanos2timespec(999999999LL, &ts);
	EXPECT_EQ(ts.tv_sec, 0);
	EXPECT_EQ(ts.tv_nsec, 999999999);
	timeval tv{2, 5};
	EXPECT_EQ(timeval2count(&tv), 2000005000LL);
	count2timeval(1000001999LL, &tv); // microseconds truncated, as RTAI's
	EXPECT_EQ(tv.tv_sec, 1);
	EXPECT_EQ(tv.tv_usec, 1);
}

} // namespace

namespace {

// stop_rt_timer ends timed waits only: a wait without a time still waits.
TEST_F(Cond, AnUntimedWaitWaitsWhileTheTimerIsStopped)
{
	SEM s{};
	ASSERT_EQ(rt_sem_init(&s, 0), 0);
	stop_rt_timer();
	start(a, 5, [&] {
		trace.add("a:" + str(rt_sem_wait(&s)));
		trace.add("a:" + str(rt_sem_wait_timed(&s, 100))); // timed: at once
	});
	EXPECT_EQ(trace.str(), "");
	EXPECT_EQ(rt_sem_signal(&s), 0);
	EXPECT_EQ(trace.str(), "a:0@0 a:timeout@0");
	start_rt_timer(0);
	EXPECT_EQ(rt_sem_delete(&s), 0);
}

} // namespace
