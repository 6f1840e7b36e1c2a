// SPDX-License-Identifier: GPL-2.0
/*
 * tests/qemu/modules/tx_math_main.c - tx_math: the kernel math library
 * used as RTAI clients use rtai_math, from a real-time task created with
 * uses_fpu = 1 (the FP code is in tx_math_calc.c). Prints
 * "tx_math: PASS|FAIL <name> (...)"; 3 checks.
 */
#include <linux/delay.h>
#include <linux/module.h>

#include <rtai_sched.h>

#include "tx_check.h"

#include "tx_math.h"

static RT_TASK task;
static struct tx_math_result result;

TX_CHECKS("tx_math")

static int __init tx_math_init(void)
{
	int i, ret = rt_task_init_cpuid(&task, tx_math_body, (long)&result, 16384, 5, 1, NULL, 0);

	if (!ret)
		ret = rt_task_resume(&task);
	for (i = 0; !ret && !result.cases && i < 500; i++)
		msleep(10);
	msleep(50); /* the identities after the cases */
	check(!ret && result.cases > 40, "task-ran", "%lld cases, rt_task_init %lld", result.cases, ret);
	check(result.passed == result.cases, "values-within-2-ulps-of-glibc", "%lld passed, worst %lld ulp",
	      result.passed, result.worst_ulps);
	if (result.first_failed >= 0)
		pr_info("tx_math: first failed case %d: %s\n", result.first_failed, tx_math_case_name(result.first_failed));
	check(result.identities_failed == 0, "identities", "%lld of 4001 failed", result.identities_failed, 0);
	return 0;
}

static void __exit tx_math_exit(void) { rt_task_delete(&task); }

module_init(tx_math_init);
module_exit(tx_math_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Tactus test: the kernel math library from an FPU task");
