// SPDX-License-Identifier: GPL-2.0
// The byte ring: unit rules, a reference-model property test, and real
// threads racing across the lock-free producer/consumer line.
#include <gtest/gtest.h>

#include <atomic>
#include <cstring>
#include <deque>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "fifo/ring.hpp"

using tx::ByteRing;

namespace {

struct Ring {
	std::vector<char> mem;
	ByteRing r;
	explicit Ring(size_t n) : mem(ByteRing::capacity_for(n)) { r.attach(mem.data(), n); }
};

std::string get_all(ByteRing &r)
{
	std::string s(r.used(), '\0');
	size_t n = r.get(s.data(), s.size());
	s.resize(n);
	return s;
}

} // namespace

TEST(ByteRing, EmptyFullAndWrapAround)
{
	Ring ring(8);
	ByteRing &r = ring.r;
	EXPECT_EQ(r.used(), 0u);
	EXPECT_EQ(r.space(), 8u);
	char buf[16];
	EXPECT_EQ(r.get(buf, 4), 0u);
	EXPECT_TRUE(r.put_all("abcdef", 6));
	EXPECT_EQ(r.get(buf, 4), 4u);
	EXPECT_EQ(std::string(buf, 4), "abcd");
	EXPECT_TRUE(r.put_all("123456", 6)); // wraps
	EXPECT_EQ(r.used(), 8u);
	EXPECT_FALSE(r.put_all("x", 1)); // full
	EXPECT_EQ(get_all(r), "ef123456");
}

TEST(ByteRing, FailedPutLeavesTheRingUnchanged)
{
	Ring ring(8);
	ASSERT_TRUE(ring.r.put_all("abcde", 5));
	EXPECT_FALSE(ring.r.put_all("1234", 4));
	EXPECT_EQ(ring.r.used(), 5u);
	EXPECT_EQ(get_all(ring.r), "abcde");
}

TEST(ByteRing, PutSomeAndPeek)
{
	Ring ring(8);
	EXPECT_EQ(ring.r.put_some("0123456789", 10), 8u);
	char buf[4];
	EXPECT_EQ(ring.r.peek(buf, 4), 4u);
	EXPECT_EQ(std::string(buf, 4), "0123");
	EXPECT_EQ(ring.r.used(), 8u);
	EXPECT_EQ(ring.r.put_some("x", 1), 0u);
}

TEST(ByteRing, OverwriteDropsTheOldest)
{
	Ring ring(8);
	ASSERT_TRUE(ring.r.put_all("abcdef", 6));
	EXPECT_EQ(ring.r.put_overwrite("123", 3), 1u);
	EXPECT_EQ(get_all(ring.r), "bcdef123");
	EXPECT_EQ(ring.r.put_overwrite("0123456789AB", 12), 0u); // larger than the ring
	EXPECT_EQ(get_all(ring.r), "456789AB");
}

TEST(ByteRing, DiscardAllAndMove)
{
	Ring a(8), b(4), c(16);
	ASSERT_TRUE(a.r.put_all("abcdef", 6));
	EXPECT_FALSE(a.r.move_to(b.r)); // does not fit
	EXPECT_TRUE(a.r.move_to(c.r));
	EXPECT_EQ(get_all(c.r), "abcdef");
	ASSERT_TRUE(a.r.put_all("xyz", 3));
	EXPECT_EQ(a.r.discard_as_consumer(), 3u);
	EXPECT_EQ(a.r.used(), 0u);
	ASSERT_TRUE(a.r.put_all("uv", 2));
	EXPECT_EQ(a.r.discard_as_producer(), 2u);
	EXPECT_EQ(a.r.used(), 0u);
	EXPECT_TRUE(a.r.put_all("12345678", 8)); // the whole ring is free again
}

// Long random operation sequences against a deque.
TEST(ByteRing, PropertyMatchesReferenceModel)
{
	std::mt19937 rng(12345);
	for (int round = 0; round < 50; round++) {
		size_t size = 1 + rng() % 64;
		Ring ring(size);
		std::deque<char> model;
		char next = 0;
		for (int op = 0; op < 2000; op++) {
			size_t n = rng() % (size + 8);
			std::string data(n, '\0');
			for (auto &ch : data)
				ch = next++;
			switch (rng() % 6) {
			case 0: {
				bool fits = model.size() + n <= size;
				ASSERT_EQ(ring.r.put_all(data.data(), n), fits);
				if (fits)
					model.insert(model.end(), data.begin(), data.end());
				break;
			}
			case 1: {
				size_t k = ring.r.put_some(data.data(), n);
				ASSERT_EQ(k, std::min(n, size - model.size()));
				model.insert(model.end(), data.begin(), data.begin() + long(k));
				break;
			}
			case 2: {
				ring.r.put_overwrite(data.data(), n);
				std::string kept = n > size ? data.substr(n - size) : data;
				model.insert(model.end(), kept.begin(), kept.end());
				while (model.size() > size)
					model.pop_front();
				break;
			}
			case 3: {
				std::string out(n, '\0');
				size_t k = ring.r.get(out.data(), n);
				ASSERT_EQ(k, std::min(n, model.size()));
				for (size_t i = 0; i < k; i++) {
					ASSERT_EQ(out[i], model.front());
					model.pop_front();
				}
				break;
			}
			case 4: {
				std::string out(n, '\0');
				size_t k = ring.r.peek(out.data(), n);
				ASSERT_EQ(k, std::min(n, model.size()));
				for (size_t i = 0; i < k; i++)
					ASSERT_EQ(out[i], model[i]);
				break;
			}
			default:
				if (rng() % 8 == 0) {
					if (rng() % 2)
						ring.r.discard_as_producer();
					else
						ring.r.discard_as_consumer();
					model.clear();
				}
				break;
			}
			ASSERT_EQ(ring.r.used(), model.size());
		}
	}
}

namespace {

// A record: sequence number and a checksum over it, so a torn record shows.
struct Record {
	uint64_t seq;
	uint64_t check;
	char pad[16];
};

Record make_record(uint64_t seq)
{
	Record r{};
	r.seq = seq;
	r.check = seq * 0x9e3779b97f4a7c15ull;
	std::memset(r.pad, int(seq & 0x7f), sizeof(r.pad));
	return r;
}

bool intact(const Record &r)
{
	if (r.check != r.seq * 0x9e3779b97f4a7c15ull)
		return false;
	for (char c : r.pad)
		if (c != char(r.seq & 0x7f))
			return false;
	return true;
}

} // namespace

// Real threads on the host's CPUs: every record arrives once, intact, in
// order, with no lock between producer and consumer.
TEST(ByteRing, ConcurrentProducerConsumerLoseNothing)
{
	Ring ring(sizeof(Record) * 7 + 5); // not a multiple: records wrap mid-way
	constexpr uint64_t kRecords = 200000;
	std::thread producer([&] {
		for (uint64_t i = 0; i < kRecords;) {
			Record r = make_record(i);
			if (ring.r.put_all(&r, sizeof(r)))
				i++;
			else
				std::this_thread::yield();
		}
	});
	uint64_t expect = 0;
	std::string bytes;
	while (expect < kRecords) {
		char buf[64];
		size_t n = ring.r.get(buf, sizeof(buf));
		bytes.append(buf, n);
		while (bytes.size() >= sizeof(Record)) {
			Record r;
			std::memcpy(&r, bytes.data(), sizeof(r));
			bytes.erase(0, sizeof(r));
			ASSERT_TRUE(intact(r));
			ASSERT_EQ(r.seq, expect);
			expect++;
		}
		if (!n)
			std::this_thread::yield();
	}
	producer.join();
	EXPECT_EQ(ring.r.used(), 0u);
}

// With overwrite the producer never waits; the consumer sees whole records
// in increasing order (some dropped), never a torn one.
TEST(ByteRing, ConcurrentOverwriteNeverTearsRecords)
{
	Ring ring(sizeof(Record) * 8);
	constexpr uint64_t kRecords = 200000;
	std::atomic<bool> done{false};
	std::thread producer([&] {
		for (uint64_t i = 0; i < kRecords; i++) {
			Record r = make_record(i);
			ring.r.put_overwrite(&r, sizeof(r));
		}
		done = true;
	});
	uint64_t last = 0, received = 0;
	bool first = true;
	while (!done || ring.r.used()) {
		Record r;
		if (ring.r.get(&r, sizeof(r)) != sizeof(r))
			continue;
		ASSERT_TRUE(intact(r)) << "torn record";
		if (!first) {
			ASSERT_GT(r.seq, last);
		}
		first = false;
		last = r.seq;
		received++;
	}
	producer.join();
	EXPECT_GT(received, 0u);
}
