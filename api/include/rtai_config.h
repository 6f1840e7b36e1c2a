/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rtai_config.h - the CONFIG_RTAI_* options RTAI clients test, as an RTAI
 * 5.3 build configured like Tactus would define them. Included by <rtai.h>.
 * An option Tactus does not provide is left undefined, so that a client's
 * #ifdef takes its "not built" branch: typed mailboxes, LXRT and NETRPC (docs/rtai-compat.md
 * lists them).
 */
#ifndef _RTAI_CONFIG_H
#define _RTAI_CONFIG_H

/* The RTAI API version Tactus implements. */
#define CONFIG_RTAI_VERSION_MAJOR 5
#define CONFIG_RTAI_VERSION_MINOR 3
#define CONFIG_RTAI_REVISION_LEVEL 0
#define RTAI_RELEASE "5.3-tactus"

#define CONFIG_RTAI_CPUS 8            /* RTAI_NR_CPUS */
#define CONFIG_RTAI_FPU_SUPPORT 1     /* tasks created with uses_fpu may use it */
#define CONFIG_RTAI_USE_NEWERR 1      /* RTE_* result codes (rtai.h) */
#define CONFIG_RTAI_ONE_SHOT 1        /* the timer is one-shot unless rt_set_periodic_mode */
#define CONFIG_RTAI_SEM 1             /* rtai_sem.h */
#define CONFIG_RTAI_MBX 1             /* rtai_mbx.h */
#define CONFIG_RTAI_TASKLETS 1        /* rtai_tasklets.h */
#define CONFIG_RTAI_BITS 1            /* rtai_bits.h */
#define CONFIG_RTAI_MSG 1             /* rtai_msg.h */
#define CONFIG_RTAI_TBX 1             /* rtai_tbx.h: message queues, typed mailboxes (in tactus_shm) */
#define CONFIG_RTAI_FIFOS 1           /* rtai_fifos.h */
#define CONFIG_RTAI_SHM 1             /* rtai_shm.h */
#define CONFIG_RTAI_MATH 1            /* rtai_math.h: tactus_math.ko */
#define CONFIG_RTAI_MALLOC 1          /* rtai_malloc.h: the real-time heaps (in tactus_shm) */
#define CONFIG_RTAI_MALLOC_HEAPSZ 1024 /* KiB: tactus_shm's default global_heap_kb */
#define CONFIG_RTAI_SCHED_LXRT_NUMSLOTS 256 /* named objects (rtai_registry.h) */

#endif /* _RTAI_CONFIG_H */
