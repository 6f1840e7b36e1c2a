// SPDX-License-Identifier: GPL-2.0
// shm/registry.hpp - named shared memory segments (RTAI rt_shm_alloc).
//
// A segment is found by its nam2num name and reference counted: the first
// rt_shm_alloc of a name allocates (zero-filled, whole pages, from Linux
// context only), later ones return the same memory; rt_shm_free drops a
// reference and the memory goes when the last reference and the last
// user-space mapping are gone. Real-time context may look segments up
// (alloc of an existing name) but never allocates or frees memory: a lookup
// there takes a reference like any other (so a Linux free or munmap cannot
// pull the memory from under a task still using it), and when a real-time
// free drops the last one, a LinuxWork item frees the memory in Linux
// context. Whoever unloads the registry runs pending Linux work first.
//
// The table has kMaxShm entries; lookups are O(kMaxShm) under a co-kernel
// spinlock, which is all the registry needs: Linux callers may race each
// other (two allocs of one name share one segment, a free racing an alloc
// either keeps the segment or lets the alloc create a new one) and real-time
// lookups see a consistent table. Allocation runs outside the lock.
#pragma once

#include "../lib/freestanding.hpp"

namespace tx {

constexpr unsigned kMaxShm = 128;

struct ShmAllocator {
	size_t page_size;
	void *(*alloc)(size_t bytes); // zeroed, page aligned, mappable by users
	void (*free)(void *p, size_t bytes);
};

struct ShmInfo {
	unsigned long name;
	void *addr;
	size_t size;
	unsigned refs;
	unsigned maps;
};

void shm_setup(const ShmAllocator &allocator); // Linux context; forgets all segments
void shm_teardown();                           // frees everything left; Linux context
// The bytes all segments may take together (0: no cap; set after
// shm_setup): an rt_shm_alloc of a new name past it returns null, as when
// Linux has no memory.
void shm_set_memory_cap(size_t bytes);
size_t shm_memory_used(); // bytes the segments take now

// 'actual' (if given) gets the segment's size: whole pages, the creator's.
void *shm_alloc(unsigned long name, size_t size, size_t *actual = nullptr);
// Drops a reference; the segment's size, 0 for an unknown name. With
// 'keep_last' the last reference is kept (returns 0): the global heap's
// own, which only shm_teardown gives back.
size_t shm_free(unsigned long name, bool keep_last = false);
// Called (Linux context) with every segment's memory just before it is
// freed: the heaps forget what pointed into it (api/rtai_shm.cpp).
void shm_set_free_hook(void (*hook)(void *addr, size_t size));

// User-space mappings (Linux context): take / drop a mapping reference.
int shm_map_get(unsigned long name, void **addr, size_t *size);
void shm_map_put(unsigned long name);

unsigned shm_list(ShmInfo *out, unsigned max);

} // namespace tx
