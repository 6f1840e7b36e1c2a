// SPDX-License-Identifier: GPL-2.0
#include "muldiv.hpp"

#include "bitops.hpp"
#include "div64.hpp"
#include "u128.hpp"

namespace tx {

uint64_t div128_64(uint64_t hi, uint64_t lo, uint64_t d, uint64_t *remainder)
{
	// Normalise so that the divisor's top bit is set.
	const unsigned shift = 64 - bit_width(d);
	d <<= shift;
	if (shift) {
		hi = (hi << shift) | (lo >> (64 - shift));
		lo <<= shift;
	}
	const uint64_t d1 = d >> 32, d0 = d & 0xffffffffu;
	const uint64_t l1 = lo >> 32, l0 = lo & 0xffffffffu;

	// One 32-bit quotient digit of (rem:next) / d.
	auto digit = [&](uint64_t rem, uint64_t next, uint64_t *out_rem) {
		uint64_t r = 0;
		uint64_t q = div_u64_rem(rem, d1, &r);
		while (q >> 32 || q * d0 > ((r << 32) | next)) {
			q--;
			r += d1;
			if (r >> 32)
				break;
		}
		*out_rem = ((rem << 32) | next) - q * d;
		return q;
	};

	uint64_t rem1, rem0;
	const uint64_t q1 = digit(hi, l1, &rem1);
	const uint64_t q0 = digit(rem1, l0, &rem0);
	if (remainder)
		*remainder = rem0 >> shift;
	return (q1 << 32) | q0;
}

static int64_t muldiv(int64_t value, uint64_t mult, uint64_t div, bool round)
{
	const bool negative = value < 0;
	const uint64_t magnitude = negative ? 0 - static_cast<uint64_t>(value) : static_cast<uint64_t>(value);
	const U128 product = mul_64x64(magnitude, mult);
	const uint64_t hi = product.hi, lo = product.lo;
	if (hi >= div)
		return negative ? INT64_MIN : INT64_MAX;
	uint64_t rem;
	uint64_t q = div128_64(hi, lo, div, &rem);
	if (round && rem >= div - rem)
		q++; // rem >= div / 2, without overflowing 2 * rem
	if (q > static_cast<uint64_t>(INT64_MAX))
		return negative ? INT64_MIN : INT64_MAX;
	return negative ? -static_cast<int64_t>(q) : static_cast<int64_t>(q);
}

int64_t muldiv_round(int64_t value, uint64_t mult, uint64_t div) { return muldiv(value, mult, div, true); }
int64_t muldiv_trunc(int64_t value, uint64_t mult, uint64_t div) { return muldiv(value, mult, div, false); }

} // namespace tx
