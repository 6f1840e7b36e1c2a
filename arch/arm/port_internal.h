/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arch/arm/port_internal.h - what the files of the 32-bit ARM port share:
 * the per-CPU area the FIQ path works in (its first words at offsets that
 * switch.S uses), the local interrupt controller, and the variable the fast
 * paths (port_inline.h) read.
 */
#ifndef TACTUS_ARM_PORT_INTERNAL_H
#define TACTUS_ARM_PORT_INTERNAL_H

#include <linux/percpu.h>
#include <linux/types.h>

#include "../../hal/linux/tactus_hal.h"

/* FIQ mode's stack: the handler, the core's timer and IPI entries. */
#define TX_ARM_FIQ_STACK_BYTES 4096

/*
 * One per CPU, in module data: FIQ mode's r8 points here (banked, set by
 * __set_fiq_regs), and the vector-page stub reads 'entry' only after it
 * pointed TTBR0 at swapper_pg_dir, where module data is always mapped.
 */
struct tx_arm_cpu {
	void *entry;        /* +0: tx_arm_fiq_entry (switch.S), module text */
	void *tail;         /* +4: the stub's return tail, in the vector page */
	struct task_struct *rt_current; /* +8: this CPU's tx_arm_rt_current */
	u32 saved_r0_r4[5]; /* +12: the interrupted r0-r4 while the dispatch frame is built */
	u32 saved_tpidruro; /* +32: the interrupted TPIDRURO, likewise */
	u32 why_core;       /* a mailbox-1 FIQ for the core (tx_port_send_ipi) */
	u32 why_linux_work; /* ... for tx_hal_raise_linux_work (tx_arch_linux_kick) */
	u32 self_test_fiqs; /* timer FIQs with no scheduler attached (the load's self-test) */
	bool online;
	struct tx_hal_stats stats;
	u8 fiq_stack[TX_ARM_FIQ_STACK_BYTES] __aligned(8);
};
#define TX_ARM_CPU_ENTRY 0
#define TX_ARM_CPU_TAIL 4
#define TX_ARM_CPU_RT_CURRENT 8
#define TX_ARM_CPU_SAVED 12
#define TX_ARM_CPU_SAVED_TPIDRURO 32

extern struct tx_arm_cpu tx_arm_cpus[NR_CPUS];

/* port.c, read by the fast paths (port_inline.h): each CPU's index. */
DECLARE_PER_CPU(unsigned int, tx_arm_cpu_index);

/* switch.S */
extern unsigned char tx_arm_fiq_stub[], tx_arm_fiq_stub_tail[], tx_arm_fiq_stub_end[];
void tx_arm_fiq_entry(void);
void tx_arm_task_start(void);

/* port.c: the C half of the FIQ path, FIQ mode, TTBR0 = swapper_pg_dir.
 * Returns nonzero when the core wants a switch (the lock kept). */
int tx_arm_fiq_handler(struct tx_arm_cpu *c);
/* port.c: SVC mode, co-kernel and Linux masked, on the interrupted
 * context's SVC stack below its saved frame (switch.S). */
void tx_arm_fiq_dispatch(void);

#endif /* TACTUS_ARM_PORT_INTERNAL_H */
