// SPDX-License-Identifier: GPL-2.0
/*
 * as-nobody - open files as an unprivileged user:
 *     as-nobody [-r] PATH...
 * Drops to uid and gid 65534 (nobody), then opens each PATH for reading
 * (and writing, for character devices). Prints one line per PATH, "PATH:
 * refused (ERRNO)" or "PATH: opened". Exit status 0 if every PATH was
 * refused with EACCES or EPERM; with -r, 0 if every PATH could be opened
 * (what stays readable by everyone). 2: bad usage, or the drop failed.
 */
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	int i = 1, want_open = 0, ok = 1;

	if (argc > 1 && !strcmp(argv[1], "-r")) {
		want_open = 1;
		i++;
	}
	if (i >= argc) {
		fprintf(stderr, "usage: as-nobody [-r] PATH...\n");
		return 2;
	}
	if (setgroups(0, NULL) || setgid(65534) || setuid(65534) || getuid() != 65534) {
		perror("as-nobody: dropping to uid 65534");
		return 2;
	}
	for (; i < argc; i++) {
		struct stat st;
		int flags = stat(argv[i], &st) == 0 && S_ISCHR(st.st_mode) ? O_RDWR : O_RDONLY;
		int fd = open(argv[i], flags | O_NONBLOCK);

		if (fd >= 0) {
			printf("%s: opened\n", argv[i]);
			close(fd);
			ok &= want_open;
		} else {
			printf("%s: refused (%s)\n", argv[i], strerror(errno));
			ok &= !want_open && (errno == EACCES || errno == EPERM);
		}
	}
	return ok ? 0 : 1;
}
