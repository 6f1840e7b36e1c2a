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

// Any context. Returns the number of characters queued (0 if dropped).
size_t rt_log(int level, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
size_t rt_log_v(int level, const char *fmt, va_list ap);

// Linux context: pass queued lines to tx_port_log now.
void rt_log_flush();

uint64_t rt_log_dropped();
void rt_log_reset();

} // namespace tx
