/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rtl_sched.h - RTLinux's scheduling header on Tactus: POSIX threads with
 * RTLinux's _np extensions (pthread.h) and its time calls (rtl_time.h).
 */
#ifndef TACTUS_RTL_SCHED_H
#define TACTUS_RTL_SCHED_H

#include "pthread.h"
#include "rtl_time.h"
#include "sched.h"

#endif /* TACTUS_RTL_SCHED_H */
