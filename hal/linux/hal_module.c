// SPDX-License-Identifier: GPL-2.0
/*
 * hal/linux/hal_module.c - tactus_hal.ko: the arch-independent kernel half
 * of the HAL. It owns the attach point of the scheduler, CPU hotplug, the
 * irq_work that runs deferred Linux work, and the services of hal/hal.h
 * (memory, logging, the Linux kick) for every architecture. The hardware
 * half is arch/<arch>/, which implements arch/port.h (its tx_arch_* hooks are
 * called from here).
 */
#include <linux/cpuhotplug.h>
#include <linux/delay.h>
#include <linux/hardirq.h>
#include <linux/irq_work.h>
#include <linux/module.h>
#include <linux/random.h>
#include <linux/mm.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/timekeeping.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>

#include <rtai.h>

#include "../../arch/port.h"
#include "../irq_lines.h"
#include "../srq.h"
#include "port_services.h"
#include "irq_linux.h"
#include "fault.h"

const struct tx_core_ops *tx_hal_core;
static DEFINE_MUTEX(attach_lock);
static enum cpuhp_state hotplug_state;

/* ---- Deferred Linux work: the bridge from real-time context ------------ */

static void run_linux_work(struct irq_work *work)
{
	const struct tx_core_ops *core = READ_ONCE(tx_hal_core);

	if (core)
		core->linux_work();
}

static struct irq_work linux_work = IRQ_WORK_INIT(run_linux_work);

/* In the port's NMI handler, where Linux's NMI entry made RCU watch (the
 * IPI tracepoint of irq_work_queue needs it). */
void tx_hal_raise_linux_work(void)
{
	irq_work_queue(&linux_work); /* NMI-safe: a lock-free list and a self-IPI */
}

/* From anywhere, tasks included: a task that preempted the idle loop runs
 * where RCU does not watch, so the port raises the work from an NMI. */
void tx_hal_linux_kick(void)
{
	tx_arch_linux_kick();
}

void tx_hal_linux_work_sync(void)
{
	irq_work_sync(&linux_work);
}

/* ---- The scheduler around real-time device handlers ---------------------- */

/* hal/irq_lines.h */
int tx_hal_core_irq_exit(void)
{
	const struct tx_core_ops *core = READ_ONCE(tx_hal_core);

	return core ? core->irq_exit() : 0;
}

/* Whether the co-kernel is masked on this CPU (a spinlock of the core is
 * held). Linux's irqs_disabled() does not always see it: arm64 masks the
 * co-kernel with PSTATE.I while Linux masks with the GIC's PMR only, so
 * irqs_disabled() is false there under our locks. */
static bool cokernel_masked_here(void)
{
	unsigned long state = tx_port_irq_save();

	tx_port_irq_restore(state);
	return state & 1; /* arch/port.h: bit 0, "was masked" */
}

/* hal/hal.h. irqs_disabled() first: in a real-time task or handler it is
 * true (PMR or IF masked), and 'current' there is a stale Linux task whose
 * preempt count in_interrupt() must not read. Then the co-kernel's own
 * mask: Linux code that sleeps, or only reschedules on preempt_enable(),
 * with it set leaves the CPU to the next Linux task still masked - on
 * arm64 with PSTATE.I set, which Linux's local_irq_enable() never clears:
 * an idle task that inherits it sleeps in WFI for ever (a CPU lost; seen
 * as a kvfree under the POSIX layer's lock, docs/posix.md). */
int tx_hal_may_sleep(void)
{
	return !irqs_disabled() && !in_interrupt() && !cokernel_masked_here();
}

/* hal/hal.h */
void tx_hal_sleep_ms(unsigned ms)
{
	if (WARN_ONCE(cokernel_masked_here(), "tactus: tx_hal_sleep_ms called with the co-kernel masked")) {
		mdelay(ms); /* waits without leaving the CPU to another Linux task */
		return;
	}
	msleep(ms);
}
EXPORT_SYMBOL_GPL(tx_hal_sleep_ms);

/* hal/hal.h */
int64_t tx_hal_wall_clock_ns(void)
{
	return ktime_get_real_ns();
}
EXPORT_SYMBOL_GPL(tx_hal_wall_clock_ns);

/* hal/hal.h. 'current' stays the interrupted Linux task for as long as
 * Linux is away (Linux does not run on this CPU meanwhile), so each count
 * up is matched by a count down on the same task; an interrupted
 * pagefault_disable() of its own reads and writes the count around the
 * pair and sees no change. */
void tx_hal_linux_away(int away)
{
	if (away)
		pagefault_disable();
	else
		pagefault_enable();
}

/* __module_address is not exported: found through kallsyms, once. Without
 * it no owner is known, and what named inits create stays until deleted. */
void *tx_hal_owner_of(const void *code)
{
	static struct module *(*module_address)(unsigned long);
	static bool looked_up;
	struct module *mod;

	if (!looked_up) {
		module_address = (void *)tx_hal_lookup_symbol("__module_address");
		looked_up = true;
		if (!module_address)
			pr_warn("tactus: no __module_address in kallsyms: objects of named inits are not freed at their module's unload\n");
	}
	if (!module_address)
		return NULL;
	preempt_disable(); /* __module_address's rule */
	mod = module_address((unsigned long)code);
	preempt_enable();
	return mod;
}
EXPORT_SYMBOL_GPL(tx_hal_owner_of);

/* ---- Memory and logging (Linux context) ---------------------------------- */

/* Linux's allocator may sleep: called masked, it would hand the co-kernel's
 * mask to whatever Linux runs next on this CPU (tx_hal_may_sleep). A
 * caller that gets here masked is a bug of the core: said loudly, once. */
void *tx_hal_alloc(size_t size)
{
	if (WARN_ONCE(cokernel_masked_here(), "tactus: tx_hal_alloc called with the co-kernel masked"))
		return NULL;
	/* Small blocks from kmalloc, rounded to a power of two so they are
	 * naturally aligned (FPU areas need 64 bytes); big ones from vmalloc. */
	if (size <= PAGE_SIZE / 2)
		return kmalloc(roundup_pow_of_two(max_t(size_t, size, 64)), GFP_KERNEL);
	return vmalloc(size);
}

void tx_hal_free(void *p, size_t size)
{
	/* Leaked rather than freed masked (see tx_hal_alloc). */
	if (WARN_ONCE(cokernel_masked_here(), "tactus: tx_hal_free called with the co-kernel masked"))
		return;
	kvfree(p); /* also from the irq_work: vfree defers itself in interrupt context */
}

void tx_hal_log(int level, const char *msg)
{
	switch (level) {
	case 0:
		pr_err("%s\n", msg);
		break;
	case 1:
		pr_warn("%s\n", msg);
		break;
	default:
		pr_info("%s\n", msg);
		break;
	}
}

/* From real-time context printk could wait on a console lock held by the
 * Linux code we interrupted: the report goes through the log ring. */
size_t tx_rt_log_v(int level, const char *fmt, va_list ap);
static size_t rt_log(int level, const char *fmt, ...)
{
	va_list ap;
	size_t n;

	va_start(ap, fmt);
	n = tx_rt_log_v(level, fmt, ap);
	va_end(ap);
	return n;
}

void tx_hal_assert_failed(const char *what)
{
	rt_log(0, "WARNING: tactus: assertion failed: %s", what);
}

void tx_hal_relax(void)
{
	cpu_relax();
}

/* ---- The scheduler's attach point ----------------------------------------- */

int tx_hal_attach_core(const struct tx_core_ops *ops)
{
	int err = 0;

	mutex_lock(&attach_lock);
	if (tx_hal_core)
		err = -EBUSY;
	else
		WRITE_ONCE(tx_hal_core, ops);
	mutex_unlock(&attach_lock);
	return err;
}
EXPORT_SYMBOL_GPL(tx_hal_attach_core);

static void stop_timer(void *unused)
{
	tx_arch_stop_timer_here();
}

static void nothing(void *unused)
{
}

void tx_hal_detach_core(void)
{
	mutex_lock(&attach_lock);
	on_each_cpu(stop_timer, NULL, 1);
	WRITE_ONCE(tx_hal_core, NULL);
	/* NMI handlers that saw the old pointer have finished after an RCU
	 * grace period; a CPU still in a redirect trampoline has interrupts
	 * masked, so it takes our IPI only after it returned to Linux. */
	synchronize_rcu();
	on_each_cpu(nothing, NULL, 1);
	irq_work_sync(&linux_work);
	mutex_unlock(&attach_lock);
}
EXPORT_SYMBOL_GPL(tx_hal_detach_core);

void tx_hal_stats(unsigned int cpu, struct tx_hal_stats *out)
{
	tx_arch_stats(cpu, out);
}
EXPORT_SYMBOL_GPL(tx_hal_stats);

const char *tx_hal_describe(void)
{
	return tx_arch_describe();
}
EXPORT_SYMBOL_GPL(tx_hal_describe);

/* ---- CPU hotplug ------------------------------------------------------------ */

static int tx_cpu_online(unsigned int cpu)
{
	const struct tx_core_ops *core = READ_ONCE(tx_hal_core);
	int err = tx_arch_cpu_online(cpu);

	if (!err && core)
		core->cpu_online(cpu);
	return err;
}

/* A CPU that hosts real-time tasks stays online: its tasks would stop. */
static int tx_cpu_offline(unsigned int cpu)
{
	const struct tx_core_ops *core = READ_ONCE(tx_hal_core);
	unsigned int n = core ? core->cpu_offline(cpu) : 0;

	if (n) {
		pr_warn("tactus: CPU%u hosts %u real-time task(s): refusing to take it offline\n", cpu, n);
		return -EBUSY;
	}
	tx_arch_cpu_offline(cpu);
	return 0;
}

/* ---- /proc/tactus --------------------------------------------------------- */

static struct proc_dir_entry *proc_dir;

struct proc_dir_entry *tx_hal_proc_dir(void)
{
	return proc_dir;
}
EXPORT_SYMBOL_GPL(tx_hal_proc_dir);

static int hal_show(struct seq_file *m, void *v)
{
	unsigned int cpu;

	seq_printf(m, "%s\nscheduler attached: %s\n", tx_arch_describe(), READ_ONCE(tx_hal_core) ? "yes" : "no");
	seq_puts(m, "CPU   timer-nmis     ipi-nmis    redirects        kicks  entry-min/max  exit-min/max (counts)  empty-nmis  lines-deferred  retries  retries-early\n");
	for_each_online_cpu(cpu) {
		struct tx_hal_stats st;

		tx_arch_stats(cpu, &st);
		seq_printf(m, "%3u %12llu %12llu %12llu %12llu %6llu/%-6llu %6llu/%-6llu %21llu %15llu %8llu %14llu\n", cpu,
			   st.timer_nmis, st.ipi_nmis, st.redirects, st.kicks, st.entry_min, st.entry_max, st.exit_min,
			   st.exit_max, st.empty_nmis, st.lines_deferred, st.retries, st.retries_early);
	}
	for_each_online_cpu(cpu) {
		struct tx_hal_stats st;

		tx_arch_stats(cpu, &st);
		if (st.return_switches) /* NMIs that could not redirect and needed no kick */
			seq_printf(m, "CPU %u: %llu switches at the entry handler's return\n", cpu, st.return_switches);
		if (st.entry_redirects) /* x86: NMIs in entry code that needed no retry */
			seq_printf(m, "CPU %u: %llu redirects from entry code\n", cpu, st.entry_redirects);
		if (st.bad_flags) /* x86: the emulator's flags went bad (docs/x86_64-port.md) */
			seq_printf(m, "CPU %u: %llu NMI frame(s) with reserved RFLAGS bits, the first at %pS\n", cpu,
				   st.bad_flags, (void *)(unsigned long)st.bad_flags_ip);
	}
	return 0;
}

/* ---- Module --------------------------------------------------------------- */

void tx_linux_work_reset(void);
void tx_linux_work_run_all(void);
void tx_rt_log_reset(void);
void tx_rt_log_set_pointer_key(unsigned long long key);

static int __init tactus_hal_init(void)
{
	int err;

	tx_linux_work_reset();
	tx_rt_log_reset();
	tx_rt_log_set_pointer_key(get_random_u64()); /* rt_printk's %p: hashed, as printk's */
	tx_irq_reset();
	tx_srq_reset();
	err = tx_arch_init();
	if (err)
		return err;
	tx_hal_fault_init(); /* a failure is warned of: faults stay Linux's */
	err = cpuhp_setup_state(CPUHP_AP_ONLINE_DYN, "tactus/hal:online", tx_cpu_online, tx_cpu_offline);
	if (err < 0) {
		pr_err("tactus: CPU hotplug setup failed: %d\n", err);
		tx_hal_fault_exit();
		tx_arch_exit();
		return err;
	}
	hotplug_state = err;
	proc_dir = proc_mkdir("tactus", NULL);
	if (!proc_dir || !proc_create_single("hal", 0400, proc_dir, hal_show)) /* root: NMI internals */
		pr_warn("tactus: /proc/tactus%s not created\n", proc_dir ? "/hal" : "");
	err = tx_hal_irq_linux_init(proc_dir);
	if (err) {
		pr_err("tactus: module notifier for real-time interrupt lines: %d\n", err);
		proc_remove(proc_dir);
		cpuhp_remove_state(hotplug_state);
		tx_hal_fault_exit();
		tx_arch_exit();
		return err;
	}
	pr_info("tactus: HAL ready\n");
	return 0;
}

static void __exit tactus_hal_exit(void)
{
	tx_hal_irq_linux_exit();
	proc_remove(proc_dir);
	cpuhp_remove_state(hotplug_state);
	irq_work_sync(&linux_work);
	tx_hal_fault_exit();
	tx_arch_exit();
	pr_info("tactus: HAL unloaded\n");
}

module_init(tactus_hal_init);
module_exit(tactus_hal_exit);

/* The port contract and the core services the other modules link against.
 * Their C++ halves use them through arch/port.h and the hal headers. */
EXPORT_SYMBOL_GPL(tx_port_now);
EXPORT_SYMBOL_GPL(tx_port_counter_hz);
EXPORT_SYMBOL_GPL(tx_port_timer_program);
EXPORT_SYMBOL_GPL(tx_port_timer_stop);
EXPORT_SYMBOL_GPL(tx_port_irq_save);
EXPORT_SYMBOL_GPL(tx_port_irq_restore);
EXPORT_SYMBOL_GPL(tx_port_cpu);
EXPORT_SYMBOL_GPL(tx_port_send_ipi);
EXPORT_SYMBOL_GPL(tx_port_context_init);
EXPORT_SYMBOL_GPL(tx_port_switch);
EXPORT_SYMBOL_GPL(tx_port_context_take_caller_state);
EXPORT_SYMBOL_GPL(tx_port_context_take_thread_state);
EXPORT_SYMBOL_GPL(tx_port_fpu_save);
EXPORT_SYMBOL_GPL(tx_port_fpu_restore);
EXPORT_SYMBOL_GPL(tx_port_fpu_init);
EXPORT_SYMBOL_GPL(tx_hal_alloc);
EXPORT_SYMBOL_GPL(tx_hal_may_sleep);
EXPORT_SYMBOL_GPL(tx_hal_free);
EXPORT_SYMBOL_GPL(tx_hal_linux_kick);
EXPORT_SYMBOL_GPL(tx_hal_log);
EXPORT_SYMBOL_GPL(tx_hal_assert_failed);
EXPORT_SYMBOL_GPL(tx_hal_relax);
EXPORT_SYMBOL_GPL(tx_hal_linux_away);
EXPORT_SYMBOL_GPL(tx_linux_work_queue);
EXPORT_SYMBOL_GPL(tx_linux_work_run_all);
EXPORT_SYMBOL_GPL(tx_rt_log_v);
EXPORT_SYMBOL_GPL(tx_hal_irq_cpus); /* read by the scheduler: hal/irq_lines.h */

/* Real-time device interrupts (asm/rtai_hal.h; api/rtai_irq.cpp, irq_linux.c
 * and the port's rt_request_pci_irq / rt_request_msi_irq). */
EXPORT_SYMBOL_GPL(rt_request_irq);
EXPORT_SYMBOL_GPL(rt_release_irq);
EXPORT_SYMBOL_GPL(rt_request_irq_wack);
EXPORT_SYMBOL_GPL(rt_startup_irq);
EXPORT_SYMBOL_GPL(rt_shutdown_irq);
EXPORT_SYMBOL_GPL(rt_enable_irq);
EXPORT_SYMBOL_GPL(rt_disable_irq);
EXPORT_SYMBOL_GPL(rt_mask_irq);
EXPORT_SYMBOL_GPL(rt_unmask_irq);
EXPORT_SYMBOL_GPL(rt_mask_and_ack_irq);
EXPORT_SYMBOL_GPL(rt_ack_irq);
EXPORT_SYMBOL_GPL(rt_end_irq);
EXPORT_SYMBOL_GPL(rt_set_irq_ack);
EXPORT_SYMBOL_GPL(rt_set_irq_cookie);
EXPORT_SYMBOL_GPL(rt_set_irq_retmode);
EXPORT_SYMBOL_GPL(rt_pend_linux_irq);
EXPORT_SYMBOL_GPL(rt_request_srq);
EXPORT_SYMBOL_GPL(rt_free_srq);
EXPORT_SYMBOL_GPL(rt_pend_linux_srq);
/* For the interrupt tasks of tactus_sched (api/rtai_irq_tasks.cpp). */
EXPORT_SYMBOL_GPL(tx_irq_route);
EXPORT_SYMBOL_GPL(tx_irq_route_reset);
EXPORT_SYMBOL_GPL(rt_request_global_irq);
EXPORT_SYMBOL_GPL(rt_request_global_irq_ext);
EXPORT_SYMBOL_GPL(rt_set_global_irq_ext);
EXPORT_SYMBOL_GPL(rt_free_global_irq);
EXPORT_SYMBOL_GPL(rt_request_pci_irq);
EXPORT_SYMBOL_GPL(rt_request_msi_irq);

MODULE_LICENSE("GPL");
MODULE_ALIAS("rtai_hal"); /* RTAI's module name: modprobe rtai_hal */
MODULE_DESCRIPTION("Tactus real-time co-kernel: hardware abstraction (NMI-class timer and IPI, switching)");
