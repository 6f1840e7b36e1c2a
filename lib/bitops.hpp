// SPDX-License-Identifier: GPL-2.0
// lib/bitops.hpp - bit scans and the two-level priority bitmap.
#pragma once

#include "freestanding.hpp"

namespace tx {

// Index of the lowest set bit; 'word' must not be zero.
inline unsigned lowest_bit(uint64_t word) { return static_cast<unsigned>(__builtin_ctzll(word)); }

// Number of significant bits: 0 for 0, 1 for 1, 64 for the top bit set.
inline unsigned bit_width(uint64_t v) { return v ? 64u - static_cast<unsigned>(__builtin_clzll(v)) : 0u; }

// Set of up to 64 * 64 levels, lowest index first, with O(1) lookup: one
// summary word says which 64-level group has a member, one word per group says
// which levels. lowest() is two bit scans whatever the number of members.
template <unsigned Levels> class LevelBitmap {
	static_assert(Levels > 0 && Levels <= 64 * 64, "two levels cover 4096 entries");
	static constexpr unsigned kGroups = (Levels + 63) / 64;

public:
	void set(unsigned level)
	{
		groups_[level / 64] |= uint64_t(1) << (level % 64);
		summary_ |= uint64_t(1) << (level / 64);
	}

	void clear(unsigned level)
	{
		uint64_t &g = groups_[level / 64];
		g &= ~(uint64_t(1) << (level % 64));
		if (g == 0)
			summary_ &= ~(uint64_t(1) << (level / 64));
	}

	bool test(unsigned level) const { return (groups_[level / 64] >> (level % 64)) & 1; }
	bool empty() const { return summary_ == 0; }

	// Lowest member; the set must not be empty.
	unsigned lowest() const
	{
		unsigned group = lowest_bit(summary_);
		return group * 64 + lowest_bit(groups_[group]);
	}

	// Lowest member >= from, or Levels when there is none. O(1): at most
	// three bit scans.
	unsigned next_from(unsigned from) const
	{
		if (from >= Levels)
			return Levels;
		unsigned group = from / 64;
		uint64_t here = groups_[group] & (~uint64_t(0) << (from % 64));
		if (here)
			return group * 64 + lowest_bit(here);
		uint64_t later = group + 1 < 64 ? summary_ & (~uint64_t(0) << (group + 1)) : 0;
		if (!later)
			return Levels;
		unsigned next = lowest_bit(later);
		return next * 64 + lowest_bit(groups_[next]);
	}

private:
	uint64_t summary_ = 0;
	uint64_t groups_[kGroups] = {};
};

} // namespace tx
