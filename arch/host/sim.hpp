// SPDX-License-Identifier: GPL-2.0
// arch/host/sim.hpp - the simulated machine behind the host port.
//
// The host port runs the unchanged core on simulated CPUs with a simulated
// counter and one-shot timer per CPU, and switches between real task stacks.
// Time only moves when code "executes": consume() in a task or in Linux, and
// tx_hal_relax() in busy waits. Interrupts are taken exactly as hardware
// does: immediately when unmasked, else at the unmasking, and then the
// deferred dispatch of arch/port.h runs on the interrupted stack.
//
// CPUs run one at a time, in turn, for 'slice' counts each (like QEMU's
// icount round robin), so multi-CPU tests are deterministic but their
// timing is not that of parallel CPUs: assert order and counts there.
//
// The test's main thread is CPU 0's Linux context.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "../../sched/config.hpp"

namespace tx::sim {

struct Config {
	unsigned cpus = 1;
	uint64_t hz = 1'000'000'000;  // counter frequency
	Count slice = 50'000;          // multi-CPU rotation quantum, counts
	Count relax_step = 10;         // time one busy-wait iteration takes
	bool echo_log = false;         // print core log lines to stderr
	bool fpu_refused = false;      // tx_port_fpu_init fails (a CPU state the port cannot save)
};

// Reset the machine and the core (Scheduler::init with all CPUs online).
void reset(const Config &config = Config());

// Current simulated count.
Count now();

// The running context executes for 'counts' (taking interrupts on the way).
void consume(Count counts);

// Linux context of CPU 0: let 'counts' pass, running Linux work as it
// becomes due, as an idle Linux would.
void run_linux(Count counts);

// Run queued Linux work now (deferred frees, log lines, FIFO wake-ups).
void pump_linux_work();

// Index of the CPU now executing.
unsigned current_cpu();

// Called at every point where the port is entered (tx_port_*), with the
// CPU index; it may call raise_timer/raise_ipi to inject an interrupt at
// that exact point. Null to remove.
void set_injector(std::function<void(unsigned cpu)> fn);
void raise_timer(unsigned cpu);
void raise_ipi(unsigned cpu);

// Whether co-kernel interrupts are masked on the running CPU.
bool masked();
// How many times Linux's context left 'cpu' for a task and has not come
// back (tx_hal_linux_away): 1 while a task runs there, else 0.
int linux_away(unsigned cpu);
// What tx_hal_owner_of() answers for any code address from now on (the
// "module" whose code calls; null: the kernel). Reset to null by setup.
void set_code_owner(const void *owner);
// Linux's wall clock (tx_hal_wall_clock_ns) at simulated time 0; it runs
// with simulated time. Reset to 0 by setup.
void set_wall_clock(int64_t ns_at_zero);

// Device lines of the simulated machine (what tx_port_irq_line_claim takes):
constexpr unsigned kEdgeIrq = 32;    // kEdgeIrq..+15: edge-triggered, NMI-capable
constexpr unsigned kLevelIrq = 48;   // kLevelIrq..+15: level-triggered, NMI-capable
constexpr unsigned kPercpuIrq = 27;  // a per-CPU line (like an arm64 timer PPI), level
constexpr unsigned kLinuxIrq = 70;   // Linux has a handler on it: -EBUSY
constexpr unsigned kNoNmiIrq = 71;   // the controller cannot make it NMI-class: -EOPNOTSUPP
// (any other number: no such line, -EINVAL)

// A device raises / lowers its line. Edge: raise latches one occurrence
// (lost, counted in linux_irqs, while the line is not claimed). Level: the
// line asserts from raise to lower. Per-CPU lines are raised on 'cpu'.
void raise_irq(unsigned irq, unsigned cpu = 0);
// A device raises 'irq' at simulated time 'at' (a timer-like device): taken
// then, wherever the CPU is, as the co-kernel timer is.
void raise_irq_at(Count at, unsigned irq, unsigned cpu = 0);
void lower_irq(unsigned irq, unsigned cpu = 0);
// Whether a claimed line is masked at the controller (per-CPU: on 'cpu').
bool irq_masked(unsigned irq, unsigned cpu = 0);
// The CPU a claimed line is routed to, or -1.
int irq_cpu(unsigned irq);
// Occurrences of 'irq' Linux's side took from the table (rt_pend_linux_irq),
// and raises of unclaimed lines (what Linux alone would have served).
uint64_t linux_deliveries(unsigned irq);
uint64_t linux_irqs();

struct Counters {
	uint64_t timer_programs = 0, timer_stops = 0, timer_irqs = 0, ipis_sent = 0, ipi_irqs = 0;
	uint64_t switches = 0, fpu_saves = 0, fpu_restores = 0, allocs = 0, frees = 0;
	uint64_t device_irqs = 0; // tx_hal_irq_dispatch calls
	uint64_t bytes_live = 0;
};
const Counters &counters();

// When the timer of 'cpu' is armed, its deadline; else -1.
Count timer_deadline(unsigned cpu);

// Log lines the core produced (tx_hal_log), oldest first.
const std::vector<std::string> &log_lines();

} // namespace tx::sim
