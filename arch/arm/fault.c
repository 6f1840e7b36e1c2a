// SPDX-License-Identifier: GPL-2.0
/*
 * arch/arm/fault.c - fault containment (arch/port.h tx_arch_fault_init) on
 * the 32-bit ARM port: not hooked yet. A fault in a real-time task is
 * Linux's (an oops) until the port sends a task's exceptions to its own
 * vectors, as issue 18's prototype did (docs/arm-fiq-plan.md, "A task's
 * fault"); the HAL warns at load that faults stay Linux's.
 */
#include <linux/errno.h>
#include <linux/printk.h>

#include "../../arch/port.h"

int tx_arch_fault_init(void)
{
	pr_warn("tactus: the arm port does not contain faults of real-time tasks yet: such a fault is Linux's oops\n");
	return -EOPNOTSUPP;
}

void tx_arch_fault_exit(void) { }
