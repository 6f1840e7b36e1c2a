/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rtai_wrappers.h - RTAI's kernel-version wrappers that clients still use
 * (RTAI 5.3): module parameters. Included by <rtai.h>, as RTAI's is.
 */
#ifndef _RTAI_WRAPPERS_H
#define _RTAI_WRAPPERS_H

/* (The core's own files are built freestanding, without Linux's headers.) */
#if defined(__KERNEL__) && __has_include(<linux/moduleparam.h>)
#include <linux/moduleparam.h>

/* A module parameter, readable by all in /sys/module (RTAI: 0444). */
#define RTAI_MODULE_PARM(name, type) module_param(name, type, 0444)

/* An array parameter of at most 'size' elements; *addr receives the count
 * given (may be NULL). Readable by root (RTAI: 0400). 'size' is implied by
 * the array, as in RTAI's own definition. */
#define RTAI_MODULE_PARM_ARRAY(name, type, addr, size) module_param_array(name, type, addr, 0400)
#endif

#endif /* _RTAI_WRAPPERS_H */
