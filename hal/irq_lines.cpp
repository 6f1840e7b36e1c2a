// SPDX-License-Identifier: GPL-2.0
// hal/irq_lines.cpp - the real-time device interrupt lines (irq_lines.hpp).
#include "irq_lines.hpp"

#include "../lib/atomic.hpp"
#include "../lib/div64.hpp"
#include "../lib/format.hpp"
#include "linux_work.hpp"
#include "spinlock.hpp"

using namespace tx;

constinit tx_hal_irq_cpu tx_hal_irq_cpus[TX_MAX_CPUS]{}; // irq_lines.h

namespace {

constexpr int kEBusy = 16, kEInval = 22, kENoSpc = 28; // Linux's errno values

struct IrqTable {
	SpinLock lock; // claim/release/route bookkeeping; held for one table scan
	IrqLine lines[kMaxIrqLines];
};
constinit IrqTable g_table{};

// Runs the Linux side of pended occurrences (tx_hal_irq_linux_work).
constinit LinuxWork g_pend_work{[](LinuxWork *) { tx_hal_irq_linux_work(); }};

bool live(const IrqLine &l) { return load_acquire(&l.state) == LineState::Live; }

// Live, or being released: its pended occurrences can still be taken.
bool takeable(const IrqLine &l)
{
	LineState st = load_acquire(&l.state);
	return st == LineState::Live || st == LineState::Releasing;
}

// Linux context: a log line through the port (tx_hal_log).
__attribute__((format(printf, 2, 3))) void log_line(int level, const char *fmt, ...)
{
	char buf[160];
	va_list ap;
	va_start(ap, fmt);
	format_v(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	tx_hal_log(level, buf);
}

// Table lock held. The slot whose line has number 'irq' in any state but
// Free, or kNoSlot. O(kMaxIrqLines).
unsigned find_any(unsigned irq)
{
	for (unsigned s = 0; s < kMaxIrqLines; s++)
		if (g_table.lines[s].state != LineState::Free && g_table.lines[s].irq == irq)
			return s;
	return kNoSlot;
}

IrqLine *line_of(unsigned irq)
{
	unsigned s = tx_irq_slot_of(irq);
	return s == kNoSlot ? nullptr : &g_table.lines[s];
}


} // namespace

extern "C" {

void tx_irq_reset(void)
{
	g_table.lock.reset();
	zero_bytes(g_table.lines, sizeof(g_table.lines));
	zero_bytes(tx_hal_irq_cpus, sizeof(tx_hal_irq_cpus));
}

unsigned tx_irq_slot_of(unsigned irq)
{
	for (unsigned s = 0; s < kMaxIrqLines; s++) {
		const IrqLine &l = g_table.lines[s];
		if (live(l) && load_relaxed(&l.irq) == irq)
			return s;
	}
	return kNoSlot;
}

int tx_irq_claim(unsigned irq, IrqHandler handler, IrqVoidHandler void_handler, void *cookie, int retmode,
		 uint32_t cpus)
{
	if (!handler == !void_handler) {
		log_line(0, "tactus: rt_request_irq(%u): no handler", irq);
		return -kEInval;
	}
	unsigned long flags = g_table.lock.lock();
	unsigned slot = find_any(irq);
	if (slot != kNoSlot) {
		g_table.lock.unlock(flags);
		log_line(0, "tactus: rt_request_irq(%u): the line has a real-time handler already", irq);
		return -kEBusy;
	}
	for (unsigned s = 0; s < kMaxIrqLines && slot == kNoSlot; s++)
		if (g_table.lines[s].state == LineState::Free)
			slot = s;
	if (slot != kNoSlot) {
		IrqLine &l = g_table.lines[slot];
		zero_bytes(&l, sizeof(l));
		l.irq = irq;
		l.state = LineState::Claiming; // reserved: nobody else takes it or the slot
	}
	g_table.lock.unlock(flags);
	if (slot == kNoSlot) {
		log_line(0, "tactus: rt_request_irq(%u): all %u real-time lines are in use", irq, kMaxIrqLines);
		return -kENoSpc;
	}
	IrqLine &l = g_table.lines[slot];
	l.handler = handler;
	l.void_handler = void_handler;
	l.cookie = cookie;
	l.retmode = retmode ? 1 : 0;
	l.masked = true;
	unsigned line_flags = 0;
	int err = tx_port_irq_line_claim(irq, slot, &cpus, &line_flags); // logs its refusals
	if (err) {
		store_release(&l.state, LineState::Free);
		return err;
	}
	l.flags = line_flags;
	l.cpus = cpus;
	store_release(&l.state, LineState::Live);
	return 0;
}

int tx_irq_release(unsigned irq)
{
	unsigned long flags = g_table.lock.lock();
	unsigned slot = tx_irq_slot_of(irq);
	if (slot != kNoSlot)
		g_table.lines[slot].state = LineState::Releasing; // from now on dispatch ignores it
	g_table.lock.unlock(flags);
	if (slot == kNoSlot) {
		log_line(1, "tactus: rt_release_irq(%u): no real-time handler on that line", irq);
		return -kEInval;
	}
	tx_port_irq_line_mask(slot);
	tx_port_irq_line_release(irq, slot); // no dispatch of it runs anywhere after this
	tx_hal_irq_line_released(irq, slot); // Linux's side: what was pended, its handlers
	store_release(&g_table.lines[slot].state, LineState::Free);
	return 0;
}

int tx_irq_mask(unsigned irq)
{
	unsigned s = tx_irq_slot_of(irq);
	if (s == kNoSlot)
		return -kEInval;
	tx_port_irq_line_mask(s);
	store_relaxed(&g_table.lines[s].masked, true);
	return 0;
}

int tx_irq_unmask(unsigned irq)
{
	unsigned s = tx_irq_slot_of(irq);
	if (s == kNoSlot)
		return -kEInval;
	store_relaxed(&g_table.lines[s].masked, false);
	tx_port_irq_line_unmask(s);
	return 0;
}

int tx_irq_set_ack(unsigned irq, IrqAck ack)
{
	IrqLine *l = line_of(irq);
	if (!l)
		return -kEInval;
	store_relaxed(&l->ack, ack);
	return 0;
}

int tx_irq_set_cookie(unsigned irq, void *cookie)
{
	IrqLine *l = line_of(irq);
	if (!l)
		return -kEInval;
	store_relaxed(&l->cookie, cookie);
	return 0;
}

int tx_irq_set_retmode(unsigned irq, int retmode)
{
	IrqLine *l = line_of(irq);
	if (!l)
		return -kEInval;
	store_relaxed(&l->retmode, retmode ? 1 : 0);
	return 0;
}

// Masked for the increment: a task preempted between reading its CPU and
// writing could lose a count to another task of the same CPU.
int tx_irq_pend_linux(unsigned irq)
{
	IrqLine *l = line_of(irq);
	if (!l)
		return -kEInval;
	unsigned long m = tx_port_irq_save();
	IrqCpuStats &s = l->stats[tx_port_cpu()];
	store_relaxed(&s.pended, s.pended + 1);
	tx_port_irq_restore(m);
	linux_work_queue(&g_pend_work);
	return 0;
}

uint64_t tx_irq_take_pended(unsigned slot)
{
	if (slot >= kMaxIrqLines || !takeable(g_table.lines[slot]))
		return 0;
	IrqLine &l = g_table.lines[slot];
	uint64_t total = 0;
	for (const IrqCpuStats &s : l.stats)
		total += load_relaxed(&s.pended);
	unsigned long flags = g_table.lock.lock(); // one taker at a time
	uint64_t n = total - l.delivered;
	l.delivered = total;
	g_table.lock.unlock(flags);
	return n;
}

uint32_t tx_irq_route(unsigned irq, uint32_t cpus)
{
	unsigned s = tx_irq_slot_of(irq);
	if (s == kNoSlot || !cpus)
		return 0;
	IrqLine &l = g_table.lines[s];
	uint32_t old = l.cpus;
	if (tx_port_irq_line_route(s, cpus))
		return 0;
	if (!l.has_saved) {
		l.saved_cpus = old;
		l.has_saved = true;
	}
	l.cpus = cpus;
	return old;
}

uint32_t tx_irq_route_reset(unsigned irq)
{
	unsigned s = tx_irq_slot_of(irq);
	if (s == kNoSlot)
		return 0;
	IrqLine &l = g_table.lines[s];
	if (!l.has_saved)
		return static_cast<uint32_t>(-kEInval);
	uint32_t old = l.cpus;
	if (tx_port_irq_line_route(s, l.saved_cpus))
		return 0;
	l.cpus = l.saved_cpus;
	l.has_saved = false;
	return old;
}

unsigned tx_irq_release_if(int (*match)(unsigned irq, const void *handler, void *ctx), void *ctx)
{
	unsigned n = 0;
	for (unsigned s = 0; s < kMaxIrqLines; s++) {
		IrqLine &l = g_table.lines[s];
		if (!live(l))
			continue;
		const void *h = l.handler ? reinterpret_cast<const void *>(l.handler)
					  : reinterpret_cast<const void *>(l.void_handler);
		if (match && !match(l.irq, h, ctx))
			continue;
		if (tx_irq_release(l.irq) == 0)
			n++;
	}
	return n;
}

int tx_irq_info(unsigned slot, IrqLineInfo *out)
{
	if (slot >= kMaxIrqLines || !live(g_table.lines[slot]))
		return 0;
	const IrqLine &l = g_table.lines[slot];
	zero_bytes(out, sizeof(*out));
	out->irq = l.irq;
	out->flags = l.flags;
	out->cpus = l.cpus;
	out->retmode = load_relaxed(&l.retmode);
	out->handler = l.handler ? reinterpret_cast<const void *>(l.handler)
				 : reinterpret_cast<const void *>(l.void_handler);
	out->has_ack = load_relaxed(&l.ack) != nullptr;
	out->masked = load_relaxed(&l.masked);
	out->delivered = l.delivered;
	int64_t sum = 0;
	for (const IrqCpuStats &s : l.stats) {
		out->count += load_relaxed(&s.count);
		out->pended += load_relaxed(&s.pended);
		out->handler_max = max(out->handler_max, load_relaxed(&s.handler_max));
		sum += load_relaxed(&s.handler_sum);
	}
	out->handler_avg = out->count ? tx::div_s64(sum, static_cast<int64_t>(out->count)) : 0;
	return 1;
}

// The port, masked, on the CPU the line fired on. O(1) plus the ack hook
// and the handler (and the scheduler's irq_exit: one lock, O(1)). Before
// the handler: a state load, a timestamp, the ack and the depth count, and
// no call out of this module but the ack hook's.
int tx_hal_irq_dispatch(unsigned slot)
{
	if (slot >= kMaxIrqLines)
		return 0;
	IrqLine &l = g_table.lines[slot];
	if (!live(l)) {
		// A late one of a line being released (the port delivers no other
		// slot that is not live): keep it quiet until the release is done.
		if (load_acquire(&l.state) == LineState::Releasing)
			tx_port_irq_line_mask(slot);
		return 0;
	}
	int64_t t0 = static_cast<int64_t>(tx_port_now());
	if (IrqAck ack = load_relaxed(&l.ack)) {
		(void)ack(l.irq, load_relaxed(&l.cookie));
	} else if (l.flags & TX_IRQ_LINE_LEVEL) {
		tx_port_irq_line_mask(slot); // the handler unmasks it once the device is quiet
		store_relaxed(&l.masked, true);
	}
	unsigned cpu = tx_port_cpu();
	volatile unsigned &depth = tx_hal_irq_cpus[cpu].handler_depth;
	depth = depth + 1; // the scheduler neither switches nor blocks meanwhile
	if (l.handler)
		(void)l.handler(l.irq, load_relaxed(&l.cookie)); // RTAI 5.x ignores the result
	else
		l.void_handler();
	depth = depth - 1;
	int need = tx_hal_core_irq_exit();
	int64_t ran = static_cast<int64_t>(tx_port_now()) - t0;
	IrqCpuStats &s = l.stats[cpu];
	store_relaxed(&s.count, s.count + 1);
	store_relaxed(&s.handler_sum, s.handler_sum + ran);
	if (ran > s.handler_max)
		store_relaxed(&s.handler_max, ran);
	return need;
}

} // extern "C"
