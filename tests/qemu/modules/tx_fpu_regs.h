/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tests/qemu/modules/tx_fpu_regs.h - the register check of the FPU test,
 * shared by the real-time tasks (tx_fpu_calc.c, kernel) and the user
 * program they preempt (user/tx_fpu_user.c): no headers, inline asm only.
 *
 * regs_check(seed, spins) fills every SIMD register with a pattern derived
 * from 'seed' (register i: low half seed + i, high half ~(seed + i); arm64:
 * the 32 V registers, x86_64: the 16 XMM registers, 32-bit ARM: the 32 D
 * registers), spins 'spins'
 * iterations touching only general registers (a preemption may come at any
 * moment), then compares every register with the pattern. Returns the
 * number of wrong halves.
 */
#ifndef TX_FPU_REGS_H
#define TX_FPU_REGS_H

#if defined(__aarch64__)
#define TX_IRP_0_31 "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31"

static long regs_check(unsigned long seed, unsigned long spins)
{
	unsigned long bad;

	__asm__ volatile(".irp i," TX_IRP_0_31 "\n"
			 "	add	x9, %[seed], #\\i\n"
			 "	fmov	d\\i, x9\n"
			 "	mvn	x10, x9\n"
			 "	mov	v\\i\\().d[1], x10\n"
			 ".endr\n"
			 "	mov	x11, %[spins]\n"
			 "1:	subs	x11, x11, #1\n"
			 "	b.hi	1b\n"
			 "	mov	%[bad], #0\n"
			 ".irp i," TX_IRP_0_31 "\n"
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
#define TX_IRP_0_15 "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15"

/* Through memory: SSE2 has no instruction that moves a general register
 * into the high half of an XMM register. */
static long regs_check(unsigned long seed, unsigned long spins)
{
	unsigned long in[32], out[32];
	long bad = 0;
	int i;

	for (i = 0; i < 16; i++) {
		in[2 * i] = seed + i;
		in[2 * i + 1] = ~(seed + i);
	}
	__asm__ volatile(".irp i," TX_IRP_0_15 "\n"
			 "	movdqu	\\i*16(%[in]), %%xmm\\i\n"
			 ".endr\n"
			 "1:	sub	$1, %[spins]\n"
			 "	ja	1b\n"
			 ".irp i," TX_IRP_0_15 "\n"
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

#elif defined(__arm__)

/* Through memory, as on x86: one VLDM/VSTM per half of the register file
 * (d16-d31 exist on every CPU the arm port loads on). */
static long regs_check(unsigned long seed, unsigned long spins)
{
	unsigned long in[64], out[64];
	long bad = 0;
	int i;

	for (i = 0; i < 32; i++) {
		in[2 * i] = seed + i;
		in[2 * i + 1] = ~(seed + i);
	}
	__asm__ volatile("	vldmia	%[in], {d0-d15}\n"
			 "	vldmia	%[in_hi], {d16-d31}\n"
			 "1:	subs	%[spins], %[spins], #1\n"
			 "	bhi	1b\n"
			 "	vstmia	%[out], {d0-d15}\n"
			 "	vstmia	%[out_hi], {d16-d31}\n"
			 : [spins] "+r"(spins)
			 : [in] "r"(in), [in_hi] "r"(in + 32), [out] "r"(out), [out_hi] "r"(out + 32)
			 : "cc", "memory", "d0", "d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8", "d9", "d10", "d11",
			   "d12", "d13", "d14", "d15", "d16", "d17", "d18", "d19", "d20", "d21", "d22", "d23", "d24",
			   "d25", "d26", "d27", "d28", "d29", "d30", "d31");
	for (i = 0; i < 64; i++)
		bad += in[i] != out[i];
	return bad;
}

#else
#error "tx_fpu_regs.h: arm64, x86_64 or 32-bit arm"
#endif

#endif /* TX_FPU_REGS_H */
