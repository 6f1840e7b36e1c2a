// SPDX-License-Identifier: GPL-2.0
// Real-time device interrupt lines (hal/irq_lines.hpp, asm/rtai_hal.h):
// claiming and refusals, masking and the ack before the handler, the
// handler's wake-ups and the switch after it, pending to Linux, routing.
#include <tactus/tactus.hpp>

#include "hal/irq_lines.hpp"
#include "hal/rt_log.hpp"
#include "harness.hpp"

using namespace txtest;
using tx::sim::kEdgeIrq;
using tx::sim::kLevelIrq;
using tx::sim::kLinuxIrq;
using tx::sim::kNoNmiIrq;
using tx::sim::kPercpuIrq;

namespace {

// Handlers are plain functions: each calls the current test's body.
std::function<void(unsigned irq, void *cookie)> g_body;
std::function<void(unsigned irq, void *cookie)> g_ack_body;
int handler(unsigned irq, void *cookie)
{
	if (g_body)
		g_body(irq, cookie);
	return 1; // ignored (RTAI 5.x)
}
int other_handler(unsigned, void *) { return 0; }
int ack(unsigned irq, void *cookie)
{
	if (g_ack_body)
		g_ack_body(irq, cookie);
	return 0;
}
int g_void_calls;
void void_handler() { g_void_calls++; }

bool logged(const std::string &part)
{
	for (const std::string &l : tx::sim::log_lines())
		if (l.find(part) != std::string::npos)
			return true;
	tx::rt_log_flush();
	for (const std::string &l : tx::sim::log_lines())
		if (l.find(part) != std::string::npos)
			return true;
	return false;
}

tx::IrqLineInfo info_of(unsigned irq)
{
	tx::IrqLineInfo info{};
	unsigned slot = tx_irq_slot_of(irq);
	EXPECT_NE(slot, tx::kNoSlot);
	if (slot != tx::kNoSlot)
		tx_irq_info(slot, &info);
	return info;
}

class Irq : public HostTest {
protected:
	void SetUp() override
	{
		HostTest::SetUp();
		g_body = nullptr;
		g_ack_body = nullptr;
		g_void_calls = 0;
	}
	void TearDown() override
	{
		tx_irq_release_if(nullptr, nullptr);
		g_body = nullptr;
		g_ack_body = nullptr;
		HostTest::TearDown();
	}
	RT_TASK a{}, b{};
	SEM s{};
};

class IrqSmp : public Irq {
protected:
	IrqSmp()
	{
		config_.cpus = 2;
	}
};

} // namespace

TEST_F(Irq, RequestAndReleaseWithTheirRefusals)
{
	EXPECT_EQ(rt_request_irq(kEdgeIrq, handler, nullptr, 0), 0);
	EXPECT_EQ(rt_request_irq(kEdgeIrq, other_handler, nullptr, 0), -16) << "double request: -EBUSY";
	EXPECT_TRUE(logged("has a real-time handler already"));
	EXPECT_EQ(rt_request_irq(kEdgeIrq + 1, nullptr, nullptr, 0), -22) << "no handler";
	EXPECT_EQ(rt_request_irq(999, handler, nullptr, 0), -22) << "no such line";
	EXPECT_EQ(rt_request_irq(kLinuxIrq, handler, nullptr, 0), -16) << "Linux has it";
	EXPECT_EQ(rt_request_irq(kNoNmiIrq, handler, nullptr, 0), -95) << "not NMI-capable";
	EXPECT_TRUE(logged("cannot be NMI-class"));
	EXPECT_EQ(rt_release_irq(kEdgeIrq + 2), -22) << "never requested";
	EXPECT_TRUE(logged("rt_release_irq(34): no real-time handler"));
	EXPECT_EQ(rt_release_irq(kEdgeIrq), 0);
	EXPECT_EQ(rt_release_irq(kEdgeIrq), -22) << "released twice";
	EXPECT_EQ(rt_request_irq(kEdgeIrq, other_handler, nullptr, 0), 0) << "free again";
}

TEST_F(Irq, TableFullIsENOSPCAndAFailedClaimLeavesNoTrace)
{
	for (unsigned i = 0; i < 16; i++)
		ASSERT_EQ(rt_request_irq(kEdgeIrq + i, handler, nullptr, 0), 0);
	EXPECT_EQ(rt_request_irq(kLevelIrq, handler, nullptr, 0), -28);
	EXPECT_TRUE(logged("all 16 real-time lines are in use"));
	ASSERT_EQ(rt_release_irq(kEdgeIrq + 3), 0);
	EXPECT_EQ(rt_request_irq(kNoNmiIrq, handler, nullptr, 0), -95);
	EXPECT_EQ(rt_request_irq(kLevelIrq, handler, nullptr, 0), 0) << "the slot the refused claim tried is free";
}

TEST_F(Irq, LineStartsMaskedAndAnOccurrenceHeldMeanwhileComesAtStartup)
{
	int runs = 0;
	g_body = [&](unsigned irq, void *cookie) {
		EXPECT_EQ(irq, kEdgeIrq);
		EXPECT_EQ(cookie, &runs);
		runs++;
	};
	ASSERT_EQ(rt_request_irq(kEdgeIrq, handler, &runs, 0), 0);
	EXPECT_TRUE(tx::sim::irq_masked(kEdgeIrq));
	tx::sim::raise_irq(kEdgeIrq);
	EXPECT_EQ(runs, 0);
	EXPECT_EQ(rt_startup_irq(kEdgeIrq), 0u);
	EXPECT_EQ(runs, 1) << "held while masked, delivered at unmask";
	tx::sim::raise_irq(kEdgeIrq);
	EXPECT_EQ(runs, 2);
	rt_disable_irq(kEdgeIrq);
	tx::sim::raise_irq(kEdgeIrq);
	tx::sim::raise_irq(kEdgeIrq); // an edge controller latches one
	EXPECT_EQ(runs, 2);
	rt_enable_irq(kEdgeIrq);
	EXPECT_EQ(runs, 3);
	EXPECT_EQ(info_of(kEdgeIrq).count, 3u);
}

TEST_F(Irq, HandlerWakesATaskThatRunsWhenTheHandlerReturns)
{
	ASSERT_EQ(rt_sem_init(&s, 0), 0);
	start(a, 3, [&] {
		for (int i = 0; i < 2; i++) {
			rt_sem_wait(&s);
			trace.add("task");
		}
	});
	g_body = [&](unsigned, void *) {
		rt_sem_signal(&s);
		trace.add("handler-signalled");
		work(50); // the handler keeps the CPU: the task waits for its end
		trace.add("handler-end");
	};
	ASSERT_EQ(rt_request_irq(kEdgeIrq, handler, nullptr, 0), 0);
	rt_startup_irq(kEdgeIrq);
	run(100);
	tx::sim::raise_irq(kEdgeIrq);
	run(100);
	tx::sim::raise_irq(kEdgeIrq);
	EXPECT_EQ(trace.str(), "handler-signalled@100 handler-end@150 task@150 handler-signalled@250 handler-end@300 task@300");
}

TEST_F(Irq, HandlerPreemptsALowTaskForTheHighOneItWakes)
{
	ASSERT_EQ(rt_sem_init(&s, 0), 0);
	start(a, 1, [&] {
		rt_sem_wait(&s);
		trace.add("high");
	});
	g_body = [&](unsigned, void *) { rt_sem_signal(&s); };
	ASSERT_EQ(rt_request_irq(kEdgeIrq, handler, nullptr, 0), 0);
	rt_startup_irq(kEdgeIrq);
	tx::sim::raise_irq_at(400, kEdgeIrq); // a device timer: raised in the middle of low's work
	start(b, 9, [&] {
		trace.add("low-start");
		work(1000);
		trace.add("low-end");
	});
	run(2000);
	EXPECT_EQ(trace.str(), "low-start@0 high@400 low-end@1000");
}

TEST_F(Irq, AWakeOfALowerTaskWaitsForTheRunningOne)
{
	ASSERT_EQ(rt_sem_init(&s, 0), 0);
	start(b, 9, [&] {
		rt_sem_wait(&s);
		trace.add("low");
	});
	g_body = [&](unsigned, void *) { rt_sem_signal(&s); };
	ASSERT_EQ(rt_request_irq(kEdgeIrq, handler, nullptr, 0), 0);
	rt_startup_irq(kEdgeIrq);
	start(a, 1, [&] {
		tx::sim::raise_irq(kEdgeIrq);
		trace.add("high-after-irq");
		work(100);
		trace.add("high-end");
	});
	EXPECT_EQ(trace.str(), "high-after-irq@0 high-end@100 low@100");
}

TEST_F(Irq, MaskedCoKernelHoldsTheHandlerUntilUnmask)
{
	int runs = 0;
	g_body = [&](unsigned, void *) { runs++; };
	ASSERT_EQ(rt_request_irq(kEdgeIrq, handler, nullptr, 0), 0);
	rt_startup_irq(kEdgeIrq);
	start(a, 1, [&] {
		rt_global_cli();
		tx::sim::raise_irq(kEdgeIrq);
		trace.add("in-cli:" + std::to_string(runs));
		rt_global_sti();
		trace.add("after-sti:" + std::to_string(runs));
	});
	EXPECT_EQ(trace.str(), "in-cli:0@0 after-sti:1@0");
}

TEST_F(Irq, LevelLineIsMaskedBeforeItsHandlerUntilTheHandlerAcks)
{
	int runs = 0;
	bool quiet_device = false;
	g_body = [&](unsigned irq, void *) {
		runs++;
		EXPECT_TRUE(tx::sim::irq_masked(irq)) << "RTAI's ack: a level line is masked before its handler";
		if (quiet_device) {
			tx::sim::lower_irq(irq);
			rt_ack_irq(irq);
		}
	};
	ASSERT_EQ(rt_request_irq(kLevelIrq, handler, nullptr, 0), 0);
	EXPECT_EQ(info_of(kLevelIrq).flags & TX_IRQ_LINE_LEVEL, TX_IRQ_LINE_LEVEL);
	rt_startup_irq(kLevelIrq);
	tx::sim::raise_irq(kLevelIrq);
	EXPECT_EQ(runs, 1) << "a handler that leaves the device asserted does not storm: the line stays masked";
	EXPECT_TRUE(tx::sim::irq_masked(kLevelIrq));
	quiet_device = true;
	rt_enable_irq(kLevelIrq); // still asserted: fires again at unmask
	EXPECT_EQ(runs, 2);
	EXPECT_FALSE(tx::sim::irq_masked(kLevelIrq)) << "the handler quieted the device and acked";
	tx::sim::raise_irq(kLevelIrq);
	EXPECT_EQ(runs, 3);
	EXPECT_FALSE(tx::sim::irq_masked(kLevelIrq));
}

TEST_F(Irq, AnAckRoutineRunsBeforeTheHandlerInsteadOfTheMask)
{
	g_ack_body = [&](unsigned irq, void *cookie) {
		trace.add_plain("ack:" + std::to_string(*static_cast<int *>(cookie)));
		tx::sim::lower_irq(irq);
	};
	g_body = [&](unsigned irq, void *) {
		trace.add_plain(std::string("handler:") + (tx::sim::irq_masked(irq) ? "masked" : "unmasked"));
	};
	int cookie = 7;
	ASSERT_EQ(rt_request_irq_wack(kLevelIrq, handler, &cookie, 0, ack), 0);
	rt_startup_irq(kLevelIrq);
	tx::sim::raise_irq(kLevelIrq);
	tx::sim::raise_irq(kLevelIrq);
	EXPECT_EQ(trace.str(), "ack:7 handler:unmasked ack:7 handler:unmasked");
	EXPECT_TRUE(info_of(kLevelIrq).has_ack);
	EXPECT_EQ(rt_set_irq_ack(kLevelIrq, nullptr), 0);
	EXPECT_FALSE(info_of(kLevelIrq).has_ack);
	EXPECT_EQ(rt_set_irq_ack(kEdgeIrq, ack), -22) << "no real-time handler there";
}

TEST_F(Irq, EachPendedOccurrenceReachesLinuxExactlyOnce)
{
	g_body = [&](unsigned irq, void *) { rt_pend_linux_irq(irq); };
	ASSERT_EQ(rt_request_irq(kEdgeIrq, handler, nullptr, 0), 0);
	rt_startup_irq(kEdgeIrq);
	for (int i = 0; i < 5; i++)
		tx::sim::raise_irq(kEdgeIrq);
	EXPECT_EQ(tx::sim::linux_deliveries(kEdgeIrq), 0u) << "Linux takes them later, in Linux context";
	run(1000);
	EXPECT_EQ(tx::sim::linux_deliveries(kEdgeIrq), 5u);
	tx::sim::pump_linux_work();
	EXPECT_EQ(tx::sim::linux_deliveries(kEdgeIrq), 5u) << "not twice";
	tx::sim::raise_irq(kEdgeIrq);
	tx::sim::raise_irq(kEdgeIrq);
	EXPECT_EQ(rt_release_irq(kEdgeIrq), 0);
	EXPECT_EQ(tx::sim::linux_deliveries(kEdgeIrq), 7u) << "what was pended before the release is delivered";
	tx::IrqLineInfo none{};
	EXPECT_FALSE(tx_irq_info(0, &none));
	tx::sim::raise_irq(kEdgeIrq);
	EXPECT_EQ(tx::sim::linux_irqs(), 1u) << "a released line is Linux's again";
	rt_pend_linux_irq(kEdgeIrq);
	EXPECT_TRUE(logged("rt_pend_linux_irq(32): the line has no real-time handler; ignored"));
}

TEST_F(Irq, ClaimingIsForLinuxProcessContextOnly)
{
	int from_task = 0, release_from_task = 0, from_handler = 0;
	ASSERT_EQ(rt_request_irq(kEdgeIrq, handler, nullptr, 0), 0);
	g_body = [&](unsigned, void *) { from_handler = rt_request_irq(kEdgeIrq + 5, other_handler, nullptr, 0); };
	rt_startup_irq(kEdgeIrq);
	start(a, 1, [&] {
		from_task = rt_request_irq(kEdgeIrq + 4, other_handler, nullptr, 0);
		release_from_task = rt_release_irq(kEdgeIrq);
		tx::sim::raise_irq(kEdgeIrq);
	});
	EXPECT_EQ(from_task, -1);
	EXPECT_EQ(release_from_task, -1);
	EXPECT_EQ(from_handler, -1);
	EXPECT_EQ(tx_irq_slot_of(kEdgeIrq + 4), tx::kNoSlot);
	EXPECT_NE(tx_irq_slot_of(kEdgeIrq), tx::kNoSlot) << "still claimed";
	EXPECT_TRUE(logged("rt_request_irq(36) outside Linux process context"));
}

TEST_F(Irq, HandlerCannotBlock)
{
	int r = 0;
	ASSERT_EQ(rt_sem_init(&s, 0), 0);
	g_body = [&](unsigned, void *) { r = rt_sem_wait(&s); };
	ASSERT_EQ(rt_request_irq(kEdgeIrq, handler, nullptr, 0), 0);
	rt_startup_irq(kEdgeIrq);
	tx::sim::raise_irq(kEdgeIrq);
	EXPECT_EQ(r, RTE_PERM);
	EXPECT_EQ(rt_sem_count(&s), 0);
}

TEST_F(Irq, CookieRetmodeAndStatistics)
{
	void *seen = nullptr;
	g_body = [&](unsigned, void *cookie) {
		seen = cookie;
		work(30);
	};
	int one = 1, two = 2;
	ASSERT_EQ(rt_request_irq(kEdgeIrq, handler, &one, 5), 0);
	EXPECT_EQ(info_of(kEdgeIrq).retmode, 1) << "kept as 0/1, as RTAI does";
	rt_set_irq_retmode(kEdgeIrq, 0);
	EXPECT_EQ(info_of(kEdgeIrq).retmode, 0);
	rt_startup_irq(kEdgeIrq);
	tx::sim::raise_irq(kEdgeIrq);
	EXPECT_EQ(seen, &one);
	rt_set_irq_cookie(kEdgeIrq, &two);
	tx::sim::raise_irq(kEdgeIrq);
	EXPECT_EQ(seen, &two);
	tx::IrqLineInfo info = info_of(kEdgeIrq);
	EXPECT_EQ(info.count, 2u);
	EXPECT_GE(info.handler_max, 30);
	EXPECT_GE(info.handler_avg, 30);
	EXPECT_EQ(info.handler, reinterpret_cast<const void *>(&handler));
	rt_set_irq_cookie(kEdgeIrq + 1, &two);
	EXPECT_TRUE(logged("rt_set_irq_cookie(33): the line has no real-time handler"));
	rt_enable_irq(kEdgeIrq + 1);
	EXPECT_TRUE(logged("rt_enable_irq(33): the line has no real-time handler"));
}

TEST_F(Irq, OlderGlobalNames)
{
	ASSERT_EQ(rt_request_global_irq(kEdgeIrq, void_handler), 0);
	rt_startup_irq(kEdgeIrq);
	tx::sim::raise_irq(kEdgeIrq);
	EXPECT_EQ(g_void_calls, 1);
	EXPECT_EQ(rt_free_global_irq(kEdgeIrq), 0);
	ASSERT_EQ(rt_request_global_irq_ext(kEdgeIrq, void_handler, 42), 0);
	EXPECT_EQ(info_of(kEdgeIrq).retmode, 1);
	rt_set_global_irq_ext(kEdgeIrq, 1, 43);
	EXPECT_EQ(rt_free_global_irq(kEdgeIrq), 0);
}

TEST_F(Irq, ReleaseIfMatchesTheHandlersOfAModule)
{
	ASSERT_EQ(rt_request_irq(kEdgeIrq, handler, nullptr, 0), 0);
	ASSERT_EQ(rt_request_irq(kEdgeIrq + 1, other_handler, nullptr, 0), 0);
	ASSERT_EQ(rt_request_irq(kEdgeIrq + 2, other_handler, nullptr, 0), 0);
	auto is_other = [](unsigned, const void *h, void *) {
		return h == reinterpret_cast<const void *>(&other_handler) ? 1 : 0;
	};
	EXPECT_EQ(tx_irq_release_if(is_other, nullptr), 2u);
	EXPECT_NE(tx_irq_slot_of(kEdgeIrq), tx::kNoSlot);
	EXPECT_EQ(tx_irq_slot_of(kEdgeIrq + 1), tx::kNoSlot);
	EXPECT_EQ(tx_irq_release_if(nullptr, nullptr), 1u);
}

TEST_F(Irq, PerCpuLineMasksOnTheCallingCpu)
{
	ASSERT_EQ(rt_request_irq(kPercpuIrq, handler, nullptr, 0), 0);
	EXPECT_EQ(info_of(kPercpuIrq).flags, TX_IRQ_LINE_LEVEL | TX_IRQ_LINE_PERCPU);
	EXPECT_EQ(tx_irq_route(kPercpuIrq, 1), 0u) << "a per-CPU line has no routing";
	int runs = 0;
	g_body = [&](unsigned irq, void *) {
		runs++;
		tx::sim::lower_irq(irq);
		rt_ack_irq(irq);
	};
	rt_startup_irq(kPercpuIrq);
	tx::sim::raise_irq(kPercpuIrq);
	EXPECT_EQ(runs, 1);
}

TEST_F(IrqSmp, RoutingMovesTheLineAndResetRestoresIt)
{
	ASSERT_EQ(rt_sem_init(&s, 0), 0);
	ASSERT_EQ(rt_request_irq(kEdgeIrq, handler, nullptr, 0), 0);
	EXPECT_EQ(tx::sim::irq_cpu(kEdgeIrq), 0);
	EXPECT_EQ(tx_irq_route_reset(kEdgeIrq), uint32_t(-22)) << "nothing saved yet";
	EXPECT_EQ(info_of(kEdgeIrq).cpus, 1u) << "the port's default: CPU 0";
	EXPECT_EQ(tx_irq_route(kEdgeIrq, 2), 1u) << "the previous mask";
	EXPECT_EQ(tx::sim::irq_cpu(kEdgeIrq), 1);
	EXPECT_EQ(tx_irq_route(kEdgeIrq, 0), 0u) << "no CPU";
	EXPECT_EQ(tx_irq_route(kEdgeIrq, 4), 0u) << "no online CPU";
	EXPECT_EQ(tx::sim::irq_cpu(kEdgeIrq), 1);
	EXPECT_EQ(tx_irq_route(kEdgeIrq, 3), 2u);
	EXPECT_EQ(tx::sim::irq_cpu(kEdgeIrq), 0);
	EXPECT_EQ(tx_irq_route_reset(kEdgeIrq), 3u) << "the mask it replaced";
	EXPECT_EQ(info_of(kEdgeIrq).cpus, 1u) << "back to the first";
	EXPECT_EQ(tx_irq_route_reset(kEdgeIrq), uint32_t(-22)) << "nothing saved any more";
}

TEST_F(IrqSmp, HandlerOnOneCpuWakesATaskOnTheOther)
{
	ASSERT_EQ(rt_sem_init(&s, 0), 0);
	start(a, 1, [&] {
		rt_sem_wait(&s);
		trace.add_plain("task-on-" + std::to_string(rtai_cpuid()));
	}, 0, 1);
	g_body = [&](unsigned, void *) {
		trace.add_plain("handler-on-" + std::to_string(rtai_cpuid()));
		rt_sem_signal(&s);
	};
	ASSERT_EQ(rt_request_irq(kEdgeIrq, handler, nullptr, 0), 0);
	rt_startup_irq(kEdgeIrq);
	run(1000);
	tx::sim::raise_irq(kEdgeIrq);
	run(200000);
	EXPECT_EQ(trace.str(), "handler-on-0 task-on-1");
}

TEST_F(Irq, CxxApi)
{
	static int runs, step = 2;
	runs = 0;
	tactus::Irq line;
	EXPECT_FALSE(line.requested());
	ASSERT_TRUE(line.request(kEdgeIrq, [](unsigned, void *c) { runs += *static_cast<int *>(c); return 0; }, &step));
	EXPECT_TRUE(line.requested());
	EXPECT_EQ(line.number(), kEdgeIrq);
	tx::sim::raise_irq(kEdgeIrq);
	EXPECT_EQ(runs, 2) << "request() enables the line by default";
	line.disable();
	tx::sim::raise_irq(kEdgeIrq);
	EXPECT_EQ(runs, 2);
	line.enable();
	EXPECT_EQ(runs, 4);
	tactus::Irq again;
	EXPECT_EQ(again.request(kEdgeIrq, handler, nullptr).code, -16);
	EXPECT_FALSE(again.requested());
	ASSERT_TRUE(line.release());
	EXPECT_FALSE(line.requested());
	EXPECT_EQ(line.release().code, -22) << "twice";
}
