/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hal/irq_lines.h - the C interface of the real-time interrupt line table
 * (hal/irq_lines.cpp; semantics and contexts in hal/irq_lines.hpp), shared
 * by the C++ core and the HAL's kernel C glue, so that both sides see one
 * declaration of every function and structure.
 */
#ifndef TACTUS_HAL_IRQ_LINES_H
#define TACTUS_HAL_IRQ_LINES_H

#include "hal.h" /* the integer types, TX_MAX_IRQ_LINES, tx_hal_may_sleep */

#ifdef __cplusplus
extern "C" {
#endif

#define TX_IRQ_NO_SLOT (~0u)

typedef int (*tx_irq_handler_fn)(unsigned irq, void *cookie);
typedef int (*tx_irq_ack_fn)(unsigned irq, void *cookie);
typedef void (*tx_irq_void_handler_fn)(void); /* rt_request_global_irq's */

/* A snapshot of one line, for /proc and tests. */
struct tx_irq_line_info {
	unsigned irq;
	unsigned flags;        /* TX_IRQ_LINE_* */
	int masked;            /* as the table last set it */
	uint32_t cpus;         /* routed to (0: per-CPU line) */
	int retmode;
	const void *handler;   /* the handler's address, for a symbol name */
	int has_ack;           /* an ack routine is set */
	uint64_t count;        /* handler runs */
	uint64_t pended;       /* occurrences handed to Linux */
	uint64_t delivered;    /* ... and taken by Linux's side */
	int64_t handler_max;   /* longest ack + handler, counts */
	int64_t handler_avg;
};

/* Reset the table (HAL load, tests). Linux context, no line claimed. */
void tx_irq_reset(void);

/* Claim 'irq' with its handler (exactly one of handler / void_handler),
 * routed to 'cpus' (0: the port's default). Linux process context. Returns
 * 0; -EINVAL (no handler, a bad number: the port's refusal), -EBUSY
 * (claimed already, or Linux uses it), -ENOSPC (TX_MAX_IRQ_LINES lines
 * claimed), -EOPNOTSUPP (not NMI-capable). The line starts masked. */
int tx_irq_claim(unsigned irq, tx_irq_handler_fn handler, tx_irq_void_handler_fn void_handler, void *cookie,
		 int retmode, uint32_t cpus);

/* Mask and release a claimed line: when it returns, its handler runs
 * nowhere. Linux process context. 0, or -EINVAL if not claimed. */
int tx_irq_release(unsigned irq);

/* The slot of a live line, or TX_IRQ_NO_SLOT. Any context. */
unsigned tx_irq_slot_of(unsigned irq);

/* Any context, for a live line (-EINVAL otherwise). */
int tx_irq_mask(unsigned irq);
int tx_irq_unmask(unsigned irq);
int tx_irq_set_ack(unsigned irq, tx_irq_ack_fn ack);
int tx_irq_set_cookie(unsigned irq, void *cookie);
int tx_irq_set_retmode(unsigned irq, int retmode);

/* Hand this occurrence of a live line to Linux (counted; the Linux side
 * takes it with tx_irq_take_pended soon after). Any context. 0 / -EINVAL. */
int tx_irq_pend_linux(unsigned irq);

/* Linux context: occurrences of slot's line pended since the last call
 * (each is returned exactly once); 0 if none, or the slot is neither live
 * nor being released. */
uint64_t tx_irq_take_pended(unsigned slot);

/* Route a live line (Linux context). Returns the previous routing mask, or
 * 0 (not live, per-CPU, no online CPU in 'cpus'); the first call saves the
 * mask in force for tx_irq_route_reset (RTAI's rt_reset_irq_to_sym_mode),
 * which returns the mask it replaced, or (uint32_t)-EINVAL if none was
 * saved. */
uint32_t tx_irq_route(unsigned irq, uint32_t cpus);
uint32_t tx_irq_route_reset(unsigned irq);

/* Release every live line for which match(irq, handler, ctx) holds (all
 * when match is NULL), e.g. those of a module being unloaded. Linux process
 * context. Returns how many were released. */
unsigned tx_irq_release_if(int (*match)(unsigned irq, const void *handler, void *ctx), void *ctx);

/* Snapshot of slot's line; 0 if the slot holds no live line. */
int tx_irq_info(unsigned slot, struct tx_irq_line_info *out);

/* The Linux side of the lines (kernel: hal/linux/irq_linux.c; host: the
 * host port). linux_work runs in Linux context after occurrences were
 * pended (tx_irq_take_pended for each slot); line_released runs while a
 * line is being released, before its slot is free: it takes what is still
 * pended and forgets the line's Linux handlers. Linux context. */
void tx_hal_irq_linux_work(void);
void tx_hal_irq_line_released(unsigned irq, unsigned slot);

/* Per CPU: the device handlers running on it now, counted by the
 * dispatch around each handler (masked, on that CPU; only that CPU writes
 * or reads its own). The scheduler reads it (tx_hal_in_device_handler) to
 * neither switch nor block inside a handler. A variable, not a call into
 * the scheduler before the handler: the scheduler is another module, and
 * a call there and back (a retpoline and two return thunks on x86) sat
 * between the interrupt and the handler's first instruction. */
struct tx_hal_irq_cpu {
	unsigned handler_depth;
} __attribute__((aligned(64))); /* a cache line each: no sharing */
extern struct tx_hal_irq_cpu tx_hal_irq_cpus[TX_MAX_CPUS];

static inline int tx_hal_in_device_handler(unsigned cpu)
{
	return *(volatile const unsigned *)&tx_hal_irq_cpus[cpu].handler_depth != 0;
}

/* The HAL's bridge to the scheduler after a handler in the dispatch: calls
 * the attached scheduler's tx_core_irq_exit and returns its answer (0 when
 * no scheduler is attached). Masked. Kernel: hal_module.c; host: the host
 * port. */
int tx_hal_core_irq_exit(void);

#ifdef __cplusplus
}
#endif

#endif /* TACTUS_HAL_IRQ_LINES_H */
