/* SPDX-License-Identifier: GPL-2.0 */
/*
 * api/irq_tasks_glue.h - what tactus_sched's glue (and the host port) calls
 * of RTAI's interrupt tasks (api/rtai_irq_tasks.cpp). Linux context.
 */
#ifndef TACTUS_API_IRQ_TASKS_GLUE_H
#define TACTUS_API_IRQ_TASKS_GLUE_H

#ifdef __cplusplus
extern "C" {
#endif

/* Forget every interrupt task (module load, host test setup). */
void tx_irq_tasks_reset(void);

/* Release the lines whose task lies in 'owner' (within(task, owner)), or
 * every line when within is NULL (the scheduler's unload: the lines run
 * its code). Returns how many. */
unsigned tx_irq_tasks_release_owner(const void *owner, int (*within)(const void *adr, const void *owner));

#ifdef __cplusplus
}
#endif

#endif
