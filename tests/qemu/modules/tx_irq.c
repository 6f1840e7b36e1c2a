// SPDX-License-Identifier: GPL-2.0
/*
 * tests/qemu/modules/tx_irq.c - real-time device interrupts on QEMU's edu
 * device (`-device edu`): a PCI driver that claims it with
 * rt_request_pci_irq() (x86_64: MSI as NMI; arm64: INTx, a GIC SPI, as a
 * pseudo-NMI) and checks every call of asm/rtai_hal.h on it. The device
 * raises its interrupt inside a write to its raise register: a real-time
 * task R (CPU 0) writes it, the NMI comes at once, in R's context.
 *
 * Checks, from a Linux thread, in order ("tx_irq: PASS <check>" lines):
 *  refusals    a bad number, a NULL handler, a release of a line never
 *              requested (-EINVAL); the device's MSI once Linux's MSI core
 *              owns it (an LPI on arm64, a Linux MSI on x86: -EOPNOTSUPP;
 *              rt_request_pci_irq then -EBUSY); a line Linux uses (-EBUSY on
 *              arm64, -EOPNOTSUPP on x86); a second request (-EBUSY)
 *  startup     the line starts masked: a raise is held, rt_startup_irq()
 *              delivers it
 *  count       R raises at rate_hz for 'seconds': every raise handled, the
 *              handler running before the write returns (0 lost)
 *  wake        1 kHz: the handler signals a semaphore, a task W of higher
 *              priority wakes, and runs before R's write returns
 *  pend        each occurrence passed on with rt_pend_linux_irq() reaches
 *              the Linux handler of rt_request_linux_irq() exactly once
 *  mask        from R: each masking call (rt_disable_irq, rt_mask_irq,
 *              rt_mask_and_ack_irq, rt_shutdown_irq) holds a raise, its
 *              counterpart (rt_enable_irq, rt_unmask_irq, rt_end_irq,
 *              rt_ack_irq) delivers it at once; an rt_set_irq_ack() routine
 *              runs before the handler, and NULL removes it
 *  context     rt_request_irq() from a task and from the handler: -EPERM
 *  route       (2 CPUs) rt_assign_irq_to_cpu() moves the handler to CPU 1,
 *              rt_reset_irq_to_sym_mode() back, with RTAI's return values
 *  churn       (2 CPUs) a task on CPU 1 raises every 50 us while Linux on
 *              CPU 0 releases and requests the line (routed to CPU 1) 20
 *              times: no handler runs once rt_release_irq() has returned
 * Then 'done' is 1; the line is released at unload, unless leave_line=1
 * (the unload test: the HAL releases it after the module's exit).
 */
#include <linux/math64.h> /* 64-bit "/" for 32-bit ARM kernels */
#include <linux/delay.h>
#include <linux/interrupt.h>
#include <linux/irq.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/pci.h>

#include <rtai.h>
#include <rtai_sched.h>
#include <rtai_sem.h>

#include "../../../examples/irq_timestamp/edu.h"

static int rate_hz = 10000;
module_param(rate_hz, int, 0444);
static int seconds = 10;
module_param(seconds, int, 0444);
static int leave_line;
module_param(leave_line, int, 0444);
static int done;
module_param(done, int, 0444);

enum mode { MODE_COUNT, MODE_WAKE, MODE_PEND, MODE_CONTEXT };

static struct {
	struct pci_dev *pdev;
	void __iomem *bar;
	int line; /* the real-time line's number, or -1 */
} edu = { .line = -1 };

/* Shared with the handler (NMI-class) and the tasks, on CPU 0. */
static volatile int mode;
static volatile long raised, handled, woken, sync_misses, wake_misses, wrong_cookie, linux_seen;
static volatile int handler_cpu = -1, handler_ctx_err = 1, task_ctx_err = 1, mask_ok = -1;
static volatile int raiser_jobs, raiser_done, want_mask_test;
static volatile long acks, acks_before_handler; /* the rt_set_irq_ack() routine's calls */
static RTIME lat_irq_max, lat_task_max, raise_time;
static RT_TASK raiser, waiter, churner;
static volatile int churning;
static SEM wake_sem;
static struct task_struct *controller;

static int fails;

static void check(bool ok, const char *name, const char *fmt, long a, long b)
{
	if (ok) {
		pr_info("tx_irq: PASS %s\n", name);
	} else {
		pr_info("tx_irq: FAIL %s: %s (%ld, %ld)\n", name, fmt, a, b);
		fails++;
	}
}

static int edu_pending(void *cookie)
{
	return readl(edu.bar + EDU_REG_IRQ_STATUS) != 0;
}

static int edu_handler(unsigned int irq, void *cookie)
{
	RTIME now = rt_get_time();
	u32 status = readl(edu.bar + EDU_REG_IRQ_STATUS);

	if (now - raise_time > lat_irq_max)
		lat_irq_max = now - raise_time;
	if (cookie != &edu)
		wrong_cookie++;
	writel(status, edu.bar + EDU_REG_IRQ_ACK);
	if (acks > acks_before_handler)
		acks_before_handler++; /* the ack routine ran first, for this one */
	handled++;
	handler_cpu = rtai_cpuid();
	switch (mode) {
	case MODE_WAKE:
		rt_sem_signal(&wake_sem);
		break;
	case MODE_PEND:
		rt_pend_linux_irq(irq);
		break;
	case MODE_CONTEXT:
		handler_ctx_err = rt_request_irq(0x7ffffff0, edu_handler, NULL, 0);
		break;
	}
	rt_ack_irq(irq); /* a level line (arm64 INTx) is masked before the handler */
	return 0;
}

static irqreturn_t linux_handler(int irq, void *dev_id)
{
	linux_seen++;
	return IRQ_HANDLED;
}

static void raise_now(void)
{
	raise_time = rt_get_time();
	raised++;
	writel(1, edu.bar + EDU_REG_IRQ_RAISE);
}

/* RT context: masked, a raise is held; unmasked, it comes at once. Every
 * pair of RTAI's names for masking and unmasking, then an ack routine. */
static void (*const masks[])(unsigned int) = { rt_disable_irq, rt_mask_irq, rt_mask_and_ack_irq, rt_shutdown_irq };
static void (*const unmasks[])(unsigned int) = { rt_enable_irq, rt_unmask_irq, rt_end_irq, rt_ack_irq };
static int edu_ack(unsigned int irq, void *cookie)
{
	acks++;
	return 0;
}

static void mask_test(void)
{
	int i;

	mask_ok = 1;
	for (i = 0; i < ARRAY_SIZE(masks); i++) {
		long before = handled;

		masks[i](edu.line);
		raise_now();
		rt_busy_sleep(20000);
		mask_ok = mask_ok && handled == before;
		unmasks[i](edu.line);
		rt_busy_sleep(20000);
		mask_ok = mask_ok && handled == before + 1;
	}
	if (rt_set_irq_ack(edu.line, edu_ack))
		mask_ok = 0;
	raise_now();
	rt_busy_sleep(20000);
	rt_set_irq_ack(edu.line, NULL);
	raise_now();
	rt_busy_sleep(20000);
	mask_ok = mask_ok && acks == 1 && acks_before_handler == 1;
}

static void raiser_body(long unused)
{
	for (;;) {
		int jobs = raiser_jobs;

		if (want_mask_test) {
			mask_test();
			task_ctx_err = rt_request_irq(0x7ffffff0, edu_handler, NULL, 0);
			want_mask_test = 0;
		}
		while (jobs-- > 0) {
			raise_now();
			if (handled != raised)
				sync_misses++;
			if (mode == MODE_WAKE && woken != raised)
				wake_misses++;
			while (rt_task_wait_period() == RTE_TMROVRN)
				;
		}
		raiser_done = 1;
		rt_task_suspend(NULL);
	}
}

static void waiter_body(long unused)
{
	while (rt_sem_wait(&wake_sem) < RTE_LOWERR) {
		RTIME lat = rt_get_time() - raise_time;

		if (lat > lat_task_max)
			lat_task_max = lat;
		woken++;
	}
}

/* Linux: run R for 'jobs' jobs at 'hz' in 'm' and wait for the end. */
static bool run_raiser(int m, int hz, int jobs)
{
	long long period_ns = div_s64(1000000000ll, hz);
	int waited = 0, limit = 60000 + jobs / hz * 4000;

	mode = m;
	raiser_done = 0;
	raiser_jobs = jobs;
	if (rt_task_make_periodic_relative_ns(&raiser, period_ns, period_ns))
		return false;
	while (!READ_ONCE(raiser_done) && waited < limit) {
		msleep(10);
		waited += 10;
	}
	return READ_ONCE(raiser_done);
}

static void check_refusals(void)
{
	int irq, r, line;

	check(rt_request_irq(0x7ffffff0, edu_handler, NULL, 0) == -EINVAL, "bad-irq-einval", "got", 0, 0);
	check(rt_request_irq(edu.pdev->irq, NULL, NULL, 0) == -EINVAL, "null-handler-einval", "got", 0, 0);
	check(rt_release_irq(0x7ffffff0) == -EINVAL, "release-never-requested-einval", "got", 0, 0);
	/* The device's MSI while Linux's MSI core has it: arm64 an LPI, x86 a
	 * Linux MSI: neither can be an NMI. */
	r = pci_alloc_irq_vectors(edu.pdev, 1, 1, PCI_IRQ_MSI);
	if (r == 1) {
		irq = pci_irq_vector(edu.pdev, 0);
		r = rt_request_irq(irq, edu_handler, &edu, 0);
		check(r == -EOPNOTSUPP, "linux-msi-line-eopnotsupp", "rt_request_irq returned", r, irq);
		r = rt_request_pci_irq(edu.pdev, edu_handler, &edu, 0, edu_pending);
		check(r == -EBUSY, "pci-irq-while-linux-msi-ebusy", "rt_request_pci_irq returned", r, 0);
		pci_free_irq_vectors(edu.pdev);
	} else {
		pr_info("tx_irq: FAIL linux-msi-line-eopnotsupp: pci_alloc_irq_vectors(MSI) = %d\n", r);
		fails++;
	}
	/* A line Linux has a handler on (the first one found). */
	for (irq = 1; irq < nr_irqs; irq++) {
		struct irq_data *d = irq_get_irq_data(irq);

		if (d && irq_has_action(irq) && !irqd_is_per_cpu(d))
			break;
	}
	r = rt_request_irq(irq, edu_handler, NULL, 0);
	check(r == (IS_ENABLED(CONFIG_X86) ? -EOPNOTSUPP : -EBUSY), "linux-owned-line-refused", "rt_request_irq returned", r,
	      irq);
	line = rt_request_pci_irq(edu.pdev, edu_handler, &edu, 0, edu_pending);
	check(line >= 0, "request-pci-irq", "rt_request_pci_irq returned", line, 0);
	edu.line = line;
	if (line < 0)
		return;
	pr_info("tx_irq: result line=%d\n", line);
	check(rt_request_irq(line, edu_handler, NULL, 0) == -EBUSY, "double-request-ebusy", "got", 0, 0);
	check(rt_request_pci_irq(edu.pdev, edu_handler, &edu, 0, edu_pending) == -EBUSY, "double-pci-request-ebusy",
	      "got", 0, 0);
	r = rt_request_linux_irq(line, linux_handler, "tx_irq-linux", &edu);
	check(r == 0, "request-linux-irq", "rt_request_linux_irq returned", r, 0);
}

static void check_startup(void)
{
	writel(1, edu.bar + EDU_REG_IRQ_RAISE); /* from Linux: held, the line starts masked */
	msleep(20);
	check(handled == 0, "starts-masked-raise-held", "handled", handled, 0);
	check(rt_startup_irq(edu.line) == 0, "startup-returns-0", "", 0, 0);
	msleep(20);
	check(handled == 1, "startup-delivers-held-raise", "handled", handled, 0);
	raised = handled = 0;
	lat_irq_max = 0; /* that raise had no raise time */
}

static void check_route(void)
{
	unsigned long old, back;

	if (num_online_cpus() < 2) {
		pr_info("tx_irq: result route=skipped-one-cpu\n");
		return;
	}
	old = rt_assign_irq_to_cpu(edu.line, 1ul << 1);
	check(old == 1, "assign-returns-old-mask", "old mask", old, 0);
	writel(1, edu.bar + EDU_REG_IRQ_RAISE);
	msleep(50);
	check(handler_cpu == 1, "assign-moves-handler-to-cpu1", "handler ran on CPU", handler_cpu, 0);
	back = rt_reset_irq_to_sym_mode(edu.line);
	check(back == 2, "reset-returns-replaced-mask", "mask", back, 0);
	check(rt_reset_irq_to_sym_mode(edu.line) == (unsigned long)-EINVAL, "reset-without-saved-einval", "", 0, 0);
	writel(1, edu.bar + EDU_REG_IRQ_RAISE);
	msleep(50);
	check(handler_cpu == 0, "reset-moves-handler-back", "handler ran on CPU", handler_cpu, 0);
}

/* CPU 1: raise whatever the line's state (the device holds what it raised). */
static void churner_body(long unused)
{
	while (READ_ONCE(churning)) {
		writel(1, edu.bar + EDU_REG_IRQ_RAISE);
		rt_task_wait_period();
	}
	rt_task_suspend(NULL);
}

static void check_churn(void)
{
	int i, late = 0, bad_release = 0, bad_request = 0;

	if (num_online_cpus() < 2)
		return;
	if (rt_task_init_cpuid(&churner, churner_body, 0, 8192, 20, 0, NULL, 1)) {
		check(false, "churn-task", "rt_task_init_cpuid on CPU 1 failed", 0, 0);
		return;
	}
	churning = 1;
	rt_task_make_periodic_relative_ns(&churner, 50000, 50000);
	for (i = 0; i < 20 && edu.line >= 0; i++) {
		long after;

		rt_assign_irq_to_cpu(edu.line, 1ul << 1);
		rt_startup_irq(edu.line);
		msleep(5);
		bad_release += rt_release_irq(edu.line) != 0;
		after = handled;
		msleep(2);
		late += handled != after;
		edu.line = rt_request_pci_irq(edu.pdev, edu_handler, &edu, 0, edu_pending);
		bad_request += edu.line < 0;
	}
	WRITE_ONCE(churning, 0);
	msleep(5);
	rt_task_delete(&churner);
	check(bad_release == 0 && bad_request == 0, "churn-20-releases-and-requests", "failed release, request",
	      bad_release, bad_request);
	check(late == 0, "churn-no-handler-after-release", "releases followed by a handler run", late, 0);
	if (edu.line >= 0) {
		rt_startup_irq(edu.line);
		msleep(5); /* the raise the device still holds */
		check(rt_request_linux_irq(edu.line, linux_handler, "tx_irq-linux", &edu) == 0,
		      "churn-linux-handler-again", "", 0, 0);
	}
}

static int controller_fn(void *unused)
{
	long n = (long)rate_hz * seconds;
	bool ran;

	check_refusals();
	if (edu.line < 0)
		goto out;
	check_startup();

	ran = run_raiser(MODE_COUNT, rate_hz, n);
	check(ran, "count-phase-ran", "", 0, 0);
	check(raised == n && handled == raised, "count-n-raised-n-handled", "raised, handled", raised, handled);
	/* Whether each handler ran before R's next instruction (sync_misses)
	 * is asserted by the script on deterministic boots only: without
	 * -icount QEMU takes the interrupt at the end of R's translation block. */
	pr_info("tx_irq: result count_raised=%ld count_handled=%ld lost=%ld sync_misses=%ld irq_lat_max_ns=%lld\n",
		raised, handled, raised - handled, sync_misses, count2nano(lat_irq_max));

	raised = handled = sync_misses = 0;
	lat_irq_max = 0;
	ran = run_raiser(MODE_WAKE, 1000, 1000);
	check(ran && woken == 1000 && handled == 1000, "wake-1000-handled-1000-woken", "handled, woken", handled, woken);
	pr_info("tx_irq: result wake_misses=%ld wake_irq_lat_max_ns=%lld wake_task_lat_max_ns=%lld\n", wake_misses,
		count2nano(lat_irq_max), count2nano(lat_task_max));

	raised = handled = 0;
	ran = run_raiser(MODE_PEND, 1000, 1000);
	msleep(100); /* the irq_work that runs the Linux side */
	check(ran && handled == 1000, "pend-1000-handled", "handled", handled, 0);
	check(linux_seen == 1000, "pend-each-reaches-linux-once", "Linux handler calls", linux_seen, 1000);

	want_mask_test = 1;
	ran = run_raiser(MODE_CONTEXT, 1000, 1);
	check(ran && mask_ok == 1, "mask-holds-enable-delivers", "mask_ok", mask_ok, 0);
	check(task_ctx_err == -EPERM, "request-from-task-eperm", "got", task_ctx_err, 0);
	check(handler_ctx_err == -EPERM, "request-from-handler-eperm", "got", handler_ctx_err, 0);
	check(wrong_cookie == 0, "handler-gets-its-cookie", "wrong", wrong_cookie, 0);
	mode = MODE_COUNT;

	check_route();
	check_churn();
out:
	pr_info("tx_irq: result fails=%d\n", fails);
	WRITE_ONCE(done, 1);
	while (!kthread_should_stop())
		msleep(20);
	return 0;
}

static int edu_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	edu.bar = edu_open(pdev);
	if (IS_ERR(edu.bar))
		return PTR_ERR(edu.bar);
	edu.pdev = pdev;
	return 0;
}

static void edu_remove(struct pci_dev *pdev)
{
	if (leave_line)
		return; /* the HAL releases the line after our exit: the BAR stays mapped for its pending() */
	edu_close(pdev, edu.bar);
}

static const struct pci_device_id edu_ids[] = { { PCI_DEVICE(EDU_VENDOR_ID, EDU_DEVICE_ID) }, {} };
static struct pci_driver edu_driver = {
	.name = "tx_irq_edu",
	.id_table = edu_ids,
	.probe = edu_probe,
	.remove = edu_remove,
};

static int __init tx_irq_init(void)
{
	int err = pci_register_driver(&edu_driver);

	if (err)
		return err;
	if (!edu.pdev) {
		pr_err("tx_irq: no edu device (QEMU -device edu)\n");
		pci_unregister_driver(&edu_driver);
		return -ENODEV;
	}
	err = rt_sem_init(&wake_sem, 0);
	if (!err)
		err = rt_task_init_cpuid(&raiser, raiser_body, 0, 16384, 10, 0, NULL, 0);
	if (!err)
		err = rt_task_init_cpuid(&waiter, waiter_body, 0, 16384, 1, 0, NULL, 0);
	if (!err)
		err = rt_task_resume(&waiter);
	if (err)
		goto fail;
	controller = kthread_run(controller_fn, NULL, "tx_irq_ctl");
	if (IS_ERR(controller)) {
		err = PTR_ERR(controller);
		goto fail;
	}
	return 0;
fail:
	rt_task_delete(&raiser);
	rt_task_delete(&waiter);
	rt_sem_delete(&wake_sem);
	pci_unregister_driver(&edu_driver);
	return err;
}

static void __exit tx_irq_exit(void)
{
	kthread_stop(controller);
	rt_task_delete(&raiser);
	rt_sem_delete(&wake_sem); /* the waiter gets RTE_OBJREM and ends */
	rt_task_delete(&waiter);
	if (edu.line >= 0 && !leave_line) {
		int r = rt_free_linux_irq(edu.line, &edu);

		pr_info("tx_irq: %s free-linux-irq (%d)\n", r == 0 ? "PASS" : "FAIL", r);
		r = rt_release_irq(edu.line);
		pr_info("tx_irq: %s release-irq (%d)\n", r == 0 ? "PASS" : "FAIL", r);
		r = rt_release_irq(edu.line);
		pr_info("tx_irq: %s release-twice-einval (%d)\n", r == -EINVAL ? "PASS" : "FAIL", r);
	}
	pci_unregister_driver(&edu_driver);
}

module_init(tx_irq_init);
module_exit(tx_irq_exit);
MODULE_LICENSE("GPL");
