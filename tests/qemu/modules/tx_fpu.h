/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tests/qemu/modules/tx_fpu.h - the interface between tx_fpu_main.c (Linux
 * side, compiled normally) and tx_fpu_calc.c (the FP task bodies, compiled
 * with the FPU flags of mk/tactus-fpu.mk). Integers only cross it.
 */
#ifndef TX_FPU_H
#define TX_FPU_H

/* Per task: jobs done, wrong results (registers or arithmetic), jobs that
 * found FPCR not at its default (0: round to nearest), jobs run on CPU 1. */
struct tx_fpu_stats {
	long jobs, bad, fpcr_bad, on_cpu1;
};

extern struct tx_fpu_stats tx_fpu_f1, tx_fpu_f2, tx_fpu_mig;
extern long tx_fpu_spins_f1, tx_fpu_spins_f2;

/* Task bodies (FP code). */
void tx_fpu_f1_task(long unused);  /* long jobs: all 32 registers + arithmetic */
void tx_fpu_f2_task(long unused);  /* short jobs, other patterns, preempts f1 */
void tx_fpu_mig_task(long unused); /* a double kept in a register across waits */

#endif
