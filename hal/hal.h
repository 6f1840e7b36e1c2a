/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hal/hal.h - what surrounds the port contract (arch/port.h): the services
 * the core uses that no architecture writes, and the entry points a port
 * calls. C, shared by the freestanding core and the kernel C glue.
 *
 * Who provides what:
 *  - the services (tx_hal_alloc ... tx_hal_may_sleep): the same for every
 *    architecture, so written once per platform: hal/linux/hal_module.c in
 *    the kernel, arch/host/port.cpp in the host tests (tx_hal_: not the
 *    port's to write).
 *  - tx_core_*: the scheduler (sched/scheduler.cpp). A kernel port reaches
 *    them through the attached scheduler's tx_core_ops
 *    (hal/linux/port_services.h), since tactus_hal.ko loads before the
 *    scheduler's module; the host port calls them directly.
 *  - tx_hal_irq_dispatch: the line table (hal/irq_lines.cpp).
 */
#ifndef TACTUS_HAL_HAL_H
#define TACTUS_HAL_HAL_H

#include "../arch/port.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Services for the core -------------------------------------------- */

/* Memory for task stacks and object pools; Linux context only, never on a
 * real-time path. Returns NULL on failure. Stacks are aligned to 16 bytes at
 * least (platforms may need more, e.g. THREAD_ALIGN). */
void *tx_hal_alloc(size_t size);
void tx_hal_free(void *p, size_t size);

/* Ask Linux to call tx_core_linux_work() soon, in Linux context (irq_work on
 * a kernel: through the port's tx_arch_linux_kick). Callable masked from
 * real-time context; several requests before the call may merge into one.
 * Bound: O(1). */
void tx_hal_linux_kick(void);

/* A log line from the core (not a real-time path; real-time code logs
 * through hal/rt_log.hpp): level 0 = error, 1 = warning, 2 = info. */
void tx_hal_log(int level, const char *msg);

/* An invariant of the core does not hold ('what' names it). Any context.
 * Bound: O(1) (the kernel queues one line on the log ring). */
void tx_hal_assert_failed(const char *what);

/* Called in every busy-wait iteration of the core (spinning on a lock,
 * rt_busy_sleep): a CPU hint on hardware, the point where simulated time
 * advances on the host. Any context. Bound: O(1). */
void tx_hal_relax(void);

/* Whether the caller is in Linux process context (module init/exit, a
 * syscall): it may sleep and allocate. False in a real-time task, a
 * real-time handler, and Linux's own interrupt context. Any context.
 * Bound: O(1). */
int tx_hal_may_sleep(void);

/* Sleep at least 'ms' milliseconds in Linux process context (only where
 * tx_hal_may_sleep() says so): for Linux-side waits of the API, e.g.
 * pthread_join from module exit. */
void tx_hal_sleep_ms(unsigned ms);

/* Linux's wall clock (CLOCK_REALTIME), nanoseconds since 1970: what
 * rt_gettimeorig() pairs with the co-kernel's time base. Linux context.
 * Bound: O(1). */
int64_t tx_hal_wall_clock_ns(void);

/* Linux's context leaves this CPU for a real-time task (away = 1), or
 * comes back (away = 0); called by the switch, masked, in Linux's context
 * both times (just before it is switched out, just after it resumes): a
 * port may give tasks a 'current' of their own (arm). While Linux is
 * away, the Linux task it interrupted ('current') has page faults
 * disabled, so that a fault in a real-time task goes straight to the
 * no-fixup path the ports hook (hal/linux/fault.c) instead of being
 * handled as that process's: its mmap lock is never taken, and x86 does
 * not warn that interrupts were off. Bound: O(1). */
void tx_hal_linux_away(int away);

/* Who owns the code at 'code' (a module: the kernel's struct module), or
 * NULL for the kernel itself or an unknown address. Opaque to the core: an
 * object created for that code is disposed of when it goes
 * (api/rtai_registry.cpp). Linux context. Bound: the kernel's module
 * lookup. */
void *tx_hal_owner_of(const void *code);

/* ---- Core entry points, called by the port ------------------------------ */

/* The co-kernel timer fired on this CPU. Masked, real-time context.
 * Returns nonzero when this CPU must switch to another context. Then the
 * scheduler keeps this CPU's lock for the switch, so that an interrupt takes
 * it once, and the port must follow with exactly one of tx_core_dispatch()
 * (from its return trampoline) or tx_core_dispatch_later() (it cannot
 * switch now: it kicks, or dispatches later at its return switch); in
 * between it may call the other entry points below except
 * tx_core_irq_exit (device handlers run before, not there), and nothing
 * else of the core. Bound: O(k log n) for k expiring timers. */
int tx_core_timer_irq(void);

/* The reschedule IPI arrived on this CPU. Masked; returns (and keeps the
 * lock) as above. O(1). */
int tx_core_ipi_irq(void);

/* Whether this CPU must switch now (for a port that deferred the dispatch,
 * e.g. after a kick). Masked; returns (and keeps the lock) as above. O(1). */
int tx_core_resched_pending(void);

/* Run the scheduler and switch. Called masked from a context whose full
 * register state the port has saved (its interrupt return trampoline), so
 * that the interrupted code resumes exactly when this call returns. Uses
 * the lock an entry point kept, or takes it. O(1) plus the switch. */
void tx_core_dispatch(void);

/* The port will not dispatch now after an entry point returned nonzero:
 * the kept lock goes back (the switch happens at a later tx_core_dispatch,
 * which takes it again). Masked. O(1). */
void tx_core_dispatch_later(void);

/* Deferred Linux-side work (reader wake-ups, log lines, freeing the stacks of
 * dead tasks). Linux context, unmasked. */
void tx_core_linux_work(void);

/* A real-time device handler ran on this CPU (while it ran, the HAL's
 * tx_hal_irq_cpus counted it: blocking calls refused and wake-ups did not
 * switch). Nonzero when this CPU must switch (arranged as after
 * tx_core_timer_irq, but no lock is kept: another handler may follow).
 * Masked, real-time context. O(1). */
int tx_core_irq_exit(void);

/* ---- Faults in real-time tasks -------------------------------------------- */

/*
 * A CPU exception raised by a real-time task's own code (a bad address, an
 * undefined instruction, a division by zero) stops that task, not the
 * machine. The port hooks the exception paths before Linux's oops (see its
 * fault.c); on a fault it asks tx_core_fault_claim() whether the code that
 * faulted was a task's, fills in the record, and rewrites the exception's
 * return to run tx_core_task_faulted() as the task, on the top of its stack.
 * Linux prints nothing, kills nothing, and goes on.
 *
 * Not contained: a fault with the co-kernel masked (inside rt_global_cli or
 * the core's own locked sections: the locks it holds cannot be given back),
 * a fault on a real-time interrupt path (no task of its own), and a stack
 * overflow deep enough that the exception cannot push its frame (x86: a
 * double fault). Linux's oops path reports those.
 */
#define TX_FAULT_TEXT 176
#define TX_FAULT_REGS_WORDS 48 /* room for the port's struct pt_regs */
#define TX_TRAP_VECTORS 32     /* RTAI_NR_TRAPS: vectors a trap handler is set for */
struct pt_regs;
/* A task's trap handler (RTAI's RT_TRAP_HANDLER): vector, signal, the
 * registers at the fault, the task (RT_TASK *). */
typedef int (*tx_trap_handler)(int vec, int signo, struct pt_regs *regs, void *task);
struct tx_task_fault {
	void (*entry)(long);       /* set by the core: the task's function */
	int vec, signo;            /* RTAI's trap vector and signal (the port's hook) */
	unsigned long regs[TX_FAULT_REGS_WORDS]; /* struct pt_regs at the fault */
	char who[48];              /* its symbol, which names a task without a name */
	char what[TX_FAULT_TEXT];  /* e.g. "page fault at 0000000000000000, pc f+0x1c/0x80 [m]" */
	char trace[TX_FAULT_TEXT]; /* return addresses found on its stack, innermost first */
};

/* Exception context on this CPU, the co-kernel unmasked when the fault was
 * raised. If 'sp' (the stack pointer at the fault) lies in the stack of the
 * real-time task running here, that task is halted (it never runs again once
 * it leaves the CPU) and its record is returned, with its stack's bounds in
 * *low and *top (top 16-byte aligned); otherwise NULL: not Tactus's fault.
 * Bound: O(1), a few loads and stores, no lock. */
struct tx_task_fault *tx_core_fault_claim(uintptr_t sp, uintptr_t *low, uintptr_t *top);

/* Runs as the halted task, on its own stack (where the port's exception
 * return lands): logs the record with the task's name, runs the task's trap
 * handler for the record's vector if it has one (rt_set_task_trap_handler),
 * and switches away for good; never returns. Unmasked, real-time context.
 * Bound: O(1) plus the handler plus the switch. */
void tx_core_task_faulted(void) __attribute__((noreturn));

/* ---- HAL entry points, called by the port -------------------------------- */

/* Claimed device line 'slot' fired on this CPU (tx_port_irq_line_claim).
 * Masked, real-time context. Runs the line's ack and handler; returns
 * nonzero when this CPU must switch (arranged as after tx_core_timer_irq). */
int tx_hal_irq_dispatch(unsigned slot);

#ifdef __cplusplus
}
#endif

#endif /* TACTUS_HAL_HAL_H */
