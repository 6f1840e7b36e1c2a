/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hal/linux/tactus_hal.h - what tactus_hal.ko offers the other Tactus
 * modules (kernel C glue only; the core sees arch/port.h and hal/hal.h).
 *
 * Load order: tactus_hal, tactus_sched, tactus_fifo, tactus_shm. The HAL is
 * loaded first, so it cannot call into the scheduler directly: the scheduler
 * attaches its entry points (hal/hal.h, "Core entry points") here at load
 * and detaches them before it unloads.
 */
#ifndef TACTUS_HAL_H
#define TACTUS_HAL_H

#include <linux/types.h>

struct tx_core_ops {
	int (*timer_irq)(void); /* nonzero: a switch is needed */
	int (*ipi_irq)(void);
	int (*resched_pending)(void);
	void (*dispatch)(void);
	void (*dispatch_later)(void); /* hal/hal.h tx_core_dispatch_later */
	void (*linux_work)(void);
	/* After a real-time device handler (hal/hal.h tx_core_irq_exit). */
	int (*irq_exit)(void);
	/* CPU hotplug, on that CPU. cpu_offline returns the number of
	 * real-time tasks placed there: nonzero refuses, 0 means the scheduler
	 * no longer uses it. cpu_online makes it usable again. */
	unsigned int (*cpu_offline)(unsigned int cpu);
	void (*cpu_online)(unsigned int cpu);
	/* A fault in a real-time task (hal/hal.h tx_core_fault_claim,
	 * tx_core_task_faulted). */
	struct tx_task_fault *(*fault_claim)(uintptr_t sp, uintptr_t *low, uintptr_t *top);
	void (*task_faulted)(void);
};

/* Attach the scheduler. Fails with -EBUSY if one is attached already. */
int tx_hal_attach_core(const struct tx_core_ops *ops);
/* Detach: stops the co-kernel timer and IPI on every CPU first. */
void tx_hal_detach_core(void);

/* Statistics for /proc/tactus: what the HAL saw. */
struct tx_hal_stats {
	u64 timer_nmis, ipi_nmis, redirects, kicks;
	/* Switches at the return of Linux's entry handler where an NMI could
	 * not redirect (arm64: gic_handle_irq, x86: exc_nmi from user mode;
	 * docs/porting.md, "the return switch"): each a kick saved. */
	u64 return_switches;
	/* x86: retry NMIs armed (an NMI in IF-off entry code), and those that
	 * came before the interrupted code had moved (their delay then grows). */
	u64 retries, retries_early;
	/* x86: redirects of an NMI that met IF-off entry code on the task
	 * stack (nmi.c, entry_redirectable): each a retry saved. */
	u64 entry_redirects;
	/* NMIs that came with nothing left in them and were claimed as late
	 * ones of ours (x86: tx_nmi), rather than reported as unknown. */
	u64 empty_nmis;
	/* Device-line NMIs that found the co-kernel masked here: their
	 * handlers ran when it unmasked (x86; arm64's GIC holds them). */
	u64 lines_deferred;
	/* x86: NMI frames with reserved RFLAGS bits set (nmi.c, check_flags),
	 * and where the first one was. */
	u64 bad_flags, bad_flags_ip;
	/* Counts of the time base: timer deadline -> NMI handler entry, and
	 * handler entry -> redirect trampoline (Linux's NMI exit path). */
	u64 entry_min, entry_max, exit_min, exit_max;
};
void tx_hal_stats(unsigned int cpu, struct tx_hal_stats *out);

/* For the ports: fold one measurement into a min/max pair (min 0: none yet). */
static inline void tx_hal_stats_note(u64 v, u64 *min, u64 *max)
{
	if (!*min || v < *min)
		*min = v;
	if (v > *max)
		*max = v;
}

/* A line describing the HAL's choices (timer, IRQs, NMI API path). */
const char *tx_hal_describe(void);

/* /proc/tactus, where each module adds its file. */
struct proc_dir_entry *tx_hal_proc_dir(void);

/* Services the C glue of the other modules uses from the core. */
struct tx_linux_work;
void tx_linux_work_queue(struct tx_linux_work *work);
/* Run the queued Linux work now (hal/linux_work.hpp). Linux context. */
void tx_linux_work_run_all(void);

#endif /* TACTUS_HAL_H */
