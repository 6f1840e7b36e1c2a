// SPDX-License-Identifier: GPL-2.0
/*
 * tests/qemu/modules/tx_panic.c - Linux dies, real time lives (RTLinux's
 * claim, made testable). At load: a periodic task (period_us, default
 * 10 ms, CPU 0) and a Linux delayed work that ends Linux panic_ms later:
 * how=panic calls panic() (panic_timeout set to 0 first: no reboot),
 * how=halt calls kernel_halt() ("halt -f": "reboot: System halted", then
 * the halting CPU spins with its interrupts masked). From 'quiet_ms'
 * after that call on (Linux's last text is out by then), each job writes one
 * line straight to the serial port, which Linux no longer drives:
 *     TXP <job> <us since the first line> <release latency ns>
 * and after speak_s seconds of them, once, "TACTUS-AFTER-PANIC: done" (the
 * runner then stops QEMU; the lines go on). The host reads them after Linux's "end Kernel panic" (or "System halted") line
 * (tests/qemu/host/linux-panic.sh): consecutive job numbers, for at least
 * 5 s, with the latency bound of an idle system. QEMU's UARTs: the 16550
 * at I/O 0x3f8 (x86_64), the PL011 at 0x09000000 (arm64 virt) or at
 * 0x3f201000 (32-bit ARM: raspi2b's BCM2836).
 */
#include <linux/math64.h> /* 64-bit "/" for 32-bit ARM kernels */
#include <linux/io.h>
#include <linux/module.h>
#include <linux/panic.h>
#include <linux/reboot.h>
#include <linux/workqueue.h>

#include <rtai_sched.h>

static int period_us = 10000;
module_param(period_us, int, 0444);
static int panic_ms = 2000;
module_param(panic_ms, int, 0444);
static int quiet_ms = 1000;
module_param(quiet_ms, int, 0444);
static int speak_s = 6;
module_param(speak_s, int, 0444);
static char *how = "panic";
module_param(how, charp, 0444);
/* cpus=2: a second task, on CPU 1, counts its jobs; CPU 0's lines carry
 * that count as a fifth field (one writer of the serial port), and Linux
 * ends on CPU 0. */
static int cpus = 1;
module_param(cpus, int, 0444);
static unsigned long other_jobs;
static unsigned long jobs;
module_param(jobs, ulong, 0444);

static RT_TASK task, other;
static RTIME first_release;
static RTIME speak_from; /* 0: Linux is alive; then the time to start writing */
static struct delayed_work killer;

#ifdef CONFIG_X86
#define UART_PORT 0x3f8
static int uart_map(void) { return 0; }
static void uart_unmap(void) {}
static void uart_putc(char c)
{
	int spins = 100000;

	while (!(inb(UART_PORT + 5) & 0x20) && --spins) /* LSR: transmitter empty */
		;
	outb(c, UART_PORT);
}
#else
#ifdef CONFIG_ARM
#define PL011_PHYS 0x3f201000
#else
#define PL011_PHYS 0x09000000
#endif
static void __iomem *pl011;
static int uart_map(void)
{
	pl011 = ioremap(PL011_PHYS, 0x1000);
	return pl011 ? 0 : -ENOMEM;
}
static void uart_unmap(void) { iounmap(pl011); }
static void uart_putc(char c)
{
	int spins = 100000;

	while ((readl(pl011 + 0x18) & (1 << 5)) && --spins) /* FR: TX FIFO full */
		;
	writel(c, pl011);
}
#endif

static void uart_puts(const char *s)
{
	while (*s)
		uart_putc(*s++);
}

static void job_loop(long unused)
{
	RTIME period = nano2count((RTIME)period_us * 1000);
	RTIME origin = 0;
	bool done = false;
	char line[64];

	for (unsigned long n = 0;; n++) {
		RTIME now = rt_get_time();
		RTIME release = first_release + n * period;
		RTIME speak = READ_ONCE(speak_from);

		WRITE_ONCE(jobs, n + 1);
		if (speak && now >= speak) {
			if (!origin)
				origin = now;
			if (cpus == 2)
				snprintf(line, sizeof(line), "TXP %lu %lld %lld %lu\r\n", n, div_s64(count2nano(now - origin), 1000),
					 count2nano(now - release), READ_ONCE(other_jobs));
			else
				snprintf(line, sizeof(line), "TXP %lu %lld %lld\r\n", n, div_s64(count2nano(now - origin), 1000),
					 count2nano(now - release));
			uart_puts(line);
			if (!done && count2nano(now - origin) >= (RTIME)speak_s * 1000000000) {
				uart_puts("TACTUS-AFTER-PANIC: done\r\n");
				done = true;
			}
		}
		rt_task_wait_period();
	}
}

static void count_jobs(long unused)
{
	for (;;) {
		WRITE_ONCE(other_jobs, other_jobs + 1);
		rt_task_wait_period();
	}
}

static void kill_linux(struct work_struct *w)
{
	WRITE_ONCE(speak_from, rt_get_time() + nano2count((RTIME)quiet_ms * 1000000));
	if (!strcmp(how, "halt")) {
		pr_info("tx_panic: Linux halts here; the real-time task goes on\n");
		kernel_halt();
		return; /* not reached */
	}
	panic_timeout = 0; /* stay in panic's final loop: no reboot */
	panic("tx_panic: Linux dies here; the real-time task goes on");
}

static int __init tx_panic_init(void)
{
	int err;

	if (period_us < 100 || panic_ms < 0 || quiet_ms < 0 || (strcmp(how, "panic") && strcmp(how, "halt")) ||
	    cpus < 1 || cpus > 2 || (cpus == 2 && !cpu_online(1)))
		return -EINVAL;
	err = uart_map();
	if (err)
		return err;
	err = rt_task_init_cpuid(&task, job_loop, 0, 8192, 0, 0, NULL, 0);
	if (err)
		goto out_uart;
	first_release = rt_get_time() + nano2count(1000000);
	err = rt_task_make_periodic(&task, first_release, nano2count((RTIME)period_us * 1000));
	if (err)
		goto out_task;
	if (cpus == 2) {
		err = rt_task_init_cpuid(&other, count_jobs, 0, 8192, 0, 0, NULL, 1);
		if (!err)
			err = rt_task_make_periodic(&other, first_release, nano2count((RTIME)period_us * 1000));
		if (err) {
			rt_task_delete(&other);
			goto out_task;
		}
	}
	INIT_DELAYED_WORK(&killer, kill_linux);
	schedule_delayed_work_on(0, &killer, msecs_to_jiffies(panic_ms)); /* Linux ends on CPU 0 */
	pr_info("tx_panic: a %d us task on CPU 0; Linux %ss in %d ms\n", period_us, how, panic_ms);
	return 0;

out_task:
	rt_task_delete(&task);
out_uart:
	uart_unmap();
	return err;
}

static void __exit tx_panic_exit(void)
{
	cancel_delayed_work_sync(&killer);
	rt_task_delete(&other); /* -EINVAL when cpus=1 */
	rt_task_delete(&task);
	uart_unmap();
}

module_init(tx_panic_init);
module_exit(tx_panic_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Tactus test: a real-time task that outlives a Linux panic");
