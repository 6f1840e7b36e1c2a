// SPDX-License-Identifier: GPL-2.0
// api/posix_timers.cpp - POSIX timers (time.h: timer_create and the rest)
// over RTAI's timers (rtai_tasklets.h): an expiry runs in the CPU's timers
// manager and sends the timer's signal (signal.h) to the thread that
// created it.
//
// Timers come from a static pool (no allocation: timer_create works in a
// thread); the id is the slot + 1 with the slot's generation above, so a
// deleted timer's id is refused. The pool's lock covers the slots' use;
// RTAI's timer calls take their own lock.
#include <rtai_tasklets.h> // before the POSIX headers: its timer_t is the C library's on the host

#include <posix/signal.h>
#include <posix/time.h>

#include "../hal/spinlock.hpp"
#include "posix_glue.h"
#include "posix_internal.hpp"

using namespace tx;
using namespace tx::api;
using namespace tx::posix;

namespace {

constexpr int kTimersMax = 64;
constexpr int kSlotBits = 7;
static_assert((1 << kSlotBits) > kTimersMax, "an id holds slot + 1");
constexpr int kHandlerPriority = 0; // RTAI's: the timers manager runs it above every task

struct PosixTimer {
	rt_tasklet_struct tasklet;
	bool used;          // [g_lock]
	int id;             // [g_lock]
	clockid_t clock;
	int notify;         // SIGEV_SIGNAL or SIGEV_NONE
	int signo;
	pthread_t target;
	int overrun;        // expiries that found the signal still pending
	bool armed;
	const void *creator; // its module's unload deletes it
};

constinit SpinLock g_lock;
constinit PosixTimer g_timers[kTimersMax];
constinit uint32_t g_generation[kTimersMax];

// [g_lock] The timer of an id, or null. O(1).
PosixTimer *lookup_locked(timer_t id)
{
	int slot = (static_cast<int>(id) & ((1 << kSlotBits) - 1)) - 1;
	if (slot < 0 || slot >= kTimersMax || !g_timers[slot].used || g_timers[slot].id != static_cast<int>(id))
		return nullptr;
	return &g_timers[slot];
}

PosixTimer *lookup(timer_t id)
{
	unsigned long f = g_lock.lock();
	PosixTimer *t = lookup_locked(id);
	g_lock.unlock(f);
	return t;
}

// The expiry, in the timers manager: the signal, or an overrun when the
// last one is still pending. 'data' is the timer's id, looked up again: a
// timer deleted (and its slot reused) while its handler was about to run
// is not mistaken for the new one (rt_remove_timer does not wait for a
// running handler). O(1).
void expire(unsigned long data)
{
	timer_t id = static_cast<timer_t>(data);
	unsigned long f = g_lock.lock();
	PosixTimer *t = lookup_locked(id);
	bool signal = t && t->notify == SIGEV_SIGNAL;
	pthread_t target = signal ? t->target : 0;
	int signo = signal ? t->signo : 0;
	g_lock.unlock(f);
	if (!signal)
		return;
	if (!tx_posix_signal_pending(target, signo)) {
		pthread_kill(target, signo);
		return;
	}
	f = g_lock.lock();
	if ((t = lookup_locked(id)))
		t->overrun++;
	g_lock.unlock(f);
}

void disarm(PosixTimer *t)
{
	rt_remove_timer(&t->tasklet);
	t->armed = false;
}

} // namespace

extern "C" {

int timer_create(clockid_t clock_id, struct sigevent *sevp, timer_t *timerid)
{
	int64_t ns;
	if (!timerid || !clock_ns(clock_id, &ns))
		return fail(EINVAL);
	int notify = sevp ? sevp->sigev_notify : SIGEV_SIGNAL;
	int signo = sevp ? sevp->sigev_signo : SIGALRM;
	pthread_t me = pthread_self();
	if ((notify != SIGEV_SIGNAL && notify != SIGEV_NONE) ||
	    (notify == SIGEV_SIGNAL && (signo < 1 || signo > 64 || !me)))
		return fail(EINVAL);
	unsigned long f = g_lock.lock();
	PosixTimer *t = nullptr;
	for (int s = 0; s < kTimersMax && !t; s++) { // O(kTimersMax)
		if (!g_timers[s].used) {
			t = &g_timers[s];
			zero_bytes(t, sizeof(*t));
			t->used = true;
			t->id = static_cast<int>((g_generation[s] << kSlotBits) | static_cast<uint32_t>(s + 1));
		}
	}
	g_lock.unlock(f);
	if (!t)
		return fail(EAGAIN);
	t->clock = clock_id;
	t->notify = notify;
	t->signo = signo;
	t->target = me;
	t->creator = __builtin_return_address(0);
	*timerid = static_cast<timer_t>(t->id);
	return 0;
}

int timer_delete(timer_t timerid)
{
	PosixTimer *t = lookup(timerid);
	if (!t)
		return fail(EINVAL);
	disarm(t); // a handler running now finishes first
	unsigned long f = g_lock.lock();
	int slot = static_cast<int>(t - g_timers);
	t->used = false;
	g_generation[slot] = (g_generation[slot] + 1) & 0xffffff;
	g_lock.unlock(f);
	return 0;
}

int timer_gettime(timer_t timerid, struct itimerspec *value)
{
	PosixTimer *t = lookup(timerid);
	if (!t || !value)
		return fail(EINVAL);
	RTIME times[2] = {-1, 0};
	if (t->armed)
		rt_get_timer_times(&t->tasklet, times);
	// A timer that has fired its last time (no period) reads as disarmed.
	int64_t left = times[0] > 0 ? ns_from_counts(times[0]) : (t->armed && times[1] ? 1 : 0);
	timespec_of(left, &value->it_value);
	timespec_of(t->armed ? ns_from_counts(times[1]) : 0, &value->it_interval);
	return 0;
}

int timer_settime(timer_t timerid, int flags, const struct itimerspec *value, struct itimerspec *old)
{
	PosixTimer *t = lookup(timerid);
	if (!t || !value || !valid_timespec(&value->it_value) || !valid_timespec(&value->it_interval))
		return fail(EINVAL);
	if (old)
		timer_gettime(timerid, old);
	disarm(t);
	t->overrun = 0;
	int64_t first = ns_of(&value->it_value);
	if (first == 0)
		return 0; // disarmed
	Count when = (flags & TIMER_ABSTIME) ? deadline_of(t->clock, first) : deadline_in(first);
	Count period = counts_from_ns(ns_of(&value->it_interval));
	if (when == kForever)
		return 0; // never: as a disarmed timer
	int r = rt_insert_timer(&t->tasklet, kHandlerPriority, when, period, expire, static_cast<unsigned long>(timerid), 0);
	if (r)
		return fail(r == -EPERM ? EAGAIN : EINVAL); // no timers manager on this CPU (see time.h)
	t->armed = true;
	return 0;
}

int timer_getoverrun(timer_t timerid)
{
	PosixTimer *t = lookup(timerid);
	return t ? t->overrun : fail(EINVAL);
}

unsigned tx_posix_timers_release_owner(const void *owner, int (*within)(const void *adr, const void *owner))
{
	unsigned n = 0;
	for (int s = 0; s < kTimersMax; s++) {
		unsigned long f = g_lock.lock();
		PosixTimer *t = &g_timers[s];
		bool hit = t->used && (!within || within(t->creator, owner));
		int id = t->id;
		g_lock.unlock(f);
		if (hit && timer_delete(static_cast<timer_t>(id)) == 0)
			n++;
	}
	return n;
}

void tx_posix_timers_reset(void)
{
	g_lock.reset();
	for (int s = 0; s < kTimersMax; s++) {
		g_timers[s].used = false;
		g_generation[s] = 0;
	}
}

} // extern "C"
