/* SPDX-License-Identifier: GPL-2.0 */
/*
 * examples/shm_share/shm_share.h - the layout of shared memory segment
 * "SHMDEM", written by shm_share.ko's real-time task every millisecond and
 * read by user/shm-watch.c; plus the integer sine both sides use.
 *
 * Consistency: a sequence lock. The task makes 'seq' odd, writes, and makes
 * it even again (with write barriers between); a reader copies the segment
 * between two reads of an even, unchanged 'seq' (with read barriers), else
 * it copies again.
 */
#ifndef SHM_SHARE_H
#define SHM_SHARE_H

#ifdef __KERNEL__
#include <linux/math64.h>
#include <linux/types.h>
#else
#include <stdint.h>
typedef uint32_t u32;
typedef int32_t s32;
typedef uint64_t u64;
typedef int64_t s64;
#endif

#define SHMDEM_NAME "SHMDEM"
#define SHMDEM_MAGIC 0x54785348u /* "TxSH" */
#define SHMDEM_VERSION 1
#define SHMDEM_SAMPLES 100	  /* one period of 1 kHz, a sample every 10 us */
#define SHMDEM_SAMPLE_NS 10000
#define SHMDEM_AMPLITUDE 30000

struct shmdem {
	u32 magic;	/* SHMDEM_MAGIC once the task has written once */
	u32 version;
	u32 seq;	/* sequence lock: odd while the task writes */
	u32 period_us;	/* the task's period */
	u64 counter;	/* updates so far: 1, 2, 3, ... */
	u64 t_ns;	/* rt_get_cpu_time_ns() of this update */
	/* sine[i] = AMPLITUDE * sin(2 pi * 1 kHz * (t_ns + i * 10 us)) */
	s32 sine[SHMDEM_SAMPLES];
};

/*
 * sin(2 pi * phase / 2^32) in Q30, integers only (real-time code uses no
 * floating point): the quadrant folds the angle onto [0, pi/2], where the
 * Taylor series of sin(pi/2 * u) up to u^11 is exact to 6e-8.
 */
static inline s32 shmdem_sin_q30(u32 phase)
{
	static const s64 c[6] = { 1686629713, -693598668, 85569306, -5026995, 172272, -3864 };
	u32 quadrant = phase >> 30;
	s64 u = phase & ((1u << 30) - 1);
	s64 u2, r;
	int k;

	if (quadrant & 1)
		u = (1 << 30) - u; /* sin(pi - x) = sin(x) */
	u2 = (u * u) >> 30;
	r = c[5];
	for (k = 4; k >= 0; k--)
		r = c[k] + ((r * u2) >> 30);
	r = (r * u) >> 30;
	return (s32)(quadrant & 2 ? -r : r);
}

/* n / d, *rem = n % d: a 32-bit ARM kernel has no 64-bit "/" (the
 * compiler's helper for it is not exported), so the kernel side uses
 * linux/math64.h. */
static inline u64 shmdem_div(u64 n, u32 d, u32 *rem)
{
#ifdef __KERNEL__
	return div_u64_rem(n, d, rem);
#else
	*rem = (u32)(n % d);
	return n / d;
#endif
}

/* The value of sample i for an update at t_ns. */
static inline s32 shmdem_sample(u64 t_ns, int i)
{
	u32 in_ms, in_period, unused;
	u32 phase;
	s64 v;

	shmdem_div(t_ns, 1000000, &in_ms); /* ns since the last whole millisecond */
	in_period = (in_ms + (u32)i * SHMDEM_SAMPLE_NS) % 1000000;
	phase = (u32)shmdem_div((u64)in_period << 32, 1000000, &unused);
	v = (s64)shmdem_sin_q30(phase) * SHMDEM_AMPLITUDE;

	return (s32)((v + (1 << 29)) >> 30); /* rounded */
}

#endif
