// SPDX-License-Identifier: GPL-2.0
/*
 * tests/qemu/modules/tx_fpu_calc.c - the FP bodies of the tx_fpu tasks,
 * compiled with the FPU flags (TACTUS_FPU_OBJS in the Kbuild, recipe in
 * mk/tactus-fpu.mk). Only rtai_sched.h and integer results cross to the
 * normally compiled tx_fpu_main.c.
 */
#include <rtai_sched.h>

#include "tx_fpu.h"

#ifdef __aarch64__
#define IRP_0_31 "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31"

/*
 * Fill all 32 SIMD registers with a pattern derived from 'seed' (v_i.d[0] =
 * seed + i, v_i.d[1] = ~(seed + i)), spin 'spins' iterations touching only
 * general registers (a preemption may come at any moment), then compare
 * every register with the pattern. Returns the number of wrong halves.
 */
static long regs_check(unsigned long seed, unsigned long spins)
{
	unsigned long bad;

	asm volatile(".irp i," IRP_0_31 "\n"
		     "	add	x9, %[seed], #\\i\n"
		     "	fmov	d\\i, x9\n"
		     "	mvn	x10, x9\n"
		     "	mov	v\\i\\().d[1], x10\n"
		     ".endr\n"
		     "	mov	x11, %[spins]\n"
		     "1:	subs	x11, x11, #1\n"
		     "	b.hi	1b\n"
		     "	mov	%[bad], #0\n"
		     ".irp i," IRP_0_31 "\n"
		     "	add	x9, %[seed], #\\i\n"
		     "	fmov	x10, d\\i\n"
		     "	cmp	x9, x10\n"
		     "	cinc	%[bad], %[bad], ne\n"
		     "	mvn	x9, x9\n"
		     "	mov	x10, v\\i\\().d[1]\n"
		     "	cmp	x9, x10\n"
		     "	cinc	%[bad], %[bad], ne\n"
		     ".endr\n"
		     : [bad] "=&r"(bad)
		     : [seed] "r"(seed), [spins] "r"(spins)
		     : "x9", "x10", "x11", "cc", "memory", "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8",
		       "v9", "v10", "v11", "v12", "v13", "v14", "v15", "v16", "v17", "v18", "v19", "v20", "v21",
		       "v22", "v23", "v24", "v25", "v26", "v27", "v28", "v29", "v30", "v31");
	return bad;
}

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

#else /* x86_64: SSE2 */
/*
 * Fill all 16 XMM registers with a pattern derived from 'seed' (xmm_i low
 * half = seed + i, high half = ~(seed + i)), spin 'spins' iterations
 * touching only general registers (a preemption may come at any moment),
 * then store every register and compare with the pattern. Returns the
 * number of wrong halves.
 */
#define IRP_0_15 "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15"

static long regs_check(unsigned long seed, unsigned long spins)
{
	unsigned long in[32], out[32], bad = 0;
	int i;

	for (i = 0; i < 16; i++) {
		in[2 * i] = seed + i;
		in[2 * i + 1] = ~(seed + i);
	}
	asm volatile(".irp i," IRP_0_15 "\n"
		     "	movdqu	\\i*16(%[in]), %%xmm\\i\n"
		     ".endr\n"
		     "1:	sub	$1, %[spins]\n"
		     "	ja	1b\n"
		     ".irp i," IRP_0_15 "\n"
		     "	movdqu	%%xmm\\i, \\i*16(%[out])\n"
		     ".endr\n"
		     : [spins] "+r"(spins)
		     : [in] "r"(in), [out] "r"(out)
		     : "cc", "memory", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8",
		       "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15");
	for (i = 0; i < 32; i++)
		bad += in[i] != out[i];
	return bad;
}

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
