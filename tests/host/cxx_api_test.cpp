// SPDX-License-Identifier: GPL-2.0
// The native C++ API (tactus/tactus.hpp).
#include <tactus/tactus.hpp>

#include "harness.hpp"

using namespace tactus;

namespace {

class CxxApi : public txtest::HostTest {};

struct Sample {
	long seq;
	long long stamp;
};

Task producer, consumer, holder;
Fifo<Sample> samples;
Mailbox<long> box;
Mutex mutex;
int overruns;

} // namespace

TEST_F(CxxApi, PeriodicProducerMailboxAndFifo)
{
	producer = Task();
	consumer = Task();
	box = Mailbox<long>();
	ASSERT_TRUE(box.init(4));
	ASSERT_TRUE(samples.open(2, 16));
	ASSERT_TRUE(consumer.init(
		[](long) {
			for (long i = 0; i < 5; i++) {
				long v;
				if (!box.receive(v))
					return;
				samples.put({v, Time::now().counts});
			}
		},
		0, {.priority = 2}));
	ASSERT_TRUE(producer.init(
		[](long) {
			for (long i = 0; i < 5; i++) {
				box.send(i * 10);
				if (Task::wait_period() == Release::Overrun)
					overruns++;
			}
		},
		0, {.priority = 1}));
	ASSERT_TRUE(consumer.start());
	ASSERT_TRUE(producer.start_periodic(10_us));
	run(nano2count(100000));
	Sample s;
	for (long i = 0; i < 5; i++) {
		ASSERT_EQ(tx::fifo_linux_read(2, &s, sizeof(s), false), long(sizeof(s)));
		EXPECT_EQ(s.seq, i * 10);
	}
	EXPECT_EQ(overruns, 0);
	EXPECT_FALSE(samples.get(s)); // nothing came back the other way
	box.remove();
	samples.close();
}

TEST_F(CxxApi, MutexScopedLockAndInheritance)
{
	holder = Task();
	ASSERT_TRUE(mutex.init());
	ASSERT_TRUE(holder.init(
		[](long) {
			ScopedLock lock(mutex);
			EXPECT_TRUE(lock.status().ok());
			{
				ScopedLock again(mutex); // recursive
				EXPECT_TRUE(again.status().ok());
			}
			Task::sleep(1_us);
		},
		0, {.priority = 9}));
	ASSERT_TRUE(holder.start());
	EXPECT_EQ(mutex.count(), 0); // held
	run(nano2count(5000));
	EXPECT_EQ(mutex.count(), 1); // released at scope end
	EXPECT_FALSE(holder.remove()); // it returned: already gone
	mutex.remove();
	Semaphore sem;
	ASSERT_TRUE(sem.init(1));
	EXPECT_TRUE(sem.try_wait());
	EXPECT_FALSE(sem.try_wait());
	EXPECT_EQ((Time{100} + 1_us).counts, 100 + nano2count(1000));
	sem.remove();
}
