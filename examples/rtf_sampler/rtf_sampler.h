/* SPDX-License-Identifier: GPL-2.0 */
/*
 * examples/rtf_sampler/rtf_sampler.h - what rtf_sampler.ko puts into its
 * data FIFO (/dev/rtf0 by default), shared with user/rtf-decode.c.
 * Records are fixed size and rtf_put is all or nothing, so a reader that
 * reassembles 16-byte records never sees a torn one.
 */
#ifndef RTF_SAMPLER_H
#define RTF_SAMPLER_H

#ifdef __KERNEL__
#include <linux/types.h>
#else
#include <stdint.h>
typedef uint64_t u64;
#endif

struct rtf_sample {
	u64 seq;  /* 0, 1, 2, ...: also counts samples the FIFO refused */
	u64 t_ns; /* rt_get_cpu_time_ns() at the start of the job */
};

#endif
