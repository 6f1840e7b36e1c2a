// SPDX-License-Identifier: GPL-2.0
/*
 * tests/qemu/user/rtai-pages.c - maps tx_rtai_pages's memory (RTAI's rvmmap
 * and rkmmap behind its device) and checks the patterns the module wrote;
 * a mapping longer than the memory is refused. Prints
 * "rtai-pages: PASS|FAIL <name>"; exit status 0 when all pass.
 */
#include <fcntl.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

static int failed;

static void check(int ok, const char *name)
{
	printf("rtai-pages: %s %s\n", ok ? "PASS" : "FAIL", name);
	failed += !ok;
}

static int pattern_ok(const unsigned char *p, unsigned long n, unsigned mul, unsigned add)
{
	unsigned long i;

	for (i = 0; i < n; i++)
		if (p[i] != (unsigned char)(i * mul + add))
			return 0;
	return 1;
}

int main(void)
{
	long page = sysconf(_SC_PAGESIZE);
	int fd = open("/dev/tx_rtai_pages", O_RDWR);
	unsigned char *v, *k;
	void *too_long;

	check(fd >= 0, "open");
	if (fd < 0)
		return 1;
	v = mmap(NULL, 4 * page, PROT_READ, MAP_SHARED, fd, 0);
	check(v != MAP_FAILED && pattern_ok(v, 4 * page, 7, 1), "rvmmap-pattern");
	k = mmap(NULL, 2 * page, PROT_READ, MAP_SHARED, fd, 16 * page);
	check(k != MAP_FAILED && pattern_ok(k, 2 * page, 13, 5), "rkmmap-pattern");
	too_long = mmap(NULL, 5 * page, PROT_READ, MAP_SHARED, fd, 0);
	check(too_long == MAP_FAILED, "longer-than-the-memory-refused");
	if (v != MAP_FAILED)
		munmap(v, 4 * page);
	if (k != MAP_FAILED)
		munmap(k, 2 * page);
	close(fd);
	return failed ? 1 : 0;
}
