/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tests/qemu/modules/tx_rtai_tasklets.h - between tx_rtai_tasklets_main.c
 * and its FP code, tx_rtai_tasklets_fp.c: integers only.
 */
#ifndef TX_RTAI_TASKLETS_H
#define TX_RTAI_TASKLETS_H

/* The FPU timer's handler (rt_timer_use_fpu): calls, wrong registers, calls
 * the FPU task preempted; the FPU task's jobs and wrong registers. */
extern long tx_tk_fp_calls, tx_tk_fp_bad, tx_tk_fp_preempted, tx_tk_fp_task_jobs, tx_tk_fp_task_bad;

void tx_tk_fp_handler(unsigned long us);
void tx_tk_fp_task(long spins);

#endif
