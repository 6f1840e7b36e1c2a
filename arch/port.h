/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arch/port.h - the contract between the Tactus core and an architecture port.
 *
 * The core (sched/, ipc/, fifo/, shm/) is freestanding C++ and never touches
 * hardware. A port (arch/<arch>/) implements the tx_port_* functions below, in
 * C, C++ or assembly, and calls the tx_core_* entry points at the end of this
 * file. A new SoC port is one folder that provides exactly this list.
 *
 * Terms used in the contracts:
 *  - "co-kernel interrupts": the NMI-class interrupts the port delivers to the
 *    core (timer, reschedule IPI). Linux's own interrupt masking never blocks
 *    them; tx_port_irq_save() does.
 *  - "masked": co-kernel interrupts are masked on this CPU.
 *  - "Linux context": code running as Linux (the idle task of the co-kernel):
 *    module init/exit, syscalls, irq_work. It may sleep and allocate.
 *  - "real-time context": a real-time task, or an interrupt taken on the
 *    co-kernel's behalf. It must not sleep, allocate or take Linux locks.
 *
 * Every function is bounded in time; the bound is the port's to state.
 */
#ifndef TACTUS_ARCH_PORT_H
#define TACTUS_ARCH_PORT_H

#if defined(__KERNEL__) && !defined(__cplusplus)
#include <linux/types.h> /* the kernel C glue: no libc headers there */
#else
#include <stddef.h>
#include <stdint.h>
#endif

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Saved execution state of one context (a task, or Linux on one CPU).
 * Opaque to the core; the port stores callee-saved registers, the stack
 * pointer and its per-context interrupt state here and checks at compile time
 * that they fit.
 */
#define TX_PORT_CONTEXT_WORDS 24
struct tx_port_context {
	uint64_t words[TX_PORT_CONTEXT_WORDS];
};

/* Floating-point save area size and alignment, the same for every port. */
#define TX_PORT_FPU_BYTES 1024
#define TX_PORT_FPU_ALIGN 64

/*
 * A port may give the C++ core inline versions of the hottest functions
 * (tx_port_now, tx_port_timer_program/stop, tx_port_irq_save/restore,
 * tx_port_cpu) in a
 * header named by TX_PORT_INLINE_HEADER; it still provides the out-of-line
 * ones for C callers. Same contracts either way.
 */
#if defined(TX_PORT_INLINE_HEADER) && defined(__cplusplus)
}
#include TX_PORT_INLINE_HEADER
extern "C" {
#endif

/* ---- Time base --------------------------------------------------------- */

#ifndef TX_PORT_INLINE_FAST_PATHS
/* Current count of the co-kernel time base: monotonic, the same on every CPU,
 * callable in any context and any masking state. */
uint64_t tx_port_now(void);
#endif

/* Frequency of the time base in Hz; constant after the port is up. */
uint64_t tx_port_counter_hz(void);

#ifndef TX_PORT_INLINE_FAST_PATHS
/* Program this CPU's one-shot co-kernel timer to fire at the absolute count
 * 'deadline' (a deadline in the past fires as soon as possible), replacing any
 * earlier programming. Called masked. When it fires, the port calls
 * tx_core_timer_irq() on this CPU. A level-triggered timer keeps firing
 * until it is reprogrammed or stopped: tx_core_timer_irq() always does one. */
void tx_port_timer_program(uint64_t deadline);

/* Stop this CPU's co-kernel timer; no tx_core_timer_irq() follows. Masked. */
void tx_port_timer_stop(void);
#endif

/* ---- Masking ----------------------------------------------------------- */

#ifndef TX_PORT_INLINE_FAST_PATHS
/* Mask co-kernel interrupts on this CPU and return the previous state, to be
 * given back to tx_port_irq_restore(); 0 means "was unmasked". Nests. An
 * interrupt raised while masked stays pending and is taken when the outermost
 * restore unmasks. */
unsigned long tx_port_irq_save(void);
void tx_port_irq_restore(unsigned long state);
#endif

/* ---- CPUs -------------------------------------------------------------- */

/* Upper bound on CPU indices the core keeps state for. */
#define TX_MAX_CPUS 8

#ifndef TX_PORT_INLINE_FAST_PATHS
/* Index of this CPU, below TX_MAX_CPUS. Stable while masked. */
unsigned tx_port_cpu(void);
#endif

/* Raise the co-kernel reschedule interrupt on 'cpu' (possibly this one). The
 * port then calls tx_core_ipi_irq() there, masked, and dispatches as after a
 * timer interrupt. Callable masked, from any context. */
void tx_port_send_ipi(unsigned cpu);

/* ---- Contexts ---------------------------------------------------------- */

/* Prepare 'ctx' so that the first tx_port_switch() to it runs entry(arg) on
 * the stack [stack, stack + size), masked, with Linux interrupts masked for
 * as long as that context runs. 'stack' is 16-byte aligned. entry never
 * returns. Linux context. */
void tx_port_context_init(struct tx_port_context *ctx, void *stack,
			  size_t size, void (*entry)(void *), void *arg);

/* Save the caller's state into 'from' and resume 'to'. Returns when some
 * later switch resumes 'from'. Called masked, and 'to' resumes masked: the
 * masking state is not part of a context, but the Linux interrupt state is
 * (a task runs with Linux interrupts masked; Linux gets its own state back).
 * FP/SIMD registers, including FP control and status, are not touched: they
 * move only through tx_port_fpu_save/restore. Memory effects before the
 * switch are visible to 'to' (full barrier). */
void tx_port_switch(struct tx_port_context *from, struct tx_port_context *to);

/* Save / restore the floating-point and SIMD registers of this CPU to / from
 * a TX_PORT_FPU_BYTES area aligned to TX_PORT_FPU_ALIGN. Masked. The core
 * calls them lazily: only when a task that uses the FPU is switched in and the
 * registers belong to another context (Linux counts as one). */
void tx_port_fpu_save(void *area);
void tx_port_fpu_restore(const void *area);

/* Fill a save area with the initial FP state of a new task (default
 * rounding and exception masks). Returns 0, or a negative errno when this
 * CPU holds FP state that tx_port_fpu_save cannot keep (e.g. SVE vectors
 * wider than the save area): tasks that use the FPU are then refused rather
 * than corrupting Linux's state. Linux context. */
int tx_port_fpu_init(void *area);

/* ---- Device interrupt lines ------------------------------------------- */

/*
 * A device line is what rt_request_irq() takes: a Linux IRQ number, or a
 * number the port handed out for a line it made itself (an x86 MSI whose
 * message Tactus programs). The core keeps each claimed line in a slot below
 * TX_MAX_IRQ_LINES and names the line by that slot from then on. A claimed
 * line is NMI-class: when it fires, the port calls tx_hal_irq_dispatch(slot)
 * on that CPU, masked, in real-time context, and dispatches as after a timer
 * interrupt when it returns nonzero.
 */
#define TX_MAX_IRQ_LINES 16

/* Line flags of tx_port_irq_line_claim(). */
#define TX_IRQ_LINE_LEVEL  1u /* level-triggered: the default ack masks it */
#define TX_IRQ_LINE_PERCPU 2u /* one line per CPU (an arm64 PPI): mask and
			       * unmask act on the calling CPU, no affinity */

/* Make 'irq' an NMI-class line that calls tx_hal_irq_dispatch(slot); it
 * starts masked at the controller. Linux context. Returns 0, sets *flags
 * and *cpus (the CPUs the line is routed to; 0 for a per-CPU line), or a
 * negative errno after logging one line that says why: -EINVAL no such
 * line, -EBUSY Linux has a handler on it, -EOPNOTSUPP the interrupt
 * controller cannot deliver it NMI-class (the line says what to use
 * instead). */
int tx_port_irq_line_claim(unsigned irq, unsigned slot, uint32_t *cpus, unsigned *flags);

/* Undo the claim. Linux context, the line masked by the caller. When it
 * returns, no CPU runs tx_hal_irq_dispatch(slot) any more, and none will. */
void tx_port_irq_line_release(unsigned irq, unsigned slot);

/* Mask / unmask a claimed line at its interrupt controller (x86 MSI lines:
 * in software). An occurrence that comes while the line is masked is held
 * and delivered at unmask (level lines: while the device still asserts it).
 * Any context, any masking state. Bounded: a register write or two. */
void tx_port_irq_line_mask(unsigned slot);
void tx_port_irq_line_unmask(unsigned slot);

/* Route a claimed line to the CPUs of 'cpus' (the port may pick one of
 * them). Linux context. Returns 0, or -EINVAL for a per-CPU line or a mask
 * without an online CPU. */
int tx_port_irq_line_route(unsigned slot, uint32_t cpus);

/* Whether the caller is in Linux process context (module init/exit, a
 * syscall): it may sleep and allocate. False in a real-time task, a
 * real-time handler, and Linux's own interrupt context. Any context. */
int tx_port_may_sleep(void);

/* ---- Services for Linux context ---------------------------------------- */

/* Memory for task stacks and object pools; Linux context only, never on a
 * real-time path. Returns NULL on failure. Stacks are aligned to 16 bytes at
 * least (ports may need more, e.g. THREAD_ALIGN). */
void *tx_port_alloc(size_t size);
void tx_port_free(void *p, size_t size);

/* Ask Linux to call tx_core_linux_work() soon, in Linux context (irq_work on
 * a kernel). Callable masked from real-time context; several requests before
 * the call may merge into one. */
void tx_port_linux_kick(void);

/* A log line from the core (not a real-time path): level 0 = error,
 * 1 = warning, 2 = info. */
void tx_port_log(int level, const char *msg);

/* An invariant of the core does not hold ('what' names it). Any context. */
void tx_port_assert_failed(const char *what);

/* Called in every busy-wait iteration of the core (spinning on a lock,
 * rt_busy_sleep): a CPU hint on hardware, the point where simulated time
 * advances on the host. Any context. */
void tx_port_relax(void);

/* ---- Core entry points, called by the port ------------------------------ */

/* The co-kernel timer fired on this CPU. Masked, real-time context.
 * Returns nonzero when this CPU must switch to another context: the port
 * then arranges for tx_core_dispatch() (it is computed under the same lock,
 * so that the common path takes the lock once). */
int tx_core_timer_irq(void);

/* The reschedule IPI arrived on this CPU. Masked; returns as above. */
int tx_core_ipi_irq(void);

/* Whether this CPU must switch now (for a port that deferred the dispatch,
 * e.g. after a kick). Masked. */
int tx_core_resched_pending(void);

/* Run the scheduler and switch. Called masked from a context whose full
 * register state the port has saved (its interrupt return trampoline), so
 * that the interrupted code resumes exactly when this call returns. */
void tx_core_dispatch(void);

/* Deferred Linux-side work (reader wake-ups, log lines, freeing the stacks of
 * dead tasks). Linux context, unmasked. */
void tx_core_linux_work(void);

/* A real-time device handler ran on this CPU (while it ran, the HAL's
 * tx_hal_irq_cpus counted it: blocking calls refused and wake-ups did not
 * switch). Nonzero when this CPU must switch, as tx_core_timer_irq.
 * Masked, real-time context. */
int tx_core_irq_exit(void);

/* ---- HAL entry points, called by the port -------------------------------- */

/* Claimed device line 'slot' fired on this CPU (tx_port_irq_line_claim).
 * Masked, real-time context. Runs the line's ack and handler; returns
 * nonzero when this CPU must switch (arranged as after tx_core_timer_irq). */
int tx_hal_irq_dispatch(unsigned slot);

#ifdef __cplusplus
}
#endif

#endif /* TACTUS_ARCH_PORT_H */
