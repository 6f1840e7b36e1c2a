// SPDX-License-Identifier: GPL-2.0
// api/rtai_fifos.cpp - rtai_fifos.h (kernel side) over fifo/.
#include <rtai_fifos.h>

#include "../fifo/fifo.hpp"
#include "../sched/errors.hpp"

static_assert(MAX_FIFOS == tx::kMaxFifos, "rtai_fifos.h says tactus_fifo's limit");

using namespace tx;

namespace {

int put(unsigned f, void *buf, int count, FifoPut mode)
{
	return count < 0 ? -kEInval : fifo_put(f, buf, static_cast<size_t>(count), mode);
}

int get(unsigned f, void *buf, int count, FifoGet mode)
{
	return count < 0 ? -kEInval : fifo_get(f, buf, static_cast<size_t>(count), mode);
}

} // namespace

extern "C" {

// Create, destroy and resize change what the /dev/rtfN operations work on:
// under the FIFO's Linux mutex, as those are (Linux context only).
int rtf_create(unsigned int fifo, int size)
{
	if (size <= 0)
		return -kEInval;
	FifoLinuxLock lock(fifo);
	return lock.status() ? lock.status() : fifo_create(fifo, static_cast<size_t>(size));
}

int rtf_destroy(unsigned int fifo)
{
	FifoLinuxLock lock(fifo);
	return lock.status() ? lock.status() : fifo_destroy(fifo);
}

int rtf_reset(unsigned int fifo) { return fifo_reset(fifo); }

int rtf_resize(unsigned int fifo, int size)
{
	if (size <= 0)
		return -kEInval;
	FifoLinuxLock lock(fifo);
	return lock.status() ? lock.status() : fifo_resize(fifo, static_cast<size_t>(size));
}
int rtf_put(unsigned int fifo, void *buf, int count) { return put(fifo, buf, count, FifoPut::Some); }
int rtf_put_if(unsigned int fifo, void *buf, int count) { return put(fifo, buf, count, FifoPut::All); }
int rtf_ovrwr_put(unsigned int fifo, void *buf, int count) { return put(fifo, buf, count, FifoPut::Overwrite); }
int rtf_get(unsigned int fifo, void *buf, int count) { return get(fifo, buf, count, FifoGet::Some); }
int rtf_get_if(unsigned int fifo, void *buf, int count) { return get(fifo, buf, count, FifoGet::All); }
int rtf_evdrp(unsigned int fifo, void *buf, int count) { return get(fifo, buf, count, FifoGet::Peek); }
int rtf_get_avbs(unsigned int fifo) { return fifo_kernel_avail(fifo); }
int rtf_sem_init(unsigned int fifo, int value) { return fifo_sem(fifo, FifoSemOp::Init, value); }
int rtf_sem_post(unsigned int fifo) { return fifo_sem(fifo, FifoSemOp::Post); }
int rtf_sem_trywait(unsigned int fifo) { return fifo_sem(fifo, FifoSemOp::TryWait); }
int rtf_sem_destroy(unsigned int fifo) { return fifo_sem(fifo, FifoSemOp::Destroy); }
int rtf_get_frbs(unsigned int fifo) { return fifo_kernel_space(fifo); }

int rtf_create_handler(unsigned int fifo, void *handler)
{
	return fifo_create_handler(fifo, reinterpret_cast<FifoHandler>(handler));
}

int rtf_named_create(const char *name, int size)
{
	if (!name || size <= 0)
		return -kEInval;
	FifoLinuxLock names(kFifoNamespace);
	if (names.status())
		return names.status();
	int existing = fifo_find_name(name);
	if (existing == -kEInval)
		return existing;
	if (existing >= 0) {
		FifoLinuxLock lock(static_cast<unsigned>(existing));
		int r = lock.status() ? lock.status() : fifo_create(static_cast<unsigned>(existing), static_cast<size_t>(size));
		return r < 0 ? r : existing;
	}
	for (unsigned f = 0; f < fifo_count(); f++) {
		FifoLinuxLock lock(f);
		if (lock.status())
			return lock.status();
		if (fifo_is_open(f))
			continue;
		int r = fifo_create(f, static_cast<size_t>(size));
		if (r < 0)
			return r;
		fifo_set_name(f, name);
		return static_cast<int>(f);
	}
	return -kEBusy;
}

int rtf_create_named(const char *name) { return rtf_named_create(name, 1000); }
int rtf_getfifobyname(const char *name) { return fifo_find_name(name); }

} // extern "C"
