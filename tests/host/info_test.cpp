// SPDX-License-Identifier: GPL-2.0
// sched_info.h: the snapshots behind /proc/tactus/scheduler and the calls
// the kernel glue makes (module unload deletes tasks, CPU hotplug).
#include <sched/sched_info.h>

#include <cstring>

#include "harness.hpp"

using namespace txtest;

namespace {

class Info : public HostTest {
protected:
	RT_TASK a{}, b{}, c{};
	SEM sem{};

	const tx_task_info *by_prio(const tx_task_info *all, int n, int prio)
	{
		for (int i = 0; i < n; i++)
			if (all[i].prio == prio)
				return &all[i];
		return nullptr;
	}
};

} // namespace

TEST_F(Info, TasksShowStateWaitPeriodAndLatency)
{
	rt_sem_init(&sem, 0);
	ASSERT_EQ(spawn(a, 3, [&] {
		for (;;)
			rt_task_wait_period();
	}), 0);
	ASSERT_EQ(rt_task_make_periodic(&a, now() + 1000, 1000), 0);
	start(b, 4, [&] { rt_sem_wait(&sem); });
	ASSERT_EQ(spawn(c, 5, [] {}), 0); // created suspended
	run(5500);

	tx_task_info info[8];
	ASSERT_EQ(tx_sched_tasks(info, 8), 3);
	const tx_task_info *pa = by_prio(info, 3, 3), *pb = by_prio(info, 3, 4), *pc = by_prio(info, 3, 5);
	ASSERT_TRUE(pa && pb && pc);
	EXPECT_STREQ(pa->state, "periodic-wait");
	EXPECT_EQ(pa->period_ns, 1000); // 1 GHz counter: 1 count = 1 ns
	EXPECT_GE(pa->releases, 4u);
	EXPECT_EQ(pa->overruns, 0u);
	EXPECT_GE(pa->lat_max_ns, pa->lat_min_ns);
	EXPECT_STREQ(pb->state, "blocked");
	EXPECT_STREQ(pb->wait_on, "semaphore");
	EXPECT_STREQ(pc->state, "suspended");
	EXPECT_STREQ(pc->wait_on, "");
	for (const tx_task_info *p : {pa, pb, pc}) {
		EXPECT_EQ(p->cpu, 0u);
		EXPECT_EQ(p->base_prio, p->prio);
		EXPECT_EQ(p->watchdog_hit, 0);
	}
	// A short buffer gets what fits; the count is still every task.
	EXPECT_EQ(tx_sched_tasks(info, 1), 3);
	rt_sem_delete(&sem);
}

// The switch only notes a release's start; its latency is recorded at the
// task's next wait_period, and the snapshot shows it before that too.
TEST_F(Info, ALatestReleaseShowsItsLatencyBeforeItIsRecorded)
{
	rt_sem_init(&sem, 0);
	ASSERT_EQ(spawn(b, 1, [&] { work(40); }), 0);
	ASSERT_EQ(spawn(a, 5, [&] {
		for (;;) {
			rt_sem_wait(&sem);
			rt_task_wait_period();
		}
	}), 0);
	ASSERT_EQ(rt_task_make_periodic(&a, 100, 1000), 0);
	ASSERT_EQ(rt_task_make_periodic(&b, 100, 1000000), 0); // runs 100..140 over a's release
	run(500);
	tx::Task *t = reinterpret_cast<tx::Task *>(&a);
	EXPECT_EQ(t->latency.samples, 0u); // a waits for the semaphore: not recorded yet
	tx_task_info info[8];
	ASSERT_EQ(tx_sched_tasks(info, 8), 1); // b returned: deleted
	const tx_task_info *pa = by_prio(info, 1, 5);
	ASSERT_TRUE(pa);
	EXPECT_EQ(pa->releases, 1u);
	EXPECT_EQ(pa->lat_max_ns, 40);
	rt_sem_signal(&sem);
	run(100); // a waits for its next release: recorded
	EXPECT_EQ(t->latency.samples, 1u);
	EXPECT_EQ(t->latency.max, 40);
	ASSERT_EQ(tx_sched_tasks(info, 8), 1); // b returned: deleted
	EXPECT_EQ(by_prio(info, 1, 5)->releases, 1u);
	rt_sem_delete(&sem);
}

TEST_F(Info, SummariesCountTasksTimerAndSwitches)
{
	tx_sched_set_watchdog_ns(5000000);
	start(a, 3, [&] {
		for (int i = 0; i < 3; i++)
			rt_sleep(100);
	});
	ASSERT_EQ(spawn(b, 4, [] {}), 0);
	run(1000);

	tx_sched_summary s;
	tx_sched_get_summary(&s);
	EXPECT_EQ(s.counter_hz, 1000000000u);
	EXPECT_EQ(s.timer_running, 1);
	EXPECT_EQ(s.periodic_mode, 0);
	EXPECT_EQ(s.watchdog_ns, 5000000);
	EXPECT_EQ(s.watchdog_hits, 0u);
	EXPECT_EQ(s.tasks, 1u); // a returned (deleted itself); b waits suspended

	tx_cpu_summary cpu;
	tx_sched_cpu_summary(0, &cpu);
	EXPECT_EQ(cpu.online, 1);
	EXPECT_EQ(cpu.tasks, 1u);
	EXPECT_GE(cpu.switches, 8u); // a in and out at start, 3 sleeps, exit
	EXPECT_GE(cpu.timer_irqs, 3u);
	tx_sched_set_watchdog_ns(0);
	tx_sched_get_summary(&s);
	EXPECT_EQ(s.watchdog_ns, 0);
}

// Module unload: the glue deletes the tasks whose function or control block
// lies in the module; here the match is all or none, then by control block.
TEST_F(Info, DeleteTasksByEntryMatch)
{
	ASSERT_EQ(spawn(a, 3, [] {}), 0);
	ASSERT_EQ(spawn(b, 4, [] {}), 0);
	auto none = [](void (*)(long), const void *, void *) { return 0; };
	auto all = [](void (*)(long), const void *, void *) { return 1; };
	EXPECT_EQ(tx_sched_delete_tasks(+none, nullptr), 0u);
	EXPECT_EQ(tx_sched_tasks(nullptr, 0), 2);
	EXPECT_EQ(tx_sched_cpu_offline(0), 2u); // refused: CPU 0 hosts them
	EXPECT_EQ(tx_sched_delete_tasks(+all, nullptr), 2u);
	EXPECT_EQ(tx_sched_tasks(nullptr, 0), 0);
	ASSERT_EQ(spawn(a, 3, [] {}), 0);
	ASSERT_EQ(spawn(b, 4, [] {}), 0);
	auto only_a = [](void (*)(long), const void *task, void *ctx) { return task == ctx ? 1 : 0; };
	EXPECT_EQ(tx_sched_delete_tasks(+only_a, &a), 1u); // by the RT_TASK's address
	EXPECT_EQ(rt_task_delete(&a), -EINVAL);
	EXPECT_EQ(tx_sched_delete_tasks(+all, nullptr), 1u);
	ASSERT_EQ(spawn(c, 5, [] {}), 0);
	EXPECT_EQ(tx_sched_delete_tasks(nullptr, nullptr), 1u); // NULL: all
	tx_sched_cpu_online(0); // already online: nothing changes
	tx_cpu_summary cpu;
	tx_sched_cpu_summary(0, &cpu);
	EXPECT_EQ(cpu.online, 1);
	EXPECT_EQ(cpu.tasks, 0u);
}
