// SPDX-License-Identifier: GPL-2.0
// arch/host/port.cpp - the host port: arch/port.h on a simulated machine, and
// the services of hal/hal.h that the kernel's HAL provides there.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <pthread.h>

#include "../../arch/port.h"
#include "../../hal/hal.h"
#include "../../hal/irq_lines.hpp"
#include "../../hal/linux_work.hpp"
#include "../../fifo/fifo.hpp"
#include "../../hal/rt_log.hpp"
#include "../../hal/srq.h"
#include "../../hal/time_base.hpp"
#include "../../sched/scheduler.hpp"
#include "../../shm/registry.hpp"
#include <rtai_shm.h>
#include "../../api/registry_glue.h"
#include "../../api/posix_glue.h"
#include "../../api/tasklets_glue.h"
#include "../../api/irq_tasks_glue.h"
#include "../../api/proxies_glue.h"
#include "../../api/kthreads_glue.h"
#include "sim.hpp"

extern "C" void tx_host_switch(uint64_t *save_sp, uint64_t *load_sp);
extern "C" void tx_host_start(void);

namespace tx::sim {

namespace {

// Slot use of tx_port_context on the host.
enum : unsigned { kSp = 0 };

// HostCpu::masked values: 0 unmasked, 1 masked by code, kIrqEntry masked by
// the interrupt entry itself (deliver()).
constexpr unsigned long kIrqEntry = 3; // bit 0 set: "was masked" (arch/port.h)

struct HostCpu {
	unsigned long masked = 0;
	bool timer_armed = false;
	Count deadline = 0;
	bool timer_pending = false;
	bool ipi_pending = false;
	bool in_irq = false;
	int linux_away = 0; // tx_hal_linux_away: up while a task runs here
	tx_port_context machine;  // where this CPU's execution is parked during rotation
	void *idle_stack = nullptr; // Linux idle loop of CPUs other than 0
};

// A claimed device line (by slot).
struct HostLine {
	bool claimed = false;
	unsigned irq = 0;
	bool level = false, percpu = false;
	unsigned cpu = 0;                 // where it is routed (not per-CPU)
	bool masked[kMaxCpus] = {};       // [0] unless per-CPU
	bool edge_pending = false;
	bool asserted[kMaxCpus] = {};     // level input ([0] unless per-CPU)
};

struct Machine {
	Config config;
	Count now = 0;
	unsigned cpu = 0;
	Count slice_end = 0;
	HostCpu cpus[kMaxCpus];
	std::function<void(unsigned)> injector;
	bool in_injector = false;
	bool kicked = false;
	Counters counters;
	uint64_t storm_base = 0; // interrupts taken when time last moved
	std::vector<std::string> log;
	const void *code_owner = nullptr; // tx_hal_owner_of's answer (sim::set_code_owner)
	int64_t wall_at_zero = 0;         // tx_hal_wall_clock_ns at simulated time 0 (sim::set_wall_clock)
	HostLine lines[TX_MAX_IRQ_LINES];
	std::map<unsigned, uint64_t> linux_deliveries;
	std::multimap<Count, std::pair<unsigned, unsigned>> device_events; // time -> (irq, cpu)
	uint64_t linux_irqs = 0;
};

Machine m;
constexpr uint64_t kStormLimit = 100000;

void deliver();

// The timer is level triggered, like the arm64 arch timer: it asserts for
// as long as it is armed with a deadline in the past. A handler that neither
// reprograms nor stops it is interrupted again at once.
bool timer_due(const HostCpu &c) { return c.timer_armed && m.now >= c.deadline; }

void check_timer(HostCpu &c)
{
	if (timer_due(c))
		c.timer_pending = true;
}

unsigned line_index(const HostLine &l, unsigned cpu) { return l.percpu ? cpu : 0; }

// A claimed, unmasked line of this CPU with an occurrence to deliver.
bool line_due(const HostLine &l, unsigned cpu)
{
	if (!l.claimed || (!l.percpu && l.cpu != cpu) || l.masked[line_index(l, cpu)])
		return false;
	return l.level ? l.asserted[line_index(l, cpu)] : l.edge_pending;
}

bool any_line_due(unsigned cpu)
{
	for (const HostLine &l : m.lines)
		if (line_due(l, cpu))
			return true;
	return false;
}

uint64_t interrupts_taken() { return m.counters.timer_irqs + m.counters.device_irqs; }

HostLine *claimed_line(unsigned irq)
{
	for (HostLine &l : m.lines)
		if (l.claimed && l.irq == irq)
			return &l;
	return nullptr;
}

// Take pending interrupts on the running CPU if it is unmasked. The CPU is
// looked up again after each dispatch: the interrupted context may resume on
// another CPU after a migration.
void deliver()
{
	for (;;) {
		HostCpu &c = m.cpus[m.cpu];
		check_timer(c);
		if (c.masked || c.in_irq || !(c.timer_pending || c.ipi_pending || any_line_due(m.cpu)))
			return;
		c.masked = kIrqEntry;
		c.in_irq = true;
		bool switch_needed = false;
		// Device handlers first: once the timer or the IPI entry point
		// finds a switch needed, the core keeps this CPU's lock for the
		// dispatch, and a handler must not run then (hal/hal.h).
		for (unsigned s = 0; s < TX_MAX_IRQ_LINES; s++) {
			if (!line_due(m.lines[s], m.cpu))
				continue;
			m.lines[s].edge_pending = false;
			m.counters.device_irqs++;
			switch_needed |= tx_hal_irq_dispatch(s) != 0;
		}
		if (c.timer_pending) {
			c.timer_pending = false;
			m.counters.timer_irqs++;
			switch_needed |= tx_core_timer_irq() != 0;
		}
		if (c.ipi_pending) {
			c.ipi_pending = false;
			m.counters.ipi_irqs++;
			switch_needed |= tx_core_ipi_irq() != 0;
		}
		if (interrupts_taken() - m.storm_base > kStormLimit)
			tx_hal_assert_failed("interrupt storm: interrupts keep coming without time passing");
		c.in_irq = false;
		// The deferred path: the interrupted code is parked on its own
		// stack (we are a plain call from it), so dispatching here is what
		// a port's return trampoline does.
		if (switch_needed)
			tx_core_dispatch();
		m.cpus[m.cpu].masked = 0;
	}
}

// Give the machine to the next online CPU when the slice is over.
void maybe_rotate()
{
	if (m.config.cpus < 2 || m.now < m.slice_end)
		return;
	unsigned from = m.cpu;
	unsigned to = (from + 1) % m.config.cpus;
	m.slice_end = m.now + m.config.slice;
	m.cpu = to;
	tx_host_switch(&m.cpus[from].machine.words[kSp], &m.cpus[to].machine.words[kSp]);
	// Back on 'from' (m.cpu was set by whoever switched to us).
	deliver();
}

// Interrupts are injected into the code under test, not into the interrupt
// path itself (handlers, the resched check and the dispatch prologue): an
// injection there would re-raise forever without time passing.
void injection_point()
{
	const HostCpu &c = m.cpus[m.cpu];
	if (!m.injector || m.in_injector || c.in_irq || c.masked == kIrqEntry)
		return;
	m.in_injector = true;
	m.injector(m.cpu);
	m.in_injector = false;
	deliver();
}

void raise_irq_now(unsigned irq, unsigned cpu);

// Device raises that are due (raise_irq_at).
void fire_device_events()
{
	while (!m.device_events.empty() && m.device_events.begin()->first <= m.now) {
		auto [irq, cpu] = m.device_events.begin()->second;
		m.device_events.erase(m.device_events.begin());
		raise_irq_now(irq, cpu);
	}
}

void advance(Count counts)
{
	m.storm_base = interrupts_taken();
	while (counts > 0) {
		HostCpu &c = m.cpus[m.cpu];
		Count step = counts;
		if (c.timer_armed && c.deadline > m.now)
			step = min(step, c.deadline - m.now);
		if (m.config.cpus > 1)
			step = min(step, max<Count>(m.slice_end - m.now, 1));
		if (!m.device_events.empty())
			step = min(step, max<Count>(m.device_events.begin()->first - m.now, 0));
		m.now += step;
		counts -= step;
		fire_device_events();
		deliver();
		maybe_rotate();
	}
}

[[noreturn]] void idle_loop(void *)
{
	for (;;)
		advance(m.config.slice);
}

void init_context(tx_port_context *ctx, void *stack, size_t size, void (*entry)(void *), void *arg)
{
	std::memset(ctx, 0, sizeof(*ctx));
	auto top = (reinterpret_cast<uintptr_t>(stack) + size) & ~uintptr_t(15);
	// The frame tx_host_switch pops: r15 r14 r13 r12 rbx rbp, return address;
	// the return lands in tx_host_start with a 16-byte aligned stack.
	auto *sp = reinterpret_cast<uint64_t *>(top - 56);
	sp[0] = 0;                                 // r15
	sp[1] = 0;                                 // r14
	sp[2] = reinterpret_cast<uint64_t>(entry); // r13
	sp[3] = reinterpret_cast<uint64_t>(arg);   // r12
	sp[4] = 0;                                 // rbx
	sp[5] = 0;                                 // rbp
	sp[6] = reinterpret_cast<uint64_t>(&tx_host_start);
	ctx->words[kSp] = reinterpret_cast<uint64_t>(sp);
}

void *shm_page_alloc(size_t bytes)
{
	void *p = std::aligned_alloc(4096, bytes);
	if (p) {
		std::memset(p, 0, bytes);
		m.counters.allocs++;
		m.counters.bytes_live += bytes;
	}
	return p;
}

void shm_page_free(void *p, size_t bytes)
{
	m.counters.frees++;
	m.counters.bytes_live -= bytes;
	std::free(p);
}

} // namespace

void reset(const Config &config)
{
	// What the previous run left behind is freed under its own counters.
	fifo_setup(0);
	tx_heap_teardown();
	shm_teardown();
	for (HostCpu &c : m.cpus)
		std::free(c.idle_stack);
	m.~Machine();
	new (&m) Machine();
	m.config = config;
	m.slice_end = config.slice;
	constexpr size_t kIdleStack = 64 * 1024;
	for (unsigned i = 1; i < config.cpus; i++) {
		m.cpus[i].idle_stack = std::aligned_alloc(16, kIdleStack);
		init_context(&m.cpus[i].machine, m.cpus[i].idle_stack, kIdleStack, idle_loop, nullptr);
	}
	uint32_t online = config.cpus >= 32 ? ~0u : (1u << config.cpus) - 1;
	tx_linux_work_reset();
	tx_rt_log_reset();
	tx_irq_reset();
	tx_srq_reset();
	g_sched.init(online);
	tx_registry_reset();
	tx_posix_reset();
	tx_posix_mq_reset();
	tx_posix_timers_reset();
	tx_tasklets_reset();
	tx_irq_tasks_reset();
	tx_proxies_reset();
	fifo_setup(64);
	shm_setup(ShmAllocator{4096, shm_page_alloc, shm_page_free});
	tx_heap_setup(0); // the tests that use the global heap make one
}

Count now() { return m.now; }
void consume(Count counts) { advance(counts); }

void pump_linux_work()
{
	m.kicked = false;
	tx_core_linux_work();
}

void run_linux(Count counts)
{
	Count end = m.now + counts;
	while (m.now < end) {
		advance(min<Count>(end - m.now, 1000));
		if (m.kicked && m.cpu == 0 && g_sched.in_linux())
			pump_linux_work();
	}
	if (m.kicked)
		pump_linux_work();
}

unsigned current_cpu() { return m.cpu; }
void set_injector(std::function<void(unsigned)> fn) { m.injector = std::move(fn); }
void raise_timer(unsigned cpu) { m.cpus[cpu].timer_pending = true; }
void raise_ipi(unsigned cpu) { m.cpus[cpu].ipi_pending = true; }
bool masked() { return m.cpus[m.cpu].masked != 0; }
int linux_away(unsigned cpu) { return m.cpus[cpu].linux_away; }
void set_code_owner(const void *owner) { m.code_owner = owner; }
void set_wall_clock(int64_t ns_at_zero) { m.wall_at_zero = ns_at_zero; }
const Counters &counters() { return m.counters; }
Count timer_deadline(unsigned cpu) { return m.cpus[cpu].timer_armed ? m.cpus[cpu].deadline : -1; }
const std::vector<std::string> &log_lines() { return m.log; }

void raise_irq(unsigned irq, unsigned cpu)
{
	raise_irq_now(irq, cpu);
	deliver(); // taken at once when this CPU is the line's and unmasked
}

void raise_irq_at(Count at, unsigned irq, unsigned cpu) { m.device_events.emplace(at, std::make_pair(irq, cpu)); }

namespace {
void raise_irq_now(unsigned irq, unsigned cpu)
{
	HostLine *l = claimed_line(irq);
	if (!l) {
		m.linux_irqs++;
		return;
	}
	if (l->level)
		l->asserted[line_index(*l, cpu)] = true;
	else
		l->edge_pending = true;
}
} // namespace

void lower_irq(unsigned irq, unsigned cpu)
{
	if (HostLine *l = claimed_line(irq))
		l->asserted[line_index(*l, cpu)] = false;
}

bool irq_masked(unsigned irq, unsigned cpu)
{
	HostLine *l = claimed_line(irq);
	return l && l->masked[line_index(*l, cpu)];
}

int irq_cpu(unsigned irq)
{
	HostLine *l = claimed_line(irq);
	return l ? static_cast<int>(l->cpu) : -1;
}

uint64_t linux_deliveries(unsigned irq)
{
	auto it = m.linux_deliveries.find(irq);
	return it == m.linux_deliveries.end() ? 0 : it->second;
}

uint64_t linux_irqs() { return m.linux_irqs; }

} // namespace tx::sim

using tx::sim::m;

extern "C" {

uint64_t tx_port_now(void)
{
	tx::sim::injection_point();
	return static_cast<uint64_t>(m.now);
}

uint64_t tx_port_counter_hz(void) { return m.config.hz; }

void tx_port_timer_program(uint64_t deadline)
{
	auto &c = m.cpus[m.cpu];
	c.timer_armed = true;
	c.deadline = static_cast<tx::Count>(deadline);
	m.counters.timer_programs++;
	tx::sim::check_timer(c); // a past deadline is pending at once
}

void tx_port_timer_stop(void)
{
	m.cpus[m.cpu].timer_armed = false;
	m.counters.timer_stops++;
}

unsigned long tx_port_irq_save(void)
{
	tx::sim::injection_point();
	auto &c = m.cpus[m.cpu];
	unsigned long old = c.masked;
	if (!old)
		c.masked = 1; // nested inside the interrupt entry, kIrqEntry stays
	tx::sim::injection_point(); // an interrupt right after masking: it waits
	return old;
}

void tx_port_irq_restore(unsigned long state)
{
	m.cpus[m.cpu].masked = state;
	if (!state)
		tx::sim::deliver();
	tx::sim::injection_point();
}

unsigned tx_port_cpu(void)
{
	tx::sim::injection_point();
	return m.cpu;
}

void tx_port_send_ipi(unsigned cpu)
{
	m.counters.ipis_sent++;
	m.cpus[cpu].ipi_pending = true;
	if (cpu == m.cpu)
		tx::sim::deliver();
}

void tx_port_context_init(struct tx_port_context *ctx, void *stack, size_t size, void (*entry)(void *), void *arg)
{
	tx::sim::init_context(ctx, stack, size, entry, arg);
}

void tx_port_switch(struct tx_port_context *from, struct tx_port_context *to)
{
	m.counters.switches++;
	tx_host_switch(&from->words[tx::sim::kSp], &to->words[tx::sim::kSp]);
}

// Neither a Linux interrupt state nor a canary in a host context.
void tx_port_context_take_caller_state(struct tx_port_context *) {}
void tx_port_context_take_thread_state(struct tx_port_context *) {}

void tx_port_fpu_save(void *area)
{
	m.counters.fpu_saves++;
	__builtin_ia32_fxsave64(area);
}

void tx_port_fpu_restore(const void *area)
{
	m.counters.fpu_restores++;
	__builtin_ia32_fxrstor64(const_cast<void *>(area));
}

int tx_port_fpu_init(void *area)
{
	if (m.config.fpu_refused)
		return -95; // EOPNOTSUPP, as a port whose CPU has state it cannot save
	// fxsave layout: FCW at 0, MXCSR at 24.
	std::memset(area, 0, TX_PORT_FPU_BYTES);
	auto *bytes = static_cast<uint8_t *>(area);
	uint16_t fcw = 0x037f;
	uint32_t mxcsr = 0x1f80;
	std::memcpy(bytes, &fcw, sizeof(fcw));
	std::memcpy(bytes + 24, &mxcsr, sizeof(mxcsr));
	return 0;
}

// Linux's allocator may sleep: the kernel glue refuses a masked caller
// (hal/linux/hal_module.c), and so does the model, so that a core path that
// allocates or frees under its own lock fails its unit test.
void *tx_hal_alloc(size_t size)
{
	if (m.cpus[m.cpu].masked)
		tx_hal_assert_failed("tx_hal_alloc called with the co-kernel masked");
	size_t rounded = (size + 63) & ~size_t(63);
	void *p = std::aligned_alloc(64, rounded);
	if (p) {
		m.counters.allocs++;
		m.counters.bytes_live += size;
	}
	return p;
}

void tx_hal_free(void *p, size_t size)
{
	if (!p)
		return;
	if (m.cpus[m.cpu].masked)
		tx_hal_assert_failed("tx_hal_free called with the co-kernel masked");
	m.counters.frees++;
	m.counters.bytes_live -= size;
	std::free(p);
}

void tx_hal_linux_kick(void) { m.kicked = true; }

void tx_hal_log(int level, const char *msg)
{
	m.log.emplace_back(msg);
	if (m.config.echo_log)
		std::fprintf(stderr, "[core %d] %s\n", level, msg);
}

void tx_hal_assert_failed(const char *what)
{
	std::fprintf(stderr, "tactus assertion failed: %s\n", what);
	std::abort();
}

void tx_hal_relax(void) { tx::sim::advance(m.config.relax_step); }

int tx_port_irq_line_claim(unsigned irq, unsigned slot, uint32_t *cpus, unsigned *flags)
{
	using namespace tx::sim;
	bool edge = irq >= kEdgeIrq && irq < kEdgeIrq + 16, level = irq >= kLevelIrq && irq < kLevelIrq + 16;
	if (irq == kLinuxIrq) {
		tx_hal_log(0, "host: the line has a Linux handler");
		return -16; // EBUSY
	}
	if (irq == kNoNmiIrq) {
		tx_hal_log(0, "host: the line cannot be NMI-class");
		return -95; // EOPNOTSUPP
	}
	if (!edge && !level && irq != kPercpuIrq) {
		tx_hal_log(0, "host: no such line");
		return -22; // EINVAL
	}
	tx::sim::HostLine &l = m.lines[slot];
	l = tx::sim::HostLine();
	l.claimed = true;
	l.irq = irq;
	l.level = level || irq == kPercpuIrq;
	l.percpu = irq == kPercpuIrq;
	for (bool &mk : l.masked)
		mk = true;
	uint32_t online = *cpus & ((1u << m.config.cpus) - 1);
	l.cpu = online ? static_cast<unsigned>(__builtin_ctz(online)) : 0; // default: CPU 0
	*cpus = l.percpu ? 0 : 1u << l.cpu;
	*flags = (l.level ? TX_IRQ_LINE_LEVEL : 0) | (l.percpu ? TX_IRQ_LINE_PERCPU : 0);
	return 0;
}

void tx_port_irq_line_release(unsigned, unsigned slot) { m.lines[slot] = tx::sim::HostLine(); }

void tx_port_irq_line_mask(unsigned slot)
{
	tx::sim::HostLine &l = m.lines[slot];
	l.masked[tx::sim::line_index(l, m.cpu)] = true;
}

void tx_port_irq_line_unmask(unsigned slot)
{
	tx::sim::HostLine &l = m.lines[slot];
	l.masked[tx::sim::line_index(l, m.cpu)] = false;
	tx::sim::deliver(); // what was held is taken now (at once if unmasked)
}

int tx_port_irq_line_route(unsigned slot, uint32_t cpus)
{
	tx::sim::HostLine &l = m.lines[slot];
	uint32_t online = cpus & ((1u << m.config.cpus) - 1);
	if (l.percpu || !online)
		return -22;
	l.cpu = static_cast<unsigned>(__builtin_ctz(online));
	return 0;
}

void tx_hal_linux_away(int away)
{
	auto &c = m.cpus[m.cpu];
	c.linux_away += away ? 1 : -1;
	if (c.linux_away < 0 || c.linux_away > 1)
		tx_hal_log(0, "host: Linux left or came back twice");
}

void *tx_hal_owner_of(const void *)
{
	return const_cast<void *>(m.code_owner);
}

void tx_hal_sleep_ms(unsigned ms)
{
	tx::sim::run_linux(tx::counts_from_ns(static_cast<int64_t>(ms) * 1'000'000));
}

int64_t tx_hal_wall_clock_ns(void)
{
	return m.wall_at_zero + tx::ns_from_counts(m.now);
}

int tx_hal_may_sleep(void)
{
	const auto &c = m.cpus[m.cpu];
	return !c.masked && !c.in_irq && tx::g_sched.in_linux();
}

// ---- RTAI's kernel threads (api/kthreads_glue.h): the host's Linux is the
// test's own thread, a kernel thread whose stack is the thread's stack; its
// sleep is Linux's time passing until the flag is set.
int tx_kthread_current_stack(uintptr_t *low, uintptr_t *high)
{
	pthread_attr_t attr;
	void *addr = nullptr;
	size_t size = 0;
	if (pthread_getattr_np(pthread_self(), &attr))
		return 0;
	pthread_attr_getstack(&attr, &addr, &size);
	pthread_attr_destroy(&attr);
	*low = reinterpret_cast<uintptr_t>(addr);
	*high = *low + size;
	return 1;
}
void *tx_kthread_sleeper_new(void) { return tx_hal_alloc(16); }
void tx_kthread_sleeper_free(void *sleeper) { tx_hal_free(sleeper, 16); }
void tx_kthread_sleep(void *, volatile int *flag)
{
	while (!__atomic_load_n(flag, __ATOMIC_ACQUIRE))
		tx::sim::run_linux(1);
}
void tx_kthread_wake(void *) {}
void tx_kthread_pin(unsigned) {}
void **tx_kthread_start_slot(void) { return nullptr; }

int tx_hal_core_irq_exit(void) { return tx_core_irq_exit(); } // the host's scheduler is always there

void tx_hal_irq_linux_work(void)
{
	for (unsigned s = 0; s < TX_MAX_IRQ_LINES; s++) {
		tx::IrqLineInfo info;
		if (tx_irq_info(s, &info))
			m.linux_deliveries[info.irq] += tx_irq_take_pended(s);
	}
}

void tx_hal_irq_line_released(unsigned irq, unsigned slot) { m.linux_deliveries[irq] += tx_irq_take_pended(slot); }

} // extern "C"
