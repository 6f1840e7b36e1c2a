// SPDX-License-Identifier: GPL-2.0
// lib/u128.hpp - 128-bit unsigned arithmetic for the few places that need
// it (muldiv's 64 x 64 product, libm's Payne-Hanek reduction) on every ABI:
// GCC has no __int128 on 32-bit targets (armv7). One code path everywhere,
// so the host tests of its users test what 32-bit kernels run. Each O(1):
// mul_64x64 is four 32 x 32 multiplications.
#pragma once

#include "freestanding.hpp"

namespace tx {

struct U128 {
	uint64_t hi, lo;
};

constexpr U128 mul_64x64(uint64_t a, uint64_t b)
{
	const uint64_t a1 = a >> 32, a0 = a & 0xffffffffu, b1 = b >> 32, b0 = b & 0xffffffffu;
	const uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
	const uint64_t mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu); // < 3 * 2^32
	return {p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32), (mid << 32) | (p00 & 0xffffffffu)};
}

constexpr U128 add(U128 x, uint64_t y)
{
	const uint64_t lo = x.lo + y;
	return {x.hi + (lo < y), lo};
}

constexpr U128 negate(U128 x) { return {0 - x.hi - (x.lo != 0), 0 - x.lo}; }

constexpr U128 shift_left(U128 x, unsigned n) // n < 128
{
	if (n == 0)
		return x;
	if (n >= 64)
		return {x.lo << (n - 64), 0};
	return {(x.hi << n) | (x.lo >> (64 - n)), x.lo << n};
}

constexpr U128 shift_right(U128 x, unsigned n) // n < 128
{
	if (n == 0)
		return x;
	if (n >= 64)
		return {0, x.hi >> (n - 64)};
	return {x.hi >> n, (x.lo >> n) | (x.hi << (64 - n))};
}

} // namespace tx
