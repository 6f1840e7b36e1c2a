// SPDX-License-Identifier: GPL-2.0
/*
 * arch/x86/port.c - the x86_64 port, for Debian's stock kernel with no
 * patch: an NMI-raising timer (timer_source.h; the HPET today), NMI IPIs
 * as the reschedule IPI, the TSC as the time base, and preemption by
 * return redirection from the NMI handler. Design, reasoning and costs:
 * docs/x86_64-port.md; which file holds what: port_internal.h.
 *
 * x86 cannot mask NMIs, so co-kernel masking is a per-CPU flag
 * (tx_x86_masked): an NMI that finds it set only records why it came
 * (tx_x86_pending), and whoever clears the flag runs what was recorded.
 * The same save also clears IF, so Linux's interrupts stay off inside the
 * co-kernel and while tasks run.
 */
#include <linux/cpu.h>
#include <linux/irq_work.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/random.h>
#include <linux/sched/task_stack.h>
#include <asm/fpu/api.h>
#include <asm/nmi.h>
#include <asm/processor.h>
#include <asm/tsc.h>

#include "../../arch/port.h"
#include "../../hal/linux/port_services.h"
#include "port_internal.h"
#include "timer_mux.h"
#include "timer_source.h"

u64 tx_x86_tsc_hz;
static char description[200];
static unsigned long rt_canary; /* see canary_slot_swap() */

/* ---- Per-CPU state --------------------------------------------------------- */

/* Read by the core's inline fast paths (port_inline.h), hence exported. */
DEFINE_PER_CPU(unsigned int, tx_x86_cpu_index);
DEFINE_PER_CPU(unsigned long, tx_x86_masked);  /* co-kernel masking: 0 or 1 */
DEFINE_PER_CPU(unsigned long, tx_x86_pending); /* WHY_* bits that came while masked */
EXPORT_PER_CPU_SYMBOL_GPL(tx_x86_cpu_index);
EXPORT_PER_CPU_SYMBOL_GPL(tx_x86_masked);
EXPORT_PER_CPU_SYMBOL_GPL(tx_x86_pending);

/* The NMI machinery's (port_internal.h). */
DEFINE_PER_CPU(struct tx_x86_cpu, tx_cpu);

/* ---- arch/port.h: the module hooks ----------------------------------------------- */

int tx_arch_cpu_online(unsigned int cpu)
{
	per_cpu(tx_x86_cpu_index, cpu) = cpu;
	return 0;
}

void tx_arch_cpu_offline(unsigned int cpu)
{
	struct tx_x86_cpu *c = per_cpu_ptr(&tx_cpu, cpu), *self;
	unsigned long flags;

	local_irq_save(flags);
	self = this_cpu_ptr(&tx_cpu); /* the caller's CPU marks the lock */
	timer_lock_take(self);
	c->deadline = c->retry_at = U64_MAX;
	set_wake(c, cpu);
	tx_x86_source->aim();
	timer_lock_drop(self);
	local_irq_restore(flags);
}

void tx_arch_stop_timer_here(void)
{
	tx_port_timer_stop();
}

int tx_arch_init(void)
{
	int err, cpu;

	err = tx_x86_check_kernel();
	if (err)
		return err;
	tx_x86_tsc_hz = (u64)tsc_khz * 1000;
	tx_x86_slack_tsc = div_u64(tx_x86_tsc_hz, 2000000); /* 0.5 us */
	rt_canary = get_random_long() & ~0xfful; /* a zero byte stops string overflows, as Linux's */
	for_each_possible_cpu(cpu) {
		struct tx_x86_cpu *c = per_cpu_ptr(&tx_cpu, cpu);

		memset(c, 0, sizeof(*c));
		c->deadline = c->retry_at = U64_MAX;
		c->kick = IRQ_WORK_INIT_HARD(tx_x86_kicked);
		per_cpu(tx_x86_wake, cpu) = U64_MAX;
		per_cpu(tx_x86_masked, cpu) = 0;
		per_cpu(tx_x86_pending, cpu) = 0;
		per_cpu(tx_x86_cpu_index, cpu) = cpu;
	}
	err = tx_x86_source->claim();
	if (err)
		return err;
	/* First in Linux's list of NMI_LOCAL handlers: a real-time device's
	 * handler then starts after Linux's NMI entry and nothing else. */
	err = register_nmi_handler(NMI_LOCAL, tx_nmi, NMI_FLAG_FIRST, "tactus");
	if (err)
		goto fail;
	preempt_disable();
	err = tx_x86_self_test();
	preempt_enable();
	if (err) {
		unregister_nmi_handler(NMI_LOCAL, "tactus");
		goto fail;
	}
	snprintf(description, sizeof(description),
		 "x86_64: timer %s, time base TSC %llu Hz, NMI IPIs, retry after %llu ns (at most %u us)",
		 tx_x86_source->describe(), tx_x86_tsc_hz, div_u64(tx_x86_retry_first_tsc * 1000000000, tx_x86_tsc_hz),
		 tx_x86_retry_us);
	pr_info("tactus: %s\n", description);
	return 0;
fail:
	tx_x86_source->release();
	return err;
}

void tx_arch_exit(void)
{
	int cpu;

	for_each_possible_cpu(cpu)
		irq_work_sync(&per_cpu_ptr(&tx_cpu, cpu)->kick);
	/* The source goes quiet first; NMIs already on their way still find
	 * our handler and a claim, without the hardware; only once the handler
	 * is gone (unregister_nmi_handler waits for those in flight) is the
	 * hardware unmapped. Before, it was unmapped first, under a handler
	 * that could still read it. */
	tx_x86_timer_stop_source();
	synchronize_rcu();
	unregister_nmi_handler(NMI_LOCAL, "tactus");
	tx_x86_source->release();
}

const char *tx_arch_describe(void)
{
	return description;
}

void tx_arch_stats(unsigned int cpu, struct tx_hal_stats *out)
{
	*out = per_cpu_ptr(&tx_cpu, cpu)->stats;
}

void tx_arch_linux_kick(void)
{
	send_nmi(raw_smp_processor_id(), WHY_LINUX_WORK);
}

void tx_x86_device_nmi(unsigned int cpu)
{
	send_nmi(cpu, WHY_DEVICE);
}

/* ---- arch/port.h ------------------------------------------------------------------ */

/* The fast paths (tx_port_now, tx_port_irq_save/restore, tx_port_cpu), out
 * of line for C callers: the bodies of port_inline.h, which the C++ core
 * inlines, defined here. */
#define TX_PORT_FAST_PATH
#include "port_inline.h"

uint64_t tx_port_counter_hz(void)
{
	return tx_x86_tsc_hz;
}

void tx_port_send_ipi(unsigned int cpu)
{
	send_nmi(cpu, WHY_IPI);
}

/* Context words: saved RSP (the callee-saved registers are on the stack)
 * and the stack-protector canary of the context. */
enum { CTX_SP = 0, CTX_CANARY = 1 };

/*
 * With CONFIG_STACKPROTECTOR the canary lives in a per-CPU slot that
 * Linux's scheduler reloads per Linux task. A real-time task's frames would
 * hold the slot's value of whichever Linux task ran when they were built and
 * fail their check after Linux switched tasks; so each context carries its
 * canary and tx_port_switch puts it in the slot. Real-time tasks share one
 * random value drawn at load (context_init may run in real-time context,
 * where drawing randomness is not allowed).
 */
static inline unsigned long canary_slot_swap(unsigned long in)
{
#ifdef CONFIG_STACKPROTECTOR
	unsigned long out = this_cpu_read(fixed_percpu_data.stack_canary);

	this_cpu_write(fixed_percpu_data.stack_canary, in);
	return out;
#else
	return in;
#endif
}

extern void tx_x86_task_start(void);

void tx_port_context_init(struct tx_port_context *ctx, void *stack, size_t size, void (*entry)(void *), void *arg)
{
	unsigned long top = ((unsigned long)stack + size) & ~15ul;
	unsigned long *sp = (unsigned long *)(top - 8 * 8);

	memset(ctx, 0, sizeof(*ctx));
	/* The frame tx_x86_switch_stack pops: r15 r14 r13 r12 rbx rbp, then
	 * the return address; r12 = arg, r13 = entry for tx_x86_task_start. */
	sp[0] = 0;                    /* r15 */
	sp[1] = 0;                    /* r14 */
	sp[2] = (unsigned long)entry; /* r13 */
	sp[3] = (unsigned long)arg;   /* r12 */
	sp[4] = 0;                    /* rbx */
	sp[5] = 0;                    /* rbp */
	sp[6] = (unsigned long)tx_x86_task_start;
	sp[7] = 0;
	ctx->words[CTX_SP] = (unsigned long)sp;
	ctx->words[CTX_CANARY] = rt_canary;
}

extern void tx_x86_switch_stack(uint64_t *save_sp, const uint64_t *load_sp);

__no_stack_protector void tx_port_switch(struct tx_port_context *from, struct tx_port_context *to)
{
	from->words[CTX_CANARY] = canary_slot_swap(to->words[CTX_CANARY]);
	tx_x86_switch_stack(&from->words[CTX_SP], &to->words[CTX_SP]);
}

/* The interrupt flag is not part of an x86 context: it comes with the
 * masking state the caller restores after the switch. */
void tx_port_context_take_caller_state(struct tx_port_context *ctx) { }

void tx_port_context_take_thread_state(struct tx_port_context *ctx)
{
#ifdef CONFIG_STACKPROTECTOR
	ctx->words[CTX_CANARY] = this_cpu_read(fixed_percpu_data.stack_canary);
#endif
}

/* fxsave keeps x87 and SSE; task FPU code is built with -msse2 (no VEX
 * encodings: mk/tactus-fpu.mk), which leaves the upper halves of Linux's
 * AVX registers alone. */
int tx_port_fpu_init(void *area)
{
	struct fxregs_state *fx = area;

	memset(area, 0, TX_PORT_FPU_BYTES);
	fx->cwd = 0x37f;  /* x87: all exceptions masked, 64-bit precision */
	fx->mxcsr = 0x1f80; /* SSE: all exceptions masked, round to nearest */
	return 0;
}
