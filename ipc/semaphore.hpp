// SPDX-License-Identifier: GPL-2.0
// ipc/semaphore.hpp - counting, binary and resource semaphores (RTAI SEM).
//
// Counting and binary semaphores keep RTAI's count: positive = free units,
// negative = minus the number of waiters. Resource semaphores (RES_SEM) are
// mutexes with an owner, nesting and transitive priority inheritance; RTAI's
// 'value' argument picks recursive (1), plain (0) or error-checking (-1).
// Differences from RTAI, chosen to never hang: a plain resource semaphore
// taken again by its owner, or a wait that would close an ownership cycle,
// returns RTE_DEADLOK instead of blocking forever; priority inheritance is
// exact at each release (RTAI's CONFIG_RTAI_FULL_PRINHER).
//
// Bounds: signal and wait are O(1) plus the wait-queue insert (O(waiters) in
// priority order) plus, for resource semaphores, the inheritance chain
// (O(chain length x resources per owner)). broadcast and destroy are
// O(waiters).
#pragma once

#include "../sched/poll.hpp"
#include "../sched/scheduler.hpp"

namespace tx {

enum class SemKind : uint8_t { None = 0, Binary = 1, Counting = 2, Resource = 3 };

// RTAI type encoding: low two bits the kind, FIFO_Q (4) for FIFO queueing.
constexpr int kSemBinary = 1, kSemCounting = 2, kSemResource = 3, kSemFifoQueue = 4;

class Semaphore {
public:
	// Any context; RTAI rt_typed_sem_init. Returns 0 or -EINVAL (bad type).
	int init(int value, int type);
	int destroy();
	int signal();
	int broadcast();
	// wait: blocking (deadline kForever or a time) or, with 'try_only',
	// rt_sem_wait_if. Returns RTAI's values (see api/include/rtai_sem.h).
	int wait(Count deadline, bool try_only);
	// RTAI rt_sem_wait_barrier: the first call makes the semaphore a
	// barrier for max(count, 1) tasks; each caller waits until that many
	// wait, and the last one's call releases them all (0 for every one).
	// Returns 0, RTE_OBJINV, RTE_PERM (Linux context, a resource
	// semaphore), or RTE_OBJREM / RTE_UNBLKD for a wait that ended
	// otherwise. O(waiters) for the last one.
	int wait_barrier();
	int count();
	// A condition variable on this semaphore (RTAI CND): cond_wait gives
	// 'mutex' back and waits on this one in one IPC section (no signal in
	// between is lost), then takes 'mutex' again, whatever ended the wait.
	// Returns 0 when signalled, RTE_TIMOUT / RTE_UNBLKD / RTE_OBJREM when
	// the wait ended otherwise, RTE_OBJINV for an object that is not a
	// semaphore, RTE_PERM from Linux context or when the caller does not
	// own a resource-semaphore mutex, or holds it more than once (it then
	// waits for nothing), or what
	// taking the mutex back returned when that failed. cond_signal wakes
	// the first waiter, if any: a signal with no waiter is not kept.
	// O(1) plus the queue insert, the mutex release and its taking back.
	int cond_wait(Semaphore *mutex, Count deadline);
	int cond_signal();
	bool valid() const { return magic_ == kMagic; }
	Task *owner() const { return pi_.owner; }
	// rt_poll (ipc/poll.hpp), IPC lock held: whether a wait would take a
	// unit now, and the pollers woken one per freed unit / all at once.
	bool poll_ready() const { return count_ > 0; }
	PollList &poll_list(bool all) { return all ? poll_all_ : poll_one_; }

private:
	static constexpr uint32_t kMagic = 0x5e3a5e3a;
	int res_wait(Task *me, Count deadline, bool try_only);
	int res_release(Task *me);
	void give_back_unit();
	void release_unit();
	void units_freed();
	WaitQueue &queue() { return kind_ == SemKind::Resource ? pi_.waiters : waiters_; }

	uint32_t magic_;
	SemKind kind_;
	int8_t recursion_; // resource semaphores: 1 recursive, 0 plain, -1 checking
	int count_;
	int barrier_;      // rt_sem_wait_barrier: the tasks it holds back, 0: not a barrier
	WaitQueue waiters_;
	PiResource pi_;
	PollList poll_one_, poll_all_; // RT_POLL_SEM_WAIT_ONE / _ALL
};

} // namespace tx
