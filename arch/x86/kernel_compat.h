/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arch/x86/kernel_compat.h - what the x86_64 port uses under another name in
 * the older kernel it supports (Debian 12's 6.1) than in 6.12. Only names;
 * what the port relies on of the kernel's behaviour is checked at load
 * (checks.c) and written down in docs/x86_64-port.md, "Kernels".
 */
#ifndef TACTUS_X86_KERNEL_COMPAT_H
#define TACTUS_X86_KERNEL_COMPAT_H

#include <linux/compiler.h>
#include <linux/version.h>
#include <asm/apic.h>
#include <asm/irq_vectors.h> /* NMI_VECTOR: through apic.h in 6.12 only */

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 1, 0) || \
	(LINUX_VERSION_CODE >= KERNEL_VERSION(6, 2, 0) && LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)) || \
	LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
#error "the x86_64 port supports the NMI entry of Linux 6.1 and 6.12 (docs/x86_64-port.md, Kernels)"
#endif

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
/* 6.1: the apic driver's method (6.5 made it a static call). */
#define __apic_send_IPI_mask(mask, vector) apic->send_IPI_mask((mask), (vector))
/* 6.1: no attribute macro yet (6.3 added it); GCC's attribute. */
#ifndef __no_stack_protector
#define __no_stack_protector __attribute__((__no_stack_protector__))
#endif
#endif

#endif /* TACTUS_X86_KERNEL_COMPAT_H */
