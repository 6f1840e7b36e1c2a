/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rtai_malloc.h - RTAI's real-time heap (RTAI 5.3 kernel API): memory a
 * real-time task allocates and frees in bounded time.
 *
 * Every heap is a TLSF allocator (two-level segregated fit) under a
 * co-kernel spinlock: rtheap_alloc and rtheap_free are O(1), whatever the
 * heap's size and fragmentation, and callable from real-time tasks,
 * real-time interrupt handlers and Linux context alike. Blocks are 16-byte
 * aligned and cost 16 bytes of header each. A heap never grows: when no free
 * block is large enough, an allocation returns NULL.
 *
 * rt_malloc/rt_free use the global heap, made by tactus_shm at load
 * (parameter global_heap_kb, 1024 KiB by default; 0: none) in the shared
 * segment named GLOBAL_HEAP_ID (rtai_shm.h), so Linux programs can map it by
 * that name. Named pieces of it (rt_named_malloc) and the group heaps
 * (rt_heap_open, rt_halloc) are in rtai_shm.h.
 *
 * Differences from RTAI, which uses a page-based allocator: 'pagesize' is
 * only recorded (rtheap_page_size), RTHEAP_EXTEND and RTHEAP_EXTENDABLE are
 * accepted and ignored, and rtheap_free refuses (RTHEAP_PARAM) a pointer
 * that is not a live block of the heap instead of corrupting it.
 */
#ifndef _RTAI_MALLOC_H
#define _RTAI_MALLOC_H

#define RTHEAP_MINLOG2 4
#define RTHEAP_MAXLOG2 22
#define RTHEAP_MINALLOCSZ (1 << RTHEAP_MINLOG2)
#define RTHEAP_MINALIGNSZ RTHEAP_MINALLOCSZ
#define RTHEAP_NBUCKETS (RTHEAP_MAXLOG2 - RTHEAP_MINLOG2 + 2)
#define RTHEAP_MAXEXTSZ 0x7FFFFFFF
/* The size of the global heap tactus_shm made at load. */
#define RTHEAP_GLOBALSZ (rt_global_heap_size())

#define KMALLOC_LIMIT (128 * 1024)

/* rtheap_init / rtheap_free results. */
#define RTHEAP_NOMEM (-1)
#define RTHEAP_PARAM (-2)

#define RTHEAP_EXTENDABLE 0x1 /* rtheap_init's suprt: ignored, heaps do not grow */
#define RTHEAP_EXTEND 0x1     /* rtheap_alloc's flags: ignored */

/* The words of an rtheap_t behind RTAI's fields: Tactus's allocator state
 * (1856 bytes on 32-bit ARM, fewer than 3704 on 64-bit ABIs). */
#define RTHEAP_TACTUS_WORDS 464

/* A heap. Zero it or not: rtheap_init sets every field. */
typedef struct rtheap {
	unsigned long pagesize, npages, ubytes; /* RTAI's fields, read by the macros below */
	unsigned long tactus_private[RTHEAP_TACTUS_WORDS];
} rtheap_t;

#define rtheap_page_size(heap) ((heap)->pagesize)
#define rtheap_page_count(heap) ((heap)->npages)
#define rtheap_used_mem(heap) ((heap)->ubytes) /* bytes in use, headers included */

#if defined(__KERNEL__) || defined(TACTUS_HOST_SIM)

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Make a heap of 'heapsize' bytes at 'heapaddr'; with heapaddr NULL the
 * memory is allocated here (Linux context only) and rtheap_destroy frees it.
 * 'pagesize' 0 means 4096, else a power of two from RTHEAP_MINALLOCSZ to
 * 2^RTHEAP_MAXLOG2. Returns 0, RTHEAP_PARAM (heap NULL, a bad pagesize,
 * heapsize too small to hold a block or above RTHEAP_MAXEXTSZ, an
 * allocation asked for outside Linux context, a live heap holding memory
 * of its own) or RTHEAP_NOMEM.
 */
int rtheap_init(rtheap_t *heap, void *heapaddr, unsigned long heapsize, unsigned long pagesize, int suprt);
/* Linux context (refused elsewhere, one log line): the heap is unusable
 * afterwards (its calls fail), its own memory freed. */
void rtheap_destroy(rtheap_t *heap, int suprt);
/* 'size' bytes or NULL (size 0, no room, a heap not initialised). O(1). */
void *rtheap_alloc(rtheap_t *heap, unsigned long size, int flags);
/* 0, or RTHEAP_PARAM when 'block' is not a live block of the heap. O(1). */
int rtheap_free(rtheap_t *heap, void *block);

/* The global heap (see above): NULL when it has no room or is not there. */
void *rt_malloc(int size);
/* Frees an rt_malloc block; a pointer that is not one is ignored, with
 * one log line. */
void rt_free(void *addr);
/* The global heap's arena in bytes, 0 when tactus_shm made none. */
unsigned long rt_global_heap_size(void);

#ifdef __cplusplus
}
#endif

#endif

#endif /* _RTAI_MALLOC_H */
