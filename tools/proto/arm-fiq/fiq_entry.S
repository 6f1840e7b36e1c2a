/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tools/proto/arm-fiq/fiq_entry.S - the prototype's FIQ entries (ARM state),
 * one of which is copied into the vector page by set_fiq_handler. The vector
 * page and the kernel's linear map are in every page table at all times;
 * module text and data, vmalloc and ioremap space are faulted into a
 * process's table lazily, and a translation fault in FIQ mode is fatal
 * (seen: "Bad mode in prefetch abort handler" when the handler was module
 * text). Hence two ways in:
 *
 * fiq_vector_only: item 1's handler, all of it in the vector page: no
 *   calls, no stack, no device registers; only the banked r8-r12 (r8 = this
 *   CPU's record, set by __set_fiq_regs) and CP15 timer registers.
 *   Record (struct fiq_record in fiq_proto.c): +0 period (counts), +8 count,
 *   +16 late_max, +24 late_sum (32-bit each). Bound: 22 instructions, no loop.
 *
 * fiq_swapper_call: the port's entry. TTBR0 is pointed at swapper_pg_dir,
 *   the kernel's master table (init_mm's, which every module, vmalloc and
 *   ioremap mapping is made in first; Linux keeps its physical address in
 *   TTBR1, unused with TTBCR.N = 0, and switches TTBR0 to it the same way
 *   in __secondary_switched), the module's C handler is called with this
 *   CPU's record (r8 = record, r9 = handler, sp = this CPU's FIQ stack in
 *   the linear map, all banked and set by __set_fiq_regs), and the
 *   interrupted TTBR0 is put back. The ASID (CONTEXTIDR) is not touched:
 *   the two tables agree on every kernel address the process table maps
 *   (its kernel entries are copies of swapper's), so no TLB entry becomes
 *   wrong; the handler touches no user address. Bound: 15 instructions
 *   around the call.
 *
 * fiq_unswapped_call: the same without the TTBR0 switch, to show why it is
 *   needed (run.sh --negative: expected to die in FIQ mode).
 */
	.arm
	.text
	.globl	fiq_vector_only_start
	.globl	fiq_vector_only_end
fiq_vector_only_start:
	mrrc	p15, 0, r10, r11, c14	/* now = CNTPCT */
	mrrc	p15, 2, r12, r9, c14	/* due = CNTP_CVAL */
	subs	r10, r10, r12		/* late (low word; the FIQ comes after due) */
	ldr	r11, [r8, #8]
	add	r11, r11, #1
	str	r11, [r8, #8]		/* count++ */
	ldr	r11, [r8, #24]
	add	r11, r11, r10
	str	r11, [r8, #24]		/* late_sum += late */
	ldr	r11, [r8, #16]
	cmp	r10, r11
	strhi	r10, [r8, #16]		/* late_max */
	ldr	r10, [r8, #0]
	adds	r12, r12, r10
	adc	r9, r9, #0		/* next = due + period */
	mrrc	p15, 0, r10, r11, c14	/* now again */
	cmp	r9, r11
	cmpeq	r12, r10
	bhi	1f			/* next > now: keep the phase */
	ldr	r12, [r8, #0]
	adds	r12, r10, r12
	adc	r9, r11, #0		/* a missed period is skipped: now + period */
1:	mcrr	p15, 2, r12, r9, c14	/* CNTP_CVAL = next: the level drops */
	isb
	subs	pc, lr, #4		/* back, CPSR from SPSR_fiq */
fiq_vector_only_end:

	.globl	fiq_swapper_call_start
	.globl	fiq_swapper_call_end
fiq_swapper_call_start:
	mrc	p15, 0, r10, c2, c0, 0	/* the interrupted context's TTBR0 */
	mrc	p15, 0, r11, c2, c0, 1	/* TTBR1 = swapper_pg_dir | flags */
	mcr	p15, 0, r11, c2, c0, 0
	isb
	push	{r0-r3, r12, lr}	/* the unbanked caller-saved, lr_fiq; 24 bytes keep sp 8-aligned */
	mov	r0, r8
	mov	r1, r10			/* the handler counts FIQs whose table lacked it */
	blx	r9			/* r8-r11 are callee-saved: r10 survives */
	pop	{r0-r3, r12, lr}
	mcr	p15, 0, r10, c2, c0, 0
	isb
	subs	pc, lr, #4
fiq_swapper_call_end:

	.globl	fiq_unswapped_call_start
	.globl	fiq_unswapped_call_end
fiq_unswapped_call_start:
	push	{r0-r3, r12, lr}
	mov	r0, r8
	mov	r1, #0
	blx	r9
	pop	{r0-r3, r12, lr}
	subs	pc, lr, #4
fiq_unswapped_call_end:

/*
 * entries 3-4: the switch from a FIQ into a task and back
 * (docs/arm-fiq-plan.md, "The switch"). The record's first words (struct
 * switch_area in fiq_proto.c): +0 Linux's r0-r12, sp_usr, lr_usr; +60 pc;
 * +64 cpsr; +68 TTBR0; +72 sp_svc, +76 lr_svc, +80 spsr_svc; +84 the task's
 * r4-r11, sp, lr; +124 fiq_to_task; +128 the address of fiq_switch_tail in
 * the vector page; +132 SCTLR; +136 lr_abt, +140 spsr_abt, +144 lr_und,
 * +148 spsr_und; +152 the SCTLR bits cleared while the task runs (V for
 * entry 4: its exceptions go to task_vectors); +156 a task fault's pc,
 * +160 address, +164 status, +168 kind (1 undefined, 3 prefetch abort,
 * 4 data abort). The handler returns nonzero to switch to the task.
 */
	.globl	fiq_switch_entry_start
	.globl	fiq_switch_tail
	.globl	fiq_switch_entry_end
fiq_switch_entry_start:
	mrc	p15, 0, r10, c2, c0, 0
	mrc	p15, 0, r11, c2, c0, 1
	mcr	p15, 0, r11, c2, c0, 0
	isb
	push	{r0-r3, r12, lr}
	mov	r0, r8
	mov	r1, r10
	blx	r9
	movs	r11, r0
	pop	{r0-r3, r12, lr}
	ldrne	pc, [r8, #124]		/* fiq_to_task: module text, under swapper */
	mcr	p15, 0, r10, c2, c0, 0
	isb
	subs	pc, lr, #4
/* From restore_linux: FIQ mode, r11 = Linux's TTBR0, r12 = its SCTLR, lr =
 * its pc, spsr = its cpsr, every other register Linux's. Here because the
 * code after the TTBR0 write must be mapped in Linux's table too. */
fiq_switch_tail:
	mcr	p15, 0, r12, c1, c0, 0
	mcr	p15, 0, r11, c2, c0, 0
	isb
	movs	pc, lr
fiq_switch_entry_end:

/* Module text, FIQ mode, TTBR0 = swapper: r0-r7 Linux's, r8 = record,
 * r10 = Linux's TTBR0, lr = Linux's pc + 4, spsr = its cpsr. Saves Linux's
 * context (with the abort and undefined banks a task's fault would
 * overwrite) and resumes the task in SVC mode (I set, F clear). Bound: 32
 * instructions. */
	.globl	fiq_to_task
fiq_to_task:
	stmia	r8, {r0-r14}^		/* the shared r0-r7, the user bank's r8-r14 */
	nop				/* no banked register right after an STM^ */
	sub	r11, lr, #4
	str	r11, [r8, #60]
	mrs	r11, spsr
	str	r11, [r8, #64]
	str	r10, [r8, #68]
	mrc	p15, 0, r11, c1, c0, 0
	str	r11, [r8, #132]
	ldr	r12, [r8, #152]
	bic	r11, r11, r12
	mcr	p15, 0, r11, c1, c0, 0	/* entry 4: the task's exceptions to VBAR */
	isb
	mov	r0, r8
	msr	cpsr_c, #0xd7		/* ABT, I and F set */
	str	lr, [r0, #136]
	mrs	r1, spsr
	str	r1, [r0, #140]
	msr	cpsr_c, #0xdb		/* UND */
	str	lr, [r0, #144]
	mrs	r1, spsr
	str	r1, [r0, #148]
	msr	cpsr_c, #0xd3		/* SVC */
	str	sp, [r0, #72]
	str	lr, [r0, #76]
	mrs	r1, spsr
	str	r1, [r0, #80]
	add	r0, r0, #84
	ldmia	r0, {r4-r11, sp, lr}
	cpsie	f
	bx	lr

/* void proto_task_to_linux(u32 *task_regs, void *record): SVC mode, FIQ
 * masked by the caller, TTBR0 = swapper. Saves the task's callee-saved
 * context (it resumes by returning from this call) and restores Linux's
 * (restore_linux), ending in the vector page's tail. Bound: 28
 * instructions. */
	.globl	proto_task_to_linux
proto_task_to_linux:
	stmia	r0, {r4-r11, sp, lr}
/* Any privileged mode but FIQ, FIQ masked, r1 = record, TTBR0 = swapper. */
restore_linux:
	msr	cpsr_c, #0xd7		/* ABT */
	ldr	lr, [r1, #136]
	ldr	r2, [r1, #140]
	msr	spsr_cxsf, r2
	msr	cpsr_c, #0xdb		/* UND */
	ldr	lr, [r1, #144]
	ldr	r2, [r1, #148]
	msr	spsr_cxsf, r2
	msr	cpsr_c, #0xd3		/* SVC */
	ldr	sp, [r1, #72]
	ldr	lr, [r1, #76]
	ldr	r2, [r1, #80]
	msr	spsr_cxsf, r2
	msr	cpsr_c, #0xd1		/* FIQ, I and F set */
	ldr	r10, [r1, #128]
	ldr	r11, [r1, #68]
	ldr	r12, [r1, #132]
	ldr	r2, [r1, #64]
	msr	spsr_cxsf, r2
	ldr	lr, [r1, #60]
	add	r0, r1, #32
	ldmia	r0, {r8-r14}^		/* the user bank's r8-r14 */
	nop
	ldmia	r1, {r0-r7}
	bx	r10

/* entry 4: the vectors while a task runs (SCTLR.V clear, VBAR here; module
 * text is mapped: TTBR0 = swapper). A fault stops the task: recorded in
 * its CPU's record (task_fault_records[cpu]) and Linux's context restored,
 * whatever Linux was doing, without entering Linux's abort path. A task
 * makes no SVC and runs with IRQs masked: those vectors spin. */
	.align	5
	.globl	task_vectors
task_vectors:
	b	.
	b	task_und
	b	.
	b	task_pabt
	b	task_dabt
	b	.
	b	.
	b	fiq_switch_entry_start
task_und:
	sub	r0, lr, #4
	mov	r2, #0
	mov	r4, #0
	mov	r3, #1
	b	task_fault
task_pabt:
	sub	r0, lr, #4
	mrc	p15, 0, r2, c6, c0, 2	/* IFAR */
	mrc	p15, 0, r4, c5, c0, 1	/* IFSR */
	mov	r3, #3
	b	task_fault
task_dabt:
	sub	r0, lr, #8
	mrc	p15, 0, r2, c6, c0, 0	/* DFAR */
	mrc	p15, 0, r4, c5, c0, 0	/* DFSR */
	mov	r3, #4
/* ABT or UND mode: the stopped task's registers are free. r0 pc, r2
 * address, r3 kind, r4 status. */
task_fault:
	cpsid	f
	mrc	p15, 0, r1, c0, c0, 5	/* MPIDR */
	and	r1, r1, #3
	ldr	r5, =task_fault_records
	ldr	r1, [r5, r1, lsl #2]
	str	r0, [r1, #156]
	str	r2, [r1, #160]
	str	r4, [r1, #164]
	str	r3, [r1, #168]
	b	restore_linux
	.ltorg
