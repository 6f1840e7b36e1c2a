/* SPDX-License-Identifier: GPL-2.0 */
/*
 * asm/rtai.h - the hardware-facing helpers of the RTAI API (RTAI's
 * asm-<arch>/rtai_hal.h: CPU, time base, global lock; the interrupt calls
 * are in asm/rtai_hal.h), the same on every Tactus port.
 */
#ifndef _TACTUS_ASM_RTAI_H
#define _TACTUS_ASM_RTAI_H

#include <asm/rtai_hal.h> /* real-time device interrupts, as RTAI includes it */

#ifdef __cplusplus
extern "C" {
#endif

/* Index of the CPU the caller runs on. */
int rtai_cpuid(void);

/* The raw count of the co-kernel time base (RTAI: the TSC). On arm64 it is
 * the counter of the co-kernel's timer (CNTPCT or CNTVCT), on x86_64 the
 * TSC. Same unit as RTIME counts. */
unsigned long long rtai_rdtsc(void);

/* ll * mult / div with a 128-bit intermediate, rounded to the nearest
 * (halves away from zero); saturates at the long long range. div != 0. */
long long rtai_llimd(long long ll, unsigned long mult, unsigned long div);

/* i * mult / div with a double-width intermediate, truncated. */
long rtai_imuldiv(long i, unsigned long mult, unsigned long div);

/*
 * The global real-time lock (RTAI semantics). rt_global_cli() masks the
 * co-kernel's interrupts on this CPU and takes a lock shared by all CPUs;
 * the lock is recursive per CPU. rt_global_save_flags_and_cli() returns a
 * value for rt_global_restore_flags() that undoes exactly that call.
 * Hold it for short, bounded sections only: it delays every real-time task.
 * rt_global_restore_flags() releases the lock only on the CPU that holds it
 * (flags that claim otherwise just restore the masking state);
 * rt_global_save_flags(NULL) does nothing.
 */
void rt_global_cli(void);
void rt_global_sti(void);
unsigned long rt_global_save_flags_and_cli(void);
void rt_global_restore_flags(unsigned long flags);
void rt_global_save_flags(unsigned long *flags);

#ifdef __cplusplus
}
#endif

#endif /* _TACTUS_ASM_RTAI_H */
