// SPDX-License-Identifier: GPL-2.0
// RT-FIFOs: the rtf_* calls, the Linux side, resize/reset while in use, and
// writers preempting each other in the middle of a put.
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "fifo/fifo.hpp"
#include "harness.hpp"

using namespace txtest;

namespace {

class Fifo : public HostTest {
protected:
	RT_TASK a{}, b{}, c{};
};

std::string linux_read(unsigned f, size_t n)
{
	std::string s(n, '\0');
	long k = tx::fifo_linux_read(f, s.data(), n, false);
	s.resize(k > 0 ? size_t(k) : 0);
	return s;
}

int handler_calls;
int last_rw;
int count_handler(unsigned int, int rw)
{
	handler_calls++;
	last_rw = rw;
	return 0;
}

} // namespace

TEST_F(Fifo, CreatePutGetBothDirections)
{
	ASSERT_EQ(rtf_create(3, 64), 0);
	EXPECT_EQ(rtf_put(3, (void *)"hello", 5), 5);
	EXPECT_EQ(tx::fifo_linux_avail(3), 5u);
	EXPECT_EQ(linux_read(3, 100), "hello");
	EXPECT_EQ(tx::fifo_linux_write(3, "cmd", 3, tx::FifoPut::Some), 3);
	EXPECT_EQ(rtf_get_avbs(3), 3);
	char buf[8];
	EXPECT_EQ(rtf_get(3, buf, 8), 3);
	EXPECT_EQ(std::string(buf, 3), "cmd");
	EXPECT_EQ(rtf_get(3, buf, 8), 0);
	EXPECT_EQ(rtf_get_frbs(3), 64);
	EXPECT_EQ(rtf_destroy(3), 0);
}

TEST_F(Fifo, PutIfIsAllOrNothing)
{
	ASSERT_EQ(rtf_create(0, 10), 0);
	EXPECT_EQ(rtf_put_if(0, (void *)"12345678", 8), 8);
	EXPECT_EQ(rtf_put_if(0, (void *)"abcd", 4), 0); // does not fit: nothing written
	EXPECT_EQ(rtf_put_if(0, (void *)"ab", 2), 2);
	EXPECT_EQ(linux_read(0, 100), "12345678ab");
	tx::FifoInfo info;
	ASSERT_EQ(tx::fifo_info(0, &info), 0);
	EXPECT_EQ(info.puts, 2u);
	EXPECT_EQ(info.put_refused, 1u);
}

TEST_F(Fifo, PutWritesWhatFits)
{
	ASSERT_EQ(rtf_create(0, 10), 0);
	EXPECT_EQ(rtf_put(0, (void *)"12345678", 8), 8);
	EXPECT_EQ(rtf_put(0, (void *)"abcd", 4), 2); // RTAI: the bytes that fit
	EXPECT_EQ(rtf_put(0, (void *)"x", 1), 0);    // full
	EXPECT_EQ(linux_read(0, 100), "12345678ab");
	EXPECT_EQ(rtf_put(0, (void *)"xyz", 3), 3);
	EXPECT_EQ(linux_read(0, 100), "xyz");
}

TEST_F(Fifo, OverwriteGetIfEvdrpAndReset)
{
	ASSERT_EQ(rtf_create(1, 8), 0);
	EXPECT_EQ(rtf_put(1, (void *)"abcdef", 6), 6);
	EXPECT_EQ(rtf_ovrwr_put(1, (void *)"1234", 4), 0);
	EXPECT_EQ(linux_read(1, 100), "cdef1234");
	tx::fifo_linux_write(1, "xyz", 3, tx::FifoPut::Some);
	char buf[8];
	EXPECT_EQ(rtf_get_if(1, buf, 4), 0); // only 3
	EXPECT_EQ(rtf_evdrp(1, buf, 2), 2);
	EXPECT_EQ(std::string(buf, 2), "xy");
	EXPECT_EQ(rtf_get_avbs(1), 3);
	EXPECT_EQ(rtf_reset(1), 0);
	EXPECT_EQ(rtf_get_avbs(1), 0);
	rtf_put(1, (void *)"q", 1);
	EXPECT_EQ(rtf_reset(1), 0);
	EXPECT_EQ(tx::fifo_linux_avail(1), 0u);
}

TEST_F(Fifo, OpenCountsAndGrowOnRecreate)
{
	ASSERT_EQ(rtf_create(2, 16), 0);
	rtf_put(2, (void *)"keep", 4);
	ASSERT_EQ(rtf_create(2, 64), 0); // second open grows, keeps the data
	tx::FifoInfo info;
	tx::fifo_info(2, &info);
	EXPECT_EQ(info.size, 64u);
	EXPECT_EQ(info.opens, 2u);
	EXPECT_EQ(rtf_destroy(2), 1);
	EXPECT_EQ(linux_read(2, 10), "keep");
	EXPECT_EQ(rtf_destroy(2), 0);
	EXPECT_EQ(rtf_destroy(2), -EINVAL);
	EXPECT_EQ(rtf_put(2, (void *)"x", 1), -EINVAL);
}

// A FIFO created again after it closed is a new incarnation (the Linux
// glue's files tell their reference from another holder's by it); opens of
// the open FIFO keep it.
TEST_F(Fifo, GenerationChangesOnlyWhenCreatedFromClosed)
{
	ASSERT_EQ(rtf_create(3, 16), 0);
	unsigned first = tx::fifo_generation(3);
	ASSERT_EQ(rtf_create(3, 16), 0);
	EXPECT_EQ(tx::fifo_generation(3), first);
	EXPECT_EQ(rtf_destroy(3), 1);
	EXPECT_EQ(rtf_destroy(3), 0);
	EXPECT_EQ(tx::fifo_generation(3), first); // closed: still the last one
	ASSERT_EQ(rtf_create(3, 16), 0);
	EXPECT_NE(tx::fifo_generation(3), first);
	EXPECT_EQ(rtf_destroy(3), 0);
	EXPECT_EQ(tx::fifo_generation(999), 0u);
}

// The memory cap: creates and resizes past it fail as out of memory, and
// what a destroy frees can be taken again.
TEST_F(Fifo, MemoryCapRefusesAndFreesAgain)
{
	ASSERT_EQ(tx::fifo_memory_used(), 0u);
	ASSERT_EQ(rtf_create(0, 1000), 0);
	size_t one = tx::fifo_memory_used(); // both rings and the header
	ASSERT_GT(one, 2000u);
	tx::fifo_set_memory_cap(3 * one);
	ASSERT_EQ(rtf_create(1, 1000), 0);
	ASSERT_EQ(rtf_create(2, 1000), 0);
	EXPECT_EQ(rtf_create(3, 1000), -ENOMEM);
	EXPECT_EQ(tx::fifo_is_open(3), false);
	EXPECT_EQ(rtf_resize(2, 4000), -ENOMEM); // old and new rings at once
	EXPECT_EQ(tx::fifo_memory_used(), 3 * one);
	EXPECT_EQ(rtf_destroy(1), 0);
	EXPECT_EQ(tx::fifo_memory_used(), 2 * one);
	EXPECT_EQ(rtf_create(3, 1000), 0);
	tx::fifo_set_memory_cap(0); // no cap
	EXPECT_EQ(rtf_resize(2, 4000), 4000);
	EXPECT_GT(tx::fifo_memory_used(), 3 * one);
	rtf_destroy(0), rtf_destroy(2), rtf_destroy(3);
	EXPECT_EQ(tx::fifo_memory_used(), 0u);
}

TEST_F(Fifo, BadNumbersSizesAndBuffers)
{
	EXPECT_EQ(rtf_create(64, 100), -ENODEV); // the table holds 64
	EXPECT_EQ(rtf_create(1000, 100), -ENODEV);
	EXPECT_EQ(rtf_create(0, 0), -EINVAL);
	EXPECT_EQ(rtf_create(0, -5), -EINVAL);
	EXPECT_EQ(rtf_create(0, 1 << 30), -EINVAL);
	EXPECT_EQ(rtf_put(5, (void *)"x", 1), -EINVAL); // not open
	EXPECT_EQ(rtf_put(99, (void *)"x", 1), -ENODEV);
	EXPECT_EQ(rtf_get(99, nullptr, 0), -ENODEV);
	EXPECT_EQ(rtf_reset(99), -ENODEV);
	EXPECT_EQ(rtf_reset(5), -EINVAL);
	EXPECT_EQ(rtf_destroy(99), -ENODEV);
	EXPECT_EQ(rtf_resize(5, 10), -EINVAL);
	EXPECT_EQ(rtf_get_avbs(99), -ENODEV);
	EXPECT_EQ(rtf_create_handler(99, (void *)count_handler), -EINVAL);
	EXPECT_EQ(rtf_create_handler(0, nullptr), 0); // removes (none was set)
	ASSERT_EQ(rtf_create(0, 16), 0);
	EXPECT_EQ(rtf_put(0, nullptr, 4), -EINVAL);
	EXPECT_EQ(rtf_put(0, (void *)"x", -1), -EINVAL);
	EXPECT_EQ(rtf_get(0, nullptr, 4), -EINVAL);
	EXPECT_EQ(rtf_resize(0, 0), -EINVAL);
	EXPECT_EQ(tx::fifo_linux_read(77, nullptr, 1, false), -ENODEV);
	EXPECT_EQ(tx::fifo_linux_write(7, "x", 1, tx::FifoPut::Some), -EINVAL);
	start(a, 5, [&] { EXPECT_EQ(rtf_create(9, 16), -EPERM); }); // allocation: Linux only
}

TEST_F(Fifo, ResizeKeepsContentOrRefuses)
{
	ASSERT_EQ(rtf_create(0, 16), 0);
	rtf_put(0, (void *)"0123456789", 10);
	EXPECT_EQ(rtf_resize(0, 8), -EBUSY);
	EXPECT_EQ(tx::fifo_linux_avail(0), 10u); // unchanged
	EXPECT_EQ(rtf_resize(0, 32), 32);
	EXPECT_EQ(rtf_get_frbs(0), 22);
	EXPECT_EQ(linux_read(0, 100), "0123456789");
}

TEST_F(Fifo, ResizeWhileAWriterIsActiveLosesNothing)
{
	// The writer task puts a numbered byte every 10 counts; Linux resizes
	// in between. Puts during the resize are refused (0), never half done,
	// and everything accepted arrives in order.
	ASSERT_EQ(rtf_create(0, 64), 0);
	std::vector<unsigned char> accepted;
	ASSERT_EQ(spawn(a, 1,
			[&] {
				for (unsigned char i = 0;; i++) {
					unsigned char v = i;
					if (rtf_put(0, &v, 1) == 1)
						accepted.push_back(v);
					rt_sleep(10);
				}
			}),
		  0);
	rt_task_resume(&a);
	// Resize with the writer's timer due in the middle: the injector fires
	// the timer at every port entry while Linux resizes.
	std::string got;
	for (int size : {128, 32, 256, 64}) {
		run(95);
		got += linux_read(0, 1000);
		tx::sim::set_injector([](unsigned cpu) { tx::sim::raise_timer(cpu); });
		EXPECT_EQ(rtf_resize(0, size), size);
		tx::sim::set_injector(nullptr);
	}
	run(100);
	got += linux_read(0, 1000);
	rt_task_delete(&a);
	ASSERT_EQ(got.size(), accepted.size());
	EXPECT_EQ(std::memcmp(got.data(), accepted.data(), got.size()), 0);
}

TEST_F(Fifo, WritersPreemptingEachOtherNeverTearRecords)
{
	// Two periodic writers at different priorities put 16-byte records; the
	// injector raises the timer at random port entries, so the high writer
	// is released in the middle of the low writer's puts (while it holds
	// the FIFO lock); the release waits for the unlock.
	ASSERT_EQ(rtf_create(4, 4096), 0);
	static bool in_low_put;
	unsigned mid_put_injections = 0;
	auto writer = [&](char tag) {
		return [tag] {
			for (unsigned i = 0;; i++) {
				char rec[16];
				std::memset(rec, tag, sizeof(rec));
				std::memcpy(rec + 1, &i, sizeof(i));
				in_low_put = tag == 'L';
				rtf_put_if(4, rec, sizeof(rec));
				in_low_put = false;
				tx::sim::consume(3);
				rt_task_wait_period();
			}
		};
	};
	ASSERT_EQ(spawn(a, 5, writer('L')), 0);
	ASSERT_EQ(spawn(b, 1, writer('H')), 0);
	rt_task_make_periodic(&a, 0, 7);
	rt_task_make_periodic(&b, 0, 11);
	std::mt19937 rng(7);
	tx::sim::set_injector([&](unsigned cpu) {
		if (rng() % 3 == 0) {
			tx::sim::raise_timer(cpu);
			if (in_low_put && tx::sim::masked())
				mid_put_injections++; // inside the low writer's locked put
		}
	});
	std::string bytes;
	for (int i = 0; i < 200; i++) {
		run(50);
		bytes += linux_read(4, 4096);
	}
	tx::sim::set_injector(nullptr);
	rt_task_delete(&a);
	rt_task_delete(&b);
	bytes += linux_read(4, 4096);
	ASSERT_EQ(bytes.size() % 16, 0u);
	unsigned next[2] = {0, 0};
	size_t records = 0;
	for (size_t off = 0; off < bytes.size(); off += 16, records++) {
		char tag = bytes[off];
		ASSERT_TRUE(tag == 'L' || tag == 'H');
		for (size_t k = 5; k < 16; k++)
			ASSERT_EQ(bytes[off + k], tag) << "torn record at " << off;
		unsigned seq;
		std::memcpy(&seq, bytes.data() + off + 1, sizeof(seq));
		ASSERT_EQ(seq, next[tag == 'H']++);
	}
	EXPECT_GT(next[0], 100u);
	EXPECT_GT(next[1], 100u);
	EXPECT_GT(mid_put_injections, 50u);
}

TEST_F(Fifo, WritersOnTwoCpusShareAFifo)
{
	tx::sim::Config cfg;
	cfg.cpus = 2;
	cfg.slice = 37;
	tx::sim::reset(cfg);
	ASSERT_EQ(rtf_create(0, 1 << 16), 0);
	auto writer = [&](char tag) {
		return [tag] {
			for (unsigned i = 0; i < 300; i++) {
				char rec[8];
				std::memset(rec, tag, sizeof(rec));
				std::memcpy(rec + 2, &i, sizeof(i));
				while (rtf_put_if(0, rec, sizeof(rec)) == 0)
					rt_sleep(5);
				tx::sim::consume(2);
			}
		};
	};
	ASSERT_EQ(spawn(a, 5, writer('0'), 0, 0), 0);
	ASSERT_EQ(spawn(b, 5, writer('1'), 0, 1), 0);
	rt_task_resume(&b);
	rt_task_resume(&a);
	run(20000);
	std::string bytes = linux_read(0, 1 << 16);
	ASSERT_EQ(bytes.size(), 2u * 300 * 8);
	unsigned next[2] = {0, 0};
	for (size_t off = 0; off < bytes.size(); off += 8) {
		int w = bytes[off] - '0';
		ASSERT_TRUE(w == 0 || w == 1);
		ASSERT_EQ(bytes[off + 1], bytes[off]);
		unsigned seq;
		std::memcpy(&seq, bytes.data() + off + 2, sizeof(seq));
		ASSERT_EQ(seq, next[w]++);
	}
}

TEST_F(Fifo, LinuxWakeupIsQueuedFromRealTimeContext)
{
	static std::vector<unsigned> woken;
	woken.clear();
	tx::fifo_set_linux_waker([](unsigned f) { woken.push_back(f); });
	ASSERT_EQ(rtf_create(6, 32), 0);
	ASSERT_EQ(spawn(a, 1, [&] { rtf_put(6, (void *)"x", 1); }), 0);
	rt_task_make_periodic(&a, 100, 1000000);
	run(50);
	EXPECT_TRUE(woken.empty());
	run(100); // the put happens at 100 in real-time context; Linux runs the wake
	ASSERT_EQ(woken.size(), 1u);
	EXPECT_EQ(woken[0], 6u);
	tx::fifo_set_linux_waker(nullptr);
}

TEST_F(Fifo, HandlerIsRecordedForTheLinuxSide)
{
	ASSERT_EQ(rtf_create(7, 32), 0);
	EXPECT_EQ(rtf_create_handler(7, (void *)X_FIFO_HANDLER(count_handler)), 0);
	tx::FifoHandler h = tx::fifo_handler(7);
	ASSERT_NE(h, nullptr);
	handler_calls = 0;
	h(7, 'w');
	EXPECT_EQ(handler_calls, 1);
	EXPECT_EQ(last_rw, 'w');
	EXPECT_EQ(rtf_create_handler(7, nullptr), 0);
	EXPECT_EQ(tx::fifo_handler(7), nullptr); // removed
	EXPECT_EQ(rtf_create_handler(7, (void *)X_FIFO_HANDLER(count_handler)), 0);
	rtf_destroy(7);
	EXPECT_EQ(tx::fifo_handler(7), nullptr); // a closed FIFO forgets it
}

// The platform's Linux mutexes around kernel callers (FifoLinuxLock).
namespace {
std::vector<std::string> lock_log;
int refuse_lock = 0;
int log_lock(unsigned f)
{
	if (refuse_lock)
		return -refuse_lock;
	lock_log.push_back("L" + (f == tx::kFifoNamespace ? std::string("ns") : std::to_string(f)));
	return 0;
}
void log_unlock(unsigned f)
{
	lock_log.push_back("U" + (f == tx::kFifoNamespace ? std::string("ns") : std::to_string(f)));
}
} // namespace

TEST_F(Fifo, KernelCallersTakeTheLinuxMutex)
{
	lock_log.clear();
	refuse_lock = 0;
	tx::fifo_set_linux_lock({log_lock, log_unlock});
	ASSERT_EQ(rtf_create(3, 64), 0);
	EXPECT_EQ(rtf_resize(3, 128), 128);
	EXPECT_EQ(rtf_destroy(3), 0);
	EXPECT_EQ(rtf_create(999, 64), -ENODEV); // out of range: nothing taken
	std::vector<std::string> want = {"L3", "U3", "L3", "U3", "L3", "U3"};
	EXPECT_EQ(lock_log, want);

	lock_log.clear();
	int f = rtf_named_create("lk", 64);
	ASSERT_EQ(f, 0); // the first closed FIFO
	want = {"Lns", "L0", "U0", "Uns"};
	EXPECT_EQ(lock_log, want);

	// A refusal (real-time context) is the result; nothing changes.
	refuse_lock = EPERM;
	EXPECT_EQ(rtf_destroy(0), -EPERM);
	EXPECT_TRUE(tx::fifo_is_open(0));
	EXPECT_EQ(rtf_create(4, 64), -EPERM);
	EXPECT_FALSE(tx::fifo_is_open(4));
	EXPECT_EQ(rtf_named_create("zz", 64), -EPERM);
	refuse_lock = 0;
	EXPECT_EQ(rtf_destroy(0), 0);
	tx::fifo_set_linux_lock({nullptr, nullptr});
}

TEST_F(Fifo, NamedFifos)
{
	int f = rtf_named_create("sensor", 128);
	ASSERT_GE(f, 0);
	EXPECT_EQ(rtf_getfifobyname("sensor"), f);
	EXPECT_EQ(rtf_named_create("sensor", 64), f); // the same one, another open
	int g = rtf_create_named("motor");
	ASSERT_GE(g, 0);
	EXPECT_NE(g, f);
	EXPECT_EQ(rtf_getfifobyname("nothing"), -ENODEV);
	EXPECT_EQ(rtf_getfifobyname("a-name-far-too-long"), -EINVAL);
	EXPECT_EQ(rtf_named_create(nullptr, 10), -EINVAL);
	EXPECT_EQ(rtf_named_create("ok", 0), -EINVAL);
	for (unsigned i = 0; i < tx::fifo_count(); i++)
		if (!tx::fifo_is_open(i))
			rtf_create(i, 8);
	EXPECT_EQ(rtf_named_create("full", 8), -EBUSY);
}

TEST_F(Fifo, LinuxSideModes)
{
	ASSERT_EQ(rtf_create(0, 8), 0);
	EXPECT_EQ(tx::fifo_linux_write(0, "123456789", 9, tx::FifoPut::All), 0);
	EXPECT_EQ(tx::fifo_linux_write(0, "12345678", 8, tx::FifoPut::All), 8);
	EXPECT_EQ(tx::fifo_linux_space(0), 0u);
	EXPECT_EQ(tx::fifo_linux_write(0, "ab", 2, tx::FifoPut::Overwrite), 2);
	char buf[8];
	EXPECT_EQ(rtf_get(0, buf, 8), 8);
	EXPECT_EQ(std::string(buf, 8), "345678ab");
	rtf_put(0, (void *)"pe", 2);
	EXPECT_EQ(tx::fifo_linux_read(0, buf, 8, true), 2); // peek
	EXPECT_EQ(tx::fifo_linux_avail(0), 2u);
}

// The FIFO's binary semaphore: a task posts, Linux is woken (the waiters
// of /dev/rtfN try again) and takes it; errors for a FIFO or semaphore
// that is not there; the FIFO's last destroy ends it.
TEST_F(Fifo, SemaphorePostedByATaskWakesLinux)
{
	static std::vector<unsigned> woken;
	woken.clear();
	tx::fifo_set_linux_waker([](unsigned f) { woken.push_back(f); });
	EXPECT_EQ(rtf_sem_init(9, 0), -EINVAL); // FIFO not open
	EXPECT_EQ(rtf_sem_post(200), -ENODEV);
	ASSERT_EQ(rtf_create(9, 32), 0);
	EXPECT_EQ(rtf_sem_post(9), -EINVAL); // no semaphore yet
	EXPECT_EQ(rtf_sem_trywait(9), -EINVAL);
	ASSERT_EQ(rtf_sem_init(9, 0), 0);
	EXPECT_EQ(rtf_sem_trywait(9), 0); // not free
	int task_took = -1;
	start(a, 5, [&] {
		rtf_sem_post(9);
		rtf_sem_post(9); // binary: one post is kept, not two
		task_took = rtf_sem_trywait(9);
		rtf_sem_post(9);
	});
	EXPECT_EQ(task_took, 1);
	tx::sim::pump_linux_work();
	ASSERT_FALSE(woken.empty());
	EXPECT_EQ(woken.back(), 9u);
	EXPECT_EQ(rtf_sem_trywait(9), 1);
	EXPECT_EQ(rtf_sem_trywait(9), 0);
	EXPECT_EQ(rtf_sem_init(9, 1), 0); // again: free
	EXPECT_EQ(rtf_sem_trywait(9), 1);
	EXPECT_EQ(rtf_sem_delete(9), 0);
	EXPECT_EQ(rtf_sem_trywait(9), -EINVAL); // waiters see it gone
	ASSERT_EQ(rtf_sem_init(9, 1), 0);
	ASSERT_EQ(rtf_destroy(9), 0);
	ASSERT_EQ(rtf_create(9, 32), 0);
	EXPECT_EQ(rtf_sem_trywait(9), -EINVAL); // a new FIFO has none
	rtf_destroy(9);
	tx::fifo_set_linux_waker(nullptr);
}

// RTAI's compatibility forms create and destroy as rtf_create/rtf_destroy.
// MAX_FIFOS bounds every load's count: FIFOs past the loaded count (64
// here) answer -ENODEV, so RTAI's loops over MAX_FIFOS stay correct.
TEST_F(Fifo, MaxFifosIsTheLimitOfEveryCount)
{
	EXPECT_EQ(MAX_FIFOS, 256);
	EXPECT_EQ(rtf_create(63, 16), 0);
	EXPECT_EQ(rtf_create(64, 16), -ENODEV);
	EXPECT_EQ(rtf_create(MAX_FIFOS - 1, 16), -ENODEV);
	for (unsigned f = 0; f < MAX_FIFOS; f++)
		rtf_destroy(f);
	EXPECT_EQ(rtf_put(63, (void *)"x", 1), -EINVAL) << "destroyed by the loop";
}

TEST_F(Fifo, CompatibilityFormsCreateAndDestroy)
{
	static char user_buffer[64];
	ASSERT_EQ(rtf_create_using_bh_and_usr_buf(10, user_buffer, sizeof(user_buffer), 0), 0);
	EXPECT_EQ(rtf_create_using_bh(11, 32, 0), 0);
	EXPECT_EQ(rtf_put(10, (void *)"abc", 3), 3);
	EXPECT_EQ(rtf_get_frbs(10), 61);
	EXPECT_EQ(rtf_destroy_using_usr_buf(10), 0);
	EXPECT_EQ(rtf_destroy(11), 0);
	EXPECT_EQ(rtf_put(10, (void *)"abc", 3), -EINVAL); // gone
}
