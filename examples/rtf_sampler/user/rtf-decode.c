// SPDX-License-Identifier: GPL-2.0
/*
 * rtf-decode - read rtf_sampler records ({seq, t_ns}, 16 bytes) from stdin
 * (or FILE) and print one line per second of sample time:
 *     cat /dev/rtf0 | rtf-decode [-n SECONDS] [FILE]
 *   1 s:  10000 samples, 0 lost, period min 99.9 avg 100.0 max 100.1 us
 * "lost" counts sequence numbers that never arrived (the FIFO was full),
 * "reordered" records whose number went backwards. With -n it stops after
 * SECONDS seconds of samples; at the end it prints a "total:" line. Exit
 * status: 0 if nothing was lost or reordered, 1 otherwise, 2 on errors.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../rtf_sampler.h"

struct period_stats {
	uint64_t samples, lost, reordered, periods;
	double min_us, max_us, sum_us;
};

static void stats_reset(struct period_stats *s)
{
	memset(s, 0, sizeof(*s));
	s->min_us = 1e300;
}

static void stats_print(const char *label, const struct period_stats *s)
{
	printf("%s %6llu samples, %llu lost, %llu reordered, period", label, (unsigned long long)s->samples,
	       (unsigned long long)s->lost, (unsigned long long)s->reordered);
	if (s->periods)
		printf(" min %.1f avg %.1f max %.1f us\n", s->min_us, s->sum_us / s->periods, s->max_us);
	else
		printf(" -\n");
	fflush(stdout);
}

int main(int argc, char **argv)
{
	struct period_stats second, total;
	uint64_t expected = 0, prev_seq = 0, prev_t = 0, start_t = 0, second_start = 0;
	unsigned long limit_s = 0, seconds = 0;
	unsigned char buf[65536];
	size_t have = 0;
	int fd = 0, opt, first = 1;

	while ((opt = getopt(argc, argv, "n:")) != -1) {
		if (opt == 'n') {
			limit_s = strtoul(optarg, NULL, 0);
		} else {
			fprintf(stderr, "usage: %s [-n SECONDS] [FILE]\n", argv[0]);
			return 2;
		}
	}
	if (optind < argc && (fd = open(argv[optind], O_RDONLY)) < 0) {
		perror(argv[optind]);
		return 2;
	}
	stats_reset(&second);
	stats_reset(&total);
	for (;;) {
		ssize_t n = read(fd, buf + have, sizeof(buf) - have);
		size_t off = 0;

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			perror("rtf-decode: read");
			return 2;
		}
		if (n == 0)
			break;
		have += (size_t)n;
		for (; have - off >= sizeof(struct rtf_sample); off += sizeof(struct rtf_sample)) {
			struct rtf_sample r;

			memcpy(&r, buf + off, sizeof(r)); /* records need not be aligned in buf */
			if (first) {
				first = 0;
				expected = r.seq;
				start_t = second_start = r.t_ns;
			}
			while (r.t_ns - second_start >= 1000000000ull && r.t_ns > second_start) {
				char label[32];

				snprintf(label, sizeof(label), "%4lu s:", ++seconds);
				stats_print(label, &second);
				stats_reset(&second);
				second_start += 1000000000ull;
				if (limit_s && seconds >= limit_s)
					goto done;
			}
			if (r.seq > expected) {
				second.lost += r.seq - expected;
				total.lost += r.seq - expected;
			} else if (r.seq < expected) {
				second.reordered++;
				total.reordered++;
			}
			if (r.seq >= expected)
				expected = r.seq + 1;
			if (total.samples && r.seq == prev_seq + 1 && r.t_ns > prev_t) {
				double us = (double)(r.t_ns - prev_t) / 1000.0;
				struct period_stats *all[2] = { &second, &total };

				for (int i = 0; i < 2; i++) {
					all[i]->periods++;
					all[i]->sum_us += us;
					if (us < all[i]->min_us)
						all[i]->min_us = us;
					if (us > all[i]->max_us)
						all[i]->max_us = us;
				}
			}
			second.samples++;
			total.samples++;
			prev_seq = r.seq;
			prev_t = r.t_ns;
		}
		memmove(buf, buf + off, have - off);
		have -= off;
	}
done:
	printf("total: %.3f s,", (double)(prev_t - start_t) / 1e9);
	stats_print("", &total);
	return total.lost || total.reordered ? 1 : 0;
}
