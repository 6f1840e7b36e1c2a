// SPDX-License-Identifier: GPL-2.0
// lib/assert.hpp - invariant checks of the core.
//
// A failed check is reported through tx_hal_assert_failed (hal/hal.h: the
// host port aborts the test, the kernel's HAL logs a warning). Checks are
// cheap and stay on in every build: they are part of what makes the
// scheduler auditable.
#pragma once

#include "../hal/hal.h"

#define TX_STR2(x) #x
#define TX_STR(x) TX_STR2(x)
#define TX_ASSERT(cond)                                                                  \
	do {                                                                             \
		if (__builtin_expect(!(cond), 0))                                        \
			tx_hal_assert_failed(__FILE__ ":" TX_STR(__LINE__) ": " #cond); \
	} while (0)
