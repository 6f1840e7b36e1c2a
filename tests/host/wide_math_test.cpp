// SPDX-License-Identifier: GPL-2.0
// lib/div64.hpp and lib/u128.hpp: the 32-bit ABIs' paths (the soft
// divisions, the four-multiplication product) against the host's native
// 64-bit division and __int128, over edge values and a deterministic
// pseudo-random sweep.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "lib/div64.hpp"
#include "lib/u128.hpp"

namespace {

using u128 = unsigned __int128;

uint64_t next_random(uint64_t *state) // xorshift64: reproducible
{
	uint64_t x = *state;
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	return *state = x;
}

std::vector<uint64_t> samples()
{
	std::vector<uint64_t> v = {0, 1, 2, 3, 7, 10, 1000000000, 0xffffffffu, 0x100000000ull, 0x100000001ull,
				   0x7fffffffffffffffull, 0x8000000000000000ull, 0xfffffffffffffffeull, ~0ull};
	uint64_t state = 0x9e3779b97f4a7c15ull;
	for (int i = 0; i < 400; i++) {
		uint64_t r = next_random(&state);
		v.push_back(r >> (r & 63)); // every magnitude
	}
	return v;
}

TEST(WideMath, SixtyFourByThirtyTwoDivisionMatchesNative)
{
	// Every normalisation shift, and the quotient estimates that need both
	// corrections (top half-digits equal, remainders just below the divisor).
	std::vector<uint32_t> divisors = {1, 2, 3, 0xffff, 0x10000, 0x10001, 0x7fffffff, 0x80000000u, 0x80000001u,
					  0xfffffffeu, 0xffffffffu, 62500000, 19200000, 1000000000};
	for (uint64_t r : samples())
		divisors.push_back(static_cast<uint32_t>(r >> 32) | 1u);
	for (uint32_t d : divisors)
		for (uint64_t n : samples()) {
			const uint32_t lo = static_cast<uint32_t>(n);
			for (uint32_t hi : {0u, d - 1, static_cast<uint32_t>(n >> 32) % d, d / 2}) {
				const uint64_t wide = (static_cast<uint64_t>(hi) << 32) | lo;
				uint32_t rem = 0;
				ASSERT_EQ(tx::divide_64_by_32(hi, lo, d, &rem), wide / d) << wide << " / " << d;
				ASSERT_EQ(rem, wide % d) << wide << " % " << d;
			}
		}
}

TEST(WideMath, UnsignedSoftDivisionMatchesNative)
{
	for (uint64_t n : samples())
		for (uint64_t d : samples()) {
			if (!d)
				continue;
			uint64_t rem = 0;
			ASSERT_EQ(tx::divide_soft(n, d, &rem), n / d) << n << " / " << d;
			ASSERT_EQ(rem, n % d) << n << " % " << d;
		}
}

TEST(WideMath, SignedSoftDivisionTruncatesTowardZeroAsC)
{
	for (uint64_t un : samples())
		for (uint64_t ud : samples()) {
			auto n = static_cast<int64_t>(un), d = static_cast<int64_t>(ud);
			if (!d || (n == INT64_MIN && d == -1))
				continue;
			int64_t rem = 0;
			ASSERT_EQ(tx::divide_signed_soft(n, d, &rem), n / d) << n << " / " << d;
			ASSERT_EQ(rem, n % d) << n << " % " << d;
		}
	int64_t rem = 0;
	EXPECT_EQ(tx::divide_signed_soft(-7, 2, &rem), -3);
	EXPECT_EQ(rem, -1);
	EXPECT_EQ(tx::divide_signed_soft(7, -2, &rem), -3);
	EXPECT_EQ(rem, 1);
	EXPECT_EQ(tx::div_s64(-7, 2), -3);
	EXPECT_EQ(tx::mod_u64(10, 4), 2u);
}

TEST(WideMath, ProductAndShiftsMatchInt128)
{
	auto wide = [](tx::U128 x) { return (static_cast<u128>(x.hi) << 64) | x.lo; };
	for (uint64_t a : samples())
		for (uint64_t b : samples()) {
			u128 p = static_cast<u128>(a) * b;
			tx::U128 q = tx::mul_64x64(a, b);
			ASSERT_EQ(wide(q), p) << a << " * " << b;
			ASSERT_EQ(wide(tx::add(q, b)), p + b);
			ASSERT_EQ(wide(tx::negate(q)), static_cast<u128>(0) - p);
			unsigned n = static_cast<unsigned>(b % 128);
			ASSERT_EQ(wide(tx::shift_left(q, n)), p << n) << n;
			ASSERT_EQ(wide(tx::shift_right(q, n)), p >> n) << n;
		}
}

} // namespace
