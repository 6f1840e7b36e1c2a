/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hal/linux/arch_hooks.h - what a kernel port (arch/<arch>/) gives the
 * arch-independent part of tactus_hal.ko, besides the tx_port_* functions
 * of arch/port.h. Everything here runs in Linux context.
 */
#ifndef TACTUS_ARCH_HOOKS_H
#define TACTUS_ARCH_HOOKS_H

#include "tactus_hal.h"

/* Probe the hardware and claim the co-kernel's interrupt sources; on any
 * missing feature, log one line naming it and fail with nothing claimed. */
int tx_arch_init(void);
void tx_arch_exit(void);

/* Per-CPU setup and teardown, run on that CPU (CPU hotplug callbacks). */
int tx_arch_cpu_online(unsigned int cpu);
void tx_arch_cpu_offline(unsigned int cpu);

/* Stop the co-kernel timer on this CPU (called on every CPU at detach). */
void tx_arch_stop_timer_here(void);

const char *tx_arch_describe(void);
void tx_arch_stats(unsigned int cpu, struct tx_hal_stats *out);

/* Have tx_hal_raise_linux_work() called on this CPU from the port's NMI
 * handler (a self NMI-class IPI): safe from any context, masked or not. */
void tx_arch_linux_kick(void);
void tx_hal_raise_linux_work(void);

/* The attached scheduler, or NULL; read in NMI context. */
extern const struct tx_core_ops *tx_hal_core;

#endif /* TACTUS_ARCH_HOOKS_H */
