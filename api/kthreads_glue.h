/* SPDX-License-Identifier: GPL-2.0 */
/*
 * api/kthreads_glue.h - what RTAI's kernel threads (api/rtai_kthreads.cpp)
 * need of Linux: the calling thread's stack, sleeping and waking it, and the
 * start of threads made by rt_thread_create. Written by tactus_sched's glue
 * (sched/linux/kthreads.c) and by the host port for the host tests.
 */
#ifndef TACTUS_API_KTHREADS_GLUE_H
#define TACTUS_API_KTHREADS_GLUE_H

#if defined(__KERNEL__) && !defined(__cplusplus)
#include <linux/types.h> /* the kernel C glue: no libc headers there */
#else
#include <stdint.h>
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Whether the caller is a Linux kernel thread (the only kind that may
 * become a real-time task), and its stack [*low, *high). Linux context. */
int tx_kthread_current_stack(uintptr_t *low, uintptr_t *high);

/* A thread's sleeping place: made and freed in Linux context (NULL: no
 * memory). */
void *tx_kthread_sleeper_new(void);
void tx_kthread_sleeper_free(void *sleeper);
/* Sleep until *flag is nonzero; wake: let the sleeper look at its flag
 * again. Linux context, both. */
void tx_kthread_sleep(void *sleeper, volatile int *flag);
void tx_kthread_wake(void *sleeper);

/* Keep the calling Linux thread on 'cpu' (where its real-time task runs).
 * Linux context. */
void tx_kthread_pin(unsigned cpu);

/* The slot rt_thread_create keeps for the calling thread's real-time task
 * (its start record), NULL for a thread rt_thread_create did not make.
 * Linux context. */
void **tx_kthread_start_slot(void);

/* A thread rt_thread_create made returned from its function: give back its
 * real-time task if it still has one (softened first if it returned
 * hard). Called by the glue with the task the slot held. Either context:
 * a thread that returns hard runs this as its real-time task. */
void tx_kthread_finished(void *task);

#ifdef __cplusplus
}
#endif

#endif
