/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Host port context switch (x86-64 System V).
 *
 * void tx_host_switch(uint64_t *save_sp, uint64_t *load_sp)
 *   Pushes the callee-saved registers, stores the stack pointer in
 *   *save_sp, loads *load_sp and pops the same frame. MXCSR and the x87
 *   control word are FP state: they move with tx_port_fpu_save/restore.
 *
 * tx_host_start: first "return address" of a new context (see port.cpp):
 *   r12 = argument, r13 = entry function; the stack is 16-byte aligned here.
 */
	.text
	.globl	tx_host_switch
	.type	tx_host_switch, @function
tx_host_switch:
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
	ret
	.size	tx_host_switch, .-tx_host_switch

	.globl	tx_host_start
	.type	tx_host_start, @function
tx_host_start:
	movq	%r12, %rdi
	callq	*%r13
	ud2
	.size	tx_host_start, .-tx_host_start

	.section .note.GNU-stack,"",@progbits
