/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tools/proto/arm-fiq/fiq_entry.S - the prototype's whole FIQ handler (ARM
 * state), copied into the vector page by set_fiq_handler: the vector page
 * and the kernel's linear map are in every page table at all times, while
 * module text and ioremap space are faulted into a process's table lazily,
 * and a translation fault in FIQ mode is fatal (seen: "Bad mode in prefetch
 * abort handler" when the handler was module text). So: position
 * independent, no calls, no stack, no device registers; only the banked
 * r8-r12 (r8 = this CPU's record, set by __set_fiq_regs) and CP15 timer
 * registers.
 *
 * Record (struct fiq_record in fiq_proto.c): +0 period (counts), +8 count,
 * +16 late_max, +24 late_sum (32-bit each, enough for a prototype).
 * Bound: 22 instructions, no loop.
 */
	.arm
	.text
	.globl	fiq_proto_handler_start
	.globl	fiq_proto_handler_end
fiq_proto_handler_start:
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
fiq_proto_handler_end:
