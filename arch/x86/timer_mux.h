/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arch/x86/timer_mux.h - the timer multiplexer's lock and wake helpers
 * (the rest is timer_mux.c): one NMI-raising timer source (timer_source.h)
 * serves every CPU's deadline and retry; a lock serialises it, taken with IF
 * off, in NMI context too. Here rather than in timer_mux.c because the NMI
 * handler (nmi.c) takes the lock on every NMI: static, so that each file
 * gets its own copy and the compiler inlines them where it did when they
 * shared port.c (the NMI path's code is the same as before the split).
 */
#ifndef TACTUS_X86_TIMER_MUX_H
#define TACTUS_X86_TIMER_MUX_H

#include <linux/minmax.h>
#include <linux/spinlock.h>
#include <asm/msr.h>

#include "port_internal.h"
#include "timer_source.h"

/* The timer source in use: known at compile time, so that its calls load
 * the function pointer straight from the struct. */
static const struct tx_x86_timer_source *const tx_x86_source = &tx_x86_hpet_source;

/* timer_mux.c */
extern u64 tx_x86_slack_tsc; /* a deadline this close counts as reached */
/* Serialises the timer source; taken with IF off, in NMI context too. */
extern arch_spinlock_t tx_x86_timer_lock;

/* How long after one of our NMI events empty NMIs count as ours, and how
 * many (see tx_nmi). A latched NMI is taken right after the current one's
 * IRETQ: microseconds on hardware; but a virtual CPU that the host
 * deschedules takes it a host time slice later (93 ms seen under TCG on a
 * loaded 2-core host, with the handler itself stalled as long). Several
 * sources can each leave one behind the same event, hence a small count. */
#define LATE_MSI_US 1000000
#define LATE_NMI_CREDIT 4

static inline u64 late_msi_tsc(void)
{
	return LATE_MSI_US * (tx_x86_tsc_hz / 1000000);
}

/* An event that may leave empty NMIs behind on c's CPU (see tx_nmi). */
static inline void expect_late_nmis(struct tx_x86_cpu *c)
{
	WRITE_ONCE(c->late_msi_until, rdtsc() + late_msi_tsc());
	WRITE_ONCE(c->late_credit, LATE_NMI_CREDIT);
}

/* The NMI deferred by timer_lock_take(): sent whatever nmi_sent says, since
 * the deferred NMI may have been the one it announced. If another is still
 * latched, the empty one is claimed (expect_late_nmis). */
static __maybe_unused void send_nmi_again(unsigned int cpu, struct tx_x86_cpu *c)
{
	expect_late_nmis(c);
	xchg(&c->nmi_sent, 1);
	__apic_send_IPI_mask(cpumask_of(cpu), NMI_VECTOR);
}

/*
 * x86 cannot mask NMIs, and the lock is held exactly when NMIs are likely:
 * writing the comparator can raise its MSI at once (TCG delivers it at the
 * next instruction block), and an expired deadline becomes a self NMI IPI.
 * An NMI that spun on the lock its own CPU holds would never return; so a
 * taker marks its CPU first, an NMI that finds the mark only records that it
 * came (tx_nmi), and the taker sends it again as a self NMI once the lock is
 * dropped. The NMI's work is all in memory (deadlines, reasons, armed CPU),
 * so the second NMI finds everything the first brought. Call with IF off.
 */
static __maybe_unused void timer_lock_take(struct tx_x86_cpu *self)
{
	WRITE_ONCE(self->in_timer_lock, 1);
	barrier();
	arch_spin_lock(&tx_x86_timer_lock);
}

static __maybe_unused void timer_lock_drop(struct tx_x86_cpu *self)
{
	arch_spin_unlock(&tx_x86_timer_lock);
	barrier();
	WRITE_ONCE(self->in_timer_lock, 0);
	barrier();
	if (unlikely(READ_ONCE(self->nmi_deferred))) {
		WRITE_ONCE(self->nmi_deferred, 0);
		send_nmi_again(raw_smp_processor_id(), self);
	}
}

/* Lock held. */
static inline void set_wake(struct tx_x86_cpu *c, unsigned int cpu)
{
	per_cpu(tx_x86_wake, cpu) = min(c->deadline, c->retry_at);
}

static __maybe_unused void aim_locked_out(struct tx_x86_cpu *self)
{
	timer_lock_take(self);
	tx_x86_source->aim();
	timer_lock_drop(self);
}

#endif /* TACTUS_X86_TIMER_MUX_H */
