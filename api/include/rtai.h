/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rtai.h - basic types, result codes and helpers of the RTAI-compatible API.
 *
 * Tactus implements RTAI 5.3's kernel API so that RTAI task modules build
 * with only an include-path change. Conventions, as in RTAI:
 *  - times are RTIME counts of the co-kernel time base (see nano2count());
 *  - object management calls return 0 or a negative errno (-EINVAL...);
 *  - blocking calls return large positive RTE_* codes on failure, so that a
 *    result r is an error exactly when r >= RTE_LOWERR (rt_is_reterr(r));
 *  - message calls return the partner task, NULL, or an RTE_* code cast to
 *    a pointer.
 */
#ifndef _RTAI_H
#define _RTAI_H

#include <rtai_config.h>
#include <rtai_wrappers.h>
#include <asm/rtai.h>

typedef long long RTIME;

/* RTAI's error numbers, from which the result codes below are made. */
#define RT_TMROVRN    1
#define RT_UNBLKD     2
#define RT_TIMOUT     3
#define RT_OBJREM     4
#define RT_OBJINV     5
#define RT_PERM       6
#define RT_DEADLOK    7
#define RT_NETIMOUT   8
#define RT_CHGPORTOK  9
#define RT_CHGPORTERR 10
#define RT_RWLINV     11

/* Result codes of blocking calls (RTAI 5.3, CONFIG_RTAI_USE_NEWERR). */
#define RTE_BASE      0x3FFFFF00
#define RTE_TMROVRN   (RTE_BASE + 1)  /* deadline already past / release missed */
#define RTE_UNBLKD    (RTE_BASE + 2)  /* woken before the event */
#define RTE_TIMOUT    (RTE_BASE + 3)  /* timed out */
#define RTE_OBJREM    (RTE_BASE + 4)  /* the object was deleted while waiting */
#define RTE_OBJINV    (RTE_BASE + 5)  /* not a valid (initialised, live) object */
#define RTE_PERM      (RTE_BASE + 6)  /* not allowed: Linux context, not the owner */
#define RTE_DEADLOK   (RTE_BASE + 7)  /* the wait would never end */
#define RTE_NETIMOUT  (RTE_BASE + 8)
#define RTE_CHGPORTOK (RTE_BASE + 9)
#define RTE_CHGPORTERR (RTE_BASE + 10)
#define RTE_RWLINV    (RTE_BASE + 11)
#define RTE_LOWERR    RTE_TMROVRN
#define RTE_HIGERR    RTE_RWLINV
#define RT_EINTR      RTE_UNBLKD
/* RTAI's markers of why a task stopped waiting, as RTAI 5.3 defines them.
 * Its calls that return a task pointer (rtai_msg.h) return the RTE_*
 * codes cast to a pointer, as Tactus's do: compare with those
 * ((RT_TASK *)RTE_TIMOUT...), not with these. */
#define RTP_TMROVRN    ((void *)RT_TMROVRN)
#define RTP_UNBLKD     ((void *)RT_UNBLKD)
#define RTP_TIMOUT     ((void *)RT_TIMOUT)
#define RTP_OBJREM     ((void *)RT_OBJREM)
#define RTP_OBJINV     ((void *)RT_OBJINV)
#define RTP_PERM       ((void *)RT_PERM)
#define RTP_DEADLOK    ((void *)RT_DEADLOK)
#define RTP_NETIMOUT   ((void *)RT_NETIMOUT)
#define RTP_CHGPORTOK  ((void *)RT_CHGPORTOK)
#define RTP_CHGPORTERR ((void *)RT_CHGPORTERR)
#define RTP_RWLINV     ((void *)RT_RWLINV)
#define RTP_HIGERR     (RTP_RWLINV)
#define RTP_LOWERR     (RTP_TMROVRN)
#define rt_is_reterr(i) ((i) >= RTE_LOWERR)

#ifdef __cplusplus
extern "C" {
#endif

/* printk for real-time context: the line is formatted at once, in printk's
 * language (conversions d i u x X o c s p %, flags - 0 + space #, width and
 * precision, * for either, lengths hh h l ll L z Z t), into the co-kernel's
 * log ring (a short spinlock section, no console) and printed by Linux
 * shortly after. Returns the characters queued, 0 if the ring was full or
 * fmt is NULL. %p prints a hashed value, as printk's does, never the
 * address; its extensions (%pS, %pK, %pI4...) print the same hashed value,
 * since resolving them is not safe where a task can interrupt Linux. */
int rt_printk(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
#define rtai_print_to_screen rt_printk

#ifdef __cplusplus
}
#endif

#endif /* _RTAI_H */
