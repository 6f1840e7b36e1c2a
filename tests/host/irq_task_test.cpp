// SPDX-License-Identifier: GPL-2.0
// RTAI's interrupt tasks (rt_request_irq_task, rt_irq_wait*, rt_irq_signal)
// on the simulated machine's lines.
#include "harness.hpp"
#include "../../api/irq_tasks_glue.h"

#include <rtai_tasklets.h>

using namespace txtest;
using tx::sim::kEdgeIrq;

namespace {

class IrqTask : public HostTest {
protected:
	RT_TASK a{}, b{};
	static std::string str(int v)
	{
		if (v == -RTE_TIMOUT)
			return "-timeout";
		if (v == RT_IRQ_TASK_ERR)
			return "err";
		return std::to_string(v);
	}
};

TEST_F(IrqTask, EachOccurrenceResumesTheWaitingTask)
{
	ASSERT_EQ(spawn(a, 5, [&] {
		for (int i = 0; i < 3; i++) {
			trace.add("a:" + str(rt_irq_wait(kEdgeIrq)));
			work(20);
		}
		trace.add("a:" + str(rt_irq_wait_timed(kEdgeIrq, 100)));
	}), 0);
	ASSERT_EQ(rt_request_irq_task(kEdgeIrq, &a, RT_IRQ_TASK, 0), 0);
	EXPECT_EQ(rt_startup_irq(kEdgeIrq), 0u);
	rt_task_resume(&a); // its start: it waits
	// At 10 the first wakes it; at 15 and 25, while it works until 30, two
	// more are kept: its next wait takes one at once and says one more is
	// pending, the one after takes that.
	tx::sim::raise_irq_at(10, kEdgeIrq);
	tx::sim::raise_irq_at(15, kEdgeIrq);
	tx::sim::raise_irq_at(25, kEdgeIrq);
	run(200);
	EXPECT_EQ(trace.str(), "a:0@10 a:1@30 a:0@50 a:-timeout@170");
	EXPECT_EQ(rt_release_irq_task(kEdgeIrq), 0);
	EXPECT_EQ(rt_release_irq_task(kEdgeIrq), -EINVAL);
}

TEST_F(IrqTask, SignalByHand)
{
	start(a, 5, [&] { trace.add("a:" + str(rt_irq_wait(kEdgeIrq + 3))); });
	EXPECT_EQ(trace.str(), "a:err@0");
	ASSERT_EQ(spawn(b, 5, [&] { trace.add("b:" + str(rt_irq_wait(kEdgeIrq))); }), 0);
	ASSERT_EQ(rt_request_irq_task(kEdgeIrq, &b, RT_IRQ_TASK, 0), 0);
	rt_task_resume(&b);
	run(10);
	rt_irq_signal(kEdgeIrq);
	run(10);
	EXPECT_EQ(trace.str(), "a:err@0 b:0@10");
	EXPECT_EQ(rt_release_irq_task(kEdgeIrq), 0);
}

TEST_F(IrqTask, ReleaseWakesTheWaiterWithAnError)
{
	start(a, 5, [&] {
		trace.add("a:" + str(rt_irq_wait(kEdgeIrq)));
		trace.add("a:" + str(rt_irq_wait(kEdgeIrq))); // not a task line now
	});
	EXPECT_EQ(trace.str(), "a:err@0 a:err@0"); // no line: at once, both
	ASSERT_EQ(spawn(b, 5, [&] { trace.add("b:" + str(rt_irq_wait(kEdgeIrq))); }), 0);
	ASSERT_EQ(rt_request_irq_task(kEdgeIrq, &b, RT_IRQ_TASK, 0), 0);
	rt_task_resume(&b);
	run(10);
	EXPECT_EQ(rt_get_task_state(&b), RT_SCHED_SUSPENDED);
	EXPECT_EQ(rt_release_irq_task(kEdgeIrq), 0);
	run(10);
	EXPECT_EQ(trace.str(), "a:err@0 a:err@0 b:err@10");
}

TEST_F(IrqTask, RequestChecks)
{
	EXPECT_EQ(rt_request_irq_task(kEdgeIrq, nullptr, RT_IRQ_TASK, 0), -EINVAL); // "the caller": refused
	EXPECT_EQ(rt_request_irq_task(kEdgeIrq, &a, RT_IRQ_TASK, 0), -EINVAL);      // not initialised
	ASSERT_EQ(spawn(a, 5, [] { rt_task_suspend(nullptr); }), 0);
	EXPECT_EQ(rt_request_irq_task(kEdgeIrq, &a, 7, 0), -EINVAL); // no such type
	rt_tasklet_struct tl{};
	EXPECT_EQ(rt_request_irq_task(kEdgeIrq, &tl, RT_IRQ_TASKLET, 0), -EINVAL); // no task in it
	tl.task = &a;
	EXPECT_EQ(rt_request_irq_task(kEdgeIrq, &tl, RT_IRQ_TASKLET, 0), 0);
	EXPECT_EQ(rt_request_irq_task(kEdgeIrq, &a, RT_IRQ_TASK, 0), -EBUSY);
	EXPECT_EQ(rt_request_irq_task(tx::sim::kLinuxIrq, &a, RT_IRQ_TASK, 0), -EBUSY); // rt_request_irq's
	EXPECT_EQ(rt_release_irq_task(kEdgeIrq), 0);
	int from_task = 0;
	start(b, 4, [&] {
		from_task = rt_request_irq_task(kEdgeIrq + 1, &b, RT_IRQ_TASK, 0);
		trace.add(str(rt_irq_wait_if(kEdgeIrq)));
	});
	EXPECT_EQ(from_task, -EPERM);
	EXPECT_EQ(trace.str(), "err@0");
	EXPECT_EQ(rt_irq_wait(kEdgeIrq + 2), RT_IRQ_TASK_ERR);
}

TEST_F(IrqTask, AModulesLinesAreReleasedAtItsUnload)
{
	static RT_TASK in_module; // stands for a task in the module's memory
	ASSERT_EQ(spawn(in_module, 5, [] { rt_task_suspend(nullptr); }), 0);
	ASSERT_EQ(rt_request_irq_task(kEdgeIrq, &in_module, RT_IRQ_TASK, 0), 0);
	ASSERT_EQ(spawn(a, 5, [] { rt_task_suspend(nullptr); }), 0);
	ASSERT_EQ(rt_request_irq_task(kEdgeIrq + 1, &a, RT_IRQ_TASK, 0), 0);
	auto within = [](const void *adr, const void *owner) { return int(adr == owner); };
	EXPECT_EQ(tx_irq_tasks_release_owner(&in_module, within), 1u);
	EXPECT_EQ(rt_release_irq_task(kEdgeIrq), -EINVAL); // gone already
	EXPECT_EQ(tx_irq_tasks_release_owner(nullptr, nullptr), 1u); // the rest (the scheduler's unload)
	EXPECT_EQ(rt_request_irq(kEdgeIrq + 1, [](unsigned, void *) { return 0; }, nullptr, 0), 0); // free again
	EXPECT_EQ(rt_release_irq(kEdgeIrq + 1), 0);
}

TEST_F(IrqTask, Affine2TaskRoutesTheLineToTheTasksCpu)
{
	config_.cpus = 2;
	tx::sim::reset(config_);
	ASSERT_EQ(spawn(a, 5, [] { rt_task_suspend(nullptr); }, 0, 1), 0);
	ASSERT_EQ(rt_request_irq_task(kEdgeIrq, &a, RT_IRQ_TASK, 1), 0);
	EXPECT_EQ(tx::sim::irq_cpu(kEdgeIrq), 1);
	EXPECT_EQ(rt_release_irq_task(kEdgeIrq), 0);
}

} // namespace
