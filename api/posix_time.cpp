// SPDX-License-Identifier: GPL-2.0
// api/posix_time.cpp - the POSIX layer's clocks and sleeping (time.h,
// unistd.h), errno, sched.h and RTLinux's time calls, over the
// core's time base and timers.
#include <posix/rtl.h>
#include <posix/unistd.h>

#include "posix_internal.hpp"

using namespace tx;
using namespace tx::api;

namespace tx::posix {

int fail(int e)
{
	*tx_posix_errno_location() = e;
	return -1;
}

bool clock_ns(clockid_t clock, int64_t *ns)
{
	if (clock == CLOCK_MONOTONIC)
		*ns = rt_get_time_ns();
	else if (clock == CLOCK_REALTIME)
		*ns = rt_get_real_time_ns();
	else
		return false;
	return true;
}

Count deadline_in(int64_t delay_ns)
{
	if (delay_ns <= 0)
		return g_sched.now();
	Count delay = counts_from_ns(min<int64_t>(delay_ns, INT64_MAX / 4)); // no overflow in the conversion
	return deadline_after(delay);
}

Count deadline_of(clockid_t clock, int64_t abs_ns)
{
	int64_t now_ns = 0;
	clock_ns(clock, &now_ns);
	if (abs_ns == INT64_MAX)
		return kForever;
	return deadline_in(abs_ns - now_ns);
}

} // namespace tx::posix

using namespace tx::posix;

extern "C" {

int *tx_posix_errno_location(void) { return &self_task()->posix_errno; }

// ---- time.h ------------------------------------------------------------------

int clock_gettime(clockid_t clock_id, struct timespec *tp)
{
	int64_t ns;
	if (!tp || !clock_ns(clock_id, &ns))
		return fail(EINVAL);
	timespec_of(ns, tp);
	return 0;
}

int clock_getres(clockid_t clock_id, struct timespec *res)
{
	int64_t ns;
	if (!clock_ns(clock_id, &ns))
		return fail(EINVAL);
	if (res) {
		int64_t hz = static_cast<int64_t>(tx_port_counter_hz());
		int64_t tick = div_s64(kNsPerSec + hz - 1, hz); // one count, rounded up
		timespec_of(tick, res);
	}
	return 0;
}

// O(1) plus the timer queue's insertion.
int clock_nanosleep(clockid_t clock_id, int flags, const struct timespec *rq, struct timespec *rm)
{
	int64_t now_ns;
	if (!valid_timespec(rq) || !clock_ns(clock_id, &now_ns))
		return EINVAL;
	if (!in_thread())
		return EPERM;
	bool absolute = flags & TIMER_ABSTIME;
	Count deadline = absolute ? deadline_of(clock_id, ns_of(rq)) : deadline_in(ns_of(rq));
	if (g_sched.deadline_passed(deadline))
		return 0; // an absolute time already past (or a zero delay)
	int r = g_sched.sleep_until(deadline);
	if (r == kRteUnblocked) {
		if (rm && !absolute) {
			Count left = deadline - g_sched.now();
			timespec_of(left > 0 ? ns_from_counts(left) : 0, rm);
		}
		return EINTR;
	}
	return 0; // kOk, or kRteTimerOverrun: the time came before the sleep began
}

int nanosleep(const struct timespec *rq, struct timespec *rm)
{
	int e = clock_nanosleep(CLOCK_MONOTONIC, 0, rq, rm);
	return e ? fail(e) : 0;
}

int usleep(unsigned int usec)
{
	struct timespec t;
	timespec_of(static_cast<int64_t>(usec) * 1000, &t);
	return nanosleep(&t, nullptr);
}

// ---- sched.h -----------------------------------------------------------------

int sched_get_priority_min(int policy)
{
	return policy == SCHED_FIFO || policy == SCHED_RR ? TACTUS_POSIX_PRIO_MIN : fail(EINVAL);
}

int sched_get_priority_max(int policy)
{
	return policy == SCHED_FIFO || policy == SCHED_RR ? TACTUS_POSIX_PRIO_MAX : fail(EINVAL);
}

int sched_yield(void)
{
	if (in_thread())
		rt_task_yield();
	return 0;
}

// ---- RTLinux -----------------------------------------------------------------

hrtime_t gethrtime(void) { return rt_get_time_ns(); }

hrtime_t clock_gethrtime(clockid_t clock)
{
	int64_t ns;
	return clock_ns(clock, &ns) ? ns : -1;
}

int rtl_getcpuid(void) { return static_cast<int>(tx_port_cpu()); }

} // extern "C"
