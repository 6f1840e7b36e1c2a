// SPDX-License-Identifier: GPL-2.0
#include "rt_log.hpp"

#include "hal.h"
#include "../lib/format.hpp"
#include "linux_work.hpp"
#include "spinlock.hpp"

namespace tx {

namespace {

struct LogLine {
	int level = 0;
	char text[kLogLineBytes] = {};
};

struct LogRing {
	SpinLock lock;
	LogLine lines[kLogLines];
	unsigned head = 0; // next line to print
	unsigned count = 0;
	uint64_t dropped = 0;
};

constinit LogRing g_log{};

void flush_work(LinuxWork *) { tx_rt_log_flush(); }
constinit LinuxWork g_flush{flush_work};

} // namespace

} // namespace tx

using namespace tx;

extern "C" {

size_t tx_rt_log_v(int level, const char *fmt, va_list ap)
{
	char text[kLogLineBytes];
	size_t n = format_v(text, sizeof(text), fmt, ap);
	size_t len = n < sizeof(text) ? n : sizeof(text) - 1;
	if (len && text[len - 1] == '\n')
		text[--len] = '\0'; // the log adds its own line end
	unsigned long flags = g_log.lock.lock();
	if (g_log.count == kLogLines) {
		g_log.dropped++;
		g_log.lock.unlock(flags);
		return 0;
	}
	LogLine &line = g_log.lines[(g_log.head + g_log.count) % kLogLines];
	line.level = level;
	copy_bytes(line.text, text, sizeof(text));
	g_log.count++;
	g_log.lock.unlock(flags);
	linux_work_queue(&g_flush);
	return n < sizeof(text) ? n : sizeof(text) - 1;
}

void tx_rt_log_flush(void)
{
	for (;;) {
		LogLine line;
		unsigned long flags = g_log.lock.lock();
		if (g_log.count == 0) {
			g_log.lock.unlock(flags);
			return;
		}
		line = g_log.lines[g_log.head];
		g_log.head = (g_log.head + 1) % kLogLines;
		g_log.count--;
		g_log.lock.unlock(flags);
		tx_hal_log(line.level, line.text);
	}
}

uint64_t tx_rt_log_dropped(void) { return load_relaxed(&g_log.dropped); }

void tx_rt_log_set_pointer_key(unsigned long long key) { tx::format_set_pointer_key(key); }

void tx_rt_log_reset(void)
{
	g_log.lock.reset();
	g_log.head = g_log.count = 0;
	g_log.dropped = 0;
}

} // extern "C"
