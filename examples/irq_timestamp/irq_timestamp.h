/* SPDX-License-Identifier: GPL-2.0 */
/*
 * examples/irq_timestamp/irq_timestamp.h - what irq_timestamp.ko puts into
 * its FIFO (/dev/rtf2 by default), shared with user/irq-decode.c. Fixed
 * size records, put all-or-nothing: a reader never sees a torn one.
 */
#ifndef IRQ_TIMESTAMP_H
#define IRQ_TIMESTAMP_H

#ifdef __KERNEL__
#include <linux/types.h>
#else
#include <stdint.h>
typedef uint64_t u64;
#endif

struct irq_stamp {
	u64 seq;        /* 0, 1, 2, ...: a gap is a record the FIFO refused */
	u64 raised_ns;  /* when the device was told to raise the interrupt */
	u64 handler_ns; /* the real-time handler's first instruction */
	u64 task_ns;    /* the task the handler woke, its first instruction */
};

#endif
