// SPDX-License-Identifier: GPL-2.0
#include "ring.hpp"

namespace tx {

uint64_t ByteRing::oldest() const
{
	uint64_t r = load_acquire(&read_);
	uint64_t d = load_acquire(&drop_);
	return r > d ? r : d;
}

size_t ByteRing::used() const
{
	// The oldest position first: write_ only grows meanwhile, so the
	// difference never goes negative.
	uint64_t from = oldest();
	return static_cast<size_t>(load_acquire(&write_) - from);
}

void ByteRing::copy_in(uint64_t pos, const char *src, size_t n)
{
	size_t at = static_cast<size_t>(pos) & mask_;
	size_t first = min(n, mask_ + 1 - at);
	copy_bytes(buf_ + at, src, first);
	if (first < n)
		copy_bytes(buf_, src + first, n - first);
}

void ByteRing::copy_out(uint64_t pos, char *dst, size_t n) const
{
	size_t at = static_cast<size_t>(pos) & mask_;
	size_t first = min(n, mask_ + 1 - at);
	copy_bytes(dst, buf_ + at, first);
	if (first < n)
		copy_bytes(dst + first, buf_, n - first);
}

bool ByteRing::put_all(const void *src, size_t n)
{
	uint64_t w = write_;
	if (n > size_ - static_cast<size_t>(w - oldest()))
		return false;
	copy_in(w, static_cast<const char *>(src), n);
	store_release(&write_, w + n); // publish the bytes after they are in place
	return true;
}

size_t ByteRing::put_some(const void *src, size_t n)
{
	uint64_t w = write_;
	n = min(n, size_ - static_cast<size_t>(w - oldest()));
	copy_in(w, static_cast<const char *>(src), n);
	store_release(&write_, w + n);
	return n;
}

size_t ByteRing::put_overwrite(const void *src, size_t n)
{
	const char *bytes = static_cast<const char *>(src);
	if (n > size_) {
		bytes += n - size_;
		n = size_;
	}
	uint64_t w = write_;
	uint64_t from = oldest();
	size_t dropped = 0;
	if (w + n - from > size_) {
		// Announce the drop before writing over the oldest bytes.
		dropped = static_cast<size_t>(w + n - size_ - from);
		store_release(&drop_, w + n - size_);
		full_fence(); // the drop is visible before any byte changes
	}
	copy_in(w, bytes, n);
	store_release(&write_, w + n);
	return dropped;
}

size_t ByteRing::get(void *dst, size_t n)
{
	for (;;) {
		uint64_t from = oldest();
		size_t k = min(n, static_cast<size_t>(load_acquire(&write_) - from));
		copy_out(from, static_cast<char *>(dst), k);
		__atomic_thread_fence(__ATOMIC_ACQUIRE); // the copy is done before we look again
		if (load_relaxed(&drop_) <= from) {
			store_release(&read_, from + k);
			return k;
		}
		// The producer dropped bytes we were copying: the copy may be torn.
	}
}

size_t ByteRing::peek(void *dst, size_t n) const
{
	for (;;) {
		uint64_t from = oldest();
		size_t k = min(n, static_cast<size_t>(load_acquire(&write_) - from));
		copy_out(from, static_cast<char *>(dst), k);
		__atomic_thread_fence(__ATOMIC_ACQUIRE);
		if (load_relaxed(&drop_) <= from)
			return k;
	}
}

size_t ByteRing::discard_as_producer()
{
	uint64_t w = write_;
	uint64_t from = oldest();
	store_release(&drop_, w);
	return static_cast<size_t>(w - from);
}

size_t ByteRing::discard_as_consumer()
{
	uint64_t from = oldest();
	uint64_t w = load_acquire(&write_);
	store_release(&read_, w);
	return static_cast<size_t>(w - from);
}

bool ByteRing::move_to(ByteRing &dst)
{
	size_t n = used();
	if (n > dst.size_)
		return false;
	copy_out(oldest(), dst.buf_, n); // to offset 0 of dst
	dst.read_ = dst.drop_ = 0;
	dst.write_ = n;
	read_ = write_; // moved, not copied
	return true;
}

} // namespace tx
