// SPDX-License-Identifier: GPL-2.0
// lib/tlsf.hpp - a two-level segregated-fit allocator (TLSF) over memory the
// caller gives: the real-time heaps (rt_malloc, rt_halloc, rtheap_*).
//
// Why TLSF: allocation and free are O(1) whatever the heap's size and state
// (a fixed number of bit scans and list operations), so a real-time task can
// allocate with a stated bound; RTAI's own heap walks a free page list.
// Free blocks sit in kFlCount x kSlCount size classes: the first level is a
// power of two, the second splits it in 16 linear steps, so a request is
// served from the first non-empty class that surely fits (at most 1/16 of
// the request wasted by the rounding up). Neighbouring free blocks merge at
// free, so the heap does not fragment into pieces smaller than what was
// freed.
//
// Layout: every block starts with a 16-byte header (the physically previous
// block, and this block's size with bit 0 = free); a free block also keeps
// its free-list links in its first payload bytes. A zero-size "used"
// sentinel closes the arena. Payloads are 16-byte aligned.
//
// Not locked: the caller serialises (one SpinLock per heap in its users).
// free() checks the pointer against the heap's structure (inside the arena,
// aligned, a used block whose neighbours point back at it) and refuses one
// that fails, so a double free or a stray pointer is reported, not merged
// into the free lists.
#pragma once

#include "freestanding.hpp"

namespace tx {

class Tlsf {
public:
	static constexpr size_t kAlign = 16;
	static constexpr size_t kHeader = 16; // prev_phys + size
	static constexpr size_t kMinBlock = 32; // header + the two free-list links
	static constexpr size_t kMaxAlloc = size_t(1) << 31; // larger requests are refused
	static constexpr uint64_t kMaxArenaBytes = uint64_t(1) << 32; // the rest of a larger arena is not used
	// The smallest arena init() accepts: one minimum block and the sentinel,
	// after aligning the start.
	static constexpr size_t kMinArena = kMinBlock + kHeader + kAlign;

	// Takes [mem, mem + bytes) (any alignment; arenas past 4 GiB use their
	// first 4 GiB). False when the arena is too small (< kMinArena).
	bool init(void *mem, size_t bytes);

	// 'bytes' of 16-byte aligned memory, or null (0 bytes, > kMaxAlloc, no
	// free block large enough). O(1).
	void *alloc(size_t bytes);
	// Gives back what alloc() returned. False (nothing changed) for a null
	// pointer, a pointer not at the start of a used block of this heap, or
	// a block freed already. O(1).
	bool free(void *p);

	bool owns(const void *p) const { return p >= base_ && p < end_; }
	size_t capacity() const { return capacity_; } // bytes of blocks (headers included)
	size_t used() const { return used_; }          // bytes of used blocks (headers included)
	// The payload bytes of a used block (>= what was asked); 0 for a
	// pointer free() would refuse.
	size_t usable_size(const void *p) const;

private:
	static constexpr unsigned kSlLog2 = 4;
	static constexpr unsigned kSlCount = 1u << kSlLog2;
	static constexpr unsigned kFlShift = kSlLog2 + 4; // below 2^8: linear classes of kAlign
	static constexpr unsigned kFlCount = 26;          // classes up to 2^33 > any block

	struct Block {
		Block *prev_phys; // the block just below, null for the first
		size_t size_free; // size in bytes (a multiple of kAlign), bit 0: free
		Block *next_free; // in a free block only: its class list
		Block *prev_free;
	};

	static size_t size_of(const Block *b) { return b->size_free & ~size_t(1); }
	static bool is_free(const Block *b) { return b->size_free & 1; }
	static Block *next_phys(Block *b) { return reinterpret_cast<Block *>(reinterpret_cast<char *>(b) + size_of(b)); }
	static void mapping(size_t size, unsigned *fl, unsigned *sl);
	const Block *checked_block(const void *p) const;
	void insert(Block *b);
	void remove(Block *b);
	Block *find_fit(size_t size);

	uint32_t fl_map_ = 0;
	uint32_t sl_map_[kFlCount] = {};
	Block *heads_[kFlCount][kSlCount] = {};
	char *base_ = nullptr; // the first block
	char *end_ = nullptr;  // the sentinel
	size_t capacity_ = 0;
	size_t used_ = 0;
};

} // namespace tx
