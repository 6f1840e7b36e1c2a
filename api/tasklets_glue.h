/* SPDX-License-Identifier: GPL-2.0 */
/*
 * api/tasklets_glue.h - what tactus_sched's glue (and the host port) calls
 * of RTAI's tasklets and timers (api/rtai_tasklets.cpp). Linux context.
 */
#ifndef TACTUS_API_TASKLETS_GLUE_H
#define TACTUS_API_TASKLETS_GLUE_H

#ifdef __cplusplus
extern "C" {
#endif

/* Forget every timer, tasklet and timers manager (module load, host test
 * setup: the scheduler starts empty). */
void tx_tasklets_reset(void);

/* Make CPU 'cpu''s timers manager if it has none (Linux context; the POSIX
 * layer's pthread_create, so that its threads can arm POSIX timers).
 * 0, or -EPERM outside Linux context, or what making it returned. */
int tx_tasklets_ensure_manager(unsigned cpu);

/* A module goes: remove the timers and tasklets whose struct or handler
 * lies in it (within(adr, owner)). Returns how many. */
unsigned tx_tasklets_release_owner(const void *owner, int (*within)(const void *adr, const void *owner));

/* Whether a timers manager runs a handler of that module now (the glue
 * waits until none does before the module's memory goes). */
int tx_tasklets_running_of(const void *owner, int (*within)(const void *adr, const void *owner));

/* A timers manager that runs a handler of that module and was stopped
 * (watchdog, fault) will never return from it: delete it (and make a new
 * one when its CPU has other timers). Returns how many went. */
unsigned tx_tasklets_unstick(const void *owner, int (*within)(const void *adr, const void *owner));

/* The timer (re)started: managers waiting untimed look at their lists
 * again. Any context (api/rtai_sched.cpp's start_rt_timer calls it). */
void tx_tasklets_timer_started(void);

/* Delete the timers managers (the scheduler's unload). Returns how many. */
unsigned tx_tasklets_shutdown(void);

#ifdef __cplusplus
}
#endif

#endif
