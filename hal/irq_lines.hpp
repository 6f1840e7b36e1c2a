// SPDX-License-Identifier: GPL-2.0
// hal/irq_lines.hpp - real-time device interrupt lines: the table behind
// rt_request_irq() and the dispatch of a line that fired.
//
// A line is claimed from the port (arch/port.h, "Device interrupt lines"),
// which delivers it NMI-class; the table keeps, per line, its real-time
// handler, RTAI's cookie, retmode and ack hook, the routing, and statistics
// per CPU. At most kMaxIrqLines lines are claimed at once.
//
// Semantics (RTAI 5.x, whose HAL these follow):
//  - the line is acked before the handler: by the ack hook if one is set
//    (rt_set_irq_ack), else by masking it if it is level-triggered, so that
//    a level line's handler unmasks it when done (rt_enable_irq,
//    rt_unmask_irq, rt_ack_irq) and an edge line's handler does nothing;
//  - the handler's return value is ignored and retmode is kept but changes
//    nothing (RTAI 5.x reads neither); nothing reaches Linux unless the
//    handler pends it (pend_linux);
//  - the handler runs between the scheduler's irq_enter and irq_exit: the
//    tasks it wakes run when it returns, the best first.
//
// Contexts: claim, release and route run in Linux process context (the
// caller checked tx_port_may_sleep); they serialise among themselves through
// the line states, under a co-kernel lock held for a table scan (bounded:
// kMaxIrqLines entries). Everything else is callable from any context.
#pragma once

#include "../arch/port.h"
#include "../lib/freestanding.hpp"

namespace tx {

constexpr unsigned kMaxIrqLines = TX_MAX_IRQ_LINES;
constexpr unsigned kNoSlot = ~0u;

using IrqHandler = int (*)(unsigned irq, void *cookie);
using IrqAck = int (*)(unsigned irq, void *cookie);
using IrqVoidHandler = void (*)(void); // rt_request_global_irq's handler

// A line's life: Free -> Claiming (reserved, the port claims it) -> Live
// (its handler may run) -> Releasing (the port releases it) -> Free.
enum class LineState : uint32_t { Free, Claiming, Live, Releasing };

// What one CPU counted for one line. Written only by that CPU.
struct IrqCpuStats {
	uint64_t count;       // handler runs
	uint64_t pended;      // occurrences handed to Linux (pend_linux)
	int64_t handler_max;  // longest handler run, counts (ack and handler)
	int64_t handler_sum;
};

struct IrqLine {
	LineState state;
	unsigned irq;
	unsigned flags;        // TX_IRQ_LINE_*
	IrqHandler handler;    // null when 'void_handler' is the one
	IrqVoidHandler void_handler;
	void *cookie;
	IrqAck ack;            // null: the default (mask a level line)
	int retmode;           // kept for rt_set_irq_retmode; no effect (RTAI 5.x)
	bool masked;           // as the table last set it (per-CPU lines: the last CPU's)
	uint32_t cpus;         // where the line is routed (0: per-CPU)
	uint32_t saved_cpus;   // before the first route, if has_saved
	bool has_saved;
	uint64_t delivered;    // pended occurrences Linux has taken (take_pended)
	IrqCpuStats stats[TX_MAX_CPUS];
};

// A snapshot for /proc and tests.
struct IrqLineInfo {
	unsigned irq;
	unsigned flags;
	bool masked;
	uint32_t cpus;
	int retmode;
	const void *handler;   // the handler's address, for a symbol name
	bool has_ack;
	uint64_t count, pended, delivered;
	int64_t handler_max;   // counts
	int64_t handler_avg;
};

} // namespace tx

// C linkage: these live in tactus_hal.ko, used by its C glue and ports.
extern "C" {

// Reset the table (HAL load, tests). Linux context, no line claimed.
void tx_irq_reset(void);

// Claim 'irq' with its handler (exactly one of handler / void_handler),
// routed to 'cpus' (0: the port's default). Linux process context. Returns 0; -EINVAL (no handler, a bad number:
// the port's refusal), -EBUSY (claimed already, or Linux uses it), -ENOSPC
// (kMaxIrqLines lines claimed), -EOPNOTSUPP (not NMI-capable). The line
// starts masked: rt_startup_irq() / rt_enable_irq() unmask it.
int tx_irq_claim(unsigned irq, tx::IrqHandler handler, tx::IrqVoidHandler void_handler, void *cookie,
		 int retmode, uint32_t cpus);

// Mask and release a claimed line: when it returns, its handler runs
// nowhere. Linux process context. 0, or -EINVAL if not claimed.
int tx_irq_release(unsigned irq);

// The slot of a live line, or kNoSlot. Any context; O(kMaxIrqLines).
unsigned tx_irq_slot_of(unsigned irq);

// Any context, for a live line (-EINVAL / no effect otherwise).
int tx_irq_mask(unsigned irq);
int tx_irq_unmask(unsigned irq);
int tx_irq_set_ack(unsigned irq, tx::IrqAck ack);
int tx_irq_set_cookie(unsigned irq, void *cookie);
int tx_irq_set_retmode(unsigned irq, int retmode);

// Hand this occurrence of a live line to Linux: counted, and Linux's side
// (the HAL glue) takes it with tx_irq_take_pended() soon after (irq_work).
// Any context. 0, or -EINVAL if not live.
int tx_irq_pend_linux(unsigned irq);

// Linux context: occurrences of slot's line pended since the last call
// (each is returned exactly once), 0 if none or the slot is neither live
// nor being released.
uint64_t tx_irq_take_pended(unsigned slot);

// Route a live line (Linux context). Returns the previous routing mask, or 0
// (not live, per-CPU, no online CPU in 'cpus'); the first call saves the
// mask in force for tx_irq_route_reset, RTAI's rt_reset_irq_to_sym_mode,
// which returns the mask it replaced, or (uint32_t)-EINVAL if none was saved.
uint32_t tx_irq_route(unsigned irq, uint32_t cpus);
uint32_t tx_irq_route_reset(unsigned irq);

// Release every live line for which match(irq, handler, ctx) holds (all
// when match is null), e.g. those of a module being unloaded. Linux process
// context. Returns how many were released.
unsigned tx_irq_release_if(int (*match)(unsigned irq, const void *handler, void *ctx), void *ctx);

// Snapshot of slot's line; false if the slot holds no live line.
bool tx_irq_info(unsigned slot, tx::IrqLineInfo *out);

// The Linux side of the lines (kernel: hal/linux/irq_linux.c; host: the
// host port). linux_work runs in Linux context after occurrences were
// pended (tx_irq_take_pended for each slot); line_released runs when a
// line is being released, before its slot is free: it takes what is still
// pended and forgets the line's Linux handlers. Linux context.
void tx_hal_irq_linux_work(void);
void tx_hal_irq_line_released(unsigned irq, unsigned slot);

// The HAL's bridge to the scheduler, for the dispatch: fn(arg) runs between
// the attached scheduler's irq_enter and irq_exit (plainly when none is
// attached); returns irq_exit's answer. Kernel: hal_module.c; host: the
// host port.
int tx_hal_core_irq(void (*fn)(void *), void *arg);
}
