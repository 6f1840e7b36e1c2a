/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arch/x86/switch.S - stack switch, task start, the return-redirection
 * trampoline and FPU save/restore of the x86_64 port (design:
 * docs/x86_64-port.md). Built by Kbuild with the kernel's headers, so
 * objtool, IBT and the return thunks see ordinary kernel assembly.
 */
#include <linux/linkage.h>
#include <linux/objtool.h>
#include <asm/asm.h>
#include <asm/nospec-branch.h>
#include <asm/unwind_hints.h>

	.text

/*
 * void tx_x86_switch_stack(uint64_t *save_sp, const uint64_t *load_sp)
 * Callee-saved registers go on the old stack, its RSP into *save_sp; the
 * new stack's RSP comes from *load_sp and its registers off it. The frame
 * is the one tx_port_context_init() builds for a new task.
 */
SYM_FUNC_START(tx_x86_switch_stack)
	pushq	%rbp
	pushq	%rbx
	pushq	%r12
	pushq	%r13
	pushq	%r14
	pushq	%r15
	movq	%rsp, (%rdi)
	movq	(%rsi), %rsp
	popq	%r15
	popq	%r14
	popq	%r13
	popq	%r12
	popq	%rbx
	popq	%rbp
	RET
SYM_FUNC_END(tx_x86_switch_stack)

/* First code of a task, "returned to" by tx_x86_switch_stack with
 * r12 = argument, r13 = entry (tx_port_context_init). Entry never returns. */
SYM_FUNC_START(tx_x86_task_start)
	pushq	$0			/* call-site alignment, and the end of backtraces */
	movq	%r12, %rdi
	CALL_NOSPEC r13
	ud2
SYM_FUNC_END(tx_x86_task_start)

/*
 * The NMI handler redirected an interrupted kernel context here (nmi.c,
 * redirect()): RSP points at an IRETQ frame of that context, built on its
 * own stack 16-byte aligned; IF is off and the co-kernel is masked. Save the
 * general registers in pt_regs order, let the scheduler run (it may switch
 * away and come back much later), restore them and IRETQ into the
 * interrupted code with its own flags.
 */
SYM_CODE_START(tx_x86_trampoline)
	UNWIND_HINT_IRET_REGS
	ENDBR
	pushq	$-1			/* orig_ax */
	pushq	%rdi
	pushq	%rsi
	pushq	%rdx
	pushq	%rcx
	pushq	%rax
	pushq	%r8
	pushq	%r9
	pushq	%r10
	pushq	%r11
	pushq	%rbx
	pushq	%rbp
	pushq	%r12
	pushq	%r13
	pushq	%r14
	pushq	%r15
	UNWIND_HINT_REGS
SYM_INNER_LABEL(tx_x86_trampoline_dispatch, SYM_L_GLOBAL)
	ANNOTATE_NOENDBR		/* reached by IRETQ or compared, never an indirect branch */
	movq	%rsp, %rdi		/* 16-byte aligned here: 21 words below an aligned frame base */
	call	tx_x86_redirected	/* returns masked */
	/*
	 * The tail: the only place where this frame's context runs unmasked
	 * before its IRETQ. An NMI here that needs a switch rewinds to
	 * tx_x86_trampoline_dispatch with RSP at the saved registers (nmi.c,
	 * rewind()) instead of nesting a new frame, so RSP stays at them until
	 * the one ADDQ: loads, not pops. The unmask is here and not in C: an
	 * NMI in C code after an unmask would nest a frame, and NMIs that
	 * phase-lock to that spot pile frames up to the stack's guard page
	 * (docs/x86_64-port.md, "Open defects", a nested unmask). NMIs that
	 * came while masked are run as at any unmask: masked again, drained,
	 * and the tail starts over. Bound: one drain per round, and a round
	 * only after an NMI came during the last one.
	 */
SYM_INNER_LABEL(tx_x86_trampoline_tail, SYM_L_GLOBAL)
	ANNOTATE_NOENDBR
	movq	$0, %gs:tx_x86_masked(%rip)
	cmpq	$0, %gs:tx_x86_pending(%rip)
	je	.Lrestore
	movq	$1, %gs:tx_x86_masked(%rip)
	call	tx_x86_drain_masked	/* RSP is still 16-byte aligned */
	jmp	tx_x86_trampoline_tail
.Lrestore:
	movq	0*8(%rsp), %r15
	movq	1*8(%rsp), %r14
	movq	2*8(%rsp), %r13
	movq	3*8(%rsp), %r12
	movq	4*8(%rsp), %rbp
	movq	5*8(%rsp), %rbx
	movq	6*8(%rsp), %r11
	movq	7*8(%rsp), %r10
	movq	8*8(%rsp), %r9
	movq	9*8(%rsp), %r8
	movq	10*8(%rsp), %rax
	movq	11*8(%rsp), %rcx
	movq	12*8(%rsp), %rdx
	movq	13*8(%rsp), %rsi
	movq	14*8(%rsp), %rdi
	addq	$16*8, %rsp		/* the registers and orig_ax */
	UNWIND_HINT_IRET_REGS
SYM_INNER_LABEL(tx_x86_trampoline_iret, SYM_L_GLOBAL)
	ANNOTATE_NOENDBR
	iretq
SYM_CODE_END(tx_x86_trampoline)

/*
 * The return switch (nmi.c, switch_at_nmi_return): exc_nmi() returns here
 * instead of to asm_exc_nmi after an NMI from user mode that needs a
 * switch. RSP is at the user context's pt_regs on the thread stack (one
 * word off 16-byte alignment), IF is off, NMIs are still blocked, and only
 * RSP is live: asm_exc_nmi's next instruction jumps to the exit that pops
 * pt_regs. tx_x86_nmi_returned() ends the blocking, dispatches and returns
 * where exc_nmi() was to return; an IRETQ goes there with IF still off.
 */
SYM_CODE_START(tx_x86_nmi_return)
	UNWIND_HINT_REGS
	ANNOTATE_NOENDBR		/* reached by RET, never an indirect branch */
	subq	$8, %rsp		/* align the call */
	call	tx_x86_nmi_returned
	addq	$8, %rsp
	movl	%ss, %ecx
	pushq	%rcx			/* SS */
	leaq	8(%rsp), %rcx
	pushq	%rcx			/* RSP: at pt_regs again */
	pushfq
	movl	%cs, %ecx
	pushq	%rcx			/* CS */
	pushq	%rax			/* RIP: in asm_exc_nmi, after its call */
	UNWIND_HINT_IRET_REGS
	iretq
SYM_CODE_END(tx_x86_nmi_return)

/* void tx_port_fpu_save(void *area), 64-byte aligned: x87, MMX, SSE state.
 * AVX upper halves are not saved: tasks compiled for Tactus FPU use are
 * built with SSE2 only (mk/tactus-fpu.mk). */
SYM_FUNC_START(tx_port_fpu_save)
	fxsave64 (%rdi)
	RET
SYM_FUNC_END(tx_port_fpu_save)

SYM_FUNC_START(tx_port_fpu_restore)
	fxrstor64 (%rdi)
	RET
SYM_FUNC_END(tx_port_fpu_restore)
