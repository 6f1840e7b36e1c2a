// SPDX-License-Identifier: GPL-2.0
// shm/heap.hpp - RTAI's real-time heaps: a TLSF allocator (lib/tlsf.hpp)
// under a co-kernel spinlock, so that real-time tasks and Linux allocate
// from one heap with a bounded time.
//
// An RtHeap is what RTAI's rtheap_t holds (rtai_malloc.h): its first three
// words are the fields RTAI's rtheap_page_size/_count/used_mem macros read.
// It lives where its user puts it: in an rtheap_t (rtheap_init), or at the
// start of a shared-memory segment (the global heap, the group heaps of
// rt_heap_open), where the arena follows it.
//
// Bounds: heap_alloc and heap_free hold the heap's lock for one O(1) Tlsf
// call (a few hundred instructions); heap_init writes the Tlsf's class
// table, kFlCount x kSlCount words (416), once.
#pragma once

#include "../hal/spinlock.hpp"
#include "../lib/tlsf.hpp"

namespace tx {

struct RtHeap {
	unsigned long pagesize; // RTAI's fields (rtai_malloc.h): informative here,
	unsigned long npages;   // TLSF does not allocate by pages
	unsigned long ubytes;   // bytes in use, headers included
	uint32_t magic;         // kHeapMagic when initialised
	unsigned long name;     // the segment's name, 0 for an rtheap_init heap
	SpinLock lock;
	Tlsf tlsf;
	void *own_mem;          // memory rtheap_init allocated itself (freed by destroy)
	size_t own_bytes;
};

constexpr uint32_t kHeapMagic = 0x4ea94ea9;

// Lays a heap over [mem, mem + bytes). False if the memory is too small.
// Not locked: the caller owns *h until it publishes it.
bool heap_init(RtHeap *h, void *mem, size_t bytes, unsigned long pagesize, unsigned long name);
inline bool heap_valid(const RtHeap *h) { return h && h->magic == kHeapMagic; }
// Any context. Null: no room (or a request Tlsf refuses).
void *heap_alloc(RtHeap *h, size_t bytes);
// Any context. False: 'p' is not a live block of h (nothing changed).
bool heap_free(RtHeap *h, void *p);
// Any context: the heap refuses every call from now on (its memory may go
// once the caller knows no call is inside it any more).
void heap_retire(RtHeap *h);

// The heap at the start of a segment of 'seg_bytes': initialised by the
// first caller (the segment must then be all zero, as a new one is),
// shared by the next ones. Null when the segment is too small or holds
// something else (it was made by rt_shm_alloc and written). Any context:
// the first use is done under one global lock: a read of sizeof(RtHeap)
// bytes (about 3.5 KiB, to see that the segment is new) and heap_init.
RtHeap *heap_in_segment(void *seg, size_t seg_bytes, unsigned long name);
// The segment bytes a group heap of 'arena' usable bytes needs.
size_t heap_segment_bytes(size_t arena);

} // namespace tx
