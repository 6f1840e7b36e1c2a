// SPDX-License-Identifier: GPL-2.0
// RTAI's rt_poll (rtai_sem.h): waiting on several semaphores and mailboxes.
#include <rtai_mbx.h>
#include <rtai_sem.h>

#include "harness.hpp"

#include <cstring>

using namespace txtest;

namespace {

// RTAI's mailbox calls take a void *: a writable copy of a literal.
void *bytes(const char *s)
{
	static char buf[16];
	std::strncpy(buf, s, sizeof(buf) - 1);
	return buf;
}

class Poll : public HostTest {
protected:
	RT_TASK a{}, b{}, c{};
	SEM s1{}, s2{};
	MBX m{};
	static std::string str(int v) { return rte_str(v); }
	void SetUp() override
	{
		HostTest::SetUp();
		ASSERT_EQ(rt_sem_init(&s1, 0), 0);
		ASSERT_EQ(rt_sem_init(&s2, 0), 0);
		ASSERT_EQ(rt_mbx_init(&m, 8), 0);
	}
	void TearDown() override
	{
		rt_sem_delete(&s1);
		rt_sem_delete(&s2);
		rt_mbx_delete(&m);
		HostTest::TearDown();
	}
	// "i:NULL" for an entry reported ready, "i:objrem" for a deleted object,
	// nothing for an entry left as it was.
	static std::string reported(const rt_poll_s *p, int n, const void *const *before)
	{
		std::string out;
		for (int i = 0; i < n; i++) {
			if (p[i].what == before[i])
				continue;
			out += (out.empty() ? "" : ",") + std::to_string(i) + ":" +
			       (p[i].what ? str(static_cast<int>(reinterpret_cast<long>(p[i].what))) : "NULL");
		}
		return out;
	}
};

TEST_F(Poll, ReportsWhatIsReadyAtOnceWithoutTakingIt)
{
	ASSERT_EQ(rt_sem_signal(&s1), 0);
	ASSERT_EQ(rt_mbx_send_if(&m, bytes("ab"), 2), 0);
	rt_poll_s p[3] = {{&s1, RT_POLL_SEM_WAIT_ONE}, {&m, RT_POLL_MBX_RECV}, {&s2, RT_POLL_SEM_WAIT_ALL}};
	const void *before[3] = {p[0].what, p[1].what, p[2].what};
	EXPECT_EQ(rt_poll(p, 3, 0), 2); // from Linux: nothing has to wait
	EXPECT_EQ(reported(p, 3, before), "0:NULL,1:NULL");
	EXPECT_EQ(rt_sem_count(&s1), 1); // nothing taken
	char buf[2];
	EXPECT_EQ(rt_mbx_receive_if(&m, buf, 2), 0);
	// timeout 1: report only, never wait.
	rt_poll_s q[2] = {{&s2, RT_POLL_SEM_WAIT_ONE}, {&m, RT_POLL_MBX_RECV}};
	EXPECT_EQ(rt_poll(q, 2, 1), 0);
	EXPECT_EQ(q[0].what, &s2);
	rt_poll_s send[1] = {{&m, RT_POLL_MBX_SEND}}; // room in an empty mailbox
	EXPECT_EQ(rt_poll(send, 1, 1), 1);
	EXPECT_EQ(send[0].what, nullptr);
}

TEST_F(Poll, WaitsUntilOneObjectIsReady)
{
	static rt_poll_s p[2];
	start(a, 5, [&] {
		p[0] = {&s1, RT_POLL_SEM_WAIT_ONE};
		p[1] = {&m, RT_POLL_MBX_RECV};
		EXPECT_EQ(rt_get_task_state(&a) & RT_SCHED_POLL, 0);
		int r = rt_poll(p, 2, 0);
		trace.add("a:" + str(r));
		char c2[2];
		trace.add("a:recv " + std::to_string(rt_mbx_receive_if(&m, c2, 2)));
	});
	run(100);
	EXPECT_EQ(trace.str(), "");
	EXPECT_NE(rt_get_task_state(&a) & RT_SCHED_POLL, 0);
	ASSERT_EQ(rt_mbx_send_if(&m, bytes("xy"), 2), 0);
	EXPECT_EQ(trace.str(), "a:1@100 a:recv 0@100");
	EXPECT_EQ(p[0].what, &s1); // not ready: left as it was
	EXPECT_EQ(p[1].what, nullptr);
	// The poller left s1's poll list: a signal now only counts.
	EXPECT_EQ(rt_sem_signal(&s1), 0);
	EXPECT_EQ(rt_sem_count(&s1), 1);
}

TEST_F(Poll, TimeoutsRelativeAndAbsolute)
{
	start(a, 5, [&] {
		rt_poll_s p[1] = {{&s1, RT_POLL_SEM_WAIT_ALL}};
		trace.add("a:" + str(rt_poll(p, 1, -100))); // 100 counts from now
		trace.add("a:" + str(rt_poll(p, 1, 250)));  // until the time 250
		trace.add("a:" + str(rt_poll(p, 1, 200)));  // a time past
		trace.add("a:" + str(rt_poll(nullptr, 0, -50))); // nothing: a sleep
		trace.add("a:" + str(rt_poll(nullptr, 0, 0)));   // nothing, no limit: at once
	});
	run(1000);
	EXPECT_EQ(trace.str(), "a:timeout@100 a:timeout@250 a:timeout@250 a:timeout@300 a:0@300");
}

TEST_F(Poll, WaitOneWakesOnePollerPerUnitWaitAllWakesAll)
{
	start(a, 3, [&] {
		rt_poll_s p[1] = {{&s1, RT_POLL_SEM_WAIT_ONE}};
		trace.add("a:" + str(rt_poll(p, 1, 0)));
	});
	start(b, 4, [&] {
		rt_poll_s p[1] = {{&s1, RT_POLL_SEM_WAIT_ONE}};
		trace.add("b:" + str(rt_poll(p, 1, 0)));
	});
	start(c, 5, [&] {
		rt_poll_s p[1] = {{&s1, RT_POLL_SEM_WAIT_ALL}};
		trace.add("c:" + str(rt_poll(p, 1, 0)));
	});
	run(10);
	EXPECT_EQ(rt_sem_signal(&s1), 0); // one unit: a (the first of WAIT_ONE) and c
	EXPECT_EQ(trace.str(), "a:1@10 c:1@10");
	run(10);
	EXPECT_EQ(rt_sem_wait_if(&s1), 1); // Linux takes it: nothing frees a unit
	EXPECT_EQ(trace.str(), "a:1@10 c:1@10");
	EXPECT_EQ(rt_sem_signal(&s1), 0);
	EXPECT_EQ(trace.str(), "a:1@10 c:1@10 b:1@20");
}

TEST_F(Poll, ADeletedObjectEndsThePollWithObjrem)
{
	static rt_poll_s p[2];
	start(a, 5, [&] {
		p[0] = {&s1, RT_POLL_SEM_WAIT_ALL};
		p[1] = {&s2, RT_POLL_SEM_WAIT_ONE};
		trace.add("a:" + str(rt_poll(p, 2, 0)));
	});
	run(10);
	EXPECT_EQ(rt_sem_delete(&s2), 0);
	EXPECT_EQ(trace.str(), "a:1@10");
	EXPECT_EQ(p[0].what, &s1);
	EXPECT_EQ(p[1].what, reinterpret_cast<void *>(static_cast<long>(RTE_OBJREM)));
	ASSERT_EQ(rt_sem_init(&s2, 0), 0);
}

TEST_F(Poll, RoomToSendAfterAReceive)
{
	ASSERT_EQ(rt_mbx_send_if(&m, bytes("12345678"), 8), 0); // full
	start(a, 5, [&] {
		rt_poll_s p[1] = {{&m, RT_POLL_MBX_SEND}};
		trace.add("a:" + str(rt_poll(p, 1, 0)));
		trace.add("a:send " + std::to_string(rt_mbx_send_if(&m, bytes("9"), 1)));
	});
	run(50);
	char buf[1];
	EXPECT_EQ(rt_mbx_receive_if(&m, buf, 1), 0);
	EXPECT_EQ(trace.str(), "a:1@50 a:send 0@50");
}

TEST_F(Poll, UnblockAndDeleteTakeThePollerOutOfEveryList)
{
	start(a, 5, [&] {
		rt_poll_s p[2] = {{&s1, RT_POLL_SEM_WAIT_ONE}, {&m, RT_POLL_MBX_RECV}};
		trace.add("a:" + str(rt_poll(p, 2, 0)));
		rt_poll_s q[1] = {{&s1, RT_POLL_SEM_WAIT_ALL}};
		trace.add("a:" + str(rt_poll(q, 1, 0))); // deleted while in here
	});
	run(10);
	EXPECT_EQ(rt_task_masked_unblock(&a, RT_SCHED_POLL), RTE_UNBLKD);
	run(10);
	EXPECT_EQ(trace.str(), "a:unblkd@10");
	EXPECT_EQ(rt_task_delete(&a), 0);
	run(10);
	// Its links (on its stack, gone) are in no list: these find no poller.
	EXPECT_EQ(rt_sem_signal(&s1), 0);
	EXPECT_EQ(rt_mbx_send_if(&m, bytes("z"), 1), 0);
	EXPECT_EQ(trace.str(), "a:unblkd@10");
	EXPECT_EQ(rt_sem_count(&s1), 1);
}

TEST_F(Poll, BadArguments)
{
	rt_poll_s p[RT_POLL_MAX + 1] = {};
	for (auto &e : p)
		e = {&s1, RT_POLL_SEM_WAIT_ONE};
	EXPECT_EQ(rt_poll(p, RT_POLL_MAX + 1, 1), RTE_OBJINV);
	EXPECT_EQ(rt_poll(nullptr, 1, 1), RTE_OBJINV);
	rt_poll_s bad[1] = {{&s1, RT_POLL_NOT_TO_USE}};
	EXPECT_EQ(rt_poll(bad, 1, 1), RTE_OBJINV);
	bad[0] = {&s1, 5};
	EXPECT_EQ(rt_poll(bad, 1, 1), RTE_OBJINV);
	SEM dead{};
	bad[0] = {&dead, RT_POLL_SEM_WAIT_ONE};
	EXPECT_EQ(rt_poll(bad, 1, 1), RTE_OBJINV);
	bad[0] = {nullptr, RT_POLL_MBX_RECV};
	EXPECT_EQ(rt_poll(bad, 1, 1), RTE_OBJINV);
	// A bad entry after a ready one: nothing is reported.
	ASSERT_EQ(rt_sem_signal(&s2), 0);
	rt_poll_s mixed[2] = {{&s2, RT_POLL_SEM_WAIT_ONE}, {&dead, RT_POLL_SEM_WAIT_ONE}};
	EXPECT_EQ(rt_poll(mixed, 2, 1), RTE_OBJINV);
	EXPECT_EQ(mixed[0].what, &s2);
	bad[0] = {&s1, RT_POLL_SEM_WAIT_ONE};
	EXPECT_EQ(rt_poll(bad, 1, 0), RTE_PERM); // Linux cannot wait
	EXPECT_EQ(rt_poll(p, RT_POLL_MAX, 1), 0);  // the most it takes
}

} // namespace
