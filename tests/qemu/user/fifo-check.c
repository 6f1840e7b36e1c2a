// SPDX-License-Identifier: GPL-2.0
/*
 * fifo-check - strict reader for rtf_sampler's records ({u64 seq, u64 t_ns}):
 *     fifo-check [-z] [-p PERIOD_US] DEVICE RECORDS
 * Reads DEVICE with read sizes that change on every call (1 byte to 64 KiB,
 * so records are split at every offset and the ring wraps everywhere),
 * reassembles the records and checks that sequence numbers are exactly
 * consecutive (nothing lost, nothing duplicated or reordered) and
 * timestamps strictly increase, until RECORDS records arrived. -z: the
 * first record must be number 0 (the reader saw the stream from its start).
 * -p: also report the period statistics against PERIOD_US.
 * Prints a summary; exit status 0 if every check held.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct rec {
	uint64_t seq, t_ns;
};

int main(int argc, char **argv)
{
	static const size_t sizes[] = { 1, 7, 16, 15, 17, 33, 100, 4096, 3, 65536, 48, 4097, 1000, 9, 16384 };
	static unsigned char buf[65536 + 16];
	uint64_t want, got = 0, expected = 0, prev_t = 0, lost = 0, backwards = 0, time_errors = 0;
	uint64_t first_t = 0, pmin = UINT64_MAX, pmax = 0, reads = 0;
	int from_zero = 0, opt, fd;
	double period_us = 0;
	size_t have = 0, k = 0;

	while ((opt = getopt(argc, argv, "zp:")) != -1) {
		if (opt == 'z')
			from_zero = 1;
		else if (opt == 'p')
			period_us = atof(optarg);
		else
			return 2;
	}
	if (argc - optind != 2) {
		fprintf(stderr, "usage: %s [-z] [-p PERIOD_US] DEVICE RECORDS\n", argv[0]);
		return 2;
	}
	fd = open(argv[optind], O_RDONLY);
	if (fd < 0) {
		perror(argv[optind]);
		return 2;
	}
	want = strtoull(argv[optind + 1], NULL, 0);
	while (got < want) {
		size_t n = sizes[k++ % (sizeof(sizes) / sizeof(sizes[0]))];
		ssize_t r = read(fd, buf + have, n);
		size_t off = 0;

		if (r <= 0) {
			perror("fifo-check: read");
			return 2;
		}
		reads++;
		have += (size_t)r;
		for (; have - off >= sizeof(struct rec) && got < want; off += sizeof(struct rec)) {
			struct rec x;

			memcpy(&x, buf + off, sizeof(x));
			if (got == 0) {
				if (from_zero && x.seq != 0) {
					printf("fifo-check: first record is number %llu, not 0\n", (unsigned long long)x.seq);
					lost += x.seq;
				}
				expected = x.seq;
				first_t = x.t_ns;
			} else if (x.t_ns <= prev_t) {
				time_errors++;
			} else {
				uint64_t p = x.t_ns - prev_t;

				if (p < pmin)
					pmin = p;
				if (p > pmax)
					pmax = p;
			}
			if (x.seq > expected) {
				if (lost + backwards < 10)
					printf("fifo-check: record %llu after %llu: %llu lost\n", (unsigned long long)x.seq,
					       (unsigned long long)expected - 1, (unsigned long long)(x.seq - expected));
				lost += x.seq - expected;
			} else if (x.seq < expected) {
				if (lost + backwards < 10)
					printf("fifo-check: record %llu after %llu: out of order\n",
					       (unsigned long long)x.seq, (unsigned long long)expected - 1);
				backwards++;
			}
			if (x.seq >= expected)
				expected = x.seq + 1;
			prev_t = x.t_ns;
			got++;
		}
		memmove(buf, buf + off, have - off);
		have -= off;
	}
	printf("fifo-check: %llu records in %llu reads, numbers %llu..%llu, %.3f s of samples, lost %llu, "
	       "out of order %llu, time not increasing %llu\n",
	       (unsigned long long)got, (unsigned long long)reads, (unsigned long long)(expected - got),
	       (unsigned long long)expected - 1, (prev_t - first_t) / 1e9, (unsigned long long)lost,
	       (unsigned long long)backwards, (unsigned long long)time_errors);
	if (period_us > 0 && got > 1)
		printf("fifo-check: period min %.1f avg %.3f max %.1f us (nominal %.1f)\n", pmin / 1e3,
		       (prev_t - first_t) / 1e3 / (double)(got - 1), pmax / 1e3, period_us);
	return lost || backwards || time_errors ? 1 : 0;
}
