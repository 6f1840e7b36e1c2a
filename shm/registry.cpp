// SPDX-License-Identifier: GPL-2.0
#include "registry.hpp"

#include "../hal/linux_work.hpp"
#include "../hal/spinlock.hpp"
#include "../lib/memory_cap.hpp"
#include "../sched/errors.hpp"
#include "../sched/sched_info.h"

namespace tx {

namespace {

void run_release(LinuxWork *w);

// A segment, and the Linux work its last real-time free queues: real-time
// context cannot free memory, so the work frees it if still unused.
struct Segment : LinuxWork {
	constexpr Segment() : LinuxWork(run_release) {}
	unsigned long name = 0;
	void *addr = nullptr; // null: slot free
	size_t size = 0;
	unsigned refs = 0;
	unsigned maps = 0;
};

struct Registry {
	SpinLock lock;
	ShmAllocator allocator{};
	void (*free_hook)(void *addr, size_t size);
	MemoryCap memory; // all segments together (allocation is outside the lock)
	Segment segments[kMaxShm];
};

constinit StaticStorage<Registry> g_registry_storage;
Registry &g_reg = g_registry_storage.value;

// Lock held. O(kMaxShm).
Segment *find(unsigned long name)
{
	for (Segment &s : g_reg.segments)
		if (s.addr && s.name == name)
			return &s;
	return nullptr;
}

// Linux context. Memory for a segment of 'bytes', charged to the cap: null
// when the cap or the allocator says no.
void *alloc_charged(size_t bytes)
{
	if (!g_reg.memory.charge(bytes))
		return nullptr;
	void *p = g_reg.allocator.alloc(bytes);
	if (!p)
		g_reg.memory.uncharge(bytes);
	return p;
}

void free_charged(void *p, size_t bytes)
{
	if (g_reg.free_hook)
		g_reg.free_hook(p, bytes);
	g_reg.allocator.free(p, bytes);
	g_reg.memory.uncharge(bytes);
}

// Lock held: take the memory of 's' out of the table if nobody uses it.
void *unlink_if_unused(Segment *s, size_t *size)
{
	if (!s || !s->addr || s->refs || s->maps)
		return nullptr;
	void *addr = s->addr;
	*size = s->size;
	s->addr = nullptr;
	return addr;
}

// Linux context: free segment 'name' if nobody uses it any more. The check
// and the removal are one step under the lock, so a concurrent alloc either
// took its reference before (and it stays) or finds the name gone.
void release_if_unused(unsigned long name)
{
	size_t size = 0;
	unsigned long flags = g_reg.lock.lock();
	void *addr = unlink_if_unused(find(name), &size);
	g_reg.lock.unlock(flags);
	if (addr)
		free_charged(addr, size);
}

// The Linux work of a segment whose last reference a real-time free
// dropped. The slot may hold another segment by now: it is freed only if
// unused, which is what that one's own last free would do.
void run_release(LinuxWork *w)
{
	size_t size = 0;
	unsigned long flags = g_reg.lock.lock();
	void *addr = unlink_if_unused(static_cast<Segment *>(w), &size);
	g_reg.lock.unlock(flags);
	if (addr)
		free_charged(addr, size);
}

// Lock held. A reference; saturates (a segment looked up 2^32 times without
// a free stays for good rather than wrapping to unused).
void take_ref(Segment *s)
{
	if (s->refs != ~0u)
		s->refs++;
}

} // namespace

void shm_setup(const ShmAllocator &allocator)
{
	g_registry_storage.construct();
	g_reg.allocator = allocator;
}

void shm_set_free_hook(void (*hook)(void *addr, size_t size)) { g_reg.free_hook = hook; }

void shm_set_memory_cap(size_t bytes) { g_reg.memory.cap = bytes; }
size_t shm_memory_used() { return g_reg.memory.in_use(); }

void shm_teardown()
{
	for (Segment &s : g_reg.segments) {
		if (s.addr) {
			free_charged(s.addr, s.size);
			s.addr = nullptr;
		}
	}
}

void *shm_alloc(unsigned long name, size_t size, size_t *actual)
{
	unsigned long flags = g_reg.lock.lock();
	Segment *s = find(name);
	bool linux_ctx = tx_in_linux();
	if (s) {
		take_ref(s); // real-time lookups too: the memory stays while they use it
		void *addr = s->addr;
		if (actual)
			*actual = s->size;
		g_reg.lock.unlock(flags);
		return addr;
	}
	g_reg.lock.unlock(flags);
	if (!linux_ctx || size == 0 || !g_reg.allocator.alloc)
		return nullptr;
	size_t page = g_reg.allocator.page_size;
	size_t bytes = (size + page - 1) / page * page;
	void *addr = alloc_charged(bytes);
	if (!addr)
		return nullptr;
	flags = g_reg.lock.lock();
	// Another Linux caller may have created the name meanwhile: share its.
	Segment *raced = find(name);
	Segment *slot = nullptr;
	if (raced) {
		take_ref(raced);
	} else {
		for (Segment &cand : g_reg.segments)
			if (!cand.addr) {
				slot = &cand;
				break;
			}
	}
	if (slot) {
		slot->name = name;
		slot->addr = addr;
		slot->size = bytes;
		slot->refs = 1;
		slot->maps = 0;
	}
	void *result = raced ? raced->addr : slot ? addr : nullptr;
	if (actual)
		*actual = raced ? raced->size : bytes;
	g_reg.lock.unlock(flags);
	if (!slot)
		free_charged(addr, bytes);
	return result;
}

size_t shm_free(unsigned long name, bool keep_last)
{
	unsigned long flags = g_reg.lock.lock();
	Segment *s = find(name);
	if (s && keep_last && s->refs <= 1)
		s = nullptr;
	size_t size = s ? s->size : 0;
	if (s && s->refs && s->refs != ~0u)
		s->refs--;
	bool last = s && !s->refs && !s->maps;
	g_reg.lock.unlock(flags);
	if (!last)
		return size;
	if (tx_in_linux())
		release_if_unused(name);
	else
		linux_work_queue(s); // O(1); Linux frees it (run_release)
	return size;
}

int shm_map_get(unsigned long name, void **addr, size_t *size)
{
	unsigned long flags = g_reg.lock.lock();
	Segment *s = find(name);
	if (s) {
		s->maps++;
		*addr = s->addr;
		*size = s->size;
	}
	g_reg.lock.unlock(flags);
	return s ? kOk : -kENoDev;
}

void shm_map_put(unsigned long name)
{
	unsigned long flags = g_reg.lock.lock();
	Segment *s = find(name);
	if (s && s->maps)
		s->maps--;
	g_reg.lock.unlock(flags);
	if (s)
		release_if_unused(name);
}

unsigned shm_list(ShmInfo *out, unsigned max)
{
	unsigned n = 0;
	unsigned long flags = g_reg.lock.lock();
	for (const Segment &s : g_reg.segments) {
		if (!s.addr || n >= max)
			continue;
		out[n++] = ShmInfo{s.name, s.addr, s.size, s.refs, s.maps};
	}
	g_reg.lock.unlock(flags);
	return n;
}

} // namespace tx
