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

#include <rtai_malloc.h>
#include <rtai_nam2num.h>

/* The global real-time heap's segment (rtai_malloc.h): nam2num("RTGLBH"),
 * so /proc/tactus/shm lists it as RTGLBH. (RTAI's header has 0x9ac6d9e7,
 * which its own comment calls nam2num("RTGLBH") but RTAI 5's nam2num
 * does not give; clients use the name GLOBAL_HEAP_ID.) */
#define GLOBAL_HEAP_ID 0xa948750bUL

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
/* RTAI's kernel form: the address is for user space, ignored here. */
#define rt_shm_alloc_adr(adr, name, size) rt_shm_alloc(name, size, USE_VMALLOC)

/*
 * Named pieces of the global heap (rtai_malloc.h). The first
 * rt_named_malloc of a name allocates 'size' bytes and registers the block
 * under the name (rtai_registry.h, type IS_HPCK); later ones return the same
 * block and count one more user (size is then unused). rt_named_free gives
 * one use back, and the last frees the block. NULL: no room, size <= 0 for
 * a new name, the registry full, or the name registered for another kind
 * of object. Any context; O(1) allocation plus one registry scan.
 * rt_free on a named block frees it at once, as in RTAI: don't.
 */
void *rt_named_malloc(unsigned long name, int size);
void rt_named_free(void *addr);

/*
 * Group heaps: a real-time heap in a named shared segment, which modules
 * and Linux programs open by name. rt_heap_open makes the segment (Linux
 * context, the first time: 'size' usable bytes plus the heap's bookkeeping)
 * or finds it (any context), takes a reference, and makes it the caller's
 * group heap: a real-time task's own, or, called from Linux context, the one
 * of every task that opened none. rt_halloc and friends then allocate from
 * the caller's group heap, O(1). Returns the segment's address, or NULL:
 * no memory, a new name asked for in real-time context, or a segment of that
 * name that is not a heap (made by rt_shm_alloc and written). GLOBAL_HEAP_ID
 * opens the global heap: a reference only (it is no group heap).
 * rt_heap_close gives the reference back (freeing the segment with the last
 * one, the segment's mappings gone) and unbinds the caller's group heap if
 * it was this one; it returns the segment's size, 0 for an unknown name.
 * The global heap's last reference is tactus_shm's own: closing it more
 * often than it was opened returns 0 and changes nothing.
 * 'suprt' is accepted for compatibility (the memory is vmalloc'ed).
 * A task that opened a group heap keeps its reference until it closes it.
 */
void *rt_heap_open(unsigned long name, int size, int suprt);
int rt_heap_close(unsigned long name, void *adr);
#define rt_heap_open_adr(adr, name, size, suprt) rt_heap_open(name, size, suprt)
#define rt_heap_init rt_heap_open
#define rt_heap_create rt_heap_open
#define rt_heap_acquire rt_heap_open
#define rt_heap_init_adr rt_heap_open_adr
#define rt_heap_create_adr rt_heap_open_adr
#define rt_heap_acquire_adr rt_heap_open_adr
#define rt_heap_delete rt_heap_close
#define rt_heap_destroy rt_heap_close
#define rt_heap_release rt_heap_close
#define rt_global_heap_open() rt_heap_open(GLOBAL_HEAP_ID, 0, 0)
#define rt_global_heap_close() rt_heap_close(GLOBAL_HEAP_ID, 0)

/* From the caller's group heap: NULL when it has none or no room. */
void *rt_halloc(int size);
/* Ignores (one log line) a pointer that is not a block of that heap. */
void rt_hfree(void *addr);
/* Named pieces of the caller's group heap, as rt_named_malloc. */
void *rt_named_halloc(unsigned long name, int size);
void rt_named_hfree(void *addr);

/*
 * RTAI's page helpers (tactus_shm; Linux context, none a real-time call):
 * memory a module maps into a Linux process from its own device's mmap.
 *  rvmalloc: zeroed pages from vmalloc (size rounded up to whole pages),
 *    NULL for size 0 or no memory; rvfree gives them back.
 *  rvmmap: maps the vma (at most the memory's whole pages, from its start)
 *    onto rvmalloc'ed memory: 0 or a negative errno (-EINVAL: too long).
 *  rkmalloc: physically contiguous zeroed pages, *memsize rounded up to
 *    whole pages; suprt USE_GFP_KERNEL, USE_GFP_ATOMIC or USE_GFP_DMA
 *    (NULL otherwise, or for *memsize <= 0); rkfree gives them back.
 *  rkmmap: as rvmmap, for rkmalloc'ed memory.
 *  uvirt_to_kva: the kernel's linear-map address of the byte at kernel
 *    address 'adr' (a vmalloc address is looked up; 0 when unmapped, and
 *    for a highmem page of a 32-bit kernel, which has no such alias). The
 *    page table argument is ignored: RTAI's callers pass the kernel's own
 *    (UVIRT_TO_KVA). kvirt_to_pa: that byte's physical address (0 when
 *    unmapped).
 */
struct vm_area_struct;
void *rvmalloc(unsigned long size);
void rvfree(void *mem, unsigned long size);
int rvmmap(void *mem, unsigned long memsize, struct vm_area_struct *vma);
void *rkmalloc(int *memsize, int suprt);
void rkfree(void *mem, unsigned long size);
int rkmmap(void *mem, unsigned long memsize, struct vm_area_struct *vma);
unsigned long uvirt_to_kva(void *pgd, unsigned long adr);
unsigned long kvirt_to_pa(unsigned long adr);
#define UVIRT_TO_KVA(adr) uvirt_to_kva((void *)0, (adr))

/*
 * Tactus's set-up of the heaps (tactus_shm's load and unload; the host
 * tests). Linux context. setup makes the global heap with an arena of
 * 'global_bytes' (0: none): 0, or -ENOMEM. teardown deletes the named
 * message queues left (rtai_tbx.h), then forgets every binding;
 * the segments are freed with the shared memory.
 */
int tx_heap_setup(unsigned long global_bytes);
void tx_heap_teardown(void);

#ifdef __cplusplus
}
#endif

#endif

#endif /* _RTAI_SHM_H */
