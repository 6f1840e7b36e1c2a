// SPDX-License-Identifier: GPL-2.0
// api/rtai_hal.cpp - RTAI's global lock, local masking and spinlocks
// (asm/rtai.h).
#include <rtai.h>

#include "../hal/spinlock.hpp"
#include "../sched/config.hpp"

static_assert(RTAI_NR_CPUS == tx::kMaxCpus, "RTAI_NR_CPUS is the core's CPU count");

using namespace tx;

namespace {

// rtai_cli()'s state to go back to, per CPU: written and read only by that
// CPU, masked.
struct LocalCli {
	bool masked;
	unsigned long outer;
};
constinit LocalCli g_local_cli[kMaxCpus]{};

// One lock for all CPUs, recursive per CPU: a CPU that holds it only masks.
struct GlobalLock {
	SpinLock lock;
	int owner = -1; // CPU holding it; written only by that CPU, masked
	unsigned long outer_mask = 0; // masking state before the holder's first cli
};
constinit GlobalLock g_global{};

bool held_here() { return load_relaxed(&g_global.owner) == static_cast<int>(tx_port_cpu()); }

// Flags encoding: bit 0 = this call took the lock; the rest = the masking
// state to restore.
constexpr unsigned long kTookLock = 1;

// Masked, with 'mask' the state before. Takes the lock unless this CPU
// holds it; returns whether it took it now.
bool take(unsigned long mask)
{
	if (held_here())
		return false;
	g_global.lock.lock(); // masks once more: undone by unlock(1)
	store_relaxed(&g_global.owner, static_cast<int>(tx_port_cpu()));
	g_global.outer_mask = mask;
	return true;
}

void release()
{
	store_relaxed(&g_global.owner, -1);
	g_global.lock.unlock(1); // release, stay masked
}

} // namespace

extern "C" {

unsigned long rt_global_save_flags_and_cli(void)
{
	unsigned long mask = tx_port_irq_save();
	return (mask << 1) | (take(mask) ? kTookLock : 0);
}

// A value that claims the lock on a CPU that does not hold it (made up, or
// restored twice) releases nothing: a release of a ticket lock nobody holds
// would let two CPUs in, or none ever again.
void rt_global_restore_flags(unsigned long flags)
{
	if ((flags & kTookLock) && held_here())
		release();
	tx_port_irq_restore(flags >> 1);
}

void rt_global_cli(void) { (void)rt_global_save_flags_and_cli(); }

int rt_get_global_lock(void)
{
	unsigned long mask = tx_port_irq_save(); // stays masked, as RTAI's cli
	return take(mask) ? 0 : 1;
}

// The masking stays as rtai_cli's would: rtai_sti or rt_global_sti goes
// back to the state before rt_get_global_lock.
void rt_release_global_lock(void)
{
	(void)tx_port_irq_save(); // masked from here on, as RTAI's
	if (!held_here())
		return;
	LocalCli &here = g_local_cli[tx_port_cpu()];
	if (!here.masked) {
		here.masked = true;
		here.outer = g_global.outer_mask;
	}
	release();
}

// Back to the state before rt_global_cli or rt_get_global_lock (the port's
// "unmasked" may carry more, e.g. Linux's own interrupt flag on x86), the
// lock released; after rt_release_global_lock, or an rtai_cli, back to the
// state before those; otherwise nothing changes (there is nothing of ours
// to undo, and "unmasked" is not one state on every port).
void rt_global_sti(void)
{
	unsigned long mask = tx_port_irq_save();
	if (held_here()) {
		mask = g_global.outer_mask;
		release();
	} else {
		LocalCli &here = g_local_cli[tx_port_cpu()];
		if (here.masked) {
			here.masked = false;
			mask = here.outer;
		}
	}
	tx_port_irq_restore(mask);
}

void rt_global_save_flags(unsigned long *flags)
{
	if (!flags)
		return;
	unsigned long mask = tx_port_irq_save();
	tx_port_irq_restore(mask);
	*flags = (mask << 1) | (held_here() ? kTookLock : 0);
}

unsigned long rtai_clock_freq(void) { return static_cast<unsigned long>(tx_port_counter_hz()); }

// ---- Local masking ------------------------------------------------------------

unsigned long tx_rtai_save_flags_and_cli(void) { return tx_port_irq_save(); }
void tx_rtai_restore_flags(unsigned long flags) { tx_port_irq_restore(flags); }

unsigned long tx_rtai_save_flags(void)
{
	unsigned long flags = tx_port_irq_save();
	tx_port_irq_restore(flags);
	return flags;
}

} // extern "C"

namespace {


} // namespace

extern "C" {

void rtai_cli(void)
{
	unsigned long flags = tx_port_irq_save();
	LocalCli &here = g_local_cli[tx_port_cpu()];
	if (!here.masked) {
		here.masked = true;
		here.outer = flags;
	}
}

void rtai_sti(void)
{
	unsigned long flags = tx_port_irq_save(); // this CPU stays this CPU
	LocalCli &here = g_local_cli[tx_port_cpu()];
	if (here.masked) {
		here.masked = false;
		flags = here.outer;
	}
	tx_port_irq_restore(flags);
}

} // extern "C"

// ---- Spinlocks on a spinlock_t ------------------------------------------------

namespace {

// A ticket lock in one 32-bit word: the high half the next ticket, the low
// half the one served. Taking a ticket adds to the high half (a carry out
// of it is lost, harmlessly); serving the next writes the low half alone,
// so that it never carries into the tickets. FIFO: a CPU waits at most for
// the holders ahead of it.
uint32_t *word(void *lock) { return static_cast<uint32_t *>(lock); }
uint16_t *serving(void *lock) { return reinterpret_cast<uint16_t *>(lock) + (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ ? 0 : 1); }

void ticket_acquire(void *lock)
{
	auto ticket = static_cast<uint16_t>(fetch_add(word(lock), 1u << 16) >> 16);
	while (load_acquire(serving(lock)) != ticket)
		tx_hal_relax();
}

void ticket_release(void *lock) { store_release(serving(lock), static_cast<uint16_t>(load_relaxed(serving(lock)) + 1)); }

} // namespace

extern "C" {

void tx_rtai_spin_lock(void *lock) { ticket_acquire(lock); }
void tx_rtai_spin_unlock(void *lock) { ticket_release(lock); }
void rt_spin_lock_irq(void *lock)
{
	rtai_cli();
	ticket_acquire(lock);
}
void rt_spin_unlock_irq(void *lock)
{
	ticket_release(lock);
	rtai_sti();
}
unsigned long rt_spin_lock_irqsave(void *lock)
{
	unsigned long flags = tx_port_irq_save();
	ticket_acquire(lock);
	return flags;
}
void rt_spin_unlock_irqrestore(unsigned long flags, void *lock)
{
	ticket_release(lock);
	tx_port_irq_restore(flags);
}

} // extern "C"
