// SPDX-License-Identifier: GPL-2.0
// tactus/tactus.hpp - the native C++ API: typed, allocation-free wrappers
// over the same core as the RTAI C API, for new task code.
//
// No exceptions: operations that can fail return tactus::Status (or a
// result with a status); no heap: every object lives where the caller puts
// it. Times are tactus::Nanos (a duration) or tactus::Time (an instant on
// the co-kernel clock); conversions are exact.
#pragma once

#include <rtai.h>
#include <rtai_fifos.h>
#include <rtai_mbx.h>
#include <rtai_sched.h>
#include <rtai_sem.h>

namespace tactus {

// An error code: 0 is success; otherwise RTAI's (negative errno or RTE_*).
struct Status {
	int code = 0;
	constexpr bool ok() const { return code == 0; }
	constexpr explicit operator bool() const { return ok(); }
};

struct Nanos {
	long long value;
	constexpr Nanos operator+(Nanos o) const { return {value + o.value}; }
	constexpr Nanos operator*(long long k) const { return {value * k}; }
};
constexpr Nanos operator""_ns(unsigned long long v) { return {static_cast<long long>(v)}; }
constexpr Nanos operator""_us(unsigned long long v) { return {static_cast<long long>(v) * 1000}; }
constexpr Nanos operator""_ms(unsigned long long v) { return {static_cast<long long>(v) * 1000000}; }

// An instant of the co-kernel clock.
struct Time {
	RTIME counts;
	static Time now() { return {rt_get_time()}; }
	Time operator+(Nanos d) const { return {counts + nano2count(d.value)}; }
	Nanos operator-(Time o) const { return {count2nano(counts - o.counts)}; }
	bool operator<(Time o) const { return counts < o.counts; }
};

enum class Release { OnTime, Overrun };

// A real-time task. Init from Linux context; it starts suspended.
class Task {
public:
	struct Options {
		int priority = 10;
		int stack_bytes = 16384;
		bool uses_fpu = false;
		int cpu = -1; // -1: the least loaded CPU
	};

	Status init(void (*body)(long), long arg, const Options &opt)
	{
		int r = opt.cpu < 0 ? rt_task_init(&t_, body, arg, opt.stack_bytes, opt.priority, opt.uses_fpu, nullptr)
				    : rt_task_init_cpuid(&t_, body, arg, opt.stack_bytes, opt.priority, opt.uses_fpu,
							 nullptr, static_cast<unsigned>(opt.cpu));
		return {r};
	}
	Status start() { return {rt_task_resume(&t_)}; }
	Status start_periodic(Nanos period, Nanos first_delay = {0})
	{
		return {rt_task_make_periodic_relative_ns(&t_, first_delay.value, period.value)};
	}
	Status suspend() { return {rt_task_suspend(&t_) < 0 ? -22 : 0}; }
	Status resume() { return {rt_task_resume(&t_)}; }
	Status remove() { return {rt_task_delete(&t_)}; }
	int priority() { return rt_get_prio(&t_); }
	Status set_priority(int prio) { return {rt_change_prio(&t_, prio) < 0 ? -22 : 0}; }
	RT_TASK *handle() { return &t_; }

	// From inside a task:
	static Release wait_period() { return rt_task_wait_period() == RTE_TMROVRN ? Release::Overrun : Release::OnTime; }
	static Status sleep(Nanos d) { return status_of(rt_sleep(nano2count(d.value))); }
	static Status sleep_until(Time t) { return status_of(rt_sleep_until(t.counts)); }
	static void yield() { rt_task_yield(); }

private:
	static Status status_of(int r) { return {r == 0 ? 0 : r}; }
	RT_TASK t_{};
};

// Counting semaphore.
class Semaphore {
public:
	Status init(int count = 0, bool fifo_order = false) { return {rt_typed_sem_init(&s_, count, CNT_SEM | (fifo_order ? FIFO_Q : PRIO_Q))}; }
	Status remove() { return {rt_sem_delete(&s_)}; }
	Status signal() { return {rt_sem_signal(&s_)}; }
	Status wait() { return result(rt_sem_wait(&s_)); }
	Status wait_for(Nanos d) { return result(rt_sem_wait_timed(&s_, nano2count(d.value))); }
	bool try_wait() { return rt_sem_wait_if(&s_) > 0; }
	int count() { return rt_sem_count(&s_); }

protected:
	static Status result(int r) { return {r < RTE_LOWERR ? 0 : r}; }
	SEM s_{};
};

// Mutex with priority inheritance (a recursive RES_SEM).
class Mutex : public Semaphore {
public:
	Status init() { return {rt_typed_sem_init(&s_, RESEM_RECURS, RES_SEM)}; }
	Status lock() { return wait(); }
	Status unlock() { return signal(); }
};

// Holds a mutex for a scope.
class ScopedLock {
public:
	explicit ScopedLock(Mutex &m) : m_(m), status_(m.lock()) {}
	~ScopedLock()
	{
		if (status_.ok())
			m_.unlock();
	}
	Status status() const { return status_; }
	ScopedLock(const ScopedLock &) = delete;
	ScopedLock &operator=(const ScopedLock &) = delete;

private:
	Mutex &m_;
	Status status_;
};

// A mailbox carrying whole values of T.
template <typename T> class Mailbox {
	static_assert(__is_trivially_copyable(T), "mailbox values are copied as bytes");

public:
	Status init(int capacity) { return {rt_mbx_init(&m_, capacity * static_cast<int>(sizeof(T)))}; }
	Status remove() { return {rt_mbx_delete(&m_)}; }
	Status send(const T &v) { return {rt_mbx_send(&m_, const_cast<T *>(&v), sizeof(T))}; }
	bool try_send(const T &v) { return rt_mbx_send_if(&m_, const_cast<T *>(&v), sizeof(T)) == 0; }
	Status receive(T &v) { return {rt_mbx_receive(&m_, &v, sizeof(T))}; }
	Status receive_for(T &v, Nanos d) { return {rt_mbx_receive_timed(&m_, &v, sizeof(T), nano2count(d.value))}; }
	bool try_receive(T &v) { return rt_mbx_receive_if(&m_, &v, sizeof(T)) == 0; }

private:
	MBX m_{};
};

// An RT-FIFO carrying whole records of T: a put never tears a record.
template <typename T> class Fifo {
	static_assert(__is_trivially_copyable(T), "FIFO records are copied as bytes");

public:
	Status open(unsigned number, int capacity)
	{
		number_ = number;
		return {rtf_create(number, capacity * static_cast<int>(sizeof(T)))};
	}
	Status close() { return {rtf_destroy(number_) < 0 ? -22 : 0}; }
	bool put(const T &v) { return rtf_put(number_, const_cast<T *>(&v), sizeof(T)) == sizeof(T); }
	void put_overwrite(const T &v) { rtf_ovrwr_put(number_, const_cast<T *>(&v), sizeof(T)); }
	bool get(T &v) { return rtf_get_if(number_, &v, sizeof(T)) == sizeof(T); }
	unsigned number() const { return number_; }

private:
	unsigned number_ = 0;
};

// A real-time device interrupt line (asm/rtai_hal.h): its handler runs
// NMI-class and may wake tasks (Semaphore::signal, Task::resume). Request and
// release from Linux context; the rest from any context.
class Irq {
public:
	using Handler = int (*)(unsigned irq, void *cookie);

	// Take Linux IRQ 'irq' (arm64), unmasked unless enable is false.
	Status request(unsigned irq, Handler handler, void *cookie, bool enable = true)
	{
		return take(rt_request_irq(irq, handler, cookie, 0), irq, enable);
	}
	// Take a PCI device's interrupt (rt_request_pci_irq: MSI as NMI on
	// x86_64, INTx on arm64).
	Status request_pci(struct pci_dev *dev, Handler handler, void *cookie, int (*pending)(void *cookie),
			   bool enable = true)
	{
		int r = rt_request_pci_irq(dev, handler, cookie, 0, pending);
		return take(r < 0 ? r : 0, static_cast<unsigned>(r), enable);
	}
	Status release()
	{
		if (!held_)
			return {-22};
		held_ = false;
		return {rt_release_irq(irq_)};
	}
	void enable() { rt_enable_irq(irq_); }
	void disable() { rt_disable_irq(irq_); }
	void ack() { rt_ack_irq(irq_); }            // level lines: unmask after quieting the device
	void pend_to_linux() { rt_pend_linux_irq(irq_); }
	Status set_ack(int (*ack)(unsigned irq, void *cookie)) { return {rt_set_irq_ack(irq_, ack)}; }
	unsigned number() const { return irq_; }
	bool requested() const { return held_; }

private:
	Status take(int r, unsigned irq, bool enable)
	{
		if (r == 0) {
			irq_ = irq;
			held_ = true;
			if (enable)
				rt_startup_irq(irq);
		}
		return {r};
	}
	unsigned irq_ = 0;
	bool held_ = false;
};

} // namespace tactus
