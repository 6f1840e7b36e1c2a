// SPDX-License-Identifier: GPL-2.0
/*
 * tests/qemu/modules/user/tx_fpu_user.c - the user-space half of the FPU
 * test (sched-fpu.sh): while real-time FPU tasks preempt it, fill all
 * SIMD registers with a pattern (arm64: the 32 V registers; x86_64: the 16
 * XMM registers), spin, compare; compute with exact results; and run in
 * round-toward-zero mode, checking 1/10 comes out truncated (so a lost FPCR
 * / MXCSR shows). Usage: tx_fpu_user SECONDS. Prints
 *   tx_fpu_user: iterations=N wrong=M fpcr_wrong=K
 * and exits 0 only if nothing was wrong. (Built by tools/qemu/test-qemu.sh:
 * a static binary of the guest architecture in /usr/bin.)
 */
#include <fenv.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifdef __aarch64__
#define IRP_0_31 "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31"

static long regs_check(unsigned long seed, unsigned long spins)
{
	unsigned long bad;

	__asm__ volatile(".irp i," IRP_0_31 "\n"
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
	return (long)bad;
}

#elif defined(__x86_64__)
#define IRP_0_15 "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15"

/* xmm_i low half = seed + i, high half = ~(seed + i); spin on general
 * registers only; store every XMM register and compare. */
static long regs_check(unsigned long seed, unsigned long spins)
{
	unsigned long in[32], out[32];
	long bad = 0;
	int i;

	for (i = 0; i < 16; i++) {
		in[2 * i] = seed + i;
		in[2 * i + 1] = ~(seed + i);
	}
	__asm__ volatile(".irp i," IRP_0_15 "\n"
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

#else
#error "tx_fpu_user: arm64 or x86_64"
#endif

static volatile double one = 1.0, ten = 10.0;
static volatile int n_arith = 500;

static uint64_t bits(double d)
{
	uint64_t u;

	memcpy(&u, &d, sizeof(u));
	return u;
}

static long arith(void)
{
	int n = n_arith, i;
	double sum = 0, x = 1.0;
	long bad = 0;

	/* exact in any rounding mode */
	for (i = 1; i <= n; i++)
		sum += i * 0.5;
	if (sum * 4 != (double)n * (n + 1))
		bad++;
	for (i = 0; i < 30; i++)
		x *= 1.5;
	for (i = 0; i < 30; i++)
		x /= 1.5;
	if (x != 1.0)
		bad++;
	for (i = 1; i <= n; i++)
		if (sqrt((double)i * i) != i)
			bad++;
	return bad;
}

int main(int argc, char **argv)
{
	double seconds = argc > 1 ? atof(argv[1]) : 2.0;
	struct timespec t0, t;
	uint64_t rn, rz;
	long it = 0, wrong = 0, fpcr_wrong = 0;

	fesetround(FE_TONEAREST);
	rn = bits(one / ten);
	fesetround(FE_TOWARDZERO);
	rz = bits(one / ten);
	if (rn == rz) {
		printf("tx_fpu_user: cannot tell the rounding modes apart (%llx)\n", (unsigned long long)rn);
		return 2;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	do {
		wrong += regs_check(0x3000000000ul + (unsigned long)it * 64, 20000);
		wrong += arith();
		if (bits(one / ten) != rz)
			fpcr_wrong++;
		it++;
		clock_gettime(CLOCK_MONOTONIC, &t);
	} while ((double)(t.tv_sec - t0.tv_sec) + (t.tv_nsec - t0.tv_nsec) * 1e-9 < seconds);
	printf("tx_fpu_user: iterations=%ld wrong=%ld fpcr_wrong=%ld\n", it, wrong, fpcr_wrong);
	return wrong || fpcr_wrong || it == 0;
}
