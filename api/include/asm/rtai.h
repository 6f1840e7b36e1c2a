/* SPDX-License-Identifier: GPL-2.0 */
/*
 * asm/rtai.h - the hardware-facing helpers of the RTAI API (RTAI's
 * asm-<arch>/rtai_hal.h: CPU, time base, global lock; the interrupt calls
 * are in asm/rtai_hal.h), the same on every Tactus port.
 */
#ifndef _TACTUS_ASM_RTAI_H
#define _TACTUS_ASM_RTAI_H

#include <asm/rtai_hal.h> /* real-time device interrupts, as RTAI includes it */
#if defined(__KERNEL__) && !defined(__cplusplus)
#include <linux/math64.h>
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Index of the CPU the caller runs on. */
int rtai_cpuid(void);

/* The raw count of the co-kernel time base (RTAI: the TSC). On arm64 it is
 * the counter of the co-kernel's timer (CNTPCT or CNTVCT), on x86_64 the
 * TSC. Same unit as RTIME counts. */
unsigned long long rtai_rdtsc(void);

/* ll * mult / div with a 128-bit intermediate, truncated toward zero, as
 * RTAI's on 64-bit machines (mulq, divq); saturates at the long long range
 * where RTAI's would trap; div 0 gives 0. */
long long rtai_llimd(long long ll, unsigned long mult, unsigned long div);

/* i * mult / div with a double-width intermediate, truncated. */
long rtai_imuldiv(long i, unsigned long mult, unsigned long div);

/* ull / uld, the remainder in *r (may be NULL); uld 0 gives 0 and no
 * remainder written, where RTAI's would trap. Kernel C divides through
 * linux/math64.h: a 32-bit ARM kernel has no 64-bit "/". */
static inline unsigned long long rtai_ulldiv(unsigned long long ull, unsigned long uld, unsigned long *r)
{
	if (!uld)
		return 0;
#if defined(__KERNEL__) && !defined(__cplusplus)
	{
		u64 rem;
		u64 q = div64_u64_rem(ull, uld, &rem);

		if (r)
			*r = (unsigned long)rem;
		return q;
	}
#else
	if (r)
		*r = (unsigned long)(ull % uld);
	return ull / uld;
#endif
}

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
/* The lock without the rest, as RTAI's HAL has them: rt_get_global_lock()
 * masks the co-kernel on this CPU and takes the lock, returning 0, or 1
 * when this CPU held it already; rt_release_global_lock() releases it if
 * this CPU holds it and leaves the CPU masked, as rtai_cli() would have:
 * rtai_sti() or rt_global_sti() then go back to the state before
 * rt_get_global_lock. rt_global_sti() with neither the lock nor an
 * rtai_cli() to undo changes nothing. */
int rt_get_global_lock(void);
void rt_release_global_lock(void);

/* ---- RTAI's HAL constants and local helpers (RTAI 5.3 asm/rtai_hal.h) ---- */

/* Most CPUs the co-kernel serves (RTAI: CONFIG_RTAI_CPUS). */
#define RTAI_NR_CPUS 8
/* Counts per second of the co-kernel time base (RTIME, rtai_rdtsc()), and
 * of its one-shot timer, which counts in the same unit. Read at run time,
 * as RTAI's calibrated tunables are. */
#define RTAI_CLOCK_FREQ (rtai_clock_freq())
#define RTAI_TIMER_FREQ (rtai_clock_freq())
#define RTAI_CPU_FREQ   (rtai_clock_freq())
/* The latest time RTAI's timers accept. */
#define RTAI_TIME_LIMIT 0x7000000000000000LL

unsigned long rtai_clock_freq(void);

/* The time base's count (RTAI's rt_get_tscnt: the TSC). */
#define rt_get_tscnt() ((long long)rtai_rdtsc())

/* RTAI's calling-convention attribute of its API functions: regparm(0) on
 * 32-bit x86, empty on 64-bit machines, as here. */
#define RTAI_SYSCALL_MODE

/*
 * Mask or unmask the co-kernel's interrupts on this CPU only (RTAI's hard
 * cli/sti: no lock, other CPUs go on). Any context; short, bounded
 * sections only. The state a save returns is for the matching restore on
 * the same CPU, nothing else:
 *   rtai_save_flags_and_cli(x)  x = the state, then mask
 *   rtai_restore_flags(x)       back to state x
 *   rtai_save_flags(x)          x = the state, unchanged
 *   rtai_cli() / rtai_sti()     mask / unmask: rtai_sti() goes back to the
 *                               state before the first rtai_cli() of this
 *                               CPU (unmasked, unless that was already
 *                               masked by a save); nested rtai_cli() calls
 *                               are undone by one rtai_sti(), as in RTAI.
 */
unsigned long tx_rtai_save_flags_and_cli(void);
void tx_rtai_restore_flags(unsigned long flags);
unsigned long tx_rtai_save_flags(void);
void rtai_cli(void);
void rtai_sti(void);
#define rtai_save_flags_and_cli(x) do { (x) = tx_rtai_save_flags_and_cli(); } while (0)
#define rtai_restore_flags(x)      tx_rtai_restore_flags(x)
#define rtai_save_flags(x)         do { (x) = tx_rtai_save_flags(); } while (0)

/*
 * RTAI's spinlocks for real-time code, on a Linux spinlock_t (initialised
 * by spin_lock_init() or DEFINE_SPINLOCK): the lock is a ticket lock (FIFO
 * among CPUs) in the first 32 bits of the spinlock_t, which both
 * initialisers leave zero; Linux's own spin_lock() must not be used on the
 * same object. rt_spin_lock() does not mask: a task that can be preempted
 * by another task or handler taking the same lock on its CPU must use the
 * _irq or _irqsave forms, which mask this CPU's co-kernel interrupts first
 * (as in RTAI). Not recursive. Any context. Hold time: the caller's.
 */
void tx_rtai_spin_lock(void *lock);
void tx_rtai_spin_unlock(void *lock);
#if !(defined(__KERNEL__) && defined(CONFIG_PREEMPT_RT))
static inline void rt_spin_lock(void *lock) { tx_rtai_spin_lock(lock); }
static inline void rt_spin_unlock(void *lock) { tx_rtai_spin_unlock(lock); }
#endif
/* On a PREEMPT_RT kernel, Linux's own sleeping spinlocks are named
 * rt_spin_lock and rt_spin_unlock (linux/spinlock_rt.h): there these two
 * names are Linux's, and real-time code takes tx_rtai_spin_lock and
 * tx_rtai_spin_unlock, or the _irq and _irqsave forms (docs/rtai-compat.md). */
void rt_spin_lock_irq(void *lock);
void rt_spin_unlock_irq(void *lock);
unsigned long rt_spin_lock_irqsave(void *lock);
void rt_spin_unlock_irqrestore(unsigned long flags, void *lock);

#ifdef __cplusplus
}
#endif

#endif /* _TACTUS_ASM_RTAI_H */
