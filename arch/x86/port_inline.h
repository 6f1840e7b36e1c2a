/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arch/x86/port_inline.h - inline fast paths of the x86_64 port for the C++
 * core in kernel builds (arch/port.h includes it when Kbuild defines
 * TX_PORT_INLINE_HEADER). Same contracts as the out-of-line functions in
 * port.c; these sit on every scheduling path, where a call into another
 * module (through a retpoline and a return thunk) costs as much as their
 * body. Per-CPU variables are read %gs-relative, as Linux's this_cpu_*
 * do: the "m" operand becomes "sym(%rip)", the per-CPU offset.
 */
#ifndef TACTUS_X86_PORT_INLINE_H
#define TACTUS_X86_PORT_INLINE_H

extern "C" {
extern unsigned int tx_x86_cpu_index;  /* per-CPU: this CPU's index */
extern unsigned long tx_x86_masked;    /* per-CPU: co-kernel masking */
extern unsigned long tx_x86_pending;   /* per-CPU: NMIs that came while masked */
void tx_x86_unmask_slow(unsigned long state);
void tx_port_timer_program(uint64_t deadline);
void tx_port_timer_stop(void);
}

#define TX_PORT_INLINE_FAST_PATHS 1

static inline uint64_t tx_port_now(void)
{
	uint32_t lo, hi;

	asm volatile("lfence\n\trdtsc" : "=a"(lo), "=d"(hi) : : "memory");
	return ((uint64_t)hi << 32) | lo;
}

/* Bit 0: was masked. Bit 1: Linux's IF was on. */
static inline unsigned long tx_port_irq_save(void)
{
	unsigned long flags, masked;

	asm volatile("pushfq\n\tpopq %0\n\tcli" : "=r"(flags) : : "memory");
	asm volatile("movq %%gs:%1, %0" : "=r"(masked) : "m"(tx_x86_masked) : "memory");
	if (masked)
		return 1;
	asm volatile("movq $1, %%gs:%0" : "=m"(tx_x86_masked) : : "memory");
	return (flags & 0x200) ? 2 : 0;
}

/* NMIs that came while masked are run by the slow path, which also
 * restores IF; the check follows the store (an NMI in between sees the
 * flag clear and runs the core itself). */
static inline void tx_port_irq_restore(unsigned long state)
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

/* The asm is volatile so that a value is not reused across a switch. */
static inline unsigned tx_port_cpu(void)
{
	unsigned int cpu;

	asm volatile("movl %%gs:%1, %0" : "=r"(cpu) : "m"(tx_x86_cpu_index));
	return cpu;
}

#endif /* TACTUS_X86_PORT_INLINE_H */
