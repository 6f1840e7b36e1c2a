// SPDX-License-Identifier: GPL-2.0
// The POSIX layer (api/include/posix/): threads, mutexes, condition
// variables, semaphores, clocks and RTLinux's _np calls, each checked
// against what POSIX (or RTLinux) specifies for its normal and error cases.
// The layer's headers come last: on the host their names are txp_ ones
// (tactus/posix_host_names.h), so this file can use the POSIX names.
#include <asm/rtai_hal.h>

#include "harness.hpp"

#include <posix/mqueue.h>
#include <posix/pthread.h>
#include <posix/rtl.h>
#include <posix/semaphore.h>
#include <posix/signal.h>
#include <posix/unistd.h>

using namespace txtest;

namespace {

int err_no() { return *tx_posix_errno_location(); }

struct timespec ts(long long ns)
{
	struct timespec t;
	t.tv_sec = static_cast<long>(ns / 1'000'000'000);
	t.tv_nsec = static_cast<long>(ns % 1'000'000'000);
	return t;
}

long long mono_ns()
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1'000'000'000LL + t.tv_nsec;
}

long long real_ns()
{
	struct timespec t;
	clock_gettime(CLOCK_REALTIME, &t);
	return t.tv_sec * 1'000'000'000LL + t.tv_nsec;
}

// A thread running a std::function (the tests' bodies).
class Posix : public HostTest {
public:
	static constexpr long long kWall = 1'700'000'000'000'000'000;
	void SetUp() override
	{
		HostTest::SetUp();
		tx::sim::set_wall_clock(kWall); // CLOCK_REALTIME: Linux's clock at load
		rt_gettimeorig(nullptr);
	}
	void TearDown() override
	{
		HostTest::TearDown();
		tx::sim::set_wall_clock(0);
		rt_gettimeorig(nullptr);
	}
	int create(pthread_t *t, int prio, std::function<void *()> body, int detach = PTHREAD_CREATE_JOINABLE,
		   int cpu = -1)
	{
		bodies.push_back(std::make_unique<std::function<void *()>>(std::move(body)));
		pthread_attr_t a;
		pthread_attr_init(&a);
		struct sched_param p = {prio};
		pthread_attr_setschedparam(&a, &p);
		pthread_attr_setdetachstate(&a, detach);
		pthread_attr_setcpu_np(&a, cpu);
		return pthread_create(t, &a, [](void *f) { return (*static_cast<std::function<void *()> *>(f))(); },
				      bodies.back().get());
	}
	std::string inversion(int protocol, int ceiling = 0);
	std::vector<std::unique_ptr<std::function<void *()>>> bodies;
};

// ---- Threads ----------------------------------------------------------------

TEST_F(Posix, CreateRunsAtOnceJoinTakesTheValueAndFreesTheThread)
{
	pthread_t t = 0;
	ASSERT_EQ(create(&t, 50, [&] {
			  trace.add("run");
			  return reinterpret_cast<void *>(42);
		  }),
		  0);
	EXPECT_NE(t, 0u);
	EXPECT_EQ(trace.str(), "run@0"); // more urgent than Linux: ran inside pthread_create
	void *v = nullptr;
	EXPECT_EQ(pthread_join(t, &v), 0); // Linux context: polls
	EXPECT_EQ(v, reinterpret_cast<void *>(42));
	EXPECT_EQ(pthread_join(t, &v), ESRCH); // joined: the handle is gone
	EXPECT_EQ(pthread_detach(t), ESRCH);
	EXPECT_EQ(tx::g_sched.task_count(), 1u); // CPU 0's timers manager (pthread_create)
}

TEST_F(Posix, ExitRunsKeyDestructorsAndGivesItsValue)
{
	static int destroyed;
	destroyed = 0;
	pthread_key_t key;
	ASSERT_EQ(pthread_key_create(&key, [](void *v) { destroyed += *static_cast<int *>(v); }), 0);
	static int value = 7;
	pthread_t t;
	ASSERT_EQ(create(&t, 50, [&]() -> void * {
			  EXPECT_EQ(pthread_getspecific(key), nullptr);
			  EXPECT_EQ(pthread_setspecific(key, &value), 0);
			  EXPECT_EQ(pthread_getspecific(key), &value);
			  pthread_exit(reinterpret_cast<void *>(5));
			  ADD_FAILURE() << "pthread_exit returned";
			  return nullptr;
		  }),
		  0);
	void *v;
	EXPECT_EQ(pthread_join(t, &v), 0);
	EXPECT_EQ(v, reinterpret_cast<void *>(5));
	EXPECT_EQ(destroyed, 7);
	EXPECT_EQ(pthread_setspecific(key, &value), EINVAL); // Linux context has no thread
	EXPECT_EQ(pthread_key_delete(key), 0);
	EXPECT_EQ(pthread_key_delete(key), EINVAL);
}

TEST_F(Posix, JoinOfADetachedThreadIsEinvalAndItsMemoryGoesAtItsEnd)
{
	pthread_t t;
	ASSERT_EQ(create(&t, 50, [&]() -> void * {
			  rt_sleep(1000);
			  return nullptr;
		  }),
		  0);
	EXPECT_EQ(pthread_detach(t), 0);
	EXPECT_EQ(pthread_join(t, nullptr), EINVAL);
	EXPECT_EQ(pthread_detach(t), EINVAL);
	size_t live = tx::sim::counters().bytes_live;
	run(2000); // it ends; Linux reaps it
	EXPECT_LT(tx::sim::counters().bytes_live, live);
	EXPECT_EQ(pthread_join(t, nullptr), ESRCH);
	EXPECT_EQ(tx::g_sched.task_count(), 1u); // CPU 0's timers manager (pthread_create)
}

TEST_F(Posix, CreatedDetachedAndJoinOfItselfDeadlocks)
{
	pthread_t t;
	ASSERT_EQ(create(&t, 50, [&]() -> void * {
			  trace.add("self-join " + std::to_string(pthread_join(pthread_self(), nullptr)));
			  return nullptr;
		  }, PTHREAD_CREATE_DETACHED),
		  0);
	EXPECT_EQ(pthread_join(t, nullptr), ESRCH); // detached and ended at once
	EXPECT_EQ(trace.str(), "self-join 35@0"); // EDEADLK
}

TEST_F(Posix, AThreadJoinsAnotherWaitingForItsEnd)
{
	pthread_t worker, joiner;
	ASSERT_EQ(create(&worker, 40, [&]() -> void * {
			  rt_sleep(500);
			  trace.add("worker ends");
			  return reinterpret_cast<void *>(3);
		  }),
		  0);
	ASSERT_EQ(create(&joiner, 60, [&]() -> void * {
			  void *v = nullptr;
			  int r = pthread_join(worker, &v);
			  trace.add("joined " + std::to_string(r) + " " + std::to_string(reinterpret_cast<long>(v)));
			  return nullptr;
		  }),
		  0);
	run(1000);
	EXPECT_EQ(trace.str(), "worker ends@500 joined 0 3@500");
	EXPECT_EQ(pthread_join(joiner, nullptr), 0);
}

TEST_F(Posix, SelfEqualAndTheRtaiPriorityOfAPosixOne)
{
	pthread_t t;
	pthread_t seen = 0;
	int rtai = -1;
	ASSERT_EQ(create(&t, 80, [&]() -> void * {
			  seen = pthread_self();
			  rtai = rt_get_prio(rt_whoami());
			  return nullptr;
		  }),
		  0);
	EXPECT_TRUE(pthread_equal(seen, t));
	EXPECT_FALSE(pthread_equal(seen, pthread_self()));
	EXPECT_EQ(pthread_self(), 0u); // Linux context
	EXPECT_EQ(rtai, 19);           // POSIX 80 = RTAI 99 - 80
	EXPECT_EQ(sched_get_priority_min(SCHED_FIFO), 1);
	EXPECT_EQ(sched_get_priority_max(SCHED_RR), 99);
	EXPECT_EQ(sched_get_priority_max(SCHED_OTHER), -1);
	EXPECT_EQ(err_no(), EINVAL);
	EXPECT_EQ(pthread_join(t, nullptr), 0);
}

TEST_F(Posix, HigherPosixNumberPreemptsLowerOne)
{
	pthread_t lo, hi;
	ASSERT_EQ(create(&lo, 10, [&]() -> void * {
			  trace.add("lo starts");
			  work(100);
			  pthread_t h;
			  // From a thread: EPERM (pthread_create allocates).
			  trace.add("create from a thread " + std::to_string(create(&h, 90, [] { return nullptr; })));
			  work(100);
			  trace.add("lo ends");
			  return nullptr;
		  }),
		  0);
	ASSERT_EQ(create(&hi, 90, [&]() -> void * {
			  trace.add("hi");
			  return nullptr;
		  }),
		  0);
	EXPECT_EQ(trace.str(), "lo starts@0 create from a thread 1@100 lo ends@200 hi@200");
	pthread_join(lo, nullptr);
	pthread_join(hi, nullptr);
}

TEST_F(Posix, SetAndGetSchedParam)
{
	pthread_t t;
	ASSERT_EQ(create(&t, 30, [&]() -> void * {
			  rt_sleep(100'000);
			  return nullptr;
		  }),
		  0);
	struct sched_param p = {70};
	EXPECT_EQ(pthread_setschedparam(t, SCHED_RR, &p), 0);
	int policy = -1;
	struct sched_param q = {0};
	EXPECT_EQ(pthread_getschedparam(t, &policy, &q), 0);
	EXPECT_EQ(policy, SCHED_RR);
	EXPECT_EQ(q.sched_priority, 70);
	p.sched_priority = 100;
	EXPECT_EQ(pthread_setschedparam(t, SCHED_FIFO, &p), EINVAL);
	p.sched_priority = 5;
	EXPECT_EQ(pthread_setschedparam(t, 77, &p), EINVAL);
	EXPECT_EQ(pthread_delete_np(t), 0);
	EXPECT_EQ(pthread_getschedparam(t, &policy, &q), ESRCH);
	void *v = nullptr;
	EXPECT_EQ(pthread_join(t, &v), 0); // deleted, not joined yet: the handle stays until joined
	EXPECT_EQ(v, PTHREAD_CANCELED);
}

TEST_F(Posix, AttributesRefuseBadValues)
{
	pthread_attr_t a;
	EXPECT_EQ(pthread_attr_setdetachstate(&a, 0), EINVAL); // not initialised
	ASSERT_EQ(pthread_attr_init(&a), 0);
	int v;
	size_t sz;
	EXPECT_EQ(pthread_attr_getdetachstate(&a, &v), 0);
	EXPECT_EQ(v, PTHREAD_CREATE_JOINABLE);
	EXPECT_EQ(pthread_attr_getstacksize(&a, &sz), 0);
	EXPECT_EQ(sz, static_cast<size_t>(PTHREAD_STACK_DEFAULT));
	EXPECT_EQ(pthread_attr_setstacksize(&a, 100), EINVAL);
	EXPECT_EQ(pthread_attr_setdetachstate(&a, 7), EINVAL);
	EXPECT_EQ(pthread_attr_setschedpolicy(&a, SCHED_OTHER), EINVAL);
	struct sched_param p = {0};
	EXPECT_EQ(pthread_attr_setschedparam(&a, &p), EINVAL);
	EXPECT_EQ(pthread_attr_setinheritsched(&a, 9), EINVAL);
	EXPECT_EQ(pthread_attr_setcpu_np(&a, 64), EINVAL);
	EXPECT_EQ(pthread_attr_setfp_np(&a, 2), EINVAL);
	// A stack of the caller's: refused at create (the co-kernel's own stacks).
	static char stack[8192];
	EXPECT_EQ(pthread_attr_setstackaddr(&a, stack), 0);
	pthread_t t;
	EXPECT_EQ(pthread_create(&t, &a, [](void *) -> void * { return nullptr; }, nullptr), EINVAL);
	EXPECT_EQ(pthread_attr_destroy(&a), 0);
	EXPECT_EQ(pthread_create(&t, &a, [](void *) -> void * { return nullptr; }, nullptr), EINVAL);
	EXPECT_EQ(pthread_cancel(t), ENOTSUP);
	EXPECT_EQ(tx::g_sched.task_count(), 0u); // no thread, no timers manager
}

TEST_F(Posix, DeleteNpEndsAThreadAndItsJoinerGetsCanceled)
{
	pthread_t victim, joiner;
	ASSERT_EQ(create(&victim, 20, [&]() -> void * {
			  for (;;)
				  rt_sleep(100);
		  }),
		  0);
	ASSERT_EQ(create(&joiner, 60, [&]() -> void * {
			  void *v = nullptr;
			  pthread_join(victim, &v);
			  trace.add(v == PTHREAD_CANCELED ? "canceled" : "other");
			  return nullptr;
		  }),
		  0);
	run(250);
	EXPECT_EQ(pthread_delete_np(victim), 0);
	run(10);
	EXPECT_EQ(trace.str(), "canceled@250");
	EXPECT_EQ(pthread_delete_np(victim), ESRCH);
	EXPECT_EQ(pthread_join(joiner, nullptr), 0);
	EXPECT_EQ(tx::g_sched.task_count(), 1u); // CPU 0's timers manager (pthread_create)
}

TEST_F(Posix, AModulesThreadsGoAtItsUnload)
{
	pthread_t a, b;
	ASSERT_EQ(create(&a, 20, [&]() -> void * {
			  for (;;)
				  rt_sleep(100);
		  }),
		  0);
	ASSERT_EQ(create(&b, 20, [&]() -> void * { return nullptr; }), 0); // ended, not joined
	run(300);
	EXPECT_EQ(tx_posix_release_owner(nullptr, nullptr), 1u); // one was still running
	tx::sim::pump_linux_work();
	EXPECT_EQ(tx::g_sched.task_count(), 1u); // CPU 0's timers manager (pthread_create)
	EXPECT_EQ(pthread_join(a, nullptr), ESRCH);
	EXPECT_EQ(pthread_join(b, nullptr), ESRCH);
}

TEST_F(Posix, OnceRunsItsFunctionOnce)
{
	static int runs;
	runs = 0;
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	once.state = 0;
	auto init = [] { runs++; };
	EXPECT_EQ(pthread_once(&once, init), 0);
	pthread_t t;
	ASSERT_EQ(create(&t, 50, [&]() -> void * {
			  pthread_once(&once, init);
			  return nullptr;
		  }),
		  0);
	EXPECT_EQ(pthread_once(&once, init), 0);
	EXPECT_EQ(runs, 1);
	EXPECT_EQ(pthread_once(nullptr, init), EINVAL);
	pthread_join(t, nullptr);
}

TEST_F(Posix, KeysRunOutAtTheLimit)
{
	std::vector<pthread_key_t> keys(PTHREAD_KEYS_MAX);
	for (auto &k : keys)
		ASSERT_EQ(pthread_key_create(&k, nullptr), 0);
	pthread_key_t more;
	EXPECT_EQ(pthread_key_create(&more, nullptr), EAGAIN);
	for (auto k : keys)
		EXPECT_EQ(pthread_key_delete(k), 0);
}

// ---- RTLinux ------------------------------------------------------------------

TEST_F(Posix, PeriodicThreadWithMakePeriodicAndWaitNp)
{
	pthread_t t;
	std::vector<long long> at;
	ASSERT_EQ(create(&t, 50, [&]() -> void * {
			  pthread_make_periodic_np(pthread_self(), gethrtime() + 1000, 10'000);
			  for (int i = 0; i < 4; i++) {
				  EXPECT_EQ(pthread_wait_np(), 0);
				  at.push_back(gethrtime());
			  }
			  return nullptr;
		  }),
		  0);
	run(50'000);
	EXPECT_EQ(at, (std::vector<long long>{1000, 11'000, 21'000, 31'000}));
	EXPECT_EQ(pthread_join(t, nullptr), 0);
	EXPECT_EQ(pthread_wait_np(), EPERM); // Linux context
	EXPECT_EQ(pthread_make_periodic_np(t, 0, 1000), ESRCH);
}

TEST_F(Posix, MissedReleaseIsEtimedoutOnce)
{
	pthread_t t;
	std::vector<int> r;
	ASSERT_EQ(create(&t, 50, [&]() -> void * {
			  pthread_make_periodic_np(pthread_self(), 0, 10'000);
			  r.push_back(pthread_wait_np());
			  work(15'000); // past the next release
			  r.push_back(pthread_wait_np());
			  r.push_back(pthread_wait_np());
			  return nullptr;
		  }),
		  0);
	run(50'000);
	EXPECT_EQ(r, (std::vector<int>{0, ETIMEDOUT, 0}));
	pthread_join(t, nullptr);
}

TEST_F(Posix, SuspendAndWakeupNp)
{
	pthread_t t;
	ASSERT_EQ(create(&t, 50, [&]() -> void * {
			  for (int i = 0; i < 3; i++) {
				  trace.add("tick");
				  rt_sleep(100);
			  }
			  return nullptr;
		  }),
		  0);
	run(50);
	EXPECT_EQ(pthread_suspend_np(t), 0);
	run(1000);
	EXPECT_EQ(trace.str(), "tick@0"); // suspended before its second tick
	EXPECT_EQ(pthread_wakeup_np(t), 0);
	run(1000);
	EXPECT_EQ(trace.str(), "tick@0 tick@1050 tick@1150");
	pthread_join(t, nullptr);
	EXPECT_EQ(pthread_suspend_np(t), ESRCH);
}

TEST_F(Posix, RtlPrintfAndCpuId)
{
	EXPECT_GT(rtl_printf("posix %d\n", 1), 0);
	EXPECT_EQ(rtl_getcpuid(), 0);
}

// ---- Mutexes ------------------------------------------------------------------

TEST_F(Posix, ErrorcheckRelockIsEdeadlkAndAForeignUnlockEperm)
{
	pthread_mutexattr_t ma;
	pthread_mutexattr_init(&ma);
	ASSERT_EQ(pthread_mutexattr_settype(&ma, PTHREAD_MUTEX_ERRORCHECK), 0);
	pthread_mutex_t m;
	memset(&m, 0, sizeof(m));
	ASSERT_EQ(pthread_mutex_init(&m, &ma), 0);
	EXPECT_EQ(pthread_mutex_init(&m, &ma), EBUSY);
	pthread_t owner, other;
	ASSERT_EQ(create(&owner, 40, [&]() -> void * {
			  trace.add("lock " + std::to_string(pthread_mutex_lock(&m)));
			  trace.add("relock " + std::to_string(pthread_mutex_lock(&m)));
			  rt_sleep(100);
			  trace.add("unlock " + std::to_string(pthread_mutex_unlock(&m)));
			  trace.add("again " + std::to_string(pthread_mutex_unlock(&m)));
			  return nullptr;
		  }),
		  0);
	ASSERT_EQ(create(&other, 60, [&]() -> void * {
			  trace.add("foreign unlock " + std::to_string(pthread_mutex_unlock(&m)));
			  trace.add("trylock " + std::to_string(pthread_mutex_trylock(&m)));
			  return nullptr;
		  }),
		  0);
	run(1000);
	EXPECT_EQ(trace.str(), "lock 0@0 relock 35@0 foreign unlock 1@0 trylock 16@0 unlock 0@100 again 1@100");
	EXPECT_EQ(pthread_mutex_destroy(&m), 0);
	EXPECT_EQ(pthread_mutex_init(&m, nullptr), 0); // a destroyed mutex may be initialised again
	EXPECT_EQ(pthread_mutex_destroy(&m), 0);
	pthread_join(owner, nullptr);
	pthread_join(other, nullptr);
}

TEST_F(Posix, RecursiveMutexNeedsAsManyUnlocks)
{
	pthread_mutexattr_t ma;
	pthread_mutexattr_init(&ma);
	pthread_mutexattr_settype(&ma, PTHREAD_MUTEX_RECURSIVE);
	pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
	ASSERT_EQ(pthread_mutex_init(&m, &ma), 0);
	pthread_t a, b;
	ASSERT_EQ(create(&a, 40, [&]() -> void * {
			  pthread_mutex_lock(&m);
			  pthread_mutex_lock(&m);
			  rt_sleep(100);
			  pthread_mutex_unlock(&m);
			  trace.add("once");
			  rt_sleep(100);
			  pthread_mutex_unlock(&m);
			  trace.add("twice");
			  return nullptr;
		  }),
		  0);
	ASSERT_EQ(create(&b, 30, [&]() -> void * {
			  rt_sleep(50);
			  pthread_mutex_lock(&m);
			  trace.add("b has it");
			  pthread_mutex_unlock(&m);
			  return nullptr;
		  }),
		  0);
	run(1000);
	EXPECT_EQ(trace.str(), "once@100 twice@200 b has it@200");
	EXPECT_EQ(pthread_mutex_destroy(&m), 0);
	pthread_join(a, nullptr);
	pthread_join(b, nullptr);
}

TEST_F(Posix, NormalRelockDeadlocksUntilTheTimedlocksTimeout)
{
	pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER; // NORMAL, set up at first use
	pthread_t t;
	ASSERT_EQ(create(&t, 40, [&]() -> void * {
			  pthread_mutex_lock(&m);
			  struct timespec at = ts(real_ns() + 300);
			  trace.add("relock " + std::to_string(pthread_mutex_timedlock(&m, &at)));
			  pthread_mutex_unlock(&m);
			  return nullptr;
		  }),
		  0);
	run(1000);
	EXPECT_EQ(trace.str(), "relock 110@300"); // ETIMEDOUT
	pthread_join(t, nullptr);
	EXPECT_EQ(pthread_mutex_destroy(&m), 0);
}

TEST_F(Posix, TimedlockTimesOutAndChecksItsTimeOnlyWhenItMustWait)
{
	pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
	pthread_t holder, waiter;
	ASSERT_EQ(create(&holder, 40, [&]() -> void * {
			  struct timespec bad = {0, -1};
			  trace.add("free " + std::to_string(pthread_mutex_timedlock(&m, &bad))); // free: no check
			  rt_sleep(1000);
			  pthread_mutex_unlock(&m);
			  return nullptr;
		  }),
		  0);
	ASSERT_EQ(create(&waiter, 60, [&]() -> void * {
			  struct timespec bad = {0, 1'000'000'000};
			  trace.add("bad " + std::to_string(pthread_mutex_timedlock(&m, &bad)));
			  struct timespec past = ts(real_ns() - 10);
			  trace.add("past " + std::to_string(pthread_mutex_timedlock(&m, &past)));
			  struct timespec soon = ts(real_ns() + 200);
			  trace.add("soon " + std::to_string(pthread_mutex_timedlock(&m, &soon)));
			  struct timespec later = ts(real_ns() + 5000);
			  trace.add("later " + std::to_string(pthread_mutex_timedlock(&m, &later)));
			  pthread_mutex_unlock(&m);
			  return nullptr;
		  }),
		  0);
	run(3000);
	EXPECT_EQ(trace.str(), "free 0@0 bad 22@0 past 110@0 soon 110@200 later 0@1000");
	pthread_join(holder, nullptr);
	pthread_join(waiter, nullptr);
}

// A third thread sees the difference: with inheritance the low owner runs
// at the high waiter's priority and finishes before the medium thread;
// without, the medium one runs first (unbounded inversion).
std::string Posix::inversion(int protocol, int ceiling)
{
	pthread_mutexattr_t ma;
	pthread_mutexattr_init(&ma);
	pthread_mutexattr_setprotocol(&ma, protocol);
	if (ceiling)
		pthread_mutexattr_setprioceiling(&ma, ceiling);
	static pthread_mutex_t m;
	memset(&m, 0, sizeof(m));
	EXPECT_EQ(pthread_mutex_init(&m, &ma), 0);
	pthread_t lo, mid, hi;
	EXPECT_EQ(create(&lo, 10, [&]() -> void * {
			  rt_sleep(10); // after the others are created
			  pthread_mutex_lock(&m);
			  trace.add("lo has it");
			  work(1000);
			  pthread_mutex_unlock(&m);
			  trace.add("lo done");
			  return nullptr;
		  }),
		  0);
	EXPECT_EQ(create(&hi, 90, [&]() -> void * {
			  rt_sleep(100);
			  trace.add("hi wakes");
			  pthread_mutex_lock(&m);
			  trace.add("hi has it");
			  pthread_mutex_unlock(&m);
			  return nullptr;
		  }),
		  0);
	EXPECT_EQ(create(&mid, 50, [&]() -> void * {
			  rt_sleep(200);
			  trace.add("mid runs");
			  work(1000);
			  trace.add("mid done");
			  return nullptr;
		  }),
		  0);
	run(5000);
	pthread_join(lo, nullptr);
	pthread_join(mid, nullptr);
	pthread_join(hi, nullptr);
	EXPECT_EQ(pthread_mutex_destroy(&m), 0);
	return trace.str();
}

TEST_F(Posix, InheritanceLetsTheOwnerFinishBeforeAMediumThread)
{
	EXPECT_EQ(inversion(PTHREAD_PRIO_INHERIT),
		  "lo has it@10 hi wakes@100 hi has it@1010 mid runs@1010 mid done@2010 lo done@2010");
}

TEST_F(Posix, WithoutInheritanceTheMediumThreadRunsFirst)
{
	EXPECT_EQ(inversion(PTHREAD_PRIO_NONE),
		  "lo has it@10 hi wakes@100 mid runs@200 mid done@1200 hi has it@2010 lo done@2010");
}

TEST_F(Posix, ACeilingRaisesTheOwnerFromTheStart)
{
	// Ceiling 95: lo runs above hi and mid while it holds it.
	// Ceiling 95: lo runs above hi and mid while it holds it, hi does not
	// even wake before lo lets it go.
	EXPECT_EQ(inversion(PTHREAD_PRIO_PROTECT, 95),
		  "lo has it@10 hi wakes@1010 hi has it@1010 mid runs@1010 mid done@2010 lo done@2010");
	trace.clear();
	int c = 0;
	pthread_mutex_t m;
	pthread_mutexattr_t ma;
	pthread_mutexattr_init(&ma);
	pthread_mutexattr_setprotocol(&ma, PTHREAD_PRIO_PROTECT);
	pthread_mutexattr_setprioceiling(&ma, 20);
	memset(&m, 0, sizeof(m));
	ASSERT_EQ(pthread_mutex_init(&m, &ma), 0);
	EXPECT_EQ(pthread_mutex_getprioceiling(&m, &c), 0);
	EXPECT_EQ(c, 20);
	pthread_t t;
	ASSERT_EQ(create(&t, 50, [&]() -> void * {
			  trace.add_plain("above " + std::to_string(pthread_mutex_lock(&m))); // 50 > ceiling 20
			  return nullptr;
		  }),
		  0);
	pthread_join(t, nullptr);
	EXPECT_EQ(trace.str(), "above 22");
	EXPECT_EQ(pthread_mutex_destroy(&m), 0);
}


// ---- Clocks and sleeping ---------------------------------------------------------

TEST_F(Posix, ClocksReadTheTimeBaseAndRealtimeIsWallClockAtLoad)
{
	run(12'345);
	EXPECT_EQ(mono_ns(), 12'345);
	EXPECT_EQ(real_ns() - mono_ns(), rt_get_real_time_ns() - rt_get_time_ns());
	struct timespec r;
	EXPECT_EQ(clock_getres(CLOCK_MONOTONIC, &r), 0);
	EXPECT_EQ(r.tv_sec, 0);
	EXPECT_EQ(r.tv_nsec, 1); // the simulated counter runs at 1 GHz
	EXPECT_EQ(clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &r), -1);
	EXPECT_EQ(err_no(), EINVAL);
	EXPECT_EQ(clock_gettime(CLOCK_MONOTONIC, nullptr), -1);
	EXPECT_EQ(gethrtime(), 12'345);
	EXPECT_EQ(clock_gethrtime(CLOCK_REALTIME), real_ns());
	EXPECT_EQ(clock_gethrtime(CLOCK_THREAD_CPUTIME_ID), -1);
}

TEST_F(Posix, ClockNanosleepRelativeAbsoluteAndPast)
{
	pthread_t t;
	ASSERT_EQ(create(&t, 50, [&]() -> void * {
			  struct timespec d = ts(1000);
			  trace.add("rel " + std::to_string(clock_nanosleep(CLOCK_MONOTONIC, 0, &d, nullptr)));
			  struct timespec at = ts(mono_ns() + 500);
			  trace.add("abs " + std::to_string(clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &at, nullptr)));
			  struct timespec past = ts(mono_ns() - 100);
			  trace.add("past " + std::to_string(clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &past, nullptr)));
			  struct timespec rat = ts(real_ns() + 200);
			  trace.add("realtime " + std::to_string(clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, &rat, nullptr)));
			  struct timespec bad = {0, 1'000'000'000};
			  trace.add("bad " + std::to_string(clock_nanosleep(CLOCK_MONOTONIC, 0, &bad, nullptr)));
			  trace.add("clock " + std::to_string(clock_nanosleep(CLOCK_PROCESS_CPUTIME_ID, 0, &d, nullptr)));
			  trace.add("nanosleep " + std::to_string(nanosleep(&d, nullptr)));
			  trace.add("usleep " + std::to_string(usleep(2)));
			  return nullptr;
		  }),
		  0);
	run(10'000);
	EXPECT_EQ(trace.str(), "rel 0@1000 abs 0@1500 past 0@1500 realtime 0@1700 bad 22@1700 clock 22@1700 "
			       "nanosleep 0@2700 usleep 0@4700");
	struct timespec d = ts(10);
	EXPECT_EQ(clock_nanosleep(CLOCK_MONOTONIC, 0, &d, nullptr), EPERM); // Linux context
	EXPECT_EQ(nanosleep(&d, nullptr), -1);
	EXPECT_EQ(err_no(), EPERM);
	pthread_join(t, nullptr);
}

TEST_F(Posix, AWokenSleepIsEintrWithTheTimeLeft)
{
	pthread_t t;
	struct timespec left = {9, 9};
	RT_TASK *task = nullptr;
	ASSERT_EQ(create(&t, 50, [&]() -> void * {
			  task = rt_whoami();
			  struct timespec d = ts(1000);
			  trace.add("sleep " + std::to_string(clock_nanosleep(CLOCK_MONOTONIC, 0, &d, &left)));
			  return nullptr;
		  }),
		  0);
	run(300);
	ASSERT_EQ(rt_task_wakeup_sleeping(task), RTE_UNBLKD); // it was asleep: woken
	run(10);
	EXPECT_EQ(trace.str(), "sleep 4@300"); // EINTR
	EXPECT_EQ(left.tv_sec, 0);
	EXPECT_EQ(left.tv_nsec, 700);
	pthread_join(t, nullptr);
}

// ---- Condition variables ------------------------------------------------------

TEST_F(Posix, CondWaitReleasesTheMutexAndSignalWakesTheMostUrgent)
{
	pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
	pthread_cond_t c = PTHREAD_COND_INITIALIZER;
	int ready = 0;
	auto waiter = [&](const char *name) {
		return [&, name]() -> void * {
			pthread_mutex_lock(&m);
			while (!ready)
				EXPECT_EQ(pthread_cond_wait(&c, &m), 0);
			ready--;
			trace.add(name);
			pthread_mutex_unlock(&m);
			return nullptr;
		};
	};
	pthread_t a, b;
	ASSERT_EQ(create(&a, 40, waiter("a")), 0);
	ASSERT_EQ(create(&b, 60, waiter("b")), 0);
	EXPECT_EQ(pthread_cond_destroy(&c), EBUSY); // two wait on it
	run(100);
	pthread_mutex_lock(&m); // Linux context may hold a plain mutex
	ready = 2;
	pthread_mutex_unlock(&m);
	EXPECT_EQ(pthread_cond_signal(&c), 0);
	run(10);
	EXPECT_EQ(trace.str(), "b@100");
	EXPECT_EQ(pthread_cond_broadcast(&c), 0);
	run(10);
	EXPECT_EQ(trace.str(), "b@100 a@110");
	pthread_join(a, nullptr);
	pthread_join(b, nullptr);
	EXPECT_EQ(pthread_cond_destroy(&c), 0);
	EXPECT_EQ(pthread_mutex_destroy(&m), 0);
}

TEST_F(Posix, CondTimedwaitInThePastTimesOutAtOnceWithTheMutexHeld)
{
	pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
	pthread_cond_t c;
	pthread_condattr_t ca;
	pthread_condattr_init(&ca);
	EXPECT_EQ(pthread_condattr_setclock(&ca, CLOCK_PROCESS_CPUTIME_ID), EINVAL);
	ASSERT_EQ(pthread_condattr_setclock(&ca, CLOCK_MONOTONIC), 0);
	memset(&c, 0, sizeof(c));
	ASSERT_EQ(pthread_cond_init(&c, &ca), 0);
	run(1000); // a monotonic time in the past exists from here on
	pthread_t t;
	ASSERT_EQ(create(&t, 50, [&]() -> void * {
			  EXPECT_EQ(pthread_cond_wait(&c, &m), EPERM); // not the owner
			  pthread_mutex_lock(&m);
			  struct timespec past = ts(mono_ns() - 1);
			  trace.add("past " + std::to_string(pthread_cond_timedwait(&c, &m, &past)));
			  trace.add("held " + std::to_string(pthread_mutex_trylock(&m))); // NORMAL relock: EBUSY
			  struct timespec soon = ts(mono_ns() + 400);
			  trace.add("soon " + std::to_string(pthread_cond_timedwait(&c, &m, &soon)));
			  struct timespec bad = {0, -5};
			  trace.add("bad " + std::to_string(pthread_cond_timedwait(&c, &m, &bad)));
			  trace.add("unlock " + std::to_string(pthread_mutex_unlock(&m)));
			  return nullptr;
		  }),
		  0);
	run(1000);
	EXPECT_EQ(trace.str(), "past 110@1000 held 16@1000 soon 110@1400 bad 22@1400 unlock 0@1400");
	pthread_join(t, nullptr);
	EXPECT_EQ(pthread_cond_destroy(&c), 0);
	EXPECT_EQ(pthread_mutex_destroy(&m), 0);
}

TEST_F(Posix, CondWaitOnARecursiveMutexHeldTwiceIsEperm)
{
	pthread_mutexattr_t ma;
	pthread_mutexattr_init(&ma);
	pthread_mutexattr_settype(&ma, PTHREAD_MUTEX_RECURSIVE);
	pthread_mutex_t m;
	memset(&m, 0, sizeof(m));
	ASSERT_EQ(pthread_mutex_init(&m, &ma), 0);
	pthread_cond_t c = PTHREAD_COND_INITIALIZER;
	pthread_t t;
	ASSERT_EQ(create(&t, 50, [&]() -> void * {
			  pthread_mutex_lock(&m);
			  pthread_mutex_lock(&m);
			  trace.add_plain("twice " + std::to_string(pthread_cond_wait(&c, &m)));
			  pthread_mutex_unlock(&m);
			  struct timespec soon = ts(real_ns() + 10);
			  trace.add_plain("once " + std::to_string(pthread_cond_timedwait(&c, &m, &soon)));
			  pthread_mutex_unlock(&m);
			  return nullptr;
		  }),
		  0);
	run(100);
	EXPECT_EQ(trace.str(), "twice 1 once 110");
	pthread_join(t, nullptr);
	EXPECT_EQ(pthread_mutex_destroy(&m), 0);
	EXPECT_EQ(pthread_cond_destroy(&c), 0);
}

// ---- Semaphores -----------------------------------------------------------------

TEST_F(Posix, SemaphoreCountsWaitsAndRefusesWithErrno)
{
	sem_t s;
	memset(&s, 0, sizeof(s));
	ASSERT_EQ(sem_init(&s, 0, 1), 0);
	EXPECT_EQ(sem_init(&s, 0, 1), -1);
	EXPECT_EQ(err_no(), EBUSY);
	EXPECT_EQ(sem_trywait(&s), 0);
	EXPECT_EQ(sem_trywait(&s), -1);
	EXPECT_EQ(err_no(), EAGAIN);
	EXPECT_EQ(sem_wait(&s), -1); // Linux context
	EXPECT_EQ(err_no(), EPERM);
	int v = 9;
	EXPECT_EQ(sem_getvalue(&s, &v), 0);
	EXPECT_EQ(v, 0);
	pthread_t t;
	ASSERT_EQ(create(&t, 50, [&]() -> void * {
			  trace.add("wait " + std::to_string(sem_wait(&s)));
			  struct timespec soon = ts(real_ns() + 300);
			  int r = sem_timedwait(&s, &soon);
			  trace.add("timed " + std::to_string(r) + " " + std::to_string(err_no()));
			  struct timespec bad = {0, 2'000'000'000};
			  r = sem_timedwait(&s, &bad);
			  trace.add("bad " + std::to_string(r) + " " + std::to_string(err_no()));
			  struct timespec past = ts(real_ns() - 300);
			  r = sem_timedwait(&s, &past);
			  trace.add("past " + std::to_string(r) + " " + std::to_string(err_no()));
			  return nullptr;
		  }),
		  0);
	EXPECT_EQ(sem_getvalue(&s, &v), 0);
	EXPECT_EQ(v, -1); // one waiter
	EXPECT_EQ(sem_destroy(&s), -1);
	EXPECT_EQ(err_no(), EBUSY);
	run(100);
	EXPECT_EQ(sem_post(&s), 0);
	run(1000);
	EXPECT_EQ(trace.str(), "wait 0@100 timed -1 110@400 bad -1 22@400 past -1 110@400");
	pthread_join(t, nullptr);
	EXPECT_EQ(sem_destroy(&s), 0);
	EXPECT_EQ(sem_post(&s), -1);
	EXPECT_EQ(err_no(), EINVAL);
	EXPECT_EQ(sem_init(&s, 0, SEM_VALUE_MAX + 1u), -1);
	EXPECT_EQ(err_no(), EINVAL);
	ASSERT_EQ(sem_init(&s, 0, SEM_VALUE_MAX), 0);
	EXPECT_EQ(sem_post(&s), -1);
	EXPECT_EQ(err_no(), EOVERFLOW);
	EXPECT_EQ(sem_destroy(&s), 0);
}

TEST_F(Posix, SemPostFromARealTimeInterruptHandlerWakesTheThread)
{
	sem_t s;
	memset(&s, 0, sizeof(s));
	ASSERT_EQ(sem_init(&s, 0, 0), 0);
	pthread_t t;
	ASSERT_EQ(create(&t, 50, [&]() -> void * {
			  sem_wait(&s);
			  trace.add("woken");
			  return nullptr;
		  }),
		  0);
	static sem_t *irq_sem;
	irq_sem = &s;
	ASSERT_EQ(rt_request_timer([] { sem_post(irq_sem); }, 1000, 0), 0);
	run(100'000);
	rt_free_timer();
	EXPECT_EQ(trace.str(), "woken@1000"); // the first tick's post
	pthread_join(t, nullptr);
	EXPECT_EQ(sem_destroy(&s), 0);
}


// ---- Message queues -----------------------------------------------------------

TEST_F(Posix, MessageQueueOrdersByPriorityAndKeepsArrivalOrderWithinOne)
{
	struct mq_attr attr = {0, 8, 16, 0};
	mqd_t q = mq_open("/order", O_CREAT | O_EXCL | O_RDWR, 0600, &attr);
	ASSERT_GE(q, 0);
	const char *msgs[] = {"a1", "b5", "c1", "d31", "e0"};
	unsigned prios[] = {1, 5, 1, 31, 0};
	for (int i = 0; i < 5; i++)
		ASSERT_EQ(mq_send(q, msgs[i], strlen(msgs[i]), prios[i]), 0);
	struct mq_attr now;
	ASSERT_EQ(mq_getattr(q, &now), 0);
	EXPECT_EQ(now.mq_maxmsg, 8);
	EXPECT_EQ(now.mq_msgsize, 16);
	EXPECT_EQ(now.mq_curmsgs, 5);
	std::string got;
	char buf[16];
	unsigned prio;
	for (int i = 0; i < 5; i++) {
		ssize_t n = mq_receive(q, buf, sizeof(buf), &prio);
		ASSERT_GT(n, 0);
		got += std::string(buf, static_cast<size_t>(n)) + ":" + std::to_string(prio) + " ";
	}
	EXPECT_EQ(got, "d31:31 b5:5 a1:1 c1:1 e0:0 ");
	EXPECT_EQ(mq_close(q), 0);
	EXPECT_EQ(mq_unlink("/order"), 0);
	EXPECT_EQ(mq_unlink("/order"), -1);
	EXPECT_EQ(err_no(), ENOENT);
}

TEST_F(Posix, MessageQueueErrors)
{
	struct mq_attr attr = {0, 2, 8, 0};
	EXPECT_EQ(mq_open("noslash", O_CREAT | O_RDWR, 0600, &attr), -1);
	EXPECT_EQ(err_no(), EINVAL);
	EXPECT_EQ(mq_open("/a/b", O_CREAT | O_RDWR, 0600, &attr), -1);
	EXPECT_EQ(err_no(), EINVAL);
	EXPECT_EQ(mq_open("/a-name-far-too-long-for-a-queue-x", O_CREAT | O_RDWR, 0600, &attr), -1);
	EXPECT_EQ(err_no(), ENAMETOOLONG);
	EXPECT_EQ(mq_open("/none", O_RDWR), -1);
	EXPECT_EQ(err_no(), ENOENT);
	struct mq_attr bad = {0, 0, 8, 0};
	EXPECT_EQ(mq_open("/bad", O_CREAT | O_RDWR, 0600, &bad), -1);
	EXPECT_EQ(err_no(), EINVAL);
	mqd_t w = mq_open("/q", O_CREAT | O_WRONLY | O_NONBLOCK, 0600, &attr);
	ASSERT_GE(w, 0);
	EXPECT_EQ(mq_open("/q", O_CREAT | O_EXCL | O_RDWR, 0600, &attr), -1);
	EXPECT_EQ(err_no(), EEXIST);
	mqd_t r = mq_open("/q", O_RDONLY);
	ASSERT_GE(r, 0);
	char buf[8] = "1234567";
	EXPECT_EQ(mq_send(w, buf, 9, 0), -1);
	EXPECT_EQ(err_no(), EMSGSIZE);
	EXPECT_EQ(mq_send(w, buf, 1, MQ_PRIO_MAX), -1);
	EXPECT_EQ(err_no(), EINVAL);
	EXPECT_EQ(mq_send(r, buf, 1, 0), -1); // opened for reading only
	EXPECT_EQ(err_no(), EBADF);
	EXPECT_EQ(mq_send(w, buf, 0, 0), 0); // a message of 0 bytes
	EXPECT_EQ(mq_send(w, buf, 8, 3), 0);
	EXPECT_EQ(mq_send(w, buf, 0, 0), -1); // full: O_NONBLOCK
	EXPECT_EQ(err_no(), EAGAIN);
	EXPECT_EQ(mq_receive(w, buf, 8, nullptr), -1); // opened for writing only
	EXPECT_EQ(err_no(), EBADF);
	EXPECT_EQ(mq_receive(r, buf, 7, nullptr), -1); // below mq_msgsize
	EXPECT_EQ(err_no(), EMSGSIZE);
	EXPECT_EQ(mq_receive(r, buf, 8, nullptr), 8);
	unsigned prio = 9;
	EXPECT_EQ(mq_receive(r, buf, 8, &prio), 0);
	EXPECT_EQ(prio, 0u);
	EXPECT_EQ(mq_receive(r, buf, 8, nullptr), -1); // empty: would wait in Linux context
	EXPECT_EQ(err_no(), EPERM);
	struct mq_attr nb = {O_NONBLOCK, 0, 0, 0}, old;
	EXPECT_EQ(mq_setattr(r, &nb, &old), 0);
	EXPECT_EQ(old.mq_flags, 0);
	EXPECT_EQ(mq_receive(r, buf, 8, nullptr), -1);
	EXPECT_EQ(err_no(), EAGAIN);
	EXPECT_EQ(mq_close(w), 0);
	EXPECT_EQ(mq_close(w), -1);
	EXPECT_EQ(err_no(), EBADF);
	EXPECT_EQ(mq_unlink("/q"), 0); // the name goes; r still works
	EXPECT_EQ(mq_open("/q", O_RDONLY), -1);
	struct mq_attr a;
	EXPECT_EQ(mq_getattr(r, &a), 0);
	EXPECT_EQ(mq_close(r), 0); // the queue goes now
	EXPECT_EQ(mq_getattr(r, &a), -1);
}

TEST_F(Posix, MessageQueueSendersAndReceiversWaitAndTimeOut)
{
	struct mq_attr attr = {0, 1, 4, 0};
	mqd_t q = mq_open("/wait", O_CREAT | O_RDWR, 0600, &attr);
	ASSERT_GE(q, 0);
	pthread_t rx, tx;
	ASSERT_EQ(create(&rx, 60, [&]() -> void * {
			  char b[4];
			  unsigned p;
			  ssize_t n = mq_receive(q, b, 4, &p); // empty: waits
			  trace.add("rx " + std::string(b, static_cast<size_t>(n)) + "/" + std::to_string(p));
			  struct timespec soon = ts(real_ns() + 300);
			  n = mq_timedreceive(q, b, 4, &p, &soon);
			  trace.add("rx timed " + std::to_string(n) + " " + std::to_string(err_no()));
			  return nullptr;
		  }),
		  0);
	ASSERT_EQ(create(&tx, 40, [&]() -> void * {
			  rt_sleep(100);
			  mq_send(q, "one", 3, 7); // straight to the waiting receiver
			  mq_send(q, "two", 3, 1); // to the receiver waiting again
			  mq_send(q, "fil", 3, 1); // queued: the one slot
			  struct timespec soon = ts(real_ns() + 200);
			  int r = mq_timedsend(q, "3", 1, 1, &soon); // full: waits, times out
			  trace.add("tx timed " + std::to_string(r) + " " + std::to_string(err_no()));
			  struct timespec bad = {0, -3};
			  r = mq_timedsend(q, "4", 1, 1, &bad); // would wait: the bad time counts
			  trace.add("tx bad " + std::to_string(r) + " " + std::to_string(err_no()));
			  return nullptr;
		  }),
		  0);
	run(2000);
	EXPECT_EQ(trace.str(), "rx one/7@100 rx timed 3 0@100 tx timed -1 110@300 tx bad -1 22@300");
	pthread_join(rx, nullptr);
	pthread_join(tx, nullptr);
	EXPECT_EQ(mq_close(q), 0);
	EXPECT_EQ(mq_unlink("/wait"), 0);
}

TEST_F(Posix, AModulesQueueDescriptorsCloseAtItsUnload)
{
	struct mq_attr attr = {0, 4, 32, 0};
	ASSERT_GE(mq_open("/left", O_CREAT | O_RDWR, 0600, &attr), 0);
	ASSERT_GE(mq_open("/left", O_RDONLY), 0);
	EXPECT_EQ(mq_unlink("/left"), 0);
	EXPECT_GT(tx::sim::counters().bytes_live, 0u);
	EXPECT_EQ(tx_posix_mq_release_owner(nullptr, [](const void *, const void *) { return 1; }), 2u);
	tx::sim::pump_linux_work();
	EXPECT_EQ(tx::sim::counters().bytes_live, 0u); // closed: the unlinked queue went
}


// ---- Signals and timers ---------------------------------------------------------

TEST_F(Posix, SigwaitTakesPendingSignalsLowestFirstAndWaitsForOne)
{
	pthread_t t;
	ASSERT_EQ(create(&t, 50, [&]() -> void * {
			  sigset_t set;
			  sigemptyset(&set);
			  sigaddset(&set, SIGUSR1);
			  sigaddset(&set, SIGRTMIN + 1);
			  int sig = 0;
			  rt_sleep(50); // both are sent meanwhile
			  for (int i = 0; i < 3; i++) {
				  EXPECT_EQ(sigwait(&set, &sig), 0);
				  trace.add("sig " + std::to_string(sig));
			  }
			  sigset_t none;
			  sigemptyset(&none);
			  trace.add("empty set " + std::to_string(sigwait(&none, &sig)));
			  return nullptr;
		  }),
		  0);
	EXPECT_EQ(pthread_kill(t, SIGRTMIN + 1), 0);
	EXPECT_EQ(pthread_kill(t, SIGUSR1), 0);
	run(100);
	std::string rt1 = std::to_string(SIGRTMIN + 1);
	EXPECT_EQ(trace.str(), "sig 10@50 sig " + rt1 + "@50"); // both pending when it looked: lowest first
	EXPECT_EQ(pthread_kill(t, SIGUSR1), 0);                   // wakes the waiting sigwait
	run(10);
	EXPECT_EQ(trace.str(), "sig 10@50 sig " + rt1 + "@50 sig 10@100 empty set 22@100");
	EXPECT_EQ(pthread_kill(t, 65), EINVAL);
	EXPECT_EQ(pthread_join(t, nullptr), 0);
	EXPECT_EQ(pthread_kill(t, 0), ESRCH);
	sigset_t set;
	sigemptyset(&set);
	int sig;
	EXPECT_EQ(sigwait(&set, &sig), EINVAL); // Linux context
}

TEST_F(Posix, PeriodicTimerSignalsItsThreadAndCountsOverruns)
{
	pthread_t t;
	std::vector<long long> at;
	int overrun = -1;
	ASSERT_EQ(create(&t, 50, [&]() -> void * {
			  struct sigevent ev;
			  memset(&ev, 0, sizeof(ev));
			  ev.sigev_notify = SIGEV_SIGNAL;
			  ev.sigev_signo = SIGRTMIN;
			  timer_t tm;
			  EXPECT_EQ(timer_create(CLOCK_MONOTONIC, &ev, &tm), 0);
			  struct itimerspec its = {ts(10'000), ts(5'000)}; // interval, value
			  EXPECT_EQ(timer_settime(tm, 0, &its, nullptr), 0);
			  struct itimerspec now;
			  EXPECT_EQ(timer_gettime(tm, &now), 0);
			  EXPECT_EQ(now.it_interval.tv_nsec, 10'000);
			  EXPECT_EQ(now.it_value.tv_nsec, 5'000);
			  sigset_t set;
			  sigemptyset(&set);
			  sigaddset(&set, SIGRTMIN);
			  int sig;
			  for (int i = 0; i < 3; i++) {
				  sigwait(&set, &sig);
				  at.push_back(gethrtime());
			  }
			  work(25'000); // two expiries while the signal is still pending: one overrun
			  sigwait(&set, &sig);
			  overrun = timer_getoverrun(tm);
			  EXPECT_EQ(timer_delete(tm), 0);
			  EXPECT_EQ(timer_delete(tm), -1);
			  return nullptr;
		  }),
		  0);
	run(100'000);
	EXPECT_EQ(at, (std::vector<long long>{5'000, 15'000, 25'000}));
	EXPECT_EQ(overrun, 1);
	pthread_join(t, nullptr);
}

TEST_F(Posix, TimerAbsoluteOneShotAndErrors)
{
	timer_t tm;
	struct sigevent ev;
	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_SIGNAL;
	ev.sigev_signo = SIGUSR2;
	EXPECT_EQ(timer_create(CLOCK_MONOTONIC, &ev, &tm), -1); // Linux context: no thread to signal
	EXPECT_EQ(err_no(), EINVAL);
	ev.sigev_notify = SIGEV_THREAD;
	EXPECT_EQ(timer_create(CLOCK_MONOTONIC, &ev, &tm), -1);
	EXPECT_EQ(err_no(), EINVAL);
	EXPECT_EQ(timer_create(CLOCK_PROCESS_CPUTIME_ID, nullptr, &tm), -1);
	ev.sigev_notify = SIGEV_NONE;
	ASSERT_EQ(timer_create(CLOCK_REALTIME, &ev, &tm), 0); // no signal: Linux context may make one
	struct itimerspec its = {{0, 0}, ts(real_ns() + 3'000)};
	EXPECT_EQ(timer_settime(tm, TIMER_ABSTIME, &its, nullptr), 0);
	struct itimerspec now;
	EXPECT_EQ(timer_gettime(tm, &now), 0);
	EXPECT_EQ(now.it_value.tv_nsec, 3'000);
	run(5'000);
	EXPECT_EQ(timer_gettime(tm, &now), 0);
	EXPECT_EQ(now.it_value.tv_sec, 0); // fired, one shot: disarmed
	EXPECT_EQ(now.it_value.tv_nsec, 0);
	struct itimerspec bad = {{0, 0}, {0, 2'000'000'000}};
	EXPECT_EQ(timer_settime(tm, 0, &bad, nullptr), -1);
	EXPECT_EQ(err_no(), EINVAL);
	EXPECT_EQ(timer_delete(tm), 0);
	EXPECT_EQ(timer_gettime(tm, &now), -1);
	pthread_t t;
	int sig = 0;
	ASSERT_EQ(create(&t, 50, [&]() -> void * {
			  timer_t mine;
			  EXPECT_EQ(timer_create(CLOCK_MONOTONIC, nullptr, &mine), 0); // SIGALRM
			  struct itimerspec once = {{0, 0}, ts(2'000)};
			  timer_settime(mine, 0, &once, nullptr);
			  sigset_t set;
			  sigemptyset(&set);
			  sigaddset(&set, SIGALRM);
			  sigwait(&set, &sig);
			  trace.add("alarm");
			  return nullptr; // its timer stays: deleted at the unload
		  }),
		  0);
	run(10'000);
	EXPECT_EQ(trace.str(), "alarm@7000");
	EXPECT_EQ(sig, SIGALRM);
	pthread_join(t, nullptr);
	EXPECT_EQ(tx_posix_timers_release_owner(nullptr, nullptr), 1u);
}


// ---- The getters and the rest ---------------------------------------------------

TEST_F(Posix, AttributeGettersGiveWhatTheSettersSet)
{
	pthread_attr_t a;
	ASSERT_EQ(pthread_attr_init(&a), 0);
	int v = -1;
	void *p = &v;
	EXPECT_EQ(pthread_attr_getstackaddr(&a, &p), 0);
	EXPECT_EQ(p, nullptr);
	EXPECT_EQ(pthread_attr_setschedpolicy(&a, SCHED_RR), 0);
	EXPECT_EQ(pthread_attr_getschedpolicy(&a, &v), 0);
	EXPECT_EQ(v, SCHED_RR);
	struct sched_param sp = {42}, got = {0};
	EXPECT_EQ(pthread_attr_setschedparam(&a, &sp), 0);
	EXPECT_EQ(pthread_attr_getschedparam(&a, &got), 0);
	EXPECT_EQ(got.sched_priority, 42);
	EXPECT_EQ(pthread_attr_getinheritsched(&a, &v), 0);
	EXPECT_EQ(v, PTHREAD_EXPLICIT_SCHED);
	EXPECT_EQ(pthread_attr_setinheritsched(&a, PTHREAD_INHERIT_SCHED), 0);
	EXPECT_EQ(pthread_attr_getinheritsched(&a, &v), 0);
	EXPECT_EQ(v, PTHREAD_INHERIT_SCHED);
	EXPECT_EQ(pthread_attr_getcpu_np(&a, &v), 0);
	EXPECT_EQ(v, -1);
	EXPECT_EQ(pthread_attr_setcpu_np(&a, 0), 0);
	EXPECT_EQ(pthread_attr_getcpu_np(&a, &v), 0);
	EXPECT_EQ(v, 0);
	EXPECT_EQ(pthread_attr_getschedpolicy(&a, nullptr), EINVAL);

	pthread_mutexattr_t ma;
	ASSERT_EQ(pthread_mutexattr_init(&ma), 0);
	EXPECT_EQ(pthread_mutexattr_gettype(&ma, &v), 0);
	EXPECT_EQ(v, PTHREAD_MUTEX_DEFAULT);
	EXPECT_EQ(pthread_mutexattr_getprotocol(&ma, &v), 0);
	EXPECT_EQ(v, PTHREAD_PRIO_NONE);
	EXPECT_EQ(pthread_mutexattr_setprioceiling(&ma, 0), EINVAL);
	EXPECT_EQ(pthread_mutexattr_setprioceiling(&ma, 60), 0);
	EXPECT_EQ(pthread_mutexattr_getprioceiling(&ma, &v), 0);
	EXPECT_EQ(v, 60);
	EXPECT_EQ(pthread_mutexattr_settype(&ma, 9), EINVAL);
	EXPECT_EQ(pthread_mutexattr_setprotocol(&ma, 9), EINVAL);
	EXPECT_EQ(pthread_mutexattr_destroy(&ma), 0);
	EXPECT_EQ(pthread_mutexattr_destroy(&ma), EINVAL);

	pthread_condattr_t ca;
	ASSERT_EQ(pthread_condattr_init(&ca), 0);
	clockid_t c = -1;
	EXPECT_EQ(pthread_condattr_getclock(&ca, &c), 0);
	EXPECT_EQ(c, CLOCK_REALTIME);
	EXPECT_EQ(pthread_condattr_destroy(&ca), 0);
	EXPECT_EQ(pthread_condattr_getclock(&ca, &c), EINVAL);
}

TEST_F(Posix, SetPrioceilingTakesTheMutexForTheChange)
{
	pthread_mutexattr_t ma;
	pthread_mutexattr_init(&ma);
	pthread_mutex_t plain = PTHREAD_MUTEX_INITIALIZER;
	int old = 0;
	pthread_t t;
	ASSERT_EQ(create(&t, 50, [&]() -> void * {
			  EXPECT_EQ(pthread_mutex_setprioceiling(&plain, 70, &old), EINVAL); // not PROTECT
			  pthread_mutexattr_setprotocol(&ma, PTHREAD_PRIO_PROTECT);
			  pthread_mutexattr_setprioceiling(&ma, 60);
			  pthread_mutex_t m;
			  memset(&m, 0, sizeof(m));
			  pthread_mutex_init(&m, &ma);
			  EXPECT_EQ(pthread_mutex_setprioceiling(&m, 80, &old), 0);
			  EXPECT_EQ(old, 60);
			  int now = 0;
			  EXPECT_EQ(pthread_mutex_getprioceiling(&m, &now), 0);
			  EXPECT_EQ(now, 80);
			  EXPECT_EQ(pthread_mutex_setprioceiling(&m, 100, &old), EINVAL);
			  EXPECT_EQ(pthread_mutex_destroy(&m), 0);
			  // The calling thread's priority is its own again after the change.
			  EXPECT_EQ(rt_get_prio(rt_whoami()), 49);
			  return nullptr;
		  }),
		  0);
	EXPECT_EQ(pthread_join(t, nullptr), 0);
	EXPECT_EQ(pthread_mutex_destroy(&plain), 0);
}

TEST_F(Posix, YieldGoesBehindItsEqualsAndFpNpAndSigmask)
{
	pthread_t a, b;
	ASSERT_EQ(create(&a, 30, [&]() -> void * {
			  rt_sleep(10);
			  trace.add("a1");
			  EXPECT_EQ(sched_yield(), 0);
			  trace.add("a2");
			  sigset_t s, old;
			  sigemptyset(&s);
			  sigaddset(&s, SIGUSR1);
			  EXPECT_EQ(pthread_sigmask(SIG_BLOCK, &s, nullptr), 0);
			  EXPECT_EQ(pthread_sigmask(SIG_SETMASK, nullptr, &old), 0);
			  EXPECT_TRUE(sigismember(&old, SIGUSR1));
			  EXPECT_EQ(pthread_sigmask(SIG_UNBLOCK, &s, &old), 0);
			  EXPECT_EQ(pthread_sigmask(SIG_SETMASK, nullptr, &old), 0);
			  EXPECT_FALSE(sigismember(&old, SIGUSR1));
			  EXPECT_EQ(pthread_sigmask(77, &s, nullptr), EINVAL);
			  return nullptr;
		  }),
		  0);
	ASSERT_EQ(create(&b, 30, [&]() -> void * {
			  rt_sleep(10);
			  trace.add("b1");
			  return nullptr;
		  }),
		  0);
	EXPECT_EQ(sched_yield(), 0); // Linux context: nothing to do
	run(100);
	EXPECT_EQ(trace.str(), "a1@10 b1@10 a2@10");
	// FPU use is fixed at creation: a setting that matches is 0, another EINVAL.
	EXPECT_EQ(pthread_setfp_np(a, 0), 0);
	EXPECT_EQ(pthread_setfp_np(a, 1), EINVAL);
	EXPECT_EQ(pthread_join(a, nullptr), 0);
	EXPECT_EQ(pthread_setfp_np(a, 0), ESRCH);
	EXPECT_EQ(pthread_join(b, nullptr), 0);
	pthread_attr_t fa;
	pthread_attr_init(&fa);
	pthread_attr_setfp_np(&fa, 1);
	pthread_t f;
	ASSERT_EQ(pthread_create(&f, &fa, [](void *) -> void * { return nullptr; }, nullptr), 0);
	EXPECT_EQ(pthread_setfp_np(f, 1), 0);
	EXPECT_EQ(pthread_setfp_np(f, 0), EINVAL);
	EXPECT_EQ(pthread_join(f, nullptr), 0);
	sigset_t s;
	EXPECT_EQ(pthread_sigmask(SIG_BLOCK, &s, nullptr), EINVAL); // Linux context
}

} // namespace
