/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tests/qemu/modules/tx_check.h - the check line of the RTAI-style test
 * modules: TX_CHECKS("tx_name") defines the counters 'passed' and 'failed'
 * and check(ok, name, fmt, v1, v2), which prints
 * "tx_name: PASS|FAIL <name> (<fmt with v1, v2>)" to dmesg (what the test
 * scripts count) and counts it.
 */
#ifndef TX_CHECK_H
#define TX_CHECK_H

#include <linux/kernel.h>
#include <linux/printk.h>

#define TX_CHECKS(module)                                                                               \
	static int passed __maybe_unused, failed __maybe_unused;                                         \
	static void check(bool ok, const char *name, const char *fmt, long long v1, long long v2)         \
	{                                                                                                \
		char detail[96];                                                                         \
                                                                                                         \
		snprintf(detail, sizeof(detail), fmt, v1, v2);                                           \
		pr_info("%s: %s %s (%s)\n", module, ok ? "PASS" : "FAIL", name, detail);                 \
		if (ok)                                                                                  \
			passed++;                                                                        \
		else                                                                                     \
			failed++;                                                                        \
	}

#endif
