// SPDX-License-Identifier: GPL-2.0
/*
 * shm-test - functional checks of /dev/tactus_shm (tests/qemu/scripts/
 * shm-basic.sh). Needs tactus_shm and the shm_share example loaded (its
 * task updates segment "SHMDEM" every millisecond); unloads shm_share
 * itself to check that a mapping outlives the module's rt_shm_free.
 * Prints "TACTUS-CHECK: PASS|FAIL <name>[: why]"; exit 1 on any failure.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <tactus/shm_user.h>

#include "../../../examples/shm_share/shm_share.h"

static int failures;
static void *volatile bad_ptr = (void *)16;

/* "TACTUS-CHECK: PASS|FAIL <test>/<name>", the test from $TACTUS_TEST. */
static void check(const char *name, int ok, const char *fmt, ...)
{
	const char *test = getenv("TACTUS_TEST");

	if (!test || !*test)
		test = "test";
	if (ok) {
		printf("TACTUS-CHECK: PASS %s/%s\n", test, name);
	} else {
		va_list ap;

		printf("TACTUS-CHECK: FAIL %s/%s: ", test, name);
		va_start(ap, fmt);
		vprintf(fmt, ap);
		va_end(ap);
		printf("\n");
		failures++;
	}
	fflush(stdout);
}

/* The line of /proc/tactus/shm for 'name': 1 if listed, 0 if not. */
static int proc_shm(const char *name, unsigned long *size, unsigned *refs, unsigned *maps)
{
	FILE *fp = fopen("/proc/tactus/shm", "r");
	char line[256], n[16];
	unsigned long num;
	int found = 0;

	*size = *refs = *maps = 0;
	if (!fp)
		return -1;
	while (fgets(line, sizeof(line), fp))
		if (sscanf(line, "%15s %lx %lu %u %u", n, &num, size, refs, maps) == 5 && !strcmp(n, name)) {
			found = 1;
			break;
		}
	fclose(fp);
	return found;
}

static int select_seg(int fd, const char *name, unsigned long size, unsigned long *out)
{
	struct tactus_shm_select sel = { nam2num(name), size };
	int r = ioctl(fd, TACTUS_SHM_SELECT, &sel);

	*out = sel.size;
	return r;
}

int main(void)
{
	unsigned long size, psize;
	unsigned refs, maps;
	struct stat st;
	void *p;
	int fd, r;

	setvbuf(stdout, NULL, _IOLBF, 0);
	alarm(60);

	check("device-exists-0600", stat(TACTUS_SHM_DEVICE, &st) == 0 && S_ISCHR(st.st_mode) &&
	      (st.st_mode & 0777) == 0600, "mode %o", st.st_mode & 0777);
	fd = open(TACTUS_SHM_DEVICE, O_RDWR);
	check("open", fd >= 0, "%s", strerror(errno));

	/* ---- errors ---- */
	p = mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, 0);
	check("mmap-without-select-einval", p == MAP_FAILED && errno == EINVAL, "errno %d", errno);
	errno = 0;
	r = select_seg(fd, "NOSUCH", 0, &size);
	check("select-unknown-enoent", r < 0 && errno == ENOENT, "ret %d errno %d", r, errno);
	errno = 0;
	r = ioctl(fd, 0x1234, 0);
	check("unknown-ioctl-enotty", r < 0 && errno == ENOTTY, "ret %d errno %d", r, errno);
	errno = 0;
	r = ioctl(fd, _IOWR(0xB9, 0x02, struct tactus_shm_select), 0);
	check("unknown-ioctl-same-magic-enotty", r < 0 && errno == ENOTTY, "ret %d errno %d", r, errno);
	errno = 0;
	r = ioctl(fd, TACTUS_SHM_SELECT, bad_ptr);
	check("select-bad-pointer-efault", r < 0 && errno == EFAULT, "ret %d errno %d", r, errno);
	{
		/* 1 TiB, or the most a 32-bit long holds: past any cap */
		struct tactus_shm_select sel = { nam2num("HUGE"),
						 (unsigned long)((1ull << 40) > ~0ul ? ~0ul : (1ull << 40)) };

		errno = 0;
		r = ioctl(fd, TACTUS_SHM_SELECT, &sel);
		check("select-huge-einval", r < 0 && errno == EINVAL, "ret %d errno %d", r, errno);
	}

	/* ---- the module's segment ---- */
	r = select_seg(fd, SHMDEM_NAME, 0, &size);
	check("select-module-segment", r == 0 && size == 4096, "ret %d size %lu", r, size);
	p = mmap(NULL, 8192, PROT_READ, MAP_SHARED, fd, 0);
	check("mmap-beyond-size-einval", p == MAP_FAILED && errno == EINVAL, "errno %d", errno);
	p = mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, 4096);
	check("mmap-offset-beyond-einval", p == MAP_FAILED && errno == EINVAL, "errno %d", errno);
	p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
	check("mmap-private-einval", p == MAP_FAILED && errno == EINVAL, "errno %d", errno);
	{
		volatile struct shmdem *d = mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, 0);
		u64 c1, c2;

		check("mmap-module-segment", d != MAP_FAILED, "errno %d", errno);
		if (d == MAP_FAILED)
			return 1;
		close(fd);
		for (int i = 0; i < 1000 && d->magic != SHMDEM_MAGIC; i++)
			usleep(1000);
		c1 = d->counter;
		usleep(50000);
		c2 = d->counter;
		check("sees-task-updates", d->magic == SHMDEM_MAGIC && c2 > c1, "magic %#x counter %llu -> %llu",
		      d->magic, (unsigned long long)c1, (unsigned long long)c2);
		r = proc_shm(SHMDEM_NAME, &psize, &refs, &maps);
		/* refs: the module's and our file's (a mapping keeps its file open). */
		check("proc-lists-module-segment", r == 1 && psize == 4096 && refs == 2 && maps == 1,
		      "listed %d size %lu refs %u maps %u", r, psize, refs, maps);
		{
			pid_t child = fork();
			int status = -1;

			if (child == 0) {
				unsigned long s2;
				unsigned r2, m2;

				proc_shm(SHMDEM_NAME, &s2, &r2, &m2);
				_exit(m2 == 2 && d->magic == SHMDEM_MAGIC ? 0 : 1);
			}
			waitpid(child, &status, 0);
			proc_shm(SHMDEM_NAME, &psize, &refs, &maps);
			check("fork-counts-mapping", WIFEXITED(status) && WEXITSTATUS(status) == 0 && maps == 1,
			      "child status %#x, maps after %u", status, maps);
		}
		/* The module goes: its rt_shm_free drops its reference, the
		 * mapping keeps the memory. */
		r = system("rmmod shm_share");
		check("rmmod-module-while-mapped", r == 0, "system %d", r);
		r = proc_shm(SHMDEM_NAME, &psize, &refs, &maps);
		check("mapping-keeps-segment", r == 1 && refs == 1 && maps == 1, "listed %d refs %u maps %u", r, refs,
		      maps);
		c1 = d->counter;
		usleep(20000);
		check("memory-still-readable", d->magic == SHMDEM_MAGIC && d->counter == c1, "counter %llu -> %llu",
		      (unsigned long long)c1, (unsigned long long)d->counter);
		munmap((void *)d, 4096);
		r = proc_shm(SHMDEM_NAME, &psize, &refs, &maps);
		check("unmap-frees-segment", r == 0, "still listed, refs %u maps %u", refs, maps);
	}

	/* ---- a segment created from user space ---- */
	{
		size_t s1 = 0, s2 = 0;
		char *a = tactus_shm_map("UTEST", 10000, &s1);
		char *b = tactus_shm_map("UTEST", 0, &s2);
		int zero = 1;

		check("user-create", a && s1 == 12288, "addr %p size %zu errno %d", a, s1, errno);
		check("user-map-again", b && s2 == 12288 && b != a, "addr %p size %zu", b, s2);
		if (!a || !b)
			return 1;
		for (size_t i = 0; i < s1; i++)
			zero &= a[i] == 0;
		check("user-segment-zeroed", zero, "nonzero byte");
		strcpy(a + 5000, "shared");
		check("two-mappings-share", !strcmp(b + 5000, "shared"), "got '%.6s'", b + 5000);
		r = proc_shm("UTEST", &psize, &refs, &maps);
		check("proc-user-segment", r == 1 && psize == 12288 && refs == 2 && maps == 2,
		      "listed %d size %lu refs %u maps %u", r, psize, refs, maps);
		/* A partial munmap splits the vma: the count follows. */
		munmap(a + 4096, 4096);
		r = proc_shm("UTEST", &psize, &refs, &maps);
		check("split-counts-mapping", r == 1 && maps == 3, "maps %u", maps);
		munmap(a, 4096);
		munmap(a + 8192, 4096);
		check("unmap-one-keeps", proc_shm("UTEST", &psize, &refs, &maps) == 1 && refs == 1 && maps == 1,
		      "refs %u maps %u", refs, maps);
		check("data-survives", !strcmp(b + 5000, "shared"), "lost");
		tactus_shm_unmap(b, s2);
		check("last-unmap-frees", proc_shm("UTEST", &psize, &refs, &maps) == 0, "still listed");
	}

	/* ---- the file's reference and re-selection ---- */
	fd = open(TACTUS_SHM_DEVICE, O_RDWR);
	r = select_seg(fd, "FILREF", 100, &size);
	check("file-holds-reference", r == 0 && size == 4096 && proc_shm("FILREF", &psize, &refs, &maps) == 1 &&
	      refs == 1 && maps == 0, "ret %d size %lu refs %u maps %u", r, size, refs, maps);
	r = select_seg(fd, "OTHER", 100, &size);
	check("reselect-drops-previous", r == 0 && proc_shm("FILREF", &psize, &refs, &maps) == 0,
	      "FILEREF still listed");
	p = mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, 0);
	check("mmap-after-reselect", p != MAP_FAILED, "errno %d", errno);
	close(fd);
	check("mapping-keeps-after-close", proc_shm("OTHER", &psize, &refs, &maps) == 1 && refs == 1 && maps == 1,
	      "refs %u maps %u", refs, maps);
	munmap(p, 4096);
	check("gone-after-unmap", proc_shm("OTHER", &psize, &refs, &maps) == 0, "still listed");

	/* ---- RTAI's user calls ---- */
	{
		int *m = rtai_malloc(nam2num("RTAIM"), 5000);

		check("rtai_malloc", m && m[0] == 0 && m[1023] == 0, "addr %p errno %d", (void *)m, errno);
		if (m) {
			m[10] = 42;
			r = rtai_free(nam2num("RTAIM"), m);
			check("rtai_free-returns-size", r == 8192, "ret %d", r);
			check("rtai_free-frees", proc_shm("RTAIM", &psize, &refs, &maps) == 0, "still listed");
		}
		check("rtai_malloc-unknown-size-0", rtai_malloc(nam2num("NOSUCH"), 0) == NULL && errno == ENOENT,
		      "errno %d", errno);
	}
	/* ---- /dev/rtai_shm: RTAI's name for the same device ---- */
	{
		struct tactus_shm_select sel = { nam2num("RTDEV"), 4096 };
		int fd2 = open(RTAI_SHM_DEV, O_RDWR);
		int *a = NULL, *b;

		check("rtai-shm-device-0600", stat(RTAI_SHM_DEV, &st) == 0 && S_ISCHR(st.st_mode) &&
		      (st.st_mode & 0777) == 0600, "mode %o", st.st_mode & 0777);
		r = fd2 < 0 ? -1 : ioctl(fd2, TACTUS_SHM_SELECT, &sel);
		if (r == 0)
			a = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd2, 0);
		b = tactus_shm_map_num(nam2num("RTDEV"), 0, NULL);
		if (a && a != MAP_FAILED && b)
			a[7] = 1234;
		check("rtai-shm-same-segments", a && a != MAP_FAILED && b && b[7] == 1234, "ret %d errno %d", r, errno);
		if (a && a != MAP_FAILED)
			munmap(a, 4096);
		if (b)
			munmap(b, 4096);
		if (fd2 >= 0)
			close(fd2);
		check("rtai-shm-gone-after-both", proc_shm("RTDEV", &psize, &refs, &maps) == 0, "still listed");
	}
	printf("shm-test: %d failure(s)\n", failures);
	return failures ? 1 : 0;
}
