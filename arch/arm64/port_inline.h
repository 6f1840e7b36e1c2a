/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arch/arm64/port_inline.h - inline fast paths of the arm64 port for the
 * C++ core in kernel builds (arch/port.h includes it when Kbuild defines
 * TX_PORT_INLINE_HEADER). Same contracts as the out-of-line functions in
 * port.c; these four sit on every scheduling path, where a call into
 * another module costs as much as their body.
 */
#ifndef TACTUS_ARM64_PORT_INLINE_H
#define TACTUS_ARM64_PORT_INLINE_H

extern "C" {
extern unsigned char tx_arm64_timer_kind;      /* 0 CNTP, 1 CNTV, 2 CNTP via _EL02 (VHE) */
extern unsigned char tx_arm64_counter_virtual; /* 1: the time base is CNTVCT */
extern unsigned char tx_arm64_percpu_el2;      /* 1: per-CPU offset in TPIDR_EL2 (VHE) */
extern unsigned int tx_arm64_cpu_index;        /* a per-CPU variable: this CPU's index */
}

#define TX_PORT_INLINE_FAST_PATHS 1

static inline uint64_t tx_port_now(void)
{
	uint64_t v;

	if (tx_arm64_counter_virtual)
		asm volatile("isb\n\tmrs %0, cntvct_el0" : "=r"(v) : : "memory");
	else
		asm volatile("isb\n\tmrs %0, cntpct_el0" : "=r"(v) : : "memory");
	return v;
}

/* One-shot timer: compare value and enable (ISTATUS masked off), then an ISB
 * so that the new setting holds before we go on (e.g. unmask). */
static inline void tx_port_write_timer_inline(uint64_t cval, uint64_t ctl)
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

static inline void tx_port_timer_program(uint64_t deadline) { tx_port_write_timer_inline(deadline, 1); }
static inline void tx_port_timer_stop(void) { tx_port_write_timer_inline(0, 0); }

/* Co-kernel masking is PSTATE.I (and F); returns 0 when it was unmasked. */
static inline unsigned long tx_port_irq_save(void)
{
	unsigned long daif;

	asm volatile("mrs %0, daif\n\tmsr daifset, #3" : "=r"(daif) : : "memory");
	return (daif >> 7) & 1; /* PSR_I_BIT */
}

static inline void tx_port_irq_restore(unsigned long state)
{
	if (!state)
		asm volatile("msr daifclr, #3" : : : "memory");
}

/* From our own per-CPU variable: never through 'current'. The asm is
 * volatile so that a value is not reused across a context switch. */
static inline unsigned tx_port_cpu(void)
{
	unsigned long offset;

	if (tx_arm64_percpu_el2)
		asm volatile("mrs %0, tpidr_el2" : "=r"(offset));
	else
		asm volatile("mrs %0, tpidr_el1" : "=r"(offset));
	return *(const unsigned int *)((const char *)&tx_arm64_cpu_index + offset);
}

#endif /* TACTUS_ARM64_PORT_INLINE_H */
