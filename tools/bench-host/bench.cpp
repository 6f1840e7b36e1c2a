// SPDX-License-Identifier: GPL-2.0
// tools/bench-host/bench.cpp - host micro-benchmarks of the core (Google
// Benchmark). Not tests: they report what they measure.
//
//  - the scheduler's decision (ready-queue pick + requeue) and a full
//    suspend/resume switch pair with 1, 64 and 1000 ready tasks: both must
//    stay flat (O(1));
//  - ByteRing put+get throughput for 8- and 256-byte records against
//    boost::lockfree::spsc_queue in the same run.
#include <benchmark/benchmark.h>

#include <boost/lockfree/spsc_queue.hpp>
#include <cstring>
#include <memory>
#include <vector>

#include <rtai_sched.h>

#include "tests/host/test_interface.hpp"

namespace {

// Ready tasks that never run: below the benchmark's tasks.
struct Fillers {
	std::vector<RT_TASK> tasks;
	explicit Fillers(int n) : tasks(size_t(n))
	{
		for (int i = 0; i < n; i++) {
			rt_task_init(&tasks[size_t(i)], [](long) { for (;;) rt_task_suspend(nullptr); }, 0, 4096,
				     100 + i % 100, 0, nullptr);
			rt_task_resume(&tasks[size_t(i)]);
		}
	}
};

void BM_SchedulerDecision(benchmark::State &state)
{
	tx::sim::reset();
	int n = int(state.range(0));
	std::vector<tx::Task> tasks(static_cast<size_t>(n));
	tx::ReadyQueue rq;
	rq.reset();
	for (int i = 0; i < n; i++) {
		tasks[size_t(i)].run_link.init(&tasks[size_t(i)]);
		tasks[size_t(i)].level = unsigned(i % 256);
		rq.push_back(&tasks[size_t(i)]);
	}
	for (auto _ : state) {
		tx::Task *t = rq.highest(); // the decision
		rq.remove(t);               // and what a switch does to the queue
		rq.push_back(t);
		benchmark::DoNotOptimize(t);
	}
	state.SetLabel(std::to_string(n) + " ready");
}
BENCHMARK(BM_SchedulerDecision)->Arg(1)->Arg(64)->Arg(1000);

RT_TASK g_bench, g_partner;
benchmark::State *g_state;

void BM_SuspendResumeSwitch(benchmark::State &state)
{
	tx::sim::reset();
	int n = int(state.range(0));
	Fillers fillers(n - 1);
	g_state = &state;
	g_bench = RT_TASK{};
	g_partner = RT_TASK{};
	rt_task_init(&g_partner, [](long) { for (;;) rt_task_suspend(nullptr); }, 0, 16384, 1, 0, nullptr);
	rt_task_init(&g_bench,
		     [](long) {
			     for (auto _ : *g_state)
				     rt_task_resume(&g_partner); // switch to it and back: 2 switches
		     },
		     0, 1 << 20, 2, 0, nullptr);
	rt_task_resume(&g_bench);
	state.SetLabel(std::to_string(n) + " tasks, 2 switches/iter");
	tx::testing::delete_all_tasks();
	tx::sim::pump_linux_work();
}
BENCHMARK(BM_SuspendResumeSwitch)->Arg(1)->Arg(64)->Arg(1000);

template <size_t N> void BM_ByteRing(benchmark::State &state)
{
	std::vector<char> mem(64 * 1024);
	tx::ByteRing ring;
	ring.attach(mem.data(), mem.size());
	char rec[N] = {};
	char out[N];
	for (auto _ : state) {
		ring.put_all(rec, N);
		ring.get(out, N);
		benchmark::DoNotOptimize(out);
	}
	state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(N));
}
BENCHMARK_TEMPLATE(BM_ByteRing, 8);
BENCHMARK_TEMPLATE(BM_ByteRing, 256);

template <size_t N> void BM_BoostSpsc(benchmark::State &state)
{
	boost::lockfree::spsc_queue<char> q(64 * 1024);
	char rec[N] = {};
	char out[N];
	for (auto _ : state) {
		q.push(rec, N);
		q.pop(out, N);
		benchmark::DoNotOptimize(out);
	}
	state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(N));
}
BENCHMARK_TEMPLATE(BM_BoostSpsc, 8);
BENCHMARK_TEMPLATE(BM_BoostSpsc, 256);

} // namespace

BENCHMARK_MAIN();
