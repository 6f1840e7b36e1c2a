// SPDX-License-Identifier: GPL-2.0
// api/rtai_shm.cpp - rtai_shm.h and rtai_malloc.h over shm/: named shared
// memory, the global real-time heap, group heaps and rtheap_t.
#include <rtai_malloc.h>
#include <rtai_registry.h>
#include <rtai_sched.h>
#include <rtai_shm.h>

#include "../hal/rt_log.hpp"
#include "../sched/errors.hpp"
#include "../sched/sched_info.h"
#include "../sched/task.hpp"
#include "../shm/heap.hpp"
#include "../shm/registry.hpp"
#include "msgq_bridge.h"

static_assert(sizeof(tx::RtHeap) <= sizeof(rtheap_t), "rtheap_t holds an RtHeap");
static_assert(__builtin_offsetof(tx::RtHeap, ubytes) == __builtin_offsetof(rtheap_t, ubytes), "RTAI's fields first");

namespace {

using tx::RtHeap;

// The global heap (tx_heap_setup), and the group heap opened last from Linux
// context: the one of every task that opened none. Written in Linux context
// (setup, rt_heap_open/close, the free hook); read anywhere.
RtHeap *g_global;
RtHeap *g_linux_group;
// Calls using g_linux_group now (any context). The free hook clears the
// pointer, then waits for none: a call counts itself before it loads the
// pointer, so one that got the old pointer is waited for (sequentially
// consistent order of the two).
int g_linux_group_users;

RtHeap *heap_of(rtheap_t *h) { return reinterpret_cast<RtHeap *>(h); }

tx::Task *self() { return reinterpret_cast<tx::Task *>(rt_whoami()); }

// Where the caller's group heap is kept: its task's slot, or Linux's.
RtHeap **group_slot()
{
	tx::Task *t = self();
	if (!t || t->linux_ctx)
		return &g_linux_group;
	return reinterpret_cast<RtHeap **>(&t->group_heap);
}

// Run f(heap) on the caller's group heap (null if none): its task's own,
// which its open keeps alive, or Linux's, counted in g_linux_group_users
// for the time of the call. O(1) besides f.
template <typename F> auto with_group_heap(F f)
{
	RtHeap **slot = group_slot();
	if (slot != &g_linux_group && *slot)
		return f(tx::heap_valid(*slot) ? *slot : nullptr);
	__atomic_add_fetch(&g_linux_group_users, 1, __ATOMIC_SEQ_CST);
	RtHeap *h = __atomic_load_n(&g_linux_group, __ATOMIC_SEQ_CST);
	auto result = f(tx::heap_valid(h) ? h : nullptr);
	__atomic_sub_fetch(&g_linux_group_users, 1, __ATOMIC_RELEASE);
	return result;
}

// The registry entry 'name' of a heap block, with one more user; null
// if there is none or it names something else.
void *named_block_get(unsigned long name)
{
	void *p = rt_get_adr_cnt(name);
	if (p && rt_get_type(name) != IS_HPCK) {
		rt_drg_on_name_cnt(name);
		return nullptr;
	}
	return p;
}

void *named_alloc(RtHeap *h, unsigned long name, int size)
{
	if (!h || !name)
		return nullptr;
	if (void *p = named_block_get(name))
		return p;
	if (size <= 0 || rt_get_type(name) >= 0)
		return nullptr; // a new name needs a size; the name is another object's
	void *p = tx::heap_alloc(h, static_cast<size_t>(size));
	if (!p)
		return nullptr;
	if (rt_register(name, p, IS_HPCK, nullptr) > 0)
		return p;
	// Registered meanwhile by another caller (or the table is full): share.
	tx::heap_free(h, p);
	return named_block_get(name);
}

void named_free(RtHeap *h, void *addr, const char *what)
{
	unsigned long name = addr ? rt_get_name(addr) : 0;
	if (!h || !name || rt_get_type(name) != IS_HPCK) {
		tx::rt_log(1, "tactus: %s(%p): not a named heap block, ignored", what, addr);
		return;
	}
	if (rt_drg_on_name_cnt(name) == 0 && !tx::heap_free(h, addr))
		tx::rt_log(1, "tactus: %s(%p): not a block of this heap", what, addr);
}

void plain_free(RtHeap *h, void *addr, const char *what)
{
	if (!addr)
		return;
	if (!h || !tx::heap_free(h, addr))
		tx::rt_log(1, "tactus: %s(%p): not a live block of the heap, ignored", what, addr);
}

// The shared memory's free hook (Linux context): a segment's memory goes.
// Forget what pointed into it: the Linux group binding, and the names of
// its blocks. O(RTAI_REGISTRY_SLOTS).
void forget_segment(void *addr, size_t size)
{
	char *lo = static_cast<char *>(addr), *hi = lo + size;
	auto inside = [&](const void *p) { return p >= lo && p < hi; };
	if (inside(g_linux_group)) {
		__atomic_store_n(&g_linux_group, nullptr, __ATOMIC_SEQ_CST);
		while (__atomic_load_n(&g_linux_group_users, __ATOMIC_SEQ_CST))
			tx_hal_relax(); // a call inside it: one heap operation, O(1)
	}
	if (inside(g_global))
		g_global = nullptr;
	for (int slot = 1; slot <= RTAI_REGISTRY_SLOTS; slot++) {
		rt_registry_entry e;
		if (rt_get_registry_slot(slot, &e) && e.type == IS_HPCK && inside(e.adr))
			rt_drg_on_adr(e.adr);
	}
}

} // namespace

extern "C" {

void *rt_shm_alloc(unsigned long name, int size, int suprt)
{
	if (suprt < 0 || size < 0)
		return nullptr;
	return tx::shm_alloc(name, static_cast<size_t>(size));
}

int rt_shm_free(unsigned long name)
{
	return static_cast<int>(tx::shm_free(name, name == GLOBAL_HEAP_ID));
}

// ---- rtheap_t -------------------------------------------------------------

int rtheap_init(rtheap_t *heap, void *heapaddr, unsigned long heapsize, unsigned long pagesize, int suprt)
{
	if (!heap)
		return RTHEAP_PARAM;
	if (pagesize == 0)
		pagesize = 4096;
	if (pagesize < RTHEAP_MINALLOCSZ || pagesize > (1ul << RTHEAP_MAXLOG2) || (pagesize & (pagesize - 1)))
		return RTHEAP_PARAM;
	if (heapsize < tx::Tlsf::kMinArena || heapsize > RTHEAP_MAXEXTSZ)
		return RTHEAP_PARAM;
	RtHeap *h = heap_of(heap);
	if (tx::heap_valid(h) && h->own_mem)
		return RTHEAP_PARAM; // live, with memory of its own: rtheap_destroy it first
	void *own = nullptr;
	if (!heapaddr) {
		if (!tx_in_linux())
			return RTHEAP_PARAM; // allocating is for Linux context
		own = heapaddr = tx_hal_alloc(heapsize);
		if (!own)
			return RTHEAP_NOMEM;
	}
	if (!tx::heap_init(h, heapaddr, heapsize, pagesize, 0)) {
		if (own)
			tx_hal_free(own, heapsize);
		return RTHEAP_PARAM;
	}
	h->own_mem = own;
	h->own_bytes = own ? heapsize : 0;
	return 0;
}

void rtheap_destroy(rtheap_t *heap, int suprt)
{
	RtHeap *h = heap ? heap_of(heap) : nullptr;
	if (!tx::heap_valid(h))
		return;
	if (!tx_in_linux()) { // freeing memory is Linux's
		tx::rt_log(1, "tactus: rtheap_destroy(%p) outside Linux context: refused", heap);
		return;
	}
	tx::heap_retire(h); // a call inside it on another CPU finishes first (the lock)
	if (h->own_mem)
		tx_hal_free(h->own_mem, h->own_bytes);
	h->own_mem = nullptr;
}

void *rtheap_alloc(rtheap_t *heap, unsigned long size, int flags)
{
	RtHeap *h = heap ? heap_of(heap) : nullptr;
	return tx::heap_valid(h) ? tx::heap_alloc(h, size) : nullptr;
}

int rtheap_free(rtheap_t *heap, void *block)
{
	RtHeap *h = heap ? heap_of(heap) : nullptr;
	return tx::heap_valid(h) && tx::heap_free(h, block) ? 0 : RTHEAP_PARAM;
}

// ---- the global heap --------------------------------------------------------

void *rt_malloc(int size)
{
	RtHeap *h = g_global;
	return h && size > 0 ? tx::heap_alloc(h, static_cast<size_t>(size)) : nullptr;
}

void rt_free(void *addr) { plain_free(g_global, addr, "rt_free"); }

unsigned long rt_global_heap_size(void) { return g_global ? g_global->tlsf.capacity() : 0; }

void *rt_named_malloc(unsigned long name, int size) { return named_alloc(g_global, name, size); }
void rt_named_free(void *addr) { named_free(g_global, addr, "rt_named_free"); }

// ---- group heaps ------------------------------------------------------------

void *rt_heap_open(unsigned long name, int size, int suprt)
{
	if (name == GLOBAL_HEAP_ID)
		return g_global ? tx::shm_alloc(name, 0) : nullptr;
	if (size < 0 || suprt < 0)
		return nullptr;
	size_t seg_bytes = 0;
	void *seg = tx::shm_alloc(name, tx::heap_segment_bytes(static_cast<size_t>(size)), &seg_bytes);
	if (!seg)
		return nullptr;
	RtHeap *h = tx::heap_in_segment(seg, seg_bytes, name);
	if (!h) {
		tx::rt_log(1, "tactus: rt_heap_open: segment %lu is not a heap (or too small)", name);
		tx::shm_free(name);
		return nullptr;
	}
	RtHeap **slot = group_slot();
	if (slot == &g_linux_group)
		__atomic_store_n(slot, h, __ATOMIC_RELEASE);
	else
		*slot = h;
	return seg;
}

int rt_heap_close(unsigned long name, void *adr)
{
	RtHeap **slot = group_slot();
	if (*slot && (*slot)->name == name && name != GLOBAL_HEAP_ID) {
		if (slot == &g_linux_group)
			__atomic_store_n(slot, nullptr, __ATOMIC_RELEASE);
		else
			*slot = nullptr;
	}
	return rt_shm_free(name);
}

void *rt_halloc(int size)
{
	return with_group_heap([&](RtHeap *h) -> void * {
		return h && size > 0 ? tx::heap_alloc(h, static_cast<size_t>(size)) : nullptr;
	});
}

void rt_hfree(void *addr)
{
	with_group_heap([&](RtHeap *h) {
		plain_free(h, addr, "rt_hfree");
		return 0;
	});
}

void *rt_named_halloc(unsigned long name, int size)
{
	return with_group_heap([&](RtHeap *h) { return named_alloc(h, name, size); });
}

void rt_named_hfree(void *addr)
{
	with_group_heap([&](RtHeap *h) {
		named_free(h, addr, "rt_named_hfree");
		return 0;
	});
}

// ---- set-up -----------------------------------------------------------------

int tx_heap_setup(unsigned long global_bytes)
{
	tx::shm_set_free_hook(forget_segment);
	g_global = g_linux_group = nullptr;
	if (!global_bytes)
		return 0;
	size_t seg_bytes = 0;
	void *seg = tx::shm_alloc(GLOBAL_HEAP_ID, tx::heap_segment_bytes(global_bytes), &seg_bytes);
	RtHeap *h = seg ? tx::heap_in_segment(seg, seg_bytes, GLOBAL_HEAP_ID) : nullptr;
	if (!h) {
		if (seg)
			tx::shm_free(GLOBAL_HEAP_ID);
		return -tx::kENoMem;
	}
	g_global = h;
	return 0;
}

void tx_heap_teardown(void)
{
	tx_tbx_release_all(); // their large messages are in the global heap
	g_global = nullptr;
	g_linux_group = nullptr;
}

} // extern "C"
