/* SPDX-License-Identifier: GPL-2.0 */
/*
 * api/posix_glue.h - what tactus_sched's glue (and the host tests) call of
 * the POSIX layer (api/posix_threads.cpp). Linux context.
 */
#ifndef TACTUS_API_POSIX_GLUE_H
#define TACTUS_API_POSIX_GLUE_H

#ifdef __cplusplus
extern "C" {
#endif

/* A module goes (owner: its struct module; within: whether an address lies
 * in it; both null: every thread, at tactus_sched's unload): its threads
 * (start routine in it) are deleted, and their memory freed once no joiner
 * holds it. Returns how many were still running. Linux context. */
unsigned tx_posix_release_owner(const void *owner, int (*within)(const void *adr, const void *owner));

/* Forget every thread and key (module load, host test setup). */
void tx_posix_reset(void);

/* Message queues (api/posix_mqueue.cpp): the descriptors a module's code
 * opened are closed at its unload (a queue goes with its last descriptor
 * once unlinked); with within null (tactus_sched's unload) every
 * descriptor and every name, so every queue goes. Returns how many
 * descriptors were closed. Linux context. */
unsigned tx_posix_mq_release_owner(const void *owner, int (*within)(const void *adr, const void *owner));
void tx_posix_mq_reset(void);

/* POSIX timers (api/posix_timers.cpp): the timers a module's code created
 * are deleted at its unload; within null: every timer. Returns how many.
 * Linux context. */
unsigned tx_posix_timers_release_owner(const void *owner, int (*within)(const void *adr, const void *owner));
void tx_posix_timers_reset(void);

#ifdef __cplusplus
}
#endif

#endif
