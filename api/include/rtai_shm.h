/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rtai_shm.h - named shared memory (RTAI 5.3 kernel API).
 *
 * A segment is named by nam2num() (rtai_nam2num.h) and reference counted.
 * The first rt_shm_alloc() of a name allocates whole pages, zero filled,
 * from Linux context; later calls return the same memory and take a
 * reference. rt_shm_free() drops one; the memory is freed when no
 * reference and no user-space mapping is left. Linux programs map a
 * segment through /dev/tactus_shm (see tactus/shm_user.h).
 * From real-time context rt_shm_alloc only looks up: it returns an existing
 * segment (or NULL) and takes a reference, so the memory stays while the
 * task uses it; the task's rt_shm_free drops it, and if it was the last the
 * memory is freed soon after in Linux context (never in real time).
 */
#ifndef _RTAI_SHM_H
#define _RTAI_SHM_H

#include <rtai_nam2num.h>

#define USE_VMALLOC    0
#define USE_GFP_KERNEL 1
#define USE_GFP_ATOMIC 2
#define USE_GFP_DMA    3

#if defined(__KERNEL__) || defined(TACTUS_HOST_SIM)

#ifdef __cplusplus
extern "C" {
#endif

/* Returns the (page aligned) address, or NULL: size <= 0 for a new name,
 * suprt < 0, no memory, or a new name asked for in real-time context.
 * 'suprt' is accepted for compatibility; memory is always vmalloc'ed. */
void *rt_shm_alloc(unsigned long name, int size, int suprt);

/* Returns the segment size (whole pages), 0 for an unknown name. */
int rt_shm_free(unsigned long name);

#define rtai_kmalloc(name, size) rt_shm_alloc(name, size, USE_VMALLOC)
#define rtai_kfree(name)         rt_shm_free(name)

#ifdef __cplusplus
}
#endif

#endif

#endif /* _RTAI_SHM_H */
