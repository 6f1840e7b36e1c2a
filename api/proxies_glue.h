/* SPDX-License-Identifier: GPL-2.0 */
/*
 * api/proxies_glue.h - what tactus_sched's glue (and the host port) calls
 * of the proxies (api/rtai_qnx.cpp). Linux context.
 */
#ifndef TACTUS_API_PROXIES_GLUE_H
#define TACTUS_API_PROXIES_GLUE_H

#ifdef __cplusplus
extern "C" {
#endif

/* Forget every proxy (module load, host test setup). */
void tx_proxies_reset(void);
/* Delete and free the proxies left (the scheduler's unload). Returns how
 * many. */
unsigned tx_proxies_shutdown(void);

#ifdef __cplusplus
}
#endif

#endif
