// SPDX-License-Identifier: GPL-2.0
/*
 * sched/linux/kthreads.c - the Linux side of RTAI's kernel threads
 * (api/kthreads_glue.h): rt_thread_create's threads, the calling thread's
 * stack, and a wait queue per thread for its Linux side to sleep on while
 * its code runs in real time.
 */
#include <linux/err.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/sched/task_stack.h>
#include <linux/slab.h>
#include <linux/wait.h>

#include <rtai_sched.h>

#include "../../api/kthreads_glue.h"

/* What rt_thread_create hands its thread, kept for the thread's life. */
struct tx_kthread_start {
	void (*fun)(void *);
	void *args;
	void *task; /* the RT_TASK rt_thread_init made for it, until deleted */
};

static int tx_kthread_main(void *data)
{
	struct tx_kthread_start *s = data;

	s->fun(s->args);
	/* Returned, maybe hard: its task goes (softened first). */
	if (s->task)
		tx_kthread_finished(s->task);
	kfree(s);
	return 0;
}

void rt_thread_create(void *fun, void *args, struct task_struct **thread)
{
	struct tx_kthread_start *s = kzalloc(sizeof(*s), GFP_KERNEL);
	struct task_struct *t;

	if (!s) {
		t = ERR_PTR(-ENOMEM);
	} else {
		s->fun = fun;
		s->args = args;
		t = kthread_run(tx_kthread_main, s, "rtai_kthread");
		if (IS_ERR(t)) {
			pr_err("tactus: rt_thread_create: kthread_run failed (%ld)\n", PTR_ERR(t));
			kfree(s);
		}
	}
	if (thread)
		*thread = t;
}
EXPORT_SYMBOL_GPL(rt_thread_create);

void **tx_kthread_start_slot(void)
{
	struct tx_kthread_start *s;

	if (!(current->flags & PF_KTHREAD) || kthread_func(current) != tx_kthread_main)
		return NULL;
	s = kthread_data(current);
	return &s->task;
}

int tx_kthread_current_stack(uintptr_t *low, uintptr_t *high)
{
	if (!(current->flags & PF_KTHREAD))
		return 0;
	*low = (uintptr_t)task_stack_page(current);
	*high = *low + THREAD_SIZE;
	return 1;
}

void *tx_kthread_sleeper_new(void)
{
	wait_queue_head_t *wq = kmalloc(sizeof(*wq), GFP_KERNEL);

	if (wq)
		init_waitqueue_head(wq);
	return wq;
}

void tx_kthread_sleeper_free(void *sleeper) { kfree(sleeper); }

/* TASK_IDLE: neither a signal nor the hung-task detector wakes it or
 * complains about a thread that runs hard for minutes. */
void tx_kthread_sleep(void *sleeper, volatile int *flag)
{
	wait_event_idle(*(wait_queue_head_t *)sleeper, READ_ONCE(*flag));
}

void tx_kthread_wake(void *sleeper) { wake_up((wait_queue_head_t *)sleeper); }

void tx_kthread_pin(unsigned int cpu)
{
	if (set_cpus_allowed_ptr(current, cpumask_of(cpu)))
		pr_warn("tactus: rt_thread_init: could not keep %s on CPU %u\n", current->comm, cpu);
}
