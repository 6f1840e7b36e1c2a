/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fifo/linux/fifo_bridge.h - the FIFO core (C++, namespace tx) as the C glue
 * of tactus_fifo.ko sees it. Only plain C types cross: the header is shared
 * by fifo_bridge.cpp (freestanding C++) and fifo_module.c (kernel C), which
 * see different system headers. The rtf_* calls of rtai_fifos.h already have
 * C linkage; these are the Linux-side calls the core keeps to itself.
 */
#ifndef TACTUS_FIFO_BRIDGE_H
#define TACTUS_FIFO_BRIDGE_H

#ifdef __cplusplus
extern "C" {
#endif

/* tx::FifoPut, as an int. */
enum { TX_FIFO_PUT_ALL = 0, TX_FIFO_PUT_SOME = 1, TX_FIFO_PUT_OVERWRITE = 2 };

/* tx::FifoInfo with C types. */
struct tx_fifo_info {
	int open;
	unsigned int opens;
	unsigned long size;
	unsigned long to_linux_used, to_rt_used;
	unsigned long long puts, put_bytes, put_refused, overwritten, gets, get_bytes;
	char name[16];
};

int tx_fifo_setup(unsigned int count);
void tx_fifo_set_memory_cap(unsigned long bytes); /* fifo.hpp, fifo_set_memory_cap */
void tx_fifo_set_waker(void (*wake)(unsigned int fifo));
int tx_fifo_is_open(unsigned int fifo);
unsigned int tx_fifo_generation(unsigned int fifo); /* fifo.hpp, fifo_generation */
int tx_fifo_info(unsigned int fifo, struct tx_fifo_info *out);
int (*tx_fifo_handler(unsigned int fifo))(unsigned int fifo, int rw);

/* The Linux mutexes the core takes around kernel callers' rtf_create,
 * rtf_destroy, rtf_resize and rtf_named_create (tx::FifoLinuxLockOps);
 * TX_FIFO_NAMESPACE names the lock around naming. */
#define TX_FIFO_NAMESPACE (~0u)
void tx_fifo_set_linux_lock(int (*lock)(unsigned int fifo), void (*unlock)(unsigned int fifo));

/* The FIFO's Linux mutex held (the core's contract). */
int tx_fifo_create(unsigned int fifo, unsigned long size);
int tx_fifo_destroy(unsigned int fifo);
int tx_fifo_resize(unsigned int fifo, unsigned long size);
long tx_fifo_linux_read(unsigned int fifo, void *dst, unsigned long n, int peek);
long tx_fifo_linux_write(unsigned int fifo, const void *src, unsigned long n, int mode);
/* Lock-free snapshots (wait conditions, poll): bytes a read would find,
 * bytes a write could put; 0 for a FIFO that is not open. */
unsigned long tx_fifo_linux_avail(unsigned int fifo);
unsigned long tx_fifo_linux_space(unsigned int fifo);

#ifdef __cplusplus
}
#endif

#endif /* TACTUS_FIFO_BRIDGE_H */
