// SPDX-License-Identifier: GPL-2.0
// lib/div64.hpp and lib/u128.hpp: the 32-bit ABIs' paths (the bitwise
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

TEST(WideMath, UnsignedBitwiseDivisionMatchesNative)
{
	for (uint64_t n : samples())
		for (uint64_t d : samples()) {
			if (!d)
				continue;
			uint64_t rem = 0;
			ASSERT_EQ(tx::divide_bitwise(n, d, &rem), n / d) << n << " / " << d;
			ASSERT_EQ(rem, n % d) << n << " % " << d;
		}
}

TEST(WideMath, SignedBitwiseDivisionTruncatesTowardZeroAsC)
{
	for (uint64_t un : samples())
		for (uint64_t ud : samples()) {
			auto n = static_cast<int64_t>(un), d = static_cast<int64_t>(ud);
			if (!d || (n == INT64_MIN && d == -1))
				continue;
			int64_t rem = 0;
			ASSERT_EQ(tx::divide_signed_bitwise(n, d, &rem), n / d) << n << " / " << d;
			ASSERT_EQ(rem, n % d) << n << " % " << d;
		}
	int64_t rem = 0;
	EXPECT_EQ(tx::divide_signed_bitwise(-7, 2, &rem), -3);
	EXPECT_EQ(rem, -1);
	EXPECT_EQ(tx::divide_signed_bitwise(7, -2, &rem), -3);
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
