// SPDX-License-Identifier: GPL-2.0
// fifo/linux/fifo_bridge.cpp - C linkage for the Linux-side FIFO calls that
// fifo_module.c needs (C++ symbols do not cross into C). Nothing but
// forwarding: every rule lives in fifo/fifo.cpp.
#include "fifo_bridge.h"

#include "../fifo.hpp"

using namespace tx;

static_assert(sizeof(unsigned long) == sizeof(size_t), "size_t crosses as unsigned long");
static_assert(kFifoNameLen == sizeof(tx_fifo_info::name), "FIFO name length");

extern "C" {

int tx_fifo_setup(unsigned int count) { return fifo_setup(count); }
void tx_fifo_set_memory_cap(unsigned long bytes) { fifo_set_memory_cap(bytes); }
void tx_fifo_set_waker(void (*wake)(unsigned int)) { fifo_set_linux_waker(wake); }
int tx_fifo_is_open(unsigned int f) { return fifo_is_open(f); }
unsigned int tx_fifo_generation(unsigned int f) { return fifo_generation(f); }

void tx_fifo_set_linux_lock(int (*lock)(unsigned int), void (*unlock)(unsigned int))
{
	static_assert(TX_FIFO_NAMESPACE == kFifoNamespace, "namespace lock id");
	fifo_set_linux_lock(FifoLinuxLockOps{lock, unlock});
}

int tx_fifo_create(unsigned int f, unsigned long size) { return fifo_create(f, size); }
int tx_fifo_destroy(unsigned int f) { return fifo_destroy(f); }
int tx_fifo_resize(unsigned int f, unsigned long size) { return fifo_resize(f, size); }

int tx_fifo_info(unsigned int f, struct tx_fifo_info *out)
{
	FifoInfo in;
	int r = fifo_info(f, &in);
	if (r < 0)
		return r;
	out->open = in.open;
	out->opens = in.opens;
	out->size = in.size;
	out->to_linux_used = in.to_linux_used;
	out->to_rt_used = in.to_rt_used;
	out->puts = in.puts;
	out->put_bytes = in.put_bytes;
	out->put_refused = in.put_refused;
	out->overwritten = in.overwritten;
	out->gets = in.gets;
	out->get_bytes = in.get_bytes;
	copy_bytes(out->name, in.name, kFifoNameLen);
	return r;
}

int (*tx_fifo_handler(unsigned int f))(unsigned int, int) { return fifo_handler(f); }

long tx_fifo_linux_read(unsigned int f, void *dst, unsigned long n, int peek)
{
	return fifo_linux_read(f, dst, n, peek != 0);
}

long tx_fifo_linux_write(unsigned int f, const void *src, unsigned long n, int mode)
{
	FifoPut m = mode == TX_FIFO_PUT_ALL ? FifoPut::All
		  : mode == TX_FIFO_PUT_OVERWRITE ? FifoPut::Overwrite
						  : FifoPut::Some;
	return fifo_linux_write(f, src, n, m);
}

unsigned long tx_fifo_linux_avail(unsigned int f) { return fifo_linux_avail(f); }
unsigned long tx_fifo_linux_space(unsigned int f) { return fifo_linux_space(f); }

} // extern "C"
