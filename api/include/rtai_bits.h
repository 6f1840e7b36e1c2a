/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rtai_bits.h - RTAI's event flags (RTAI 5.3 kernel API): a word of flags
 * tasks wait on until a test holds, changing them on the way out.
 *
 * A waiter gives a test (testfun, below) with its mask(s) and an exit
 * function (exitfun: SET_BITS, CLR_BITS, SET_CLR_BITS, NOP_BITS) with its
 * mask(s). When the test holds, the exit function is applied at once, in
 * the same atomic step: rt_bits_signal wakes the satisfied waiters in
 * priority order, each one's exit applied before the next is tested, so a
 * waiter that clears what it waited for consumes it. RTAI applies the exit
 * when the woken task runs again.
 *
 * Two masks in one argument (the combined tests 4..15, SET_CLR_BITS): the
 * low half of the unsigned long is the first mask, the high half the second
 * (RT_BITS_MASKS builds it); so each is 32 bits wide on 64-bit machines.
 * RTAI reads the second mask past the end of its argument.
 *
 * Bounds: a wait is O(1) plus its priority-ordered queue insert; signal,
 * reset and delete are O(waiters). Waits block real-time tasks only;
 * everything else works from any context.
 */
#ifndef _RTAI_BITS_H
#define _RTAI_BITS_H

#include <rtai.h>

/* Tests. */
#define ALL_SET 0
#define ANY_SET 1
#define ALL_CLR 2
#define ANY_CLR 3
#define ALL_SET_AND_ANY_SET 4
#define ALL_SET_AND_ALL_CLR 5
#define ALL_SET_AND_ANY_CLR 6
#define ANY_SET_AND_ALL_CLR 7
#define ANY_SET_AND_ANY_CLR 8
#define ALL_CLR_AND_ANY_CLR 9
#define ALL_SET_OR_ANY_SET 10
#define ALL_SET_OR_ALL_CLR 11
#define ALL_SET_OR_ANY_CLR 12
#define ANY_SET_OR_ALL_CLR 13
#define ANY_SET_OR_ANY_CLR 14
#define ALL_CLR_OR_ANY_CLR 15

/* Exit (and signal) functions. */
#define SET_BITS 0
#define CLR_BITS 1
#define SET_CLR_BITS 2
#define NOP_BITS 3

#define BITS_ERR (RTE_OBJINV)
#define BITS_TIMOUT (RTE_TIMOUT)

/* The two masks of a combined test or of SET_CLR_BITS (Tactus's helper):
 * 'first' is the test named first (ALL_SET in ALL_SET_AND_ANY_CLR) or the
 * bits to set, 'second' the other test or the bits to clear. */
#define RT_BITS_MASKS(first, second) \
	((((unsigned long)(second)) << (sizeof(unsigned long) * 4)) | \
	 ((unsigned long)(first) & ((1UL << (sizeof(unsigned long) * 4)) - 1)))

/* Event flags: opaque storage, any memory. */
typedef struct rt_bits_struct {
	long opaque[8];
} BITS;

#if defined(__KERNEL__) || defined(TACTUS_HOST_SIM)

#ifdef __cplusplus
extern "C" {
#endif

/* Any context. Initialising live event flags is refused (one log line):
 * their waiters would be lost. */
void rt_bits_init(BITS *bits, unsigned long mask);
/* Wakes the waiters with RTE_OBJREM. 0, or RTE_OBJINV. */
int rt_bits_delete(BITS *bits);
unsigned long rt_get_bits(BITS *bits);
/* The flags become 'mask'; the waiters it satisfies are woken (RTAI wakes
 * them all). Returns the flags before, or RTE_OBJINV. */
unsigned long rt_bits_reset(BITS *bits, unsigned long mask);
/* Apply setfun (SET_BITS...) with 'masks', wake the satisfied waiters.
 * Returns the flags after the change, or RTE_OBJINV (also for a bad
 * setfun). */
unsigned long rt_bits_signal(BITS *bits, int setfun, unsigned long masks);
/*
 * Wait until testfun holds, then apply exitfun; *resulting_mask (may be
 * NULL) gets the flags that satisfied the test, 0 when the wait failed.
 * Returns 0, RTE_TIMOUT, RTE_UNBLKD, RTE_OBJREM, RTE_OBJINV (also for a
 * bad testfun or exitfun), RTE_PERM (Linux context or a handler).
 * _if never waits: 1 if the test held (exit applied), 0 if not, with
 * *resulting_mask the flags in both cases.
 */
int rt_bits_wait(BITS *bits, int testfun, unsigned long testmasks, int exitfun, unsigned long exitmasks,
		 unsigned long *resulting_mask);
int rt_bits_wait_if(BITS *bits, int testfun, unsigned long testmasks, int exitfun, unsigned long exitmasks,
		    unsigned long *resulting_mask);
int rt_bits_wait_until(BITS *bits, int testfun, unsigned long testmasks, int exitfun, unsigned long exitmasks,
		       RTIME time, unsigned long *resulting_mask);
int rt_bits_wait_timed(BITS *bits, int testfun, unsigned long testmasks, int exitfun, unsigned long exitmasks,
		       RTIME delay, unsigned long *resulting_mask);

#ifdef __cplusplus
}
#endif

#endif

#endif /* _RTAI_BITS_H */
