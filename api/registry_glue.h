/* SPDX-License-Identifier: GPL-2.0 */
/*
 * api/registry_glue.h - what tactus_sched's glue (and the host port) calls
 * of the named-object registry (api/rtai_registry.cpp). Linux context.
 */
#ifndef TACTUS_API_REGISTRY_GLUE_H
#define TACTUS_API_REGISTRY_GLUE_H

#ifdef __cplusplus
extern "C" {
#endif

/* Empty the registry (module load, host test setup). */
void tx_registry_reset(void);

/* A module goes (owner: what tx_hal_owner_of() says for its code; within:
 * whether an address lies in its memory): entries whose address is in it
 * are removed, and the objects its named inits created lose its share,
 * deleted and freed when no other user is left. Returns how many objects
 * were freed. */
unsigned tx_registry_release_owner(const void *owner, int (*within)(const void *adr, const void *owner));

#ifdef __cplusplus
}
#endif

#endif
