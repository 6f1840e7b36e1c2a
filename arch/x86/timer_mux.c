// SPDX-License-Identifier: GPL-2.0
/*
 * arch/x86/timer_mux.c - the timer multiplexer of the x86_64 port: the
 * core's one-shot timer of every CPU (tx_port_timer_program), and the retry
 * NMIs of nmi.c, on the one NMI-raising timer source (timer_source.h; the
 * HPET today). Each CPU keeps its deadline and retry; the source is aimed at
 * the earliest wake of all (O(CPUs)), and a wake found due is sent as an NMI
 * IPI with its reason (tx_x86_expire). Design: docs/x86_64-port.md, "One
 * comparator for all CPUs" and "NMIs while the timer lock is held".
 */
#include <linux/percpu.h>
#include <linux/spinlock.h>
#include <asm/msr.h>

#include "../../arch/port.h"
#include "port_internal.h"
#include "timer_mux.h"
#include "timer_source.h"

u64 tx_x86_slack_tsc; /* set by tx_arch_init() */
arch_spinlock_t tx_x86_timer_lock = __ARCH_SPIN_LOCK_UNLOCKED;

/* When this CPU wants an NMI: min(core deadline, retry); for the source. */
DEFINE_PER_CPU(u64, tx_x86_wake) = U64_MAX;

/* Lock held: 'why' for 'cpu', now. On this CPU, masked, outside an NMI,
 * the reason waits for the unmask (tx_x86_pending) as a masked NMI's would:
 * a self NMI IPI sent here would arrive inside this lock (deferred and sent
 * again at its drop, timer_mux.h) and then find the co-kernel masked, two
 * NMI entries for the same outcome (measured: a 10 kHz release 95 us late
 * after such a chain at -icount). this_cpu_or is one instruction: an NMI
 * cannot split it. O(1). */
static void raise_on(unsigned int cpu, unsigned long why)
{
	if (cpu == raw_smp_processor_id() && !in_nmi() && __this_cpu_read(tx_x86_masked) &&
	    !__this_cpu_read(tx_cpu.selftest)) { /* the self-test wants the NMIs themselves */
		this_cpu_or(tx_x86_pending, why);
		return;
	}
	send_nmi(cpu, why);
}

/* Lock held: send 'cpu' the NMI of its retry and deadline due by 'until'. */
static void expire_until(unsigned int cpu, u64 until)
{
	struct tx_x86_cpu *c = per_cpu_ptr(&tx_cpu, cpu);

	if (c->retry_at <= until) {
		c->retry_at = U64_MAX;
		raise_on(cpu, WHY_RETRY);
	}
	if (c->deadline <= until) {
		c->deadline = U64_MAX;
		raise_on(cpu, WHY_TIMER);
	}
	set_wake(c, cpu);
}

/* timer_source.h: the deadline (or retry) of 'cpu' is due; lock held. */
void tx_x86_expire(unsigned int cpu)
{
	expire_until(cpu, rdtsc() + tx_x86_slack_tsc);
}

/* timer_source.h; lock held. Its earliest wake, whatever the TSC says: the
 * core's timer entry finds what is really due and re-programs the rest. */
void tx_x86_expire_due(unsigned int cpu)
{
	u64 wake = per_cpu(tx_x86_wake, cpu);

	if (wake != U64_MAX) /* U64_MAX: no wake, nothing to send */
		expire_until(cpu, wake);
}

/* timer_source.h; lock held. */
void tx_x86_expect_stray(unsigned int cpu)
{
	expect_late_nmis(per_cpu_ptr(&tx_cpu, cpu));
}

/* ---- arch/port.h ----------------------------------------------------------------- */

/* Masked (IF off). */
void tx_port_timer_program(uint64_t deadline)
{
	struct tx_x86_cpu *c = this_cpu_ptr(&tx_cpu);

	timer_lock_take(c);
	c->deadline = deadline;
	set_wake(c, raw_smp_processor_id());
	tx_x86_source->aim();
	timer_lock_drop(c);
	c->aim_due = false;
}

void tx_port_timer_stop(void)
{
	tx_port_timer_program(U64_MAX);
}

/* Unload, Linux context: the source goes quiet under the timer lock, so an
 * aim in flight on another CPU (an NMI handler) finishes before it. */
void tx_x86_timer_stop_source(void)
{
	unsigned long flags;
	struct tx_x86_cpu *self;

	local_irq_save(flags);
	self = this_cpu_ptr(&tx_cpu);
	timer_lock_take(self);
	tx_x86_source->stop();
	timer_lock_drop(self);
	local_irq_restore(flags);
}
