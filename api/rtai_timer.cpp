// SPDX-License-Identifier: GPL-2.0
// api/rtai_timer.cpp - RTAI's rt_request_timer family (asm/rtai_hal.h) over
// the scheduler's timer handlers (sched/user_timers.cpp).
#include <rtai.h>
#include <rtai_sched.h>

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

int rt_request_apic_timers(void (*handler)(void), struct apic_timer_setup_data *tmdata)
{
	if (!handler || !tmdata)
		return -kEInval;
	uint32_t online = g_sched.online_mask(); // only online CPUs' entries are read
	for (unsigned cpu = 0; cpu < kMaxCpus; cpu++) {
		if (!(online & (1u << cpu)))
			continue;
		const apic_timer_setup_data &d = tmdata[cpu];
		if (d.mode < 0 || d.mode > 1 || (d.mode == 1 && d.count <= 0))
			return -kEInval;
	}
	for (unsigned cpu = 0; cpu < kMaxCpus; cpu++) {
		if (!(online & (1u << cpu)))
			continue;
		const apic_timer_setup_data &d = tmdata[cpu];
		int err = g_sched.request_user_timer(cpu, handler, d.mode ? nano2count(d.count) : 0);
		if (err) {
			while (cpu-- > 0) // the CPUs before it got theirs from this call
				if (online & (1u << cpu))
					g_sched.free_user_timer(cpu);
			return err;
		}
	}
	return 0;
}

void rt_free_apic_timers(void) { rt_free_timers(); }

} // extern "C"
