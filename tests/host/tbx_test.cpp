// SPDX-License-Identifier: GPL-2.0
// Message queues and typed mailboxes (rtai_tbx.h).
#include <cstring>

#include <rtai_malloc.h>
#include <rtai_registry.h>
#include <rtai_shm.h>
#include <rtai_tbx.h>

#include "../../api/msgq_bridge.h"
#include "harness.hpp"

using namespace txtest;

namespace {

class Tbx : public HostTest {
protected:
	void SetUp() override
	{
		HostTest::SetUp();
		ASSERT_EQ(tx_heap_setup(64 * 1024), 0);
		heap_free_at_start = free_heap_bytes();
	}
	void TearDown() override
	{
		rt_msgq_delete(&q);
		tx::sim::pump_linux_work();
		// Every large message went back to the heap.
		EXPECT_EQ(free_heap_bytes(), heap_free_at_start);
		HostTest::TearDown();
	}
	// The heap's largest free block: all of it when nothing is allocated.
	static size_t free_heap_bytes()
	{
		size_t lo = 0, hi = 128 * 1024;
		while (lo < hi) {
			size_t mid = (lo + hi + 1) / 2;
			void *p = rt_malloc(static_cast<int>(mid));
			if (p) {
				rt_free(p);
				lo = mid;
			} else {
				hi = mid - 1;
			}
		}
		return lo;
	}
	RT_TASK a{}, b{}, c{}, d{};
	RT_MSGQ q{};
	size_t heap_free_at_start = 0;
};

std::string text(const char *buf, size_t n) { return std::string(buf, strnlen(buf, n)); }

} // namespace

TEST_F(Tbx, PriorityOrderUrgentFirstEqualPrioritiesInArrivalOrder)
{
	ASSERT_EQ(rt_msgq_init(&q, 8, 16), 0);
	start(a, 5, [&] {
		EXPECT_EQ(rt_msg_send(&q, (void *)"p5-a", 5, 5), 0);
		EXPECT_EQ(rt_msg_send(&q, (void *)"p1-a", 5, 1), 0);
		EXPECT_EQ(rt_msg_send(&q, (void *)"p5-b", 5, 5), 0);
		EXPECT_EQ(rt_tbx_send(&q, (void *)"tbx", 4), 0);     // priority 1
		EXPECT_EQ(rt_tbx_urgent(&q, (void *)"urg1", 5), 0); // priority 0
		EXPECT_EQ(rt_tbx_urgent(&q, (void *)"urg2", 5), 0);
		char buf[16];
		int prio = -1;
		for (int i = 0; i < 6; i++) {
			int left = rt_msg_receive(&q, buf, 16, &prio);
			EXPECT_EQ(left, 16 - (int)strlen(buf) - 1) << "the buffer bytes not filled";
			trace.add_plain(text(buf, 16) + "/" + std::to_string(prio));
		}
	});
	EXPECT_EQ(trace.str(), "urg1/0 urg2/0 p1-a/1 tbx/1 p5-a/5 p5-b/5");
}

TEST_F(Tbx, IfFormsAndTruncation)
{
	ASSERT_EQ(rt_msgq_init(&q, 2, 8), 0);
	char buf[8] = {};
	// From Linux: the _if forms never wait, so they work here.
	EXPECT_EQ(rt_msg_receive_if(&q, buf, 8, nullptr), 8); // empty: nothing
	EXPECT_EQ(rt_msg_evdrp(&q, buf, 8, nullptr), 8);
	EXPECT_EQ(rt_msg_send_if(&q, (void *)"abcdef", 6, 3), 0);
	EXPECT_EQ(rt_msg_send_if(&q, (void *)"xyz", 3, 3), 0);
	EXPECT_EQ(rt_msg_send_if(&q, (void *)"full", 4, 0), 4); // two slots: full
	int prio = 0;
	EXPECT_EQ(rt_msg_evdrp(&q, buf, 8, &prio), 0);
	EXPECT_EQ(std::string(buf, 6), "abcdef");
	EXPECT_EQ(prio, 3);
	// A 3-byte buffer takes the first 3 bytes; the rest of the message is lost.
	EXPECT_EQ(rt_msg_receive_if(&q, buf, 3, nullptr), 0);
	EXPECT_EQ(std::string(buf, 3), "abc");
	EXPECT_EQ(rt_msg_receive_if(&q, buf, 8, nullptr), 5); // "xyz": 5 bytes of the buffer unfilled
	EXPECT_EQ(std::string(buf, 3), "xyz");
	// Blocking forms refuse Linux context.
	EXPECT_EQ(rt_msg_receive(&q, buf, 8, nullptr), RTE_PERM);
	EXPECT_EQ(rt_msg_send_if(&q, nullptr, -1, 0), RTE_OBJINV);
	EXPECT_EQ(_rt_msg_send_if(&q, buf, 1, 0, 0), RTE_PERM); // user-space pointers: no LXRT
}

TEST_F(Tbx, WaitingReceiverGetsTheMessageDirectly)
{
	ASSERT_EQ(rt_tbx_init(&q, 4, 0), 0);
	char got[32] = {};
	start(a, 3, [&] {
		int left = rt_tbx_receive(&q, got, 32);
		trace.add("got " + text(got, 32) + " left=" + std::to_string(left));
	});
	run(100);
	start(b, 5, [&] {
		EXPECT_EQ(rt_tbx_send(&q, (void *)"hello", 6), 0);
		trace.add("sent");
	});
	// The receiver is more urgent: it runs as soon as the send wakes it.
	EXPECT_EQ(trace.str(), "got hello left=26@100 sent@100");
}

TEST_F(Tbx, FullQueueSenderWaitsAndIsTakenInByTheFreedSlot)
{
	ASSERT_EQ(rt_msgq_init(&q, 1, 8), 0);
	start(a, 5, [&] {
		EXPECT_EQ(rt_msg_send(&q, (void *)"one", 4, 2), 0);
		trace.add("a1");
		EXPECT_EQ(rt_msg_send(&q, (void *)"two", 4, 1), 0); // waits for the slot
		trace.add("a2");
	});
	start(b, 4, [&] {
		EXPECT_EQ(rt_msg_send(&q, (void *)"three", 6, 0), 0); // waits too, more urgent task
		trace.add("b");
	});
	run(100);
	EXPECT_EQ(trace.str(), "a1@0");
	std::string order;
	start(c, 6, [&] {
		char buf[8];
		int prio;
		for (int i = 0; i < 3; i++) {
			int left = rt_msg_receive(&q, buf, 8, &prio);
			EXPECT_EQ(left, 8 - (int)strlen(buf) - 1);
			order += text(buf, 8) + "/" + std::to_string(prio) + " ";
		}
	});
	run(100);
	// The first free slot goes to the more urgent waiting task (b).
	EXPECT_EQ(order, "one/2 three/0 two/1 ");
	EXPECT_EQ(trace.str(), "a1@0 b@100 a2@100");
}

TEST_F(Tbx, LargeMessagesGoThroughTheHeapAndComeBack)
{
	ASSERT_EQ(rt_tbx_init(&q, 4, 0), 0);
	std::string big(3000, 'x');
	for (size_t i = 0; i < big.size(); i++)
		big[i] = char('a' + i % 26);
	start(a, 5, [&] {
		EXPECT_EQ(rt_tbx_send(&q, big.data(), 3000), 0);
		EXPECT_EQ(rt_tbx_send(&q, big.data(), 1000), 0);
		EXPECT_LT(free_heap_bytes(), heap_free_at_start); // queued in heap blocks
		std::string got(3000, '\0');
		EXPECT_EQ(rt_tbx_receive(&q, got.data(), 3000), 0);
		EXPECT_EQ(got, big);
		// More than the heap holds: -ENOMEM, nothing queued.
		EXPECT_EQ(rt_tbx_send(&q, big.data(), 100000), -ENOMEM);
		trace.add("done");
	});
	EXPECT_EQ(trace.str(), "done@0");
	// One 1000-byte message still queued: delete hands its block back
	// (TearDown checks the heap is whole again).
}

TEST_F(Tbx, BroadcastReachesEveryWaitingReceiverOnly)
{
	ASSERT_EQ(rt_msgq_init(&q, 4, 16), 0);
	char ga[16] = {}, gb[4] = {}, gc[16] = {};
	int pa = -1, pc = -1;
	start(d, 8, [&] { EXPECT_EQ(rt_msg_broadcast(&q, (void *)"nobody", 7, 0), 0); });
	start(a, 3, [&] { trace.add("a " + std::to_string(rt_msg_receive(&q, ga, 16, &pa))); });
	start(b, 4, [&] { trace.add("b " + std::to_string(rt_tbx_receive(&q, gb, 4))); });
	start(c, 5, [&] { trace.add("c " + std::to_string(rt_msg_receive_timed(&q, gc, 16, &pc, 1000))); });
	run(100);
	RT_TASK e{};
	start(e, 6, [&] {
		EXPECT_EQ(rt_msg_broadcast(&q, (void *)"to-all", 7, 9), 3);
		trace.add("sent");
		EXPECT_EQ(rt_msg_broadcast_if(&q, (void *)"again", 6, 9), 0); // they took it: none waits
	});
	run(100);
	EXPECT_EQ(trace.str(), "a 9@100 b 0@100 c 9@100 sent@100");
	EXPECT_EQ(text(ga, 16), "to-all");
	EXPECT_EQ(std::string(gb, 4), "to-a");
	EXPECT_EQ(text(gc, 16), "to-all");
	EXPECT_EQ(pa, 9);
	EXPECT_EQ(pc, 9);
	EXPECT_EQ(rt_msg_receive_if(&q, ga, 16, nullptr), 16) << "a broadcast queues nothing";
}

TEST_F(Tbx, TimeoutsAndDeleteWakeWaiters)
{
	ASSERT_EQ(rt_msgq_init(&q, 1, 4), 0);
	start(a, 5, [&] {
		char buf[4];
		trace.add("rx " + rte_str(rt_msg_receive_timed(&q, buf, 4, nullptr, 100)));
		EXPECT_EQ(rt_msg_send(&q, (void *)"x", 1, 0), 0);
		trace.add("tx " + rte_str(rt_msg_send_until(&q, (void *)"y", 1, 0, now() + 50)));
		trace.add("tx-big " + rte_str(rt_msg_send_timed(&q, (void *)"0123456789", 10, 0, 50)));
		trace.add("tx " + rte_str(rt_msg_send(&q, (void *)"z", 1, 0))); // deleted while waiting
	});
	run(1000);
	EXPECT_EQ(trace.str(), "rx timeout@100 tx timeout@150 tx-big timeout@200");
	EXPECT_EQ(rt_msgq_delete(&q), 0);
	run(10);
	EXPECT_EQ(trace.events.back(), "tx objrem@1000");
	EXPECT_EQ(rt_msgq_delete(&q), -EFAULT);
	char buf[4];
	EXPECT_EQ(rt_msg_receive_if(&q, buf, 4, nullptr), RTE_OBJINV);
	EXPECT_EQ(rt_msg_send_if(&q, buf, 4, 0), RTE_OBJINV);
	EXPECT_EQ(rt_msg_broadcast(&q, buf, 4, 0), RTE_OBJINV);
}

TEST_F(Tbx, InitChecksItsArguments)
{
	EXPECT_EQ(rt_msgq_init(&q, 0, 8), -EINVAL);
	EXPECT_EQ(rt_msgq_init(&q, 4, -1), -EINVAL);
	ASSERT_EQ(rt_msgq_init(&q, 4, 8), 0);
	EXPECT_EQ(rt_msgq_init(&q, 4, 8), -EBUSY); // live: its messages would be lost
	start(a, 5, [&] {
		RT_MSGQ other{};
		EXPECT_EQ(rt_msgq_init(&other, 4, 8), -EINVAL); // allocates: Linux context only
	});
}

TEST_F(Tbx, NamedQueuesAreSharedAndCounted)
{
	RT_MSGQ *one = rt_named_msgq_init("TBXQ", 4, 8);
	ASSERT_NE(one, nullptr);
	EXPECT_EQ(rt_named_msgq_init("TBXQ", 99, 99), one); // the same, one more user
	EXPECT_EQ(rt_get_type(nam2num("TBXQ")), IS_TBX);
	EXPECT_EQ(rt_msg_send_if(one, (void *)"hi", 3, 0), 0);
	char buf[8];
	EXPECT_EQ(rt_msg_receive_if(rt_named_msgq_init("TBXQ", 1, 1), buf, 8, nullptr), 5);
	EXPECT_EQ(text(buf, 8), "hi");
	EXPECT_EQ(rt_named_msgq_delete(one), 2);
	EXPECT_EQ(rt_named_msgq_delete(one), 1);
	EXPECT_EQ(rt_named_msgq_delete(one), 0); // the last: deleted and freed
	EXPECT_EQ(rt_get_adr(nam2num("TBXQ")), nullptr);
	EXPECT_EQ(rt_named_msgq_delete(&q), -EINVAL); // not a named queue
	// A name of another kind of object is not a queue.
	SEM s{};
	ASSERT_EQ(rt_sem_init(&s, 0), 0);
	ASSERT_GT(rt_register(nam2num("SEMX"), &s, IS_SEM, nullptr), 0);
	EXPECT_EQ(rt_named_msgq_init("SEMX", 4, 8), nullptr);
	EXPECT_EQ(rt_drg_on_adr(&s), 1);
	rt_sem_delete(&s);
	// One left behind with a large message in the heap: the unload of
	// tactus_shm (tx_heap_teardown) deletes it and gives the block back.
	RT_MSGQ *left = rt_named_msgq_init("LEFT", 2, 0);
	ASSERT_NE(left, nullptr);
	EXPECT_EQ(rt_tbx_send_if(left, buf, 8), 0);
	EXPECT_LT(free_heap_bytes(), heap_free_at_start);
	tx_tbx_release_all();
	EXPECT_EQ(rt_get_adr(nam2num("LEFT")), nullptr);
	EXPECT_EQ(free_heap_bytes(), heap_free_at_start);
}

TEST_F(Tbx, WaitingTasksShowAsSemaphoreWaitsAndCanBeUnblocked)
{
	ASSERT_EQ(rt_msgq_init(&q, 1, 8), 0);
	start(a, 5, [&] {
		char buf[8];
		trace.add("rx " + rte_str(rt_msg_receive(&q, buf, 8, nullptr)));
	});
	run(50);
	EXPECT_TRUE(rt_get_task_state(&a) & RT_SCHED_SEMAPHORE);
	EXPECT_EQ(rt_task_masked_unblock(&a, RT_SCHED_SEMAPHORE), RTE_UNBLKD);
	run(10);
	EXPECT_EQ(trace.str(), "rx unblkd@50");
}

// A sender deleted while it waits with a large message: its block stays
// with the queue and goes back to the heap with the queue's delete.
TEST_F(Tbx, DeletedWaitingSendersBlockComesBackWithTheQueue)
{
	ASSERT_EQ(rt_tbx_init(&q, 1, 0), 0);
	std::string big(500, 'b');
	start(a, 5, [&] {
		EXPECT_EQ(rt_tbx_send(&q, big.data(), 500), 0);
		rt_tbx_send(&q, big.data(), 400); // waits: deleted here
		trace.add("never");
	});
	start(b, 6, [&] {
		trace.add("b " + rte_str(rt_tbx_send_timed(&q, big.data(), 300, 100))); // its own block back
	});
	run(50);
	EXPECT_EQ(rt_task_delete(&a), 0);
	run(100);
	EXPECT_EQ(trace.str(), "b timeout@100");
	EXPECT_LT(free_heap_bytes(), heap_free_at_start); // the queued message and a's block
	// TearDown deletes the queue and checks the heap is whole again.
}

// A sender whose wait timed out but that has not run yet (a more urgent
// task runs) when the queue is deleted: its block is its own, not an
// orphan of the queue. The delete must not free it (the sender frees it
// when it runs; a free by both would hand a block in use to rt_malloc).
TEST_F(Tbx, DeleteLeavesTheBlockOfATimedOutSenderToIt)
{
	ASSERT_EQ(rt_tbx_init(&q, 1, 0), 0);
	std::string big(500, 'b');
	start(a, 6, [&] {
		EXPECT_EQ(rt_tbx_send_if(&q, big.data(), 500), 0);
		trace.add("a " + rte_str(rt_tbx_send_timed(&q, big.data(), 400, 100)));
	});
	run(50);
	void *p = nullptr, *p2 = nullptr;
	start(b, 2, [&] {
		work(100); // a's timeout at 100 makes it ready; b still runs
		EXPECT_EQ(rt_msgq_delete(&q), 0);
		// The size of a's block: a block the delete freed would come back here.
		p = rt_malloc(TX_MSGQ_BLOCK_HEADER + 400);
		rt_sleep(10); // a runs and frees its own block
		p2 = rt_malloc(TX_MSGQ_BLOCK_HEADER + 400);
		trace.add("b");
	});
	run(200);
	EXPECT_EQ(trace.str(), "a timeout@150 b@160");
	ASSERT_NE(p, nullptr);
	EXPECT_NE(p, p2) << "a block freed twice went to two users";
	tx::sim::pump_linux_work();
	for (const std::string &line : tx::sim::log_lines())
		EXPECT_EQ(line.find("not a live block"), std::string::npos) << "a block freed twice: " << line;
	rt_free(p);
	rt_free(p2);
}
