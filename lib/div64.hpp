// SPDX-License-Identifier: GPL-2.0
// lib/div64.hpp - 64-bit division for the core on every ABI. A 32-bit ARM
// kernel exports no __aeabi_uldivmod/__aeabi_ldivmod (Linux wants do_div),
// so a plain 64-bit '/' or '%' in the core does not link there:
// check-freestanding's arm check finds one. 64-bit ABIs divide natively;
// 32-bit ones use divide_bitwise (also built and tested on the host).
// Division by zero is the caller's to exclude, as with '/'.
#pragma once

#include "freestanding.hpp"

namespace tx {

// Restoring division, one quotient bit per step. Bound: 64 steps; a
// dividend and divisor below 2^32 take one 32-bit division instead.
constexpr uint64_t divide_bitwise(uint64_t n, uint64_t d, uint64_t *rem)
{
	if (!(n >> 32) && !(d >> 32)) {
		uint32_t q = static_cast<uint32_t>(n) / static_cast<uint32_t>(d);
		*rem = static_cast<uint32_t>(n) - q * static_cast<uint32_t>(d);
		return q;
	}
	uint64_t q = 0, r = 0;
	for (int i = 63; i >= 0; i--) {
		bool carry = r >> 63; // r << 1 would lose it: then it surely exceeds d
		r = (r << 1) | ((n >> i) & 1);
		if (carry || r >= d) {
			r -= d;
			q |= uint64_t(1) << i;
		}
	}
	*rem = r;
	return q;
}

// C's signed division: the quotient truncated toward zero, the remainder
// with the dividend's sign. INT64_MIN / -1 is the caller's to exclude.
constexpr int64_t divide_signed_bitwise(int64_t n, int64_t d, int64_t *rem)
{
	uint64_t un = n < 0 ? 0 - static_cast<uint64_t>(n) : static_cast<uint64_t>(n);
	uint64_t ud = d < 0 ? 0 - static_cast<uint64_t>(d) : static_cast<uint64_t>(d);
	uint64_t ur = 0;
	uint64_t uq = divide_bitwise(un, ud, &ur);
	*rem = static_cast<int64_t>(n < 0 ? 0 - ur : ur);
	return static_cast<int64_t>((n < 0) != (d < 0) ? 0 - uq : uq);
}

// The quotient, and the remainder in *rem, of a 64-bit division by C's
// rules (truncated toward zero for int64_t): native on 64-bit ABIs, bitwise
// on 32-bit ones.
template <class Int64>
constexpr Int64 div64_rem(Int64 n, Int64 d, Int64 *rem)
{
#if __SIZEOF_POINTER__ >= 8
	*rem = n % d;
	return n / d;
#else
	if constexpr (Int64(-1) < Int64(0))
		return divide_signed_bitwise(n, d, rem);
	else
		return divide_bitwise(n, d, rem);
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
