// SPDX-License-Identifier: GPL-2.0
// lib/muldiv.hpp - exact 64-bit scaling through 128-bit intermediates.
//
// Kernels export no __udivti3, so the 128/64 division is written here
// (Knuth's algorithm D for two 32-bit digits: a fixed number of steps).
#pragma once

#include "freestanding.hpp"

namespace tx {

// (hi:lo) / d for hi < d, so that the quotient fits in 64 bits. Returns the
// quotient and stores the remainder. Bounded: two digit steps, each with at
// most two corrections.
uint64_t div128_64(uint64_t hi, uint64_t lo, uint64_t d, uint64_t *remainder);

// value * mult / div with a 128-bit intermediate, rounded to the nearest
// (halves away from zero). Saturates at the int64 range when the result does
// not fit; div must not be zero.
int64_t muldiv_round(int64_t value, uint64_t mult, uint64_t div);

// Same, truncated toward zero.
int64_t muldiv_trunc(int64_t value, uint64_t mult, uint64_t div);

} // namespace tx
