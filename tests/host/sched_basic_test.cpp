// SPDX-License-Identifier: GPL-2.0
// Basic scheduling rules on the host port, through the core's C++ interface.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "arch/host/sim.hpp"
#include "sched/errors.hpp"
#include "sched/scheduler.hpp"

using namespace tx;

namespace {

std::vector<std::string> trace;

void record(const char *what) { trace.push_back(std::string(what) + "@" + std::to_string(sim::now())); }

class SchedBasic : public ::testing::Test {
protected:
	void SetUp() override
	{
		sim::reset();
		trace.clear();
	}
	void TearDown() override
	{
		g_sched.delete_tasks_if(nullptr, nullptr);
		sim::pump_linux_work();
		EXPECT_EQ(sim::counters().bytes_live, 0u);
	}
	Task a{}, b{}, c{};
};

void sleeper(long)
{
	record("start");
	g_sched.sleep(1000);
	record("woke");
}

} // namespace

TEST_F(SchedBasic, TaskIsCreatedSuspendedAndRunsOnResume)
{
	ASSERT_EQ(g_sched.task_init(&a, sleeper, 0, 16384, 5, false, 1, "a"), 0);
	sim::run_linux(100);
	EXPECT_TRUE(trace.empty());
	EXPECT_EQ(g_sched.resume(&a), 0);
	ASSERT_EQ(trace.size(), 1u);
	EXPECT_EQ(trace[0], "start@100");
	sim::run_linux(5000);
	ASSERT_EQ(trace.size(), 2u);
	EXPECT_EQ(trace[1], "woke@1100");
	EXPECT_FALSE(g_sched.valid(&a)); // returned from its function: deleted
}
