// SPDX-License-Identifier: GPL-2.0
// api/rtai_bits.cpp - rtai_bits.h over ipc/event_flags.
#include <rtai_bits.h>

#include "../hal/rt_log.hpp"
#include "../ipc/event_flags.hpp"
#include "api_internal.hpp"

static_assert(sizeof(tx::EventFlags) <= sizeof(BITS), "BITS holds EventFlags");
static_assert(alignof(tx::EventFlags) <= alignof(BITS), "BITS alignment");

using tx::EventFlags;
using tx::api::deadline_after;

namespace {
EventFlags *flags_of(BITS *b) { return reinterpret_cast<EventFlags *>(b); }
constexpr unsigned long kInvalid = static_cast<unsigned long>(RTE_OBJINV);
} // namespace

extern "C" {

void rt_bits_init(BITS *bits, unsigned long mask)
{
	if (!bits || flags_of(bits)->init(mask) != 0)
		tx::rt_log(1, "tactus: rt_bits_init(%p): %s; ignored", bits,
			   bits ? "live event flags (rt_bits_delete them first)" : "NULL");
}

int rt_bits_delete(BITS *bits) { return bits ? flags_of(bits)->destroy() : RTE_OBJINV; }

unsigned long rt_get_bits(BITS *bits)
{
	return bits && flags_of(bits)->valid() ? flags_of(bits)->get() : kInvalid;
}

unsigned long rt_bits_reset(BITS *bits, unsigned long mask) { return bits ? flags_of(bits)->reset(mask) : kInvalid; }

unsigned long rt_bits_signal(BITS *bits, int setfun, unsigned long masks)
{
	return bits ? flags_of(bits)->signal(setfun, masks) : kInvalid;
}

int rt_bits_wait(BITS *bits, int testfun, unsigned long testmasks, int exitfun, unsigned long exitmasks,
		 unsigned long *resulting_mask)
{
	return bits ? flags_of(bits)->wait(testfun, testmasks, exitfun, exitmasks, resulting_mask, tx::kForever, false)
		    : RTE_OBJINV;
}

int rt_bits_wait_if(BITS *bits, int testfun, unsigned long testmasks, int exitfun, unsigned long exitmasks,
		    unsigned long *resulting_mask)
{
	return bits ? flags_of(bits)->wait(testfun, testmasks, exitfun, exitmasks, resulting_mask, tx::kForever, true)
		    : RTE_OBJINV;
}

int rt_bits_wait_until(BITS *bits, int testfun, unsigned long testmasks, int exitfun, unsigned long exitmasks,
		       RTIME time, unsigned long *resulting_mask)
{
	return bits ? flags_of(bits)->wait(testfun, testmasks, exitfun, exitmasks, resulting_mask,
					   static_cast<tx::Count>(time), false)
		    : RTE_OBJINV;
}

int rt_bits_wait_timed(BITS *bits, int testfun, unsigned long testmasks, int exitfun, unsigned long exitmasks,
		       RTIME delay, unsigned long *resulting_mask)
{
	return bits ? flags_of(bits)->wait(testfun, testmasks, exitfun, exitmasks, resulting_mask,
					   deadline_after(static_cast<tx::Count>(delay)), false)
		    : RTE_OBJINV;
}

} // extern "C"
