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
//  - while the handler runs, tx_hal_irq_cpus counts it on its CPU, so that
//    the scheduler neither switches nor blocks; after it, the scheduler's
//    irq_exit says whether the tasks it woke need a switch (the best runs
//    first).
//
// Contexts: claim, release and route run in Linux process context (the
// caller checked tx_hal_may_sleep); they serialise among themselves through
// the line states, under a co-kernel lock held for a table scan (bounded:
// kMaxIrqLines entries). Everything else is callable from any context.
#pragma once

#include "../lib/freestanding.hpp"
#include "irq_lines.h" // the functions, shared with the kernel C glue

namespace tx {

constexpr unsigned kMaxIrqLines = TX_MAX_IRQ_LINES;
constexpr unsigned kNoSlot = TX_IRQ_NO_SLOT;

using IrqHandler = tx_irq_handler_fn;
using IrqAck = tx_irq_ack_fn;
using IrqVoidHandler = tx_irq_void_handler_fn;
using IrqLineInfo = tx_irq_line_info;

// A line's life: Free -> Claiming (reserved, the port claims it) -> Live
// (its handler may run) -> Releasing (the port releases it) -> Free.
enum class LineState : uint32_t { Free, Claiming, Live, Releasing };

// What one CPU counted for one line. Written only by that CPU, masked.
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

} // namespace tx
