// SPDX-License-Identifier: GPL-2.0
// RTAI's system requests (rt_request_srq, rt_pend_linux_srq, rt_free_srq).
#include "harness.hpp"
#include "../../hal/srq.h"

using namespace txtest;

namespace {

int g_runs;
void count_run() { g_runs++; }
void other() {}

class Srq : public HostTest {
protected:
	RT_TASK a{};
	void SetUp() override
	{
		HostTest::SetUp();
		g_runs = 0;
	}
};

TEST_F(Srq, APendFromATaskRunsTheHandlerInLinuxOnce)
{
	int srq = rt_request_srq(0xabc, count_run, nullptr);
	ASSERT_GE(srq, 1);
	start(a, 5, [&] {
		rt_pend_linux_srq(static_cast<unsigned>(srq));
		rt_pend_linux_srq(static_cast<unsigned>(srq)); // before it ran: once
		trace.add("pended " + std::to_string(g_runs));
	});
	EXPECT_EQ(trace.str(), "pended 0@0");
	tx::sim::pump_linux_work();
	EXPECT_EQ(g_runs, 1);
	rt_pend_linux_srq(static_cast<unsigned>(srq));
	tx::sim::pump_linux_work();
	EXPECT_EQ(g_runs, 2);
	EXPECT_EQ(rt_free_srq(static_cast<unsigned>(srq)), 0);
	EXPECT_EQ(rt_free_srq(static_cast<unsigned>(srq)), -EINVAL);
	rt_pend_linux_srq(static_cast<unsigned>(srq)); // freed: ignored, logged
	tx::sim::pump_linux_work();
	EXPECT_EQ(g_runs, 2);
	bool logged = false;
	for (const std::string &l : tx::sim::log_lines())
		logged |= l.find("rt_pend_linux_srq") != std::string::npos;
	EXPECT_TRUE(logged);
}

TEST_F(Srq, AFreedPendStillQueuedDoesNothing)
{
	int srq = rt_request_srq(1, count_run, nullptr);
	ASSERT_GE(srq, 1);
	rt_pend_linux_srq(static_cast<unsigned>(srq));
	EXPECT_EQ(rt_free_srq(static_cast<unsigned>(srq)), 0);
	tx::sim::pump_linux_work();
	EXPECT_EQ(g_runs, 0);
}

TEST_F(Srq, NumbersLabelsAndContexts)
{
	EXPECT_EQ(rt_request_srq(1, nullptr, nullptr), -EINVAL);
	int first = rt_request_srq(1, other, nullptr);
	EXPECT_EQ(first, 1);
	EXPECT_EQ(rt_request_srq(1, other, nullptr), -EBUSY); // label taken
	for (unsigned label = 2; label < RTAI_NR_SRQS; label++)
		EXPECT_GE(rt_request_srq(label, other, nullptr), 2);
	EXPECT_EQ(rt_request_srq(99, other, nullptr), -EBUSY); // all 31 taken
	EXPECT_EQ(rt_free_srq(0), -EINVAL);
	EXPECT_EQ(rt_free_srq(RTAI_NR_SRQS), -EINVAL);
	int from_task = 0;
	start(a, 5, [&] { from_task = rt_request_srq(200, other, nullptr); });
	EXPECT_EQ(from_task, -EPERM);
	auto is_other = [](const void *h, void *) { return int(h == reinterpret_cast<const void *>(other)); };
	EXPECT_EQ(tx_srq_release_if(is_other, nullptr), unsigned(RTAI_NR_SRQS - 1));
	EXPECT_EQ(rt_request_srq(1, other, nullptr), 1); // free again
}

} // namespace
