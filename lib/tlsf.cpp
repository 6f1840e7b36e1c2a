// SPDX-License-Identifier: GPL-2.0
#include "tlsf.hpp"

#include "bitops.hpp"

namespace tx {

namespace {

constexpr size_t align_down(size_t v, size_t a) { return v & ~(a - 1); }
constexpr size_t align_up(size_t v, size_t a) { return (v + a - 1) & ~(a - 1); }

} // namespace

// The class of a block of 'size' bytes: below 2^kFlShift linear classes of
// kAlign (fl 0); above, fl from the top bit and sl from the next kSlLog2 bits.
void Tlsf::mapping(size_t size, unsigned *fl, unsigned *sl)
{
	if (size < (size_t(1) << kFlShift)) {
		*fl = 0;
		*sl = static_cast<unsigned>(size / kAlign);
		return;
	}
	unsigned top = bit_width(size) - 1;
	*fl = top - kFlShift + 1;
	*sl = static_cast<unsigned>(size >> (top - kSlLog2)) - kSlCount;
}

bool Tlsf::init(void *mem, size_t bytes)
{
	char *start = reinterpret_cast<char *>(align_up(reinterpret_cast<uintptr_t>(mem), kAlign));
	size_t lost = static_cast<size_t>(start - static_cast<char *>(mem));
	if (!mem || bytes < kMinArena || bytes - lost < kMinBlock + kHeader)
		return false;
	size_t usable = align_down(bytes - lost, kAlign);
	if (static_cast<uint64_t>(usable) > kMaxArenaBytes) // 64-bit ABIs only
		usable = static_cast<size_t>(kMaxArenaBytes);
	fl_map_ = 0;
	for (unsigned fl = 0; fl < kFlCount; fl++) {
		sl_map_[fl] = 0;
		for (unsigned sl = 0; sl < kSlCount; sl++)
			heads_[fl][sl] = nullptr;
	}
	used_ = 0;
	base_ = start;
	capacity_ = usable - kHeader;
	end_ = start + capacity_;
	auto *first = reinterpret_cast<Block *>(start);
	first->prev_phys = nullptr;
	first->size_free = capacity_ | 1;
	auto *sentinel = reinterpret_cast<Block *>(end_);
	sentinel->prev_phys = first;
	sentinel->size_free = 0; // used, size 0: merging stops here
	insert(first);
	return true;
}

// O(1): a class list push and two bitmap writes.
void Tlsf::insert(Block *b)
{
	unsigned fl, sl;
	mapping(size_of(b), &fl, &sl);
	Block *head = heads_[fl][sl];
	b->next_free = head;
	b->prev_free = nullptr;
	if (head)
		head->prev_free = b;
	heads_[fl][sl] = b;
	fl_map_ |= 1u << fl;
	sl_map_[fl] |= 1u << sl;
}

// O(1): a list unlink and at most two bitmap writes.
void Tlsf::remove(Block *b)
{
	unsigned fl, sl;
	mapping(size_of(b), &fl, &sl);
	if (b->prev_free)
		b->prev_free->next_free = b->next_free;
	else
		heads_[fl][sl] = b->next_free;
	if (b->next_free)
		b->next_free->prev_free = b->prev_free;
	if (!heads_[fl][sl]) {
		sl_map_[fl] &= ~(1u << sl);
		if (!sl_map_[fl])
			fl_map_ &= ~(1u << fl);
	}
}

// A free block of at least 'size', from the first non-empty class whose
// every block fits (the size rounded up to its class's upper end): two bit
// scans at most, O(1).
// If none, the first block of the request's own class when it happens to
// be large enough (so a heap's last big block serves a request of its
// size). O(1).
Tlsf::Block *Tlsf::find_fit(size_t size)
{
	size_t rounded = size;
	if (size >= (size_t(1) << kFlShift))
		rounded += (size_t(1) << (bit_width(size) - 1 - kSlLog2)) - 1;
	unsigned fl, sl;
	mapping(rounded, &fl, &sl);
	if (fl < kFlCount) {
		uint32_t sl_map = sl_map_[fl] & (~0u << sl);
		uint32_t fl_map = fl + 1 < 32 ? fl_map_ & (~0u << (fl + 1)) : 0;
		if (!sl_map && fl_map) {
			fl = lowest_bit(fl_map);
			sl_map = sl_map_[fl];
		}
		if (sl_map)
			return heads_[fl][lowest_bit(sl_map)];
	}
	mapping(size, &fl, &sl);
	Block *b = fl < kFlCount ? heads_[fl][sl] : nullptr;
	return b && size_of(b) >= size ? b : nullptr;
}

void *Tlsf::alloc(size_t bytes)
{
	if (bytes == 0 || bytes > kMaxAlloc || !base_)
		return nullptr;
	size_t need = max(align_up(bytes, kAlign) + kHeader, kMinBlock);
	Block *b = find_fit(need);
	if (!b)
		return nullptr;
	remove(b);
	size_t size = size_of(b);
	if (size - need >= kMinBlock) { // split: the rest goes back as a free block
		auto *rest = reinterpret_cast<Block *>(reinterpret_cast<char *>(b) + need);
		rest->prev_phys = b;
		rest->size_free = (size - need) | 1;
		next_phys(rest)->prev_phys = rest;
		insert(rest);
		size = need;
	}
	b->size_free = size; // used
	used_ += size;
	return reinterpret_cast<char *>(b) + kHeader;
}

// The block of payload 'p' if it is a used block of this heap whose
// neighbours agree with it, else null. O(1).
const Tlsf::Block *Tlsf::checked_block(const void *p) const
{
	auto addr = reinterpret_cast<uintptr_t>(p);
	if (!p || addr % kAlign || !owns(p) || p < base_ + kHeader)
		return nullptr;
	auto *b = reinterpret_cast<const Block *>(static_cast<const char *>(p) - kHeader);
	size_t size = size_of(b);
	if (is_free(b) || size < kMinBlock || size % kAlign ||
	    size > static_cast<size_t>(end_ - reinterpret_cast<const char *>(b)))
		return nullptr;
	auto *next = reinterpret_cast<const Block *>(reinterpret_cast<const char *>(b) + size);
	if (next->prev_phys != b)
		return nullptr;
	// The block below: inside the arena and aligned before its size is read
	// (a stray pointer's fake header must not send us anywhere else).
	const Block *prev = b->prev_phys;
	auto *prev_c = reinterpret_cast<const char *>(prev);
	if (!prev)
		return reinterpret_cast<const char *>(b) == base_ ? b : nullptr;
	if (prev_c < base_ || prev_c >= reinterpret_cast<const char *>(b) || reinterpret_cast<uintptr_t>(prev) % kAlign ||
	    prev_c + size_of(prev) != reinterpret_cast<const char *>(b))
		return nullptr;
	return b;
}

size_t Tlsf::usable_size(const void *p) const
{
	const Block *b = checked_block(p);
	return b ? size_of(b) - kHeader : 0;
}

// O(1): at most two merges (the neighbours below and above), each a list
// unlink, then one insert.
bool Tlsf::free(void *p)
{
	Block *b = const_cast<Block *>(checked_block(p));
	if (!b)
		return false;
	used_ -= size_of(b);
	Block *prev = b->prev_phys;
	if (prev && is_free(prev)) {
		remove(prev);
		prev->size_free = size_of(prev) + size_of(b);
		b = prev;
	}
	Block *next = next_phys(b);
	if (is_free(next)) {
		remove(next);
		b->size_free = size_of(b) + size_of(next);
	}
	b->size_free |= 1;
	next_phys(b)->prev_phys = b;
	insert(b);
	return true;
}

} // namespace tx
