/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rtai_tasklets.h - RTAI's tasklets and timers (RTAI 5.3 kernel API).
 *
 * A timer calls handler(data) at an absolute time (counts of rt_get_time),
 * once or every 'period' counts after it. Its handler runs in the timers
 * manager of the CPU that inserted it: a real-time task per CPU, made at
 * the first rt_insert_timer of that CPU from Linux context, which waits for
 * the next firing time and runs the handlers that are due, the one of the
 * highest priority first, each at its timer's priority (RTAI's rules). A
 * handler runs as real-time code: it may signal, send and resume, and should
 * not block (every timer of its CPU waits meanwhile). A periodic timer that
 * fell a whole period or more behind fires once, late, and skips the
 * periods it missed, each counted as an overrun (RTAI fires them all in a
 * burst).
 *
 * A tasklet is a handler and its data under an id: rt_exec_tasklet() calls
 * it at once, in the caller's context.
 *
 * The struct is the caller's (static, or from rt_init_tasklet), zeroed
 * before its first insert. A module that unloads with timers or tasklets
 * still inserted has them removed (dmesg says so), after any handler of it
 * that runs at that moment has returned.
 *
 * Bounds: an insert or a change of firing time is O(timers on that CPU)
 * (a sorted list, as RTAI's), a firing O(timers due at once); the other
 * calls O(1), rt_find_tasklet_by_id O(tasklets).
 */
#ifndef _RTAI_TASKLETS_H
#define _RTAI_TASKLETS_H

#include <rtai_sched.h>

/* RTAI's layout: the fast macros below write handler, data and period. */
struct rt_tasklet_struct {
	struct rt_tasklet_struct *next, *prev; /* the timer's CPU list or the tasklets' */
	int priority, uses_fpu, cpuid;
	RTIME firing_time, period;
	void (*handler)(unsigned long);
	unsigned long data, id;
	long thread;
	struct rt_task_struct *task;
	struct rt_tasklet_struct *usptasklet;
	int overrun;
	unsigned int tx_flags; /* Tactus: inserted as a timer / a tasklet, allocated */
};

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Timers ------------------------------------------------------------ */

/*
 * Insert a timer on the calling CPU: handler(data) at 'firing_time'
 * (absolute counts; one in the past or 0 fires at once), then every
 * 'period' counts (0: once). 'priority' is the one the handler runs at
 * (0..RT_SCHED_LOWEST_PRIORITY). 'pid' is RTAI's user-space link: pass 0.
 * A timer inserted already is moved to the new time (RTAI would corrupt
 * its list). Returns 0; -EINVAL for a NULL timer or handler, a bad
 * priority, a period < 0; -EPERM from real-time context when this CPU has
 * no timers manager yet (the first insert of a CPU must come from Linux);
 * what rt_task_init returned if the manager could not be made.
 */
int rt_insert_timer(struct rt_tasklet_struct *timer, int priority, RTIME firing_time, RTIME period,
		    void (*handler)(unsigned long), unsigned long data, int pid);

/* Remove a timer (a handler running now finishes). Nothing for a timer that
 * is not inserted. Any context. */
void rt_remove_timer(struct rt_tasklet_struct *timer);

/* The priority its handler runs at from the next firing on (a bad priority
 * is ignored). Any context. */
void rt_set_timer_priority(struct rt_tasklet_struct *timer, int priority);

/* Move an inserted timer to a new absolute time (nothing for one that is
 * not inserted, as RTAI). Any context. */
void rt_set_timer_firing_time(struct rt_tasklet_struct *timer, RTIME firing_time);

/* The period from the next firing on (0: the next firing is the last;
 * < 0 ignored). Any context. */
void rt_set_timer_period(struct rt_tasklet_struct *timer, RTIME period);

/* timer_times[0]: counts until the next firing, -1 when it is due or past;
 * [1]: the period. Any context. */
void rt_get_timer_times(struct rt_tasklet_struct *timer, RTIME timer_times[]);

/* Periods the timer skipped because it fell a whole period or more
 * behind, since its insert. RTAI declares this and never counts. */
RTIME rt_get_timer_overrun(struct rt_tasklet_struct *timer);

/* ---- POSIX timers (RTAI's rt_ptimer_*) -------------------------------- */

/*
 * A timer named by a timer_t, set by a struct itimerspec, over the timers
 * above. POSIX_TIMERS of them at once. Ids start at 1: 0 means none was
 * made.
 *
 * rt_kptimer_create: give 'timer' (the caller's struct, zeroed, or one from
 * rt_init_tasklet) an id, with handler(data) for its firings. 'pid' and
 * 'thread' are RTAI's user-space links: pass 0. Returns the id, or 0 for a
 * NULL timer or handler, a timer that has an id already, or no free id.
 * Any context.
 *
 * rt_ptimer_create: the same with a struct allocated here (Linux context),
 * its address stored in *timer; it has no handler until
 * rt_set_timer_handler gives it one. Returns the id or 0 (also when memory
 * or ids are short, or outside Linux context).
 */
timer_t rt_kptimer_create(struct rt_tasklet_struct *timer, void (*handler)(unsigned long), unsigned long data,
			  long pid, long thread);
timer_t rt_ptimer_create(struct rt_tasklet_struct **timer);

/*
 * Arm (or disarm) it: it_value is the first firing, from now, or with
 * flags TIMER_ABSTIME the absolute time on rt_get_time_ns's scale; a zero
 * it_value disarms it. it_interval is the period (0: one firing). The
 * handler runs at the struct's priority (0, RTAI's, unless
 * rt_set_timer_priority changed it). 'data' is RTAI's user-space link:
 * pass 0. The first arming on a CPU must come from Linux context (it makes
 * that CPU's timers manager; see rt_insert_timer); a bad id, a timer
 * without a handler, or a first arming from a task does nothing.
 */
void rt_ptimer_settime(timer_t timer, const struct itimerspec *value, unsigned long data, long flags);

/* Periods skipped since the last arming (rt_get_timer_overrun); 0 for a
 * bad id. Any context. */
int rt_ptimer_overrun(timer_t timer);

/* As rt_get_timer_times: [0] counts to the next firing (-1: due, past or
 * disarmed), [1] the period. Nothing for a bad id. Any context. */
void rt_ptimer_gettime(timer_t timer, RTIME timer_times[]);

/* Disarm it and free its id; a struct rt_ptimer_create (or
 * rt_init_tasklet) allocated is freed (Linux context for that). Returns 0,
 * or -EINVAL for a bad id. 'space' is RTAI's user-space flag: pass 0. */
int rt_ptimer_delete(timer_t timer, long space);

#define POSIX_TIMERS 128

/*
 * Whether the handler uses the FPU (use_fpu nonzero) from its next firing
 * on, before or after the insert. Such a handler runs with the timers
 * manager's FPU area taken for it: its FP state is kept across preemption,
 * and the state of the task or of Linux it interrupted is kept too; the
 * handler's code must be built with the FPU flags (mk/tactus-fpu.mk), as an
 * FPU task's. Handlers without it cost no FPU work. Where the port has no
 * FPU area to give (arm64 with SVE/SME), such a handler is not run (one
 * log line). Any context. Returns NULL, as RTAI's in the kernel (its value
 * is a user-space tasklet's support task). rt_timer_use_fpu is the same.
 */
RT_TASK *rt_tasklet_use_fpu(struct rt_tasklet_struct *tasklet, int use_fpu);
#define rt_timer_use_fpu rt_tasklet_use_fpu

#define rt_init_timer rt_init_tasklet
#define rt_delete_timer rt_delete_tasklet
#define rt_set_timer_handler rt_set_tasklet_handler
#define rt_set_timer_data rt_set_tasklet_data
#define rt_fast_set_timer_handler(t, h) do { (t)->handler = (h); } while (0)
#define rt_fast_set_timer_data(t, d) do { (t)->data = (d); } while (0)
#define rt_fast_set_timer_period(t, p) do { (t)->period = (p); } while (0)

/* ---- Tasklets ------------------------------------------------------------ */

/* A zeroed struct from Linux's memory (Linux context; NULL otherwise or
 * when memory is short), for rt_delete_tasklet to free. */
struct rt_tasklet_struct *rt_init_tasklet(void);

/* Remove it (as a timer or a tasklet) and, if rt_init_tasklet made it,
 * free it. Linux context for the free. */
void rt_delete_tasklet(struct rt_tasklet_struct *tasklet);

/* Record handler, data and id ('priority' is kept, unused as in RTAI; pid
 * 0). Returns 0, -EINVAL for a NULL tasklet or handler or id 0, -EBUSY for
 * a tasklet inserted already. Any context. */
int rt_insert_tasklet(struct rt_tasklet_struct *tasklet, int priority, void (*handler)(unsigned long),
		      unsigned long data, unsigned long id, int pid);

/* Remove it (nothing if it is not inserted). Any context. */
void rt_remove_tasklet(struct rt_tasklet_struct *tasklet);

/* The first inserted tasklet with this id, NULL if none. Any context. */
struct rt_tasklet_struct *rt_find_tasklet_by_id(unsigned long id);

/* Call its handler now, in the caller's context. 0, or -EINVAL for a NULL
 * or not inserted tasklet. */
int rt_exec_tasklet(struct rt_tasklet_struct *tasklet);

/* Change priority (kept), handler or data; the handler call returns 0 or
 * -EINVAL for a NULL one. Any context. */
void rt_set_tasklet_priority(struct rt_tasklet_struct *tasklet, int priority);
int rt_set_tasklet_handler(struct rt_tasklet_struct *tasklet, void (*handler)(unsigned long));
void rt_set_tasklet_data(struct rt_tasklet_struct *tasklet, unsigned long data);
#define rt_fast_set_tasklet_handler(t, h) do { (t)->handler = (h); } while (0)
#define rt_fast_set_tasklet_data(t, d) do { (t)->data = (d); } while (0)

#ifdef __cplusplus
}
#endif

#endif /* _RTAI_TASKLETS_H */
