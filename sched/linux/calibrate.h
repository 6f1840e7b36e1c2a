/* SPDX-License-Identifier: GPL-2.0 */
/* sched/linux/calibrate.h - the timer gravity calibration (calibrate.c). */
#ifndef TACTUS_SCHED_CALIBRATE_H
#define TACTUS_SCHED_CALIBRATE_H

/* Run a periodic calibration task (64 jobs of 250 us, highest priority) with
 * the gravity set now and return, in ns, the shortest time its jobs started
 * after their release (0 if none was late). Linux context, before any user
 * task exists; sleeps ~16 ms. -ETIMEDOUT if the jobs did not come within 2 s,
 * or rt_task_init()'s error. */
long long tx_sched_calibrate_latency_ns(void);

#endif
