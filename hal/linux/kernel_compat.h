/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hal/linux/kernel_compat.h - Linux interfaces the module glue uses that
 * changed between the kernels Tactus builds for (6.12, and 6.1 on x86_64:
 * Debian 12's default). Names and signatures only; the architecture ports
 * keep theirs (arch/x86/kernel_compat.h).
 */
#ifndef TACTUS_HAL_LINUX_KERNEL_COMPAT_H
#define TACTUS_HAL_LINUX_KERNEL_COMPAT_H

#include <linux/device.h>
#include <linux/version.h>

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 2, 0)
/* 6.2 made a device type's devnode take a const device. */
#define TX_DEVNODE_DEVICE struct device
#else
#define TX_DEVNODE_DEVICE const struct device
#endif

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 4, 0)
/* 6.4 dropped class_create's module argument. */
#define tx_class_create(name) class_create(THIS_MODULE, (name))
#else
#define tx_class_create(name) class_create(name)
#endif

#endif /* TACTUS_HAL_LINUX_KERNEL_COMPAT_H */
