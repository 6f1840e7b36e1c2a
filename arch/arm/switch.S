/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arch/arm/switch.S - the 32-bit ARM port's assembly (ARM state, ARMv7-A):
 * the FIQ stub copied into the vector page, the FIQ entry and the dispatch
 * trampoline in module text, the context switch and task start, and VFP/NEON
 * save/restore. Why the FIQ path is shaped this way: docs/arm-fiq-plan.md
 * ("The way into module code", "The switch").
 *
 * CP15 registers used: TTBR0 c2,c0,0; TTBR1 c2,c0,1 (Linux keeps
 * swapper_pg_dir there, unused with TTBCR.N = 0); TPIDRURO c13,c0,3
 * (Linux's 'current'); TPIDRPRW c13,c0,4 (this CPU's per-CPU offset).
 */
#include <linux/linkage.h>

#define MODE_FIQ_MASKED	0xd1	/* FIQ mode, I and F set */
#define MODE_SVC_MASKED	0xd3	/* SVC mode, I and F set */
#define MODE_ABT_MASKED	0xd7	/* Abort mode, I and F set */
#define MODE_UND_MASKED	0xdb	/* Undefined mode, I and F set */
#define CPU_ENTRY	0	/* struct tx_arm_cpu (port_internal.h) */
#define CPU_TAIL	4
#define CPU_RT_CURRENT	8
#define CPU_SAVED	12
#define CPU_SAVED_TPIDRURO 32

	.arm
	.text

/*
 * The FIQ stub, copied into the vector page by set_fiq_handler (port.c):
 * the vector page is mapped in every page table, module text is not (Linux
 * faults module, vmalloc and ioremap mappings into a process's table
 * lazily, and a translation fault in FIQ mode is fatal). So the stub points
 * TTBR0 at swapper_pg_dir first, keeping the interrupted TTBR0 in r10, and
 * jumps to tx_arm_fiq_entry. FIQ mode's banked r8 is this CPU's struct
 * tx_arm_cpu, sp its FIQ stack (__set_fiq_regs). The tail puts the
 * interrupted TTBR0 (r11) back and returns (lr = the interrupted pc + 4,
 * spsr = its cpsr): after that write only the vector page is sure to be
 * mapped. The ASID is not touched: both tables map kernel addresses alike
 * and the FIQ path touches no user address. Bound: 5 + 4 instructions.
 */
	.globl	tx_arm_fiq_stub
	.globl	tx_arm_fiq_stub_tail
	.globl	tx_arm_fiq_stub_end
tx_arm_fiq_stub:
	mrc	p15, 0, r10, c2, c0, 0
	mrc	p15, 0, r11, c2, c0, 1
	mcr	p15, 0, r11, c2, c0, 0
	isb
	ldr	pc, [r8, #CPU_ENTRY]
tx_arm_fiq_stub_tail:
	mcr	p15, 0, r11, c2, c0, 0
	isb
	clrex				/* no exclusive access pairs across the FIQ */
	subs	pc, lr, #4
tx_arm_fiq_stub_end:

/*
 * Module text, FIQ mode, TTBR0 = swapper_pg_dir, r10 = the interrupted
 * TTBR0. 'current' (TPIDRURO) becomes this CPU's real-time stand-in for
 * the C that follows (in user mode TPIDRURO is the process's TLS pointer,
 * and Linux's own 'current' would have its stack canary and preempt count
 * changed under it); the interrupted value waits in the banked r9. The C
 * handler (port.c) takes the FIQ's sources; it preserves the banked r8-r11
 * (callee-saved) and we save the shared r0-r3 and lr_fiq. If it asks for a
 * switch, tx_arm_fiq_switch saves the interrupted context whole and
 * dispatches; else back through the tail. Bound: 16 instructions around
 * the handler.
 */
ENTRY(tx_arm_fiq_entry)
	mrc	p15, 0, r9, c13, c0, 3
	ldr	r11, [r8, #CPU_RT_CURRENT]
	mcr	p15, 0, r11, c13, c0, 3
	push	{r0-r3, r12, lr}	/* 24 bytes: sp stays 8-aligned */
	mov	r0, r8
	bl	tx_arm_fiq_handler
	cmp	r0, #0
	pop	{r0-r3, r12, lr}
	bne	tx_arm_fiq_switch
	mcr	p15, 0, r9, c13, c0, 3
	mov	r11, r10
	ldr	pc, [r8, #CPU_TAIL]
ENDPROC(tx_arm_fiq_entry)

/*
 * The dispatch after a FIQ (arch/port.h: tx_core_dispatch() from a context
 * whose whole register state is saved). FIQ mode: every register but the
 * banked r8-r12, sp, lr is the interrupted context's; it is never FIQ mode
 * (F is set there), so in SVC mode r0-r12 are all its own (SVC banks only
 * sp and lr). The frame goes on the SVC stack below the interrupted SVC sp,
 * whatever mode was interrupted (ARM Linux keeps nothing below sp): a task's
 * own stack, or the Linux thread's kernel stack. Frame (128 bytes, 8-aligned):
 *   0 r0-r12, 52 sp_usr, 56 lr_usr, 60 lr_svc, 64 spsr_svc, 68 pc,
 *   72 cpsr, 76 TTBR0, 80 the interrupted sp_svc, 84 TPIDRURO,
 *   88 the abort mode's three stack words, lr and spsr, 108 the undefined
 *   mode's.
 * The abort and undefined banks are saved because a task's fault (fault.c)
 * goes through Linux's vectors, and the FIQ may have come while Linux (or
 * another task) was inside one of them, before its stub and svc_entry had
 * copied the mode's lr, spsr and stack words into the SVC frame: a fault in
 * the task switched to would overwrite them (on arm64 and x86 an exception
 * masks the co-kernel's interrupt until its state is saved; an ARM
 * exception leaves FIQ open). Always, not only when the interrupted pc is
 * in such a window: 24 instructions a switch, less to audit than a test of
 * the mode and of Linux's entry text, which would cost about 16.
 * The IRQ bank is not saved: tasks run with IRQs masked. Bound: 52
 * instructions to the dispatch, 37 after it.
 */
#define FRAME_USR_SP	52
#define FRAME_LR_SVC	60
#define FRAME_SPSR_SVC	64
#define FRAME_PC	68
#define FRAME_CPSR	72
#define FRAME_TTBR0	76
#define FRAME_SVC_SP	80
#define FRAME_TPIDRURO	84
#define FRAME_BANKS	88
#define FRAME_SIZE	128

/* save_bank: the three stack words, lr and spsr of 'mode' (given with I
 * and F set) stored at r0; restore_bank: put back from r0. Both advance r0,
 * use r4-r8 and leave the CPU in 'mode': the caller goes back to SVC. */
	.macro	save_bank mode
	msr	cpsr_c, #\mode
	ldmia	sp, {r4-r6}		/* sp is the mode's: Linux's three-word stack */
	mov	r7, lr
	mrs	r8, spsr
	stmia	r0!, {r4-r8}
	.endm
	.macro	restore_bank mode
	msr	cpsr_c, #\mode
	ldmia	r0!, {r4-r8}
	stmia	sp, {r4-r6}
	mov	lr, r7
	msr	spsr_cxsf, r8
	.endm

tx_arm_fiq_switch:
	add	r11, r8, #CPU_SAVED
	stmia	r11, {r0-r4}		/* the shared r0-r4, kept while r0-r4 carry the FIQ bank's values */
	ldr	r12, [r8, #CPU_RT_CURRENT]
	cmp	r9, r12
	moveq	r9, #0			/* this CPU's stand-in: "the resuming CPU's" (tx_port_switch) */
	str	r9, [r8, #CPU_SAVED_TPIDRURO]
	sub	r0, lr, #4		/* the interrupted pc */
	mrs	r1, spsr		/* its cpsr */
	mov	r2, r10			/* its TTBR0 */
	mov	r3, r11			/* where r0-r4 wait */
	msr	cpsr_c, #MODE_SVC_MASKED
	mov	r4, sp
	sub	sp, sp, #FRAME_SIZE
	bic	sp, sp, #7
	str	r4, [sp, #FRAME_SVC_SP]
	add	r4, sp, #20
	stmia	r4, {r5-r12}		/* frame r5-r12: r8-r12 are the user bank here */
	ldr	r9, [r3, #CPU_SAVED_TPIDRURO - CPU_SAVED]
	str	r9, [sp, #FRAME_TPIDRURO]
	add	r4, sp, #FRAME_USR_SP
	stmia	r4, {r13, r14}^		/* the user bank's sp, lr */
	nop				/* no banked register right after an STM^ */
	str	lr, [sp, #FRAME_LR_SVC]
	mrs	r4, spsr
	str	r4, [sp, #FRAME_SPSR_SVC]
	str	r0, [sp, #FRAME_PC]
	str	r1, [sp, #FRAME_CPSR]
	str	r2, [sp, #FRAME_TTBR0]
	ldmia	r3, {r4-r8}		/* the interrupted r0-r4 */
	stmia	sp, {r4-r8}
	add	r0, sp, #FRAME_BANKS
	save_bank MODE_ABT_MASKED
	save_bank MODE_UND_MASKED
	msr	cpsr_c, #MODE_SVC_MASKED
	bl	tx_arm_fiq_dispatch	/* returns when this context is chosen again */
/* Back: SVC mode, F set, TTBR0 = swapper (as this context was saved). The
 * SVC bank first; then in FIQ mode the return state and the user bank,
 * ending in the vector page's tail, which writes the interrupted TTBR0.
 * The frame is read after sp moved above it: nothing can write there with
 * I and F set. */
	cpsid	if
	add	r0, sp, #FRAME_BANKS
	restore_bank MODE_ABT_MASKED
	restore_bank MODE_UND_MASKED
	msr	cpsr_c, #MODE_SVC_MASKED
	mov	r0, sp
	ldr	lr, [r0, #FRAME_LR_SVC]
	ldr	r1, [r0, #FRAME_SPSR_SVC]
	msr	spsr_cxsf, r1
	ldr	sp, [r0, #FRAME_SVC_SP]
	msr	cpsr_c, #MODE_FIQ_MASKED
	ldr	r11, [r0, #FRAME_PC]
	add	lr, r11, #4		/* the tail returns to lr - 4 */
	ldr	r11, [r0, #FRAME_CPSR]
	msr	spsr_cxsf, r11
	ldr	r11, [r0, #FRAME_TTBR0]
	ldr	r10, [r8, #CPU_TAIL]
	ldr	r9, [r0, #FRAME_TPIDRURO]
	cmp	r9, #0
	ldreq	r9, [r8, #CPU_RT_CURRENT]
	mcr	p15, 0, r9, c13, c0, 3
	add	r1, r0, #32
	ldmia	r1, {r8-r14}^		/* the user bank's r8-r12, sp, lr */
	nop
	ldmia	r0, {r0-r7}
	bx	r10

/*
 * void tx_port_switch(struct tx_port_context *from, struct tx_port_context *to)
 * Called masked (CPSR.F and I set). Context words (32-bit): 0 r4-r11,
 * 8 sp, 9 lr, 10 TTBR0, 11 TPIDRURO (Linux's 'current'; 0: this CPU's
 * real-time stand-in, port.c tx_arm_rt_current). TTBR0 and TPIDRURO are
 * part of a context: a task runs under swapper_pg_dir (no lazy fault of a
 * module or vmalloc address) and with a 'current' whose stack canary and
 * CPU number stay valid whichever Linux thread runs meanwhile; Linux gets
 * its own back. A stand-in is saved as 0, so that a task that moved to
 * another CPU resumes with that CPU's (two CPUs never share one). TTBR0 is written last: after it only Linux's table is sure
 * to map this code, and a missing section is Linux's usual lazy fault,
 * taken in Linux's own restored state. CLREX: an exclusive access of the
 * context left must not pair with one of the next. Full barrier first.
 * Bound: 27 instructions.
 */
ENTRY(tx_port_switch)
	dmb	ish
	clrex
	mrc	p15, 0, r2, c2, c0, 0
	mrc	p15, 0, r3, c13, c0, 3
	stmia	r0, {r4-r11, sp, lr}
	ldr	r4, =tx_arm_rt_current
	mrc	p15, 0, r5, c13, c0, 4	/* this CPU's per-CPU offset */
	ldr	r4, [r4, r5]		/* this CPU's stand-in */
	cmp	r3, r4
	moveq	r3, #0			/* kept as "the stand-in of the CPU it resumes on" */
	str	r2, [r0, #40]
	str	r3, [r0, #44]
	ldr	r2, [r1, #40]
	ldr	r3, [r1, #44]
	cmp	r3, #0
	moveq	r3, r4
	ldmia	r1, {r4-r11, sp, lr}
	mcr	p15, 0, r3, c13, c0, 3
	mrc	p15, 0, r0, c2, c0, 0
	cmp	r0, r2
	bxeq	lr			/* the same table: no write, no ISB */
	mcr	p15, 0, r2, c2, c0, 0
	isb
	bx	lr
ENDPROC(tx_port_switch)
	.ltorg

/*
 * A task's claimed fault returns here (fault.c), as the task, in SVC mode:
 * r0 = the top of its stack, r1 = the HAL's entry, which never returns.
 */
ENTRY(tx_arm_fault_entry)
	mov	sp, r0
	mov	fp, #0			/* the end of backtraces */
	bx	r1
ENDPROC(tx_arm_fault_entry)

/* First code of a task: r4 = entry, r5 = argument (tx_port_context_init). */
ENTRY(tx_arm_task_start)
	mov	r0, r5
	blx	r4
	udf	#0			/* entry never returns */
ENDPROC(tx_arm_task_start)

/*
 * VFP/NEON state: d0-d31 (256 bytes), FPSCR, FPEXC. FPEXC.EN is set while
 * the registers move (Linux leaves VFP disabled between its own lazy
 * switches) and the context's FPEXC is what it had: Linux's lazy VFP
 * bookkeeping sees exactly the registers it left. d16-d31 exist on every
 * CPU the port loads on (port.c checks MVFR0). Bound: 10 instructions.
 */
	.fpu	neon
ENTRY(tx_port_fpu_save)
	vmrs	r1, fpexc
	orr	r2, r1, #0x40000000
	vmsr	fpexc, r2
	vstmia	r0!, {d0-d15}
	vstmia	r0!, {d16-d31}
	vmrs	r2, fpscr
	stmia	r0, {r1, r2}
	vmsr	fpexc, r1
	bx	lr
ENDPROC(tx_port_fpu_save)

ENTRY(tx_port_fpu_restore)
	vmrs	r1, fpexc
	orr	r1, r1, #0x40000000
	vmsr	fpexc, r1
	vldmia	r0!, {d0-d15}
	vldmia	r0!, {d16-d31}
	ldmia	r0, {r1, r2}
	vmsr	fpscr, r2
	vmsr	fpexc, r1
	bx	lr
ENDPROC(tx_port_fpu_restore)
