/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hal/linux/fault.h - fault containment's module hooks (fault.c), for
 * hal_module.c. What the port's exception hooks call is in port_services.h.
 */
#ifndef TACTUS_HAL_FAULT_H
#define TACTUS_HAL_FAULT_H

/* Install the port's exception hooks (tx_arch_fault_init). Returns its
 * result; a failure is warned of, and faults are then Linux's. Module load,
 * after tx_arch_init. */
int tx_hal_fault_init(void);

/* Remove them. Module unload (or a failed load), before tx_arch_exit. */
void tx_hal_fault_exit(void);

#endif /* TACTUS_HAL_FAULT_H */
