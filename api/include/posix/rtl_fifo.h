/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rtl_fifo.h - RTLinux's FIFOs on Tactus: the same RT-FIFOs (/dev/rtfN) and
 * calls (rtf_create, rtf_destroy, rtf_put, rtf_get, rtf_create_handler,
 * ...) as RTAI's rtai_fifos.h, which documents them.
 */
#ifndef TACTUS_RTL_FIFO_H
#define TACTUS_RTL_FIFO_H

#include <rtai_fifos.h>

#endif /* TACTUS_RTL_FIFO_H */
