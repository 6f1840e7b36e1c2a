// SPDX-License-Identifier: GPL-2.0
#include "heap.hpp"

namespace tx {

namespace {

// Serialises the first use of heaps in segments (heap_in_segment): two
// openers of a new group heap must not both initialise it.
constinit SpinLock g_segment_init_lock;

constexpr size_t kControlBytes = (sizeof(RtHeap) + Tlsf::kAlign - 1) & ~(Tlsf::kAlign - 1);

bool all_zero(const void *p, size_t n)
{
	const auto *b = static_cast<const unsigned char *>(p);
	for (size_t i = 0; i < n; i++)
		if (b[i])
			return false;
	return true;
}

} // namespace

bool heap_init(RtHeap *h, void *mem, size_t bytes, unsigned long pagesize, unsigned long name)
{
	h->magic = 0;
	if (!h->tlsf.init(mem, bytes))
		return false;
	h->pagesize = pagesize;
	h->npages = pagesize ? bytes / pagesize : 0;
	h->ubytes = 0;
	h->name = name;
	h->own_mem = nullptr;
	h->own_bytes = 0;
	new (&h->lock) SpinLock();
	h->magic = kHeapMagic;
	return true;
}

// The magic is checked again under the lock: heap_retire clears it there.
void *heap_alloc(RtHeap *h, size_t bytes)
{
	unsigned long flags = h->lock.lock();
	void *p = h->magic == kHeapMagic ? h->tlsf.alloc(bytes) : nullptr; // O(1)
	h->ubytes = h->tlsf.used();
	h->lock.unlock(flags);
	return p;
}

bool heap_free(RtHeap *h, void *p)
{
	unsigned long flags = h->lock.lock();
	bool ok = h->magic == kHeapMagic && h->tlsf.free(p); // O(1)
	h->ubytes = h->tlsf.used();
	h->lock.unlock(flags);
	return ok;
}

void heap_retire(RtHeap *h)
{
	unsigned long flags = h->lock.lock();
	h->magic = 0;
	h->lock.unlock(flags);
}

size_t heap_segment_bytes(size_t arena) { return kControlBytes + arena; }

RtHeap *heap_in_segment(void *seg, size_t seg_bytes, unsigned long name)
{
	if (!seg || seg_bytes < kControlBytes + Tlsf::kMinArena)
		return nullptr;
	auto *h = static_cast<RtHeap *>(seg);
	RtHeap *result = nullptr;
	unsigned long flags = g_segment_init_lock.lock();
	if (h->magic == kHeapMagic)
		result = h->name == name ? h : nullptr;
	else if (all_zero(h, sizeof(*h)) && // a new segment, not someone's data
		 heap_init(h, static_cast<char *>(seg) + kControlBytes, seg_bytes - kControlBytes, 4096, name))
		result = h;
	g_segment_init_lock.unlock(flags);
	return result;
}

} // namespace tx
