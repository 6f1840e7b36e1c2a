// SPDX-License-Identifier: GPL-2.0
// Several CPUs: per-CPU run queues, cross-CPU wake-ups through the
// reschedule IPI, migration and deletion of a task running elsewhere.
// The simulated CPUs run in turn, so only order and counts are asserted.
#include "harness.hpp"

using namespace txtest;

namespace {

tx::sim::Config two_cpus()
{
	tx::sim::Config c;
	c.cpus = 2;
	c.slice = 100;
	return c;
}

class Smp : public HostTest {
protected:
	Smp() : HostTest(two_cpus()) {}
	RT_TASK a{}, b{}, c{};
};

} // namespace

TEST_F(Smp, TasksRunOnTheirCpu)
{
	std::vector<int> cpus;
	ASSERT_EQ(spawn(a, 5, [&] { cpus.push_back(rtai_cpuid()); }, 0, 1), 0);
	ASSERT_EQ(spawn(b, 5, [&] { cpus.push_back(rtai_cpuid()); }, 0, 0), 0);
	rt_task_resume(&a); // on CPU 1: an IPI, it runs when CPU 1 does
	rt_task_resume(&b); // on CPU 0: at once
	EXPECT_EQ(cpus, std::vector<int>{0});
	run(1000);
	EXPECT_EQ(cpus, (std::vector<int>{0, 1}));
	EXPECT_GE(tx::sim::counters().ipi_irqs, 1u);
}

TEST_F(Smp, InitSpreadsTasksOverCpus)
{
	std::vector<int> cpus;
	for (RT_TASK *t : {&a, &b, &c})
		ASSERT_EQ(spawn(*t, 5, [&] { cpus.push_back(rtai_cpuid()); }), 0);
	EXPECT_EQ(tx::g_sched.cpu(0).ntasks, 2u);
	EXPECT_EQ(tx::g_sched.cpu(1).ntasks, 1u);
}

TEST_F(Smp, SemaphoreWakesATaskOnAnotherCpu)
{
	SEM s{};
	rt_sem_init(&s, 0);
	std::vector<std::string> log;
	start(a, 5, [&] {
		rt_sem_wait(&s);
		log.push_back("woke on " + std::to_string(rtai_cpuid()));
	}, 0, 1);
	run(500);
	start(b, 5, [&] {
		log.push_back("signal on " + std::to_string(rtai_cpuid()));
		rt_sem_signal(&s);
	}, 0, 0);
	run(1000);
	EXPECT_EQ(log, (std::vector<std::string>{"signal on 0", "woke on 1"}));
	rt_sem_delete(&s);
}

TEST_F(Smp, MigrationMovesQueuesAndTimers)
{
	std::vector<int> cpus;
	ASSERT_EQ(spawn(a, 5,
			[&] {
				for (int i = 0; i < 4; i++) {
					cpus.push_back(rtai_cpuid());
					rt_sleep(300);
				}
			},
			0, 0),
		  0);
	rt_task_resume(&a);
	run(100);
	rt_set_runnable_on_cpuid(&a, 1); // while it sleeps: its timer moves too
	run(3000);
	ASSERT_EQ(cpus.size(), 4u);
	EXPECT_EQ(cpus[0], 0);
	EXPECT_EQ(cpus[1], 1);
	EXPECT_EQ(cpus[3], 1);
	rt_set_runnable_on_cpus(&a, 0); // no usable CPU: ignored
	rt_set_runnable_on_cpuid(&a, 99);
}

// An FPU task moved away from CPU 0 while only a non-FPU task runs there
// leaves its registers in CPU 0's FPU; after it ran on CPU 1 they are
// stale, so coming back it must be restored. Linux (the test body) must
// not run on CPU 0 in between, or its own restore would hide the bug: a
// busy non-FPU task holds CPU 0 and a task on CPU 1 does the moves.
TEST_F(Smp, FpuTaskMovedAwayAndBackIsRestored)
{
	volatile bool done = false;
	std::vector<int> cpus;
	uint64_t restores_before = 0, restores_after = 0;
	ASSERT_EQ(spawn(b, 9, [&] {
		while (!done)
			work(10);
	}, 0, 0), 0);
	start(c, 5, [&] {
		rt_sleep(500);
		rt_set_runnable_on_cpuid(&a, 1); // a sleeps, b holds CPU 0
		rt_sleep(1000);
		rt_set_runnable_on_cpuid(&a, 0);
	}, 0, 1);
	start(a, 5, [&] {
		rt_task_resume(&b);
		cpus.push_back(rtai_cpuid());
		rt_sleep(1000); // moved to CPU 1 meanwhile
		cpus.push_back(rtai_cpuid());
		restores_before = tx::g_sched.cpu(0).fpu_restores;
		rt_sleep(1000); // moved back meanwhile
		cpus.push_back(rtai_cpuid());
		restores_after = tx::g_sched.cpu(0).fpu_restores;
		done = true;
	}, 1, 0);
	run(3000);
	ASSERT_TRUE(done);
	EXPECT_EQ(cpus, (std::vector<int>{0, 1, 0}));
	EXPECT_EQ(restores_after, restores_before + 1);
}

TEST_F(Smp, DeleteATaskRunningOnAnotherCpu)
{
	volatile bool running = false;
	start(a, 5, [&] {
		running = true;
		for (;;)
			tx::sim::consume(10);
	}, 0, 1);
	while (!running)
		run(50);
	EXPECT_EQ(rt_task_delete(&a), 0); // waits until CPU 1 switched away
	tx::sim::pump_linux_work();
	EXPECT_EQ(tx::sim::counters().bytes_live, 0u);
	EXPECT_EQ(rt_get_task_state(&a), 0);
}

TEST_F(Smp, MigrateATaskWhileItRuns)
{
	std::vector<int> cpus;
	volatile bool go = false;
	start(a, 5, [&] {
		cpus.push_back(rtai_cpuid());
		while (!go)
			tx::sim::consume(10);
		rt_sleep(1000); // a switch: the move takes effect
		cpus.push_back(rtai_cpuid());
	}, 0, 1);
	run(300);
	go = true;
	rt_set_runnable_on_cpuid(&a, 0);
	run(2000);
	EXPECT_EQ(cpus, (std::vector<int>{1, 0}));
}

// CPU hotplug: offline is refused while tasks are placed on the CPU; an
// offline CPU takes no new task; back online, tasks run there again.
TEST_F(Smp, OfflineCpuIsRefusedWhileItHostsTasksAndTakesNoNewOnes)
{
	int runs = 0;
	ASSERT_EQ(spawn(a, 5, [&] { runs++; }, 0, 1), 0);
	EXPECT_EQ(tx::g_sched.set_cpu_offline(1), 1u);
	EXPECT_TRUE(tx::g_sched.cpu(1).online);
	rt_task_delete(&a);
	EXPECT_EQ(tx::g_sched.set_cpu_offline(1), 0u);
	EXPECT_FALSE(tx::g_sched.cpu(1).online);
	EXPECT_EQ(tx::g_sched.online_mask(), 1u);
	EXPECT_EQ(spawn(b, 5, [&] { runs++; }, 0, 1), -EINVAL);
	ASSERT_EQ(spawn(b, 5, [&] { runs++; }), 0); // placed on CPU 0
	EXPECT_EQ(tx::g_sched.cpu(0).ntasks, 1u);
	rt_task_delete(&b);
	tx::g_sched.set_cpu_online(1);
	EXPECT_EQ(tx::g_sched.online_mask(), 3u);
	start(c, 5, [&] { runs++; }, 0, 1);
	run(1000);
	EXPECT_EQ(runs, 1);
}
