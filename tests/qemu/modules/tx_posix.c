// SPDX-License-Identifier: GPL-2.0
/*
 * tests/qemu/modules/tx_posix.c - Tactus's POSIX layer on a real kernel,
 * written as an RTLinux/PSE51 module (POSIX headers, init_module and
 * cleanup_module). At load, one after the other (init_module joins each
 * scenario's threads from Linux context):
 *  - jitter: a thread sleeps to 200 absolute 1 ms deadlines with
 *    clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME) and measures how late
 *    each wake-up is: never early, the worst printed and bounded;
 *  - priority inversion under preemption, three threads on CPU 0: lo takes
 *    a mutex and computes until mid has run (or 50 ms), hi (more urgent)
 *    wants it 0.5 ms after lo took it, mid computes 5 ms from 1 ms after
 *    it on, when it can preempt lo. With PTHREAD_PRIO_INHERIT hi has the mutex
 *    before mid is done; with PTHREAD_PRIO_NONE mid finishes first (the
 *    inversion the protocol prevents); with PTHREAD_PRIO_PROTECT (ceiling
 *    above hi) hi does not even run before lo lets the mutex go;
 *  - a condition variable: a producer on CPU 0 hands 200 numbers to a
 *    consumer on the last CPU through a one-slot buffer (mutex + two
 *    conditions, the consumer's waits timed on CLOCK_MONOTONIC): all
 *    received in order;
 *  - a counting semaphore and a recursive, an error-checking mutex from
 *    threads: the error codes POSIX gives;
 *  - a message queue of 4 between CPUs: 300 numbered messages at priorities
 *    0..3, each priority in the order sent;
 *  - a periodic 1 ms POSIX timer whose SIGRTMIN the thread takes with
 *    sigwait 100 times: never before its expiry.
 * Then a FIFO pair with a handler, as RTLinux's examples: a Linux program
 * writes a command into /dev/rtf2, the handler posts a semaphore, a thread
 * answers "ack <command>" into /dev/rtf1 (the test script checks it).
 * Prints "tx_posix: PASS|FAIL <name> (...)"; 14 checks at load. With
 * leave=1, cleanup_module leaves the FIFO thread and a periodic one running
 * and a timer armed: tactus_sched's unload of the module deletes them (a log
 * line each).
 */
#include <mqueue.h>
#include <pthread.h>
#include <rtai.h> /* rt_global_cli */
#include <rtl.h>
#include <rtl_fifo.h>
#include <semaphore.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>

#include <linux/math64.h> /* 64-bit "/" for 32-bit ARM kernels */
#include <linux/cpumask.h>
#include <linux/module.h>
#include <linux/string.h>

#include "tx_check.h"

static int leave;
module_param(leave, int, 0444);
MODULE_PARM_DESC(leave, "1: leave two threads running for the unload to delete");
static int timing = 1;
module_param(timing, int, 0444);
MODULE_PARM_DESC(timing, "0: a real-time boot on a shared host (lateness bound 200 ms instead of 20 ms)");

/* The worst lateness allowed. 20 ms where time is deterministic (-icount);
 * in a real-time boot the host stalls the vCPUs: beside one busy loop on a
 * 2-core host the 1 ms POSIX timer's signal was 31 and 48 ms late in 2 of
 * 20 boots (its usual worst there: 5 ms). Never early holds in both. */
static long long late_bound(void) { return timing ? 20000000 : 200000000; }

TX_CHECKS("tx_posix")

static int last_cpu(void) { return num_online_cpus() - 1; }

static pthread_t start(int prio, int cpu, void *(*fn)(void *), void *arg)
{
	pthread_attr_t a;
	struct sched_param p = { .sched_priority = prio };
	pthread_t t = 0;
	int err;

	pthread_attr_init(&a);
	pthread_attr_setschedparam(&a, &p);
	pthread_attr_setcpu_np(&a, cpu);
	err = pthread_create(&t, &a, fn, arg);
	pthread_attr_destroy(&a);
	if (err)
		pr_err("tx_posix: pthread_create: %d\n", err);
	return t;
}

/* Compute (spin) for 'ns' of this thread's time on a CPU of its own. */
static void compute(hrtime_t ns)
{
	hrtime_t end = gethrtime() + ns;

	while (gethrtime() < end)
		cpu_relax();
}

/* ---- Jitter ------------------------------------------------------------- */

static hrtime_t late_min, late_max;

static void *jitter_thread(void *arg)
{
	struct timespec next;
	int i;

	late_min = HRTIME_INFINITY;
	late_max = 0;
	clock_gettime(CLOCK_MONOTONIC, &next);
	for (i = 0; i < 200; i++) {
		hrtime_t late;

		next.tv_nsec += 1000000;
		if (next.tv_nsec >= 1000000000) {
			next.tv_nsec -= 1000000000;
			next.tv_sec++;
		}
		clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next, NULL);
		late = gethrtime() - timespec_to_ns(&next);
		if (late < late_min)
			late_min = late;
		if (late > late_max)
			late_max = late;
	}
	return NULL;
}

/* ---- Priority inversion ------------------------------------------------- */

static pthread_mutex_t inv_mutex;
static sem_t inv_go;
static hrtime_t t0, hi_runs, hi_got, mid_done, lo_released;
static int mid_started;
/* hi and mid count their delays from lo's lock, not from their release: a
 * host that stalls a vCPU between the three releases (Linux posts them from
 * any CPU) could otherwise let hi's 0.5 ms run out before lo even had the
 * mutex, or mid run its whole part first. lo posts this twice once
 * it has the mutex (under PROTECT's ceiling it runs above them until its
 * release; polling for it instead starved lo on x86 at -icount). */
static sem_t lo_has_it;

/* lo holds the mutex until mid has run (it preempted lo: no inheritance)
 * or for 50 ms (mid could not run: lo ran above it). Events, not times,
 * decide the order, so a host that stalls the virtual CPU cannot. */
static void *lo_thread(void *arg)
{
	hrtime_t end;

	sem_wait(&inv_go);
	t0 = gethrtime();
	pthread_mutex_lock(&inv_mutex);
	sem_post(&lo_has_it);
	sem_post(&lo_has_it);
	end = gethrtime() + 50000000;
	while (!READ_ONCE(mid_started) && gethrtime() < end)
		cpu_relax();
	lo_released = gethrtime();
	pthread_mutex_unlock(&inv_mutex);
	return NULL;
}

static void *hi_thread(void *arg)
{
	sem_wait(&inv_go);
	sem_wait(&lo_has_it);
	usleep(500);
	hi_runs = gethrtime();
	pthread_mutex_lock(&inv_mutex);
	hi_got = gethrtime();
	pthread_mutex_unlock(&inv_mutex);
	return NULL;
}

static void *mid_thread(void *arg)
{
	sem_wait(&inv_go);
	sem_wait(&lo_has_it);
	usleep(1000);
	WRITE_ONCE(mid_started, 1);
	compute(5000000);
	mid_done = gethrtime();
	return NULL;
}

static void inversion(int protocol)
{
	pthread_mutexattr_t ma;
	pthread_t lo, mid, hi;

	pthread_mutexattr_init(&ma);
	pthread_mutexattr_setprotocol(&ma, protocol);
	pthread_mutexattr_setprioceiling(&ma, 90);
	pthread_mutex_init(&inv_mutex, &ma);
	sem_init(&inv_go, 0, 0);
	mid_started = 0;
	sem_init(&lo_has_it, 0, 0);
	lo = start(10, 0, lo_thread, NULL);
	mid = start(40, 0, mid_thread, NULL);
	hi = start(80, 0, hi_thread, NULL);
	sem_post(&inv_go); /* in any order, at any pace: hi and mid wait for lo's lock */
	sem_post(&inv_go);
	sem_post(&inv_go);
	pthread_join(lo, NULL);
	pthread_join(mid, NULL);
	pthread_join(hi, NULL);
	sem_destroy(&inv_go);
	sem_destroy(&lo_has_it);
	pthread_mutex_destroy(&inv_mutex);
}

/* ---- Condition variable ------------------------------------------------- */

#define ITEMS 200
static pthread_mutex_t slot_mutex = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t slot_full, slot_empty;
static int slot, slot_used, received, order_errors, cond_timeouts;

/* Lock the slot and wait, at most 2 s on 'clock' (the condition's own),
 * until slot_used is 'used'. True: the mutex is held. False: a timeout,
 * counted, the mutex released. Both sides wait timed, so a lost wake-up or
 * a side that gave up fails the check instead of hanging the module's load
 * (one smp2 boot hung here once: the arm64 masking defect of docs/posix.md,
 * "Found and fixed", which stopped a CPU, not a lost wake-up). */
static bool lock_slot_when(int used, pthread_cond_t *cond, clockid_t clock)
{
	struct timespec limit;

	clock_gettime(clock, &limit);
	limit.tv_sec += 2;
	pthread_mutex_lock(&slot_mutex);
	while (slot_used != used) {
		if (pthread_cond_timedwait(cond, &slot_mutex, &limit) == ETIMEDOUT) {
			cond_timeouts++;
			pthread_mutex_unlock(&slot_mutex);
			return false;
		}
	}
	return true;
}

static void *producer_thread(void *arg)
{
	int i;

	for (i = 1; i <= ITEMS; i++) {
		if (!lock_slot_when(0, &slot_empty, CLOCK_REALTIME))
			return NULL;
		slot = i;
		slot_used = 1;
		pthread_cond_signal(&slot_full);
		pthread_mutex_unlock(&slot_mutex);
	}
	return NULL;
}

static void *consumer_thread(void *arg)
{
	while (received < ITEMS) {
		if (!lock_slot_when(1, &slot_full, CLOCK_MONOTONIC))
			return NULL;
		if (slot != received + 1)
			order_errors++;
		received++;
		slot_used = 0;
		pthread_cond_signal(&slot_empty);
		pthread_mutex_unlock(&slot_mutex);
	}
	return NULL;
}

/* ---- Error codes from threads ------------------------------------------- */

static int codes[8];

static void *codes_thread(void *arg)
{
	pthread_mutexattr_t ma;
	pthread_mutex_t check, rec;
	sem_t s;
	struct timespec past;

	pthread_mutexattr_init(&ma);
	pthread_mutexattr_settype(&ma, PTHREAD_MUTEX_ERRORCHECK);
	memset(&check, 0, sizeof(check));
	pthread_mutex_init(&check, &ma);
	pthread_mutex_lock(&check);
	codes[0] = pthread_mutex_lock(&check); /* EDEADLK */
	pthread_mutex_unlock(&check);
	codes[1] = pthread_mutex_unlock(&check); /* EPERM */
	pthread_mutex_destroy(&check);
	pthread_mutexattr_settype(&ma, PTHREAD_MUTEX_RECURSIVE);
	memset(&rec, 0, sizeof(rec));
	pthread_mutex_init(&rec, &ma);
	pthread_mutex_lock(&rec);
	codes[2] = pthread_mutex_lock(&rec); /* 0 */
	pthread_mutex_unlock(&rec);
	codes[3] = pthread_mutex_destroy(&rec); /* EBUSY: still held once */
	pthread_mutex_unlock(&rec);
	pthread_mutex_destroy(&rec);
	memset(&s, 0, sizeof(s));
	sem_init(&s, 0, 0);
	codes[4] = sem_trywait(&s) == -1 ? errno : 0; /* EAGAIN */
	clock_gettime(CLOCK_REALTIME, &past);
	past.tv_sec -= 1;
	codes[5] = sem_timedwait(&s, &past) == -1 ? errno : 0; /* ETIMEDOUT */
	sem_destroy(&s);
	return NULL;
}

/* ---- Message queue ------------------------------------------------------ */

#define MQ_MESSAGES 300
static mqd_t mq_tx, mq_rx;
static int mq_received, mq_order_errors, mq_errors;

/* Numbered messages at priorities 0..3 through a queue of 4: within one
 * priority they arrive in the order sent. */
static void *mq_producer(void *arg)
{
	int i;

	for (i = 0; i < MQ_MESSAGES; i++)
		if (mq_send(mq_tx, (const char *)&i, sizeof(i), i % 4))
			mq_errors++;
	return NULL;
}

static void *mq_consumer(void *arg)
{
	int last[4] = { -1, -1, -1, -1 };
	char buf[16];
	unsigned prio;

	while (mq_received < MQ_MESSAGES) {
		int seq;

		if (mq_receive(mq_rx, buf, sizeof(buf), &prio) != sizeof(seq)) {
			mq_errors++;
			return NULL;
		}
		memcpy(&seq, buf, sizeof(seq));
		if (prio > 3 || seq % 4 != (int)prio || seq <= last[prio])
			mq_order_errors++;
		else
			last[prio] = seq;
		mq_received++;
	}
	return NULL;
}

/* ---- A POSIX timer and sigwait ------------------------------------------- */

#define TICKS 100
static hrtime_t tick_late_min, tick_late_max;
static int tick_errors, tick_overruns;

/* A periodic 1 ms timer whose signal the thread takes with sigwait:
 * each one after its expiry, never before. */
static void *timer_thread(void *arg)
{
	struct sigevent ev = { .sigev_notify = SIGEV_SIGNAL, .sigev_signo = SIGRTMIN };
	struct itimerspec its;
	sigset_t set;
	timer_t timer;
	hrtime_t first;
	int i, sig;

	tick_late_min = HRTIME_INFINITY;
	if (timer_create(CLOCK_MONOTONIC, &ev, &timer)) {
		tick_errors++;
		return NULL;
	}
	sigemptyset(&set);
	sigaddset(&set, SIGRTMIN);
	first = gethrtime() + 1000000;
	its.it_value = timespec_from_ns(first);
	its.it_interval = timespec_from_ns(1000000);
	if (timer_settime(timer, TIMER_ABSTIME, &its, NULL))
		tick_errors++;
	for (i = 0; i < TICKS; i++) {
		hrtime_t late;

		if (sigwait(&set, &sig) || sig != SIGRTMIN)
			tick_errors++;
		late = gethrtime() - (first + i * 1000000LL);
		if (late < tick_late_min)
			tick_late_min = late;
		if (late > tick_late_max)
			tick_late_max = late;
	}
	tick_overruns = timer_getoverrun(timer);
	if (timer_delete(timer))
		tick_errors++;
	return NULL;
}

/* ---- FIFOs with a handler ------------------------------------------------ */

#define FIFO_OUT 1
#define FIFO_CMD 2
static sem_t cmd_sem;
static pthread_t fifo_thread, spinner;
static timer_t left_timer;

static int cmd_handler(unsigned int fifo, int rw)
{
	if (rw == 'w')
		sem_post(&cmd_sem); /* Linux wrote a command: the thread answers */
	return 0;
}

static void *fifo_worker(void *arg)
{
	char cmd[16], answer[32];
	int n;

	for (;;) {
		sem_wait(&cmd_sem);
		n = rtf_get(FIFO_CMD, cmd, sizeof(cmd) - 1);
		if (n <= 0)
			continue;
		cmd[n] = 0;
		n = snprintf(answer, sizeof(answer), "ack %s\n", cmd);
		rtf_put(FIFO_OUT, answer, n);
	}
	return NULL;
}

static void *spin_periodic(void *arg)
{
	pthread_make_periodic_np(pthread_self(), gethrtime(), 1000000);
	for (;;)
		pthread_wait_np();
	return NULL;
}

static void *returns_at_once(void *arg)
{
	return arg;
}

int init_module(void)
{
	pthread_condattr_t ca;
	pthread_t t, u;
	int fifo_err, err;

	/* Linux context with the co-kernel masked may not allocate (Linux's
	 * allocator may sleep and would hand the mask to the next Linux task;
	 * arm64's irqs_disabled() does not see it: docs/posix.md, "Found
	 * and fixed"): pthread_create refuses with EPERM. */
	rt_global_cli();
	err = pthread_create(&t, NULL, returns_at_once, NULL);
	rt_global_sti();
	if (!err)
		pthread_join(t, NULL);
	check(err == EPERM, "create-refused-while-masked", "pthread_create under rt_global_cli: %lld (EPERM %lld)",
	      err, EPERM);

	t = start(50, 0, jitter_thread, NULL);
	pthread_join(t, NULL);
	check(late_min >= 0, "jitter-never-early", "of 200 wake-ups, the earliest %lld ns late, the worst %lld ns",
	      late_min, late_max);
	check(late_max < late_bound(), "jitter-worst-below-bound", "worst %lld ns late, bound %lld ns", late_max,
	      late_bound());

	inversion(PTHREAD_PRIO_INHERIT);
	check(hi_got < mid_done, "inherit-hi-before-mid", "hi got it at %lld us, mid done at %lld us",
	      div_s64(hi_got - t0, 1000), div_s64(mid_done - t0, 1000));
	inversion(PTHREAD_PRIO_NONE);
	check(mid_done < hi_got, "none-mid-first", "mid done at %lld us, hi got it at %lld us",
	      div_s64(mid_done - t0, 1000), div_s64(hi_got - t0, 1000));
	inversion(PTHREAD_PRIO_PROTECT);
	check(hi_runs >= lo_released && hi_got < mid_done, "protect-hi-waits-for-the-release",
	      "hi runs at %lld us, lo released at %lld us", div_s64(hi_runs - t0, 1000), div_s64(lo_released - t0, 1000));

	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC); /* the consumer's timed waits */
	pthread_cond_init(&slot_full, &ca);
	pthread_cond_init(&slot_empty, NULL);
	t = start(60, 0, producer_thread, NULL);
	u = start(60, last_cpu(), consumer_thread, NULL);
	pthread_join(t, NULL);
	pthread_join(u, NULL);
	check(received == ITEMS && !order_errors && !cond_timeouts, "cond-all-in-order",
	      "received %lld, order errors and timeouts %lld", received, order_errors + cond_timeouts);
	pthread_cond_destroy(&slot_full);
	pthread_cond_destroy(&slot_empty);
	pthread_mutex_destroy(&slot_mutex);

	t = start(70, last_cpu(), codes_thread, NULL);
	pthread_join(t, NULL);
	check(codes[0] == EDEADLK && codes[1] == EPERM, "errorcheck-codes", "relock %lld, foreign unlock %lld",
	      codes[0], codes[1]);
	check(codes[2] == 0 && codes[3] == EBUSY, "recursive-codes", "relock %lld, destroy while held %lld",
	      codes[2], codes[3]);
	check(codes[4] == EAGAIN && codes[5] == ETIMEDOUT, "sem-codes", "trywait %lld, timedwait in the past %lld",
	      codes[4], codes[5]);

	{
		struct mq_attr attr = { .mq_maxmsg = 4, .mq_msgsize = 16 };

		mq_tx = mq_open("/tx_posix", O_CREAT | O_EXCL | O_WRONLY, 0600, &attr);
		mq_rx = mq_open("/tx_posix", O_RDONLY);
		mq_unlink("/tx_posix"); /* it goes with its last descriptor */
	}
	t = start(50, 0, mq_producer, NULL);
	u = start(55, last_cpu(), mq_consumer, NULL);
	pthread_join(t, NULL);
	pthread_join(u, NULL);
	check(mq_tx >= 0 && mq_rx >= 0 && mq_received == MQ_MESSAGES && !mq_order_errors && !mq_errors,
	      "mq-stream-in-order", "received %lld, order errors and failed calls %lld", mq_received,
	      mq_order_errors + mq_errors);
	mq_close(mq_tx);
	mq_close(mq_rx);

	t = start(50, last_cpu(), timer_thread, NULL);
	pthread_join(t, NULL);
	check(!tick_errors && tick_late_min >= 0 && tick_late_max < late_bound(), "timer-signals-never-early",
	      "of 100 expiries, the earliest %lld ns late, the worst %lld ns", tick_late_min, tick_late_max);
	check(!tick_overruns || tick_late_max >= 1000000, "timer-overruns-only-when-late",
	      "overruns %lld, worst %lld ns late", tick_overruns, tick_late_max);

	sem_init(&cmd_sem, 0, 0);
	fifo_err = rtf_create(FIFO_OUT, 4096) ?: rtf_create(FIFO_CMD, 4096) ?:
		   rtf_create_handler(FIFO_CMD, X_FIFO_HANDLER(cmd_handler));
	check(!fifo_err, "fifos-and-handler", "rtf%lld and rtf2: %lld", FIFO_OUT, fifo_err);
	fifo_thread = start(30, last_cpu(), fifo_worker, NULL);
	spinner = start(20, 0, spin_periodic, NULL);
	{
		struct sigevent none = { .sigev_notify = SIGEV_NONE };
		struct itimerspec its = { .it_interval = { 0, 1000000 }, .it_value = { 0, 1000000 } };

		if (timer_create(CLOCK_MONOTONIC, &none, &left_timer) || timer_settime(left_timer, 0, &its, NULL))
			left_timer = -1;
	}
	check(fifo_thread && spinner && left_timer > 0, "threads-and-timer-running", "fifo thread %llx, periodic %llx", fifo_thread, spinner);
	return 0;
}

void cleanup_module(void)
{
	if (!leave) {
		pthread_delete_np(fifo_thread);
		pthread_delete_np(spinner);
		sem_destroy(&cmd_sem);
		timer_delete(left_timer);
	}
	rtf_destroy(FIFO_OUT);
	rtf_destroy(FIFO_CMD);
	pr_info("tx_posix: %d passed, %d failed\n", passed, failed);
}

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Tactus's POSIX layer (RTLinux/PSE51 style)");
