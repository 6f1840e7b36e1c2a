/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rtai_sched.h - real-time tasks and time (RTAI 5.3 kernel API).
 *
 * A task is an RT_TASK the caller provides (static or allocated, zeroed
 * before the first rt_task_init) running a function on a stack of its own,
 * scheduled by fixed priority: 0 is the highest priority,
 * RT_SCHED_LOWEST_PRIORITY the lowest a task may have; Linux runs only when
 * no real-time task is ready, at RT_SCHED_LINUX_PRIORITY. A task preempts a
 * lower-priority one the moment it becomes ready; equal priorities run in
 * FIFO order unless round robin is set (rt_set_sched_policy).
 *
 * Contexts: "Linux context" is module init/exit and other ordinary kernel
 * code; "real-time context" is a task. Calls that block return RTE_PERM
 * from Linux context; calls that allocate (rt_task_init) need Linux
 * context. Everything else works from both.
 *
 * Priorities: the scheduler keeps 256 levels. Priorities 0..222 each have
 * a level of their own; above that, each power of two shares a level (and
 * its tasks run FIFO among themselves). Order is always kept. A task inside
 * rt_sched_lock() runs above them all (RTAI's priority -1).
 */
#ifndef _RTAI_SCHED_H
#define _RTAI_SCHED_H

#include <rtai.h>
#include <tactus/time_structs.h>

#define RT_SCHED_HIGHEST_PRIORITY 0
#define RT_SCHED_LOWEST_PRIORITY  0x3fffFfff
#define RT_SCHED_LINUX_PRIORITY   0x7fffFfff

#define RT_SCHED_FIFO 0
#define RT_SCHED_RR   1

/* rt_sched_type(): RTAI's scheduler kinds. */
#define RT_SCHED_UP  1
#define RT_SCHED_SMP 2
#define RT_SCHED_MUP 3

/* rt_get_task_state() bits. */
#define RT_SCHED_READY     1
#define RT_SCHED_SUSPENDED 2
#define RT_SCHED_DELAYED   4
#define RT_SCHED_SEMAPHORE 8
#define RT_SCHED_SEND      16
#define RT_SCHED_RECEIVE   32
#define RT_SCHED_RPC       64
#define RT_SCHED_RETURN    128
#define RT_SCHED_MBXSUSP   256
/* Waiting in rt_poll (rtai_sem.h). */
#define RT_SCHED_POLL      1024
/* RTAI's states of soft real-time (LXRT) tasks and signals, which Tactus
 * does not have: never set. */
#define RT_SCHED_SFTRDY    512
#define RT_SCHED_SIGSUSP   (1 << 15)

/* rt_task_get_info(): a task's period (counts) and priorities. */
typedef struct rt_task_info {
	RTIME period;
	long base_priority, priority;
} RT_TASK_INFO;

/* rt_request_irq_task(): what 'handler' is; rt_irq_wait*()'s error. */
#define RT_IRQ_TASK      0
#define RT_IRQ_TASKLET   1
#define RT_IRQ_TASK_ERR  0x7FFFFFFF

/* Room for the scheduler's task control block (2 KiB, of which a fault
 * report and the trap handlers take half); zero it before rt_task_init. */
typedef struct rt_task_struct {
	long long opaque[256];
} RT_TASK;

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Tasks ----------------------------------------------------------- */

/*
 * Create a task that will run rt_thread(data) at 'priority' on a new stack
 * of stack_size bytes (4 KiB .. 8 MiB), on the online CPU with the fewest
 * tasks. uses_fpu != 0: the task may use floating point (build it with the
 * Kbuild flags of tactus-fpu.mk); its FP state is saved and restored by the
 * co-kernel. 'signal' is accepted for compatibility and ignored (RTAI 5.3
 * calls it only with CONFIG_RTAI_TASK_SWITCH_SIGNAL). The task is created
 * suspended: start it with rt_task_resume() or rt_task_make_periodic*().
 * Returning from rt_thread deletes the task. Linux context.
 * Returns 0; -EINVAL for a NULL task or function, a task that is already
 * initialised, a priority outside 0..RT_SCHED_LOWEST_PRIORITY, a bad stack
 * size or no usable CPU, or when called from real-time context; -ENOMEM;
 * -EOPNOTSUPP for uses_fpu on a CPU whose FP state the port cannot save
 * (arm64 with SVE/SME today: see dmesg).
 */
int rt_task_init(RT_TASK *task, void (*rt_thread)(long), long data, int stack_size, int priority,
		 int uses_fpu, void (*signal)(void));

/* Same, on CPU run_on_cpu (-EINVAL if that CPU is not online). */
int rt_task_init_cpuid(RT_TASK *task, void (*rt_thread)(long), long data, int stack_size, int priority,
		       int uses_fpu, void (*signal)(void), unsigned int run_on_cpu);

/* Let the task run only on the CPUs of cpu_mask (the lowest online one is
 * used). A running task moves at its next switch. Linux context. */
void rt_set_runnable_on_cpus(RT_TASK *task, unsigned long cpu_mask);
void rt_set_runnable_on_cpuid(RT_TASK *task, unsigned int cpuid);

/*
 * Delete a task: it stops at once wherever it is. Tasks blocked on it
 * (rt_send/rt_rpc/rt_receive from it, waiting for its rt_return) get
 * RTE_OBJREM; resource semaphores it holds pass to their next waiter. Its
 * stack is freed from Linux context shortly after. Deleting oneself does
 * not return. Returns 0, or -EINVAL for an invalid or already deleted task.
 */
int rt_task_delete(RT_TASK *task);

/*
 * Suspend a task (NULL: the caller). Suspensions nest: each rt_task_resume
 * undoes one; a resume of a task that is not suspended is remembered and
 * cancels its next suspend (RTAI 5.3). A task holding resource semaphores
 * keeps running until it releases the last one. Returns the suspension
 * depth after the call (0 if it did not suspend), -EINVAL for a bad task.
 */
int rt_task_suspend(RT_TASK *task);

/* Undo one suspension; the task runs again when none is left. 0 or -EINVAL. */
int rt_task_resume(RT_TASK *task);

/* RTAI's conditional suspend: if a resume came before (a negative depth),
 * take it back; never suspends. Returns the depth after the call (NULL:
 * the caller), -EINVAL for a bad task. Any context. */
int rt_task_suspend_if(RT_TASK *task);

/*
 * Suspend a task (NULL: the caller) until it is resumed or until 'time'
 * (absolute counts) / for 'delay' counts, whichever comes first; the time
 * ends the whole suspension (RTAI 5.3). The caller gets RTE_TIMOUT when
 * the time ended it, 0 when it was resumed (RTE_UNBLKD: unblocked by
 * rt_task_masked_unblock). A task already suspended, or blocked or
 * sleeping (its timer serves that wait), only counts one suspension more,
 * without a time limit, as rt_task_suspend. Returns the depth after the
 * call for another task; RTE_TMROVRN at once for a time not in the future;
 * -EINVAL for a bad task. Any context.
 */
int rt_task_suspend_until(RT_TASK *task, RTIME time);
int rt_task_suspend_timed(RT_TASK *task, RTIME delay);

/*
 * End a task's waits named in 'mask' (RT_SCHED_* bits): RT_SCHED_DELAYED a
 * sleep, a wait for the next period or the time limit of a timed
 * suspension; RT_SCHED_SUSPENDED its whole suspension; RT_SCHED_SEMAPHORE,
 * _SEND, _RECEIVE, _RPC, _RETURN, _MBXSUSP the IPC wait of that kind. The
 * call it was blocked in returns RTE_UNBLKD. Returns RTE_UNBLKD when the
 * task was not ready, 0 when it was, -EINVAL for a bad task. Any context.
 */
int rt_task_masked_unblock(RT_TASK *task, unsigned long mask);
#define rt_task_wakeup_sleeping(task) rt_task_masked_unblock(task, RT_SCHED_DELAYED)

/*
 * The calling task runs above every other task of its CPU until the
 * matching rt_sched_unlock() (the calls nest): no task preempts it, while
 * interrupt handlers still run. If it blocks inside, other tasks run until
 * it is ready again (RTAI). The unlock lets a task that became ready in the
 * meantime preempt it. Nothing from Linux context or a handler.
 */
void rt_sched_lock(void);
void rt_sched_unlock(void);

/* A preemption point: switch now if a higher-priority task is ready (the
 * scheduler does so itself at every event; kept for RTAI clients). */
void rt_schedule(void);

/* Give the CPU to the next ready task of the same priority, if any. */
void rt_task_yield(void);

/* Set the base priority. Returns the previous base priority, or -EINVAL.
 * A task running at an inherited priority keeps the higher of the two. */
int rt_change_prio(RT_TASK *task, int priority);
int rt_get_prio(RT_TASK *task);       /* base priority, -EINVAL */
int rt_get_inher_prio(RT_TASK *task); /* effective priority, -EINVAL */
/* Rate-monotonic priorities: the periodic tasks of CPU cpuid (a bad one:
 * the caller's) get base priorities 0, 1, 2... in the order of their
 * periods, shortest first (equal periods: in creation order). Linux
 * context (nothing elsewhere). RTAI's numbers all periodic tasks. */
void rt_spv_RMS(int cpuid);

/* Both at once (effective, base): 0, or -EINVAL for a bad task or NULL
 * pointers. */
int rt_get_priorities(RT_TASK *task, int *priority, int *base_priority);
/* Period (0: not periodic) and priorities: 0, or -EINVAL. */
int rt_task_get_info(RT_TASK *task, RT_TASK_INFO *task_info);

/* Round robin among tasks of equal priority (policy RT_SCHED_RR) with a
 * quantum of rr_quantum_ns; RT_SCHED_FIFO turns it off. 0 or -EINVAL. */
int rt_set_sched_policy(RT_TASK *task, int policy, int rr_quantum_ns);

/* The calling task; from Linux context, this CPU's Linux pseudo-task (not
 * a valid argument for the other calls). */
RT_TASK *rt_whoami(void);

/* RT_SCHED_* bits describing the task; 0 for an invalid task. */
int rt_get_task_state(RT_TASK *task);

/* ---- Interrupt tasks ----------------------------------------------------- */

/*
 * Line 'irq' resumes a task at each occurrence (RTAI 5): 'handler' is that
 * RT_TASK (type RT_IRQ_TASK) or a tasklet whose 'task' it is
 * (RT_IRQ_TASKLET). RTAI's NULL, "the caller", is refused (-EINVAL): the
 * request needs Linux context, which is no task. affine2task != 0 routes the line to the task's
 * CPU. The line is taken with rt_request_irq(), whose rules apply (which
 * lines; acked as there: a level line is masked until the task unmasks it;
 * on x86_64 only a line rt_request_irq accepts, so not the MSI lines of
 * rt_request_pci_irq). Linux process context. 0; -EINVAL (no such task),
 * -EBUSY (the line has a task), -ENOSPC (RTAI_NR_RT_IRQS taken), or what
 * rt_request_irq returned. The scheduler's unload, and the unload of the
 * module the task is in, release the line.
 */
int rt_request_irq_task(unsigned irq, void *handler, int type, int affine2task);

/* Release the line; its task is resumed once (a waiter returns
 * RT_IRQ_TASK_ERR) and the line's CPU routing put back. 0, -EINVAL (no
 * interrupt task on it), or rt_release_irq's error. Linux process context. */
int rt_release_irq_task(unsigned irq);

/*
 * The task waits for the line's next occurrence. Occurrences that came
 * while it was not waiting are kept (as remembered resumes): the wait then
 * takes one at once and returns how many are still pending; 0 when it
 * waited. _if never waits (0: none was pending, or none is left); _until
 * and _timed return -RTE_TIMOUT at the time, -RTE_TMROVRN for a time not
 * in the future. RT_IRQ_TASK_ERR when the line has no interrupt task (or
 * lost it while waiting); -RTE_PERM from Linux context. The caller should
 * be the line's task (RTAI does not check).
 */
int rt_irq_wait(unsigned irq);
int rt_irq_wait_if(unsigned irq);
int rt_irq_wait_until(unsigned irq, RTIME time);
int rt_irq_wait_timed(unsigned irq, RTIME delay);

/* One occurrence by hand: the line's task is resumed. Any context. */
void rt_irq_signal(unsigned irq);

/* ---- Periodic tasks -------------------------------------------------- */

/*
 * Release the task (NULL: the caller) at start_time (absolute counts) and
 * then every 'period' counts; this also clears its suspension, so it starts
 * a new task. A task making itself periodic waits here for start_time.
 * Returns 0, -EINVAL (bad task, period <= 0, task blocked on something).
 */
int rt_task_make_periodic(RT_TASK *task, RTIME start_time, RTIME period);

/* Same with a start relative to now and both times in nanoseconds. */
int rt_task_make_periodic_relative_ns(RT_TASK *task, RTIME start_delay, RTIME period);

/* Change the period of a periodic task (NULL: the caller): the release
 * already set stays, the ones after it are new_period counts apart.
 * Returns 0, -EINVAL for a bad task, one that is not periodic, or a period
 * <= 0. Any context. */
int rt_set_period(RT_TASK *task, RTIME new_period);

/* A task waiting for a time (a sleep, its next release, a timed suspension,
 * a timed IPC wait) waits until new_resume_time (counts; a time past ends
 * the wait at once) instead. A periodic task's next release moves, and
 * the later ones follow from it (RTAI 3; RTAI 5 keeps them on the old
 * grid). 0; -ETIME for a task that waits
 * for no time; -EINVAL for a bad task. Any context. */
int rt_set_resume_time(RT_TASK *task, RTIME new_resume_time);

/* The caller's next release (counts): its current release plus one
 * period; 0 for a caller that is not periodic or not a task. */
RTIME next_period(void);

/*
 * End the current job: the release time advances by exactly one period
 * and the task sleeps until it. If that release is already past, it
 * returns RTE_TMROVRN at once and counts an overrun, so a late task
 * catches up one period per call (RTAI semantics). A release less than
 * the timer gravity ahead (/proc/tactus/sched; oneshot mode) is waited for
 * by spinning instead, where the timer's way back would take about the
 * gravity itself: the caller keeps the CPU (higher priorities still preempt
 * it) and starts on time. Only for a period longer than twice the gravity,
 * and never twice in a row (the next such wait sleeps), so that Linux keeps
 * its share. Returns 0; RTE_TMROVRN; RTE_PERM from Linux context; -EINVAL
 * if the caller is not periodic.
 */
int rt_task_wait_period(void);

/* ---- Sleeping ---------------------------------------------------------- */

/* Sleep for 'delay' counts / until 'time'. Return 0; RTE_TMROVRN at once
 * when the time is not in the future (or the timer is stopped); RTE_PERM
 * from Linux context. */
int rt_sleep(RTIME delay);
int rt_sleep_until(RTIME time);

/* Spin for 'nanosecs' without giving up the CPU (higher-priority tasks may
 * still preempt). Any context. */
void rt_busy_sleep(int nanosecs);

/* ---- Time ------------------------------------------------------------- */

/* Now, in counts: the raw counter in oneshot mode, the time of the last
 * tick in periodic mode. */
RTIME rt_get_time(void);
RTIME rt_get_time_ns(void);
/* The raw counter in nanoseconds, whatever the timer mode. */
RTIME rt_get_cpu_time_ns(void);

/* Conversions with a 128-bit intermediate, truncated toward zero as RTAI's
 * (symmetric for negative values, saturating at the RTIME range instead of
 * trapping). */
RTIME nano2count(RTIME nanos);
RTIME count2nano(RTIME counts);

/* Every CPU shares one time base: the _cpuid forms are the ones above. */
RTIME rt_get_time_cpuid(unsigned int cpuid);
RTIME rt_get_time_ns_cpuid(unsigned int cpuid);
RTIME nano2count_cpuid(RTIME nanos, unsigned int cpuid);
RTIME count2nano_cpuid(RTIME counts, unsigned int cpuid);

/*
 * Wall-clock time: rt_get_time()/rt_get_time_ns() plus the epoch, Linux's
 * CLOCK_REALTIME paired with the co-kernel's time base when Tactus loaded
 * or at the last rt_gettimeorig(NULL). It does not follow later changes of
 * Linux's clock (settimeofday, NTP slewing) until then. Any context.
 */
RTIME rt_get_real_time(void);
RTIME rt_get_real_time_ns(void);
/* time_orig NULL: take the epoch again now. Else time_orig[0] and [1] get
 * the epoch taken now, in counts and in nanoseconds (what is added to the
 * time base's count or nanoseconds to give the wall clock). Linux context
 * (it reads Linux's clock; from a task it does nothing). */
void rt_gettimeorig(RTIME time_orig[]);

/* 1 while the timer runs (it does from the load on, until stop_rt_timer),
 * else 0. */
int rt_is_hard_timer_running(void);
/* RTAI's tick: the periodic timer's period in counts, 0 in oneshot mode,
 * -1 while the timer is stopped. Every CPU has the same (_cpuid). */
int rt_hard_timer_tick_count(void);
int rt_hard_timer_tick_count_cpuid(int cpuid);

/* RT_SCHED_MUP: each CPU schedules its own tasks (a task runs on one CPU
 * at a time and moves only when rt_set_runnable_on_cpus asks). */
int rt_sched_type(void);

/*
 * The timer runs in oneshot mode from the moment Tactus loads (RTAI 5), so
 * start_rt_timer() is optional. rt_set_periodic_mode() followed by
 * start_rt_timer(period) switches to periodic mode: the timer ticks every
 * 'period' counts, releases and timeouts happen on ticks, and rt_get_time()
 * returns the last tick (RTAI 4). rt_set_oneshot_mode() + start_rt_timer()
 * returns to oneshot mode. start_rt_timer returns the period in counts
 * (oneshot: its argument unchanged), or -EINVAL for a periodic period <= 0.
 * stop_rt_timer() stops the timer: every timed wait ends at once as timed
 * out, and later timed waits return without blocking until the next start.
 */
RTIME start_rt_timer(int period);
void stop_rt_timer(void);
void rt_set_oneshot_mode(void);
void rt_set_periodic_mode(void);
#define start_rt_timer_ns(period) start_rt_timer(nano2count(period))

/*
 * RTAI's conversions between counts or nanoseconds and struct timespec or
 * struct timeval (tactus/time_structs.h), as RTAI's: through nano2count and
 * count2nano, truncated, for times >= 0. Any context.
 */
static inline RTIME timespec2count(const struct timespec *t)
{
	return nano2count(t->tv_sec * 1000000000LL + t->tv_nsec);
}
static inline void count2timespec(RTIME rt, struct timespec *t)
{
	unsigned long nsec = 0;
	t->tv_sec = (long)rtai_ulldiv((unsigned long long)count2nano(rt), 1000000000, &nsec);
	t->tv_nsec = (long)nsec;
}
static inline RTIME timespec2nanos(const struct timespec *t)
{
	return t->tv_sec * 1000000000LL + t->tv_nsec;
}
static inline void nanos2timespec(RTIME rt, struct timespec *t)
{
	unsigned long nsec = 0;
	t->tv_sec = (long)rtai_ulldiv((unsigned long long)rt, 1000000000, &nsec);
	t->tv_nsec = (long)nsec;
}
static inline RTIME timeval2count(const struct timeval *t)
{
	return nano2count(t->tv_sec * 1000000000LL + t->tv_usec * 1000LL);
}
static inline void count2timeval(RTIME rt, struct timeval *t)
{
	unsigned long nsec = 0;
	t->tv_sec = (long)rtai_ulldiv((unsigned long long)count2nano(rt), 1000000000, &nsec);
	t->tv_usec = (long)(nsec / 1000);
}

/* ---- FPU and accounting ----------------------------------------------- */

/* Linux's FP state is always preserved around FPU tasks; kept for source
 * compatibility. */
void rt_linux_use_fpu(int use_fpu_flag);

/* FPU use is fixed at rt_task_init: returns 0 if 'use_fpu_flag' matches
 * what the task was created with, -EINVAL otherwise. */
int rt_task_use_fpu(RT_TASK *task, int use_fpu_flag);

/* exectime[0]: counts the task has run; [1]: when it first ran; [2]: now.
 * Task NULL: the caller. */
void rt_get_exectime(RT_TASK *task, RTIME *exectime);

/* ---- Faults ------------------------------------------------------------- */

/*
 * A fault in a task's own code (a bad address, an undefined instruction, a
 * division by zero) stops that task for good, not the machine: dmesg gets
 * a report (kind, address, code, stack), /proc/tactus/scheduler shows it
 * in state "fault", rt_task_resume() refuses it and rt_task_delete() frees
 * it. A trap handler set for the fault's vector runs first.
 *
 * Vectors (RTAI_NR_TRAPS of them) and signals, as RTAI's on x86: 0 divide
 * error (SIGFPE), 6 invalid opcode (SIGILL), 13 general protection
 * (SIGSEGV), 14 page fault (SIGSEGV). arm64 reports its faults under the
 * x86 vector of the same kind: data and instruction aborts 14 (SIGSEGV),
 * undefined instruction 6 (SIGILL).
 *
 * The handler, handler(vec, signo, regs, task), runs as the task after the
 * fault, on the top of its stack, in real-time context with any call a task
 * may make (rt_printk, rt_sem_signal, rt_task_delete(task), ...); 'regs' is
 * a copy of the registers at the fault (struct pt_regs of the architecture)
 * and 'task' the RT_TASK. When it returns the task stops for good, whatever
 * it returned: unlike RTAI, Tactus never resumes a task at the faulting
 * code (its stack was given to the handler; docs/rtai-compat.md). A fault
 * inside the handler stops the task without running the handler again.
 *
 * Returns the handler set before for that vector (NULL if none), or
 * (RT_TRAP_HANDLER)-EINVAL for a task that is not valid or a vector >=
 * RTAI_NR_TRAPS. NULL removes the handler. Any context.
 */
struct pt_regs;
typedef int (*RT_TRAP_HANDLER)(int vec, int signo, struct pt_regs *regs, void *task);
#define RTAI_NR_TRAPS 32
#define HAL_NR_FAULTS RTAI_NR_TRAPS
RT_TRAP_HANDLER rt_set_task_trap_handler(RT_TASK *task, unsigned int vec, RT_TRAP_HANDLER handler);

/* ---- Kernel threads (RTAI's kthreads) ------------------------------------ */

/*
 * A Linux kernel thread that becomes a hard real-time task and back, as
 * RTAI's kernel-space kthreads do:
 *
 *   static int body(void *arg) {   // started by rt_thread_create
 *           RT_TASK *me = rt_thread_init(nam2num("KT1"), 1, 1, SCHED_FIFO, 0x1);
 *           rt_task_make_periodic(me, rt_get_time() + period, period);
 *           while (!stop) { ...; rt_task_wait_period(); }  // hard real time
 *           rt_make_soft_real_time(me);                   // Linux again
 *           rt_thread_delete(me);
 *           return 0;
 *   }
 *
 * While hard, the thread's code runs as its real-time task, on the thread's
 * own stack, with every call a task may make and no Linux call (no printk,
 * no allocation, no sleeping in Linux); Linux sees the thread asleep. Soft,
 * it is an ordinary kernel thread again, its RT_TASK suspended; others'
 * calls on that RT_TASK act on the suspended task. A fault in its code while
 * hard stops the task (as any task's); the Linux thread then sleeps for
 * good. Switching costs two context switches and, to soften, a Linux
 * wake-up.
 */

/* Start fun(args) in a new Linux kernel thread ("rtai_kthread"); *thread
 * (if not NULL) gets its task_struct, or an ERR_PTR value when it could not
 * be made. When fun returns, a real-time task it still has is softened (if
 * hard) and deleted. Linux context. */
struct task_struct;
void rt_thread_create(void *fun, void *args, struct task_struct **thread);

/* Called by a kernel thread on itself (Linux context): its RT_TASK, of
 * base priority 'priority', registered under 'name' (0: none), on a CPU of
 * 'cpus_allowed' (0: any) where the Linux thread is kept too, round robin
 * for Linux's SCHED_RR 'policy' (SCHED_FIFO otherwise); made hard at once
 * when 'make_hard'. NULL: not a kernel thread, not Linux context, the name
 * taken, no memory, or what rt_task_init refuses (a bad priority). */
RT_TASK *rt_thread_init(unsigned long name, int priority, int make_hard, int policy, int cpus_allowed);

/* The calling thread's code goes on as its real-time task / as Linux.
 * Only the thread's own calls count: hardening a thread that is hard, or
 * from anywhere else, does nothing (rt_make_hard_real_time prints why);
 * softening one that is soft does nothing. */
void rt_make_hard_real_time(RT_TASK *task);
void rt_make_soft_real_time(RT_TASK *task);

/* Give the RT_TASK back (softened first when hard); the Linux thread goes
 * on and returns from its function when it likes. 0, -EINVAL for a task
 * that is not a kernel thread's, -EPERM for a call from another thread. */
int rt_thread_delete(RT_TASK *task);

/* RTAI 5's kthread forms of rt_task_init and rt_task_init_cpuid: a task is a
 * kernel-side context of its own in Tactus already, so they are those. */
int rt_kthread_init(RT_TASK *task, void (*rt_thread)(long), long data, int stack_size, int priority,
		    int uses_fpu, void (*signal)(void));
int rt_kthread_init_cpuid(RT_TASK *task, void (*rt_thread)(long), long data, int stack_size, int priority,
			  int uses_fpu, void (*signal)(void), unsigned int cpuid);

/* ---- Named tasks (rtai_registry.h) ------------------------------------- */

/*
 * A task that other modules find by name (rt_get_adr(nam2num(name))): the
 * RT_TASK is allocated here and registered as IS_TASK. If the name is
 * registered already, that object is returned and nothing is created (as
 * RTAI). Otherwise as rt_task_init(_cpuid). Linux context (it allocates).
 * Returns the task, or NULL: a NULL or empty name, a failed rt_task_init,
 * no memory, a full registry, or a call from real-time context.
 */
RT_TASK *rt_named_task_init(const char *task_name, void (*thread)(long), long data, int stack_size, int prio,
			    int uses_fpu, void (*signal)(void));
RT_TASK *rt_named_task_init_cpuid(const char *task_name, void (*thread)(long), long data, int stack_size,
				  int prio, int uses_fpu, void (*signal)(void), unsigned int run_on_cpu);

/* Delete a task made by rt_named_task_init, remove its name and free it.
 * Linux context. Returns the registry slot it had (> 0, as RTAI), or 0 for
 * a task that is not a named one (nothing is done then). */
int rt_named_task_delete(RT_TASK *task);

#ifdef __cplusplus
}
#endif

#endif /* _RTAI_SCHED_H */
