// SPDX-License-Identifier: GPL-2.0
#include "fifo.hpp"

#include "../lib/memory_cap.hpp"

#include "../hal/hal.h"
#include "../sched/errors.hpp"
#include "../sched/sched_info.h"

namespace tx {

namespace {

struct Fifo;

// Wakes Linux readers/writers of one FIFO, in Linux context.
struct FifoWake : LinuxWork {
	unsigned index = 0;
};

struct Fifo {
	SpinLock kernel_lock;  // the kernel side, and the open/excluded flags
	bool open = false;
	bool excluded = false; // resize/destroy in progress: the kernel side keeps out
	unsigned opens = 0;
	unsigned generation = 0; // counts the opens from closed: which incarnation is open
	size_t size = 0;
	DeferredBlock *mem = nullptr; // header, then to_linux's buffer, then to_rt's
	ByteRing to_linux;     // kernel side produces, Linux consumes
	ByteRing to_rt;        // Linux produces, kernel side consumes
	FifoHandler handler = nullptr;
	char name[kFifoNameLen] = {};
	FifoWake wake;
	// The FIFO's semaphore (rtf_sem_*): binary, as RTAI's. Under
	// kernel_lock; Linux waiters sleep on the FIFO's wait queue.
	bool sem_live = false;
	bool sem_free = false;
	uint64_t puts = 0, put_bytes = 0, put_refused = 0, overwritten = 0, gets = 0, get_bytes = 0;
};

struct FifoTable {
	unsigned count = 0;
	MemoryCap memory; // all rings together (FIFOs have their own mutexes)
	void (*waker)(unsigned) = nullptr;
	FifoLinuxLockOps lock_ops = {};
	Fifo fifos[kMaxFifos];
};

constinit StaticStorage<FifoTable> g_table_storage;
FifoTable &g_table = g_table_storage.value;

void run_wake(LinuxWork *w)
{
	auto *fw = static_cast<FifoWake *>(w);
	if (g_table.waker)
		g_table.waker(fw->index);
}

Fifo *lookup(unsigned f) { return f < g_table.count ? &g_table.fifos[f] : nullptr; }

// -ENODEV for a number out of range, -EINVAL for a FIFO that is not open.
int check(unsigned f)
{
	Fifo *fifo = lookup(f);
	if (!fifo)
		return -kENoDev;
	return load_acquire(&fifo->open) ? kOk : -kEInval;
}

// Linux context: both rings of a FIFO of 'size' bytes, charged to the cap.
// Null: the cap or Linux said no.
DeferredBlock *alloc_rings(size_t size)
{
	size_t bytes = sizeof(DeferredBlock) + 2 * ByteRing::capacity_for(size);
	if (!g_table.memory.charge(bytes))
		return nullptr;
	auto *mem = static_cast<DeferredBlock *>(tx_hal_alloc(bytes));
	if (!mem) {
		g_table.memory.uncharge(bytes);
		return nullptr;
	}
	mem->bytes = bytes;
	return mem;
}

void free_rings(DeferredBlock *mem)
{
	g_table.memory.uncharge(mem->bytes);
	tx_hal_free(mem, mem->bytes);
}

char *ring_buffer(DeferredBlock *mem, size_t size, int which)
{
	return reinterpret_cast<char *>(mem + 1) + which * ByteRing::capacity_for(size);
}

// Keep the kernel side out (or let it back in) for a resize or destroy.
void set_excluded(Fifo &fifo, bool excluded)
{
	unsigned long flags = fifo.kernel_lock.lock();
	fifo.excluded = excluded;
	fifo.kernel_lock.unlock(flags);
}

} // namespace

int fifo_setup(unsigned count)
{
	if (count > kMaxFifos)
		return -kEInval;
	for (unsigned i = 0; i < g_table.count; i++) {
		Fifo &fifo = g_table.fifos[i];
		if (fifo.mem)
			free_rings(fifo.mem);
	}
	g_table_storage.construct();
	g_table.count = count;
	for (unsigned i = 0; i < count; i++) {
		g_table.fifos[i].wake.fn = run_wake;
		g_table.fifos[i].wake.index = i;
	}
	return kOk;
}

unsigned fifo_count() { return g_table.count; }
void fifo_set_memory_cap(size_t bytes) { g_table.memory.cap = bytes; }
size_t fifo_memory_used() { return g_table.memory.in_use(); }
void fifo_set_linux_waker(void (*wake)(unsigned)) { g_table.waker = wake; }
void fifo_set_linux_lock(const FifoLinuxLockOps &ops) { g_table.lock_ops = ops; }

FifoLinuxLock::FifoLinuxLock(unsigned f) : f_(f)
{
	const FifoLinuxLockOps &ops = g_table.lock_ops;
	if (ops.lock && (f == kFifoNamespace || f < g_table.count))
		status_ = ops.lock(f);
	held_ = ops.lock && status_ == kOk && (f == kFifoNamespace || f < g_table.count);
}

FifoLinuxLock::~FifoLinuxLock()
{
	if (held_)
		g_table.lock_ops.unlock(f_);
}

int fifo_create(unsigned f, size_t size)
{
	Fifo *fifo = lookup(f);
	if (!fifo)
		return -kENoDev;
	if (size == 0 || size > kFifoMaxSize)
		return -kEInval;
	if (!tx_in_linux())
		return -kEPerm;
	if (fifo->open) {
		if (size > fifo->size) {
			int r = fifo_resize(f, size);
			if (r < 0)
				return r;
		}
		fifo->opens++;
		return kOk;
	}
	DeferredBlock *mem = alloc_rings(size);
	if (!mem)
		return -kENoMem;
	unsigned long flags = fifo->kernel_lock.lock();
	fifo->mem = mem;
	fifo->size = size;
	fifo->to_linux.attach(ring_buffer(mem, size, 0), size);
	fifo->to_rt.attach(ring_buffer(mem, size, 1), size);
	fifo->opens = 1;
	fifo->generation++;
	fifo->excluded = false;
	fifo->sem_live = fifo->sem_free = false;
	fifo->puts = fifo->put_bytes = fifo->put_refused = fifo->overwritten = 0;
	fifo->gets = fifo->get_bytes = 0;
	store_release(&fifo->open, true);
	fifo->kernel_lock.unlock(flags);
	return kOk;
}

int fifo_destroy(unsigned f)
{
	int r = check(f);
	if (r < 0)
		return r;
	Fifo &fifo = g_table.fifos[f];
	if (--fifo.opens > 0)
		return static_cast<int>(fifo.opens);
	unsigned long flags = fifo.kernel_lock.lock();
	store_release(&fifo.open, false);
	DeferredBlock *mem = fifo.mem;
	fifo.mem = nullptr;
	fifo.handler = nullptr;
	fifo.name[0] = '\0';
	fifo.sem_live = false; // its Linux waiters see it gone
	fifo.kernel_lock.unlock(flags);
	free_rings(mem);
	if (g_table.waker)
		g_table.waker(f); // blocked Linux readers and writers see it closed
	return 0;
}

int fifo_resize(unsigned f, size_t size)
{
	int r = check(f);
	if (r < 0)
		return r;
	if (size == 0 || size > kFifoMaxSize)
		return -kEInval;
	if (!tx_in_linux())
		return -kEPerm;
	Fifo &fifo = g_table.fifos[f];
	DeferredBlock *mem = alloc_rings(size);
	if (!mem)
		return -kENoMem;
	set_excluded(fifo, true);
	ByteRing to_linux, to_rt;
	to_linux.attach(ring_buffer(mem, size, 0), size);
	to_rt.attach(ring_buffer(mem, size, 1), size);
	if (fifo.to_linux.used() > size || fifo.to_rt.used() > size) {
		set_excluded(fifo, false);
		free_rings(mem);
		return -kEBusy;
	}
	fifo.to_linux.move_to(to_linux);
	fifo.to_rt.move_to(to_rt);
	unsigned long flags = fifo.kernel_lock.lock();
	DeferredBlock *old = fifo.mem;
	fifo.mem = mem;
	fifo.size = size;
	fifo.to_linux = to_linux;
	fifo.to_rt = to_rt;
	fifo.excluded = false;
	fifo.kernel_lock.unlock(flags);
	free_rings(old);
	if (g_table.waker)
		g_table.waker(f); // there may be room now
	return static_cast<int>(size);
}

int fifo_set_name(unsigned f, const char *name)
{
	int r = check(f);
	if (r < 0)
		return r;
	size_t n = name ? bounded_strlen(name, kFifoNameLen) : kFifoNameLen;
	if (n == 0 || n >= kFifoNameLen)
		return -kEInval;
	copy_bytes(g_table.fifos[f].name, name, n);
	g_table.fifos[f].name[n] = '\0';
	return kOk;
}

int fifo_find_name(const char *name)
{
	if (!name)
		return -kEInval;
	size_t n = bounded_strlen(name, kFifoNameLen);
	if (n == 0 || n >= kFifoNameLen)
		return -kEInval;
	for (unsigned i = 0; i < g_table.count; i++) {
		const Fifo &fifo = g_table.fifos[i];
		if (fifo.open && __builtin_memcmp(fifo.name, name, n + 1) == 0)
			return static_cast<int>(i);
	}
	return -kENoDev;
}

// ---- Kernel side ----------------------------------------------------------

int fifo_put(unsigned f, const void *src, size_t n, FifoPut mode)
{
	Fifo *fifo = lookup(f);
	if (!fifo)
		return -kENoDev;
	if (!src && n)
		return -kEInval;
	unsigned long flags = fifo->kernel_lock.lock();
	if (!fifo->open) {
		fifo->kernel_lock.unlock(flags);
		return -kEInval;
	}
	int result;
	size_t written = 0;
	if (fifo->excluded) {
		result = mode == FifoPut::Overwrite ? static_cast<int>(n) : 0;
	} else if (mode == FifoPut::All) {
		written = fifo->to_linux.put_all(src, n) ? n : 0;
		result = static_cast<int>(written);
	} else if (mode == FifoPut::Some) {
		written = fifo->to_linux.put_some(src, n);
		result = static_cast<int>(written);
	} else {
		fifo->overwritten += fifo->to_linux.put_overwrite(src, n);
		written = min(n, fifo->size);
		result = 0; // RTAI: rtf_ovrwr_put returns 0 on success
	}
	if (written) {
		fifo->puts++;
		fifo->put_bytes += written;
	} else if (n) {
		fifo->put_refused++;
	}
	fifo->kernel_lock.unlock(flags);
	if (written)
		linux_work_queue(&fifo->wake);
	return result;
}

int fifo_get(unsigned f, void *dst, size_t n, FifoGet mode)
{
	Fifo *fifo = lookup(f);
	if (!fifo)
		return -kENoDev;
	if (!dst && n)
		return -kEInval;
	unsigned long flags = fifo->kernel_lock.lock();
	if (!fifo->open) {
		fifo->kernel_lock.unlock(flags);
		return -kEInval;
	}
	size_t got = 0;
	if (!fifo->excluded) {
		if (mode == FifoGet::Peek)
			got = fifo->to_rt.peek(dst, n);
		else if (mode == FifoGet::Some || fifo->to_rt.used() >= n)
			got = fifo->to_rt.get(dst, n);
	}
	if (got && mode != FifoGet::Peek) {
		fifo->gets++;
		fifo->get_bytes += got;
	}
	fifo->kernel_lock.unlock(flags);
	if (got && mode != FifoGet::Peek)
		linux_work_queue(&fifo->wake); // Linux writers may have room now
	return static_cast<int>(got);
}

int fifo_reset(unsigned f)
{
	Fifo *fifo = lookup(f);
	if (!fifo)
		return -kENoDev;
	unsigned long flags = fifo->kernel_lock.lock();
	if (!fifo->open) {
		fifo->kernel_lock.unlock(flags);
		return -kEInval;
	}
	if (!fifo->excluded) {
		fifo->to_linux.discard_as_producer(); // the kernel side writes it
		fifo->to_rt.discard_as_consumer();    // and reads this one
	}
	fifo->kernel_lock.unlock(flags);
	linux_work_queue(&fifo->wake);
	return kOk;
}

int fifo_sem(unsigned f, FifoSemOp op, int value)
{
	Fifo *fifo = lookup(f);
	if (!fifo)
		return -kENoDev;
	unsigned long flags = fifo->kernel_lock.lock();
	int result = kOk;
	bool wake = false;
	if (!fifo->open) {
		result = -kEInval;
	} else if (op == FifoSemOp::Init) {
		fifo->sem_live = true;
		fifo->sem_free = value > 0;
		wake = fifo->sem_free;
	} else if (!fifo->sem_live) {
		result = -kEInval;
	} else if (op == FifoSemOp::Post) {
		fifo->sem_free = true;
		wake = true;
	} else if (op == FifoSemOp::TryWait) {
		result = fifo->sem_free ? 1 : 0;
		fifo->sem_free = false;
	} else { // Destroy
		fifo->sem_live = fifo->sem_free = false;
		wake = true;
	}
	fifo->kernel_lock.unlock(flags);
	if (wake)
		linux_work_queue(&fifo->wake); // O(1); Linux wakes its waiters
	return result;
}

static int kernel_measure(unsigned f, bool avail)
{
	int r = check(f);
	if (r < 0)
		return r;
	Fifo &fifo = g_table.fifos[f];
	unsigned long flags = fifo.kernel_lock.lock();
	size_t v = fifo.excluded ? 0 : avail ? fifo.to_rt.used() : fifo.to_linux.space();
	fifo.kernel_lock.unlock(flags);
	return static_cast<int>(v);
}

int fifo_kernel_avail(unsigned f) { return kernel_measure(f, true); }
int fifo_kernel_space(unsigned f) { return kernel_measure(f, false); }

int fifo_create_handler(unsigned f, FifoHandler h)
{
	if (!lookup(f))
		return -kEInval;
	g_table.fifos[f].handler = h; // nullptr: none
	return kOk;
}

FifoHandler fifo_handler(unsigned f)
{
	Fifo *fifo = lookup(f);
	return fifo ? fifo->handler : nullptr;
}

// ---- Linux side -------------------------------------------------------------

long fifo_linux_read(unsigned f, void *dst, size_t n, bool peek)
{
	int r = check(f);
	if (r < 0)
		return r;
	Fifo &fifo = g_table.fifos[f];
	return static_cast<long>(peek ? fifo.to_linux.peek(dst, n) : fifo.to_linux.get(dst, n));
}

long fifo_linux_write(unsigned f, const void *src, size_t n, FifoPut mode)
{
	int r = check(f);
	if (r < 0)
		return r;
	Fifo &fifo = g_table.fifos[f];
	if (mode == FifoPut::All)
		return fifo.to_rt.put_all(src, n) ? static_cast<long>(n) : 0;
	if (mode == FifoPut::Overwrite) {
		fifo.to_rt.put_overwrite(src, n);
		return static_cast<long>(n);
	}
	return static_cast<long>(fifo.to_rt.put_some(src, n));
}

size_t fifo_linux_avail(unsigned f) { return check(f) == kOk ? g_table.fifos[f].to_linux.used() : 0; }
size_t fifo_linux_space(unsigned f) { return check(f) == kOk ? g_table.fifos[f].to_rt.space() : 0; }
bool fifo_is_open(unsigned f) { return check(f) == kOk; }

unsigned fifo_generation(unsigned f)
{
	Fifo *fifo = lookup(f);
	return fifo ? fifo->generation : 0;
}

int fifo_info(unsigned f, FifoInfo *out)
{
	Fifo *fifo = lookup(f);
	if (!fifo || !out)
		return -kENoDev;
	unsigned long flags = fifo->kernel_lock.lock();
	out->open = fifo->open;
	out->opens = fifo->opens;
	out->size = fifo->size;
	out->to_linux_used = fifo->open ? fifo->to_linux.used() : 0;
	out->to_rt_used = fifo->open ? fifo->to_rt.used() : 0;
	out->puts = fifo->puts;
	out->put_bytes = fifo->put_bytes;
	out->put_refused = fifo->put_refused;
	out->overwritten = fifo->overwritten;
	out->gets = fifo->gets;
	out->get_bytes = fifo->get_bytes;
	copy_bytes(out->name, fifo->name, kFifoNameLen);
	fifo->kernel_lock.unlock(flags);
	return kOk;
}

} // namespace tx
