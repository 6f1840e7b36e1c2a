/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arch/port.h - the port contract: everything an architecture port
 * (arch/<arch>/) writes, and nothing else. A new port is one folder that
 * implements this list; docs/porting.md walks through it with the x86_64
 * port as the example.
 *
 * What the port uses in return is declared elsewhere: hal/hal.h (the core's
 * entry points a port calls, tx_hal_irq_dispatch, and the services every
 * platform shares: memory, logging, the Linux kick), hal/linux/port_services.h
 * for a kernel port (the attached scheduler, the irq_work bridge).
 *
 * Besides the functions below, the port owes the core its interrupt path:
 * each co-kernel interrupt calls the core masked, on the CPU it came to
 * (timer: tx_core_timer_irq, IPI: tx_core_ipi_irq, device line:
 * tx_hal_irq_dispatch), and when the call returns nonzero, the port calls
 * tx_core_dispatch() from a context whose whole register state it saved, so
 * that the interrupted code resumes exactly when that call returns (the
 * deferred path: both kernel ports redirect the interrupt's return into a
 * trampoline, and where they cannot, take a second interrupt where they
 * can: arm64's kick, x86's irq_work and retry NMI).
 *
 * Terms used in the contracts:
 *  - "co-kernel interrupts": the NMI-class interrupts the port delivers to the
 *    core (timer, reschedule IPI, claimed device lines). Linux's own
 *    interrupt masking never blocks them; tx_port_irq_save() does.
 *  - "masked": co-kernel interrupts are masked on this CPU.
 *  - "Linux context": code running as Linux (the idle task of the co-kernel):
 *    module init/exit, syscalls, irq_work. It may sleep and allocate.
 *  - "real-time context": a real-time task, or an interrupt taken on the
 *    co-kernel's behalf. It must not sleep, allocate or take Linux locks.
 *  - "Bound": the most a call may cost: O(1), a register write, O(CPUs).
 *    "Not real-time": Linux context only, it may sleep (never called on a
 *    real-time path).
 *
 * The host port (arch/host/port.cpp) implements the sections for the core;
 * a kernel port implements them all, the module hooks at the end included.
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

/* Upper bound on CPU indices the core keeps state for. */
#define TX_MAX_CPUS 8

/*
 * The hottest functions (tx_port_now, tx_port_timer_program/stop,
 * tx_port_irq_save/restore, tx_port_cpu) sit on every scheduling path. A
 * port may write them once as inline functions in a header named by
 * TX_PORT_INLINE_HEADER, which the C++ core then includes here (the header
 * defines TX_PORT_INLINE_FAST_PATHS); its C file instantiates the same
 * bodies out of line for C callers (arch/x86/port_inline.h shows how). Same
 * contracts either way.
 */
#if defined(TX_PORT_INLINE_HEADER) && defined(__cplusplus)
}
#include TX_PORT_INLINE_HEADER
extern "C" {
#endif

/* ---- Time base --------------------------------------------------------- */

#ifndef TX_PORT_INLINE_FAST_PATHS
/* Current count of the co-kernel time base: monotonic, the same on every CPU.
 * Any context, any masking state. Bound: O(1), one ordered counter read. */
uint64_t tx_port_now(void);
#endif

/* Frequency of the time base in Hz; constant after the port is up. Any
 * context. Bound: O(1), a load. */
uint64_t tx_port_counter_hz(void);

/* ---- The co-kernel timer ------------------------------------------------- */

#ifndef TX_PORT_INLINE_FAST_PATHS
/* Program this CPU's one-shot co-kernel timer to fire at the absolute count
 * 'deadline' (a deadline in the past fires as soon as possible), replacing any
 * earlier programming. Called masked, real-time or Linux context. When it
 * fires, the port calls tx_core_timer_irq() on this CPU. A level-triggered
 * timer keeps firing until it is reprogrammed or stopped:
 * tx_core_timer_irq() always does one.
 * Bound: O(CPUs). A per-CPU timer is a register write or two (arm64); a
 * timer shared by the CPUs may scan their deadlines, O(CPUs), after waiting
 * for the other CPUs' programming, each O(CPUs) (x86: one HPET comparator
 * behind a fair lock). */
void tx_port_timer_program(uint64_t deadline);

/* Stop this CPU's co-kernel timer; no tx_core_timer_irq() follows. Masked.
 * Bound: as tx_port_timer_program. */
void tx_port_timer_stop(void);
#endif

/* ---- Masking ----------------------------------------------------------- */

#ifndef TX_PORT_INLINE_FAST_PATHS
/* Mask co-kernel interrupts on this CPU and return the previous state, to be
 * given back to tx_port_irq_restore(); its bit 0 says "was masked" (the
 * other bits are the port's: x86 keeps Linux's IF there). Nests. An
 * interrupt raised while masked stays pending and is taken when the outermost
 * restore unmasks. Any context. Bound: O(1), a few instructions. */
unsigned long tx_port_irq_save(void);

/* Give back a state of tx_port_irq_save(). Any context. Bound: O(1); when it
 * unmasks, the interrupts that came while masked are taken first, as the
 * hardware would take them at unmask (a port that masks in software runs
 * them itself: x86). */
void tx_port_irq_restore(unsigned long state);
#endif

/* ---- CPUs -------------------------------------------------------------- */

#ifndef TX_PORT_INLINE_FAST_PATHS
/* Index of this CPU, below TX_MAX_CPUS. Stable while masked. Any context.
 * Bound: O(1), a per-CPU load (never through Linux's 'current', which is
 * stale in a real-time task). */
unsigned tx_port_cpu(void);
#endif

/* Raise the co-kernel reschedule interrupt on 'cpu' (possibly this one). The
 * port then calls tx_core_ipi_irq() there, masked, and dispatches as after a
 * timer interrupt. Callable masked, from any context. Bound: O(1), a flag
 * and an IPI register write. */
void tx_port_send_ipi(unsigned cpu);

/* ---- Contexts and the FPU ---------------------------------------------- */

/* Prepare 'ctx' so that the first tx_port_switch() to it runs entry(arg) on
 * the stack [stack, stack + size), masked, with Linux interrupts masked for
 * as long as that context runs. 'stack' is 16-byte aligned. entry never
 * returns. Linux context. Bound: O(1), a few words written. */
void tx_port_context_init(struct tx_port_context *ctx, void *stack,
			  size_t size, void (*entry)(void *), void *arg);

/* Save the caller's state into 'from' and resume 'to'. Returns when some
 * later switch resumes 'from'. Called masked, and 'to' resumes masked: the
 * masking state is not part of a context, but the Linux interrupt state is
 * (a task runs with Linux interrupts masked; Linux gets its own state back).
 * FP/SIMD registers, including FP control and status, are not touched: they
 * move only through tx_port_fpu_save/restore. Memory effects before the
 * switch are visible to 'to' (full barrier). Bound: O(1), the callee-saved
 * registers stored and loaded. */
void tx_port_switch(struct tx_port_context *from, struct tx_port_context *to);

/* A context that moves between Linux and real time (a Linux kernel thread
 * made a real-time task and back: rt_make_hard_real_time): before a switch
 * resumes 'ctx', which another kind of context saved, give it the calling
 * context's Linux interrupt state (arm64: PMR; x86: nothing, its interrupt
 * flag is not part of a context) and any other per-kind state the port
 * keeps in a context (32-bit ARM: TTBR0, the page tables). Masked.
 * Bound: O(1), a register read. */
void tx_port_context_take_caller_state(struct tx_port_context *ctx);

/* Give 'ctx' the per-thread state a port keeps in a context, taken from the
 * calling Linux thread (x86: its stack-protector canary, so that code of
 * that thread checks its frames against the same canary whichever context
 * runs it; arm64: nothing). Linux context, masked. Bound: O(1). */
void tx_port_context_take_thread_state(struct tx_port_context *ctx);

/* Save / restore the floating-point and SIMD registers of this CPU to / from
 * a TX_PORT_FPU_BYTES area aligned to TX_PORT_FPU_ALIGN. Masked. The core
 * calls them lazily: only when a task that uses the FPU is switched in and the
 * registers belong to another context (Linux counts as one). Bound: O(1),
 * one save or restore of the register file. */
void tx_port_fpu_save(void *area);
void tx_port_fpu_restore(const void *area);

/* Fill a save area with the initial FP state of a new task (default
 * rounding and exception masks). Returns 0, or a negative errno when this
 * CPU holds FP state that tx_port_fpu_save cannot keep (e.g. SVE vectors
 * wider than the save area): tasks that use the FPU are then refused rather
 * than corrupting Linux's state. Linux context. Bound: O(1), the area
 * written once. */
int tx_port_fpu_init(void *area);

/* ---- Device interrupt lines ------------------------------------------- */

/*
 * A device line is what rt_request_irq() takes: a Linux IRQ number, or a
 * number the port handed out for a line it made itself (an x86 MSI whose
 * message Tactus programs). The core keeps each claimed line in a slot below
 * TX_MAX_IRQ_LINES and names the line by that slot from then on. A claimed
 * line is NMI-class: when it fires, the port calls tx_hal_irq_dispatch(slot)
 * (hal/hal.h) on that CPU, masked, in real-time context, and dispatches as
 * after a timer interrupt when it returns nonzero.
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
 * instead). Bound: not real-time (Linux's interrupt API). */
int tx_port_irq_line_claim(unsigned irq, unsigned slot, uint32_t *cpus, unsigned *flags);

/* Undo the claim. Linux context, the line masked by the caller. When it
 * returns, no CPU runs tx_hal_irq_dispatch(slot) any more, and none will.
 * Bound: not real-time (waits for handlers running elsewhere). */
void tx_port_irq_line_release(unsigned irq, unsigned slot);

/* Mask / unmask a claimed line at its interrupt controller (x86 MSI lines:
 * in software). An occurrence that comes while the line is masked is held
 * and delivered at unmask (level lines: while the device still asserts it).
 * Any context, any masking state. Bound: O(1), a register write or two (x86
 * unmask: a flag, and an NMI IPI when an occurrence was held). */
void tx_port_irq_line_mask(unsigned slot);
void tx_port_irq_line_unmask(unsigned slot);

/* Route a claimed line to the CPUs of 'cpus' (the port may pick one of
 * them). Linux context. Returns 0, or -EINVAL for a per-CPU line or a mask
 * without an online CPU. Bound: not real-time. */
int tx_port_irq_line_route(unsigned slot, uint32_t cpus);

/* ---- Kernel ports: the module hooks -------------------------------------- */

/*
 * Called by the arch-independent half of tactus_hal.ko
 * (hal/linux/hal_module.c); a kernel port only, the host port has no module.
 * All in Linux context, none on a real-time path.
 */
struct tx_hal_stats; /* hal/linux/tactus_hal.h */

/* Probe the hardware and claim the co-kernel's interrupt sources, then test
 * that they arrive; on any missing feature, log one line naming it and fail
 * with nothing claimed. Module load. Bound: not real-time. */
int tx_arch_init(void);

/* Release what tx_arch_init() claimed; no co-kernel interrupt arrives after
 * it returns. Module unload, no scheduler attached. Bound: not real-time. */
void tx_arch_exit(void);

/* Per-CPU setup and teardown (CPU hotplug callbacks, Linux context):
 * online makes the timer and IPI arrive on 'cpu' and records its index for
 * tx_port_cpu(); offline stops them there. Bound: not real-time. */
int tx_arch_cpu_online(unsigned int cpu);
void tx_arch_cpu_offline(unsigned int cpu);

/* Stop the co-kernel timer on this CPU: no timer interrupt follows. Run on
 * every CPU when the scheduler detaches, Linux interrupts off. Bound: as
 * tx_port_timer_stop. */
void tx_arch_stop_timer_here(void);

/* One line describing the port's choices (timer, IPI, time base), built by
 * tx_arch_init(). Bound: O(1). */
const char *tx_arch_describe(void);

/* What the port counted on 'cpu' (/proc/tactus/hal). Bound: O(1), a copy. */
void tx_arch_stats(unsigned int cpu, struct tx_hal_stats *out);

/* Hook the CPU's exception paths so that a fault raised by a real-time
 * task's code reaches tx_hal_fault_claim() (hal/linux/port_services.h)
 * before Linux's oops, and, when claimed, returns where that call says
 * (hal/hal.h, "Faults in real-time tasks"). Returns 0, or a negative errno
 * after which faults are Linux's (the HAL warns and loads anyway). exit
 * undoes what init did, and may be called after a failed init. Module load
 * and unload. Bound: not real-time. */
int tx_arch_fault_init(void);
void tx_arch_fault_exit(void);

/* Have tx_hal_raise_linux_work() (hal/linux/port_services.h) called on this
 * CPU from the port's NMI handler, where RCU watches: a self NMI-class IPI.
 * Any context, masked or not (a real-time task included). Bound: O(1), a
 * flag and an IPI register write. */
void tx_arch_linux_kick(void);

#ifdef __cplusplus
}
#endif

#endif /* TACTUS_ARCH_PORT_H */
