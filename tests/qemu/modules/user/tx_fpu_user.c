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

#include "../tx_fpu_regs.h"

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
