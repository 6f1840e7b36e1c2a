/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arch/arm/port_inline.h - the fast paths of the 32-bit ARM port (arch/port.h:
 * tx_port_now, tx_port_timer_program/stop, tx_port_irq_save/restore,
 * tx_port_cpu), written once for two uses, as on the other ports: the C++
 * core of a kernel build includes it through arch/port.h (Kbuild defines
 * TX_PORT_INLINE_HEADER) and gets them inline; port.c includes it with
 * TX_PORT_FAST_PATH defined empty for C callers. Every one is O(1): a few
 * instructions, no loop.
 *
 * The co-kernel timer is the CPU's non-secure physical generic timer (CNTP:
 * Linux runs on the virtual one), routed to FIQ by the BCM2836 local
 * interrupt controller; the time base is the physical count CNTPCT.
 * Co-kernel masking is CPSR.F, which Linux never sets; a save sets I too, so
 * that no Linux interrupt handler runs inside the co-kernel's locks or in a
 * task (x86 does the same with IF). Linux's I is therefore not part of a
 * context: it comes back with the masking state the caller restores.
 */
#ifndef TACTUS_ARM_PORT_INLINE_H
#define TACTUS_ARM_PORT_INLINE_H

#ifdef __cplusplus
extern "C" {
extern unsigned int tx_arm_cpu_index; /* a per-CPU variable: this CPU's index */
}
#define TX_PORT_INLINE_FAST_PATHS 1
#define TX_PORT_FAST_PATH static inline
#elif defined(TX_PORT_FAST_PATH)
#include "port_internal.h" /* the same variable, as the kernel's C declares it */
#else
#error "C code calls the out-of-line functions of arch/port.h: only port.c includes this header"
#endif

/* The ISB keeps the read from being taken early (the ARM ARM's rule for
 * the generic counter). */
TX_PORT_FAST_PATH uint64_t tx_port_now(void)
{
	uint64_t v;

	asm volatile("isb\n\tmrrc p15, 0, %Q0, %R0, c14" : "=r"(v) : : "memory");
	return v;
}

/* CNTP_CVAL, then CNTP_CTL (1 = enable, interrupt not masked; 0 = off),
 * then an ISB so that the new setting holds before we go on (e.g. unmask).
 * The timer's FIQ is level triggered: it drops when CVAL moves past the
 * count or the timer is off. */
static inline void tx_arm_write_timer(uint64_t cval, uint32_t ctl)
{
	asm volatile("mcrr p15, 2, %Q0, %R0, c14\n\t"
		     "mcr p15, 0, %1, c14, c2, 1\n\t"
		     "isb"
		     : : "r"(cval), "r"(ctl) : "memory");
}

TX_PORT_FAST_PATH void tx_port_timer_program(uint64_t deadline) { tx_arm_write_timer(deadline, 1); }
TX_PORT_FAST_PATH void tx_port_timer_stop(void) { tx_arm_write_timer(0, 0); }

/* Bit 0: was masked (CPSR.F set). Bit 1: Linux's interrupts were on
 * (CPSR.I clear), given back at unmask; as on x86, a nested save returns 1
 * and its restore changes nothing. */
TX_PORT_FAST_PATH unsigned long tx_port_irq_save(void)
{
	unsigned long cpsr;

	asm volatile("mrs %0, cpsr\n\tcpsid if" : "=r"(cpsr) : : "memory");
	if (cpsr & 0x40)
		return 1;
	return (cpsr & 0x80) ? 0 : 2;
}

TX_PORT_FAST_PATH void tx_port_irq_restore(unsigned long state)
{
	if (state & 1)
		return;
	if (state & 2)
		asm volatile("cpsie if" : : : "memory");
	else
		asm volatile("cpsie f" : : : "memory");
}

/* From our own per-CPU variable (TPIDRPRW holds this CPU's per-CPU offset):
 * never through 'current', which a real-time task does not own. Volatile,
 * so that a value is not reused across a context switch. */
TX_PORT_FAST_PATH unsigned tx_port_cpu(void)
{
	unsigned long offset;

	asm volatile("mrc p15, 0, %0, c13, c0, 4" : "=r"(offset));
	return *(const unsigned int *)((const char *)&tx_arm_cpu_index + offset);
}

#endif /* TACTUS_ARM_PORT_INLINE_H */
