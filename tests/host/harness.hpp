// SPDX-License-Identifier: GPL-2.0
// tests/host/harness.hpp - what every host test uses: a fresh simulated
// machine per test, tasks from lambdas, and an event trace.
#pragma once

#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <rtai_fifos.h>
#include <rtai_mbx.h>
#include <rtai_msg.h>
#include <rtai_sched.h>
#include <rtai_sem.h>
#include <rtai_shm.h>

#include "arch/host/sim.hpp"
#include "fifo/fifo.hpp"
#include "sched/scheduler.hpp"
#include "shm/registry.hpp"
#include "api/posix_glue.h"
#include "api/proxies_glue.h"

namespace txtest {

using tx::Count;

// Events as "what@time" strings, easy to compare as a whole.
struct Trace {
	std::vector<std::string> events;
	void add(const std::string &what) { events.push_back(what + "@" + std::to_string(tx::sim::now())); }
	void add_plain(const std::string &what) { events.push_back(what); }
	void clear() { events.clear(); }
	std::string str() const
	{
		std::string s;
		for (auto &e : events)
			s += (s.empty() ? "" : " ") + e;
		return s;
	}
};

// An RTAI result as a word for traces: "timeout", "perm", "objinv",
// "objrem", "unblkd", else the number.
inline std::string rte_str(int v)
{
	switch (v) {
	case RTE_TIMOUT:
		return "timeout";
	case RTE_PERM:
		return "perm";
	case RTE_OBJINV:
		return "objinv";
	case RTE_OBJREM:
		return "objrem";
	case RTE_UNBLKD:
		return "unblkd";
	default:
		return std::to_string(v);
	}
}

class HostTest : public ::testing::Test {
protected:
	explicit HostTest(tx::sim::Config config = tx::sim::Config()) : config_(config) {}

	void SetUp() override
	{
		tx::sim::reset(config_);
		trace.clear();
	}

	void TearDown() override
	{
		tx_proxies_shutdown();
		tx_posix_release_owner(nullptr, nullptr);
		tx_posix_mq_release_owner(nullptr, nullptr);
		tx_posix_timers_release_owner(nullptr, nullptr);
		tx::g_sched.delete_tasks_if(nullptr, nullptr);
		for (unsigned f = 0; f < tx::fifo_count(); f++)
			while (tx::fifo_is_open(f))
				rtf_destroy(f);
		tx::sim::set_injector(nullptr);
		tx::sim::pump_linux_work();
		tx::shm_teardown();
		EXPECT_EQ(tx::sim::counters().bytes_live, 0u) << "memory leaked";
		bodies_.clear();
	}

	// Create (suspended) a task running 'body'.
	int spawn(RT_TASK &task, int prio, std::function<void()> body, int uses_fpu = 0, int cpu = -1,
		  int stack = 32768)
	{
		bodies_.push_back(std::make_unique<std::function<void()>>(std::move(body)));
		long arg = reinterpret_cast<long>(bodies_.back().get());
		auto entry = [](long a) { (*reinterpret_cast<std::function<void()> *>(a))(); };
		if (cpu < 0)
			return rt_task_init(&task, entry, arg, stack, prio, uses_fpu, nullptr);
		return rt_task_init_cpuid(&task, entry, arg, stack, prio, uses_fpu, nullptr, static_cast<unsigned>(cpu));
	}

	// Create and start.
	void start(RT_TASK &task, int prio, std::function<void()> body, int uses_fpu = 0, int cpu = -1)
	{
		ASSERT_EQ(spawn(task, prio, std::move(body), uses_fpu, cpu), 0);
		ASSERT_EQ(rt_task_resume(&task), 0);
	}

	static void run(Count counts) { tx::sim::run_linux(counts); }
	static void work(Count counts) { tx::sim::consume(counts); }
	static Count now() { return tx::sim::now(); }

	Trace trace;
	tx::sim::Config config_;
	std::vector<std::unique_ptr<std::function<void()>>> bodies_;
};

} // namespace txtest
