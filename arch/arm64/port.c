// SPDX-License-Identifier: GPL-2.0
/*
 * arch/arm64/port.c - the arm64 port: GICv3 pseudo-NMIs for the co-kernel
 * timer (the EL1 arch-timer PPI Linux leaves free) and the cross-CPU IPI
 * (a spare SGI), and preemption by return redirection. The design and why
 * it was kept: docs/arm64-port.md.
 */
#include <linux/cpu.h>
#include <linux/interrupt.h>
#include <linux/irq.h>
#include <linux/irqdomain.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/of_irq.h>
#include <linux/percpu.h>
#include <asm/arch_timer.h>
#include <asm/cpufeature.h>
#include <asm/daifflags.h>
#include <asm/irq_regs.h>
#include <asm/ptrace.h>
#include <asm/sysreg.h>
#include <asm/virt.h>
#include <clocksource/arm_arch_timer.h>

#include "../../arch/port.h"
#include "../../hal/linux/port_services.h"
#include "port_internal.h"

static bool force_lookup;
module_param(force_lookup, bool, 0444);
MODULE_PARM_DESC(force_lookup, "find the per-CPU NMI API through kallsyms even if the kernel exports it");

static bool profile;
module_param(profile, bool, 0444);
MODULE_PARM_DESC(profile, "measure the NMI entry and exit paths (/proc/tactus/hal); costs a few instructions");

static char *timer = "auto";
module_param(timer, charp, 0444);
MODULE_PARM_DESC(timer, "co-kernel timer: auto (the EL1 timer Linux leaves free), phys or virt");

static bool return_switch = true;
module_param(return_switch, bool, 0444);
MODULE_PARM_DESC(return_switch, "where an NMI cannot redirect, switch at the return of Linux's IRQ entry handler (0: kick the timer for a second NMI)");

static unsigned int ipi_sgi = 8;
module_param(ipi_sgi, uint, 0444);
MODULE_PARM_DESC(ipi_sgi, "SGI used as the co-kernel's cross-CPU IPI (Linux uses 0-7)");

/* ---- The per-CPU NMI API: exported by our kernel patch, else looked up ---- */

struct tx_arm64_nmi_api tx_arm64_nmi;

static void *lookup_symbol(const char *name)
{
	return (void *)tx_hal_lookup_symbol(name);
}

/* The six functions of Linux's NMI API we use, by name; put == symbol_put. */
static void *nmi_symbol(const char *name, bool exported)
{
	return exported ? __symbol_get(name) : lookup_symbol(name);
}

static bool nmi_api_complete(void)
{
	return tx_arm64_nmi.request && tx_arm64_nmi.prepare && tx_arm64_nmi.teardown && tx_arm64_nmi.free && tx_arm64_nmi.request_line &&
	       tx_arm64_nmi.free_line;
}

static void put_exported_api(void)
{
	void *all[] = { tx_arm64_nmi.request, tx_arm64_nmi.prepare, tx_arm64_nmi.teardown, tx_arm64_nmi.free, tx_arm64_nmi.request_line,
			tx_arm64_nmi.free_line };
	int i;

	if (!tx_arm64_nmi.path || strcmp(tx_arm64_nmi.path, "exported"))
		return;
	for (i = 0; i < ARRAY_SIZE(all); i++)
		if (all[i])
			symbol_put_addr(all[i]);
}

static void find_nmi_api(bool exported)
{
	tx_arm64_nmi.request = nmi_symbol("request_percpu_nmi", exported);
	tx_arm64_nmi.prepare = nmi_symbol("prepare_percpu_nmi", exported);
	tx_arm64_nmi.teardown = nmi_symbol("teardown_percpu_nmi", exported);
	tx_arm64_nmi.free = nmi_symbol("free_percpu_nmi", exported);
	tx_arm64_nmi.request_line = nmi_symbol("request_nmi", exported);
	tx_arm64_nmi.free_line = nmi_symbol("free_nmi", exported);
}

static int resolve_nmi_api(void)
{
	if (!force_lookup) {
		find_nmi_api(true);
		tx_arm64_nmi.path = "exported";
		if (nmi_api_complete())
			return 0;
		put_exported_api();
		memset(&tx_arm64_nmi, 0, sizeof(tx_arm64_nmi));
	}
	find_nmi_api(false);
	if (!nmi_api_complete()) {
		pr_err("tactus: the NMI API (request_percpu_nmi ... request_nmi, free_nmi) is neither exported nor found through kallsyms (needs CONFIG_KPROBES and CONFIG_KALLSYMS, or the export patch)\n");
		return -ENOENT;
	}
	tx_arm64_nmi.path = "kallsyms lookup";
	return 0;
}

/* ---- The co-kernel timer ------------------------------------------------ */

enum tx_timer_kind {
	TX_TIMER_PHYS,      /* CNTP_*_EL0, PPI 30: Linux uses the virtual timer (EL1 boot) */
	TX_TIMER_VIRT,      /* CNTV_*_EL0, PPI 27: Linux uses the physical one (nVHE boot) */
	TX_TIMER_PHYS_EL02, /* CNTP_*_EL02, PPI 30: under VHE CNTP_*_EL0 is Linux's CNTHP */
};

static enum tx_timer_kind timer_kind;
static_assert(TX_TIMER_PHYS == 0 && TX_TIMER_VIRT == 1 && TX_TIMER_PHYS_EL02 == 2,
	      "tx_arm64_timer_kind numbers them as port_inline.h does");

/* Read by the fast paths (port_inline.h), in the core's modules too. */
unsigned char tx_arm64_timer_kind; /* enum tx_timer_kind */
unsigned char tx_arm64_counter_virtual;
unsigned char tx_arm64_percpu_el2;
DEFINE_PER_CPU(unsigned int, tx_arm64_cpu_index);
EXPORT_SYMBOL_GPL(tx_arm64_timer_kind);
EXPORT_SYMBOL_GPL(tx_arm64_counter_virtual);
EXPORT_SYMBOL_GPL(tx_arm64_percpu_el2);
EXPORT_PER_CPU_SYMBOL_GPL(tx_arm64_cpu_index);

/* arch/port.h's fast paths, out of line for C callers: the bodies of
 * port_inline.h (which the C++ core inlines), defined here. Also gives this
 * file tx_arm64_write_timer(). */
#define TX_PORT_FAST_PATH
#include "port_inline.h"

static unsigned int timer_irq, ipi_irq;
/* Looked up once: irq_get_irq_data() walks RCU-protected maple trees, which
 * NMI context must not. */
static struct irq_data *ipi_data;
static u64 counter_hz;
static DEFINE_PER_CPU(int, tx_nmi_cookie);
static bool timer_claimed, ipi_claimed;
static char description[256];

/* What redirection saved of the interrupted context, per CPU. */
struct tx_redirect {
	u64 pc, pstate, pmr;
	u64 entry; /* counter at handler entry, for the exit-path statistic */
};
static DEFINE_PER_CPU(struct tx_redirect, tx_redirect_slot);
static DEFINE_PER_CPU(struct tx_hal_stats, tx_stats);

static inline u64 read_cval(void)
{
	switch (timer_kind) {
	case TX_TIMER_VIRT:
		return read_sysreg(cntv_cval_el0);
	case TX_TIMER_PHYS_EL02:
		return read_sysreg_s(SYS_CNTP_CVAL_EL02);
	default:
		return read_sysreg(cntp_cval_el0);
	}
}

/* Make the timer fire again at once: the PPI is level triggered, so after
 * Linux's EOI it is pending again and is taken at the next point where the
 * CPU accepts NMIs - see docs/arm64-port.md, "kick". */
static inline void kick_timer(void)
{
	tx_arm64_write_timer(tx_port_now(), ARCH_TIMER_CTRL_ENABLE);
}

/* Which EL1 timer is free: the one Linux's arch_timer did not request. */
static int pick_timer(void)
{
	struct device_node *np = of_find_compatible_node(NULL, NULL, "arm,armv8-timer");
	unsigned int phys, virt;

	if (!np) {
		pr_err("tactus: no arm,armv8-timer node in the device tree\n");
		return -ENODEV;
	}
	phys = irq_of_parse_and_map(np, 1); /* non-secure EL1 physical timer, PPI 30 */
	virt = irq_of_parse_and_map(np, 2); /* EL1 virtual timer, PPI 27 */
	of_node_put(np);
	if (!strcmp(timer, "phys") || !strcmp(timer, "virt")) {
		/* Forced (tests): the request fails cleanly if Linux owns it. */
		bool want_virt = !strcmp(timer, "virt");

		timer_kind = want_virt ? TX_TIMER_VIRT :
			     is_kernel_in_hyp_mode() ? TX_TIMER_PHYS_EL02 : TX_TIMER_PHYS;
		timer_irq = want_virt ? virt : phys;
	} else if (strcmp(timer, "auto")) {
		pr_err("tactus: timer=%s: use auto, phys or virt\n", timer);
		return -EINVAL;
	} else if (is_kernel_in_hyp_mode()) {
		timer_kind = TX_TIMER_PHYS_EL02;
		timer_irq = phys;
	} else if (virt && irq_has_action(virt) && phys && !irq_has_action(phys)) {
		timer_kind = TX_TIMER_PHYS;
		timer_irq = phys;
	} else if (phys && irq_has_action(phys) && virt && !irq_has_action(virt)) {
		timer_kind = TX_TIMER_VIRT;
		timer_irq = virt;
	} else {
		pr_err("tactus: no free EL1 arch-timer PPI (Linux or KVM uses both the physical and the virtual timer)\n");
		return -EBUSY;
	}
	counter_hz = read_sysreg(cntfrq_el0);
	tx_arm64_counter_virtual = timer_kind == TX_TIMER_VIRT;
	tx_arm64_timer_kind = timer_kind;
	tx_arm64_percpu_el2 = is_kernel_in_hyp_mode();
	return 0;
}

/* ---- NMI handlers and the deferred dispatch ----------------------------- */

extern void tx_arm64_trampoline(void);

/* Per CPU: a kick is in flight (the next timer NMI is our own). */
static DEFINE_PER_CPU(bool, tx_kicked);


/*
 * Where a switch can start. If the NMI interrupted kernel code with Linux
 * interrupts masked (PMR), Linux's NMI exit goes straight back to that
 * code: we can redirect the return into our trampoline, which saves the
 * whole context and dispatches. Anywhere else (user space, or kernel code
 * with interrupts on) Linux's exit path would run arbitrary work first
 * (softirqs, preemption), so we "kick" instead: the timer fires again a few
 * instructions later inside Linux's IRQ entry (__gic_handle_irq_from_irqson
 * re-enables NMIs with PMR masking IRQs), where a redirect is safe.
 */
static inline bool redirectable(struct pt_regs *regs)
{
	return regs && !user_mode(regs) && !interrupts_enabled(regs);
}

/*
 * The IRQ-return switch (docs/arm64-port.md, "Switching"): where an NMI
 * cannot redirect (user space, or kernel code with interrupts on), Linux
 * took it through gic_handle_irq()'s "interrupts on" branch, which after
 * the NMI masks Linux's interrupts with PMR, opens NMIs (DAIF.I and F clear)
 * and returns: a spot where a switch is as safe as at a redirect, the one
 * the kick's second NMI is taken at. Instead of a second NMI, the handler
 * points gic_handle_irq()'s saved return address at tx_arm64_irq_return
 * (switch.S), which dispatches and then returns where gic_handle_irq() would
 * have. gic_handle_irq() is handle_arch_irq, found at load with its size;
 * its frame record is the one after the record whose return address lies
 * in it (the frame-pointer chain of our handler's callers; a call site's
 * hint skips the walk). Refused (a kick instead) where the frame is not
 * found within HANDOFF_MAX_FRAMES records.
 */
#define HANDOFF_MAX_FRAMES 12

static unsigned long irq_entry_start, irq_entry_size; /* 0: kick instead */

struct tx_irq_return {
	unsigned long lr; /* gic_handle_irq()'s return address; 0: none pending */
	u64 entry;        /* counter at handler entry, for the exit-path statistic */
};
static DEFINE_PER_CPU(struct tx_irq_return, tx_irq_return_slot);

extern void tx_arm64_irq_return(void);

/* At load: handle_arch_irq and its extent, by name (the GICv3 driver's
 * gic_handle_irq: the GICv2 driver has a static function of the same
 * name). Nothing found, or another handler: kicks, said once. */
static void find_irq_entry(void)
{
	unsigned long *handler = (unsigned long *)tx_hal_lookup_symbol("handle_arch_irq");
	unsigned long start = handler ? *handler : 0;

	irq_entry_start = irq_entry_size = 0;
	if (!return_switch)
		return;
	if (!start) {
		pr_info("tactus: handle_arch_irq not found: where an NMI cannot redirect, the timer is kicked for a second NMI\n");
		return;
	}
	irq_entry_size = tx_hal_function_size(start, "gic_handle_irq");
	if (!irq_entry_size) {
		pr_info("tactus: Linux's IRQ entry is %pS, not GICv3's gic_handle_irq: where an NMI cannot redirect, the timer is kicked for a second NMI\n",
			(void *)start);
		return;
	}
	irq_entry_start = start;
}

/* Walk the frame-pointer chain up from 'fp' to the record whose return
 * address lies in gic_handle_irq(): that callee's record; NULL if not
 * found. Bound: HANDOFF_MAX_FRAMES records, about 14 instructions each. */
static unsigned long *find_irq_entry_callee(unsigned long fp)
{
	int n;

	for (n = 0; n < HANDOFF_MAX_FRAMES; n++) {
		unsigned long *record = (unsigned long *)fp;
		unsigned long next = record[0];

		if (record[1] - irq_entry_start < irq_entry_size)
			return record;
		/* Callers' records lie above on the same stack, 16-aligned. */
		if (next <= fp || next - fp >= THREAD_SIZE || (next & 15))
			return NULL;
		fp = next;
	}
	return NULL;
}

/* In an NMI handler whose NMI could not redirect; the switch is pending and
 * the core's lock is not kept. 'hint' is the call site's (port_internal.h): where gic_handle_irq()'s callee's record lay last
 * time, relative to this function's own frame, and the return address it
 * held. The chain of Linux callers below gic_handle_irq() is the same at
 * every call of one site (the timer, the IPI, a device line: one NMI flow
 * handler), so the same distance holds and one compare confirms it.
 * Bound: that compare when the hint holds, else the walk above. */
static noinline bool switch_at_irq_return(struct tx_hal_stats *st, u64 entry, struct tx_arm64_irq_return_hint *hint)
{
	struct tx_irq_return *r = this_cpu_ptr(&tx_irq_return_slot);
	unsigned long fp = (unsigned long)__builtin_frame_address(0);
	unsigned long *callee, *entry_record, distance;

	if (!irq_entry_size || r->lr)
		return false;
	distance = READ_ONCE(hint->distance);
	callee = (unsigned long *)(fp + distance);
	if (!distance || callee[1] != READ_ONCE(hint->lr)) {
		callee = find_irq_entry_callee(fp);
		if (!callee)
			return false;
		WRITE_ONCE(hint->lr, callee[1]);
		WRITE_ONCE(hint->distance, (unsigned long)callee - fp);
	}
	entry_record = (unsigned long *)callee[0]; /* gic_handle_irq()'s */
	if ((unsigned long)entry_record <= (unsigned long)callee || ((unsigned long)entry_record & 15))
		return false;
	r->lr = entry_record[1];
	r->entry = entry;
	entry_record[1] = (unsigned long)tx_arm64_irq_return;
	st->return_switches++;
	return true;
}

/* Called by tx_arm64_irq_return, masked, on the stack gic_handle_irq()
 * returned to: dispatch, then give back where it was to return. */
unsigned long tx_arm64_irq_returned(void);
unsigned long tx_arm64_irq_returned(void)
{
	struct tx_irq_return *r = this_cpu_ptr(&tx_irq_return_slot);
	const struct tx_core_ops *core = READ_ONCE(tx_hal_core);
	unsigned long lr = r->lr;

	r->lr = 0;
	if (profile) {
		struct tx_hal_stats *st = this_cpu_ptr(&tx_stats);

		tx_hal_stats_note(tx_port_now() - r->entry, &st->exit_min, &st->exit_max);
	}
	if (core)
		core->dispatch();
	return lr;
}

/* Nothing else in the handler: the kicked NMI does the work, so that the
 * path through two NMI entries pays for the scheduler once. */
static void kick(struct tx_hal_stats *st)
{
	this_cpu_write(tx_kicked, true);
	st->kicks++;
	kick_timer();
}

static __always_inline void redirect(struct pt_regs *regs, struct tx_hal_stats *st, u64 entry)
{
	struct tx_redirect *r = this_cpu_ptr(&tx_redirect_slot);

	r->pc = regs->pc;
	r->pstate = regs->pstate;
	r->pmr = regs->pmr_save;
	r->entry = entry;
	regs->pc = (u64)tx_arm64_trampoline;
	/* The trampoline starts masked; ERET does not check BTI landing pads,
	 * so clearing BTYPE keeps a BTI kernel happy too. */
	regs->pstate = (regs->pstate | PSR_I_BIT | PSR_F_BIT) & ~PSR_BTYPE_MASK;
	st->redirects++;
}

/* A core entry point said this CPU must switch ('entry': the counter at the
 * handler's entry, when profiling). A redirect uses the lock the entry point
 * kept; otherwise it goes back (not across Linux's IRQ exit) and the switch
 * happens at gic_handle_irq()'s return, or after a kick: the kicked timer
 * NMI finds the switch pending. */
static __always_inline void switch_after(bool redirect_here, struct pt_regs *regs, struct tx_hal_stats *st,
					 u64 entry, struct tx_arm64_irq_return_hint *hint)
{
	const struct tx_core_ops *core = READ_ONCE(tx_hal_core);

	if (redirect_here) {
		redirect(regs, st, entry);
		return;
	}
	if (core)
		core->dispatch_later();
	if (!switch_at_irq_return(st, entry, hint))
		kick(st);
}

static irqreturn_t timer_nmi(int irq, void *dev_id)
{
	const struct tx_core_ops *core = READ_ONCE(tx_hal_core);
	struct tx_hal_stats *st = this_cpu_ptr(&tx_stats);
	struct pt_regs *regs = get_irq_regs();
	bool redirect_here = redirectable(regs);
	u64 now = 0;

	st->timer_nmis++;
	if (unlikely(!core)) {
		tx_arm64_write_timer(0, 0); /* nobody to serve: silence it */
		return IRQ_HANDLED;
	}
	if (!redirect_here && !irq_entry_size) {
		/* Linux was running (tasks always run with PMR masking), so the
		 * event almost surely needs a switch: defer all of it. */
		kick(st);
		return IRQ_HANDLED;
	}
	if (unlikely(profile)) {
		u64 deadline = read_cval();

		now = tx_port_now();
		if (!this_cpu_read(tx_kicked) && now >= deadline)
			tx_hal_stats_note(now - deadline, &st->entry_min, &st->entry_max);
	}
	this_cpu_write(tx_kicked, false); /* timer_irq() reprograms the core's deadline */
	if (core->timer_irq()) {
		static struct tx_arm64_irq_return_hint hint;

		switch_after(redirect_here, regs, st, now, &hint);
	}
	return IRQ_HANDLED;
}

/* Per CPU: why our SGI was sent (set before sending, taken by the handler). */
static DEFINE_PER_CPU(unsigned long, tx_sgi_core);
static DEFINE_PER_CPU(unsigned long, tx_sgi_linux_work);

static irqreturn_t ipi_nmi(int irq, void *dev_id)
{
	const struct tx_core_ops *core = READ_ONCE(tx_hal_core);
	struct tx_hal_stats *st = this_cpu_ptr(&tx_stats);
	u64 now = profile ? tx_port_now() : 0;

	if (this_cpu_xchg(tx_sgi_linux_work, 0))
		tx_hal_raise_linux_work();
	if (!this_cpu_xchg(tx_sgi_core, 0))
		return IRQ_HANDLED;
	st->ipi_nmis++;
	if (core && core->ipi_irq()) {
		static struct tx_arm64_irq_return_hint hint;
		struct pt_regs *regs = get_irq_regs();

		switch_after(redirectable(regs), regs, st, now, &hint);
	}
	return IRQ_HANDLED;
}

/* A device line's handler ran (irq.c) and 'need' says whether this CPU must
 * switch: as after the timer, with the line's hint. */
void tx_arm64_switch_after_nmi(int need, struct tx_arm64_irq_return_hint *hint)
{
	struct tx_hal_stats *st;
	struct pt_regs *regs;

	if (!need)
		return;
	st = this_cpu_ptr(&tx_stats);
	regs = get_irq_regs();
	switch_after(redirectable(regs), regs, st, profile ? tx_port_now() : 0, hint);
}

/* Called by the trampoline on the interrupted stack, masked, with the
 * frame it saved: give the frame the interrupted pc/pstate/pmr and run the
 * scheduler. Returns when this context is chosen again. */
struct tx_arm64_frame {
	u64 regs[31];
	u64 pc, pstate, pmr;
};

void tx_arm64_redirected(struct tx_arm64_frame *frame);
void tx_arm64_redirected(struct tx_arm64_frame *frame)
{
	struct tx_redirect *r = this_cpu_ptr(&tx_redirect_slot);
	struct tx_hal_stats *st = this_cpu_ptr(&tx_stats);
	const struct tx_core_ops *core = READ_ONCE(tx_hal_core);

	if (profile)
		tx_hal_stats_note(tx_port_now() - r->entry, &st->exit_min, &st->exit_max);
	frame->pc = r->pc;
	frame->pstate = r->pstate;
	frame->pmr = r->pmr;
	if (core)
		core->dispatch();
}

/* ---- Claiming and releasing the interrupts ------------------------------ */

static struct fwnode_handle *gic_fwnode(void)
{
	struct irq_data *d = irq_get_irq_data(timer_irq);

	return d && d->domain ? d->domain->fwnode : NULL;
}

static int map_ipi(void)
{
	struct irq_fwspec spec = { .fwnode = gic_fwnode(), .param_count = 1, .param = { ipi_sgi } };

	if (ipi_sgi < 8 || ipi_sgi > 15) {
		pr_err("tactus: ipi_sgi=%u: SGIs 0-7 belong to Linux, 8-15 are free\n", ipi_sgi);
		return -EINVAL;
	}
	if (!spec.fwnode) {
		pr_err("tactus: cannot find the GIC's irq domain\n");
		return -ENODEV;
	}
	ipi_irq = irq_create_fwspec_mapping(&spec);
	if (!ipi_irq) {
		pr_err("tactus: cannot map SGI %u\n", ipi_sgi);
		return -ENODEV;
	}
	ipi_data = irq_get_irq_data(ipi_irq);
	return 0;
}

int tx_arch_cpu_online(unsigned int cpu)
{
	unsigned long flags;
	int err;

	local_irq_save(flags);
	raw_cpu_write(tx_arm64_cpu_index, cpu);
	tx_arch_stop_timer_here();
	err = tx_arm64_nmi.prepare(timer_irq);
	if (!err) {
		enable_percpu_irq(timer_irq, IRQ_TYPE_NONE); /* = enable_percpu_nmi, which is not exported */
		err = tx_arm64_nmi.prepare(ipi_irq);
		if (!err)
			enable_percpu_irq(ipi_irq, IRQ_TYPE_NONE);
	}
	local_irq_restore(flags);
	if (err)
		pr_err("tactus: CPU%u: cannot make the timer/IPI NMIs: %d\n", cpu, err);
	return err;
}

void tx_arch_cpu_offline(unsigned int cpu)
{
	unsigned long flags;

	local_irq_save(flags);
	tx_arch_stop_timer_here();
	disable_percpu_irq(timer_irq);
	tx_arm64_nmi.teardown(timer_irq);
	disable_percpu_irq(ipi_irq);
	tx_arm64_nmi.teardown(ipi_irq);
	local_irq_restore(flags);
}

void tx_arch_stop_timer_here(void)
{
	this_cpu_write(tx_kicked, false);
	tx_arm64_write_timer(0, 0);
}

static void release_irqs(void)
{
	if (ipi_claimed)
		tx_arm64_nmi.free(ipi_irq, &tx_nmi_cookie);
	if (timer_claimed)
		tx_arm64_nmi.free(timer_irq, &tx_nmi_cookie);
	if (ipi_irq)
		irq_dispose_mapping(ipi_irq);
	ipi_claimed = timer_claimed = false;
	ipi_irq = 0;
	ipi_data = NULL;
}

static int check_kernel(void)
{
	if (!system_uses_irq_prio_masking()) {
		pr_err("tactus: pseudo-NMIs are off: needs CONFIG_ARM64_PSEUDO_NMI=y and the boot argument irqchip.gicv3_pseudo_nmi=1 on a GICv3\n");
		return -ENODEV;
	}
	if (IS_ENABLED(CONFIG_ARM64_PTR_AUTH_KERNEL) && system_supports_address_auth()) {
		pr_err("tactus: kernel pointer authentication is on (CONFIG_ARM64_PTR_AUTH_KERNEL): real-time stacks cannot be resumed under another task's key\n");
		return -EOPNOTSUPP;
	}
	if (IS_ENABLED(CONFIG_SHADOW_CALL_STACK)) {
		pr_err("tactus: CONFIG_SHADOW_CALL_STACK is on: real-time tasks have no shadow stacks\n");
		return -EOPNOTSUPP;
	}
	if (IS_ENABLED(CONFIG_VMAP_STACK)) {
		pr_err("tactus: CONFIG_VMAP_STACK is on: its entry-code overflow check rejects real-time stacks\n");
		return -EOPNOTSUPP;
	}
	return 0;
}

int tx_arch_init(void)
{
	int err = check_kernel();

	if (err)
		return err;
	err = resolve_nmi_api();
	if (err)
		return err;
	err = pick_timer();
	if (err)
		goto fail;
	find_irq_entry(); /* before any NMI of ours can need it */
	err = tx_arm64_nmi.request(timer_irq, timer_nmi, "tactus-timer", &tx_nmi_cookie);
	if (err) {
		pr_err("tactus: cannot take the %s timer as an NMI (irq %u): %d%s\n",
		       timer_kind == TX_TIMER_VIRT ? "virtual" : "physical", timer_irq, err,
		       err == -EBUSY ? " (Linux uses it)" : "");
		goto fail;
	}
	timer_claimed = true;
	err = map_ipi();
	if (err)
		goto fail;
	err = tx_arm64_nmi.request(ipi_irq, ipi_nmi, "tactus-ipi", &tx_nmi_cookie);
	if (err) {
		pr_err("tactus: request_percpu_nmi(SGI %u) failed: %d\n", ipi_sgi, err);
		goto fail;
	}
	ipi_claimed = true;
	snprintf(description, sizeof(description),
		 "arm64: timer %s (irq %u), IPI SGI %u (irq %u), counter %llu Hz, NMI API %s, no redirect: %s",
		 timer_kind == TX_TIMER_PHYS ? "CNTP (PPI 30)" :
		 timer_kind == TX_TIMER_VIRT ? "CNTV (PPI 27)" : "CNTP_EL02 (PPI 30, VHE)",
		 timer_irq, ipi_sgi, ipi_irq, counter_hz, tx_arm64_nmi.path,
		 irq_entry_size ? "switch at gic_handle_irq's return" : "kick");
	pr_info("tactus: %s\n", description);
	return 0;
fail:
	release_irqs();
	put_exported_api();
	return err;
}

void tx_arch_exit(void)
{
	release_irqs();
	put_exported_api();
}

const char *tx_arch_describe(void)
{
	return description;
}

void tx_arch_stats(unsigned int cpu, struct tx_hal_stats *out)
{
	*out = *per_cpu_ptr(&tx_stats, cpu);
}

/* ---- arch/port.h (the fast paths are port_inline.h's, included above) ---- */

uint64_t tx_port_counter_hz(void)
{
	return counter_hz;
}

/* The GIC driver orders the flag store before the SGI (dsb ishst). */
void tx_port_send_ipi(unsigned int cpu)
{
	WRITE_ONCE(*per_cpu_ptr(&tx_sgi_core, cpu), 1);
	ipi_data->chip->ipi_send_mask(ipi_data, cpumask_of(cpu));
}

void tx_arch_linux_kick(void)
{
	if (this_cpu_xchg(tx_sgi_linux_work, 1))
		return; /* one on its way */
	ipi_data->chip->ipi_send_mask(ipi_data, cpumask_of(tx_port_cpu()));
}

/* Context layout (words): x19..x28, x29 (fp), x30 (lr), sp, PMR. */
enum { CTX_X19 = 0, CTX_FP = 10, CTX_LR = 11, CTX_SP = 12, CTX_PMR = 13 };
static_assert(CTX_PMR < TX_PORT_CONTEXT_WORDS);

extern void tx_arm64_task_start(void);

void tx_port_context_init(struct tx_port_context *ctx, void *stack, size_t size, void (*entry)(void *),
			  void *arg)
{
	memset(ctx, 0, sizeof(*ctx));
	ctx->words[CTX_X19] = (u64)entry;
	ctx->words[CTX_X19 + 1] = (u64)arg;
	ctx->words[CTX_FP] = 0; /* ends backtraces */
	ctx->words[CTX_LR] = (u64)tx_arm64_task_start;
	ctx->words[CTX_SP] = ((u64)stack + size) & ~15ull;
	ctx->words[CTX_PMR] = GIC_PRIO_IRQOFF; /* tasks run with Linux's interrupts masked */
}

void tx_port_context_take_caller_state(struct tx_port_context *ctx)
{
	ctx->words[CTX_PMR] = read_sysreg_s(SYS_ICC_PMR_EL1);
}

/* No per-thread state in an arm64 context: the stack protector is off in
 * the kernels the port supports (docs/security.md). */
void tx_port_context_take_thread_state(struct tx_port_context *ctx) { }

/* The save area holds V0-V31: writing a V register zeroes the rest of its
 * SVE Z register, and SVE predicates and SME state are not saved at all, so
 * on such CPUs an FPU task would corrupt the SVE state of the Linux task it
 * preempts. Refused until the port saves the full vector state. */
int tx_port_fpu_init(void *area)
{
	if (system_supports_sve() || system_supports_sme()) {
		pr_warn_once("tactus: real-time tasks that use the FPU are refused: this CPU has SVE/SME state the port does not save\n");
		return -EOPNOTSUPP;
	}
	memset(area, 0, TX_PORT_FPU_BYTES); /* FPCR 0: round to nearest, no traps */
	return 0;
}
