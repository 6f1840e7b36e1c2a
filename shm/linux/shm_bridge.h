/* SPDX-License-Identifier: GPL-2.0 */
/*
 * shm/linux/shm_bridge.h - the shm registry (C++, namespace tx) as the C
 * glue of tactus_shm.ko sees it: plain C types only, shared by
 * shm_bridge.cpp and shm_module.c. rt_shm_alloc/rt_shm_free (rtai_shm.h)
 * already have C linkage.
 */
#ifndef TACTUS_SHM_BRIDGE_H
#define TACTUS_SHM_BRIDGE_H

#if defined(__KERNEL__) && !defined(__cplusplus)
#include <linux/types.h>
#else
#include <stddef.h>
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* tx::ShmInfo with C types. */
struct tx_shm_info {
	unsigned long name;
	void *addr;
	unsigned long size;
	unsigned int refs, maps;
};

/* Linux context. alloc: zeroed, page aligned, mappable by users. The
 * callbacks take size_t, as the registry's: unsigned long has its size on
 * every ABI the modules build for, but not its type on 32-bit ARM. */
void tx_shm_setup(unsigned long page_size, void *(*alloc)(size_t bytes),
		  void (*free)(void *p, size_t bytes));
void tx_shm_set_memory_cap(unsigned long bytes); /* registry.hpp, shm_set_memory_cap */
void tx_shm_teardown(void);
/* Linux context, the module's mutex held (the registry's contract). */
int tx_shm_map_get(unsigned long name, void **addr, unsigned long *size);
void tx_shm_map_put(unsigned long name);
/* Up to 'max' segments into 'out'; returns how many. */
unsigned int tx_shm_list(struct tx_shm_info *out, unsigned int max);
unsigned int tx_shm_max(void);

#ifdef __cplusplus
}
#endif

#endif /* TACTUS_SHM_BRIDGE_H */
