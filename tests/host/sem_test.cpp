// SPDX-License-Identifier: GPL-2.0
// Semaphores: counting, binary and resource; timeouts; priority inheritance.
#include "harness.hpp"

using namespace txtest;

namespace {

class Sem : public HostTest {
protected:
	RT_TASK a{}, b{}, c{}, d{};
	SEM s{}, s2{}, s3{};
};

} // namespace

TEST_F(Sem, CountingReturnsCountBeforeTaking)
{
	ASSERT_EQ(rt_sem_init(&s, 2), 0);
	start(a, 5, [&] {
		EXPECT_EQ(rt_sem_wait(&s), 2);
		EXPECT_EQ(rt_sem_wait(&s), 1);
		EXPECT_EQ(rt_sem_wait_if(&s), 0); // nothing free: the count, unchanged
		EXPECT_EQ(rt_sem_count(&s), 0);
	});
	EXPECT_EQ(rt_sem_signal(&s), 0);
	EXPECT_EQ(rt_sem_signal(&s), 0);
	EXPECT_EQ(rt_sem_count(&s), 2); // counting: no upper bound
	EXPECT_EQ(rt_sem_signal(&s), 0);
	EXPECT_EQ(rt_sem_count(&s), 3);
}

TEST_F(Sem, BinarySaturatesAtOne)
{
	ASSERT_EQ(rt_typed_sem_init(&s, 5, BIN_SEM), 0);
	EXPECT_EQ(rt_sem_count(&s), 1);
	rt_sem_signal(&s);
	rt_sem_signal(&s);
	EXPECT_EQ(rt_sem_count(&s), 1);
}

TEST_F(Sem, WaitBlocksUntilSignalAndCountGoesNegative)
{
	ASSERT_EQ(rt_sem_init(&s, 0), 0);
	start(a, 5, [&] {
		int r = rt_sem_wait(&s);
		trace.add("a:" + std::to_string(r));
	});
	start(b, 6, [&] {
		int r = rt_sem_wait(&s);
		trace.add("b:" + std::to_string(r));
	});
	EXPECT_EQ(rt_sem_count(&s), -2);
	EXPECT_EQ(rt_get_task_state(&a) & RT_SCHED_SEMAPHORE, RT_SCHED_SEMAPHORE);
	run(100);
	rt_sem_signal(&s);
	run(100);
	rt_sem_signal(&s);
	EXPECT_EQ(trace.str(), "a:-1@100 b:0@200");
}

TEST_F(Sem, SignalWakesInPriorityOrderOrFifo)
{
	for (int fifo = 0; fifo < 2; fifo++) {
		trace.clear();
		SEM q{};
		RT_TASK t1{}, t2{}, t3{};
		ASSERT_EQ(rt_typed_sem_init(&q, 0, CNT_SEM | (fifo ? FIFO_Q : PRIO_Q)), 0);
		start(t1, 7, [&] { rt_sem_wait(&q); trace.add_plain("p7"); });
		start(t2, 3, [&] { rt_sem_wait(&q); trace.add_plain("p3"); });
		start(t3, 5, [&] { rt_sem_wait(&q); trace.add_plain("p5"); });
		for (int i = 0; i < 3; i++)
			rt_sem_signal(&q);
		EXPECT_EQ(trace.str(), fifo ? "p7 p3 p5" : "p3 p5 p7");
		rt_sem_delete(&q);
	}
}

TEST_F(Sem, SignalPreemptsForAHigherWaiter)
{
	ASSERT_EQ(rt_sem_init(&s, 0), 0);
	start(a, 1, [&] { rt_sem_wait(&s); trace.add("high"); });
	start(b, 5, [&] {
		trace.add("low1");
		rt_sem_signal(&s);
		trace.add("low2");
	});
	EXPECT_EQ(trace.str(), "low1@0 high@0 low2@0");
}

TEST_F(Sem, EveryTimeoutVariant)
{
	ASSERT_EQ(rt_sem_init(&s, 0), 0);
	start(a, 5, [&] {
		EXPECT_EQ(rt_sem_wait_timed(&s, 100), RTE_TIMOUT);
		trace.add("timed");
		EXPECT_EQ(rt_sem_wait_until(&s, now() + 50), RTE_TIMOUT);
		trace.add("until");
		EXPECT_EQ(rt_sem_wait_until(&s, now() - 1), RTE_TIMOUT); // already past
		EXPECT_EQ(rt_sem_wait_timed(&s, 0), RTE_TIMOUT);
		trace.add("past");
		EXPECT_EQ(rt_sem_count(&s), 0); // timed-out waiters gave their unit back
		EXPECT_EQ(rt_sem_wait_timed(&s, 1000), 0); // signalled at 400 by Linux
		trace.add("got");
	});
	run(400);
	rt_sem_signal(&s);
	EXPECT_EQ(trace.str(), "timed@100 until@150 past@150 got@400");
}

TEST_F(Sem, TimedWaitSucceedsWhenFree)
{
	ASSERT_EQ(rt_sem_init(&s, 1), 0);
	start(a, 5, [&] { EXPECT_EQ(rt_sem_wait_timed(&s, 100), 1); });
}

TEST_F(Sem, BroadcastWakesAllAndZeroesCount)
{
	ASSERT_EQ(rt_sem_init(&s, 0), 0);
	start(a, 5, [&] { EXPECT_LT(rt_sem_wait(&s), RTE_LOWERR); trace.add_plain("a"); });
	start(b, 6, [&] { EXPECT_LT(rt_sem_wait(&s), RTE_LOWERR); trace.add_plain("b"); });
	EXPECT_EQ(rt_sem_broadcast(&s), 0);
	EXPECT_EQ(trace.str(), "a b");
	EXPECT_EQ(rt_sem_count(&s), 0);
}

TEST_F(Sem, DeleteWakesWaitersWithObjrem)
{
	ASSERT_EQ(rt_sem_init(&s, 0), 0);
	start(a, 5, [&] { trace.add_plain(rt_sem_wait(&s) == RTE_OBJREM ? "objrem" : "?"); });
	start(b, 6, [&] { trace.add_plain(rt_sem_wait_timed(&s, 1000) == RTE_OBJREM ? "objrem" : "?"); });
	EXPECT_EQ(rt_sem_delete(&s), 0);
	EXPECT_EQ(trace.str(), "objrem objrem");
	EXPECT_EQ(rt_sem_delete(&s), RTE_OBJINV);
	EXPECT_EQ(rt_sem_signal(&s), RTE_OBJINV);
	EXPECT_EQ(rt_sem_wait(&s), RTE_OBJINV);
	EXPECT_EQ(rt_sem_count(&s), RTE_OBJINV);
	run(2000); // b's timer is gone: nothing fires
}

TEST_F(Sem, BadArguments)
{
	EXPECT_EQ(rt_sem_signal(nullptr), SEM_ERR);
	EXPECT_EQ(rt_sem_wait(nullptr), SEM_ERR);
	EXPECT_EQ(rt_sem_wait_if(&s), SEM_ERR); // never initialised
	EXPECT_EQ(rt_sem_broadcast(&s), SEM_ERR);
	EXPECT_EQ(rt_sem_init(nullptr, 1), -EINVAL);
	EXPECT_EQ(rt_typed_sem_init(&s, 1, 0), -EINVAL);
	EXPECT_EQ(rt_typed_sem_init(&s, 1, 64), -EINVAL);
	EXPECT_EQ(rt_sem_count(nullptr), RTE_OBJINV);
	ASSERT_EQ(rt_sem_init(&s, 0), 0);
	EXPECT_EQ(rt_sem_wait(&s), RTE_PERM); // Linux context would block
	EXPECT_EQ(rt_sem_wait_if(&s), 0);     // but may try
}

TEST_F(Sem, ResourceOwnershipRecursionAndPermission)
{
	ASSERT_EQ(rt_typed_sem_init(&s, RESEM_RECURS, RES_SEM), 0);
	ASSERT_EQ(rt_typed_sem_init(&s2, RESEM_CHEKWT, RES_SEM), 0);
	ASSERT_EQ(rt_typed_sem_init(&s3, RESEM_BINSEM, RES_SEM), 0);
	start(a, 5, [&] {
		EXPECT_EQ(rt_sem_wait(&s), 1);
		EXPECT_EQ(rt_sem_wait(&s), 2); // nested
		EXPECT_EQ(rt_sem_wait(&s2), 1);
		EXPECT_EQ(rt_sem_wait(&s2), RTE_DEADLOK);
		EXPECT_EQ(rt_sem_wait(&s3), 1);
		EXPECT_EQ(rt_sem_wait(&s3), RTE_DEADLOK); // RTAI would hang here
		EXPECT_EQ(rt_sem_signal(&s), 0);
		EXPECT_EQ(rt_sem_count(&s), 0); // still owned
		rt_sleep(1000);                  // park, holding all three
		EXPECT_EQ(rt_sem_signal(&s), 0);
		EXPECT_EQ(rt_sem_count(&s), 1); // free
		EXPECT_EQ(rt_sem_signal(&s2), 0);
		EXPECT_EQ(rt_sem_signal(&s3), 0);
	});
	// While a owns them: signals from others are refused (recursive and
	// checking kinds); Linux may not take one.
	start(b, 6, [&] {
		EXPECT_EQ(rt_sem_signal(&s), RTE_PERM);
		EXPECT_EQ(rt_sem_signal(&s2), RTE_PERM);
		EXPECT_EQ(rt_sem_wait_if(&s), 0);
	});
	EXPECT_EQ(rt_sem_signal(&s), RTE_PERM);
	EXPECT_EQ(rt_sem_wait(&s), RTE_PERM);
	run(2000);
	EXPECT_EQ(rt_get_task_state(&a), 0); // finished and deleted
}

TEST_F(Sem, DeferredSuspensionOfAnOwnerTakesEffectAtRelease)
{
	ASSERT_EQ(rt_typed_sem_init(&s, RESEM_RECURS, RES_SEM), 0);
	start(a, 5, [&] {
		rt_sem_wait(&s);
		trace.add("owner");
		rt_task_suspend(nullptr); // holds a resource: keeps running
		trace.add("still");
		rt_sem_signal(&s); // suspends here
		trace.add("resumed");
	});
	EXPECT_EQ(trace.str(), "owner@0 still@0");
	rt_task_resume(&a);
	EXPECT_EQ(trace.str(), "owner@0 still@0 resumed@0");
}

TEST_F(Sem, PriorityInheritanceBoostsTheOwner)
{
	// L (prio 9) holds the mutex; M (5) would starve L; H (1) waits for the
	// mutex: L must run at 1, ahead of M, and drop back at release.
	ASSERT_EQ(rt_typed_sem_init(&s, RESEM_RECURS, RES_SEM), 0);
	ASSERT_EQ(spawn(c, 1, [&] {
			trace.add("H-wait");
			rt_sem_wait(&s);
			trace.add("H-got");
			rt_sem_signal(&s);
		}),
		  0);
	ASSERT_EQ(spawn(b, 5, [&] { trace.add("M"); work(1000); trace.add("M-end"); }), 0);
	start(a, 9, [&] {
		rt_sem_wait(&s);
		trace.add("L-got");
		rt_task_make_periodic(&c, now() + 100, 1000000); // H at 100
		rt_task_make_periodic(&b, now() + 50, 1000000);  // M at 50
		work(300);
		EXPECT_EQ(rt_get_inher_prio(&a), 1);
		trace.add("L-release");
		rt_sem_signal(&s);
		EXPECT_EQ(rt_get_inher_prio(&a), 9);
		trace.add("L-end");
	});
	run(3000);
	EXPECT_EQ(trace.str(), "L-got@0 M@50 H-wait@100 L-release@350 H-got@350 M-end@1300 L-end@1300");
}

TEST_F(Sem, PriorityInheritanceIsTransitive)
{
	// A (9) owns s; B (7) owns s2 and waits for s; C (2) waits for s2.
	// A must inherit 2 through B.
	ASSERT_EQ(rt_typed_sem_init(&s, 1, RES_SEM), 0);
	ASSERT_EQ(rt_typed_sem_init(&s2, 1, RES_SEM), 0);
	RT_TASK &a2 = a;
	start(a2, 9, [&] {
		rt_sem_wait(&s);
		rt_sleep(1000);
		trace.add_plain("A-prio=" + std::to_string(rt_get_inher_prio(&a2)));
		rt_sem_signal(&s);
		trace.add_plain("A-after=" + std::to_string(rt_get_inher_prio(&a2)));
	});
	start(b, 7, [&] {
		rt_sem_wait(&s2);
		rt_sem_wait(&s);
		trace.add_plain("B-got-both");
		rt_sem_signal(&s);
		rt_sem_signal(&s2);
	});
	start(c, 2, [&] {
		rt_sem_wait(&s2);
		trace.add_plain("C-got");
		rt_sem_signal(&s2);
	});
	EXPECT_EQ(rt_get_inher_prio(&a2), 2);
	EXPECT_EQ(rt_get_inher_prio(&b), 2);
	EXPECT_EQ(rt_get_inher_prio(&c), 2);
	run(2000);
	EXPECT_EQ(trace.str(), "A-prio=2 B-got-both C-got A-after=9");
}

TEST_F(Sem, InheritanceDropsWhenAWaiterTimesOut)
{
	ASSERT_EQ(rt_typed_sem_init(&s, 1, RES_SEM), 0);
	start(a, 9, [&] {
		rt_sem_wait(&s);
		rt_sleep(1000);
		trace.add_plain("A=" + std::to_string(rt_get_inher_prio(&a)));
		rt_sem_signal(&s);
	});
	start(b, 3, [&] { trace.add_plain(rt_sem_wait_timed(&s, 100) == RTE_TIMOUT ? "B-timeout" : "?"); });
	EXPECT_EQ(rt_get_inher_prio(&a), 3);
	run(200);
	EXPECT_EQ(rt_get_inher_prio(&a), 9);
	run(2000);
	EXPECT_EQ(trace.str(), "B-timeout A=9");
}

TEST_F(Sem, OwnershipCycleIsRefusedNotHung)
{
	ASSERT_EQ(rt_typed_sem_init(&s, 1, RES_SEM), 0);
	ASSERT_EQ(rt_typed_sem_init(&s2, 1, RES_SEM), 0);
	start(a, 5, [&] {
		rt_sem_wait(&s);
		rt_sleep(100);
		trace.add_plain(rt_sem_wait(&s2) == RTE_DEADLOK ? "a-deadlock" : "a-got");
		rt_sem_signal(&s);
	});
	start(b, 6, [&] {
		rt_sem_wait(&s2);
		rt_sem_wait(&s); // waits for a
		trace.add_plain("b-got");
		rt_sem_signal(&s);
		rt_sem_signal(&s2);
	});
	run(1000);
	EXPECT_EQ(trace.str(), "a-deadlock b-got");
}

TEST_F(Sem, DeletedOwnerPassesResourceOn)
{
	ASSERT_EQ(rt_typed_sem_init(&s, 1, RES_SEM), 0);
	start(a, 9, [&] {
		rt_sem_wait(&s);
		rt_sleep(1000000);
	});
	start(b, 3, [&] {
		EXPECT_EQ(rt_sem_wait(&s), 0);
		trace.add("b-got");
		rt_sem_signal(&s);
	});
	EXPECT_EQ(rt_task_delete(&a), 0);
	EXPECT_EQ(trace.str(), "b-got@0");
	EXPECT_EQ(rt_sem_count(&s), 1);
}

TEST_F(Sem, DeletingAResourceDropsInheritance)
{
	ASSERT_EQ(rt_typed_sem_init(&s, 1, RES_SEM), 0);
	start(a, 9, [&] {
		rt_sem_wait(&s);
		rt_sleep(1000);
	});
	start(b, 3, [&] { trace.add_plain(rt_sem_wait(&s) == RTE_OBJREM ? "objrem" : "?"); });
	EXPECT_EQ(rt_get_inher_prio(&a), 3);
	rt_sem_delete(&s);
	EXPECT_EQ(rt_get_inher_prio(&a), 9);
	EXPECT_EQ(trace.str(), "objrem");
}

TEST_F(Sem, ResourceTryAndTimedFromOthers)
{
	ASSERT_EQ(rt_typed_sem_init(&s, 1, RES_SEM), 0);
	start(a, 9, [&] {
		rt_sem_wait(&s);
		rt_sleep(500);
		rt_sem_signal(&s);
	});
	start(b, 3, [&] {
		EXPECT_EQ(rt_sem_wait_if(&s), 0);
		EXPECT_EQ(rt_sem_wait_until(&s, now()), RTE_TIMOUT);
		EXPECT_EQ(rt_sem_wait_timed(&s, 1000), 0); // handed over at 500
		trace.add("b");
		rt_sem_signal(&s);
	});
	run(2000);
	EXPECT_EQ(trace.str(), "b@500");
}

TEST_F(Sem, BarrierReleasesAllWithTheLastAndIsReusable)
{
	ASSERT_EQ(rt_sem_init(&s, 3), 0); // a barrier for three tasks
	auto body = [&](const char *n) {
		return [&, n] {
			for (int round = 0; round < 2; round++) {
				int r = rt_sem_wait_barrier(&s);
				trace.add(std::string(n) + ":" + std::to_string(r));
				rt_sleep(50);
			}
		};
	};
	start(a, 5, body("a"));
	run(10);
	start(b, 6, body("b"));
	EXPECT_EQ(rt_sem_count(&s), -2); // two wait
	EXPECT_EQ(trace.str(), "");
	run(10);
	start(c, 7, body("c")); // the third: all three go, by priority
	EXPECT_EQ(trace.str(), "a:0@20 b:0@20 c:0@20");
	run(100); // the second round, 50 later
	EXPECT_EQ(trace.str(), "a:0@20 b:0@20 c:0@20 a:0@70 b:0@70 c:0@70");
	EXPECT_EQ(rt_sem_count(&s), 0);
}

TEST_F(Sem, BarrierRefusals)
{
	EXPECT_EQ(rt_sem_wait_barrier(nullptr), RTE_OBJINV);
	EXPECT_EQ(rt_sem_wait_barrier(&s), RTE_OBJINV); // never initialised
	ASSERT_EQ(rt_sem_init(&s, 2), 0);
	EXPECT_EQ(rt_sem_wait_barrier(&s), RTE_PERM); // Linux context
	ASSERT_EQ(rt_typed_sem_init(&s2, 1, RES_SEM), 0);
	start(a, 5, [&] { trace.add("a:" + std::to_string(rt_sem_wait_barrier(&s2) == RTE_PERM)); });
	// A barrier of one: its only caller passes at once.
	ASSERT_EQ(rt_sem_init(&s3, 0), 0);
	start(b, 5, [&] { trace.add("b:" + std::to_string(rt_sem_wait_barrier(&s3))); });
	// A waiter at a barrier that is deleted.
	start(c, 5, [&] { trace.add("c:" + std::to_string(rt_sem_wait_barrier(&s) == RTE_OBJREM)); });
	run(10);
	rt_sem_delete(&s);
	run(10);
	EXPECT_EQ(trace.str(), "a:1@0 b:0@0 c:1@10");
}
