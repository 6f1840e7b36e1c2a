/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hal/linux/port_services.h - what the arch-independent half of
 * tactus_hal.ko (hal_module.c) gives a kernel port (the C of arch/<arch>/), on
 * top of hal/hal.h. The port's own side, the tx_arch_* hooks, is part of
 * the contract: arch/port.h.
 */
#ifndef TACTUS_PORT_SERVICES_H
#define TACTUS_PORT_SERVICES_H

#include "../hal.h"
#include "tactus_hal.h" /* struct tx_core_ops, struct tx_hal_stats */

/* The attached scheduler's entry points (the tx_core_* of hal/hal.h), or
 * NULL: the port calls the core through it. Read in NMI context. */
extern const struct tx_core_ops *tx_hal_core;

/* Queue the HAL's irq_work, which runs tx_core_linux_work() in Linux
 * context. From the port's NMI handler only, where Linux's NMI entry made
 * RCU watch (see tx_arch_linux_kick). Bound: O(1), lock-free. */
void tx_hal_raise_linux_work(void);

#endif /* TACTUS_PORT_SERVICES_H */
