// SPDX-License-Identifier: GPL-2.0
// api/rtai_irq.cpp - asm/rtai_hal.h's interrupt calls over the HAL's line
// table (hal/irq_lines.hpp). In tactus_hal.ko; rt_request_linux_irq,
// rt_free_linux_irq and the Tactus PCI/MSI calls are in the kernel glue
// (hal/linux/irq_linux.c, arch/<arch>/), as they are Linux's business.
#include <rtai.h>

#include "../hal/irq_lines.hpp"
#include "../hal/rt_log.hpp"
#include "../hal/srq.h"
#include "../sched/errors.hpp"

using namespace tx;

namespace {

// The calls that claim or release lines sleep (the port allocates and
// waits for other CPUs): refused, with a line, from a task or a handler.
bool linux_process_context(const char *call, unsigned irq)
{
	if (tx_hal_may_sleep())
		return true;
	rt_log(1, "tactus: %s(%u) outside Linux process context (a real-time task or handler?): refused; call it from module init or exit",
	       call, irq);
	return false;
}

// The void controller calls on a line Tactus does not serve.
void not_ours(const char *call, unsigned irq)
{
	rt_log(1, "tactus: %s(%u): the line has no real-time handler; ignored", call, irq);
}

void mask(const char *call, unsigned irq)
{
	if (tx_irq_mask(irq))
		not_ours(call, irq);
}

void unmask(const char *call, unsigned irq)
{
	if (tx_irq_unmask(irq))
		not_ours(call, irq);
}

} // namespace

extern "C" {

int rt_request_irq(unsigned irq, int (*handler)(unsigned irq, void *cookie), void *cookie, int retmode)
{
	if (!linux_process_context("rt_request_irq", irq))
		return -kEPerm;
	return tx_irq_claim(irq, handler, nullptr, cookie, retmode, 0);
}

int rt_release_irq(unsigned irq)
{
	if (!linux_process_context("rt_release_irq", irq))
		return -kEPerm;
	return tx_irq_release(irq);
}

int rt_request_irq_wack(unsigned irq, int (*handler)(unsigned irq, void *cookie), void *cookie, int retmode,
			int (*irq_ack)(unsigned int irq, void *cookie))
{
	int err = rt_request_irq(irq, handler, cookie, retmode);
	return err < 0 ? err : rt_set_irq_ack(irq, irq_ack);
}

unsigned rt_startup_irq(unsigned irq)
{
	unmask("rt_startup_irq", irq);
	return 0;
}

void rt_shutdown_irq(unsigned irq) { mask("rt_shutdown_irq", irq); }
void rt_enable_irq(unsigned irq) { unmask("rt_enable_irq", irq); }
void rt_disable_irq(unsigned irq) { mask("rt_disable_irq", irq); }
void rt_mask_irq(unsigned irq) { mask("rt_mask_irq", irq); }
void rt_unmask_irq(unsigned irq) { unmask("rt_unmask_irq", irq); }
void rt_mask_and_ack_irq(unsigned irq) { mask("rt_mask_and_ack_irq", irq); }
void rt_ack_irq(unsigned irq) { unmask("rt_ack_irq", irq); }
void rt_end_irq(unsigned irq) { unmask("rt_end_irq", irq); }

int rt_set_irq_ack(unsigned int irq, int (*irq_ack)(unsigned int irq, void *cookie))
{
	return tx_irq_set_ack(irq, irq_ack);
}

void rt_set_irq_cookie(unsigned irq, void *cookie)
{
	if (tx_irq_set_cookie(irq, cookie))
		not_ours("rt_set_irq_cookie", irq);
}

void rt_set_irq_retmode(unsigned irq, int fastret)
{
	if (tx_irq_set_retmode(irq, fastret))
		not_ours("rt_set_irq_retmode", irq);
}

int rt_request_srq(unsigned label, void (*k_handler)(void), long long (*)(unsigned long))
{
	if (!tx_hal_may_sleep())
		return -kEPerm;
	return tx_srq_request(label, k_handler);
}

int rt_free_srq(unsigned srq) { return tx_hal_may_sleep() ? tx_srq_free(srq) : -kEPerm; }

void rt_pend_linux_srq(unsigned srq)
{
	if (tx_srq_pend(srq))
		rt_log(1, "tactus: rt_pend_linux_srq(%u): no such system request (rt_request_srq)", srq);
}

void rt_pend_linux_irq(unsigned irq)
{
	if (tx_irq_pend_linux(irq))
		not_ours("rt_pend_linux_irq", irq);
}

int rt_request_global_irq(unsigned irq, void (*handler)(void))
{
	if (!linux_process_context("rt_request_global_irq", irq))
		return -kEPerm;
	return tx_irq_claim(irq, nullptr, handler, nullptr, 0, 0);
}

int rt_request_global_irq_ext(unsigned irq, void (*handler)(void), unsigned long cookie)
{
	if (!linux_process_context("rt_request_global_irq_ext", irq))
		return -kEPerm;
	return tx_irq_claim(irq, nullptr, handler, reinterpret_cast<void *>(cookie), 1, 0);
}

void rt_set_global_irq_ext(unsigned irq, int, unsigned long cookie)
{
	rt_set_irq_cookie(irq, reinterpret_cast<void *>(cookie));
}

int rt_free_global_irq(unsigned irq) { return rt_release_irq(irq); }

} // extern "C"
