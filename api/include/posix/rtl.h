/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rtl.h - RTLinux's basic header on Tactus: rtl_printf and rtl_getcpuid,
 * and the rest of the RTLinux API (rtl_sched.h, rtl_fifo.h, rtl_time.h).
 */
#ifndef TACTUS_RTL_H
#define TACTUS_RTL_H

#include "rtl_fifo.h"
#include "rtl_sched.h"
#include "rtl_time.h"

#ifndef __KERNEL__
#include <tactus/posix_host_names.h>
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* printk from any context, a real-time thread included (rt_printk: the
 * line is queued and printed by Linux). Returns the number of characters
 * queued. */
int rtl_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The CPU the caller runs on. */
int rtl_getcpuid(void);

#ifdef __cplusplus
}
#endif

#endif /* TACTUS_RTL_H */
