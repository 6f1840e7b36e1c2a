// SPDX-License-Identifier: GPL-2.0
// RTAI's event flags (rtai_bits.h) through the C API.
#include <rtai_bits.h>

#include "harness.hpp"

using namespace txtest;

namespace {

class Bits : public HostTest {
protected:
	RT_TASK a{}, b{}, c{};
	BITS bits{};
	static std::string str(int v) { return rte_str(v); }
	void SetUp() override
	{
		HostTest::SetUp();
		rt_bits_init(&bits, 0);
	}
	void TearDown() override
	{
		rt_bits_delete(&bits);
		HostTest::TearDown();
	}
};

// Each simple and combined test against a set of flags: what RTAI's
// functions compute, with the two masks of a combined test in the halves.
TEST_F(Bits, EveryTestFunction)
{
	rt_bits_reset(&bits, 0b0110);
	auto holds = [&](int test, unsigned long masks) {
		unsigned long seen = 99;
		int r = rt_bits_wait_if(&bits, test, masks, NOP_BITS, 0, &seen);
		EXPECT_EQ(seen, 0b0110u);
		return r;
	};
	EXPECT_EQ(holds(ALL_SET, 0b0110), 1);
	EXPECT_EQ(holds(ALL_SET, 0b0111), 0);
	EXPECT_EQ(holds(ANY_SET, 0b1001), 0);
	EXPECT_EQ(holds(ANY_SET, 0b1011), 1);
	EXPECT_EQ(holds(ALL_CLR, 0b1001), 1);
	EXPECT_EQ(holds(ALL_CLR, 0b1011), 0);
	EXPECT_EQ(holds(ANY_CLR, 0b0110), 0);
	EXPECT_EQ(holds(ANY_CLR, 0b0111), 1);
	EXPECT_EQ(holds(ALL_SET_AND_ANY_SET, RT_BITS_MASKS(0b0110, 0b1100)), 1);
	EXPECT_EQ(holds(ALL_SET_AND_ANY_SET, RT_BITS_MASKS(0b0110, 0b1000)), 0);
	EXPECT_EQ(holds(ALL_SET_AND_ALL_CLR, RT_BITS_MASKS(0b0010, 0b1001)), 1);
	EXPECT_EQ(holds(ALL_SET_AND_ALL_CLR, RT_BITS_MASKS(0b0010, 0b1011)), 0);
	EXPECT_EQ(holds(ALL_SET_AND_ANY_CLR, RT_BITS_MASKS(0b0100, 0b0011)), 1);
	EXPECT_EQ(holds(ANY_SET_AND_ALL_CLR, RT_BITS_MASKS(0b1100, 0b0001)), 1);
	EXPECT_EQ(holds(ANY_SET_AND_ANY_CLR, RT_BITS_MASKS(0b1000, 0b0001)), 0);
	EXPECT_EQ(holds(ALL_CLR_AND_ANY_CLR, RT_BITS_MASKS(0b1001, 0b0110)), 0);
	EXPECT_EQ(holds(ALL_SET_OR_ANY_SET, RT_BITS_MASKS(0b1111, 0b0100)), 1);
	EXPECT_EQ(holds(ALL_SET_OR_ALL_CLR, RT_BITS_MASKS(0b1111, 0b0010)), 0);
	EXPECT_EQ(holds(ALL_SET_OR_ANY_CLR, RT_BITS_MASKS(0b1111, 0b0011)), 1);
	EXPECT_EQ(holds(ANY_SET_OR_ALL_CLR, RT_BITS_MASKS(0b1000, 0b0001)), 1);
	EXPECT_EQ(holds(ANY_SET_OR_ANY_CLR, RT_BITS_MASKS(0b1000, 0b0110)), 0);
	EXPECT_EQ(holds(ALL_CLR_OR_ANY_CLR, RT_BITS_MASKS(0b0010, 0b0001)), 1);
	// A second mask in the high half: the full width of each half.
	unsigned long high = 1ul << (sizeof(unsigned long) * 4 - 1);
	rt_bits_reset(&bits, high);
	EXPECT_EQ(rt_bits_wait_if(&bits, ALL_SET_AND_ALL_CLR, RT_BITS_MASKS(high, high >> 1), NOP_BITS, 0, nullptr), 1);
}

TEST_F(Bits, SignalFunctionsAndResults)
{
	EXPECT_EQ(rt_bits_signal(&bits, SET_BITS, 0b1010), 0b1010u);
	EXPECT_EQ(rt_bits_signal(&bits, CLR_BITS, 0b0010), 0b1000u);
	EXPECT_EQ(rt_bits_signal(&bits, SET_CLR_BITS, RT_BITS_MASKS(0b0101, 0b1000)), 0b0101u);
	EXPECT_EQ(rt_bits_signal(&bits, NOP_BITS, ~0ul), 0b0101u);
	EXPECT_EQ(rt_bits_signal(&bits, 4, 1), static_cast<unsigned long>(RTE_OBJINV));
	EXPECT_EQ(rt_get_bits(&bits), 0b0101u);
	EXPECT_EQ(rt_bits_reset(&bits, 7), 0b0101u);
	EXPECT_EQ(rt_get_bits(&bits), 7u);
	unsigned long seen = 0;
	EXPECT_EQ(rt_bits_wait_if(&bits, ANY_SET, 1, CLR_BITS, 1, &seen), 1); // exit applied
	EXPECT_EQ(seen, 7u);
	EXPECT_EQ(rt_get_bits(&bits), 6u);
	EXPECT_EQ(rt_bits_wait_if(&bits, 16, 1, NOP_BITS, 0, nullptr), RTE_OBJINV);
	EXPECT_EQ(rt_bits_wait_if(&bits, ANY_SET, 1, 9, 0, nullptr), RTE_OBJINV);
	EXPECT_EQ(rt_bits_wait(&bits, ANY_SET, 1, NOP_BITS, 0, nullptr), RTE_PERM); // Linux context would block
	EXPECT_EQ(rt_bits_wait(&bits, ANY_SET, 2, NOP_BITS, 0, nullptr), 0);   // holds: no block needed
	BITS dead{};
	EXPECT_EQ(rt_bits_delete(&dead), RTE_OBJINV);
	EXPECT_EQ(rt_bits_signal(&dead, SET_BITS, 1), static_cast<unsigned long>(RTE_OBJINV));
	EXPECT_EQ(rt_bits_wait_if(&dead, ANY_SET, 1, NOP_BITS, 0, nullptr), RTE_OBJINV);
	rt_bits_init(&bits, 0); // live: refused
	EXPECT_EQ(rt_get_bits(&bits), 6u);
}

// Waiters woken in priority order, each one's exit applied before the next
// is tested: two consumers of one event, only one gets it.
TEST_F(Bits, ASignalWakesWhomItSatisfiesAndExitsConsume)
{
	unsigned long seen_a = 0, seen_b = 0, seen_c = 0;
	start(a, 6, [&] { trace.add("a:" + str(rt_bits_wait(&bits, ANY_SET, 1, CLR_BITS, 1, &seen_a))); });
	start(b, 5, [&] { trace.add("b:" + str(rt_bits_wait(&bits, ANY_SET, 1, CLR_BITS, 1, &seen_b))); });
	start(c, 7, [&] { trace.add("c:" + str(rt_bits_wait(&bits, ALL_SET, 6, NOP_BITS, 0, &seen_c))); });
	run(10);
	EXPECT_EQ(rt_bits_signal(&bits, SET_BITS, 2), 2u); // satisfies nobody
	run(10);
	EXPECT_EQ(trace.str(), "");
	EXPECT_EQ(rt_bits_signal(&bits, SET_BITS, 1), 3u); // b (prio 5) takes bit 0; a still waits
	run(10);
	EXPECT_EQ(trace.str(), "b:0@20");
	EXPECT_EQ(seen_b, 3u);
	EXPECT_EQ(rt_get_bits(&bits), 2u);
	EXPECT_EQ(rt_bits_signal(&bits, SET_BITS, 5), 7u); // a takes bit 0, then c's ALL_SET 6 holds
	run(10);
	EXPECT_EQ(trace.str(), "b:0@20 a:0@30 c:0@30");
	EXPECT_EQ(seen_a, 7u);
	EXPECT_EQ(seen_c, 6u);
	EXPECT_EQ(rt_get_bits(&bits), 6u);
}

// An exit that changes the flags wakes the waiters it satisfies, even one
// passed before it (higher priority), and so does a wait that succeeds at
// once.
TEST_F(Bits, ExitsWakeWhomTheySatisfy)
{
	start(a, 4, [&] { trace.add("a:" + str(rt_bits_wait(&bits, ALL_SET, 2, NOP_BITS, 0, nullptr))); });
	start(b, 5, [&] { trace.add("b:" + str(rt_bits_wait(&bits, ANY_SET, 1, SET_BITS, 2, nullptr))); });
	run(10);
	rt_bits_signal(&bits, SET_BITS, 1); // b's exit sets 2: a, passed before b, is woken too
	run(10);
	EXPECT_EQ(trace.str(), "a:0@10 b:0@10");
	rt_bits_reset(&bits, 0);
	trace.clear();
	start(c, 4, [&] { trace.add("c:" + str(rt_bits_wait(&bits, ALL_SET, 8, NOP_BITS, 0, nullptr))); });
	run(10);
	// Linux's wait_if succeeds at once and its exit sets 8: c is woken.
	EXPECT_EQ(rt_bits_wait_if(&bits, ALL_CLR, 8, SET_BITS, 8, nullptr), 1);
	run(10);
	EXPECT_EQ(trace.str(), "c:0@30");
}

TEST_F(Bits, TimeoutsResetAndDelete)
{
	unsigned long seen = 99;
	start(a, 5, [&] {
		trace.add("a:" + str(rt_bits_wait_timed(&bits, ALL_SET, 8, NOP_BITS, 0, 50, &seen)));
		trace.add("a:" + str(rt_bits_wait_until(&bits, ALL_SET, 8, NOP_BITS, 0, now() - 1, nullptr)));
		trace.add("a:" + str(rt_bits_wait(&bits, ALL_SET, 1, SET_BITS, 16, &seen)));
		trace.add("a:" + str(rt_bits_wait(&bits, ALL_SET, 32, NOP_BITS, 0, nullptr)));
	});
	start(b, 6, [&] { trace.add("b:" + str(rt_bits_wait(&bits, ALL_SET, 1 << 20, NOP_BITS, 0, nullptr))); });
	run(100);
	EXPECT_EQ(seen, 0u); // timed out
	EXPECT_EQ(rt_bits_reset(&bits, 2), 0u); // satisfies nobody
	run(10);
	EXPECT_EQ(trace.str(), "a:timeout@50 a:timeout@50");
	EXPECT_EQ(rt_bits_reset(&bits, 1), 2u); // a's ALL_SET 1 holds: woken, sets 16
	run(10);
	EXPECT_EQ(trace.str(), "a:timeout@50 a:timeout@50 a:0@110");
	EXPECT_EQ(seen, 1u);
	EXPECT_EQ(rt_get_bits(&bits), 17u);
	EXPECT_EQ(rt_bits_delete(&bits), 0); // a and b still wait: removed
	run(10);
	EXPECT_EQ(trace.str(), "a:timeout@50 a:timeout@50 a:0@110 a:objrem@120 b:objrem@120");
	rt_bits_init(&bits, 0); // for TearDown
}

TEST_F(Bits, UnblockEndsAWait)
{
	start(a, 5, [&] { trace.add("a:" + str(rt_bits_wait(&bits, ANY_SET, 1, NOP_BITS, 0, nullptr))); });
	run(10);
	EXPECT_EQ(rt_get_task_state(&a) & RT_SCHED_SEMAPHORE, RT_SCHED_SEMAPHORE);
	EXPECT_EQ(rt_task_masked_unblock(&a, RT_SCHED_SEMAPHORE), RTE_UNBLKD); // it was not ready
	run(10);
	EXPECT_EQ(trace.str(), "a:unblkd@10");
}

} // namespace
