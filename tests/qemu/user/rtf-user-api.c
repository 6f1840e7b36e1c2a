// SPDX-License-Identifier: GPL-2.0
/*
 * rtf-user-api - RTAI's user-space FIFO calls (rtai_fifos.h) against
 * tx_fifo_echo's FIFO "TXECHO" (found by rtf_getfifobyname), whose real-time task echoes what it
 * reads and posts the FIFO's semaphore after each echo:
 *     rtf-user-api
 * Prints "rtf-user-api: PASS|FAIL <check> (...)" per check and exits 0 when
 * all passed.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <rtai_fifos.h>

static int failed;

static void check(int ok, const char *name, const char *detail)
{
	printf("rtf-user-api: %s %s (%s)\n", ok ? "PASS" : "FAIL", name, detail);
	failed += !ok;
}

static double now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

int main(void)
{
	char buf[64], detail[128], dev[32];
	int fd, r, e, n;
	double t0;

	n = rtf_getfifobyname("TXECHO");
	snprintf(detail, sizeof(detail), "%d", n);
	check(n >= 0, "getfifobyname", detail);
	if (n < 0)
		return 1;
	fd = rtf_open_sized(rtf_getfifobyminor(n, dev, sizeof(dev)), O_RDWR, 4096);
	snprintf(detail, sizeof(detail), "%s: fd %d", dev, fd);
	check(fd >= 0, "open-sized", detail);
	if (fd < 0)
		return 1;

	/* An echo, waited for on the semaphore the task posts. */
	r = rtf_write_timed(fd, "ping", 4, 1000);
	e = rtf_sem_timed_wait(fd, 2000);
	snprintf(detail, sizeof(detail), "write %d, sem %d errno %d", r, e, e ? errno : 0);
	check(r == 4 && e == 0, "write-timed-then-sem-wait", detail);
	if (r != 4 || e != 0)
		return 1; /* no echo task: the reads below would wait for ever */
	memset(buf, 0, sizeof(buf));
	r = rtf_read_all_at_once(fd, buf, 4);
	snprintf(detail, sizeof(detail), "%d '%.4s'", r, buf);
	check(r == 4 && !memcmp(buf, "ping", 4), "read-all-at-once", detail);

	/* Peek, then take all or nothing. */
	rtf_write_timed(fd, "abcdef", 6, 1000);
	e = rtf_sem_wait(fd);
	r = rtf_evdrp(fd, buf, 3);
	snprintf(detail, sizeof(detail), "sem %d, evdrp %d '%.3s'", e, r, buf);
	check(e == 0 && r == 3 && !memcmp(buf, "abc", 3), "sem-wait-then-evdrp", detail);
	r = rtf_read_if(fd, buf, 10); /* only 6 there: nothing */
	e = rtf_read_if(fd, buf, 6);
	snprintf(detail, sizeof(detail), "read_if 10: %d, 6: %d '%.6s'", r, e, buf);
	check(r == 0 && e == 6 && !memcmp(buf, "abcdef", 6), "read-if-all-or-nothing", detail);

	/* Nothing posted: the timed wait times out, the read times out. */
	t0 = now_ms();
	e = rtf_sem_timed_wait(fd, 100);
	snprintf(detail, sizeof(detail), "%d errno %d after %.0f ms", e, errno, now_ms() - t0);
	check(e == -1 && errno == ETIMEDOUT && now_ms() - t0 >= 90, "sem-timed-wait-times-out", detail);
	t0 = now_ms();
	r = rtf_read_timed(fd, buf, 4, 100);
	snprintf(detail, sizeof(detail), "%d after %.0f ms", r, now_ms() - t0);
	check(r == 0 && now_ms() - t0 >= 90, "read-timed-times-out", detail);

	/* Posted from user space, taken by trywait; reset; suspend. */
	e = rtf_sem_post(fd);
	r = rtf_sem_trywait(fd);
	snprintf(detail, sizeof(detail), "post %d, trywait %d then %d", e, r, rtf_sem_trywait(fd));
	check(e == 0 && r == 1, "user-post-and-trywait", detail);
	rtf_write_timed(fd, "xyz", 3, 1000);
	rtf_sem_wait(fd);
	r = rtf_reset(fd);
	e = rtf_read_timed(fd, buf, 3, 50);
	snprintf(detail, sizeof(detail), "reset %d, then read %d", r, e);
	check(r == 0 && e == 0, "reset-discards", detail);
	t0 = now_ms();
	r = rtf_suspend_timed(fd, 30);
	snprintf(detail, sizeof(detail), "%d after %.0f ms", r, now_ms() - t0);
	check(r == 0 && now_ms() - t0 >= 25, "suspend-timed", detail);

	/* Destroyed: waiting fails with EINVAL. */
	r = rtf_sem_destroy(fd);
	e = rtf_sem_wait(fd);
	snprintf(detail, sizeof(detail), "destroy %d, wait %d errno %d", r, e, errno);
	check(r == 0 && e == -1 && errno == EINVAL, "destroyed-sem-refuses", detail);
	close(fd);
	printf("rtf-user-api: %d failed\n", failed);
	return failed != 0;
}
