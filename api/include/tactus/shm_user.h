/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tactus/shm_user.h - named shared memory from Linux programs: the
 * /dev/tactus_shm interface (tactus_shm.ko) and a header-only helper.
 *
 *   size_t size;
 *   struct demo *d = tactus_shm_map("SHMDEM", 0, &size);   // must exist
 *   int *p = rtai_malloc(nam2num("MYSHM"), 4096);           // RTAI style
 *   ...
 *   tactus_shm_unmap(d, size);
 *   rtai_free(nam2num("MYSHM"), p);
 *
 * The device: open /dev/tactus_shm, select a segment with
 * ioctl(TACTUS_SHM_SELECT, {name, size}), mmap it (MAP_SHARED, offset 0 or
 * any page offset inside it, length up to the segment's end), close the
 * file; the mapping keeps the segment alive.
 *  - name: nam2num() of the segment's name (rtai_nam2num.h).
 *  - size 0: the segment must exist (-ENOENT otherwise). size > 0: as
 *    rt_shm_alloc(name, size, USE_VMALLOC): an existing segment is taken
 *    whatever its size, a new one is created (zeroed, rounded up to whole
 *    pages; -ENOMEM if memory or the table of 128 segments is exhausted).
 *  - On return .size holds the segment's size in bytes; the ioctl returns 0.
 *  - The open file holds one reference on the selected segment (as
 *    rt_shm_alloc does) until it selects another one or is released (a
 *    mapping keeps its file open: release comes with the last munmap);
 *    each mapping counts too. A segment created from user space lives
 *    until its last mapping and file are gone, one created by a kernel
 *    module until its rt_shm_free and the last unmapping.
 *  - mmap: -EINVAL beyond the segment, without MAP_SHARED, or with no
 *    segment selected.
 */
#ifndef _TACTUS_SHM_USER_H
#define _TACTUS_SHM_USER_H

#ifdef __KERNEL__
#include <linux/ioctl.h>
#else
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>
#endif

#include <rtai_nam2num.h>

#define TACTUS_SHM_DEVICE "/dev/tactus_shm"
/* RTAI's name for the same device (its RTAI_SHM_DEV), with the same
 * interface as /dev/tactus_shm: TACTUS_SHM_SELECT, then mmap. */
#define RTAI_SHM_DEV "/dev/rtai_shm"

struct tactus_shm_select {
	unsigned long name; /* nam2num() */
	unsigned long size; /* in: 0 or the size to create; out: the segment's size */
};

#define TACTUS_SHM_SELECT _IOWR(0xB9, 0x01, struct tactus_shm_select)

#ifndef __KERNEL__

/* Map segment 'name' (numeric); create it with 'size_or_0' bytes if it
 * does not exist and size_or_0 > 0. Returns the address and stores the
 * segment's size in *size_out (if not NULL); NULL with errno set on
 * failure. */
static inline void *tactus_shm_map_num(unsigned long name, size_t size_or_0, size_t *size_out)
{
	struct tactus_shm_select sel = { name, size_or_0 };
	void *addr;
	int fd, err;

	fd = open(TACTUS_SHM_DEVICE, O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	if (ioctl(fd, TACTUS_SHM_SELECT, &sel) < 0) {
		err = errno;
		close(fd);
		errno = err;
		return NULL;
	}
	addr = mmap(NULL, sel.size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	err = errno;
	close(fd); /* the mapping keeps the segment */
	if (addr == MAP_FAILED) {
		errno = err;
		return NULL;
	}
	if (size_out)
		*size_out = sel.size;
	return addr;
}

/* The same with the name as a string (at most 6 characters count). */
static inline void *tactus_shm_map(const char *name, size_t size_or_0, size_t *size_out)
{
	return tactus_shm_map_num(nam2num(name), size_or_0, size_out);
}

/* Unmap what tactus_shm_map returned: 0, or -1 with errno. */
static inline int tactus_shm_unmap(void *addr, size_t size)
{
	return munmap(addr, size);
}

/*
 * RTAI's user-space calls (rtai_shm.h, LXRT). rtai_malloc returns the
 * mapped address, or NULL (RTAI returned MAP_FAILED when only the mmap
 * failed; here every failure is NULL with errno set). rtai_free unmaps
 * the mapping at 'adr' and returns the segment's size, 0 on failure.
 */
static inline void *rtai_malloc(unsigned long name, int size)
{
	return size < 0 ? NULL : tactus_shm_map_num(name, (size_t)size, NULL);
}

static inline int rtai_free(unsigned long name, void *adr)
{
	struct tactus_shm_select sel = { name, 0 };
	int fd = open(TACTUS_SHM_DEVICE, O_RDWR | O_CLOEXEC);
	int ok;

	if (fd < 0)
		return 0;
	/* Look the size up; the mapping holds the segment, so it exists. */
	ok = ioctl(fd, TACTUS_SHM_SELECT, &sel) == 0;
	close(fd);
	if (!ok || munmap(adr, sel.size) < 0)
		return 0;
	return (int)sel.size;
}

#endif /* !__KERNEL__ */

#endif /* _TACTUS_SHM_USER_H */
