// SPDX-License-Identifier: GPL-2.0
/*
 * tests/qemu/modules/tx_fpu_calc.c - the FP bodies of the tx_fpu tasks,
 * compiled with the FPU flags (TACTUS_FPU_OBJS in the Kbuild, recipe in
 * mk/tactus-fpu.mk). Only rtai_sched.h and integer results cross to the
 * normally compiled tx_fpu_main.c.
 */
#include <rtai_sched.h>

#include "tx_fpu.h"
#include "tx_fpu_regs.h"

#ifdef __aarch64__
static unsigned long read_fpcr(void)
{
	unsigned long v;

	asm volatile("mrs %0, fpcr" : "=r"(v));
	return v;
}

/* __builtin_sqrt would call sqrt() for errno (not in the kernel). */
static double fsqrt(double x)
{
	double r;

	asm("fsqrt %d0, %d1" : "=w"(r) : "w"(x));
	return r;
}

#elif defined(__arm__)
/* FPSCR's control bits (as arm64's FPCR; its NZCV, which every compare
 * sets, and the cumulative exception flags are status), as a fresh task
 * gets them: 0 (round to nearest, no traps, no flush-to-zero). */
static unsigned long read_fpcr(void)
{
	unsigned long v;

	asm volatile("vmrs %0, fpscr" : "=r"(v));
	return v & 0x07f79f00;
}

static double fsqrt(double x)
{
	double r;

	asm("vsqrt.f64 %P0, %P1" : "=w"(r) : "w"(x));
	return r;
}

#else /* x86_64: SSE2 */
/* The SSE control register, as a fresh task gets it: 0x1f80 (all
 * exceptions masked, round to nearest); returned relative to that. */
static unsigned long read_fpcr(void)
{
	unsigned int v;

	asm volatile("stmxcsr %0" : "=m"(v));
	return v ^ 0x1f80;
}

static double fsqrt(double x)
{
	double r;

	asm("sqrtsd %1, %0" : "=x"(r) : "x"(x));
	return r;
}

#endif

/* Arithmetic with exact results: sum of i/2, 1.5^k up and down, sqrt of
 * squares. 'n' comes from memory so nothing folds at compile time. */
static long arith(volatile int *np)
{
	int n = *np, i;
	double sum = 0, x = 1.0;
	long bad = 0;

	for (i = 1; i <= n; i++)
		sum += i * 0.5;
	if (sum * 4 != (double)n * (n + 1))
		bad++;
	for (i = 0; i < 30; i++)
		x *= 1.5;
	if (x != 205891132094649.0 / 1073741824.0) /* 3^30 / 2^30 */
		bad++;
	for (i = 0; i < 30; i++)
		x /= 1.5;
	if (x != 1.0)
		bad++;
	for (i = 1; i <= n; i++)
		if (fsqrt((double)i * i) != i)
			bad++;
	return bad;
}

static volatile int n_f1 = 300, n_f2 = 40;

void tx_fpu_f1_task(long unused)
{
	unsigned long job = 0;

	for (;;) {
		if (read_fpcr() != 0)
			tx_fpu_f1.fpcr_bad++;
		tx_fpu_f1.bad += arith(&n_f1);
		tx_fpu_f1.bad += regs_check(0x1000000 + job * 64, tx_fpu_spins_f1);
		tx_fpu_f1.bad += arith(&n_f1);
		tx_fpu_f1.jobs++;
		job++;
		rt_task_wait_period();
	}
}

void tx_fpu_f2_task(long unused)
{
	unsigned long job = 0;

	for (;;) {
		if (read_fpcr() != 0)
			tx_fpu_f2.fpcr_bad++;
		tx_fpu_f2.bad += regs_check(0x7000000000ul + job * 64, tx_fpu_spins_f2);
		tx_fpu_f2.bad += arith(&n_f2);
		tx_fpu_f2.jobs++;
		job++;
		rt_task_wait_period();
	}
}

/* A double that lives in a (callee-saved) register across the waits: what
 * ordinary FP code in a periodic task does. */
void tx_fpu_mig_task(long unused)
{
	double acc = 0;
	long k = 0;

	for (;;) {
		acc += 1.0;
		k++;
		rt_task_wait_period();
		if (acc != (double)k) {
			tx_fpu_mig.bad++;
			acc = k; /* count each corruption once */
		}
		if (rtai_cpuid() == 1)
			tx_fpu_mig.on_cpu1++;
		tx_fpu_mig.jobs++;
	}
}
