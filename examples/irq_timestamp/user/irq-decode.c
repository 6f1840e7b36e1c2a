// SPDX-License-Identifier: GPL-2.0
/*
 * irq-decode - read irq_timestamp records (struct irq_stamp, 32 bytes) from
 * stdin (or FILE) and print one line per second of raise time:
 *     cat /dev/rtf2 | irq-decode [-n SECONDS] [FILE]
 *   1 s:   1000 irqs, 0 lost | irq latency min 6.2 avg 6.9 max 7.6 us | task min 20.1 avg 21.0 max 21.8 us
 * "irq latency" is raise -> first instruction of the real-time handler,
 * "task" raise -> first instruction of the task the handler woke; "lost"
 * counts sequence numbers that never arrived (the FIFO was full). With -n it
 * stops after SECONDS seconds; at the end it prints a "total:" line. Exit
 * status: 0 if nothing was lost, 1 otherwise, 2 on errors.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../irq_timestamp.h"

struct latency {
	double min_us, max_us, sum_us;
};

struct stats {
	uint64_t irqs, lost;
	struct latency irq, task;
};

static void stats_reset(struct stats *s)
{
	memset(s, 0, sizeof(*s));
	s->irq.min_us = s->task.min_us = 1e300;
}

static void latency_add(struct latency *l, uint64_t from_ns, uint64_t to_ns)
{
	double us = ((double)to_ns - (double)from_ns) / 1000.0;

	if (us < l->min_us)
		l->min_us = us;
	if (us > l->max_us)
		l->max_us = us;
	l->sum_us += us;
}

static void stats_print(const char *label, const struct stats *s)
{
	printf("%s %6llu irqs, %llu lost", label, (unsigned long long)s->irqs, (unsigned long long)s->lost);
	if (s->irqs)
		printf(" | irq latency min %.1f avg %.1f max %.1f us | task min %.1f avg %.1f max %.1f us\n",
		       s->irq.min_us, s->irq.sum_us / s->irqs, s->irq.max_us, s->task.min_us,
		       s->task.sum_us / s->irqs, s->task.max_us);
	else
		printf("\n");
	fflush(stdout);
}

int main(int argc, char **argv)
{
	struct stats second, total;
	uint64_t expected = 0, second_start = 0;
	unsigned long limit_s = 0, seconds = 0;
	unsigned char buf[32768];
	size_t have = 0;
	int fd = 0, opt, first = 1;

	while ((opt = getopt(argc, argv, "n:")) != -1) {
		if (opt != 'n') {
			fprintf(stderr, "usage: %s [-n SECONDS] [FILE]\n", argv[0]);
			return 2;
		}
		limit_s = strtoul(optarg, NULL, 0);
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
			perror("irq-decode: read");
			return 2;
		}
		if (n == 0)
			break;
		have += (size_t)n;
		for (; have - off >= sizeof(struct irq_stamp); off += sizeof(struct irq_stamp)) {
			struct irq_stamp s;

			memcpy(&s, buf + off, sizeof(s));
			if (first) {
				expected = s.seq;
				second_start = s.raised_ns;
				first = 0;
			}
			if (s.raised_ns - second_start >= 1000000000ull) {
				char label[32];

				seconds++;
				snprintf(label, sizeof(label), "%3lu s:", seconds);
				stats_print(label, &second);
				stats_reset(&second);
				second_start += 1000000000ull;
				if (limit_s && seconds == limit_s)
					goto done;
			}
			if (s.seq > expected) {
				second.lost += s.seq - expected;
				total.lost += s.seq - expected;
			}
			expected = s.seq + 1;
			second.irqs++;
			total.irqs++;
			latency_add(&second.irq, s.raised_ns, s.handler_ns);
			latency_add(&total.irq, s.raised_ns, s.handler_ns);
			latency_add(&second.task, s.raised_ns, s.task_ns);
			latency_add(&total.task, s.raised_ns, s.task_ns);
		}
		memmove(buf, buf + off, have - off);
		have -= off;
	}
done:
	stats_print("total:", &total);
	return total.lost ? 1 : 0;
}
