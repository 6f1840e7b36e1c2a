/* SPDX-License-Identifier: GPL-2.0 */
/*
 * signal.h - signals between real-time threads (Tactus's POSIX layer):
 * pthread_kill and sigwait, the signal sets, and struct sigevent for
 * timer_create (time.h).
 *
 * A signal is a flag per thread, delivered only to a sigwait of that
 * thread: a signal sent to a thread that does not wait for it stays pending
 * until it does (once: signals do not queue). There are no asynchronous
 * handlers and no default actions: a handler would run on the thread's
 * stack at an arbitrary switch-in, which the co-kernel's switch (by return
 * redirection) and its stack checks do not provide for, and a real-time
 * thread is never killed by a signal. Signals 1..64 (SIGRTMIN is 32).
 * In a kernel build, sigset_t and the sig*set helpers are Linux's own
 * (linux/signal.h: sigaddset and the others return nothing there).
 */
#ifndef TACTUS_POSIX_SIGNAL_H
#define TACTUS_POSIX_SIGNAL_H

#include "errno.h"
#include "pthread.h"

#if defined(__KERNEL__) && __has_include(<linux/signal.h>)
#include <linux/signal.h> /* sigset_t, sig*set, struct sigevent, SIG* */
#else /* the freestanding core, and the host tests (txp_ names) */
#ifndef __KERNEL__
#include <signal.h>
#include <tactus/posix_host_names.h>
#endif

typedef struct {
	unsigned long sig[64 / (8 * sizeof(unsigned long))];
} sigset_t;

#ifdef __KERNEL__
typedef union sigval {
	int sival_int;
	void *sival_ptr;
} sigval_t;
#define SIGUSR1 10
#define SIGUSR2 12
#define SIGALRM 14
#define SIGRTMIN 32
#define SIGEV_SIGNAL 0
#define SIGEV_NONE   1
#define SIGEV_THREAD 2
#define SIG_BLOCK    0
#define SIG_UNBLOCK  1
#define SIG_SETMASK  2
#endif

/* Linux's layout: what the core reads of it is the first three fields. */
struct sigevent {
	union sigval sigev_value;
	int sigev_signo;
	int sigev_notify;
	int _pad[(64 - 2 * sizeof(int) - sizeof(union sigval)) / sizeof(int)];
};

static inline int sigemptyset(sigset_t *set)
{
	for (unsigned i = 0; i < sizeof(set->sig) / sizeof(set->sig[0]); i++)
		set->sig[i] = 0;
	return 0;
}
static inline int sigfillset(sigset_t *set)
{
	for (unsigned i = 0; i < sizeof(set->sig) / sizeof(set->sig[0]); i++)
		set->sig[i] = ~0ul;
	return 0;
}
#define TX_SIG_WORD(s) (((unsigned)(s) - 1) / (8 * sizeof(unsigned long)))
#define TX_SIG_BIT(s)  (1ul << (((unsigned)(s) - 1) % (8 * sizeof(unsigned long))))
static inline int sigaddset(sigset_t *set, int s)
{
	if (s < 1 || s > 64)
		return -1;
	set->sig[TX_SIG_WORD(s)] |= TX_SIG_BIT(s);
	return 0;
}
static inline int sigdelset(sigset_t *set, int s)
{
	if (s < 1 || s > 64)
		return -1;
	set->sig[TX_SIG_WORD(s)] &= ~TX_SIG_BIT(s);
	return 0;
}
static inline int sigismember(const sigset_t *set, int s)
{
	return s >= 1 && s <= 64 && (set->sig[TX_SIG_WORD(s)] & TX_SIG_BIT(s)) != 0;
}
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Make 'sig' pending for 'thread' and wake its sigwait if it waits for
 * it; sig 0 only checks that the thread exists. 0, ESRCH, EINVAL (not
 * 0..64). Any context, a real-time interrupt handler included. O(1). */
int pthread_kill(pthread_t thread, int sig);

/* Take the lowest pending signal of 'set' (waiting until one is sent) into
 * *sig. 0, EINVAL (an empty set, a null argument, not a thread made by
 * pthread_create). O(1) plus the wait. */
int sigwait(const sigset_t *set, int *sig);

/* The calling thread's mask (SIG_BLOCK, SIG_UNBLOCK, SIG_SETMASK), kept
 * for the old set it returns: with no asynchronous delivery, a blocked and
 * an unblocked signal both stay pending until sigwait takes them. 0,
 * EINVAL. */
int pthread_sigmask(int how, const sigset_t *set, sigset_t *old);

#ifdef __cplusplus
}
#endif

#endif /* TACTUS_POSIX_SIGNAL_H */
