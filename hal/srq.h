/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hal/srq.h - RTAI's system requests (SRQs): a handler that real-time code
 * has run in Linux's context (rt_request_srq, rt_pend_linux_srq), on the
 * Linux work queue (hal/linux_work.hpp). C interface for the core and the
 * HAL's kernel glue (hal/srq.cpp).
 */
#ifndef TACTUS_HAL_SRQ_H
#define TACTUS_HAL_SRQ_H

#include "hal.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TX_SRQS 32 /* RTAI_NR_SRQS; numbers 1..TX_SRQS-1 are handed out */

/* Forget every SRQ (HAL load, host test setup). Linux context. */
void tx_srq_reset(void);

/* Take a free number for 'handler' under 'label' (unique while taken).
 * Returns it (>= 1), -EINVAL for a NULL handler, -EBUSY for a label taken
 * already or no free number. Linux context. */
int tx_srq_request(unsigned long label, void (*handler)(void));

/* Give a number back: a pend not yet run does nothing (unless the number
 * is taken again before it runs: then the new handler runs once). 0 or -EINVAL.
 * Linux context. */
int tx_srq_free(unsigned srq);

/* Have its handler run in Linux's context soon (twice before it runs: once).
 * -EINVAL for a number not taken. Any context, O(1). */
int tx_srq_pend(unsigned srq);

/* Give back every number whose handler 'match' names (a module that goes);
 * returns how many. The caller then waits for the Linux work in flight. */
unsigned tx_srq_release_if(int (*match)(const void *handler, void *ctx), void *ctx);

#ifdef __cplusplus
}
#endif

#endif
