// SPDX-License-Identifier: GPL-2.0
// fifo/ring.hpp - the byte ring that carries data across the line between
// the real-time side and Linux.
//
// Single producer, single consumer, wait-free: each side is one party at a
// time (the FIFO layer serialises the parties of a side: a co-kernel
// spinlock on the real-time side, a mutex on the Linux side). Positions are
// free-running 64-bit byte counters, so they never wrap back (no ABA):
//   write_  producer-owned: bytes ever written;
//   read_   consumer-owned: bytes ever taken;
//   drop_   producer-owned: everything before it was dropped by the
//           producer (overwrite, or a reset from the producer side).
// The oldest live byte is max(read_, drop_). Every position is written by
// one side only, with a release store: no read-modify-write crosses the line.
// The producer moves drop_ before it writes over old bytes; the consumer,
// after copying, checks that drop_ did not pass its start, and copies again
// if it did (its copy may be torn) - the seqlock pattern.
//
// Bounds: put/get/peek copy n bytes, O(n). A get repeats its copy only when
// the producer dropped data under it meanwhile; nothing else loops.
#pragma once

#include "../lib/atomic.hpp"
#include "../lib/freestanding.hpp"

namespace tx {

class ByteRing {
public:
	// Not concurrent with any other call. The ring holds at most 'size'
	// bytes in 'buf', which has room for capacity_for(size) bytes: a power
	// of two, so that positions map to offsets with a mask, not a division.
	void attach(char *buf, size_t size)
	{
		buf_ = buf;
		size_ = size;
		mask_ = capacity_for(size) - 1;
		read_ = write_ = drop_ = 0;
	}
	static size_t capacity_for(size_t size)
	{
		size_t c = 1;
		while (c < size)
			c <<= 1;
		return c;
	}
	char *buffer() const { return buf_; }
	size_t size() const { return size_; }
	size_t used() const;
	size_t space() const { return size_ - used(); }

	// Producer. All or nothing: returns false (ring unchanged) if n bytes
	// do not fit.
	bool put_all(const void *src, size_t n);
	// Producer. As many bytes as fit; returns how many.
	size_t put_some(const void *src, size_t n);
	// Producer. Always writes the last min(n, size) bytes of src, dropping
	// the oldest data to make room; returns the bytes dropped.
	size_t put_overwrite(const void *src, size_t n);

	// Consumer. Up to n bytes; returns how many were taken.
	size_t get(void *dst, size_t n);
	// Consumer. Copy up to n bytes without taking them.
	size_t peek(void *dst, size_t n) const;

	// Drop everything queued so far, from the producer's or the consumer's
	// side; returns bytes dropped.
	size_t discard_as_producer();
	size_t discard_as_consumer();

	// Not concurrent: move the content into another ring (resize).
	bool move_to(ByteRing &dst);

private:
	void copy_in(uint64_t pos, const char *src, size_t n);
	void copy_out(uint64_t pos, char *dst, size_t n) const;
	uint64_t oldest() const; // max(read_, drop_)

	char *buf_ = nullptr;
	size_t size_ = 0;
	size_t mask_ = 0;    // capacity - 1
	uint64_t read_ = 0;  // consumer position
	uint64_t write_ = 0; // producer position
	uint64_t drop_ = 0;  // producer: bytes before it are dropped
};

} // namespace tx
