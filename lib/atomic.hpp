// SPDX-License-Identifier: GPL-2.0
// lib/atomic.hpp - the memory-ordering vocabulary of the core.
//
// Plain GCC __atomic builtins: they compile inline on arm64 (with
// -mno-outline-atomics) and x86_64, so no runtime library is needed.
#pragma once

#include "freestanding.hpp"

namespace tx {

template <typename T> inline T load_acquire(const T *p) { return __atomic_load_n(p, __ATOMIC_ACQUIRE); }
template <typename T> inline T load_relaxed(const T *p) { return __atomic_load_n(p, __ATOMIC_RELAXED); }
template <typename T> inline void store_release(T *p, T v) { __atomic_store_n(p, v, __ATOMIC_RELEASE); }
template <typename T> inline void store_relaxed(T *p, T v) { __atomic_store_n(p, v, __ATOMIC_RELAXED); }
template <typename T> inline T fetch_add(T *p, T v) { return __atomic_fetch_add(p, v, __ATOMIC_ACQ_REL); }
template <typename T> inline T exchange(T *p, T v) { return __atomic_exchange_n(p, v, __ATOMIC_ACQ_REL); }

// Compare-and-swap; on failure *expected receives the current value.
template <typename T> inline bool compare_exchange(T *p, T *expected, T desired)
{
	return __atomic_compare_exchange_n(p, expected, desired, false, __ATOMIC_ACQ_REL,
					   __ATOMIC_ACQUIRE);
}

inline void full_fence() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
inline void cpu_relax()
{
#if defined(__aarch64__)
	__asm__ __volatile__("yield" ::: "memory");
#elif defined(__x86_64__)
	__asm__ __volatile__("pause" ::: "memory");
#else
	__asm__ __volatile__("" ::: "memory");
#endif
}

} // namespace tx
