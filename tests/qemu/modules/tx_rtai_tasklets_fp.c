// SPDX-License-Identifier: GPL-2.0
/*
 * tests/qemu/modules/tx_rtai_tasklets_fp.c - the FP code of tx_rtai_tasklets
 * (compiled with the FPU flags: TACTUS_FPU_OBJS, mk/tactus-fpu.mk): a timer
 * handler that fills every FP/SIMD register, spins, and checks them, and an
 * FPU task of higher priority that does the same with other values and
 * preempts it. Integers only cross to tx_rtai_tasklets_main.c.
 */
#include <rtai_sched.h>

#include "tx_fpu_regs.h"
#include "tx_rtai_tasklets.h"

long tx_tk_fp_calls, tx_tk_fp_bad, tx_tk_fp_preempted, tx_tk_fp_task_jobs, tx_tk_fp_task_bad;

/* Registers filled and checked again and again for 'us' microseconds (as
 * long on every port, longer than the FPU task's period), and on until the
 * FPU task has run, for at most 8 times as long: in a real-time boot on a
 * loaded host the vCPU can be descheduled for the whole span, so that the
 * clock runs out before the task's release is even delivered. */
void tx_tk_fp_handler(unsigned long us)
{
	long jobs_before = tx_tk_fp_task_jobs;
	RTIME start = rt_get_time(), span = nano2count((RTIME)us * 1000), spent;
	unsigned long round = 0;

	do {
		tx_tk_fp_bad += regs_check(0x3000000 + (tx_tk_fp_calls * 4096 + round++) * 64, 200);
		spent = rt_get_time() - start;
	} while (spent < span || (tx_tk_fp_task_jobs == jobs_before && spent < 8 * span));
	if (tx_tk_fp_task_jobs != jobs_before)
		tx_tk_fp_preempted++;
	tx_tk_fp_calls++;
}

void tx_tk_fp_task(long spins)
{
	unsigned long job = 0;

	for (;;) {
		tx_tk_fp_task_bad += regs_check(0x9000000000ul + job * 64, spins);
		tx_tk_fp_task_jobs++;
		job++;
		rt_task_wait_period();
	}
}
