// SPDX-License-Identifier: GPL-2.0
// RTAI's proxies and QNX-style messages (rtai_msg.h) through the C API.
#include <cstring>

#include <rtai_msg.h>
#include <rtai_registry.h>

#include "api/api_internal.hpp"
#include "harness.hpp"

using namespace txtest;

namespace {

class Qnx : public HostTest {
protected:
	RT_TASK server{}, client{}, other{};
};

// rt_Send blocks until rt_Reply; the reply is cut to the sender's room and
// its length is what rt_Send returns; rt_Receive gives the sender's pid.
TEST_F(Qnx, SendReceiveReply)
{
	int server_pid = 0, sender_pid = 0, sent = -100;
	char got[16] = {}, reply[4] = {};
	size_t len = 0;
	start(server, 5, [&] {
		server_pid = rt_Name_attach("SRV");
		sender_pid = rt_Receive(0, got, sizeof(got), &len);
		trace.add("received");
		work(10);
		trace.add("reply " + std::to_string(rt_Reply(sender_pid, (void *)"abcdefgh", 8)));
		trace.add("again " + std::to_string(rt_Reply(sender_pid, (void *)"x", 1)));
		trace.add("detach " + std::to_string(rt_Name_detach(server_pid)));
		rt_task_suspend(nullptr); // keeps its pid
	});
	start(client, 6, [&] {
		int pid = rt_Name_locate("", "SRV");
		trace.add("located " + std::to_string(pid == server_pid));
		sent = rt_Send(pid, (void *)"hello", reply, 6, sizeof(reply));
		trace.add("sent " + std::to_string(sent));
	});
	run(100);
	EXPECT_GT(server_pid, 0);
	EXPECT_EQ(sender_pid, static_cast<int>(tx::api::task_of(&client)->slot) + 1);
	EXPECT_STREQ(got, "hello");
	EXPECT_EQ(len, 6u);
	EXPECT_EQ(sent, 4);
	EXPECT_EQ(std::memcmp(reply, "abcd", 4), 0);
	EXPECT_EQ(trace.str(), "located 1@0 received@0 reply 0@10 again " + std::to_string(-EPERM) +
				       "@10 detach 0@10 sent 4@10");
	EXPECT_EQ(rt_Name_locate("", "SRV"), 0);
	EXPECT_EQ(rt_Name_detach(server_pid), -EINVAL); // no name left
}

TEST_F(Qnx, ErrorsAndConditionalReceive)
{
	EXPECT_EQ(rt_Send(0, nullptr, nullptr, 0, 0), -ESRCH);
	EXPECT_EQ(rt_Send(5000, nullptr, nullptr, 0, 0), -ESRCH);
	EXPECT_EQ(rt_Reply(77, (void *)"x", 1), -ESRCH);
	EXPECT_EQ(rt_Name_attach("TOOLONGNAME"), -EINVAL);
	EXPECT_EQ(rt_Name_attach("LINUX"), -EPERM); // Linux context has no pid
	int creceived = -1, waited = -1;
	RTIME t0 = 0, t1 = 0;
	start(server, 5, [&] {
		size_t len = 0;
		char buf[4];
		creceived = rt_Creceive(0, buf, sizeof(buf), &len, 0); // nothing there
		t0 = rt_get_time();
		waited = rt_Creceive(0, buf, sizeof(buf), &len, 40);
		t1 = rt_get_time();
		rt_task_suspend(nullptr); // keeps its pid
	});
	run(100);
	EXPECT_EQ(creceived, 0);
	EXPECT_EQ(waited, 0);
	EXPECT_EQ(t1 - t0, 40);
	int pid = static_cast<int>(tx::api::task_of(&server)->slot) + 1;
	EXPECT_EQ(rt_Reply(pid, (void *)"x", 1), -EPERM); // nothing received from it
}

// Only the receiver a sender waits for can reply to it: another task's
// rt_Reply to that pid is -EPERM and the sender keeps waiting.
TEST_F(Qnx, ReplyOnlyFromTheTaskItWaitsFor)
{
	int client_pid = 0, wrong = 1, right = 1, sent = -100;
	char reply[8] = {};
	start(server, 5, [&] {
		char buf[8];
		size_t len;
		client_pid = rt_Receive(0, buf, sizeof(buf), &len);
		rt_task_suspend(nullptr);
		right = rt_Reply(client_pid, (void *)"ok", 3);
		rt_task_suspend(nullptr);
	});
	start(client, 6, [&] {
		sent = rt_Send(static_cast<int>(tx::api::task_of(&server)->slot) + 1, (void *)"hi", reply, 3, sizeof(reply));
		rt_task_suspend(nullptr);
	});
	start(other, 4, [&] {
		rt_task_suspend(nullptr);
		wrong = rt_Reply(client_pid, (void *)"no", 3);
		rt_task_suspend(nullptr);
	});
	run(10);
	rt_task_resume(&other);
	run(10);
	EXPECT_EQ(wrong, -EPERM);
	EXPECT_EQ(sent, -100); // still waiting
	rt_task_resume(&server);
	run(10);
	EXPECT_EQ(right, 0);
	EXPECT_EQ(sent, 3);
	EXPECT_STREQ(reply, "ok");
	EXPECT_EQ(rt_proxy_detach(&other), -EINVAL); // not a proxy: nothing read past its RT_TASK
}

// A native proxy sends its message once per trigger, in order, to its
// receiver; detach deletes it.
TEST_F(Qnx, NativeProxySendsOncePerTrigger)
{
	int received = 0;
	std::string last;
	RT_TASK *proxy = nullptr;
	start(server, 5, [&] {
		for (;;) {
			char buf[16] = {};
			long len = 0;
			RT_TASK *from = rt_receivex(nullptr, buf, sizeof(buf), &len);
			if (from != proxy)
				break;
			received++;
			last.assign(buf, static_cast<size_t>(len));
		}
	});
	proxy = rt_proxy_attach(&server, (void *)"tick", 4, 3);
	ASSERT_NE(proxy, nullptr);
	run(10);
	EXPECT_EQ(received, 0); // not triggered yet
	EXPECT_EQ(rt_trigger(proxy), &server);
	EXPECT_EQ(rt_trigger(proxy), &server);
	run(10);
	EXPECT_EQ(received, 2);
	EXPECT_EQ(last, "tick");
	start(other, 4, [&] { rt_trigger(proxy); }); // from a task too
	run(10);
	EXPECT_EQ(received, 3);
	EXPECT_EQ(rt_trigger(&other), MSG_ERR); // not a proxy
	EXPECT_EQ(rt_proxy_detach(proxy), 0);
	EXPECT_EQ(rt_proxy_detach(proxy), -EINVAL);
	EXPECT_EQ(rt_proxy_attach(&server, nullptr, 4, 3), nullptr);          // no message
	EXPECT_EQ(rt_proxy_attach(&server, (void *)"x", 5000, 3), nullptr); // too long
}

// A QNX proxy's message arrives through rt_Receive with the proxy's pid
// and needs no reply; rt_Trigger returns the receiver's pid.
TEST_F(Qnx, QnxProxyNeedsNoReply)
{
	int server_pid = 0, proxy_pid = 0, from1 = 0, from2 = 0;
	char buf[8] = {};
	size_t len = 0;
	start(server, 5, [&] {
		server_pid = static_cast<int>(tx::api::task_of(&server)->slot) + 1;
		from1 = rt_Receive(0, buf, sizeof(buf), &len);
		from2 = rt_Receive(0, buf, sizeof(buf), &len);
		rt_task_suspend(nullptr); // keeps its pid
	});
	run(1);
	proxy_pid = rt_Proxy_attach(server_pid, (void *)"evt", 3, 3);
	ASSERT_GT(proxy_pid, 0);
	EXPECT_EQ(rt_Trigger(proxy_pid), server_pid);
	EXPECT_EQ(rt_Trigger(proxy_pid), server_pid);
	run(10);
	EXPECT_EQ(from1, proxy_pid);
	EXPECT_EQ(from2, proxy_pid); // released after the first: it sent again
	EXPECT_EQ(len, 3u);
	EXPECT_STREQ(buf, "evt");
	EXPECT_EQ(rt_Trigger(server_pid), -ESRCH); // not a proxy
	EXPECT_EQ(rt_Proxy_detach(proxy_pid), 0);
}

// Proxies left attached are deleted and freed at the scheduler's unload.
TEST_F(Qnx, LeftProxiesAreFreedAtShutdown)
{
	start(server, 5, [&] { rt_receivex(nullptr, nullptr, 0, nullptr); });
	ASSERT_NE(rt_proxy_attach(&server, (void *)"a", 1, 3), nullptr);
	ASSERT_NE(rt_proxy_attach(&server, (void *)"b", 1, 3), nullptr);
	EXPECT_EQ(tx_proxies_shutdown(), 2u); // the harness checks nothing leaked
}

} // namespace
