// SPDX-License-Identifier: GPL-2.0
// shm/linux/shm_bridge.cpp - C linkage for the registry calls shm_module.c
// needs (C++ symbols do not cross into C). Forwarding only: the rules live
// in shm/registry.cpp.
#include "shm_bridge.h"

#include "../registry.hpp"

using namespace tx;

static_assert(sizeof(unsigned long) == sizeof(size_t), "size_t crosses as unsigned long");
// tx_shm_list hands the C array to the core as it is: same layout.
static_assert(sizeof(ShmInfo) == sizeof(tx_shm_info), "ShmInfo layout");
static_assert(__builtin_offsetof(ShmInfo, size) == __builtin_offsetof(tx_shm_info, size), "ShmInfo layout");
static_assert(__builtin_offsetof(ShmInfo, refs) == __builtin_offsetof(tx_shm_info, refs), "ShmInfo layout");
static_assert(__builtin_offsetof(ShmInfo, maps) == __builtin_offsetof(tx_shm_info, maps), "ShmInfo layout");

extern "C" {

void tx_shm_setup(unsigned long page_size, void *(*alloc)(size_t), void (*free)(void *, size_t))
{
	shm_setup(ShmAllocator{page_size, alloc, free});
}

void tx_shm_set_memory_cap(unsigned long bytes) { shm_set_memory_cap(bytes); }

void tx_shm_teardown(void) { shm_teardown(); }

int tx_shm_map_get(unsigned long name, void **addr, unsigned long *size)
{
	size_t s = 0;
	int r = shm_map_get(name, addr, &s);
	*size = s;
	return r;
}

void tx_shm_map_put(unsigned long name) { shm_map_put(name); }

unsigned int tx_shm_list(struct tx_shm_info *out, unsigned int max)
{
	return shm_list(reinterpret_cast<ShmInfo *>(out), max);
}

unsigned int tx_shm_max(void) { return kMaxShm; }

} // extern "C"
