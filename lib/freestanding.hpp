// SPDX-License-Identifier: GPL-2.0
// lib/freestanding.hpp - the little of a standard library the core may use.
//
// The core is compiled into kernel modules with -nostdinc: only <stdint.h>
// and <stddef.h> exist there. On the host the real <new> is used so that the
// placement operators do not clash with libstdc++'s.
#pragma once

#include <stddef.h>
#include <stdint.h>

#if __has_include(<new>) && !defined(TX_KERNEL)
#include <new>
#else
inline void *operator new(size_t, void *p) noexcept { return p; }
inline void operator delete(void *, void *) noexcept {}
#endif

namespace tx {

template <typename T> struct remove_reference { using type = T; };
template <typename T> struct remove_reference<T &> { using type = T; };
template <typename T> struct remove_reference<T &&> { using type = T; };

template <typename T>
constexpr typename remove_reference<T>::type &&move(T &&v) noexcept
{
	return static_cast<typename remove_reference<T>::type &&>(v);
}

template <typename T> constexpr const T &min(const T &a, const T &b) { return b < a ? b : a; }
template <typename T> constexpr const T &max(const T &a, const T &b) { return a < b ? b : a; }

// Storage for a global object that is constructed explicitly (from module
// init or a test), never by a static constructor: kernels do not run those.
// Zero-initialised, so it lives in .bss.
template <typename T> union StaticStorage {
	constexpr StaticStorage() : none() {}
	T &construct() { return *new (&value) T(); }
	char none;
	T value;
};

// Byte copies. With -ffreestanding the compiler never invents these calls on
// its own; the kernel provides memcpy/memset and the host libc does too.
inline void copy_bytes(void *dst, const void *src, size_t n) { __builtin_memcpy(dst, src, n); }
inline void zero_bytes(void *dst, size_t n) { __builtin_memset(dst, 0, n); }

// Length of a NUL-terminated string, at most 'limit'.
inline size_t bounded_strlen(const char *s, size_t limit)
{
	size_t n = 0;
	while (n < limit && s[n] != '\0')
		n++;
	return n;
}

} // namespace tx
