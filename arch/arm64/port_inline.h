/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arch/arm64/port_inline.h - the fast paths of the arm64 port (arch/port.h:
 * tx_port_now, tx_port_timer_program/stop, tx_port_irq_save/restore,
 * tx_port_cpu), written once for two uses:
 *  - the C++ core of a kernel build includes this header through
 *    arch/port.h (Kbuild defines TX_PORT_INLINE_HEADER) and gets them
 *    inline: they sit on every scheduling path, where a call into another
 *    module costs as much as their body;
 *  - port.c includes it with TX_PORT_FAST_PATH defined empty, which makes
 *    the same bodies the out-of-line functions for C callers.
 * Every one is O(1): a few instructions, no loop.
 */
#ifndef TACTUS_ARM64_PORT_INLINE_H
#define TACTUS_ARM64_PORT_INLINE_H

#ifdef __cplusplus
extern "C" {
extern unsigned char tx_arm64_timer_kind;      /* 0 CNTP, 1 CNTV, 2 CNTP via _EL02 (VHE) */
extern unsigned char tx_arm64_counter_virtual; /* 1: the time base is CNTVCT */
extern unsigned char tx_arm64_percpu_el2;      /* 1: per-CPU offset in TPIDR_EL2 (VHE) */
extern unsigned int tx_arm64_cpu_index;        /* a per-CPU variable: this CPU's index */
}
#define TX_PORT_INLINE_FAST_PATHS 1
#define TX_PORT_FAST_PATH static inline
#elif defined(TX_PORT_FAST_PATH)
#include "port_internal.h" /* the same variables, as the kernel's C declares them */
#else
#error "C code calls the out-of-line functions of arch/port.h: only port.c includes this header"
#endif

TX_PORT_FAST_PATH uint64_t tx_port_now(void)
{
	uint64_t v;

	if (tx_arm64_counter_virtual)
		asm volatile("isb\n\tmrs %0, cntvct_el0" : "=r"(v) : : "memory");
	else
		asm volatile("isb\n\tmrs %0, cntpct_el0" : "=r"(v) : : "memory");
	return v;
}

/* The co-kernel's one-shot timer (also for port.c's own uses): compare value
 * and control (1 = enable with ISTATUS masked off, 0 = off), then an ISB so
 * that the new setting holds before we go on (e.g. unmask). */
static inline void tx_arm64_write_timer(uint64_t cval, uint64_t ctl)
{
	switch (tx_arm64_timer_kind) {
	case 0:
		asm volatile("msr cntp_cval_el0, %0\n\tmsr cntp_ctl_el0, %1\n\tisb" : : "r"(cval), "r"(ctl) : "memory");
		break;
	case 1:
		asm volatile("msr cntv_cval_el0, %0\n\tmsr cntv_ctl_el0, %1\n\tisb" : : "r"(cval), "r"(ctl) : "memory");
		break;
	default: /* CNTP_CVAL_EL02, CNTP_CTL_EL02 */
		asm volatile("msr s3_5_c14_c2_2, %0\n\tmsr s3_5_c14_c2_1, %1\n\tisb" : : "r"(cval), "r"(ctl) : "memory");
		break;
	}
}

/* A kick in flight may be overwritten: whoever reprograms (the core, from
 * an NMI handler) redirects or kicks again itself if a switch is pending. */
TX_PORT_FAST_PATH void tx_port_timer_program(uint64_t deadline) { tx_arm64_write_timer(deadline, 1); }
TX_PORT_FAST_PATH void tx_port_timer_stop(void) { tx_arm64_write_timer(0, 0); }

/* Co-kernel masking is PSTATE.I (and F): it blocks pseudo-NMIs too, which
 * Linux's PMR-based local_irq_disable() does not. Returns 0 when it was
 * unmasked. */
TX_PORT_FAST_PATH unsigned long tx_port_irq_save(void)
{
	unsigned long daif;

	asm volatile("mrs %0, daif\n\tmsr daifset, #3" : "=r"(daif) : : "memory");
	return (daif >> 7) & 1; /* PSR_I_BIT */
}

TX_PORT_FAST_PATH void tx_port_irq_restore(unsigned long state)
{
	if (!state)
		asm volatile("msr daifclr, #3" : : : "memory");
}

/* From our own per-CPU variable: never through 'current'. The asm is
 * volatile so that a value is not reused across a context switch. */
TX_PORT_FAST_PATH unsigned tx_port_cpu(void)
{
	unsigned long offset;

	if (tx_arm64_percpu_el2)
		asm volatile("mrs %0, tpidr_el2" : "=r"(offset));
	else
		asm volatile("mrs %0, tpidr_el1" : "=r"(offset));
	return *(const unsigned int *)((const char *)&tx_arm64_cpu_index + offset);
}

#endif /* TACTUS_ARM64_PORT_INLINE_H */
