/* SPDX-License-Identifier: GPL-2.0 */
/*
 * asm/rtai_hal.h - real-time device interrupts (RTAI 5.3's
 * asm-<arch>/rtai_hal.h interrupt calls), the same on every Tactus port;
 * included by <rtai.h> through <asm/rtai.h>, as in RTAI. Served by
 * tactus_hal.ko.
 *
 * A line taken with rt_request_irq() becomes NMI-class: its handler runs as
 * soon as the device raises it, even while Linux has interrupts off, and the
 * real-time tasks it wakes (rt_sem_signal, rt_task_resume, rtf_put,
 * rt_mbx_send_if, ...) run when it returns, the best first. Linux's own
 * handlers for the line run only for occurrences the handler passes on with
 * rt_pend_linux_irq().
 *
 * Which lines (the port refuses the rest with -EOPNOTSUPP and one dmesg line
 * saying why and what to use):
 *  - arm64 (GICv3 pseudo-NMI): any line owned directly by the GIC: SPIs
 *    (platform devices, PCI INTx on QEMU virt) and PPIs. Not LPIs: PCI MSI
 *    through the ITS cannot be an NMI. 'irq' is the Linux IRQ number
 *    (platform_get_irq(), pci_dev->irq, /proc/interrupts).
 *  - x86_64: a device whose MSI message Tactus programs itself with NMI
 *    delivery: rt_request_pci_irq() / rt_request_msi_irq() below claim it
 *    and return the line's number. IOAPIC lines and MSIs set up by Linux
 *    cannot be made NMIs without patching Linux, so rt_request_irq() of a
 *    Linux IRQ number is refused there.
 *
 * The handler: int handler(unsigned irq, void *cookie), in NMI-class
 * context, with the rules of real-time code: no Linux locks, no allocation,
 * no printk (rt_printk), no blocking call. As in RTAI 5.x:
 *  - the line is acked before the handler runs: by the routine set with
 *    rt_set_irq_ack() if any, else a level-triggered line is masked (and
 *    its handler, once it has quieted the device, unmasks it with
 *    rt_enable_irq(), rt_unmask_irq() or rt_ack_irq()); an edge line is
 *    left alone;
 *  - the handler's return value is ignored, and 'retmode' is kept
 *    (rt_set_irq_retmode) but changes nothing: RTAI 5.x reads neither.
 *
 * Contexts: rt_request_irq(), rt_release_irq(), rt_request_linux_irq(),
 * rt_free_linux_irq(), rt_assign_irq_to_cpu() and rt_reset_irq_to_sym_mode()
 * need Linux process context (module init/exit): from a task or a handler
 * they refuse (-EPERM, or 0 for the affinity calls) with a log line. The
 * others work from any context. A line belongs to the module whose handler
 * it runs: unloading that module releases it (dmesg says so).
 */
#ifndef _TACTUS_ASM_RTAI_HAL_H
#define _TACTUS_ASM_RTAI_HAL_H

#ifdef __cplusplus
extern "C" {
#endif

typedef int (*rt_irq_handler_t)(unsigned irq, void *cookie);

/* Most lines Tactus serves at once (RTAI's table is per IRQ number). */
#define RTAI_NR_RT_IRQS 16

/*
 * Take line 'irq' for real time: 'handler'(irq, cookie) runs at each
 * occurrence. The line starts masked: rt_startup_irq() or rt_enable_irq()
 * unmasks it. Linux process context. Returns 0; -EINVAL (NULL handler, no
 * such line), -EBUSY (the line has a real-time handler already, or a Linux
 * one), -ENOSPC (RTAI_NR_RT_IRQS lines taken), -EOPNOTSUPP (the line cannot
 * be NMI-class: see above), -EPERM (not Linux process context).
 */
int rt_request_irq(unsigned irq, int (*handler)(unsigned irq, void *cookie), void *cookie, int retmode);

/* Give the line back (masked first; when this returns its handler runs on
 * no CPU). Linux process context. 0; -EINVAL if the line has no real-time
 * handler (RTAI returns 0 there); -EPERM from real-time context. */
int rt_release_irq(unsigned irq);

/* rt_request_irq(), then rt_set_irq_ack(irq, irq_ack). */
int rt_request_irq_wack(unsigned irq, int (*handler)(unsigned irq, void *cookie), void *cookie, int retmode,
			int (*irq_ack)(unsigned int irq, void *cookie));

/*
 * Controller operations on a line with a real-time handler, from any
 * context (a call on another line is ignored, with a log line). Masking
 * holds occurrences: an edge occurrence that came while masked is delivered
 * at unmask, a level line fires again at unmask while the device asserts it.
 * On a per-CPU line (an arm64 PPI) they act on the calling CPU.
 *  rt_startup_irq     unmask; returns 0
 *  rt_shutdown_irq    mask
 *  rt_enable_irq, rt_unmask_irq, rt_ack_irq, rt_end_irq      unmask (RTAI's
 *                     rt_ack_irq and rt_end_irq re-enable the line too)
 *  rt_disable_irq, rt_mask_irq, rt_mask_and_ack_irq          mask (the
 *                     controller's end of interrupt is the HAL's own)
 */
unsigned rt_startup_irq(unsigned irq);
void rt_shutdown_irq(unsigned irq);
void rt_enable_irq(unsigned irq);
void rt_disable_irq(unsigned irq);
void rt_mask_irq(unsigned irq);
void rt_unmask_irq(unsigned irq);
void rt_mask_and_ack_irq(unsigned irq);
void rt_ack_irq(unsigned irq);
void rt_end_irq(unsigned irq);

/* Replace the ack done before the handler (see above): irq_ack(irq, cookie)
 * runs first, in the handler's context; NULL restores the default. Returns
 * 0, or -EINVAL if the line has no real-time handler. Any context. */
int rt_set_irq_ack(unsigned int irq, int (*irq_ack)(unsigned int irq, void *cookie));

/* Change the cookie the handler gets, and the kept retmode. Any context. */
void rt_set_irq_cookie(unsigned irq, void *cookie);
void rt_set_irq_retmode(unsigned irq, int fastret);

/*
 * Hand this occurrence of a real-time line to Linux: each call runs the
 * Linux handlers of the line (rt_request_linux_irq) exactly once, soon after,
 * in Linux's interrupt context. Any context; ignored (logged) on a line
 * without a real-time handler.
 */
void rt_pend_linux_irq(unsigned irq);

/*
 * A Linux handler, irqreturn_t handler(int irq, void *dev_id), for 'irq'
 * (RTAI's void * is that): on a line with a real-time handler it runs for
 * each rt_pend_linux_irq(); on any other line it is request_irq(irq,
 * handler, IRQF_SHARED, name, dev_id), as in RTAI. rt_release_irq() drops
 * the ones of its line. Linux process context. 0, -EINVAL (NULL handler,
 * no such line), -ENOSPC (4 per real-time line), or request_irq's error.
 */
int rt_request_linux_irq(unsigned irq, void *handler, char *name, void *dev_id);
int rt_free_linux_irq(unsigned irq, void *dev_id);

/*
 * System requests: k_handler() runs in Linux's interrupt context (no
 * sleeping) soon after real-time code calls rt_pend_linux_srq(srq); pends
 * before it runs count once. rt_request_srq returns the number (1..
 * RTAI_NR_SRQS-1), -EINVAL for a NULL k_handler, -EBUSY for a label taken
 * already or all numbers taken; u_handler (LXRT's user-space call) is
 * ignored. Linux process context (-EPERM elsewhere). rt_free_srq: 0,
 * -EINVAL or -EPERM likewise; a pend not yet
 * run then does nothing. rt_pend_linux_srq: any context, O(1); a number
 * not taken is ignored (logged). A module unloaded with numbers taken has
 * them freed (one dmesg line) after any handler of it has returned.
 */
#define RTAI_NR_SRQS 32
int rt_request_srq(unsigned label, void (*k_handler)(void), long long (*u_handler)(unsigned long));
int rt_free_srq(unsigned srq);
void rt_pend_linux_srq(unsigned srq);

/*
 * Route line 'irq' to the CPUs of cpus_mask (bit n: CPU n; the line is
 * served by one of them). Works on real-time lines and, as in RTAI, on
 * Linux's. Returns the previous mask, 0 on failure (no such line, a per-CPU
 * line, no online CPU in the mask, not Linux process context). The first
 * call on a line saves the mask it replaced: rt_reset_irq_to_sym_mode()
 * puts it back and returns the mask it replaced, or (unsigned long)-EINVAL
 * when nothing was saved. Linux process context.
 */
unsigned long rt_assign_irq_to_cpu(int irq, unsigned long cpus_mask);
unsigned long rt_reset_irq_to_sym_mode(int irq);

/* RTAI's older names: a handler without arguments, retmode 0 (the _ext
 * forms take a cookie and retmode 1). */
int rt_request_global_irq(unsigned irq, void (*handler)(void));
int rt_request_global_irq_ext(unsigned irq, void (*handler)(void), unsigned long cookie);
void rt_set_global_irq_ext(unsigned irq, int ext, unsigned long cookie);
int rt_free_global_irq(unsigned irq);

/* ---- Tactus extensions: devices whose interrupt Tactus makes NMI-class ---- */

/* Numbers of the lines Tactus makes itself (x86 MSI): RT_IRQ_TACTUS_BASE
 * and up, above every Linux IRQ number. */
#define RT_IRQ_TACTUS_BASE 0x1000000u

struct pci_dev;

/*
 * Claim the interrupt of PCI device 'dev' for real time with handler and
 * cookie as rt_request_irq() (the line starts masked); returns the line's
 * number (>= 0) for every other call of this header, or a negative errno.
 * The driver enables the device and its memory first, and must not enable
 * MSI or MSI-X through Linux (pci_alloc_irq_vectors).
 *  - x86_64: Tactus writes the device's MSI capability itself (NMI
 *    delivery, to the lowest online CPU; rt_assign_irq_to_cpu moves it) and
 *    turns bus mastering on. An NMI carries no vector, so pending(cookie)
 *    must say, in NMI context, whether the device has an interrupt
 *    outstanding that its handler has not acknowledged: a status-register
 *    read, nothing that locks or sleeps. It is called on every NMI of the
 *    line's CPU and must not be NULL.
 *  - arm64: the device's INTx line dev->irq, a level-triggered GIC SPI
 *    (MSI through the ITS are LPIs, which cannot be NMIs): the same as
 *    rt_request_irq(dev->irq, ...). pending is not used.
 * Linux process context. Errors as rt_request_irq(), and -ENODEV (x86: no
 * MSI capability; arm64: no INTx line).
 */
int rt_request_pci_irq(struct pci_dev *dev, int (*handler)(unsigned irq, void *cookie), void *cookie, int retmode,
		       int (*pending)(void *cookie));

/*
 * A device that signals by MSI and whose message its driver writes itself
 * (x86_64; e.g. an HPET comparator's FSB route). write_msg programs the
 * message (Linux process context; address 0: stop sending); pending is as
 * for rt_request_pci_irq(). rt_request_msi_irq() claims such a device like
 * rt_request_pci_irq(); arm64 refuses it (-EOPNOTSUPP: MSIs are LPIs).
 */
struct rt_msi_dev {
	void (*write_msg)(struct rt_msi_dev *dev, unsigned long long address, unsigned int data);
	int (*pending)(struct rt_msi_dev *dev);
};
int rt_request_msi_irq(struct rt_msi_dev *dev, int (*handler)(unsigned irq, void *cookie), void *cookie,
		       int retmode);

/*
 * The timer (provided by tactus_sched, which owns the co-kernel timer: the
 * arm64 generic timer's NMI, the x86 HPET comparator's).
 *
 * rt_request_timer(handler, tick, use_apic): 'handler' is called by CPU 0's
 * timer interrupt every 'tick' counts (nano2count) from now on, or, with
 * tick 0 (oneshot), at the delays rt_set_timer_delay() gives. It runs as a
 * real-time interrupt handler does: masked, after the timer's expiry, no
 * lock held; it may wake tasks, signal semaphores, put to FIFOs, never
 * block. Never before its time (the interrupt is aimed early by the
 * scheduler's gravity: the handler waits for its time), and at most once
 * per interrupt: periods it missed are skipped. The scheduler's own timer
 * keeps running for its tasks meanwhile, in the same mode; use_apic is
 * ignored (one timer per CPU, the port's). Linux process context. Returns
 * 0; -EINVAL (NULL handler); -EBUSY (that CPU has a handler already).
 * rt_request_timer_cpuid(): the same on CPU 'cpuid' (-EINVAL: not online).
 * A module's handler is freed when the module unloads (dmesg says so).
 */
int rt_request_timer(void (*handler)(void), unsigned tick, int use_apic);
int rt_request_timer_cpuid(void (*handler)(void), unsigned tick, int cpuid);
/* Remove CPU 0's handler / every CPU's; they return once no handler runs.
 * Linux process context (a handler freeing its own does not wait). */
void rt_free_timer(void);
void rt_free_timers(void);

/*
 * RTAI's per-CPU form (its "local APIC timers"; Tactus's are the port's
 * per-CPU timers on both architectures): tmdata[cpu] for every online CPU,
 * mode 1 periodic every 'count' nanoseconds, mode 0 oneshot (the delays
 * rt_set_timer_delay gives on that CPU), each as rt_request_timer_cpuid.
 * Linux process context. Returns 0; -EINVAL for a NULL handler or tmdata,
 * a mode other than 0 or 1, a periodic count <= 0; -EBUSY when a CPU has a
 * handler already. On an error no CPU keeps one of these. (RTAI returns
 * nothing and writes its timer units back into 'count'; Tactus leaves
 * tmdata as it is.)
 */
struct apic_timer_setup_data {
	int mode;  /* 1 periodic, 0 oneshot */
	int count; /* the period in nanoseconds (periodic) */
};
int rt_request_apic_timers(void (*handler)(void), struct apic_timer_setup_data *tmdata);
/* Every CPU's handler goes (rt_free_timers). Linux process context. */
void rt_free_apic_timers(void);
/* The next call of the handler 'delay' counts from now: its CPU's handler
 * from its handler or a task there, CPU 0's from Linux. A periodic
 * handler's next period moves. Nothing happens for delay <= 0 or no
 * handler. Any context. */
void rt_set_timer_delay(int delay);

#ifdef __cplusplus
}
#endif

#endif /* _TACTUS_ASM_RTAI_HAL_H */
