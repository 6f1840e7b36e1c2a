// SPDX-License-Identifier: GPL-2.0
// Property tests: long random operation sequences against a simple
// reference model of the scheduler.
#include <algorithm>
#include <map>
#include <random>

#include "harness.hpp"

using namespace txtest;

namespace {

constexpr int kTasks = 12;

class SchedModel : public HostTest {
protected:
	RT_TASK tasks[kTasks] = {};
};

} // namespace

// Tasks record themselves and suspend; Linux resumes, suspends, reprioritises,
// deletes and re-creates them at random. The model: after each Linux
// operation every task with suspend depth <= 0 runs in priority order,
// records once and adds one to its depth, until none is left.
TEST_F(SchedModel, ReadyQueueSuspendDepthAndPriorities)
{
	std::mt19937 rng(2024);
	struct Model {
		bool alive = false;
		int depth = 0;
		int prio = 0;
	};
	Model model[kTasks];
	std::vector<int> actual;
	std::vector<int> prios(kTasks * 4);
	for (size_t i = 0; i < prios.size(); i++)
		prios[i] = int(i) * 3 + 1; // distinct priorities: no ties to model
	auto body = [&](int id) {
		return [&, id] {
			for (;;) {
				actual.push_back(id);
				rt_task_suspend(nullptr);
			}
		};
	};
	auto fresh_prio = [&] {
		for (;;) {
			int p = prios[rng() % prios.size()];
			bool used = false;
			for (auto &m : model)
				used |= m.alive && m.prio == p;
			if (!used)
				return p;
		}
	};
	std::vector<int> expected;
	for (int step = 0; step < 4000; step++) {
		int id = int(rng() % kTasks);
		Model &m = model[id];
		switch (rng() % 5) {
		case 0: // create or delete
			if (!m.alive) {
				m = Model{true, 1, fresh_prio()};
				ASSERT_EQ(spawn(tasks[id], m.prio, body(id)), 0);
			} else {
				ASSERT_EQ(rt_task_delete(&tasks[id]), 0);
				m.alive = false;
				tasks[id] = RT_TASK{};
			}
			break;
		case 1:
		case 2:
			ASSERT_EQ(rt_task_resume(&tasks[id]), m.alive ? 0 : -EINVAL);
			m.depth--;
			break;
		case 3:
			if (m.alive) {
				ASSERT_EQ(rt_task_suspend(&tasks[id]), m.depth + 1);
				m.depth++;
			}
			break;
		default:
			if (m.alive) {
				int p = fresh_prio();
				ASSERT_EQ(rt_change_prio(&tasks[id], p), m.prio);
				m.prio = p;
			}
			break;
		}
		for (;;) {
			int best = -1;
			for (int i = 0; i < kTasks; i++)
				if (model[i].alive && model[i].depth <= 0 && (best < 0 || model[i].prio < model[best].prio))
					best = i;
			if (best < 0)
				break;
			expected.push_back(best);
			model[best].depth++;
		}
		ASSERT_EQ(actual, expected) << "step " << step;
		for (auto &mm : model)
			if (!mm.alive)
				mm.depth = 0;
	}
	EXPECT_GT(actual.size(), 400u);
}

// Tasks with fixed sleep periods and random priorities: every wake-up is
// exact and same-instant wake-ups run in priority order.
TEST_F(SchedModel, TimedWakeupsInTimeThenPriorityOrder)
{
	std::mt19937 rng(77);
	int prio[kTasks];
	Count period[kTasks];
	std::vector<std::pair<Count, int>> actual;
	std::vector<int> p(kTasks);
	for (int i = 0; i < kTasks; i++)
		p[i] = i + 1;
	std::shuffle(p.begin(), p.end(), rng);
	for (int i = 0; i < kTasks; i++) {
		prio[i] = p[i];
		period[i] = 50 * Count(1 + rng() % 6); // many coincidences
		ASSERT_EQ(spawn(tasks[i], prio[i],
				[&, i] {
					for (;;) {
						actual.emplace_back(now(), i);
						rt_sleep(period[i]);
					}
				}),
			  0);
	}
	// Start all at time 0 from a top-priority starter.
	RT_TASK starter{};
	start(starter, 0, [&] {
		for (auto &t : tasks)
			rt_task_resume(&t);
	});
	const Count end = 20000;
	while (now() < end)
		run(std::min<Count>(997, end - now()));
	std::vector<std::pair<Count, int>> expected;
	for (int i = 0; i < kTasks; i++)
		for (Count t = 0; t <= end; t += period[i])
			expected.emplace_back(t, i);
	std::sort(expected.begin(), expected.end(), [&](auto &x, auto &y) {
		return x.first != y.first ? x.first < y.first : prio[x.second] < prio[y.second];
	});
	while (!expected.empty() && expected.back().first > now())
		expected.pop_back();
	while (!actual.empty() && actual.back().first > now())
		actual.pop_back();
	ASSERT_EQ(actual.size(), expected.size());
	for (size_t k = 0; k < actual.size(); k++)
		ASSERT_EQ(actual[k], expected[k]) << "event " << k;
}

// Random injected interrupts at every port entry must never change what
// the tasks observe: the deferred dispatch is transparent.
TEST_F(SchedModel, InjectedInterruptsAreTransparent)
{
	auto scenario = [&](bool inject) {
		tx::sim::reset();
		std::mt19937 rng(5);
		if (inject)
			tx::sim::set_injector([&](unsigned cpu) {
				if (rng() % 4 == 0)
					tx::sim::raise_timer(cpu);
			});
		std::vector<std::pair<Count, int>> log;
		SEM s{};
		rt_sem_init(&s, 0);
		RT_TASK t[3] = {};
		for (int i = 0; i < 3; i++) {
			spawn(t[i], i + 1, [&, i] {
				for (int k = 0; k < 50; k++) {
					if (i == 2) {
						tx::sim::consume(17);
						rt_sem_signal(&s);
					} else {
						rt_sem_wait(&s);
					}
					log.emplace_back(now(), i);
					rt_sleep(5 + i);
				}
			});
			rt_task_resume(&t[i]);
		}
		run(50000);
		tx::sim::set_injector(nullptr);
		for (auto &task : t)
			rt_task_delete(&task);
		rt_sem_delete(&s);
		tx::sim::pump_linux_work();
		bodies_.clear();
		return log;
	};
	auto plain = scenario(false);
	auto injected = scenario(true);
	EXPECT_EQ(plain.size(), 100u);
	EXPECT_EQ(plain, injected);
}
