// SPDX-License-Identifier: GPL-2.0
// sched/task.hpp - the task control block.
//
// A Task lives in memory the user provides (RT_TASK in the C API), so it has
// no constructor-time allocation; the scheduler fills it in Scheduler::
// task_init(). Each field says which lock protects it (scheduler.hpp,
// "Locks"): [cpu] the CPU lock of the task's CPU, [ipc] the IPC lock,
// [both] written with both held, read with either; [const] set before the
// task is published and never changed.
#pragma once

#include "../hal/hal.h"
#include "../lib/deferred_block.hpp"
#include "../lib/div64.hpp"
#include "../lib/list.hpp"
#include "config.hpp"
#include "timer_queue.hpp"

namespace tx {

// What a task that is not ready waits for. A task may also be suspended
// (suspend_depth > 0) whatever it waits for: the two are independent, as in
// RTAI, so a suspended task that gets its semaphore keeps it and stays
// suspended.
enum class Wait : uint8_t {
	None,      // not waiting: ready if not suspended
	Delay,     // rt_sleep / rt_sleep_until
	Period,    // rt_task_wait_period, or the first release of make_periodic
	Suspend,   // rt_task_suspend_until/_timed: suspended, with a time limit
	Semaphore, // rt_sem_wait*
	Send,      // rt_send*: queued at the receiver
	Receive,   // rt_receive*
	Rpc,       // rt_rpc*: queued at the receiver
	Return,    // rt_rpc*: received, waiting for rt_return
	Mailbox,   // rt_mbx_send*/receive*
	Bits,      // rt_bits_wait* (event flags)
	Poll,      // rt_poll: on several objects at once (sched/poll.hpp)
	MsgQueue,  // rt_msg_send*/receive* (message queues, typed mailboxes)
};

// A set of waits (masked_unblock): one bit per Wait.
constexpr uint32_t wait_bit(Wait w) { return 1u << static_cast<unsigned>(w); }

// Display state, derived; what /proc and rt_get_task_state show.
enum class TaskState : uint8_t { Ready, Running, Suspended, Delayed, Blocked, PeriodicWait, Dead };

struct PiResource;
struct PollLink;
struct Task;

// Tasks blocked on one object, in FIFO or priority order (RTAI's FIFO_Q /
// PRIO_Q). IPC lock held for every method. Bounds, n = waiters:
//   add: O(1) in FIFO order, O(n) in priority order (behind equal
//        priorities, so equals stay FIFO);
//   remove, first: O(1);  reposition after a priority change: O(n).
enum class QueueOrder : uint8_t { Fifo, Priority };

class WaitQueue {
public:
	void init(QueueOrder order)
	{
		head_.init(nullptr);
		order_ = order;
	}
	bool empty() const { return !head_.linked(); }
	QueueOrder order() const { return order_; }
	inline void add(Task *t);
	static inline void remove(Task *t);
	inline void reposition(Task *t);
	inline Task *first() const;
	inline Task *next_of(const Task *t) const;
	unsigned count() const
	{
		unsigned n = 0;
		for (const ListNode *p = head_.next; p != &head_; p = p->next)
			n++;
		return n;
	}

private:
	static Task *owner(const ListNode *n) { return static_cast<Task *>(n->owner); }

	ListNode head_;
	QueueOrder order_ = QueueOrder::Fifo;
};


// Running statistics of a sampled quantity (min / avg / max).
struct Stats {
	Count min = 0, max = 0, sum = 0;
	uint64_t samples = 0;

	void add(Count v)
	{
		if (samples == 0 || v < min)
			min = v;
		if (samples == 0 || v > max)
			max = v;
		sum += v;
		samples++;
	}
	Count avg() const { return samples ? div_s64(sum, static_cast<Count>(samples)) : 0; }
};

// Bookkeeping at the low end of every task stack. It outlives the Task (the
// user may reuse the RT_TASK memory right after rt_task_delete), so the dead
// stack is freed through this header, not through the Task.
struct StackHeader {
	DeferredBlock block;
};

// The guard between a task's stack and what lies below it (its FPU area,
// the header): two words of kStackCanary, checked at every switch away from
// the task and at every timer interrupt it takes. A task that wrote over
// them ran past the low end of its stack: it is suspended for good.
constexpr uint64_t kStackCanary = 0x5ac4ca4a5ac4ca4aull;
constexpr size_t kStackGuardBytes = 16;

// Why a task was stopped for good: it is never run again (resume refuses it,
// delete frees it), since what it was doing cannot be continued.
enum class Halt : uint8_t {
	None,
	StackOverrun, // it wrote over its stack guard (check_stack)
	Fault,        // a CPU exception in its code (fault_claim, hal/hal.h)
};

struct Task {
	uint32_t magic;      // [both]
	char name[kTaskNameLen]; // [const]
	unsigned slot;       // [ipc] in the scheduler's registry

	// Execution context: saved and restored by the switch ([cpu]).
	tx_port_context ctx;
	StackHeader *stack; // [const] allocation start; the usable stack follows the header
	const uint64_t *stack_guard; // [const] the guard words below the usable stack
	void *fpu_area;     // [cpu] TX_PORT_FPU_BYTES in the same allocation, or null
	void *fpu_spare;    // [cpu] that area while the task runs without it (fpu_park)
	void (*entry)(long); // [const]
	long arg;            // [const]

	// Scheduling.
	int base_prio;   // [ipc] as set by the user (rt_task_init, rt_change_prio)
	int prio;        // [both] effective: base_prio, raised by priority inheritance
	unsigned level;  // [both] ready-queue level of prio
	unsigned cpu;    // [both] the CPU whose queues hold this task
	uint32_t cpus_allowed; // [ipc]
	int suspend_depth; // [cpu]
	int sched_lock_depth; // [ipc] rt_sched_lock nesting: > 0 runs at kSchedLockPriority
	Wait wait;         // [cpu]; the IPC waits ([both]) are entered and left with both
	bool dead;         // [both]
	bool linux_ctx;    // [const] this is a CPU's Linux idle task
	bool on_cpu;       // [cpu] currently the running context of its CPU
	bool watchdog_hit; // [cpu] suspended by the watchdog
	Halt halted;       // [cpu] stopped for good (stack overrun, a fault): never run again
	ListNode run_link; // [cpu] ready queue level list
	ListNode wait_link;  // [ipc] the WaitQueue it blocks on
	WaitQueue *wait_queue; // [ipc]
	void *wait_object;   // [ipc] what it waits on (semaphore, mailbox, task), for /proc
	PiResource *blocked_pi; // [ipc] the resource semaphore it waits for, if any
	Timer timer;         // [cpu]
	Count not_before;    // [cpu] woken by its timer ahead of time (gravity): runs from then on
	int wake_result;     // [cpu] what the blocking call returns

	// Round robin within a level (RT_SCHED_RR); quantum 0 = FIFO. [cpu]
	Count rr_quantum;
	Count rr_left;

	// Periodic execution. [cpu]
	Count period;        // 0 = not periodic
	Count release_time;  // the current (or next) release
	bool release_pending; // released, not yet run: its start is noted at switch-in
	bool spun_last;       // its last wait_period spun (timers.cpp): the next one blocks
	// The start of the latest release, noted at its switch-in and recorded
	// in latency and jitter at the next wait_period (record_start), off the
	// path from the interrupt to the job.
	bool start_unrecorded;
	Count job_start;
	uint64_t overruns;
	Count last_start;    // when the previous recorded release started running
	Stats latency;       // start - release
	Stats jitter;        // (start - previous start) - period

	// Execution-time accounting. [cpu]
	Count exec_total;
	Count exec_since_block; // watchdog: run time since the task last blocked
	Count created_at;

	// Messages (rt_send/receive/rpc/return and their x forms): bytes. [ipc]
	const void *send_buf; // a queued sender's message (its caller's buffer) ...
	size_t send_len;      // ... and its length
	void *recv_buf;       // where a waiting receiver takes a message ...
	size_t recv_cap;      // ... at most this many bytes ...
	size_t recv_len;      // ... and how many it got
	void *reply_buf;      // where rt_return(x) puts an rpc's result ...
	size_t reply_cap;     // ... at most this many bytes ...
	size_t reply_len;     // ... and how many the last one put there
	Task *msg_partner;    // the task that received from / sent to us
	// Message queues (ipc/message_queue.hpp): a waiting sender's message
	// priority and its block (or null), a woken receiver's message priority.
	int msgq_priority;
	void *msgq_block;
	// A node the task keeps on the object it waits for while it waits (a
	// message queue's list of its waiting senders' blocks), or null. Every
	// wake unlinks it, atomically with the end of the wait, unless the task
	// is dead: then the node stays for the object to reclaim. [ipc]
	ListNode *wait_node;
	WaitQueue senders;    // tasks in rt_send/rt_rpc to us, priority order
	WaitQueue returners;  // rpc callers we received, waiting for rt_return
	WaitQueue receivers;  // tasks in rt_receive waiting for a message from us

	// Event flags (rt_bits_wait*): the waiter's test and exit functions
	// and masks, and the mask that satisfied its test. [ipc]
	unsigned long bits_test_masks, bits_exit_masks, bits_seen;
	uint8_t bits_test, bits_exit;

	// rt_poll: the links the task put into its objects' poll lists (on
	// its stack) while it waits in Wait::Poll, and how many. [ipc]
	PollLink *poll_links;
	unsigned poll_count;

	// Priority inheritance: resource semaphores this task holds
	// (PiResource::owner_link nodes). [both]: runnable() reads it.
	ListNode owned_sems;

	// What the port's fault hook recorded when the task faulted (halted
	// is Halt::Fault), reported from the task's own context. [cpu]
	tx_task_fault fault;
	// RTAI's per-vector trap handlers, run as the task after a fault
	// ([ipc] to set, read by the task itself), and whether one runs now
	// (a fault inside it stops the task without running it again). [cpu]
	tx_trap_handler trap_handlers[TX_TRAP_VECTORS];
	bool in_trap;
	// The group heap the task opened (rt_heap_open, api/rtai_shm.cpp),
	// opaque to the scheduler. Written and read by the task itself only.
	void *group_heap;
	// A Linux kernel thread made real-time (api/rtai_kthreads.cpp): its
	// state there, opaque to the scheduler [const], and the kernel thread's
	// own stack, where the task runs that thread's code, so that a fault
	// there is the task's too ([low, high), 0 when none) [const].
	void *kthread;
	uintptr_t foreign_stack_low, foreign_stack_high;
	// The POSIX layer (api/posix_*.cpp): the thread a pthread_create made
	// of this task, opaque to the scheduler (set before the task first
	// runs) [const], and the task's errno, written and read by the task
	// itself only.
	void *posix_thread;
	int posix_errno;
};

constexpr uint32_t kTaskMagic = 0x7a5c7a5c;

void WaitQueue::add(Task *t)
{
	ListNode *pos = &head_;
	if (order_ == QueueOrder::Priority) {
		for (ListNode *n = head_.next; n != &head_; n = n->next) {
			if (owner(n)->prio > t->prio) {
				pos = n;
				break;
			}
		}
	}
	t->wait_link.insert_before(pos);
	t->wait_queue = this;
}

void WaitQueue::remove(Task *t)
{
	t->wait_link.unlink();
	t->wait_queue = nullptr;
}

void WaitQueue::reposition(Task *t)
{
	if (order_ != QueueOrder::Priority)
		return;
	remove(t);
	add(t);
}

Task *WaitQueue::first() const { return empty() ? nullptr : owner(head_.next); }

Task *WaitQueue::next_of(const Task *t) const
{
	const ListNode *n = t->wait_link.next;
	return n == &head_ ? nullptr : owner(n);
}

} // namespace tx
