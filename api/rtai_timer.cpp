// SPDX-License-Identifier: GPL-2.0
// api/rtai_timer.cpp - RTAI's rt_request_timer family (asm/rtai_hal.h) over
// the scheduler's timer handlers (sched/user_timers.cpp).
#include <rtai.h>

#include "../sched/errors.hpp"
#include "../sched/scheduler.hpp"

using namespace tx;

extern "C" {

int rt_request_timer(void (*handler)(void), unsigned tick, int)
{
	return g_sched.request_user_timer(0, handler, static_cast<Count>(tick));
}

int rt_request_timer_cpuid(void (*handler)(void), unsigned tick, int cpuid)
{
	if (cpuid < 0)
		return -kEInval;
	return g_sched.request_user_timer(static_cast<unsigned>(cpuid), handler, static_cast<Count>(tick));
}

void rt_free_timer(void) { g_sched.free_user_timer(0); }

void rt_free_timers(void)
{
	for (unsigned cpu = 0; cpu < kMaxCpus; cpu++)
		g_sched.free_user_timer(cpu);
}

void rt_set_timer_delay(int delay) { g_sched.set_user_timer_delay(delay); }

} // extern "C"
