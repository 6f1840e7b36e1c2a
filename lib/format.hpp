// SPDX-License-Identifier: GPL-2.0
// lib/format.hpp - a small printf for real-time context (rt_printk).
//
// printk's language but for %p's extensions: %d %i %u %x %X %o %c %s %p %%;
// the flags - 0 + space #; a width and a precision (digits or *); the
// lengths hh h l ll L q j z Z t. %p and its extensions (%pS, %pK...) print
// a hashed value (below). Always NUL-terminates; returns the length it would
// have written (like vsnprintf). Bounded by the format and argument lengths:
// no allocation, no locks.
#pragma once

#include <stdarg.h>

#include "freestanding.hpp"

namespace tx {

size_t format_v(char *buf, size_t size, const char *fmt, va_list ap);
size_t format(char *buf, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

// %p prints no address: a real-time task's rt_printk goes to the kernel log,
// which must not reveal kernel addresses (printk's %p hashes them too). It
// prints "0x" and 8 hex digits of a keyed 64-bit mix of the pointer, the
// same for the same pointer while the key stays; the platform sets a random
// key at start (the kernel glue: get_random_u64), 0 until then. NULL stays
// "(null)".
void format_set_pointer_key(uint64_t key);

} // namespace tx
