// SPDX-License-Identifier: GPL-2.0
#include "ring.hpp"

namespace tx {

size_t ByteRing::used() const
{
	// read_ first: write_ can only grow meanwhile, so the difference never
	// goes negative.
	uint64_t r = load_acquire(&read_);
	uint64_t w = load_acquire(&write_);
	return static_cast<size_t>(w - r);
}

void ByteRing::copy_in(uint64_t pos, const char *src, size_t n)
{
	size_t at = static_cast<size_t>(pos % size_);
	size_t first = min(n, size_ - at);
	copy_bytes(buf_ + at, src, first);
	copy_bytes(buf_, src + first, n - first);
}

void ByteRing::copy_out(uint64_t pos, char *dst, size_t n) const
{
	size_t at = static_cast<size_t>(pos % size_);
	size_t first = min(n, size_ - at);
	copy_bytes(dst, buf_ + at, first);
	copy_bytes(dst + first, buf_, n - first);
}

bool ByteRing::put_all(const void *src, size_t n)
{
	uint64_t w = write_;
	if (n > size_ - static_cast<size_t>(w - load_acquire(&read_)))
		return false;
	copy_in(w, static_cast<const char *>(src), n);
	store_release(&write_, w + n); // publish the bytes after they are in place
	return true;
}

size_t ByteRing::put_some(const void *src, size_t n)
{
	uint64_t w = write_;
	n = min(n, size_ - static_cast<size_t>(w - load_acquire(&read_)));
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
	uint64_t r = load_acquire(&read_);
	size_t dropped = 0;
	for (;;) {
		size_t free = size_ - static_cast<size_t>(w - r);
		if (n <= free)
			break;
		// Claim the oldest bytes before writing over them; a failed CAS
		// means the consumer took some meanwhile (r is reloaded).
		if (compare_exchange(&read_, &r, r + (n - free))) {
			dropped = n - free;
			break;
		}
	}
	copy_in(w, bytes, n);
	store_release(&write_, w + n);
	return dropped;
}

size_t ByteRing::get(void *dst, size_t n)
{
	uint64_t r = load_acquire(&read_);
	for (;;) {
		size_t k = min(n, static_cast<size_t>(load_acquire(&write_) - r));
		copy_out(r, static_cast<char *>(dst), k);
		if (compare_exchange(&read_, &r, r + k))
			return k;
		// The producer dropped data under us: the copy may be torn, redo.
	}
}

size_t ByteRing::peek(void *dst, size_t n) const
{
	uint64_t r = load_acquire(&read_);
	size_t k = min(n, static_cast<size_t>(load_acquire(&write_) - r));
	copy_out(r, static_cast<char *>(dst), k);
	return k;
}

size_t ByteRing::discard_all()
{
	uint64_t r = load_acquire(&read_);
	for (;;) {
		uint64_t w = load_acquire(&write_);
		if (compare_exchange(&read_, &r, w))
			return static_cast<size_t>(w - r);
	}
}

bool ByteRing::move_to(ByteRing &dst)
{
	size_t n = used();
	if (n > dst.size_)
		return false;
	copy_out(read_, dst.buf_, n);
	dst.read_ = 0;
	dst.write_ = n;
	read_ = write_;
	return true;
}

} // namespace tx
