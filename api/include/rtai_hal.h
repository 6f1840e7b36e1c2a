/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rtai_hal.h - the RTAI HAL interface under the name some RTAI clients
 * include: everything <rtai.h> gives (the interrupt calls are declared in
 * <asm/rtai_hal.h>, the CPU, time base and global lock in <asm/rtai.h>).
 */
#ifndef _RTAI_HAL_H
#define _RTAI_HAL_H

#include <rtai.h>

#endif /* _RTAI_HAL_H */
