/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arch/arm64/switch.S - context switch, task start, the return-redirection
 * trampoline and FP/SIMD save/restore of the arm64 port.
 *
 * System registers are named by encoding so that no kernel header is needed:
 *   ICC_PMR_EL1 = S3_0_C4_C6_0 (GICv3 priority mask: Linux's irq masking).
 */
#define ICC_PMR_EL1 S3_0_C4_C6_0

	.text

/*
 * void tx_port_switch(struct tx_port_context *from, struct tx_port_context *to)
 * Called with PSTATE.I set. Context words: x19..x28, fp, lr, sp, PMR.
 * PMR is part of a context: Linux gets its own interrupt mask back, tasks
 * run with Linux's interrupts masked. FP/SIMD registers are not touched.
 */
	.globl	tx_port_switch
	.type	tx_port_switch, %function
tx_port_switch:
	mov	x9, sp
	mrs	x10, ICC_PMR_EL1
	stp	x19, x20, [x0, #0]
	stp	x21, x22, [x0, #16]
	stp	x23, x24, [x0, #32]
	stp	x25, x26, [x0, #48]
	stp	x27, x28, [x0, #64]
	stp	x29, x30, [x0, #80]
	stp	x9, x10, [x0, #96]
	ldp	x19, x20, [x1, #0]
	ldp	x21, x22, [x1, #16]
	ldp	x23, x24, [x1, #32]
	ldp	x25, x26, [x1, #48]
	ldp	x27, x28, [x1, #64]
	ldp	x29, x30, [x1, #80]
	ldp	x9, x10, [x1, #96]
	mov	sp, x9
	msr	ICC_PMR_EL1, x10
	dsb	sy			/* the new mask is in force before we go on */
	ret
	.size	tx_port_switch, .-tx_port_switch

/* First code of a task: x19 = entry, x20 = argument (tx_port_context_init). */
	.globl	tx_arm64_task_start
	.type	tx_arm64_task_start, %function
tx_arm64_task_start:
	mov	x0, x20
	blr	x19
	brk	#0x1000			/* entry never returns */
	.size	tx_arm64_task_start, .-tx_arm64_task_start

/*
 * An NMI handler redirected an interrupted context here (port.c,
 * redirect()): we run at EL1 on the interrupted stack with all its
 * registers, PSTATE.I and F set, PMR = the interrupted mask. Save every
 * general register below the interrupted SP (arm64 Linux has no red zone),
 * let the scheduler switch away (port.c, tx_arm64_redirected()), and when
 * this context is chosen again put PC, PSTATE and PMR back exactly and
 * return into the interrupted code.
 *
 * Frame (struct tx_arm64_frame, 272 bytes): x0..x30, pc, pstate, pmr.
 */
#define FRAME_PC	248
#define FRAME_PSTATE	256
#define FRAME_PMR	264
#define FRAME_SIZE	272

	.globl	tx_arm64_trampoline
	.type	tx_arm64_trampoline, %function
tx_arm64_trampoline:
	sub	sp, sp, #FRAME_SIZE
	stp	x0, x1, [sp, #0]
	stp	x2, x3, [sp, #16]
	stp	x4, x5, [sp, #32]
	stp	x6, x7, [sp, #48]
	stp	x8, x9, [sp, #64]
	stp	x10, x11, [sp, #80]
	stp	x12, x13, [sp, #96]
	stp	x14, x15, [sp, #112]
	stp	x16, x17, [sp, #128]
	stp	x18, x19, [sp, #144]
	stp	x20, x21, [sp, #160]
	stp	x22, x23, [sp, #176]
	stp	x24, x25, [sp, #192]
	stp	x26, x27, [sp, #208]
	stp	x28, x29, [sp, #224]
	str	x30, [sp, #240]
	mov	x0, sp
	bl	tx_arm64_redirected	/* fills pc/pstate/pmr, dispatches */
	ldr	x0, [sp, #FRAME_PC]
	ldr	x1, [sp, #FRAME_PSTATE]
	ldr	x2, [sp, #FRAME_PMR]
	msr	daifset, #0xf		/* nothing may clobber ELR/SPSR now */
	msr	ICC_PMR_EL1, x2
	dsb	sy
	msr	elr_el1, x0
	msr	spsr_el1, x1
	ldp	x0, x1, [sp, #0]
	ldp	x2, x3, [sp, #16]
	ldp	x4, x5, [sp, #32]
	ldp	x6, x7, [sp, #48]
	ldp	x8, x9, [sp, #64]
	ldp	x10, x11, [sp, #80]
	ldp	x12, x13, [sp, #96]
	ldp	x14, x15, [sp, #112]
	ldp	x16, x17, [sp, #128]
	ldp	x18, x19, [sp, #144]
	ldp	x20, x21, [sp, #160]
	ldp	x22, x23, [sp, #176]
	ldp	x24, x25, [sp, #192]
	ldp	x26, x27, [sp, #208]
	ldp	x28, x29, [sp, #224]
	ldr	x30, [sp, #240]
	add	sp, sp, #FRAME_SIZE
	eret
	.size	tx_arm64_trampoline, .-tx_arm64_trampoline

/*
 * The IRQ-return switch (port.c, switch_at_irq_return): gic_handle_irq()
 * returns here instead of to its caller, after an NMI that could not
 * redirect. Linux's interrupts are masked by PMR, DAIF.I and F clear, and
 * only the callee-saved registers are live (a function return): mask as the
 * trampoline does, let tx_arm64_irq_returned() dispatch, and when this
 * context is chosen again put DAIF back and return where gic_handle_irq()
 * was to return. Frame: a frame record (fp, 0: the return address is not
 * known here) and DAIF.
 */
	.globl	tx_arm64_irq_return
	.type	tx_arm64_irq_return, %function
tx_arm64_irq_return:
	mrs	x1, daif
	msr	daifset, #3		/* I and F: the co-kernel's mask (port_inline.h) */
	stp	x29, xzr, [sp, #-32]!
	mov	x29, sp
	str	x1, [sp, #16]
	bl	tx_arm64_irq_returned	/* dispatches; returns the real return address */
	mov	x30, x0
	ldr	x1, [sp, #16]
	ldr	x29, [sp], #32
	msr	daif, x1
	ret
	.size	tx_arm64_irq_return, .-tx_arm64_irq_return

/*
 * FP/SIMD state: q0..q31 (512 bytes), then FPSR and FPCR (8 bytes each).
 * void tx_port_fpu_save(void *area); void tx_port_fpu_restore(const void *area)
 */
	.arch_extension fp
	.arch_extension simd

	.globl	tx_port_fpu_save
	.type	tx_port_fpu_save, %function
tx_port_fpu_save:
	stp	q0, q1, [x0, #0]
	stp	q2, q3, [x0, #32]
	stp	q4, q5, [x0, #64]
	stp	q6, q7, [x0, #96]
	stp	q8, q9, [x0, #128]
	stp	q10, q11, [x0, #160]
	stp	q12, q13, [x0, #192]
	stp	q14, q15, [x0, #224]
	stp	q16, q17, [x0, #256]
	stp	q18, q19, [x0, #288]
	stp	q20, q21, [x0, #320]
	stp	q22, q23, [x0, #352]
	stp	q24, q25, [x0, #384]
	stp	q26, q27, [x0, #416]
	stp	q28, q29, [x0, #448]
	stp	q30, q31, [x0, #480]
	mrs	x1, fpsr
	mrs	x2, fpcr
	add	x0, x0, #512
	stp	x1, x2, [x0]
	ret
	.size	tx_port_fpu_save, .-tx_port_fpu_save

	.globl	tx_port_fpu_restore
	.type	tx_port_fpu_restore, %function
tx_port_fpu_restore:
	ldp	q0, q1, [x0, #0]
	ldp	q2, q3, [x0, #32]
	ldp	q4, q5, [x0, #64]
	ldp	q6, q7, [x0, #96]
	ldp	q8, q9, [x0, #128]
	ldp	q10, q11, [x0, #160]
	ldp	q12, q13, [x0, #192]
	ldp	q14, q15, [x0, #224]
	ldp	q16, q17, [x0, #256]
	ldp	q18, q19, [x0, #288]
	ldp	q20, q21, [x0, #320]
	ldp	q22, q23, [x0, #352]
	ldp	q24, q25, [x0, #384]
	ldp	q26, q27, [x0, #416]
	ldp	q28, q29, [x0, #448]
	ldp	q30, q31, [x0, #480]
	add	x0, x0, #512
	ldp	x1, x2, [x0]
	msr	fpsr, x1
	msr	fpcr, x2
	ret
	.size	tx_port_fpu_restore, .-tx_port_fpu_restore

/*
 * void tx_arm64_fault_entry(void *stack_top, void (*entry)(void))
 * Where a claimed fault's exception returns (fault.c): the EL1 exception exit
 * gives back the stack pointer of the fault, not the frame's, so the move to
 * the top of the task's stack is made here, with no frame below. Never
 * returns (entry does not).
 */
	.globl	tx_arm64_fault_entry
	.type	tx_arm64_fault_entry, %function
tx_arm64_fault_entry:
	mov	sp, x0
	mov	x29, xzr
	mov	x30, xzr
	br	x1
	.size	tx_arm64_fault_entry, .-tx_arm64_fault_entry
