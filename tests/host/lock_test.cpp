// SPDX-License-Identifier: GPL-2.0
// The scheduler's lock rules (sched/scheduler.hpp, "Locks"): the IPC lock
// comes before any CPU lock, a second CPU lock only with the IPC lock, and
// the registry walk that holds the locks for one task at a time.
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

class Locks : public HostTest {
protected:
	Locks() : HostTest(two_cpus()) {}
	RT_TASK a{}, b{}, c{};
};

using LocksDeathTest = Locks;

void names(const tx::Task *t, void *out) { static_cast<std::vector<std::string> *>(out)->push_back(t->name); }

} // namespace

TEST_F(LocksDeathTest, IpcLockAfterACpuLockIsRefused)
{
	EXPECT_DEATH(
		{
			unsigned long flags = tx_port_irq_save();
			tx::CpuHold hold(tx::g_sched, tx::g_sched.cpu(0));
			tx::g_sched.ipc_enter(); // the wrong order: could deadlock with an IPC holder
			tx_port_irq_restore(flags);
		},
		"holds_a_cpu_lock");
}

TEST_F(LocksDeathTest, SecondCpuLockNeedsTheIpcLock)
{
	EXPECT_DEATH(
		{
			unsigned long flags = tx_port_irq_save();
			tx::CpuHold first(tx::g_sched, tx::g_sched.cpu(0));
			tx::CpuHold second(tx::g_sched, tx::g_sched.cpu(1));
			tx_port_irq_restore(flags);
		},
		"holds_a_cpu_lock");
}

TEST_F(LocksDeathTest, ACpuLockTakenTwiceIsRefused)
{
	EXPECT_DEATH(
		{
			unsigned long flags = tx::g_sched.ipc_enter();
			tx::CpuHold first(tx::g_sched, tx::g_sched.cpu(1));
			tx::CpuHold again(tx::g_sched, tx::g_sched.cpu(1)); // would spin forever
			tx::g_sched.ipc_leave(flags);
		},
		"held_here");
}

TEST_F(Locks, TwoCpuLocksWithTheIpcLock)
{
	unsigned long flags = tx::g_sched.ipc_enter();
	{
		tx::CpuHold first(tx::g_sched, tx::g_sched.cpu(1));
		tx::CpuHold second(tx::g_sched, tx::g_sched.cpu(0));
		EXPECT_TRUE(tx::g_sched.cpu(0).lock.held_here());
		EXPECT_TRUE(tx::g_sched.cpu(1).lock.held_here());
	}
	EXPECT_FALSE(tx::g_sched.cpu(1).lock.held());
	tx::g_sched.ipc_leave(flags);
	EXPECT_FALSE(tx::g_sched.cpu(0).lock.held());
}

TEST_F(Locks, RegistryWalkSurvivesDeletionBetweenSteps)
{
	auto idle = [] { rt_task_suspend(nullptr); };
	ASSERT_EQ(spawn(a, 5, idle, 0, 0), 0);
	ASSERT_EQ(spawn(b, 5, idle, 0, 1), 0);
	ASSERT_EQ(spawn(c, 5, idle, 0, 0), 0);
	tx::Task *ta = reinterpret_cast<tx::Task *>(&a), *tb = reinterpret_cast<tx::Task *>(&b);
	ta->name[0] = 'a', tb->name[0] = 'b', reinterpret_cast<tx::Task *>(&c)->name[0] = 'c';
	std::vector<std::string> seen;
	unsigned cursor = 0;
	ASSERT_TRUE(tx::g_sched.snapshot_next(&cursor, names, &seen));
	ASSERT_EQ(rt_task_delete(&b), 0); // between two steps of the walk
	while (tx::g_sched.snapshot_next(&cursor, names, &seen))
		;
	EXPECT_EQ(seen, (std::vector<std::string>{"a", "c"}));
	// Its slot is free again: a new task takes it, and the walk finds it.
	ASSERT_EQ(spawn(b, 5, idle, 0, 1), 0);
	EXPECT_EQ(tx::g_sched.task_count(), 3u);
	seen.clear();
	for (cursor = 0; tx::g_sched.snapshot_next(&cursor, names, &seen);)
		;
	EXPECT_EQ(seen.size(), 3u);
}

TEST_F(Locks, TimeoutOnOneCpuWhileTheOtherSignals)
{
	// A timed wait on CPU 1 whose timeout comes due in CPU 1's timer
	// interrupt (which then takes the IPC lock after its CPU lock was
	// dropped) while CPU 0 signals the same semaphore: each unit is
	// counted once whichever wins.
	SEM s{};
	rt_sem_init(&s, 0);
	int timeouts = 0, got = 0;
	start(a, 5, [&] {
		for (int i = 0; i < 50; i++) {
			int r = rt_sem_wait_timed(&s, 37);
			(r == RTE_TIMOUT ? timeouts : got)++;
		}
	}, 0, 1);
	start(b, 6, [&] {
		for (int i = 0; i < 40; i++) {
			rt_sem_signal(&s);
			rt_sleep(41);
		}
	}, 0, 0);
	run(20000);
	EXPECT_EQ(timeouts + got, 50);
	EXPECT_GT(timeouts, 0);
	EXPECT_EQ(rt_sem_count(&s), 40 - got); // no unit lost or made up
	rt_sem_delete(&s);
}

TEST_F(Locks, AnInterruptThatNeedsASwitchTakesTheCpuLockOnce)
{
	// The timer entry point keeps this CPU's lock for the dispatch that
	// follows (one acquisition per event); the dispatch switches under it
	// and gives it back; dispatch_later gives it back without switching.
	int jobs = 0;
	start(a, 1, [&] {
		for (;;) {
			jobs++;
			rt_sleep(1000);
		}
	}, 0, 0);
	ASSERT_EQ(jobs, 1);
	for (bool later : {false, true}) {
		unsigned long flags = tx_port_irq_save();
		work(1500); // a's wake-up is due, the timer interrupt held back
		ASSERT_TRUE(tx::g_sched.timer_irq());
		EXPECT_TRUE(tx::g_sched.cpu(0).lock.held_here()); // kept...
		EXPECT_TRUE(tx::g_sched.ipi_irq());                // ...and used by a later entry point
		EXPECT_TRUE(tx::g_sched.cpu(0).lock.held_here());
		int before = jobs;
		if (later) {
			tx::g_sched.dispatch_later();
			EXPECT_FALSE(tx::g_sched.cpu(0).lock.held());
			EXPECT_EQ(jobs, before); // not run yet
			tx::g_sched.dispatch();  // the kick's dispatch takes the lock itself
		} else {
			tx::g_sched.dispatch(); // a runs (its job), blocks, and we are back
		}
		EXPECT_FALSE(tx::g_sched.cpu(0).lock.held());
		tx_port_irq_restore(flags);
		EXPECT_EQ(jobs, before + 1);
	}
}

TEST_F(LocksDeathTest, ADeviceHandlerMayNotRunWhileTheLockIsKept)
{
	start(a, 1, [&] {
		for (;;)
			rt_sleep(1000);
	}, 0, 0);
	EXPECT_DEATH(
		{
			tx_port_irq_save();
			work(1500);
			tx::g_sched.timer_irq(); // keeps the lock: a switch is needed
			tx::g_sched.irq_exit();  // a handler's exit now: the ports run handlers first
		},
		"kept");
}
