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

#include <rtai.h> /* rt_printk */

#ifndef __KERNEL__
#include <tactus/posix_host_names.h>
#endif

/* printk from any context, a real-time thread included: RTAI's rt_printk
 * (the line is queued and printed by Linux; returns the number of
 * characters queued). */
#define rtl_printf rt_printk

/*
 * RTLinux modules define init_module() and cleanup_module() by those names
 * instead of using module_init()/module_exit(). The module loader calls
 * them indirectly, and on x86 kernels with IBT, objtool seals the landing
 * pad (ENDBR) of a function whose address no one takes: the call would
 * then fault on IBT hardware (objtool warns "init_module(): not an
 * indirect call target"). Taking their addresses here, as module_init()
 * does, keeps the pads. Weak: a module without a cleanup_module, or whose
 * init_module is in another file, still links.
 */
#if defined(__KERNEL__) && defined(MODULE) && __has_include(<linux/compiler.h>)
#include <linux/compiler.h>
int init_module(void) __attribute__((weak));
void cleanup_module(void) __attribute__((weak));
static void *const tx_rtl_module_entries[] __used = { (void *)init_module, (void *)cleanup_module };
#endif

#ifdef __cplusplus
extern "C" {
#endif


/* The CPU the caller runs on. */
int rtl_getcpuid(void);

#ifdef __cplusplus
}
#endif

#endif /* TACTUS_RTL_H */
