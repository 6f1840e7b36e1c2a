// SPDX-License-Identifier: GPL-2.0
/*
 * fifo-test - functional checks of /dev/rtfN (tests/qemu/scripts/fifo-basic.sh).
 * Needs tactus_fifo (count=64) and the rtf_sampler example loaded with
 * fifo=0 cmd_fifo=1: FIFO 0 carries 16-byte samples, FIFO 1 is a command
 * FIFO whose handler answers "echo TEXT" with TEXT and fails unknown
 * commands with EINVAL. FIFO 5 is free: plain open() creates it.
 * Prints "TACTUS-CHECK: PASS|FAIL <name>[: why]" per check; exit 1 on any
 * failure.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <rtai_fifos.h>

static int failures;
/* An address no program maps (volatile: the compiler must not reason about it). */
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

struct proc_fifo {
	unsigned long size, opens, to_linux, to_rt, puts, refused, overwrites, gets;
};

/* One line of /proc/tactus/fifos; 0 if FIFO f is not listed (not open). */
static int proc_fifo(unsigned f, struct proc_fifo *p)
{
	FILE *fp = fopen("/proc/tactus/fifos", "r");
	char line[256], name[32];
	unsigned n;
	int found = 0;

	if (!fp)
		return -1;
	while (fgets(line, sizeof(line), fp)) {
		if (sscanf(line, "%u %31s %lu %lu %lu %lu %lu %lu %lu %lu", &n, name, &p->size, &p->opens,
			   &p->to_linux, &p->to_rt, &p->puts, &p->refused, &p->overwrites, &p->gets) == 10 &&
		    n == f) {
			found = 1;
			break;
		}
	}
	fclose(fp);
	return found;
}

static int rtf_major(void)
{
	FILE *fp = fopen("/proc/devices", "r");
	char line[128], name[64];
	int major = -1, m;

	if (!fp)
		return -1;
	while (fgets(line, sizeof(line), fp))
		if (sscanf(line, "%d %63s", &m, name) == 2 && !strcmp(name, "rtf"))
			major = m;
	fclose(fp);
	return major;
}

static int revents(int fd)
{
	struct pollfd p = { .fd = fd, .events = POLLIN | POLLOUT };

	return poll(&p, 1, 0) == 1 ? p.revents : 0;
}

/* Read one reply line from the command FIFO (blocking). */
static int read_line(int fd, char *buf, size_t len)
{
	size_t n = 0;

	while (n + 1 < len) {
		ssize_t r = read(fd, buf + n, 1);

		if (r <= 0)
			return -1;
		if (buf[n++] == '\n')
			break;
	}
	buf[n] = '\0';
	return (int)n;
}

int main(void)
{
	struct proc_fifo pf;
	struct stat st;
	char buf[8192], line[128];
	long r;
	int fd5, fd5b, cmd, data, major;

	setvbuf(stdout, NULL, _IOLBF, 0);
	alarm(60); /* a hung blocking call fails the test instead of the run */

	/* ---- nodes ---- */
	check("nodes-exist", stat("/dev/rtf0", &st) == 0 && stat("/dev/rtf63", &st) == 0, "no /dev/rtf0 or rtf63");
	check("node-mode-0600", stat("/dev/rtf63", &st) == 0 && (st.st_mode & 0777) == 0600, "mode %o",
	      st.st_mode & 0777);
	check("no-node-beyond-count", stat("/dev/rtf64", &st) < 0 && errno == ENOENT, "/dev/rtf64 exists");
	major = rtf_major();
	check("major-in-proc-devices", major > 0, "no rtf in /proc/devices");
	unlink("/tmp/rtf200");
	if (major > 0 && mknod("/tmp/rtf200", S_IFCHR | 0600, makedev(major, 200)) == 0) {
		int fd = open("/tmp/rtf200", O_RDWR);

		check("open-beyond-count-enodev", fd < 0 && errno == ENODEV, "fd %d errno %d", fd, errno);
		if (fd >= 0)
			close(fd);
		unlink("/tmp/rtf200");
	} else {
		check("open-beyond-count-enodev", 0, "mknod: %s", strerror(errno));
	}

	/* ---- open creates, each open counts ---- */
	check("fifo5-closed-before", proc_fifo(5, &pf) == 0, "FIFO 5 already open");
	fd5 = open("/dev/rtf5", O_RDWR | O_NONBLOCK);
	check("open-creates", fd5 >= 0 && proc_fifo(5, &pf) == 1 && pf.size == 1000 && pf.opens == 1,
	      "fd %d size %lu opens %lu", fd5, pf.size, pf.opens);
	fd5b = open("/dev/rtf5", O_RDONLY | O_NONBLOCK);
	check("second-open-counts", fd5b >= 0 && proc_fifo(5, &pf) == 1 && pf.opens == 2, "opens %lu", pf.opens);

	/* ---- nonblocking, poll, FIONREAD ---- */
	errno = 0;
	r = read(fd5, buf, 10);
	check("read-empty-eagain", r < 0 && errno == EAGAIN, "read %ld errno %d", r, errno);
	check("poll-empty", (revents(fd5) & (POLLIN | POLLOUT)) == POLLOUT, "revents %#x", revents(fd5));
	r = write(fd5, "", 0);
	check("write-zero", r == 0, "write(0) = %ld", r);
	memset(buf, 'a', sizeof(buf));
	r = write(fd5, buf, 100);
	check("write-100", r == 100 && proc_fifo(5, &pf) == 1 && pf.to_rt == 100, "write %ld to-rt %lu", r,
	      pf.to_rt);
	{
		int avail = -1;

		check("fionread-other-direction", ioctl(fd5, FIONREAD, &avail) == 0 && avail == 0,
		      "FIONREAD %d", avail);
	}
	r = write(fd5, buf, 2000);
	check("write-nonblock-partial", r == 900, "write(2000) = %ld (room was 900)", r);
	errno = 0;
	r = write(fd5, buf, 10);
	check("write-full-eagain", r < 0 && errno == EAGAIN, "write %ld errno %d", r, errno);
	check("poll-full", (revents(fd5) & POLLOUT) == 0, "revents %#x", revents(fd5));

	/* ---- ioctls on FIFO 5 ---- */
	r = ioctl(fd5, RESET, 0);
	check("ioctl-reset", r == 0 && proc_fifo(5, &pf) == 1 && pf.to_rt == 0, "ret %ld to-rt %lu", r, pf.to_rt);
	check("poll-room-after-reset", revents(fd5) & POLLOUT, "revents %#x", revents(fd5));
	r = write(fd5, buf, 500);
	/* RTAI's RESIZE (2) never reaches the driver: the VFS takes command 2
	 * as FIGETBSZ. OPEN_SIZED grows from user space, RTF_RESIZE resizes. */
	r = ioctl(fd5, OPEN_SIZED, 4096);
	check("ioctl-open-sized-grows-keeps-data",
	      r == 0 && proc_fifo(5, &pf) == 1 && pf.size == 4096 && pf.to_rt == 500 && pf.opens == 2,
	      "ret %ld size %lu to-rt %lu opens %lu", r, pf.size, pf.to_rt, pf.opens);
	r = ioctl(fd5, OPEN_SIZED, 100);
	check("ioctl-open-sized-never-shrinks", r == 0 && proc_fifo(5, &pf) == 1 && pf.size == 4096,
	      "ret %ld size %lu", r, pf.size);
	errno = 0;
	r = ioctl(fd5, RTF_RESIZE, 100);
	check("ioctl-resize-too-small-ebusy", r < 0 && errno == EBUSY && proc_fifo(5, &pf) == 1 && pf.size == 4096 &&
	      pf.to_rt == 500, "ret %ld errno %d size %lu to-rt %lu", r, errno, pf.size, pf.to_rt);
	r = ioctl(fd5, RTF_RESIZE, 1024);
	check("ioctl-resize-keeps-data", r == 1024 && proc_fifo(5, &pf) == 1 && pf.size == 1024 && pf.to_rt == 500,
	      "ret %ld size %lu to-rt %lu", r, pf.size, pf.to_rt);
	r = ioctl(fd5, RTF_RESIZE, 4096);
	check("ioctl-resize-grows", r == 4096 && proc_fifo(5, &pf) == 1 && pf.size == 4096 && pf.to_rt == 500,
	      "ret %ld size %lu to-rt %lu", r, pf.size, pf.to_rt);
	errno = 0;
	r = ioctl(fd5, RTF_RESIZE, 0);
	check("ioctl-resize-zero-einval", r < 0 && errno == EINVAL, "ret %ld errno %d", r, errno);
	r = lseek(fd5, 0, SEEK_SET);
	check("lseek-resets", r == 0 && proc_fifo(5, &pf) == 1 && pf.to_rt == 0, "ret %ld to-rt %lu", r, pf.to_rt);
	{
		struct rt_fifo_io io = { .buf = buf, .count = 5000 };

		r = ioctl(fd5, OVRWRITE, &io);
		check("ioctl-ovrwrite", r == 5000 && proc_fifo(5, &pf) == 1 && pf.to_rt == 4096,
		      "ret %ld to-rt %lu", r, pf.to_rt);
		{
			/* A count far beyond the FIFO: only the newest 4096 bytes
			 * can stay, and only they are read (the rest is not even
			 * accessible: before, the copy walked it all, holding the
			 * FIFO's mutex, and failed with EFAULT). */
			size_t big = 64u << 20;
			char *region = mmap(NULL, big, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
			struct rt_fifo_io huge = { .buf = region, .count = big };

			if (region != MAP_FAILED && mprotect(region + big - 4096, 4096, PROT_READ | PROT_WRITE) == 0) {
				memset(region + big - 4096, 'T', 4096);
				r = ioctl(fd5, OVRWRITE, &huge);
				check("ioctl-ovrwrite-huge-reads-only-what-stays",
				      r == (long)big && proc_fifo(5, &pf) == 1 && pf.to_rt == 4096,
				      "ret %ld errno %d to-rt %lu", r, errno, pf.to_rt);
				munmap(region, big);
			} else {
				check("ioctl-ovrwrite-huge-reads-only-what-stays", 0, "mmap/mprotect failed");
			}
		}
		io.count = 10;
		errno = 0;
		r = ioctl(fd5, WRITE_IF, &io);
		check("ioctl-write-if-full", r < 0 && errno == EAGAIN, "ret %ld errno %d", r, errno);
		ioctl(fd5, RESET, 0);
		r = ioctl(fd5, WRITE_IF, &io);
		check("ioctl-write-if", r == 10, "ret %ld", r);
		io.delay_ms = 0;
		io.count = 10;
		errno = 0;
		r = ioctl(fd5, READ_TIMED, &io);
		check("ioctl-read-timed-0-eagain", r < 0 && errno == EAGAIN, "ret %ld errno %d", r, errno);
		io.delay_ms = 30;
		r = ioctl(fd5, READ_TIMED, &io);
		check("ioctl-read-timed-timeout", r == 0, "ret %ld", r);
		io.count = 1;
		r = ioctl(fd5, READ_IF, &io);
		check("ioctl-read-if-empty", r == 0, "ret %ld", r);
		io.count = 100;
		io.delay_ms = 20;
		r = ioctl(fd5, WRITE_TIMED, &io);
		check("ioctl-write-timed", r == 100, "ret %ld", r);
		io.count = 5000;
		errno = 0;
		r = ioctl(fd5, READ_ALL_AT_ONCE, &io);
		check("ioctl-read-all-at-once-too-big", r < 0 && errno == EINVAL, "ret %ld errno %d", r, errno);
	}
	r = ioctl(fd5, OPEN_SIZED, 8192);
	check("ioctl-open-sized", r == 0 && proc_fifo(5, &pf) == 1 && pf.size == 8192 && pf.opens == 2,
	      "ret %ld size %lu opens %lu", r, pf.size, pf.opens);
	r = ioctl(fd5, RTF_GET_N_FIFOS, 0);
	check("ioctl-get-n-fifos", r == 64, "ret %ld", r);
	errno = 0;
	r = ioctl(fd5, RTF_NAME_LOOKUP, "nosuchfifo");
	check("ioctl-name-lookup-unknown", r < 0 && errno == ENODEV, "ret %ld errno %d", r, errno);
	errno = 0;
	r = ioctl(fd5, RTF_NAME_LOOKUP, "a-name-much-too-long-for-rtai");
	check("ioctl-name-lookup-too-long", r < 0 && errno == EINVAL, "ret %ld errno %d", r, errno);
	errno = 0;
	r = ioctl(fd5, 0x1234, 0);
	check("ioctl-unknown-einval", r < 0 && errno == EINVAL, "ret %ld errno %d", r, errno);
	check("isatty-no", !isatty(fd5) && errno == ENOTTY, "errno %d", errno);

	/* ---- bad user pointers ---- */
	errno = 0;
	r = write(fd5, bad_ptr, 10);
	check("write-bad-pointer-efault", r < 0 && errno == EFAULT, "ret %ld errno %d", r, errno);
	errno = 0;
	r = ioctl(fd5, OVRWRITE, bad_ptr);
	check("ioctl-bad-arg-efault", r < 0 && errno == EFAULT, "ret %ld errno %d", r, errno);
	errno = 0;
	r = ioctl(fd5, FIONREAD, bad_ptr);
	check("fionread-bad-pointer-efault", r < 0 && errno == EFAULT, "ret %ld errno %d", r, errno);
	errno = 0;
	r = ioctl(fd5, RTF_NAME_LOOKUP, bad_ptr);
	check("name-lookup-bad-pointer-efault", r < 0 && errno == EFAULT, "ret %ld errno %d", r, errno);

	/* ---- both directions through the command FIFO and its handler ---- */
	cmd = open("/dev/rtf1", O_RDWR);
	check("open-cmd-fifo", cmd >= 0, "%s", strerror(errno));
	r = write(cmd, "echo hello tactus\n", 18);
	check("cmd-write", r == 18, "ret %ld errno %d", r, errno);
	check("cmd-poll-readable", revents(cmd) & POLLIN, "revents %#x", revents(cmd));
	r = read_line(cmd, line, sizeof(line));
	check("handler-echo-roundtrip", r > 0 && !strcmp(line, "hello tactus\n"), "got '%s'", line);
	errno = 0;
	r = write(cmd, "bogus\n", 6);
	check("handler-error-becomes-result", r < 0 && errno == EINVAL, "ret %ld errno %d", r, errno);
	read_line(cmd, line, sizeof(line));
	check("handler-error-reply", !strncmp(line, "error:", 6), "got '%s'", line);
	{
		/* A reader blocked on an empty FIFO is woken by data put from
		 * Linux context (the handler's reply). */
		pid_t child = fork();

		if (child == 0) {
			int n = read_line(cmd, line, sizeof(line));

			_exit(n > 0 && !strcmp(line, "wake\n") ? 0 : 1);
		}
		usleep(200000);
		write(cmd, "echo wake\n", 10);
		int status = -1;

		waitpid(child, &status, 0);
		check("blocked-reader-woken", WIFEXITED(status) && WEXITSTATUS(status) == 0, "status %#x", status);
	}
	r = write(cmd, "stats\n", 6);
	read_line(cmd, line, sizeof(line));
	{
		unsigned long long samples = 0, refused = 0, calls = 0;

		sscanf(line, "samples %llu refused %llu handler-calls %llu", &samples, &refused, &calls);
		check("handler-called-per-read-and-write", calls >= 8, "line '%s'", line);
		check("sampler-running", samples > 0, "line '%s'", line);
	}

	/* ---- the real-time data FIFO ---- */
	data = open("/dev/rtf0", O_RDONLY);
	check("open-data-fifo", data >= 0, "%s", strerror(errno));
	{
		unsigned long long rec[2], peek1[2], peek2[2], after[2];
		struct rt_fifo_io io = { .buf = peek1, .count = 16 };
		int avail = -1;

		r = read(data, buf, sizeof(buf)); /* drain, then wait for the task */
		ioctl(data, RESET, 0);
		r = read(data, rec, 16); /* blocking: woken through irq_work by rtf_put */
		check("blocking-read-woken-by-rt-task", r == 16, "ret %ld", r);
		usleep(20000);
		check("fionread", ioctl(data, FIONREAD, &avail) == 0 && avail > 0 && avail % 16 == 0,
		      "FIONREAD %d", avail);
		r = ioctl(data, EAVESDROP, &io);
		check("ioctl-eavesdrop", r == 16 && peek1[0] == rec[0] + 1, "ret %ld seq %llu after %llu", r,
		      peek1[0], rec[0]);
		errno = 0;
		r = read(data, bad_ptr, 64);
		check("read-bad-pointer-efault", r < 0 && errno == EFAULT, "ret %ld errno %d", r, errno);
		io.buf = peek2;
		r = ioctl(data, EAVESDROP, &io);
		check("efault-consumed-nothing", r == 16 && peek2[0] == peek1[0], "seq %llu, was %llu", peek2[0],
		      peek1[0]);
		/* A buffer that ends in the middle of a record: the part before
		 * the bad page arrives, nothing after it is lost. */
		{
			char *page = aligned_alloc(4096, 8192);
			unsigned char next[16];

			r = -1;
			errno = 0;
			if (page && mprotect(page + 4096, 4096, PROT_NONE) == 0)
				r = read(data, page + 4096 - 8, 64);
#ifdef __arm__
			/* 32-bit ARM's copy_to_user stores 32-byte blocks with one
			 * stm and reports a block that faults as not copied at all
			 * (arch/arm/lib/copy_template.S; Linux lets a copy stop short
			 * of the fault): there the read fails and keeps the record. */
			if (r < 0 && errno == EFAULT) {
				io.buf = next;
				r = ioctl(data, EAVESDROP, &io);
				check("read-partial-fault", r == 16 && !memcmp(next, peek1, 16),
				      "EFAULT, then eavesdrop %ld", r);
				r = 0;
			} else
#endif
			check("read-partial-fault", r > 0 && r <= 8 && !memcmp(page + 4096 - 8, peek1, r),
			      "ret %ld", r);
			io.buf = next;
			if (r > 0 && r <= 8) {
				long got = ioctl(data, EAVESDROP, &io);

				check("partial-fault-kept-rest", got == 16 && !memcmp(next, (char *)peek1 + r, 16 - r),
				      "eavesdrop %ld", got);
			}
			(void)after;
		}
	}
	close(fd5b);
	check("close-drops-reference", proc_fifo(5, &pf) == 1 && pf.opens == 1, "opens %lu", pf.opens);
	close(fd5);
	check("last-close-destroys", proc_fifo(5, &pf) == 0, "FIFO 5 still open");
	close(data);
	close(cmd);
	printf("fifo-test: %d failure(s)\n", failures);
	return failures ? 1 : 0;
}
