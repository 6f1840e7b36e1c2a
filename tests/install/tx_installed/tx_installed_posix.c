// SPDX-License-Identifier: GPL-2.0
/*
 * tests/install/tx_installed/tx_installed_posix.c - a PSE51 module as a
 * user writes it against an installed Tactus (module.mk puts the POSIX
 * headers on the path): a thread sleeps to 100 absolute 1 ms deadlines
 * (clock_nanosleep, TIMER_ABSTIME), hands each tick through a mutex and a
 * condition variable to a second thread, which passes it on through a
 * message queue and a semaphore; init_module joins both. Prints
 * "tx_installed_posix: PASS|FAIL <name> (...)".
 */
#include <mqueue.h>
#include <pthread.h>
#include <semaphore.h>
#include <time.h>

#include <linux/module.h>
#include <linux/string.h>

#define TICKS 100

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t ticked = PTHREAD_COND_INITIALIZER;
static sem_t relayed;
static mqd_t q;
static int ticks, seen, early;

static void *ticker(void *arg)
{
	struct timespec next, now;
	int i;

	clock_gettime(CLOCK_MONOTONIC, &next);
	for (i = 0; i < TICKS; i++) {
		next.tv_nsec += 1000000;
		if (next.tv_nsec >= 1000000000) {
			next.tv_nsec -= 1000000000;
			next.tv_sec++;
		}
		clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next, NULL);
		clock_gettime(CLOCK_MONOTONIC, &now);
		if (now.tv_sec < next.tv_sec || (now.tv_sec == next.tv_sec && now.tv_nsec < next.tv_nsec))
			early++;
		pthread_mutex_lock(&lock);
		ticks++;
		pthread_cond_signal(&ticked);
		pthread_mutex_unlock(&lock);
	}
	return NULL;
}

static void *relay(void *arg)
{
	int done = 0;

	while (done < TICKS) {
		pthread_mutex_lock(&lock);
		while (ticks == done)
			pthread_cond_wait(&ticked, &lock);
		done = ticks;
		pthread_mutex_unlock(&lock);
		mq_send(q, (const char *)&done, sizeof(done), 1);
		sem_post(&relayed);
	}
	return NULL;
}

static void report(int ok, const char *name, int v)
{
	pr_info("tx_installed_posix: %s %s (%d)\n", ok ? "PASS" : "FAIL", name, v);
}

static int __init posix_init(void)
{
	struct mq_attr attr = { .mq_maxmsg = TICKS, .mq_msgsize = sizeof(int) };
	struct sched_param hi = { .sched_priority = 80 }, lo = { .sched_priority = 70 };
	pthread_attr_t a;
	pthread_t t1, t2;
	char buf[sizeof(int)];
	int last = 0, v;

	sem_init(&relayed, 0, 0);
	q = mq_open("/installed", O_CREAT | O_RDWR, 0600, &attr);
	pthread_attr_init(&a);
	pthread_attr_setschedparam(&a, &hi);
	pthread_create(&t1, &a, ticker, NULL);
	pthread_attr_setschedparam(&a, &lo);
	pthread_create(&t2, &a, relay, NULL);
	pthread_join(t1, NULL);
	pthread_join(t2, NULL);
	while (sem_trywait(&relayed) == 0)
		seen++;
	while (mq_receive(q, buf, sizeof(buf), NULL) == sizeof(int)) {
		memcpy(&v, buf, sizeof(v));
		if (v > last)
			last = v;
		if (mq_getattr(q, &attr) == 0 && attr.mq_curmsgs == 0)
			break;
	}
	report(ticks == TICKS && !early, "ticks-never-early", ticks);
	report(seen > 0 && last == TICKS, "relayed-through-cond-mq-sem", last);
	mq_close(q);
	mq_unlink("/installed");
	sem_destroy(&relayed);
	return 0;
}

static void __exit posix_exit(void)
{
}

module_init(posix_init);
module_exit(posix_exit);

MODULE_LICENSE("GPL");
