// SPDX-License-Identifier: GPL-2.0
// fifo/ring.hpp - the byte ring that carries data across the line between
// the real-time side and Linux.
//
// Single producer, single consumer, lock-free: each side is one party at a
// time (the FIFO layer serialises the parties of a side: a co-kernel
// spinlock on the real-time side, a mutex on the Linux side). Positions are
// free-running 64-bit byte counters; the producer owns write_, the consumer
// owns read_, except that the producer may also advance read_ to drop old
// data (overwrite) and either side may empty the ring (reset): read_ is
// therefore only ever advanced with compare-and-swap, and a consumer whose
// CAS fails knows its copy may be torn and copies again.
//
// Bounds: put/get/peek copy n bytes, O(n). A consumer retries only when the
// producer dropped data under it; a producer's overwrite retries only when
// the consumer advanced meanwhile (at most once per byte it could take, in
// practice once). Nothing else loops.
#pragma once

#include "../lib/atomic.hpp"
#include "../lib/freestanding.hpp"

namespace tx {

class ByteRing {
public:
	// Not concurrent with any other call.
	void attach(char *buf, size_t size)
	{
		buf_ = buf;
		size_ = size;
		read_ = write_ = 0;
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

	// Either side: drop everything queued so far; returns bytes dropped.
	size_t discard_all();

	// Not concurrent: move the content into another ring (resize).
	bool move_to(ByteRing &dst);

private:
	void copy_in(uint64_t pos, const char *src, size_t n);
	void copy_out(uint64_t pos, char *dst, size_t n) const;

	char *buf_ = nullptr;
	size_t size_ = 0;
	uint64_t read_ = 0;  // consumer position (CAS only)
	uint64_t write_ = 0; // producer position
};

} // namespace tx
