// SPDX-License-Identifier: GPL-2.0
// api/rtai_hal.cpp - RTAI's global lock (asm/rtai.h).
#include <rtai.h>

#include "../hal/spinlock.hpp"

using namespace tx;

namespace {

// One lock for all CPUs, recursive per CPU: a CPU that holds it only masks.
constinit SpinLock g_global{};

// Flags encoding: bit 0 = this call took the lock; the rest = the masking
// state to restore.
constexpr unsigned long kTookLock = 1;

} // namespace

extern "C" {

unsigned long rt_global_save_flags_and_cli(void)
{
	unsigned long mask = tx_port_irq_save();
	if (g_global.held_here())
		return mask << 1;
	g_global.lock(); // masks once more: undone by unlock(1) below
	return (mask << 1) | kTookLock;
}

void rt_global_restore_flags(unsigned long flags)
{
	if (flags & kTookLock)
		g_global.unlock(1); // release, stay masked
	tx_port_irq_restore(flags >> 1);
}

void rt_global_cli(void) { (void)rt_global_save_flags_and_cli(); }

void rt_global_sti(void)
{
	if (g_global.held_here())
		g_global.unlock(1);
	tx_port_irq_restore(0);
}

void rt_global_save_flags(unsigned long *flags)
{
	unsigned long mask = tx_port_irq_save();
	tx_port_irq_restore(mask);
	*flags = (mask << 1) | (g_global.held_here() ? kTookLock : 0);
}

} // extern "C"
