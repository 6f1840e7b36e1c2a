// SPDX-License-Identifier: GPL-2.0
// lib/div64.hpp - 64-bit division for the core on every ABI. A 32-bit ARM
// kernel exports no __aeabi_uldivmod/__aeabi_ldivmod (Linux wants do_div),
// so a plain 64-bit '/' or '%' in the core does not link there:
// check-freestanding's arm check finds one. 64-bit ABIs divide natively;
// 32-bit ones use divide_soft (also built and tested on the host), made of
// 32-bit divisions (which every 32-bit kernel has) and 32x32->64 products.
// Division by zero is the caller's to exclude, as with '/'.
#pragma once

#include "freestanding.hpp"

namespace tx {

// (hi:lo) / d for a 32-bit d and hi < d (so the quotient fits in 32 bits),
// remainder in *rem: Knuth's algorithm D with 16-bit half-digits on a
// normalised divisor. Bound: two 32-bit divisions and at most two
// corrections per half-digit (Knuth, TAOCP 4.3.1, Theorem B).
constexpr uint32_t divide_64_by_32(uint32_t hi, uint32_t lo, uint32_t d, uint32_t *rem)
{
	const unsigned s = static_cast<unsigned>(__builtin_clz(d));
	const uint32_t v = d << s;
	const uint32_t v1 = v >> 16, v0 = v & 0xffffu;
	const uint32_t n32 = s ? (hi << s) | (lo >> (32 - s)) : hi; // top two half-digits
	const uint32_t n1 = (lo << s) >> 16, n0 = (lo << s) & 0xffffu;
	// Estimate a half-digit from the top half of v, then correct it.
	auto half_digit = [v1, v0](uint32_t top, uint32_t next) {
		uint32_t q = top / v1, rhat = top - q * v1;
		while (q >> 16 || uint64_t(q) * v0 > ((uint64_t(rhat) << 16) | next)) {
			q--;
			rhat += v1;
			if (rhat >> 16)
				break;
		}
		return q;
	};
	const uint32_t q1 = half_digit(n32, n1);
	const uint32_t n21 = (n32 << 16) + n1 - q1 * v; // exact mod 2^32: it is below v
	const uint32_t q0 = half_digit(n21, n0);
	*rem = ((n21 << 16) + n0 - q0 * v) >> s;
	return (q1 << 16) | q0;
}

// n / d on a 32-bit ABI. Bound: a 32-bit divisor takes one 32-bit division
// and divide_64_by_32; a wider one (quotient below 2^32) a restoring loop
// of at most 32 steps, one per quotient bit.
constexpr uint64_t divide_soft(uint64_t n, uint64_t d, uint64_t *rem)
{
	const uint32_t n_hi = static_cast<uint32_t>(n >> 32), n_lo = static_cast<uint32_t>(n);
	if (!(d >> 32)) {
		const uint32_t d32 = static_cast<uint32_t>(d);
		const uint32_t q_hi = n_hi / d32;
		if (!n_hi) {
			*rem = n_lo % d32;
			return n_lo / d32;
		}
		uint32_t r = 0;
		const uint32_t q_lo = divide_64_by_32(n_hi - q_hi * d32, n_lo, d32, &r);
		*rem = r;
		return (uint64_t(q_hi) << 32) | q_lo;
	}
	if (n < d) {
		*rem = n;
		return 0;
	}
	// Both above 2^32: quotient bits only below bit (width(n) - width(d)).
	const int steps = __builtin_clzll(d) - __builtin_clzll(n); // 0..31
	uint64_t q = 0, r = n >> (steps + 1);
	for (int i = steps; i >= 0; i--) {
		r = (r << 1) | ((n >> i) & 1); // no carry out: r < d, and d < 2^63 when steps > 0
		if (r >= d) {
			r -= d;
			q |= uint64_t(1) << i;
		}
	}
	*rem = r;
	return q;
}

// C's signed division: the quotient truncated toward zero, the remainder
// with the dividend's sign. INT64_MIN / -1 is the caller's to exclude.
constexpr int64_t divide_signed_soft(int64_t n, int64_t d, int64_t *rem)
{
	uint64_t un = n < 0 ? 0 - static_cast<uint64_t>(n) : static_cast<uint64_t>(n);
	uint64_t ud = d < 0 ? 0 - static_cast<uint64_t>(d) : static_cast<uint64_t>(d);
	uint64_t ur = 0;
	uint64_t uq = divide_soft(un, ud, &ur);
	*rem = static_cast<int64_t>(n < 0 ? 0 - ur : ur);
	return static_cast<int64_t>((n < 0) != (d < 0) ? 0 - uq : uq);
}

// The quotient, and the remainder in *rem, of a 64-bit division by C's
// rules (truncated toward zero for int64_t): native on 64-bit ABIs, divide_soft
// on 32-bit ones.
template <class Int64>
constexpr Int64 div64_rem(Int64 n, Int64 d, Int64 *rem)
{
#if __SIZEOF_POINTER__ >= 8
	*rem = n % d;
	return n / d;
#else
	if constexpr (Int64(-1) < Int64(0))
		return divide_signed_soft(n, d, rem);
	else
		return divide_soft(n, d, rem);
#endif
}

constexpr uint64_t div_u64_rem(uint64_t n, uint64_t d, uint64_t *rem) { return div64_rem(n, d, rem); }

constexpr uint64_t div_u64(uint64_t n, uint64_t d)
{
	uint64_t rem = 0;
	return div_u64_rem(n, d, &rem);
}

constexpr uint64_t mod_u64(uint64_t n, uint64_t d)
{
	uint64_t rem = 0;
	div_u64_rem(n, d, &rem);
	return rem;
}

constexpr int64_t div_s64_rem(int64_t n, int64_t d, int64_t *rem) { return div64_rem(n, d, rem); }

constexpr int64_t div_s64(int64_t n, int64_t d)
{
	int64_t rem = 0;
	return div_s64_rem(n, d, &rem);
}

} // namespace tx
