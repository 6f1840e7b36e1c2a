// SPDX-License-Identifier: GPL-2.0
// api/rtai_hal.cpp - RTAI's global lock (asm/rtai.h).
#include <rtai.h>

#include "../hal/spinlock.hpp"

using namespace tx;

namespace {

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
	if (held_here())
		return mask << 1;
	g_global.lock.lock(); // masks once more: undone by unlock(1)
	store_relaxed(&g_global.owner, static_cast<int>(tx_port_cpu()));
	g_global.outer_mask = mask;
	return (mask << 1) | kTookLock;
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

// Back to the state before rt_global_cli (the port's "unmasked" may carry
// more, e.g. Linux's own interrupt flag on x86).
void rt_global_sti(void)
{
	unsigned long mask = 0;
	if (held_here()) {
		mask = g_global.outer_mask;
		release();
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

} // extern "C"
