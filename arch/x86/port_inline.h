/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arch/x86/port_inline.h - the fast paths of the x86_64 port (arch/port.h:
 * tx_port_now, tx_port_irq_save/restore, tx_port_cpu), written once for two
 * uses:
 *  - the C++ core of a kernel build includes this header through
 *    arch/port.h (Kbuild defines TX_PORT_INLINE_HEADER) and gets them
 *    inline: they sit on every scheduling path, where a call into another
 *    module (through a retpoline and a return thunk) costs as much as their
 *    body;
 *  - port.c includes it with TX_PORT_FAST_PATH defined empty, which makes
 *    the same bodies the out-of-line functions for C callers.
 * Per-CPU variables are read %gs-relative, as Linux's this_cpu_* do: the
 * "m" operand becomes "sym(%rip)", the per-CPU offset. Every one is O(1):
 * a few instructions, no loop (tx_port_irq_restore's slow path aside).
 */
#ifndef TACTUS_X86_PORT_INLINE_H
#define TACTUS_X86_PORT_INLINE_H

#ifdef __cplusplus
extern "C" {
extern unsigned int tx_x86_cpu_index;  /* per-CPU: this CPU's index */
extern unsigned long tx_x86_masked;    /* per-CPU: co-kernel masking */
extern unsigned long tx_x86_pending;   /* per-CPU: NMIs that came while masked */
void tx_x86_unmask_slow(unsigned long state);
/* Out of line on x86 (timer_mux.c): they take the timer lock. */
void tx_port_timer_program(uint64_t deadline);
void tx_port_timer_stop(void);
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
	uint32_t lo, hi;

	asm volatile("lfence\n\trdtsc" : "=a"(lo), "=d"(hi) : : "memory");
	return ((uint64_t)hi << 32) | lo;
}

/* Co-kernel masking is the per-CPU flag tx_x86_masked (x86 cannot mask
 * NMIs: nmi.c) plus IF. Bit 0: was masked. Bit 1: Linux's IF was on
 * (restored at unmask). */
TX_PORT_FAST_PATH unsigned long tx_port_irq_save(void)
{
	unsigned long flags, masked;

	asm volatile("pushfq\n\tpopq %0\n\tcli" : "=r"(flags) : : "memory");
	asm volatile("movq %%gs:%1, %0" : "=r"(masked) : "m"(tx_x86_masked) : "memory");
	if (masked)
		return 1;
	asm volatile("movq $1, %%gs:%0" : "=m"(tx_x86_masked) : : "memory");
	return (flags & 0x200) ? 2 : 0;
}

/* NMIs that came while masked are run by the slow path (nmi.c), which also
 * restores IF; the check follows the store (an NMI in between sees the
 * flag clear and runs the core itself). */
TX_PORT_FAST_PATH void tx_port_irq_restore(unsigned long state)
{
	unsigned long pending;

	if (state & 1)
		return;
	asm volatile("movq $0, %%gs:%0" : "=m"(tx_x86_masked) : : "memory");
	asm volatile("movq %%gs:%1, %0" : "=r"(pending) : "m"(tx_x86_pending) : "memory");
	if (pending)
		tx_x86_unmask_slow(state);
	else if (state & 2)
		asm volatile("sti" : : : "memory");
}

/* From our own per-CPU variable: never through 'current'. The asm is
 * volatile so that a value is not reused across a switch. */
TX_PORT_FAST_PATH unsigned tx_port_cpu(void)
{
	unsigned int cpu;

	asm volatile("movl %%gs:%1, %0" : "=r"(cpu) : "m"(tx_x86_cpu_index));
	return cpu;
}

#endif /* TACTUS_X86_PORT_INLINE_H */
