// SPDX-License-Identifier: GPL-2.0
// Exact time arithmetic: the 128/64 division, ns <-> count conversions at
// the counter frequencies of real machines, and the timer heap.
#include <gtest/gtest.h>

#include <random>
#include <set>
#include <utility>
#include <vector>

#include "harness.hpp"
#include "lib/bitops.hpp"
#include "lib/muldiv.hpp"
#include "sched/timer_queue.hpp"

using tx::Count;

namespace {

unsigned __int128 u128(uint64_t hi, uint64_t lo) { return (static_cast<unsigned __int128>(hi) << 64) | lo; }

// Reference: value * mult / div rounded half away from zero, in 128 bits.
int64_t ref_round(int64_t v, uint64_t mult, uint64_t div)
{
	bool neg = v < 0;
	unsigned __int128 mag = static_cast<unsigned __int128>(neg ? -static_cast<__int128>(v) : v) * mult;
	unsigned __int128 q = mag / div, r = mag % div;
	if (r * 2 >= div)
		q++;
	if (q > INT64_MAX)
		return neg ? INT64_MIN : INT64_MAX;
	return neg ? -static_cast<int64_t>(q) : static_cast<int64_t>(q);
}

// The same truncated toward zero.
int64_t ref_trunc(int64_t v, uint64_t mult, uint64_t div)
{
	bool neg = v < 0;
	unsigned __int128 q = static_cast<unsigned __int128>(neg ? -static_cast<__int128>(v) : v) * mult / div;
	if (q > INT64_MAX)
		return neg ? INT64_MIN : INT64_MAX;
	return neg ? -static_cast<int64_t>(q) : static_cast<int64_t>(q);
}

} // namespace

TEST(MulDiv, Div128MatchesCompilerDivision)
{
	std::mt19937_64 rng(99);
	for (int i = 0; i < 200000; i++) {
		uint64_t d = rng() >> (rng() % 64);
		if (!d)
			d = 1;
		uint64_t hi = d > 1 ? rng() % d : 0;
		uint64_t lo = rng();
		uint64_t rem;
		uint64_t q = tx::div128_64(hi, lo, d, &rem);
		unsigned __int128 n = u128(hi, lo);
		ASSERT_EQ(q, static_cast<uint64_t>(n / d)) << hi << ":" << lo << "/" << d;
		ASSERT_EQ(rem, static_cast<uint64_t>(n % d));
	}
	uint64_t rem;
	EXPECT_EQ(tx::div128_64(0, 7, 7, &rem), 1u);
	EXPECT_EQ(rem, 0u);
	EXPECT_EQ(tx::div128_64(UINT64_MAX - 1, UINT64_MAX, UINT64_MAX, &rem), UINT64_MAX);
}

TEST(MulDiv, RoundingAndSaturation)
{
	EXPECT_EQ(tx::muldiv_round(5, 1, 2), 3);  // 2.5 -> 3
	EXPECT_EQ(tx::muldiv_round(-5, 1, 2), -3); // symmetric
	EXPECT_EQ(tx::muldiv_trunc(5, 1, 2), 2);
	EXPECT_EQ(tx::muldiv_trunc(-5, 1, 2), -2);
	EXPECT_EQ(tx::muldiv_round(INT64_MAX, 3, 1), INT64_MAX);
	EXPECT_EQ(tx::muldiv_round(INT64_MIN, 3, 1), INT64_MIN);
	EXPECT_EQ(tx::muldiv_round(INT64_MIN, 1, 1), INT64_MIN);
	std::mt19937_64 rng(5);
	for (int i = 0; i < 100000; i++) {
		int64_t v = static_cast<int64_t>(rng());
		uint64_t mult = rng() >> (rng() % 64), div = (rng() >> (rng() % 64)) | 1;
		ASSERT_EQ(tx::muldiv_round(v, mult, div), ref_round(v, mult, div));
	}
}

class Conversion : public txtest::HostTest, public ::testing::WithParamInterface<uint64_t> {};

TEST_P(Conversion, ExactAtThisFrequency)
{
	uint64_t hz = GetParam();
	tx::sim::Config cfg;
	cfg.hz = hz;
	tx::sim::reset(cfg);
	// One second and its multiples are exact.
	EXPECT_EQ(nano2count(1'000'000'000), static_cast<RTIME>(hz));
	EXPECT_EQ(count2nano(static_cast<RTIME>(hz)), 1'000'000'000);
	EXPECT_EQ(nano2count(3600LL * 1'000'000'000), static_cast<RTIME>(hz * 3600));
	// A century of nanoseconds neither overflows nor loses precision.
	RTIME century = 100LL * 365 * 24 * 3600 * 1'000'000'000;
	EXPECT_EQ(nano2count(century), ref_trunc(century, hz, 1'000'000'000));
	EXPECT_EQ(count2nano(nano2count(century)) / 1'000'000'000, century / 1'000'000'000);
	std::mt19937_64 rng(hz);
	for (int i = 0; i < 20000; i++) {
		int64_t ns = static_cast<int64_t>(rng() >> 2) * ((rng() & 1) ? 1 : -1);
		// Truncated toward zero, as RTAI's.
		ASSERT_EQ(nano2count(ns), ref_trunc(ns, hz, 1'000'000'000));
		ASSERT_EQ(count2nano(ns), ref_trunc(ns, 1'000'000'000, hz));
		// A round trip loses less than a nanosecond's counts (the first
		// truncation) plus one count (the second).
		int64_t small = ns / 4096;
		RTIME back = nano2count(count2nano(small));
		ASSERT_LE(std::llabs(back - small), static_cast<long long>(1 + (hz + 999'999'999) / 1'000'000'000));
	}
	EXPECT_EQ(nano2count(INT64_MAX), hz > 1'000'000'000 ? INT64_MAX : ref_trunc(INT64_MAX, hz, 1'000'000'000));
}

INSTANTIATE_TEST_SUITE_P(Frequencies, Conversion,
			 ::testing::Values(19'200'000ull, 24'000'000ull, 62'500'000ull, 1'000'000'000ull,
					   2'400'000'000ull));

TEST(TimerQueue, OrdersByDeadlineThenInsertion)
{
	tx::TimerQueue q;
	q.reset();
	tx::Timer t[5];
	q.insert(&t[0], 50);
	q.insert(&t[1], 10);
	q.insert(&t[2], 50);
	q.insert(&t[3], 30);
	q.insert(&t[4], 10);
	std::vector<int> order;
	while (tx::Timer *e = q.pop_expired(100))
		order.push_back(int(e - t));
	EXPECT_EQ(order, (std::vector<int>{1, 4, 3, 0, 2}));
	EXPECT_EQ(q.size(), 0u);
	q.insert(&t[0], 200);
	EXPECT_EQ(q.pop_expired(199), nullptr);
	q.insert(&t[0], 100); // re-insert moves it
	EXPECT_EQ(q.size(), 1u);
	EXPECT_EQ(q.pop_expired(100), &t[0]);
}

TEST(TimerQueue, PropertyMatchesOrderedSet)
{
	std::mt19937 rng(3);
	static tx::TimerQueue q;
	q.reset();
	std::vector<tx::Timer> timers(tx::kMaxTasks);
	std::set<std::pair<std::pair<Count, uint64_t>, size_t>> model;
	std::vector<uint64_t> seq(timers.size());
	for (int op = 0; op < 200000; op++) {
		size_t i = rng() % timers.size();
		switch (rng() % 3) {
		case 0: {
			if (timers[i].queued())
				model.erase({{timers[i].deadline, seq[i]}, i});
			Count d = rng() % 1000;
			q.insert(&timers[i], d);
			seq[i] = timers[i].sequence;
			model.insert({{d, seq[i]}, i});
			break;
		}
		case 1:
			if (timers[i].queued())
				model.erase({{timers[i].deadline, seq[i]}, i});
			q.remove(&timers[i]);
			break;
		default: {
			Count now = rng() % 1000;
			while (tx::Timer *e = q.pop_expired(now)) {
				ASSERT_FALSE(model.empty());
				auto first = model.begin();
				ASSERT_EQ(e, &timers[first->second]);
				model.erase(first);
			}
			if (!model.empty()) {
				ASSERT_GT(model.begin()->first.first, now);
			}
		}
		}
		ASSERT_EQ(q.size(), model.size());
		if (!model.empty()) {
			ASSERT_EQ(q.earliest(), &timers[model.begin()->second]);
		}
	}
}

TEST(Bitmap, LowestIsConstantTimeAndCorrect)
{
	tx::LevelBitmap<256> map;
	EXPECT_TRUE(map.empty());
	std::set<unsigned> model;
	std::mt19937 rng(8);
	for (int op = 0; op < 100000; op++) {
		unsigned l = rng() % 256;
		if (rng() % 2) {
			map.set(l);
			model.insert(l);
		} else {
			map.clear(l);
			model.erase(l);
		}
		ASSERT_EQ(map.empty(), model.empty());
		if (!model.empty()) {
			ASSERT_EQ(map.lowest(), *model.begin());
		}
		ASSERT_EQ(map.test(l), model.count(l) == 1);
	}
	EXPECT_EQ(tx::bit_width(0), 0u);
	EXPECT_EQ(tx::bit_width(1), 1u);
	EXPECT_EQ(tx::bit_width(UINT64_MAX), 64u);
}
