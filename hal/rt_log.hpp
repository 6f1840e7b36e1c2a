// SPDX-License-Identifier: GPL-2.0
// hal/rt_log.hpp - log lines from real-time context (rt_printk, watchdog).
//
// A fixed ring of kLogLines lines; writers on any CPU are serialised by a
// co-kernel spinlock held for one bounded copy (at most kLogLineBytes). Linux
// drains the ring through a LinuxWork item into the port's log. When the ring
// is full the new line is dropped and counted, never blocking the writer.
#pragma once

#include <stdarg.h>

#include "../lib/freestanding.hpp"

namespace tx {

constexpr unsigned kLogLines = 64;
constexpr size_t kLogLineBytes = 192;

} // namespace tx

// C linkage: in a kernel these live in tactus_hal.ko, exported to the others.
extern "C" {
// Any context. Returns the number of characters queued (0 if dropped).
size_t tx_rt_log_v(int level, const char *fmt, va_list ap);
// Linux context: pass queued lines to tx_hal_log now.
void tx_rt_log_flush(void);
uint64_t tx_rt_log_dropped(void);
void tx_rt_log_reset(void);
// The key of %p's hash (lib/format.hpp): the glue sets a random one at load.
void tx_rt_log_set_pointer_key(unsigned long long key);
}

namespace tx {
// Internal linkage: a copy in each object file that logs. C++ symbols do not
// cross kernel modules, and an inline (COMDAT) copy per file breaks the x86
// module link once the linker discards a duplicate that
// __patchable_function_entries still names (hal/spinlock.hpp says the same).
__attribute__((format(printf, 2, 3), unused)) static inline size_t rt_log(int level, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	size_t n = tx_rt_log_v(level, fmt, ap);
	va_end(ap);
	return n;
}
[[gnu::unused]] static inline size_t rt_log_v(int level, const char *fmt, va_list ap) { return tx_rt_log_v(level, fmt, ap); }
[[gnu::unused]] static inline void rt_log_flush() { tx_rt_log_flush(); }
[[gnu::unused]] static inline uint64_t rt_log_dropped() { return tx_rt_log_dropped(); }
[[gnu::unused]] static inline void rt_log_reset() { tx_rt_log_reset(); }
} // namespace tx
