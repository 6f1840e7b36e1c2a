// SPDX-License-Identifier: GPL-2.0
// api/posix_threads.cpp - POSIX threads (pthread.h) and RTLinux's _np
// calls over the core's tasks.
//
// A thread is a block of its own (allocated by pthread_create, Linux
// context) holding the task (an RT_TASK), the start routine and its value,
// a semaphore its joiner waits on, and its keys' values. Handles index a
// table and carry the slot's generation, so a stale handle is refused
// (ESRCH) in O(1) and never followed.
//
// How a thread ends: the thread itself (return or pthread_exit) runs its
// key destructors, stores its value, signals its joiner and parks in an
// endless sleep. Its joiner then deletes the task, or for a detached thread
// Linux does (a work item that deletes every detached thread that ended).
// Deleting the parked task from outside rather than the thread deleting
// itself tells when the task is certainly off its CPU (rt_task_delete
// returns then: the block holds the RT_TASK the last switch writes into),
// and a mutex it still holds passes on at that delete, as for a task
// deleted from outside. The block is freed when its last reference goes:
// the task's (dropped by its deleter), the value's (join or detach), and
// those callers hold for the duration of a call, so no party ever touches
// a freed block.
#include <posix/pthread.h>
#include <posix/signal.h>

#include "../hal/linux_work.hpp"
#include "../hal/spinlock.hpp"
#include "../lib/bitops.hpp"
#include "posix_glue.h"
#include "tasklets_glue.h"
#include "posix_internal.hpp"

using namespace tx;
using namespace tx::api;
using namespace tx::posix;

namespace {

constexpr unsigned kThreadsMax = PTHREAD_THREADS_MAX;
constexpr unsigned kSlotBits = 11; // slot + 1 up to kThreadsMax
static_assert((1u << kSlotBits) > kThreadsMax, "a handle holds slot + 1");
constexpr size_t kStackMax = 8u << 20;
constexpr int kRrQuantumNs = 4'000'000; // RTAI's default quantum (rt_set_sched_policy)

struct Thread {
	DeferredBlock block; // first: Scheduler::free_later from a thread
	RT_TASK task;
	pthread_t id;
	void *(*start)(void *);
	void *arg;
	void *value;
	SEM done;          // signalled once, when the thread has ended
	unsigned refs;     // [g_lock] the block is freed when they are gone
	bool value_ref;    // [g_lock] a join or detach will drop a reference
	bool detached;     // [g_lock] nobody takes its value
	bool joining;      // [g_lock] a joiner waits for it
	bool joined;       // [g_lock] its value was taken
	bool ended;        // [g_lock] value set, joiner signalled
	bool deleting;     // [g_lock] one deleter deletes the task
	bool release_now;  // its first release came at pthread_make_periodic_np: the next wait returns at once
	uint64_t sig_pending; // [g_lock] signals sent, not taken by sigwait yet (bit s - 1)
	uint64_t sig_waiting; // [g_lock] the set its sigwait waits for (0: none)
	uint64_t sig_mask;    // pthread_sigmask's, kept for its readback only
	SEM sig_wake;         // its sigwait sleeps here
	void *specific[PTHREAD_KEYS_MAX];
};

// [g_lock] the table and every thread's flags. Held for O(1) steps.
constinit SpinLock g_lock;
constinit Thread *g_threads[kThreadsMax];
constinit uint32_t g_generation[kThreadsMax];
constinit LevelBitmap<kThreadsMax> g_used;

// Deletes what ended detached (thread_end, pthread_detach): Linux context.
void reap_ended(LinuxWork *);
constinit LinuxWork g_reaper{reap_ended};

// Keys: destructors and whether each is created [g_lock].
using KeyDestructor = void (*)(void *);
constinit KeyDestructor g_key_destructor[PTHREAD_KEYS_MAX];
constinit bool g_key_live[PTHREAD_KEYS_MAX];

Thread *thread_of_task(Task *t) { return t && !t->linux_ctx ? static_cast<Thread *>(t->posix_thread) : nullptr; }
Thread *self_thread() { return thread_of_task(self_task()); }

unsigned slot_of(pthread_t id) { return static_cast<unsigned>(id & ((1u << kSlotBits) - 1)); }

// [g_lock] The thread of a handle, or null: a handle is valid from
// pthread_create until the thread is joined, or has ended detached. O(1).
Thread *lookup_locked(pthread_t id)
{
	unsigned slot = slot_of(id);
	if (slot == 0 || slot > kThreadsMax)
		return nullptr;
	Thread *t = g_threads[slot - 1];
	if (!t || t->id != id || t->joined || (t->detached && t->ended))
		return nullptr;
	return t;
}

// [g_lock] Drop a reference; the last one frees the block (through Linux
// from a real-time context). O(1).
void put_locked(Thread *t)
{
	if (--t->refs)
		return;
	unsigned slot = slot_of(t->id) - 1;
	g_threads[slot] = nullptr;
	g_used.clear(slot);
	g_generation[slot]++;
	rt_sem_delete(&t->done);
	rt_sem_delete(&t->sig_wake);
	if (tx_hal_may_sleep())
		tx_hal_free(t, sizeof(Thread));
	else
		g_sched.free_later(&t->block);
}

void put(Thread *t)
{
	unsigned long flags = g_lock.lock();
	put_locked(t);
	g_lock.unlock(flags);
}

// The thread of a handle with a reference for the caller (put() it), or
// null (ESRCH).
Thread *get(pthread_t id)
{
	unsigned long flags = g_lock.lock();
	Thread *t = lookup_locked(id);
	if (t)
		t->refs++;
	g_lock.unlock(flags);
	return t;
}

// f(the task of a live thread) with a reference held for the call: ESRCH
// for a handle that is not valid or a thread being deleted.
template <typename F> int with_task(pthread_t id, F f)
{
	Thread *t = get(id);
	if (!t)
		return ESRCH;
	unsigned long flags = g_lock.lock();
	bool deleting = t->deleting;
	g_lock.unlock(flags);
	int err = deleting ? ESRCH : f(&t->task);
	put(t);
	return err;
}

// [g_lock] The value's reference goes (joined, or detached). O(1).
void drop_value_ref_locked(Thread *t)
{
	if (t->value_ref) {
		t->value_ref = false;
		put_locked(t);
	}
}

// Delete t's task (parked or not; the caller holds a reference); a thread
// that had not ended ends with PTHREAD_CANCELED for its joiner. One
// deleter per thread: false if another one has it. Any context but t
// itself.
bool delete_thread(Thread *t)
{
	unsigned long flags = g_lock.lock();
	bool mine = !t->deleting;
	t->deleting = true;
	g_lock.unlock(flags);
	if (!mine)
		return false;
	rt_task_delete(&t->task); // returns once the task is off its CPU
	flags = g_lock.lock();
	bool signal = !t->ended;
	if (signal) {
		t->value = PTHREAD_CANCELED;
		t->ended = true;
	}
	g_lock.unlock(flags);
	if (signal)
		rt_sem_signal(&t->done);
	put(t); // the task's reference
	return true;
}

// Linux context: the parked tasks of detached threads that ended go (a
// joinable one's goes at its join). O(PTHREAD_THREADS_MAX), one table step
// per lock hold.
void reap_ended(LinuxWork *)
{
	for (unsigned s = 0; s < kThreadsMax; s++) {
		unsigned long flags = g_lock.lock();
		Thread *t = g_threads[s];
		bool hit = t && t->ended && t->detached && !t->deleting;
		if (hit)
			t->refs++; // the call's
		g_lock.unlock(flags);
		if (hit) {
			delete_thread(t);
			put(t);
		}
	}
}

// PTHREAD_DESTRUCTOR_ITERATIONS passes over the keys with a value.
void run_destructors(Thread *t)
{
	for (int pass = 0; pass < PTHREAD_DESTRUCTOR_ITERATIONS; pass++) {
		bool any = false;
		for (unsigned k = 0; k < PTHREAD_KEYS_MAX; k++) {
			void *v = t->specific[k];
			void (*d)(void *) = load_relaxed(&g_key_destructor[k]);
			if (!v || !d || !load_relaxed(&g_key_live[k]))
				continue;
			t->specific[k] = nullptr;
			d(v);
			any = true;
		}
		if (!any)
			return;
	}
}

[[noreturn]] void thread_end(Thread *t, void *value)
{
	run_destructors(t);
	unsigned long flags = g_lock.lock();
	t->value = value;
	t->ended = true;
	bool reap = t->detached;
	g_lock.unlock(flags);
	rt_sem_signal(&t->done);
	if (reap)
		linux_work_queue(&g_reaper);
	for (;;)
		rt_sleep_until(kForever); // parked until Linux deletes the task
}

void thread_main(long arg)
{
	auto *t = reinterpret_cast<Thread *>(arg);
	thread_end(t, t->start(t->arg));
}

bool valid_attr(const pthread_attr_t *a) { return a && a->initialized == 1; }

int start_thread(pthread_t *id, const pthread_attr_t &a, void *(*start)(void *), void *arg)
{
	if (a.stackaddr || a.stacksize < PTHREAD_STACK_MIN || a.stacksize > kStackMax)
		return EINVAL;
	uint32_t cpus = a.cpu < 0 ? 1u << g_sched.least_loaded_cpu(g_sched.online_mask())
				  : (a.cpu < static_cast<int>(kMaxCpus) ? 1u << a.cpu : 0);
	if (!(cpus & g_sched.online_mask()))
		return EINVAL;
	auto *t = static_cast<Thread *>(tx_hal_alloc(sizeof(Thread)));
	if (!t)
		return ENOMEM;
	zero_bytes(t, sizeof(*t));
	t->block.bytes = sizeof(Thread);
	t->start = start;
	t->arg = arg;
	t->detached = a.detachstate == PTHREAD_CREATE_DETACHED;
	t->value_ref = !t->detached;
	t->refs = 1 + t->value_ref; // the task's, the value's
	rt_typed_sem_init(&t->done, 0, BIN_SEM | PRIO_Q);
	rt_typed_sem_init(&t->sig_wake, 0, BIN_SEM | PRIO_Q);

	unsigned long flags = g_lock.lock();
	unsigned slot = kThreadsMax;
	for (unsigned s = 0; s < kThreadsMax && slot == kThreadsMax; s++) // Linux context, at create only
		if (!g_used.test(s))
			slot = s;
	if (slot < kThreadsMax) {
		g_used.set(slot);
		t->id = (static_cast<pthread_t>(g_generation[slot]) << kSlotBits) | (slot + 1);
	}
	g_lock.unlock(flags);
	int err = slot < kThreadsMax ? 0 : EAGAIN;
	if (!err) {
		int r = g_sched.task_init(task_of(&t->task), thread_main, reinterpret_cast<long>(t), a.stacksize,
					  core_prio(a.schedparam.sched_priority), a.use_fp != 0, cpus, nullptr);
		err = r == -kENoMem ? ENOMEM : (r ? EAGAIN : 0);
	}
	if (err) {
		flags = g_lock.lock();
		if (slot < kThreadsMax)
			g_used.clear(slot);
		g_lock.unlock(flags);
		rt_sem_delete(&t->done);
		rt_sem_delete(&t->sig_wake);
		tx_hal_free(t, sizeof(Thread));
		return err;
	}
	task_of(&t->task)->posix_thread = t;
	// Its CPU's timers manager, for the POSIX timers it may arm (time.h):
	// only Linux context makes one.
	tx_tasklets_ensure_manager(static_cast<unsigned>(__builtin_ctz(cpus)));
	if (a.schedpolicy == SCHED_RR)
		rt_set_sched_policy(&t->task, RT_SCHED_RR, kRrQuantumNs);
	flags = g_lock.lock();
	g_threads[slot] = t;
	g_lock.unlock(flags);
	*id = t->id;
	rt_task_resume(&t->task);
	return 0;
}

} // namespace

extern "C" {

// ---- Attributes -----------------------------------------------------------------

int pthread_attr_init(pthread_attr_t *attr)
{
	if (!attr)
		return EINVAL;
	zero_bytes(attr, sizeof(*attr));
	attr->initialized = 1;
	attr->detachstate = PTHREAD_CREATE_JOINABLE;
	attr->inheritsched = PTHREAD_EXPLICIT_SCHED;
	attr->schedpolicy = SCHED_FIFO;
	attr->schedparam.sched_priority = TACTUS_POSIX_PRIO_MIN;
	attr->stacksize = PTHREAD_STACK_DEFAULT;
	attr->cpu = -1;
	return 0;
}

int pthread_attr_destroy(pthread_attr_t *attr)
{
	if (!valid_attr(attr))
		return EINVAL;
	attr->initialized = 0;
	return 0;
}

#define TX_ATTR_SET(name, field, ok)                        \
	int pthread_attr_set##name(pthread_attr_t *attr, int v) \
	{                                                       \
		if (!valid_attr(attr) || !(ok))                 \
			return EINVAL;                          \
		attr->field = v;                                \
		return 0;                                       \
	}
#define TX_ATTR_GET(name, field)                                      \
	int pthread_attr_get##name(const pthread_attr_t *attr, int *v) \
	{                                                             \
		if (!valid_attr(attr) || !v)                          \
			return EINVAL;                                \
		*v = attr->field;                                     \
		return 0;                                             \
	}

TX_ATTR_SET(detachstate, detachstate, v == PTHREAD_CREATE_JOINABLE || v == PTHREAD_CREATE_DETACHED)
TX_ATTR_GET(detachstate, detachstate)
TX_ATTR_SET(inheritsched, inheritsched, v == PTHREAD_INHERIT_SCHED || v == PTHREAD_EXPLICIT_SCHED)
TX_ATTR_GET(inheritsched, inheritsched)
TX_ATTR_SET(schedpolicy, schedpolicy, v == SCHED_FIFO || v == SCHED_RR)
TX_ATTR_GET(schedpolicy, schedpolicy)
TX_ATTR_SET(cpu_np, cpu, v >= -1 && v < static_cast<int>(kMaxCpus))
TX_ATTR_GET(cpu_np, cpu)
TX_ATTR_SET(fp_np, use_fp, v == 0 || v == 1)

int pthread_attr_setstacksize(pthread_attr_t *attr, size_t size)
{
	if (!valid_attr(attr) || size < PTHREAD_STACK_MIN || size > kStackMax)
		return EINVAL;
	attr->stacksize = size;
	return 0;
}

int pthread_attr_getstacksize(const pthread_attr_t *attr, size_t *size)
{
	if (!valid_attr(attr) || !size)
		return EINVAL;
	*size = attr->stacksize;
	return 0;
}

int pthread_attr_setstackaddr(pthread_attr_t *attr, void *addr)
{
	if (!valid_attr(attr))
		return EINVAL;
	attr->stackaddr = addr;
	return 0;
}

int pthread_attr_getstackaddr(const pthread_attr_t *attr, void **addr)
{
	if (!valid_attr(attr) || !addr)
		return EINVAL;
	*addr = attr->stackaddr;
	return 0;
}

int pthread_attr_setschedparam(pthread_attr_t *attr, const struct sched_param *param)
{
	if (!valid_attr(attr) || !param || !valid_posix_prio(param->sched_priority))
		return EINVAL;
	attr->schedparam = *param;
	return 0;
}

int pthread_attr_getschedparam(const pthread_attr_t *attr, struct sched_param *param)
{
	if (!valid_attr(attr) || !param)
		return EINVAL;
	*param = attr->schedparam;
	return 0;
}

// ---- Threads ----------------------------------------------------------------------

int pthread_create(pthread_t *thread, const pthread_attr_t *attr, void *(*start)(void *), void *arg)
{
	if (!thread || !start || (attr && !valid_attr(attr)))
		return EINVAL;
	if (!tx_hal_may_sleep())
		return EPERM; // it allocates: Linux context only
	pthread_attr_t a;
	if (attr)
		a = *attr;
	else
		pthread_attr_init(&a);
	// Inheriting needs a real-time creator, which Linux context is not:
	// the attributes' own policy and priority then (see pthread.h).
	return start_thread(thread, a, start, arg);
}

void pthread_exit(void *value)
{
	Task *me = self_task();
	if (me->linux_ctx)
		return;
	if (Thread *t = thread_of_task(me))
		thread_end(t, value);
	rt_task_delete(nullptr); // an RTAI task: it ends
}

int pthread_join(pthread_t thread, void **value)
{
	unsigned long flags = g_lock.lock();
	Thread *t = lookup_locked(thread);
	int err = 0;
	if (!t)
		err = ESRCH;
	else if (t == self_thread())
		err = EDEADLK;
	else if (t->detached || t->joining)
		err = EINVAL;
	else
		t->joining = true;
	if (!err)
		t->refs++; // the call's
	g_lock.unlock(flags);
	if (err)
		return err;
	if (in_thread()) {
		while (rt_sem_wait(&t->done) >= RTE_LOWERR) // woken early: wait on
			;
	} else {
		while (!load_acquire(&t->ended)) // Linux context (module exit): poll
			tx_hal_sleep_ms(1);
	}
	delete_thread(t); // the parked task goes now (the queued work finds it done)
	flags = g_lock.lock();
	if (value)
		*value = t->value;
	t->joined = true;
	drop_value_ref_locked(t);
	put_locked(t);
	g_lock.unlock(flags);
	return 0;
}

int pthread_detach(pthread_t thread)
{
	unsigned long flags = g_lock.lock();
	Thread *t = lookup_locked(thread);
	int err = !t ? ESRCH : (t->detached || t->joining ? EINVAL : 0);
	bool reap = false;
	if (!err) {
		t->detached = true;
		reap = t->ended;
		drop_value_ref_locked(t);
	}
	g_lock.unlock(flags);
	if (reap)
		linux_work_queue(&g_reaper); // its parked task goes
	return err;
}

pthread_t pthread_self(void)
{
	Thread *t = self_thread();
	return t ? t->id : 0;
}

int pthread_equal(pthread_t a, pthread_t b) { return a == b; }

int pthread_cancel(pthread_t) { return ENOTSUP; }

// 0 -> 1 (the caller runs init) -> 2; the others wait for 2: a thread
// sleeps in 10 µs steps (the runner may be a less urgent thread on this
// CPU), Linux context relaxes. Bounded by init's own time.
int pthread_once(pthread_once_t *once, void (*init)(void))
{
	if (!once || !init)
		return EINVAL;
	if (load_acquire(&once->state) == 2)
		return 0;
	int expected = 0;
	if (__atomic_compare_exchange_n(&once->state, &expected, 1, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
		init();
		store_release(&once->state, 2);
		return 0;
	}
	while (load_acquire(&once->state) != 2) {
		if (in_thread())
			rt_sleep(nano2count(10'000));
		else
			tx_hal_relax();
	}
	return 0;
}

int pthread_setschedparam(pthread_t thread, int policy, const struct sched_param *param)
{
	if (!param || (policy != SCHED_FIFO && policy != SCHED_RR) || !valid_posix_prio(param->sched_priority))
		return EINVAL;
	return with_task(thread, [&](RT_TASK *task) {
		if (rt_change_prio(task, core_prio(param->sched_priority)) < 0)
			return ESRCH;
		rt_set_sched_policy(task, policy == SCHED_RR ? RT_SCHED_RR : RT_SCHED_FIFO, kRrQuantumNs);
		return 0;
	});
}

int pthread_getschedparam(pthread_t thread, int *policy, struct sched_param *param)
{
	if (!policy || !param)
		return EINVAL;
	unsigned long flags = g_lock.lock();
	Thread *t = lookup_locked(thread);
	int prio = t && !t->deleting ? rt_get_prio(&t->task) : -1;
	bool rr = t && !t->deleting && task_of(&t->task)->rr_quantum != 0;
	g_lock.unlock(flags);
	if (prio < 0)
		return ESRCH;
	*policy = rr ? SCHED_RR : SCHED_FIFO;
	param->sched_priority = posix_prio(prio);
	return 0;
}

// ---- Keys ------------------------------------------------------------------------------

int pthread_key_create(pthread_key_t *key, void (*destructor)(void *))
{
	if (!key)
		return EINVAL;
	unsigned long flags = g_lock.lock();
	int err = EAGAIN;
	for (unsigned k = 0; k < PTHREAD_KEYS_MAX; k++) { // O(PTHREAD_KEYS_MAX)
		if (!g_key_live[k]) {
			g_key_destructor[k] = destructor;
			store_release(&g_key_live[k], true);
			*key = k;
			err = 0;
			break;
		}
	}
	g_lock.unlock(flags);
	return err;
}

// The values threads keep for it are not touched (POSIX: the application
// frees them); a key created again later starts with null everywhere, so
// every thread's value is cleared here. O(PTHREAD_THREADS_MAX).
int pthread_key_delete(pthread_key_t key)
{
	if (key >= PTHREAD_KEYS_MAX)
		return EINVAL;
	unsigned long flags = g_lock.lock();
	int err = g_key_live[key] ? 0 : EINVAL;
	if (!err) {
		g_key_live[key] = false;
		g_key_destructor[key] = nullptr;
	}
	g_lock.unlock(flags);
	for (unsigned s = 0; !err && s < kThreadsMax; s++) { // one table step per lock hold
		flags = g_lock.lock();
		if (Thread *t = g_threads[s])
			t->specific[key] = nullptr;
		g_lock.unlock(flags);
	}
	return err;
}

void *pthread_getspecific(pthread_key_t key)
{
	Thread *t = self_thread();
	return t && key < PTHREAD_KEYS_MAX && load_acquire(&g_key_live[key]) ? t->specific[key] : nullptr;
}

int pthread_setspecific(pthread_key_t key, const void *value)
{
	Thread *t = self_thread();
	if (!t || key >= PTHREAD_KEYS_MAX || !load_acquire(&g_key_live[key]))
		return EINVAL;
	t->specific[key] = const_cast<void *>(value);
	return 0;
}

// ---- RTLinux ------------------------------------------------------------------------

int pthread_make_periodic_np(pthread_t thread, long long start_time, long long period)
{
	if (period <= 0)
		return EINVAL;
	Thread *t = get(thread);
	if (!t)
		return ESRCH;
	// RTLinux: the first release at start_time (the thread's next
	// pthread_wait_np returns then); one already past is now, and that wait
	// returns at once without counting an overrun.
	Count first = deadline_of(CLOCK_MONOTONIC, start_time);
	Count now = g_sched.now();
	Count each = max<Count>(counts_from_ns(period), 1);
	bool at_once = first <= now;
	store_release(&t->release_now, at_once);
	int r = g_sched.set_periodic(task_of(&t->task), at_once ? now + each : first, each);
	put(t);
	return r ? ESRCH : 0;
}

int pthread_wait_np(void)
{
	Thread *t = self_thread();
	if (t && load_acquire(&t->release_now)) {
		store_release(&t->release_now, false);
		return 0; // the release at pthread_make_periodic_np
	}
	int r = rt_task_wait_period();
	if (r == RTE_PERM)
		return EPERM;
	if (r == RTE_TMROVRN)
		return ETIMEDOUT;
	return r < 0 ? EINVAL : 0;
}

int pthread_delete_np(pthread_t thread)
{
	Thread *t = get(thread);
	if (!t)
		return ESRCH;
	int err = t == self_thread() ? EDEADLK : (delete_thread(t) ? 0 : ESRCH); // ESRCH: another deleter has it
	put(t);
	return err;
}

int pthread_setfp_np(pthread_t thread, int use_fp)
{
	return with_task(thread, [&](RT_TASK *task) { return rt_task_use_fpu(task, use_fp) ? EINVAL : 0; });
}

int pthread_suspend_np(pthread_t thread)
{
	return with_task(thread, [](RT_TASK *task) { return rt_task_suspend(task) >= 0 ? 0 : ESRCH; });
}

int pthread_wakeup_np(pthread_t thread)
{
	return with_task(thread, [](RT_TASK *task) { return rt_task_resume(task) == 0 ? 0 : ESRCH; });
}

// ---- Signals (signal.h) ----------------------------------------------------------------

namespace {
uint64_t bits_of(const sigset_t *set)
{
	uint64_t b = 0;
	for (int s = 1; s <= 64; s++)
		if (sigismember(const_cast<sigset_t *>(set), s))
			b |= uint64_t(1) << (s - 1);
	return b;
}
void set_of(uint64_t b, sigset_t *set)
{
	sigemptyset(set);
	for (int s = 1; s <= 64; s++)
		if (b & (uint64_t(1) << (s - 1)))
			sigaddset(set, s);
}
} // namespace

int pthread_kill(pthread_t thread, int sig)
{
	if (sig < 0 || sig > 64)
		return EINVAL;
	unsigned long flags = g_lock.lock();
	Thread *t = lookup_locked(thread);
	bool wake = false;
	if (t && sig) {
		uint64_t bit = uint64_t(1) << (sig - 1);
		t->sig_pending |= bit;
		wake = t->sig_waiting & bit;
		if (wake)
			t->refs++; // the call's, for the wake below
	}
	g_lock.unlock(flags);
	if (wake) {
		rt_sem_signal(&t->sig_wake);
		put(t);
	}
	return t ? 0 : ESRCH;
}

int tx_posix_signal_pending(pthread_t thread, int sig)
{
	unsigned long flags = g_lock.lock();
	Thread *t = lookup_locked(thread);
	int pending = t && sig >= 1 && sig <= 64 && (t->sig_pending >> (sig - 1)) & 1;
	g_lock.unlock(flags);
	return pending;
}

// O(64) for the set's bits, then O(1) per wake-up.
int sigwait(const sigset_t *set, int *sig)
{
	Thread *t = self_thread();
	if (!set || !sig || !t || !in_thread())
		return EINVAL;
	uint64_t want = bits_of(set);
	if (!want)
		return EINVAL;
	for (;;) {
		unsigned long flags = g_lock.lock();
		uint64_t hit = t->sig_pending & want;
		if (hit) {
			int s = __builtin_ctzll(hit) + 1;
			t->sig_pending &= ~(uint64_t(1) << (s - 1));
			t->sig_waiting = 0;
			g_lock.unlock(flags);
			*sig = s;
			return 0;
		}
		t->sig_waiting = want;
		g_lock.unlock(flags);
		rt_sem_wait(&t->sig_wake); // a signal of the set wakes it (or came before: the binary sem holds it)
	}
}

int pthread_sigmask(int how, const sigset_t *set, sigset_t *old)
{
	Thread *t = self_thread();
	if (!t)
		return EINVAL;
	if (old)
		set_of(t->sig_mask, old);
	if (!set)
		return 0;
	uint64_t b = bits_of(set);
	if (how == SIG_BLOCK)
		t->sig_mask |= b;
	else if (how == SIG_UNBLOCK)
		t->sig_mask &= ~b;
	else if (how == SIG_SETMASK)
		t->sig_mask = b;
	else
		return EINVAL;
	return 0;
}

// ---- Glue ------------------------------------------------------------------------------

unsigned tx_posix_release_owner(const void *owner, int (*within)(const void *adr, const void *owner))
{
	unsigned n = 0;
	for (unsigned s = 0; s < kThreadsMax; s++) { // one table step per lock hold
		unsigned long flags = g_lock.lock();
		Thread *t = g_threads[s];
		bool hit = t && (!within || within(reinterpret_cast<const void *>(t->start), owner));
		bool running = hit && !t->ended;

		if (hit) {
			t->refs++; // the call's
			if (!t->joining) { // a joiner elsewhere takes PTHREAD_CANCELED and drops it
				t->detached = true;
				drop_value_ref_locked(t);
			}
		}
		g_lock.unlock(flags);
		if (hit) {
			if (delete_thread(t) && running)
				n++;
			put(t);
		}
	}
	return n;
}

void tx_posix_reset(void)
{
	g_lock.reset();
	for (unsigned s = 0; s < kThreadsMax; s++) {
		g_threads[s] = nullptr;
		g_generation[s] = 0;
	}
	g_used = LevelBitmap<kThreadsMax>();
	for (unsigned k = 0; k < PTHREAD_KEYS_MAX; k++) {
		g_key_live[k] = false;
		g_key_destructor[k] = nullptr;
	}
}

} // extern "C"
