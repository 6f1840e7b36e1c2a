// SPDX-License-Identifier: GPL-2.0
/*
 * hal/linux/irq_linux.c - the Linux side of real-time interrupt lines
 * (hal/irq_lines.hpp): Linux handlers on lines (rt_request_linux_irq) and
 * the delivery of pended occurrences to them, routing of Linux's own lines
 * (rt_assign_irq_to_cpu), lines left behind by a module that goes away,
 * and /proc/tactus/irqs. Everything here runs in Linux context.
 */
#include <linux/cpumask.h>
#include <linux/interrupt.h>
#include <linux/irq.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>
#include <linux/spinlock.h>

#include <rtai.h>

#include "../hal.h"
#include "../irq_lines.h"
#include "../srq.h"
#include "irq_linux.h"

#define NO_SLOT TX_IRQ_NO_SLOT

/* Refusals may come from real-time context: through the log ring. */
static __printf(2, 3) void rt_log_line(int level, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	tx_rt_log_v(level, fmt, ap);
	va_end(ap);
}

/* ---- Linux handlers on lines ----------------------------------------------- */

#define SHARES_PER_LINE 4
#define MAX_SHARES (2 * TX_MAX_IRQ_LINES + 16)

/* One rt_request_linux_irq(). On a real-time line ('rt'), Tactus calls it
 * for each pended occurrence; on another line it is a request_irq(). */
struct linux_share {
	bool used, rt;
	unsigned int irq;
	irq_handler_t handler;
	void *dev_id;
	u64 calls;
};

static struct linux_share shares[MAX_SHARES];
static DEFINE_MUTEX(shares_mutex);      /* adding and removing (may sleep) */
static DEFINE_RAW_SPINLOCK(shares_lock); /* the entries the delivery reads */

static int rt_shares_of(unsigned int irq)
{
	int i, n = 0;

	for (i = 0; i < MAX_SHARES; i++)
		n += shares[i].used && shares[i].rt && shares[i].irq == irq;
	return n;
}

int rt_request_linux_irq(unsigned int irq, void *handler, char *name, void *dev_id)
{
	bool rt = tx_irq_slot_of(irq) != NO_SLOT;
	int i, err = 0;

	if (!tx_hal_may_sleep()) {
		rt_log_line(1, "tactus: rt_request_linux_irq(%u) outside Linux process context: refused", irq);
		return -EPERM;
	}
	if (!handler) {
		pr_err("tactus: rt_request_linux_irq(%u): no handler\n", irq);
		return -EINVAL;
	}
	mutex_lock(&shares_mutex);
	for (i = 0; i < MAX_SHARES && shares[i].used; i++)
		;
	if (i == MAX_SHARES || (rt && rt_shares_of(irq) >= SHARES_PER_LINE)) {
		pr_err("tactus: rt_request_linux_irq(%u): no room for another Linux handler (%d per real-time line)\n",
		       irq, SHARES_PER_LINE);
		err = -ENOSPC;
	} else if (!rt && irq >= RT_IRQ_TACTUS_BASE) {
		pr_err("tactus: rt_request_linux_irq(%u): no such line\n", irq);
		err = -EINVAL;
	} else if (!rt) {
		/* RTAI: a Linux line gets the handler shared, through Linux. */
		err = request_irq(irq, handler, IRQF_SHARED, name ? name : "tactus-linux", dev_id);
		if (err)
			pr_err("tactus: rt_request_linux_irq(%u): request_irq failed: %d\n", irq, err);
	}
	if (!err) {
		raw_spin_lock_irq(&shares_lock);
		shares[i] = (struct linux_share){ .used = true, .rt = rt, .irq = irq, .handler = handler, .dev_id = dev_id };
		raw_spin_unlock_irq(&shares_lock);
	}
	mutex_unlock(&shares_mutex);
	return err;
}
EXPORT_SYMBOL_GPL(rt_request_linux_irq);

/* Shares lock not held; shares_mutex held. */
static void drop_share(struct linux_share *s)
{
	struct linux_share old = *s;

	raw_spin_lock_irq(&shares_lock);
	s->used = false;
	raw_spin_unlock_irq(&shares_lock);
	if (old.rt)
		tx_hal_linux_work_sync(); /* a delivery that copied it has finished */
	else
		free_irq(old.irq, old.dev_id);
}

int rt_free_linux_irq(unsigned int irq, void *dev_id)
{
	int i, err = -EINVAL;

	if (!tx_hal_may_sleep()) {
		rt_log_line(1, "tactus: rt_free_linux_irq(%u) outside Linux process context: refused", irq);
		return -EPERM;
	}
	mutex_lock(&shares_mutex);
	for (i = 0; i < MAX_SHARES; i++) {
		if (shares[i].used && shares[i].irq == irq && shares[i].dev_id == dev_id) {
			drop_share(&shares[i]);
			err = 0;
			break;
		}
	}
	mutex_unlock(&shares_mutex);
	if (err)
		pr_err("tactus: rt_free_linux_irq(%u): no Linux handler with that dev_id\n", irq);
	return err;
}
EXPORT_SYMBOL_GPL(rt_free_linux_irq);

/* Run n pended occurrences of irq through its Linux handlers, each handler
 * once per occurrence, in Linux's interrupt context (irq_work, or the
 * caller's with interrupts off). */
static void deliver(unsigned int irq, u64 n)
{
	struct linux_share copy[SHARES_PER_LINE];
	unsigned long flags;
	int i, k = 0;

	if (!n)
		return;
	raw_spin_lock_irqsave(&shares_lock, flags);
	for (i = 0; i < MAX_SHARES && k < SHARES_PER_LINE; i++) {
		if (shares[i].used && shares[i].rt && shares[i].irq == irq) {
			shares[i].calls += n;
			copy[k++] = shares[i];
		}
	}
	raw_spin_unlock_irqrestore(&shares_lock, flags);
	local_irq_save(flags);
	while (n--)
		for (i = 0; i < k; i++)
			copy[i].handler(irq, copy[i].dev_id);
	local_irq_restore(flags);
}

/* hal/irq_lines.hpp: the LinuxWork of pended occurrences. */
void tx_hal_irq_linux_work(void)
{
	struct tx_irq_line_info info;
	unsigned int slot;

	for (slot = 0; slot < TX_MAX_IRQ_LINES; slot++)
		if (tx_irq_info(slot, &info))
			deliver(info.irq, tx_irq_take_pended(slot));
}

/* hal/irq_lines.hpp: the line is being released (rt_release_irq, in Linux
 * process context): its last occurrences, then its Linux handlers go. */
void tx_hal_irq_line_released(unsigned int irq, unsigned int slot)
{
	int i, n = 0;

	deliver(irq, tx_irq_take_pended(slot));
	mutex_lock(&shares_mutex);
	for (i = 0; i < MAX_SHARES; i++) {
		if (shares[i].used && shares[i].rt && shares[i].irq == irq) {
			drop_share(&shares[i]);
			n++;
		}
	}
	mutex_unlock(&shares_mutex);
	if (n)
		pr_info("tactus: irq %u released: its %d Linux handler(s) of rt_request_linux_irq() dropped\n", irq, n);
}

/* ---- Routing --------------------------------------------------------------- */

static u32 online_bits(unsigned long mask)
{
	return (u32)(mask & cpumask_bits(cpu_online_mask)[0] & ((1ul << TX_MAX_CPUS) - 1));
}

/* Linux's own lines (RTAI routes any line): affinity masks saved per line. */
#define SAVED_LINUX_ROUTES 16
static struct {
	unsigned int irq;
	unsigned long mask;
	bool used;
} saved_routes[SAVED_LINUX_ROUTES];
static DEFINE_MUTEX(routes_mutex);

static unsigned long linux_affinity(unsigned int irq)
{
	struct irq_data *d = irq_get_irq_data(irq);

	return d ? cpumask_bits(irq_data_get_affinity_mask(d))[0] : 0;
}

static unsigned long route_linux_line(unsigned int irq, unsigned long mask)
{
	unsigned long old = linux_affinity(irq);
	struct cpumask want;
	int i, free_i = -1;

	if (!old || !online_bits(mask))
		return 0;
	cpumask_clear(&want);
	bitmap_copy(cpumask_bits(&want), &mask, min_t(unsigned int, BITS_PER_LONG, nr_cpu_ids));
	if (irq_set_affinity(irq, &want))
		return 0;
	mutex_lock(&routes_mutex);
	for (i = 0; i < SAVED_LINUX_ROUTES; i++) {
		if (saved_routes[i].used && saved_routes[i].irq == irq)
			break;
		if (!saved_routes[i].used && free_i < 0)
			free_i = i;
	}
	if (i == SAVED_LINUX_ROUTES && free_i >= 0)
		saved_routes[free_i] = (typeof(saved_routes[0])){ .irq = irq, .mask = old, .used = true };
	mutex_unlock(&routes_mutex);
	return old;
}

static unsigned long reset_linux_line(unsigned int irq)
{
	unsigned long old = linux_affinity(irq), saved = 0;
	struct cpumask want;
	int i;

	mutex_lock(&routes_mutex);
	for (i = 0; i < SAVED_LINUX_ROUTES; i++) {
		if (saved_routes[i].used && saved_routes[i].irq == irq) {
			saved = saved_routes[i].mask;
			saved_routes[i].used = false;
			break;
		}
	}
	mutex_unlock(&routes_mutex);
	if (!saved)
		return (unsigned long)-EINVAL;
	cpumask_clear(&want);
	bitmap_copy(cpumask_bits(&want), &saved, min_t(unsigned int, BITS_PER_LONG, nr_cpu_ids));
	return irq_set_affinity(irq, &want) ? 0 : old;
}

unsigned long rt_assign_irq_to_cpu(int irq, unsigned long cpus_mask)
{
	if (irq < 0 || !tx_hal_may_sleep()) {
		rt_log_line(1, "tactus: rt_assign_irq_to_cpu(%d) outside Linux process context, or a bad line: refused", irq);
		return 0;
	}
	if (tx_irq_slot_of(irq) != NO_SLOT)
		return tx_irq_route(irq, online_bits(cpus_mask));
	return route_linux_line(irq, cpus_mask);
}
EXPORT_SYMBOL_GPL(rt_assign_irq_to_cpu);

unsigned long rt_reset_irq_to_sym_mode(int irq)
{
	u32 r;

	if (irq < 0 || !tx_hal_may_sleep()) {
		rt_log_line(1, "tactus: rt_reset_irq_to_sym_mode(%d) outside Linux process context, or a bad line: refused", irq);
		return 0;
	}
	if (tx_irq_slot_of(irq) == NO_SLOT)
		return reset_linux_line(irq);
	r = tx_irq_route_reset(irq);
	return r == (u32)-EINVAL ? (unsigned long)-EINVAL : r;
}
EXPORT_SYMBOL_GPL(rt_reset_irq_to_sym_mode);

/* ---- A module that goes away releases its lines ---------------------------- */

static int handler_in_module(unsigned int irq, const void *handler, void *mod)
{
	return within_module((unsigned long)handler, mod);
}

static int srq_handler_in_module(const void *handler, void *mod)
{
	return within_module((unsigned long)handler, mod);
}

static int module_event(struct notifier_block *nb, unsigned long event, void *data)
{
	struct module *mod = data;
	unsigned int n;
	int i, m = 0;

	/* GOING: after the module's exit function, before its memory goes. */
	if (event != MODULE_STATE_GOING)
		return NOTIFY_DONE;
	n = tx_irq_release_if(handler_in_module, mod);
	if (n)
		pr_warn("tactus: module %s left %u real-time interrupt line(s) requested at unload; released them\n",
			mod->name, n);
	mutex_lock(&shares_mutex);
	for (i = 0; i < MAX_SHARES; i++) {
		if (shares[i].used && within_module((unsigned long)shares[i].handler, mod)) {
			drop_share(&shares[i]);
			m++;
		}
	}
	mutex_unlock(&shares_mutex);
	if (m)
		pr_warn("tactus: module %s left %d handler(s) of rt_request_linux_irq() at unload; freed them\n",
			mod->name, m);
	n = tx_srq_release_if(srq_handler_in_module, mod);
	if (n)
		pr_warn("tactus: module %s left %u system request(s) (rt_request_srq) at unload; freed them\n",
			mod->name, n);
	/* A handler of it that the Linux work runs now (an SRQ, a pended
	 * line's Linux handler) returns before its code goes; so does one of
	 * an SRQ it freed itself in its exit. */
	tx_hal_linux_work_sync();
	return NOTIFY_OK;
}

static struct notifier_block module_nb = { .notifier_call = module_event };
static struct proc_dir_entry *proc_entry; /* our /proc/tactus file; NULL: none */

/* ---- /proc/tactus/irqs ------------------------------------------------------ */

static long long counts_to_ns(s64 c)
{
	return (long long)mul_u64_u64_div_u64((u64)c, NSEC_PER_SEC, tx_port_counter_hz());
}

static int irqs_show(struct seq_file *m, void *v)
{
	struct tx_irq_line_info in;
	unsigned int slot;
	int i;

	seq_printf(m, "%-10s %-12s %-8s %-6s %10s %9s %9s %13s %13s %5s %s\n", "IRQ", "KIND", "STATE", "CPUS",
		   "COUNT", "PENDED", "TO-LINUX", "HANDLER-MAX", "HANDLER-AVG", "LINUX", "HANDLER");
	for (slot = 0; slot < TX_MAX_IRQ_LINES; slot++) {
		if (!tx_irq_info(slot, &in))
			continue;
		seq_printf(m, "%-10u %-12s %-8s 0x%-4x %10llu %9llu %9llu %10lld ns %10lld ns %5d %ps%s\n", in.irq,
			   in.flags & TX_IRQ_LINE_PERCPU ? "per-cpu" :
			   in.flags & TX_IRQ_LINE_LEVEL ? "level" : "edge",
			   in.masked ? "masked" : "enabled", in.cpus, in.count, in.pended, in.delivered,
			   counts_to_ns(in.handler_max), counts_to_ns(in.handler_avg), rt_shares_of(in.irq), in.handler,
			   in.has_ack ? " (ack routine)" : "");
	}
	mutex_lock(&shares_mutex);
	for (i = 0; i < MAX_SHARES; i++)
		if (shares[i].used)
			seq_printf(m, "linux handler: irq %u %ps (%s), %llu pended occurrence(s) run\n", shares[i].irq,
				   shares[i].handler, shares[i].rt ? "on the real-time line" : "request_irq",
				   shares[i].calls);
	mutex_unlock(&shares_mutex);
	return 0;
}

/* ---- Setup ------------------------------------------------------------------ */

int tx_hal_irq_linux_init(struct proc_dir_entry *dir)
{
	int err = register_module_notifier(&module_nb);

	if (err)
		return err;
	if (dir)
		proc_entry = proc_create_single("irqs", 0444, dir, irqs_show);
	if (!proc_entry)
		pr_warn("tactus: no /proc/tactus/irqs (proc entry not created)\n");
	return 0;
}

void tx_hal_irq_linux_exit(void)
{
	int i;

	proc_remove(proc_entry); /* NULL: none was made */
	proc_entry = NULL;
	unregister_module_notifier(&module_nb);
	tx_irq_release_if(NULL, NULL); /* none: their modules depend on us */
	mutex_lock(&shares_mutex);
	for (i = 0; i < MAX_SHARES; i++)
		if (shares[i].used)
			drop_share(&shares[i]);
	mutex_unlock(&shares_mutex);
}
