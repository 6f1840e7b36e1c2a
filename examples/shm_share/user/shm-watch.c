// SPDX-License-Identifier: GPL-2.0
/*
 * shm-watch - map the "SHMDEM" segment of shm_share.ko and check what the
 * real-time task publishes there, once per second for SECONDS seconds:
 *     shm-watch [-t SECONDS] [-P]
 * Each snapshot (taken under the segment's sequence lock) must carry the
 * magic, a counter that never goes back, a timestamp that advances with
 * it, and a sine table equal to the integer formula of shm_share.h and
 * within 2 counts of libm's sin() for that timestamp. -P also checks the
 * task's period from counter and timestamps (only meaningful in a
 * deterministic setting, e.g. QEMU -icount). Exit status 0 if all held.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <tactus/shm_user.h>

#include "../shm_share.h"

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* A consistent copy of the segment; returns the retries it took. */
static unsigned snapshot(const volatile struct shmdem *shm, struct shmdem *out)
{
	unsigned retries = 0;

	for (;;) {
		u32 s1 = shm->seq, s2;

		__atomic_thread_fence(__ATOMIC_ACQUIRE);
		memcpy(out, (const void *)shm, sizeof(*out));
		__atomic_thread_fence(__ATOMIC_ACQUIRE);
		s2 = shm->seq;
		if (s1 == s2 && !(s1 & 1))
			return retries;
		retries++;
	}
}

int main(int argc, char **argv)
{
	double seconds = 3, t0, next_print;
	int check_period = 0, opt, errors = 0;
	u64 first_counter = 0, first_t = 0, last_counter = 0, last_t = 0, snaps = 0, retries = 0;
	int max_err_libm = 0;
	struct shmdem s;
	size_t size = 0;
	volatile struct shmdem *shm;

	while ((opt = getopt(argc, argv, "t:P")) != -1) {
		if (opt == 't') {
			seconds = atof(optarg);
		} else if (opt == 'P') {
			check_period = 1;
		} else {
			fprintf(stderr, "usage: %s [-t SECONDS] [-P]\n", argv[0]);
			return 2;
		}
	}
	shm = tactus_shm_map(SHMDEM_NAME, 0, &size);
	if (!shm) {
		fprintf(stderr, "shm-watch: FAIL: cannot map %s: %s (is shm_share.ko loaded?)\n", SHMDEM_NAME,
			strerror(errno));
		return 1;
	}
	if (size < sizeof(struct shmdem)) {
		fprintf(stderr, "shm-watch: FAIL: %s is %zu bytes, want %zu\n", SHMDEM_NAME, size, sizeof(s));
		return 1;
	}
	t0 = now_s();
	while (shm->magic != SHMDEM_MAGIC && now_s() - t0 < 2)
		usleep(1000);
	t0 = next_print = now_s();
	while (now_s() - t0 < seconds) {
		retries += snapshot(shm, &s);
		snaps++;
		if (s.magic != SHMDEM_MAGIC || s.version != SHMDEM_VERSION) {
			printf("shm-watch: bad magic %#x version %u\n", s.magic, s.version);
			errors++;
			break;
		}
		if (s.counter < last_counter || (s.counter > last_counter && last_counter && s.t_ns <= last_t)) {
			printf("shm-watch: went back: counter %llu t %llu after counter %llu t %llu\n",
			       (unsigned long long)s.counter, (unsigned long long)s.t_ns,
			       (unsigned long long)last_counter, (unsigned long long)last_t);
			errors++;
		}
		for (int i = 0; i < SHMDEM_SAMPLES; i++) {
			double x = 2 * M_PI * 1000.0 * ((double)(s.t_ns % 1000000) + i * SHMDEM_SAMPLE_NS) * 1e-9;
			int ref = (int)lround(SHMDEM_AMPLITUDE * sin(x));
			int err = abs(s.sine[i] - ref);

			if (err > max_err_libm)
				max_err_libm = err;
			if (s.sine[i] != shmdem_sample(s.t_ns, i) || err > 2) {
				if (errors < 5)
					printf("shm-watch: counter %llu sample %d = %d, want %d (libm %d)\n",
					       (unsigned long long)s.counter, i, s.sine[i], shmdem_sample(s.t_ns, i), ref);
				errors++;
			}
		}
		if (!first_counter) {
			first_counter = s.counter;
			first_t = s.t_ns;
		}
		last_counter = s.counter;
		last_t = s.t_ns;
		if (now_s() >= next_print) {
			printf("shm-watch: counter %8llu  t %12.6f s  sine[0] %6d  snapshots %llu  retries %llu\n",
			       (unsigned long long)s.counter, s.t_ns / 1e9, s.sine[0], (unsigned long long)snaps,
			       (unsigned long long)retries);
			fflush(stdout);
			next_print += 1;
		}
		usleep(2000);
	}
	if (last_counter <= first_counter) {
		printf("shm-watch: the counter did not advance (%llu)\n", (unsigned long long)last_counter);
		errors++;
	}
	if (check_period && last_counter > first_counter) {
		double period_us = (double)(last_t - first_t) / (double)(last_counter - first_counter) / 1000.0;

		printf("shm-watch: period %.3f us (task's %u us)\n", period_us, s.period_us);
		if (fabs(period_us - s.period_us) > s.period_us * 0.01) {
			printf("shm-watch: period off by more than 1%%\n");
			errors++;
		}
	}
	printf("shm-watch: %s: %llu updates seen over %.1f s, %llu snapshots, %llu retries, max error vs libm %d, "
	       "%d error(s)\n", errors ? "FAIL" : "OK", (unsigned long long)(last_counter - first_counter),
	       now_s() - t0, (unsigned long long)snaps, (unsigned long long)retries, max_err_libm, errors);
	tactus_shm_unmap((void *)shm, size);
	return errors ? 1 : 0;
}
