/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arch/x86/timer_source.h - what an NMI-raising timer gives the x86 port,
 * and what the port gives it. The port keeps one TSC deadline per CPU; the
 * source makes an NMI arrive on that CPU at, never before, the deadline.
 * HPET comparators with MSI (hpet.c) are the one source today; another
 * NMI-capable source (PMU overflow, for machines whose HPET has no MSI)
 * would be a second struct like this one and nothing else.
 */
#ifndef TACTUS_X86_TIMER_SOURCE_H
#define TACTUS_X86_TIMER_SOURCE_H

#include <linux/types.h>

struct tx_x86_timer_source {
	const char *name;
	/* Linux context: find the hardware and claim it, or log one line
	 * naming what is missing and fail with nothing claimed. */
	int (*claim)(void);
	/* At unload: stop() (IF off, serialised with aim() by the caller)
	 * silences the hardware, and from then on aim() and nmi_is_mine()
	 * touch it no more (they do nothing and say no); the port then waits
	 * for the NMI handlers in flight and unregisters its own before
	 * release() (Linux context) gives the hardware back. */
	void (*stop)(void);
	void (*release)(void);
	/* Wake times changed (tx_x86_wake): make the NMIs follow. Called
	 * with IF off on any CPU, NMI context included; serialised by the
	 * caller (timer_mux.h: timer_lock_take). Bounded: O(CPUs). */
	void (*aim)(void);
	/* NMI context, first thing: whether this NMI is the source's own on
	 * this CPU (then the port claims it and calls aim() before leaving). */
	bool (*nmi_is_mine)(u64 now);
	const char *(*describe)(void);
};

extern const struct tx_x86_timer_source tx_x86_hpet_source;

/* From the port, for sources: when each CPU wants its NMI (TSC; U64_MAX:
 * never), and how to hand a CPU an NMI that is due already. */
#include <linux/percpu.h>
DECLARE_PER_CPU(u64, tx_x86_wake);
void tx_x86_expire(unsigned int cpu);
/* The same for a wake the source found due by its own clock: the TSC may
 * lag it (a virtual CPU's calibrated rate can be off), and a wake left
 * unserved would leave the CPU with no NMI at all. */
void tx_x86_expire_due(unsigned int cpu);
/* The source sent 'cpu' an NMI that no deadline will explain (e.g. the
 * comparator matched while being re-aimed): let that CPU claim it. */
void tx_x86_expect_stray(unsigned int cpu);
extern u64 tx_x86_tsc_hz;

#endif /* TACTUS_X86_TIMER_SOURCE_H */
