/* SPDX-License-Identifier: GPL-2.0 */
/* tests/qemu/modules/tx_math.h - what tx_math_calc.c (FPU flags) gives
 * tx_math_main.c (normal flags): integers only. */
#ifndef TX_MATH_H
#define TX_MATH_H

struct tx_math_result {
	int cases, passed;
	int first_failed;      /* index of the first failed case, -1: none */
	long long worst_ulps;  /* over all cases */
	int identities_failed; /* sin^2 + cos^2, exp(log), atan2(sin, cos) */
};

void tx_math_body(long arg); /* the FPU task: fills *(struct tx_math_result *)arg */
const char *tx_math_case_name(int i);

#endif
