// SPDX-License-Identifier: GPL-2.0
/*
 * arch/x86/nmi.c - the NMI handler of the x86_64 port: what an NMI brings
 * (IPI reasons, due deadlines, device lines), soft masking (x86 cannot mask
 * NMIs: an NMI that finds the co-kernel masked records why it came in
 * tx_x86_pending, and whoever unmasks runs it), and preemption by
 * redirecting the NMI's return into the trampoline of switch.S, or else by
 * the irq_work kick and the retry NMI. Design: docs/x86_64-port.md.
 */
#include <linux/irq_work.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/sched/task_stack.h>
#include <linux/version.h>
#include <asm/cpu_entry_area.h>
#include <asm/mach_traps.h>
#include <asm/nmi.h>
#include <asm/pgtable_areas.h>
#include <asm/processor.h>
#include <asm/sync_core.h>
#include <asm/x86_init.h>

#include "../../arch/port.h"
#include "../../hal/linux/port_services.h"
#include "lines_nmi.h" /* tx_x86_lines_serve */
#include "port_internal.h"
#include "timer_mux.h"

unsigned int tx_x86_retry_us = 30;
module_param_named(retry_us, tx_x86_retry_us, uint, 0444);
MODULE_PARM_DESC(retry_us, "longest delay of a retry NMI after a release found Linux in a spot it cannot preempt (entry code with interrupts off); must exceed the NMI path");

unsigned int tx_x86_retry_window_pct = 33;
module_param_named(retry_window_pct, tx_x86_retry_window_pct, uint, 0444);
MODULE_PARM_DESC(retry_window_pct, "what the first retry NMI leaves the interrupted code to get out of IF-off entry text, in percent of the NMI exit measured at load, on top of it");

u64 tx_x86_retry_first_tsc, tx_x86_retry_longest_tsc;

static unsigned int retry_cap = 64;
module_param(retry_cap, uint, 0444);
MODULE_PARM_DESC(retry_cap, "most retry NMIs in a row before waiting for Linux to enable interrupts");

size_t tx_rt_log_v(int level, const char *fmt, va_list ap);
static __printf(2, 3) void rt_log_line(int level, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	tx_rt_log_v(level, fmt, ap);
	va_end(ap);
}

/* ---- Redirection ------------------------------------------------------------ */

extern void tx_x86_trampoline(void);
extern const char tx_x86_trampoline_dispatch[], tx_x86_trampoline_tail[], tx_x86_trampoline_iret[];
unsigned long tx_x86_entry_text_start, tx_x86_entry_text_end;

/* An NMI in the entry text that found IF off (an interrupt's or an
 * exception's entry stub, a system call's entry before it enables IRQs) is
 * redirected only from code that runs on the task stack with the kernel's GS
 * and CR3 (a retry NMI waited for the code to leave the entry text before,
 * and that retry set the x86 worst case: docs/x86_64-port.md). On the way
 * in, every window with the user's CR3 or GS lies on another stack (the
 * entry stack of cpu_entry_area, an IST stack, the user's RSP before
 * SYSCALL's stack switch); the code that has the user's GS on the task
 * stack is excluded by address: the return to user mode of interrupts and
 * exceptions (common_interrupt_return: without PTI its SWAPGS and IRETQ run
 * on the task stack; the first version missed that and oopsed; an exit is
 * followed by user mode or the interrupted kernel code, where the kick or
 * a retry finds it), error_entry (after a faulting GS load or IRETQ, until
 * its SWAPGS) and asm_load_gs_index (between its two SWAPGS), except the
 * parts of them that have the kernel's GS all the same: the return to
 * kernel mode (restore_regs_and_return_to_kernel up to the IRETQ code it
 * shares with the user return) and asm_load_gs_index's first instruction
 * (not run yet). Measured at -icount, the same build with entry_redirect
 * 0 and 1: retries 198 -> 82 under a system-call load (x86-entry-redirect,
 * about 600 entry redirects in 3 s), 86 -> 75 in sched-irqoff. What is
 * left: NMIs on the entry stack (an interrupt from user mode before
 * sync_regs) and in the exits. Off when the
 * CPU's entry mitigations must run before any kernel RET (IBRS on entry,
 * return untraining, call depth tracking, the BHB clearing loop:
 * tx_x86_check_kernel), since the tasks would run ahead of them; and with
 * entry_redirect=0. O(1): a few compares. */
struct tx_x86_text_range tx_x86_user_gs_code[TX_X86_USER_GS_CODE];
struct tx_x86_text_range tx_x86_kernel_gs_code[TX_X86_KERNEL_GS_CODE];
bool tx_x86_entry_redirect;

static bool in_text_range(unsigned long ip, const struct tx_x86_text_range *r)
{
	return ip - r->start < r->end - r->start;
}

static bool entry_redirectable(const struct pt_regs *regs)
{
	unsigned long base = (unsigned long)task_stack_page(current);
	unsigned int i;

	if (!tx_x86_entry_redirect || regs->sp - base - 1 >= THREAD_SIZE) /* base < sp <= top */
		return false;
	for (i = 0; i < TX_X86_KERNEL_GS_CODE; i++)
		if (in_text_range(regs->ip, &tx_x86_kernel_gs_code[i]))
			return true;
	for (i = 0; i < TX_X86_USER_GS_CODE; i++)
		if (in_text_range(regs->ip, &tx_x86_user_gs_code[i]))
			return false;
	return true;
}

/*
 * Whether the NMI's return may be redirected into the trampoline:
 *  - kernel code outside the entry text: there CR3 and GS are the kernel's
 *    (every user-CR3 and user-GS window of PTI, swapgs and SYSCALL is in
 *    the entry text), or entry code where entry_redirectable() says so;
 *  - on a stack that stays put while the tasks run: anything but the
 *    cpu_entry_area, which holds the IST stacks (#DB, #MC, NMI, #DF) that
 *    the next exception of the kind would reuse, and the entry stack.
 *    Task stacks (also in the middle of a context switch), the IRQ stack
 *    and real-time stacks qualify;
 *  - with the NMI stack layout of Linux 6.12: pt_regs is the "outermost"
 *    frame and the IRETQ frame that really returns sits right above it
 *    (regs + 1), 96 bytes below the top of the NMI IST stack.
 */
static bool redirectable(struct pt_regs *regs, struct tx_x86_cpu *c)
{
	if (user_mode(regs))
		return false;
	if ((unsigned long)(regs + 1) != this_cpu_read(cpu_tss_rw.x86_tss.ist[IST_INDEX_NMI]) - 96)
		return false;
	if (regs->ip >= tx_x86_entry_text_start && regs->ip < tx_x86_entry_text_end) {
		if (!entry_redirectable(regs))
			return false;
		c->stats.entry_redirects++;
		return true;
	}
	return regs->sp - CPU_ENTRY_AREA_BASE >= CPU_ENTRY_AREA_MAP_SIZE;
}

/* Make the NMI return to ip with sp and flags: both copies of its return
 * frame. The "iret" copy is patched with compare-and-exchange, sp first: a
 * nested NMI that rewrote it (repeat_nmi) makes us leave it alone, and
 * repeat_nmi then copies our patched outermost frame over it. */
static void set_return(struct pt_regs *regs, unsigned long ip, unsigned long sp, unsigned long flags)
{
	unsigned long *iret = (unsigned long *)(regs + 1);
	unsigned long old_sp = regs->sp, old_flags = regs->flags, old_ip = regs->ip;

	regs->ip = ip;
	regs->sp = sp;
	regs->flags = flags;
	if (cmpxchg_local(&iret[3], old_sp, sp) == old_sp && cmpxchg_local(&iret[2], old_flags, flags) == old_flags)
		cmpxchg_local(&iret[0], old_ip, ip);
}

/* An NMI in the trampoline's tail (after its dispatch, up to its IRETQ;
 * switch.S): the registers it saved are still at the tail's RSP (or 16
 * words below it at the IRETQ), and so is the frame it returns with. A new
 * frame there would nest a trampoline in the one about to end, and an NMI
 * that meets each tail (a release phase-locked to it) nests them without
 * end (a stack guard page hit in irq-edu at -icount). Instead the tail
 * starts over at the dispatch with the same saved registers: IF is off
 * there already, and the loads that follow read them again. */
static bool rewind(struct pt_regs *regs, struct tx_x86_cpu *c)
{
	unsigned long ip = regs->ip, base = regs->sp;

	if (ip < (unsigned long)tx_x86_trampoline_tail || ip > (unsigned long)tx_x86_trampoline_iret)
		return false;
	if (ip == (unsigned long)tx_x86_trampoline_iret)
		base -= 16 * sizeof(long);
	set_return(regs, (unsigned long)tx_x86_trampoline_dispatch, base, regs->flags);
	c->stats.redirects++; /* a redirect that reuses the frame it found */
	c->rewinds++;
	c->redirect_tsc = rdtsc();
	return true;
}

/* Build an IRETQ frame of the interrupted context on its own stack and
 * make the NMI return into the trampoline with that stack. */
static void redirect(struct pt_regs *regs, struct tx_x86_cpu *c)
{
	/* 16-byte aligned, so that the trampoline calls C aligned. */
	unsigned long nsp = (regs->sp & ~15ul) - 6 * sizeof(long);
	unsigned long *frame = (unsigned long *)nsp;
	unsigned long flags = regs->flags & ~(X86_EFLAGS_IF | X86_EFLAGS_TF | X86_EFLAGS_AC | X86_EFLAGS_DF);

	if (rewind(regs, c))
		return;
	/* An NMI in the STI shadow of the idle loop's "sti; hlt" saw IP at the
	 * HLT: returning there after the tasks ran would sleep with Linux work
	 * pending (their wakeups); step over it, the idle loop re-checks. */
	frame[0] = regs->ip + (*(const u8 *)regs->ip == 0xf4);
	frame[1] = regs->cs;
	frame[2] = regs->flags;
	frame[3] = regs->sp;
	frame[4] = regs->ss;
	set_return(regs, (unsigned long)tx_x86_trampoline, nsp, flags);
	c->stats.redirects++;
	c->redirect_tsc = rdtsc();
}

/* ---- The return switch --------------------------------------------------------- */

/*
 * An NMI from user mode cannot be redirected (docs/x86_64-port.md), but
 * Linux runs its handler on the thread stack: asm_exc_nmi moves there,
 * pushes pt_regs and calls exc_nmi() with RSP at them, so exc_nmi()'s
 * return address lies right below pt_regs, and asm_exc_nmi's next
 * instruction jumps to the exit that pops them: nothing but RSP is live
 * there. The NMI points that return address at tx_x86_nmi_return
 * (switch.S), which ends the NMI's hardware blocking (an IRETQ to itself),
 * runs tx_x86_nmi_returned() and IRETQs to where exc_nmi() was to return,
 * IF still off: the kick's dispatch without the irq_work interrupt's entry
 * and exit. Checked: user mode, pt_regs at the top of the thread stack, the
 * return address inside asm_exc_nmi (kallsyms, at load), none pending on
 * this CPU. O(1).
 */
struct tx_x86_text_range tx_x86_nmi_entry;
extern void tx_x86_nmi_return(void);
static void dispatch_deferred(void);
static_assert(sizeof(struct pt_regs) % 16 == 8, "tx_x86_nmi_return aligns its call by one word");

static bool switch_at_nmi_return(struct pt_regs *regs, struct tx_x86_cpu *c)
{
	unsigned long *ret = (unsigned long *)regs - 1;

	if (!tx_x86_nmi_entry.end || !user_mode(regs) || c->nmi_return || regs != task_pt_regs(current) ||
	    !in_text_range(*ret, &tx_x86_nmi_entry))
		return false;
	c->nmi_return = *ret;
	*ret = (unsigned long)tx_x86_nmi_return;
	c->stats.return_switches++;
	c->redirect_tsc = rdtsc();
	return true;
}

/* Called by tx_x86_nmi_return on the thread stack, IF off, NMIs still
 * blocked: unblock them (the tasks need the next one), dispatch as the
 * kick does, unmask; returns where exc_nmi() was to return. */
unsigned long tx_x86_nmi_returned(void);
unsigned long tx_x86_nmi_returned(void)
{
	struct tx_x86_cpu *c = this_cpu_ptr(&tx_cpu);
	unsigned long ret = c->nmi_return;

	c->nmi_return = 0;
	__this_cpu_write(tx_x86_masked, 1);
	iret_to_self();
	tx_hal_stats_note(rdtsc() - c->redirect_tsc, &c->stats.exit_min, &c->stats.exit_max);
	dispatch_deferred();
	return ret;
}

/* ---- Running what the NMIs asked for ------------------------------------------ */

/* Masked. Run the core for 'why'; nonzero: a switch is needed. Device
 * handlers run with no scheduler attached too (they may wake nothing). */
static int run_core(unsigned long why)
{
	const struct tx_core_ops *core = READ_ONCE(tx_hal_core);
	unsigned long selftest = __this_cpu_read(tx_cpu.selftest);
	int need = 0;

	if (unlikely(selftest)) /* the load-time self-test asks for round trips */
		return why & (selftest == SELFTEST_EXIT ? WHY_IPI | WHY_TIMER : WHY_IPI);
	if (why & WHY_DEVICE)
		need |= tx_x86_lines_run();
	if (!core)
		return 0;
	if (why & WHY_TIMER)
		need |= core->timer_irq();
	if (why & WHY_IPI)
		need |= core->ipi_irq();
	if ((why & WHY_RETRY) && !need)
		need = core->resched_pending();
	return need;
}

/* Masked: run what NMIs left pending (tx_x86_pending), as hardware would
 * deliver it at unmask, dispatching where the core asks. Stays masked.
 * Called by the trampoline's tail too (switch.S). */
void tx_x86_drain_masked(void);
void tx_x86_drain_masked(void)
{
	const struct tx_core_ops *core = READ_ONCE(tx_hal_core);
	unsigned long why = this_cpu_xchg(tx_x86_pending, 0);

	if (run_core(why) && core)
		core->dispatch(); /* may return on another CPU */
}

/* Masked: unmask, first running what NMIs left pending. The loop ends
 * when no NMI came during the last round. */
static void unmask_draining(void)
{
	for (;;) {
		__this_cpu_write(tx_x86_masked, 0);
		barrier();
		if (!__this_cpu_read(tx_x86_pending))
			return;
		__this_cpu_write(tx_x86_masked, 1);
		tx_x86_drain_masked();
	}
}

/* The inline version's slow path (port_inline.h): NMIs came while masked. */
void tx_x86_unmask_slow(unsigned long state)
{
	unmask_draining();
	if (state & 2)
		native_irq_enable();
}
EXPORT_SYMBOL_GPL(tx_x86_unmask_slow);

/* Called by the trampoline on the interrupted stack, masked; returns
 * masked: the trampoline's tail unmasks (switch.S says why). */
void tx_x86_redirected(struct pt_regs *regs);
void tx_x86_redirected(struct pt_regs *regs)
{
	const struct tx_core_ops *core = READ_ONCE(tx_hal_core);
	struct tx_x86_cpu *c = this_cpu_ptr(&tx_cpu);

	tx_hal_stats_note(rdtsc() - c->redirect_tsc, &c->stats.exit_min, &c->stats.exit_max);
	if (unlikely(c->selftest)) {
		tx_x86_selftest_trip(c, regs);
		return;
	}
	if (core)
		core->dispatch();
}

/* The kick: irq_work's self-IPI, taken as soon as Linux has interrupts on
 * again (at once from user mode). The callback runs in hardirq context with
 * IF off and dispatches right there: Linux is then simply "inside the
 * irq_work interrupt" until it is chosen again. */
void tx_x86_kicked(struct irq_work *work)
{
	__this_cpu_write(tx_x86_masked, 1);
	dispatch_deferred();
}

/* Masked, IF off, where the kick or the return switch dispatches: a retry
 * chain ends here (Linux got this far), then the switch (none pending if a
 * retry or another NMI came first: returns at once), then the unmask. */
static void dispatch_deferred(void)
{
	const struct tx_core_ops *core = READ_ONCE(tx_hal_core);

	__this_cpu_write(tx_cpu.retries, 0);
	if (core)
		core->dispatch();
	unmask_draining();
}

/*
 * The retry NMI: for kernel code with IF off in the entry text, irq_work
 * would wait for Linux's sti (up to the end of an irq-off section). A
 * second NMI lands past the window instead (the entry text has no loops
 * that keep IF off for long). It is aimed at the window's end: the first
 * retry of a chain after this NMI's own exit (from the arming to the
 * interrupted code's next instruction, measured at load by the self-test)
 * and a third as long again for the rest of the entry code (retry_window_pct:
 * both are instruction paths, so the share holds at any CPU speed; measured
 * under -icount shift=5: an exit of 14.2 us, and sched-irqoff's retries
 * found the code still in the entry text 3 us later, never 4); a retry that finds
 * the CPU in IF-off entry text again waits half as long again as the last
 * one, up to retry_us. A retry aimed inside the NMI's exit would land at
 * the same instruction and make no progress; the growth ends that too.
 * Bound: a chain is at most retry_cap retries of at most retry_us plus
 * one NMI path each; after that the irq_work is left to do it. Armed last
 * in the NMI, so that the measured exit is all that follows it.
 */
static void retry_later(struct tx_x86_cpu *c, const struct pt_regs *regs)
{
	u64 delay;

	if (c->retries >= retry_cap)
		return;
	delay = c->retries ? c->retry_delay + c->retry_delay / 2 : tx_x86_retry_first_tsc;
	c->retry_delay = min(delay, tx_x86_retry_longest_tsc);
	c->retries++;
	c->stats.retries++;
	c->retry_ip = regs->ip;
	timer_lock_take(c);
	c->retry_armed_tsc = rdtsc();
	c->retry_at = c->retry_armed_tsc + c->retry_delay;
	set_wake(c, raw_smp_processor_id());
	tx_x86_source->aim();
	timer_lock_drop(c);
	c->aim_due = false;
}

/* ---- The NMI handler ---------------------------------------------------------- */

/* What this NMI brings: IPI reasons, and whether this CPU's deadline or
 * retry is due. Claims the source's NMI. */
static unsigned long collect(struct tx_x86_cpu *c, u64 now, bool *ours)
{
	unsigned int cpu = raw_smp_processor_id();
	unsigned long why = 0;

	if (READ_ONCE(c->nmi_sent)) {
		*ours |= xchg(&c->nmi_sent, 0);
		why = xchg(&c->reasons, 0);
		/* A wake expired by the source: whatever wake is left needs
		 * the comparator (WHY_TIMER re-programs anyway, WHY_RETRY not). */
		if (why & (WHY_TIMER | WHY_RETRY))
			c->aim_due = true;
	}
	timer_lock_take(c);
	if (tx_x86_source->nmi_is_mine(now)) {
		*ours = true;
		c->aim_due = true;
	}
	if (c->deadline <= now + tx_x86_slack_tsc) {
		tx_hal_stats_note(now > c->deadline ? now - c->deadline : 0, &c->stats.entry_min,
			     &c->stats.entry_max);
		c->deadline = U64_MAX;
		why |= WHY_TIMER;
		c->aim_due = true;
	}
	if (c->retry_at <= now + tx_x86_slack_tsc) {
		c->retry_at = U64_MAX;
		why |= WHY_RETRY;
		c->aim_due = true;
	}
	set_wake(c, cpu);
	timer_lock_drop(c);
	return why;
}

/* A deadline can be served by an NMI other than the comparator's own (an
 * IPI or a retry arriving within tx_x86_slack_tsc of it) while the
 * comparator still matches and sends its MSI, and an IPI's reasons can be
 * taken by an NMI that came first; x86 latches the second NMI behind the
 * running one, and
 * when it is taken there is nothing in it. For LATE_MSI_US after each of our
 * NMI events on this CPU, up to LATE_NMI_CREDIT empty NMIs are claimed as
 * such late ones rather than left to Linux as "unknown reason", and counted
 * (/proc/tactus/hal, empty-nmis). The price: as many genuine unknown NMIs in
 * that window go unreported but counted; chipset errors (SERR, IOCHK in the
 * NMI status port) are always left to Linux. The window opens after
 * collect(), so a handler stalled in the timer lock by a descheduled
 * virtual CPU does not eat it. */
static bool chipset_error_nmi(void)
{
	return x86_platform.get_nmi_reason() & NMI_REASON_MASK;
}

/*
 * RFLAGS bits that are reserved (3, 5, 15 and 22-63 read as 0; 1 reads as
 * 1): a CPU never pushes a frame with one of them set. Soaks under QEMU TCG
 * met frames that had (docs/x86_64-port.md, "Open defects": the emulator's
 * flags took a pointer's bits, DF and NT among them, and the kernel then
 * ran string instructions backwards or faulted at an IRETQ). Counted, and
 * reported once per CPU with where it was seen, so a soak says when the
 * flags went bad instead of oopsing somewhere later. Bits no frame of a
 * 64-bit kernel has legitimately are cleared, so that the IRETQ does not
 * fault (NT makes it #GP): the reserved ones and NT in every frame, IOPL in
 * a kernel frame (a user process may have IOPL 3 by iopl()). DF is left
 * alone (a backwards memmove has it). O(1): one test on the common path.
 */
#define TX_X86_FLAGS_VALID 0x3f7fd7ul
static void check_flags(struct pt_regs *regs, struct tx_x86_cpu *c)
{
	unsigned long bad = regs->flags & ~TX_X86_FLAGS_VALID;

	if (likely(!bad && (regs->flags & X86_EFLAGS_FIXED)))
		return;
	if (!c->stats.bad_flags++)
		c->stats.bad_flags_ip = regs->ip;
	/* Not while the co-kernel is masked here: the interrupted code may
	 * hold the log ring's lock. A later frame is reported instead. */
	if (!c->bad_flags_reported && !__this_cpu_read(tx_x86_masked)) {
		c->bad_flags_reported = true;
		rt_log_line(1, "WARNING: tactus: x86: an NMI frame has reserved RFLAGS bits set: "
			    "flags %lx at ip %lx (cs %lx, sp %lx): the CPU (or emulator) state is corrupt",
			    regs->flags, regs->ip, (unsigned long)regs->cs, regs->sp);
	}
	{
		unsigned long *iret = (unsigned long *)(regs + 1);
		unsigned long old = regs->flags;
		unsigned long drop = X86_EFLAGS_NT | (user_mode(regs) ? 0 : X86_EFLAGS_IOPL);
		unsigned long clean = (old & TX_X86_FLAGS_VALID & ~drop) | X86_EFLAGS_FIXED;

		regs->flags = clean;
		if ((unsigned long)(regs + 1) == this_cpu_read(cpu_tss_rw.x86_tss.ist[IST_INDEX_NMI]) - 96)
			cmpxchg_local(&iret[2], old, clean);
	}
}

int tx_nmi(unsigned int type, struct pt_regs *regs)
{
	struct tx_x86_cpu *c = this_cpu_ptr(&tx_cpu);
	bool ours, devices_ran;
	unsigned int lines;
	int need;
	u64 now;
	unsigned long why;

	check_flags(regs, c);
	if (unlikely(READ_ONCE(c->in_timer_lock))) {
		WRITE_ONCE(c->nmi_deferred, 1); /* sent again by timer_lock_drop() */
		return chipset_error_nmi() ? NMI_DONE : NMI_HANDLED;
	}
	/* Device lines first: their handlers are what a real-time driver
	 * waits for, and the timer's bookkeeping below need not delay them
	 * (measured: 14.4 instead of 20.9 us from the raise to the handler).
	 * Masked, they wait for whoever unmasks (tx_x86_pending). */
	lines = tx_x86_lines_serve();
	ours = lines & TX_LINES_OURS;
	devices_ran = lines & TX_LINES_RAN; /* and the co-kernel is masked */
	need = lines & TX_LINES_SWITCH;
	if (lines & TX_LINES_DEFERRED) {
		__this_cpu_or(tx_x86_pending, WHY_DEVICE);
		c->stats.lines_deferred++;
	}
	now = rdtsc();
	why = collect(c, now, &ours);
	if (ours || (why & WHY_TIMER))
		expect_late_nmis(c);
	else if (!why && now < READ_ONCE(c->late_msi_until) && READ_ONCE(c->late_credit) &&
		 !chipset_error_nmi()) {
		WRITE_ONCE(c->late_credit, c->late_credit - 1);
		c->stats.empty_nmis++;
		/* Re-aim: if this was a match nobody recognised, the comparator
		 * now lies in the past and would stay silent. */
		aim_locked_out(c);
		return NMI_HANDLED;
	}

	if (why & WHY_LINUX_WORK) {
		tx_hal_raise_linux_work(); /* here RCU watches */
		why &= ~WHY_LINUX_WORK;
	}
	if (why & WHY_TIMER)
		c->stats.timer_nmis++;
	if (why & WHY_IPI)
		c->stats.ipi_nmis++;
	if (!why && !devices_ran)
		goto out;
	if (!devices_ran && __this_cpu_read(tx_x86_masked)) {
		__this_cpu_or(tx_x86_pending, why); /* run by whoever unmasks */
		goto out;
	}
	__this_cpu_write(tx_x86_masked, 1);
	if (why)
		need |= run_core(why); /* the core's timer_irq re-aims the source */
	if (!need) {
		__this_cpu_write(tx_x86_masked, 0);
		goto out;
	}
	if (likely(c->selftest != SELFTEST_RETRY) && redirectable(regs, c)) {
		c->retries = 0;
		redirect(regs, c); /* the trampoline starts masked; its dispatch uses the kept lock */
		goto out;
	}
	/* No switch from here: the lock the core kept for it goes back (the
	 * kick's or the retry's dispatch takes it again). */
	if (READ_ONCE(tx_hal_core))
		tx_hal_core->dispatch_later();
	__this_cpu_write(tx_x86_masked, 0);
	if (likely(!c->selftest) && switch_at_nmi_return(regs, c))
		goto out;
	c->stats.kicks++;
	irq_work_queue(&c->kick);
	if (!user_mode(regs) && !(regs->flags & X86_EFLAGS_IF)) {
		if ((why & WHY_RETRY) && regs->ip == c->retry_ip)
			c->stats.retries_early++; /* it came before the code moved on */
		retry_later(c, regs);
	}
out:
	if (c->aim_due) {
		c->aim_due = false;
		aim_locked_out(c);
	}
	return ours || why ? NMI_HANDLED : NMI_DONE;
}
