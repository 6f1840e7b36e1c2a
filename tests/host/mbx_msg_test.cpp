// SPDX-License-Identifier: GPL-2.0
// Mailboxes and intertask messages.
#include <cstring>

#include "harness.hpp"

using namespace txtest;

namespace {

class Mbx : public HostTest {
protected:
	void TearDown() override
	{
		rt_mbx_delete(&m);
		HostTest::TearDown();
	}
	RT_TASK a{}, b{}, c{};
	MBX m{};
};

class Msg : public HostTest {
protected:
	RT_TASK a{}, b{}, c{}, d{};
};

std::string text(const char *buf, size_t n) { return std::string(buf, n); }

} // namespace

TEST_F(Mbx, SendThenReceiveWholeMessages)
{
	ASSERT_EQ(rt_mbx_init(&m, 16), 0);
	start(a, 5, [&] {
		EXPECT_EQ(rt_mbx_send(&m, (void *)"hello", 5), 0);
		EXPECT_EQ(rt_mbx_send(&m, (void *)"world", 5), 0);
		char buf[10];
		EXPECT_EQ(rt_mbx_receive(&m, buf, 10), 0);
		trace.add_plain(text(buf, 10));
	});
	EXPECT_EQ(trace.str(), "helloworld");
}

TEST_F(Mbx, LargeMessageStreamsThroughASmallRing)
{
	ASSERT_EQ(rt_mbx_init(&m, 8), 0);
	std::string sent(100, 'x');
	for (size_t i = 0; i < sent.size(); i++)
		sent[i] = char('a' + i % 26);
	std::string got(100, '\0');
	start(a, 5, [&] { EXPECT_EQ(rt_mbx_receive(&m, got.data(), 100), 0); });
	start(b, 6, [&] { EXPECT_EQ(rt_mbx_send(&m, sent.data(), 100), 0); });
	EXPECT_EQ(got, sent);
}

TEST_F(Mbx, SendersNeverInterleave)
{
	ASSERT_EQ(rt_mbx_init(&m, 4), 0);
	std::string got(24, '\0');
	start(a, 3, [&] { EXPECT_EQ(rt_mbx_send(&m, (void *)"AAAAAAAAAAAA", 12), 0); });
	start(b, 3, [&] { EXPECT_EQ(rt_mbx_send(&m, (void *)"BBBBBBBBBBBB", 12), 0); });
	start(c, 5, [&] { EXPECT_EQ(rt_mbx_receive(&m, got.data(), 24), 0); });
	EXPECT_EQ(got, "AAAAAAAAAAAABBBBBBBBBBBB");
}

TEST_F(Mbx, NonBlockingVariantsReturnBytesNotMoved)
{
	ASSERT_EQ(rt_mbx_init(&m, 8), 0);
	start(a, 5, [&] {
		EXPECT_EQ(rt_mbx_send_if(&m, (void *)"0123456789", 10), 10); // does not fit: nothing
		EXPECT_EQ(rt_mbx_send_wp(&m, (void *)"0123456789", 10), 2);  // 8 fit
		EXPECT_EQ(rt_mbx_send_wp(&m, (void *)"ab", 2), 2);          // full
		char buf[10] = {};
		EXPECT_EQ(rt_mbx_evdrp(&m, buf, 3), 0);
		EXPECT_EQ(text(buf, 3), "012");
		EXPECT_EQ(rt_mbx_receive_if(&m, buf, 10), 10); // only 8 there: nothing
		EXPECT_EQ(rt_mbx_receive_wp(&m, buf, 5), 0);
		EXPECT_EQ(text(buf, 5), "01234");
		EXPECT_EQ(rt_mbx_receive_wp(&m, buf, 5), 2);
		EXPECT_EQ(text(buf, 3), "567");
		EXPECT_EQ(rt_mbx_receive_wp(&m, buf, 5), 5); // empty
		EXPECT_EQ(rt_mbx_evdrp(&m, buf, 4), 4);
		EXPECT_EQ(rt_mbx_send_if(&m, (void *)"xy", 2), 0);
		EXPECT_EQ(rt_mbx_receive_if(&m, buf, 2), 0);
		EXPECT_EQ(text(buf, 2), "xy");
	});
}

TEST_F(Mbx, WaitGoodVariants)
{
	ASSERT_EQ(rt_mbx_init(&m, 8), 0);
	char buf[8] = {};
	start(a, 5, [&] {
		int left = rt_mbx_receive_wg(&m, buf, 8); // waits for something
		trace.add("wg-left=" + std::to_string(left));
	});
	run(100);
	start(b, 6, [&] { EXPECT_EQ(rt_mbx_send_wp(&m, (void *)"abc", 3), 0); });
	EXPECT_EQ(trace.str(), "wg-left=5@100");
	EXPECT_EQ(text(buf, 3), "abc");
	start(c, 5, [&] {
		EXPECT_EQ(rt_mbx_send_wg(&m, (void *)"0123456789", 10), 2);
		trace.add("sent-wg");
	});
	EXPECT_EQ(trace.events.back(), "sent-wg@100");
}

TEST_F(Mbx, TimedVariantsAndPartialProgress)
{
	ASSERT_EQ(rt_mbx_init(&m, 4), 0);
	start(a, 5, [&] {
		char buf[8];
		EXPECT_EQ(rt_mbx_receive_timed(&m, buf, 8, 100), RTE_TIMOUT);
		trace.add("rx-timeout");
		EXPECT_EQ(rt_mbx_send_timed(&m, (void *)"12345678", 8, 100), RTE_TIMOUT);
		trace.add("tx-timeout");
		// 4 bytes went in before the timeout and stay there.
		EXPECT_EQ(rt_mbx_receive_if(&m, buf, 4), 0);
		EXPECT_EQ(text(buf, 4), "1234");
		EXPECT_EQ(rt_mbx_send_until(&m, (void *)"z", 1, now() - 1), 0); // fits: no wait needed
		EXPECT_EQ(rt_mbx_receive_until(&m, buf, 2, now()), RTE_TIMOUT);
		EXPECT_EQ(rt_mbx_receive_wp(&m, buf, 4), 4); // the timed-out receive took "z"
	});
	run(1000);
	EXPECT_EQ(trace.str(), "rx-timeout@100 tx-timeout@200");
}

TEST_F(Mbx, OverwriteDropsOldestBytes)
{
	ASSERT_EQ(rt_mbx_init(&m, 8), 0);
	start(a, 5, [&] {
		EXPECT_EQ(rt_mbx_ovrwr_send(&m, (void *)"abcdef", 6), 0);
		EXPECT_EQ(rt_mbx_ovrwr_send(&m, (void *)"123456", 6), 0);
		char buf[8];
		EXPECT_EQ(rt_mbx_receive(&m, buf, 8), 0);
		EXPECT_EQ(text(buf, 8), "ef123456");
		EXPECT_EQ(rt_mbx_ovrwr_send(&m, (void *)"0123456789AB", 12), 0);
		EXPECT_EQ(rt_mbx_receive(&m, buf, 8), 0);
		EXPECT_EQ(text(buf, 8), "456789AB");
	});
}

// The first receiver holds the turn; the others wait for it in queue order.
static std::string receivers_order(txtest::HostTest &t, MBX &m, int qtype, RT_TASK *tasks)
{
	EXPECT_EQ(rt_typed_mbx_init(&m, 16, qtype), 0);
	static char bufs[3][2];
	auto receiver = [&](int i, const char *) { return [&, i] { rt_mbx_receive(&m, bufs[i], 2); }; };
	struct Spawner : txtest::HostTest {
		using HostTest::start;
	};
	auto &host = static_cast<Spawner &>(t);
	host.start(tasks[0], 8, receiver(0, "first"));
	host.start(tasks[1], 7, receiver(1, "low"));
	host.start(tasks[2], 3, receiver(2, "high"));
	host.start(tasks[3], 1, [&] {
		rt_mbx_send(&m, (void *)"00", 2);
		rt_mbx_send(&m, (void *)"11", 2);
		rt_mbx_send(&m, (void *)"22", 2);
	});
	return "first:" + std::string(bufs[0], 2) + " low:" + std::string(bufs[1], 2) + " high:" +
	       std::string(bufs[2], 2);
}

TEST_F(Mbx, PriorityOrderOfWaitingReceivers)
{
	RT_TASK t[4] = {};
	EXPECT_EQ(receivers_order(*this, m, PRIO_Q, t), "first:00 low:22 high:11");
}

TEST_F(Mbx, FifoOrderOfWaitingReceivers)
{
	RT_TASK t[4] = {};
	EXPECT_EQ(receivers_order(*this, m, FIFO_Q, t), "first:00 low:11 high:22");
}

TEST_F(Mbx, DeleteWakesEveryoneWithObjrem)
{
	ASSERT_EQ(rt_mbx_init(&m, 4), 0);
	start(a, 5, [&] {
		char buf[4];
		trace.add_plain(rt_mbx_receive(&m, buf, 4) == RTE_OBJREM ? "rx-objrem" : "?");
	});
	start(b, 6, [&] {
		char buf[4];
		trace.add_plain(rt_mbx_receive_timed(&m, buf, 4, 1000) == RTE_OBJREM ? "rx2-objrem" : "?");
	});
	EXPECT_EQ(rt_mbx_delete(&m), 0);
	EXPECT_EQ(trace.str(), "rx-objrem rx2-objrem");
	EXPECT_EQ(rt_mbx_delete(&m), RTE_OBJINV);
	EXPECT_EQ(rt_mbx_send(&m, (void *)"x", 1), RTE_OBJINV);
	tx::sim::pump_linux_work(); // the ring is freed from Linux
}

TEST_F(Mbx, BadArguments)
{
	EXPECT_EQ(rt_mbx_init(nullptr, 8), -EINVAL);
	EXPECT_EQ(rt_mbx_init(&m, 0), -EINVAL);
	EXPECT_EQ(rt_mbx_init(&m, -1), -EINVAL);
	EXPECT_EQ(rt_mbx_send(&m, (void *)"x", 1), RTE_OBJINV);
	EXPECT_EQ(rt_mbx_receive(nullptr, nullptr, 1), RTE_OBJINV);
	EXPECT_EQ(rt_mbx_evdrp(&m, nullptr, 1), RTE_OBJINV);
	ASSERT_EQ(rt_mbx_init(&m, 8), 0);
	EXPECT_EQ(rt_mbx_send(&m, (void *)"x", -1), RTE_OBJINV);
	EXPECT_EQ(rt_mbx_send(&m, nullptr, 3), RTE_OBJINV);
	EXPECT_EQ(rt_mbx_send(&m, (void *)"x", 1), RTE_PERM); // Linux may not wait
	EXPECT_EQ(rt_mbx_send_wp(&m, (void *)"x", 1), 0);     // but may try
	start(a, 5, [&] { EXPECT_EQ(rt_mbx_init(&m, 8), -EINVAL); }); // allocation: Linux only
}

// ---- Messages ---------------------------------------------------------------

TEST_F(Msg, SendBlocksUntilReceived)
{
	ASSERT_EQ(spawn(b, 6, [&] {
			unsigned long v = 0;
			RT_TASK *s = rt_receive(nullptr, &v);
			trace.add(s == &a ? "got" + std::to_string(v) : "?");
		}),
		  0);
	start(a, 5, [&] {
		RT_TASK *r = rt_send(&b, 42);
		trace.add(r == &b ? "sent" : "?");
	});
	run(100);
	rt_task_resume(&b);
	EXPECT_EQ(trace.str(), "sent@100 got42@100");
}

TEST_F(Msg, ReceiveBlocksUntilSent)
{
	ASSERT_EQ(spawn(a, 6, [&] {
			EXPECT_EQ(rt_send(&b, 7), &b);
			trace.add("sent");
		}),
		  0);
	start(b, 5, [&] {
		unsigned long v = 0;
		RT_TASK *s = rt_receive(nullptr, &v);
		trace.add(s == &a ? "got" + std::to_string(v) : "?");
	});
	run(50);
	rt_task_resume(&a);
	EXPECT_EQ(trace.str(), "got7@50 sent@50");
}

TEST_F(Msg, SendersQueueByPriorityAndReceiveFromOne)
{
	ASSERT_EQ(spawn(d, 1, [&] {
			unsigned long v;
			EXPECT_EQ(rt_receive(&c, &v), &c); // only c's
			trace.add_plain(std::to_string(v));
			for (int i = 0; i < 2; i++) {
				rt_receive(nullptr, &v);
				trace.add_plain(std::to_string(v));
			}
			EXPECT_EQ(rt_receive_if(nullptr, &v), nullptr);
		}),
		  0);
	start(a, 7, [&] { rt_send(&d, 7); });
	start(b, 3, [&] { rt_send(&d, 3); });
	start(c, 5, [&] { rt_send(&d, 5); });
	rt_task_resume(&d);
	EXPECT_EQ(trace.str(), "5 3 7");
}

TEST_F(Msg, RpcRoundTripAndReturnRules)
{
	start(b, 5, [&] {
		unsigned long v;
		RT_TASK *caller = rt_receive(nullptr, &v);
		EXPECT_EQ(caller, &a);
		EXPECT_NE(rt_isrpc(&a), 0);
		EXPECT_EQ(rt_return(&c, 1), MSG_ERR); // not a task
		EXPECT_EQ(rt_return(&a, v * 2), &a);
		EXPECT_EQ(rt_return(&a, 0), nullptr); // nobody waits for it now
	});
	start(a, 6, [&] {
		unsigned long reply = 0;
		EXPECT_EQ(rt_rpc(&b, 21, &reply), &b);
		trace.add_plain("reply=" + std::to_string(reply));
		EXPECT_EQ(rt_isrpc(&a), 0);
	});
	EXPECT_EQ(trace.str(), "reply=42");
}

TEST_F(Msg, RpcQueuedThenReceivedThenAnswered)
{
	ASSERT_EQ(spawn(b, 5, [&] {
			unsigned long v;
			RT_TASK *who = rt_receive(nullptr, &v);
			rt_sleep(20);
			rt_return(who, v + 100);
			trace.add("b-returned");
		}),
		  0);
	start(a, 3, [&] {
		unsigned long r = 0;
		EXPECT_EQ(rt_rpc(&b, 5, &r), &b);
		trace.add("a-reply=" + std::to_string(r));
	});
	run(10);
	rt_task_resume(&b);
	run(100);
	EXPECT_EQ(trace.str(), "a-reply=105@30 b-returned@30");
}

TEST_F(Msg, TimeoutsAndIfVariants)
{
	ASSERT_EQ(spawn(b, 9, [] {}), 0); // exists, never receives
	start(a, 5, [&] {
		unsigned long v;
		EXPECT_EQ(rt_send_if(&b, 1), nullptr);
		EXPECT_EQ(rt_rpc_if(&b, 1, &v), nullptr);
		EXPECT_EQ(rt_send_timed(&b, 1, 100), (RT_TASK *)RTE_TIMOUT);
		trace.add("send-timeout");
		EXPECT_EQ(rt_receive_timed(nullptr, &v, 100), (RT_TASK *)RTE_TIMOUT);
		trace.add("recv-timeout");
		EXPECT_EQ(rt_receive_until(&b, &v, now()), (RT_TASK *)RTE_TIMOUT);
		EXPECT_EQ(rt_send_until(&b, 1, now()), (RT_TASK *)RTE_TIMOUT);
		EXPECT_EQ(rt_rpc_until(&b, 1, &v, now()), nullptr); // RTAI: NULL when already past
		EXPECT_EQ(rt_rpc_timed(&b, 1, &v, 100), (RT_TASK *)RTE_TIMOUT);
		trace.add("rpc-timeout");
	});
	run(1000);
	EXPECT_EQ(trace.str(), "send-timeout@100 recv-timeout@200 rpc-timeout@300");
}

TEST_F(Msg, RpcTimeoutCoversTheReply)
{
	start(b, 5, [&] {
		unsigned long v;
		rt_receive(nullptr, &v); // takes it, never returns
		rt_sleep(1000000);
	});
	start(a, 6, [&] {
		unsigned long v;
		EXPECT_EQ(rt_rpc_timed(&b, 1, &v, 100), (RT_TASK *)RTE_TIMOUT);
		trace.add("timeout");
	});
	run(500);
	EXPECT_EQ(trace.str(), "timeout@100");
}

TEST_F(Msg, DeletedPartnerWakesWithObjrem)
{
	ASSERT_EQ(spawn(d, 9, [] {}), 0);
	ASSERT_EQ(spawn(c, 8, [&] {
			unsigned long v;
			rt_receive(nullptr, &v);
			rt_task_suspend(nullptr);
		}),
		  0);
	start(a, 5, [&] { trace.add_plain(rt_send(&d, 1) == (RT_TASK *)RTE_OBJREM ? "send-objrem" : "?"); });
	start(b, 5, [&] {
		unsigned long v;
		trace.add_plain(rt_receive(&d, &v) == (RT_TASK *)RTE_OBJREM ? "recv-objrem" : "?");
	});
	rt_task_resume(&c);
	RT_TASK e{};
	start(e, 5, [&] {
		unsigned long v;
		trace.add_plain(rt_rpc(&c, 1, &v) == (RT_TASK *)RTE_OBJREM ? "rpc-objrem" : "?");
	});
	EXPECT_EQ(rt_task_delete(&d), 0);
	EXPECT_EQ(rt_task_delete(&c), 0);
	EXPECT_EQ(trace.str(), "send-objrem recv-objrem rpc-objrem");
}

TEST_F(Msg, BadPartnersAndLinuxContext)
{
	EXPECT_EQ(rt_send(&a, 1), MSG_ERR);
	EXPECT_EQ(rt_send(nullptr, 1), MSG_ERR);
	EXPECT_EQ(rt_rpc(&a, 1, nullptr), MSG_ERR);
	EXPECT_EQ(rt_return(nullptr, 1), MSG_ERR);
	EXPECT_EQ(rt_receive(&a, nullptr), MSG_ERR);
	ASSERT_EQ(spawn(a, 5, [] {}), 0);
	EXPECT_EQ(rt_send(&a, 1), (RT_TASK *)RTE_PERM);
	EXPECT_EQ(rt_receive(nullptr, nullptr), (RT_TASK *)RTE_PERM);
	start(b, 5, [&] { EXPECT_EQ(rt_send(&b, 1), MSG_ERR); }); // to oneself
	EXPECT_EQ(rt_isrpc(&a), 0);
}

TEST_F(Msg, EvdrpPeeksWithoutTaking)
{
	ASSERT_EQ(spawn(b, 5, [&] {
		unsigned long v = 0;
		EXPECT_EQ(rt_evdrp(nullptr, &v), &a);
		EXPECT_EQ(v, 99u);
		EXPECT_EQ(rt_receive(nullptr, &v), &a);
		EXPECT_EQ(rt_evdrp(nullptr, &v), nullptr);
	}),
		  0);
	start(a, 7, [&] { rt_send(&b, 99); });
	rt_task_resume(&b);
}

// The x forms: buffers instead of one unsigned long.
TEST_F(Msg, SendxReceivexCopiesBuffersAndCutsWhatDoesNotFit)
{
	start(b, 5, [&] {
		char buf[8] = {};
		long len = -1;
		EXPECT_EQ(rt_receivex(nullptr, buf, sizeof(buf), &len), &a); // blocks: a sends later
		trace.add_plain("b:" + text(buf, static_cast<size_t>(len)));
		char small[4] = {};
		EXPECT_EQ(rt_receivex(&a, small, sizeof(small), &len), &a); // a is queued now
		trace.add_plain("b:" + text(small, static_cast<size_t>(len)));
		unsigned long plain = 99;
		EXPECT_EQ(rt_receive(&a, &plain), &a); // a plain receive of 3 bytes
		trace.add_plain("b:" + std::to_string(plain));
	});
	start(a, 6, [&] {
		char hello[] = "hello";
		EXPECT_EQ(rt_sendx(&b, hello, 5), &b);
		char longer[] = "truncated";
		EXPECT_EQ(rt_sendx(&b, longer, 9), &b);
		unsigned char three[3] = {1, 0, 0};
		EXPECT_EQ(rt_sendx(&b, three, 3), &b);
	});
	EXPECT_EQ(trace.str(), "b:hello b:trun b:1");
}

TEST_F(Msg, RpcxAndReturnxCarryBuffersBothWays)
{
	start(b, 5, [&] {
		char req[16] = {};
		long len = 0;
		RT_TASK *caller = rt_receivex(nullptr, req, sizeof(req), &len);
		EXPECT_EQ(caller, &a);
		EXPECT_EQ(rt_isrpcx(&a), RT_SCHED_RETURN);
		std::string answer = "re:" + text(req, static_cast<size_t>(len));
		EXPECT_EQ(rt_returnx(&a, answer.data(), static_cast<int>(answer.size())), &a);
	});
	start(a, 6, [&] {
		char reply[6] = {};
		EXPECT_EQ(rt_rpcx(&b, (void *)"question", reply, 8, sizeof(reply)), &b);
		trace.add_plain("a:" + text(reply, sizeof(reply))); // "re:question" cut to 6
	});
	EXPECT_EQ(trace.str(), "a:re:que");
}

TEST_F(Msg, EvdrpxPeeksAndBadXArgumentsAreRefused)
{
	ASSERT_EQ(spawn(a, 4, [&] { EXPECT_EQ(rt_sendx(&b, (void *)"peek", 4), &b); }), 0);
	start(b, 5, [&] {
		rt_task_resume(&a); // a (higher) runs and queues its message at b
		char buf[8] = {};
		long len = 0;
		EXPECT_EQ(rt_evdrpx(nullptr, buf, sizeof(buf), &len), &a);
		trace.add_plain("peek:" + text(buf, static_cast<size_t>(len)));
		EXPECT_EQ(rt_receivex_if(nullptr, buf, 2, &len), &a); // still there: taken now
		trace.add_plain("got:" + text(buf, static_cast<size_t>(len)));
		EXPECT_EQ(rt_receivex_if(nullptr, buf, 2, &len), nullptr);
		EXPECT_EQ(rt_receivex_timed(nullptr, buf, sizeof(buf), &len, 10), (RT_TASK *)(uintptr_t)RTE_TIMOUT);
		EXPECT_EQ(rt_sendx(&a, buf, -1), MSG_ERR);
		EXPECT_EQ(rt_sendx(&a, nullptr, 4), MSG_ERR);
		EXPECT_EQ(rt_receivex(nullptr, nullptr, 4, &len), MSG_ERR);
		EXPECT_EQ(rt_rpcx(&a, buf, nullptr, 1, 4), MSG_ERR);
		EXPECT_EQ(rt_returnx(&a, nullptr, 1), MSG_ERR);
		EXPECT_EQ(rt_sendx_if(&a, nullptr, 0), MSG_ERR); // a returned: deleted
	});
	run(100);
	EXPECT_EQ(trace.str(), "peek:peek got:pe");
}
