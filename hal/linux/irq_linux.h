/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hal/linux/irq_linux.h - what hal_module.c and irq_linux.c, the two
 * arch-independent C files of tactus_hal.ko, give each other for real-time
 * interrupt lines.
 */
#ifndef TACTUS_IRQ_LINUX_H
#define TACTUS_IRQ_LINUX_H

#include <linux/proc_fs.h>
#include <linux/stdarg.h>

/* irq_linux.c: the module notifier and /proc/tactus/irqs; at exit every
 * line and Linux handler left is released. */
int tx_hal_irq_linux_init(struct proc_dir_entry *dir);
void tx_hal_irq_linux_exit(void);

/* hal_module.c: wait until the HAL's irq_work (the deferred Linux work:
 * pended occurrences among it) is not running on any CPU. */
void tx_hal_linux_work_sync(void);

/* hal/rt_log.cpp: a line through the log ring (any context). */
size_t tx_rt_log_v(int level, const char *fmt, va_list ap);

#endif /* TACTUS_IRQ_LINUX_H */
