// SPDX-License-Identifier: GPL-2.0
/*
 * fifo/linux/fifo_module.c - tactus_fifo.ko: /dev/rtf0../dev/rtf{count-1},
 * /proc/tactus/fifos and the exported rtf_* calls of rtai_fifos.h.
 *
 * The rings and their rules are the core's (fifo/fifo.hpp); this file is the
 * Linux side of every FIFO: it owns the per-FIFO mutex the core requires
 * around fifo_linux_*, resize and destroy, the wait queue the core's waker
 * wakes (from irq_work when the real-time side put or took data), and the
 * copies between user memory and the rings through a one-page bounce buffer
 * (the rings are never touched with user pointers).
 *
 * Semantics (RTAI's, see rtai_fifos.h), and where we differ:
 *  - open() opens the FIFO (rtf_create(n, 1000): created if needed, grown
 *    never shrunk); each open file holds one reference, release drops it.
 *  - read() waits for at least one byte, then returns what is there up to
 *    the count; O_NONBLOCK: -EAGAIN when empty. write() waits until every
 *    byte is written; O_NONBLOCK: what fits, -EAGAIN if nothing does.
 *    A signal while waiting gives -ERESTARTSYS (RTAI returned 0, which
 *    `cat` would take for end of file).
 *  - A bad user buffer gives -EFAULT, or the bytes moved before the fault:
 *    reads peek, copy to the user, and then take only what arrived.
 *  - If the FIFO is destroyed under an open file (a kernel module calling
 *    rtf_destroy more often than it called rtf_create), blocked readers
 *    return 0 (end of file), blocked writers -EPIPE, poll reports EPOLLHUP,
 *    and release has no reference left to drop.
 *  - The handler (rtf_create_handler) runs after a read that returned
 *    bytes ('r') and after every write ('w'), with the FIFO's mutex held; a
 *    negative result becomes the syscall's result. A module that goes away
 *    with its handler still installed gets it replaced by a no-op.
 */
#include <linux/cdev.h>
#include <linux/device.h>
#include <linux/delay.h>
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/poll.h>
#include <linux/proc_fs.h>
#include <linux/rcupdate.h>
#include <linux/sched/signal.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/wait.h>
#include <asm/ioctls.h>

#include <rtai_fifos.h>

#include "../../hal/linux/kernel_compat.h"
#include "../../hal/linux/tactus_hal.h"
#include "../../sched/sched_info.h"
#include "fifo_bridge.h"

#define TX_MAX_FIFOS 256	/* tx::kMaxFifos: minors reserved, nodes made for 'count' */
#define RTF_DEFAULT_SIZE 1000	/* RTAI: the size a plain open() creates */

static unsigned int nr_fifos = 64;
module_param_named(count, nr_fifos, uint, 0444);
MODULE_PARM_DESC(count, "number of FIFOs, /dev/rtf0../dev/rtf{count-1} (1..256)");
static ushort mode;
module_param(mode, ushort, 0444);
MODULE_PARM_DESC(mode, "mode of the /dev/rtfN nodes (default 0600: root only; 0660 with group=)");
static int group = -1;
module_param(group, int, 0444);
MODULE_PARM_DESC(group, "group id that owns the /dev/rtfN nodes (default: root's); with it the default mode is 0660");
static umode_t node_mode; /* 'mode', or its default */
/* 256 MiB: one FIFO of the largest size (two rings of 64 MiB) fits twice. */
static unsigned int max_kb = 256 * 1024;
module_param(max_kb, uint, 0444);
MODULE_PARM_DESC(max_kb, "KiB all FIFOs' rings may take together (0: no cap; default 262144); past it, a create, open or resize fails with -ENOMEM");

/* The Linux side of one FIFO. */
struct rtf_dev {
	struct mutex lock;	  /* around every fifo_linux_*, resize, destroy, handler call */
	wait_queue_head_t wait;	  /* readers, writers, pollers: data, room, or closed */
	void *bounce;		  /* one page between user memory and the rings; lock held */
};

static struct rtf_dev *devs;
static dev_t rtf_devt;
static struct cdev rtf_cdev;
static struct class *rtf_class;
static struct proc_dir_entry *proc_entry; /* our /proc/tactus file; NULL: none */

/* One open file: its FIFO, and the incarnation of it the file holds a
 * reference to (tx_fifo_generation). A FIFO destroyed under the file and
 * created again by another holder is a new incarnation: the file's release
 * must leave that holder's reference alone. */
struct rtf_file {
	struct rtf_dev *dev;
	unsigned int generation;
};

static struct rtf_dev *dev_of(struct file *file)
{
	return ((struct rtf_file *)file->private_data)->dev;
}

static unsigned int fifo_of(struct file *file)
{
	return dev_of(file) - devs;
}

/* The FIFO's mutex held: whether this file still holds a reference. */
static bool file_holds_fifo(struct file *file)
{
	struct rtf_file *rf = file->private_data;
	unsigned int f = fifo_of(file);

	return tx_fifo_is_open(f) && tx_fifo_generation(f) == rf->generation;
}

/* The core's waker: Linux context (irq_work or a Linux caller of the core). */
static void rtf_wake(unsigned int f)
{
	if (f < nr_fifos)
		wake_up_interruptible_all(&devs[f].wait);
}

static bool readable(unsigned int f)
{
	return tx_fifo_linux_avail(f) || !tx_fifo_is_open(f);
}

static bool writable(unsigned int f)
{
	return tx_fifo_linux_space(f) || !tx_fifo_is_open(f);
}

/* After Linux read ('r') or wrote ('w'): the RTAI handler. d->lock held, so
 * that a module going away can take its handler back safely. */
static long call_handler(unsigned int f, int rw, long ret)
{
	int (*handler)(unsigned int, int) = tx_fifo_handler(f);
	int r;

	if (!handler)
		return ret;
	r = handler(f, rw);
	return r < 0 ? r : ret;
}

/* ---- Copies between user memory and the rings (d->lock held) ----------- */

/*
 * Up to 'count' bytes to the user, a page at a time. Each page is peeked,
 * copied to the user, and only then taken, as far as the copy got: a bad
 * buffer loses no data. Returns the bytes copied, 0 if there was nothing,
 * -EFAULT if the first byte could not be stored.
 */
static long copy_out(struct rtf_dev *d, unsigned int f, char __user *buf, size_t count)
{
	size_t done = 0;

	while (done < count) {
		size_t chunk = min_t(size_t, count - done, PAGE_SIZE);
		long n = tx_fifo_linux_read(f, d->bounce, chunk, 1);
		unsigned long left;

		if (n <= 0)
			break;
		left = copy_to_user(buf + done, d->bounce, n);
		if (n > left)
			tx_fifo_linux_read(f, d->bounce, n - left, 0);
		done += n - left;
		if (left)
			return done ? done : -EFAULT;
		if (n < chunk)
			break;
	}
	return done;
}

/*
 * Up to 'count' bytes from the user into the ring (overwrite: all of them,
 * dropping the oldest). Returns the bytes written (0: no room) or -EPIPE if
 * the FIFO is not open; *fault tells that the user buffer stopped it.
 */
static long copy_in(struct rtf_dev *d, unsigned int f, const char __user *buf, size_t count,
		    int put_mode, bool *fault)
{
	size_t done = 0;

	*fault = false;
	if (!tx_fifo_is_open(f))
		return -EPIPE;
	while (done < count) {
		size_t chunk = min_t(size_t, count - done, PAGE_SIZE);
		unsigned long left;
		long n;

		/* We are the only producer of this ring: the room only grows. */
		if (put_mode != TX_FIFO_PUT_OVERWRITE)
			chunk = min_t(size_t, chunk, tx_fifo_linux_space(f));
		if (!chunk)
			break;
		left = copy_from_user(d->bounce, buf + done, chunk);
		n = tx_fifo_linux_write(f, d->bounce, chunk - left, put_mode);
		if (n > 0)
			done += n;
		if (left) {
			*fault = true;
			break;
		}
		if (n < (long)chunk)
			break;
	}
	return done;
}

/* ---- Waiting reads and writes (d->lock not held) ------------------------- */

/*
 * Read what is there, waiting up to 'timeout' jiffies (MAX_SCHEDULE_TIMEOUT:
 * forever, 0: not at all) for the first byte. Returns the bytes read, 0 if
 * the FIFO was closed under us, -EAGAIN if nothing came in time, -EFAULT,
 * -ERESTARTSYS. Calls the handler when bytes were read.
 */
static long read_wait(struct rtf_dev *d, unsigned int f, char __user *buf, size_t count, long timeout)
{
	long ret;

	if (!count)
		return 0;
	for (;;) {
		mutex_lock(&d->lock);
		ret = copy_out(d, f, buf, count);
		if (ret > 0)
			ret = call_handler(f, 'r', ret);
		mutex_unlock(&d->lock);
		if (ret)
			return ret;
		if (!tx_fifo_is_open(f))
			return 0;
		if (!timeout)
			return -EAGAIN;
		timeout = wait_event_interruptible_timeout(d->wait, readable(f), timeout);
		if (timeout < 0)
			return timeout;
		if (!timeout && !readable(f))
			return -EAGAIN;
	}
}

/*
 * Write all 'count' bytes, waiting for room as long as 'timeout' jiffies
 * allow (MAX_SCHEDULE_TIMEOUT: until done, 0: what fits now). Returns the
 * bytes written; with none: -EAGAIN (no room in time), -EPIPE (FIFO
 * closed), -EFAULT, -ERESTARTSYS. Calls the handler once, at the end.
 */
static long write_wait(struct rtf_dev *d, unsigned int f, const char __user *buf, size_t count,
		       long timeout, int put_mode)
{
	size_t done = 0;
	long ret = 0;
	bool fault = false;

	for (;;) {
		mutex_lock(&d->lock);
		ret = copy_in(d, f, buf + done, count - done, put_mode, &fault);
		mutex_unlock(&d->lock);
		if (ret < 0)
			break;
		done += ret;
		ret = 0;
		if (fault) {
			ret = -EFAULT;
			break;
		}
		if (done == count)
			break;
		if (!timeout) {
			ret = -EAGAIN;
			break;
		}
		timeout = wait_event_interruptible_timeout(d->wait, writable(f), timeout);
		if (timeout < 0) {
			ret = timeout;
			break;
		}
		if (!timeout && !writable(f)) {
			ret = -EAGAIN;
			break;
		}
	}
	if (done || count == 0)
		ret = done;
	mutex_lock(&d->lock);
	ret = call_handler(f, 'w', ret);
	mutex_unlock(&d->lock);
	return ret;
}

/* ---- File operations -------------------------------------------------------- */

static int rtf_open(struct inode *inode, struct file *file)
{
	unsigned int f = iminor(inode);
	struct rtf_file *rf;
	struct rtf_dev *d;
	int err = 0;

	if (f >= nr_fifos)
		return -ENODEV; /* a node made by hand beyond 'count' */
	rf = kmalloc(sizeof(*rf), GFP_KERNEL);
	if (!rf)
		return -ENOMEM;
	d = &devs[f];
	mutex_lock(&d->lock);
	if (!d->bounce) {
		d->bounce = (void *)__get_free_page(GFP_KERNEL);
		if (!d->bounce)
			err = -ENOMEM;
	}
	if (!err)
		err = tx_fifo_create(f, RTF_DEFAULT_SIZE);
	rf->dev = d;
	rf->generation = tx_fifo_generation(f);
	mutex_unlock(&d->lock);
	if (err) {
		kfree(rf);
		return err;
	}
	file->private_data = rf;
	return 0;
}

static int rtf_release(struct inode *inode, struct file *file)
{
	struct rtf_dev *d = dev_of(file);

	mutex_lock(&d->lock);
	/* Else destroyed under us, and maybe created again by another holder:
	 * no reference of ours left. */
	if (file_holds_fifo(file))
		tx_fifo_destroy(fifo_of(file));
	mutex_unlock(&d->lock);
	kfree(file->private_data);
	return 0;
}

static ssize_t rtf_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	long timeout = file->f_flags & O_NONBLOCK ? 0 : MAX_SCHEDULE_TIMEOUT;

	return read_wait(dev_of(file), fifo_of(file), buf, count, timeout);
}

static ssize_t rtf_write(struct file *file, const char __user *buf, size_t count, loff_t *ppos)
{
	long timeout = file->f_flags & O_NONBLOCK ? 0 : MAX_SCHEDULE_TIMEOUT;

	return write_wait(dev_of(file), fifo_of(file), buf, count, timeout, TX_FIFO_PUT_SOME);
}

static __poll_t rtf_poll(struct file *file, poll_table *wait)
{
	struct rtf_dev *d = dev_of(file);
	unsigned int f = fifo_of(file);
	__poll_t mask = 0;

	poll_wait(file, &d->wait, wait);
	if (!tx_fifo_is_open(f))
		return EPOLLHUP | EPOLLIN | EPOLLRDNORM;
	if (tx_fifo_linux_avail(f))
		mask |= EPOLLIN | EPOLLRDNORM;
	if (tx_fifo_linux_space(f))
		mask |= EPOLLOUT | EPOLLWRNORM;
	return mask;
}

/* RTAI: a seek resets the FIFO (both directions). */
static loff_t rtf_llseek(struct file *file, loff_t offset, int whence)
{
	struct rtf_dev *d = dev_of(file);
	int err;

	mutex_lock(&d->lock);
	err = rtf_reset(fifo_of(file));
	mutex_unlock(&d->lock);
	wake_up_interruptible_all(&d->wait);
	return err;
}

static long ms_to_timeout(long ms)
{
	return ms <= 0 ? 0 : (long)msecs_to_jiffies(ms);
}

/* ---- ioctl: one function per command (d->lock not held on entry) ------- */

/* RTF_SEM_WAIT (timed 0) / RTF_SEM_TIMED_WAIT: sleep on the FIFO's wait
 * queue until rtf_sem_trywait takes the semaphore (1) or fails (< 0: gone);
 * the timed form gives up after ms (ms <= 0: one try) with -ETIMEDOUT. A
 * real-time post queues the FIFO's Linux wake-up, which wakes this. */
static long ioctl_sem_wait(struct rtf_dev *d, unsigned int f, bool timed, int ms)
{
	long r = 0, left;

	if (!timed)
		left = wait_event_interruptible(d->wait, (r = rtf_sem_trywait(f)) != 0);
	else if (ms <= 0)
		left = (r = rtf_sem_trywait(f)) != 0;
	else
		left = wait_event_interruptible_timeout(d->wait, (r = rtf_sem_trywait(f)) != 0,
							 ms_to_timeout(ms));
	if (left < 0)
		return left; /* a signal */
	if (timed && r == 0)
		return -ETIMEDOUT;
	return r == 1 ? 0 : r;
}

static long ioctl_sem(struct rtf_dev *d, unsigned int f, unsigned int cmd, unsigned long arg)
{
	long r;

	switch (cmd) {
	case RTF_SEM_INIT:	r = rtf_sem_init(f, (int)arg); break;
	case RTF_SEM_POST:	r = rtf_sem_post(f); break;
	case RTF_SEM_TRYWAIT:	return rtf_sem_trywait(f);
	case RTF_SEM_DESTROY:	r = rtf_sem_destroy(f); break;
	case RTF_SEM_WAIT:	return ioctl_sem_wait(d, f, false, 0);
	default:		return ioctl_sem_wait(d, f, true, (int)arg); /* RTF_SEM_TIMED_WAIT: an int */
	}
	wake_up_interruptible_all(&d->wait); /* waiters on the semaphore: try again */
	return r;
}

static long ioctl_reset(struct rtf_dev *d, unsigned int f)
{
	long ret;

	mutex_lock(&d->lock);
	ret = rtf_reset(f);
	mutex_unlock(&d->lock);
	wake_up_interruptible_all(&d->wait); /* writers: room */
	return ret;
}

/* RTAI's RESIZE (2) is FIGETBSZ, which the VFS answers before any driver:
 * programs use RTF_RESIZE (rtai_fifos.h). */
static long ioctl_resize(struct rtf_dev *d, unsigned int f, unsigned long size)
{
	long ret;

	if (size == 0 || size > INT_MAX)
		return -EINVAL;
	mutex_lock(&d->lock);
	ret = tx_fifo_resize(f, size); /* wakes through the waker */
	mutex_unlock(&d->lock);
	return ret;
}

/* rtf_create from user space: grow to 'size' if larger. The file holds one
 * reference already; if the FIFO was destroyed under it (and maybe created
 * again by another holder), this takes one again on the file's behalf. */
static long ioctl_open_sized(struct file *file, struct rtf_dev *d, unsigned int f, unsigned long size)
{
	struct rtf_file *rf = file->private_data;
	long ret;

	if (size == 0 || size > INT_MAX)
		return -EINVAL;
	mutex_lock(&d->lock);
	if (file_holds_fifo(file)) {
		ret = tx_fifo_create(f, size);
		if (!ret)
			tx_fifo_destroy(f);
	} else {
		ret = tx_fifo_create(f, size);
		if (!ret)
			rf->generation = tx_fifo_generation(f);
	}
	mutex_unlock(&d->lock);
	wake_up_interruptible_all(&d->wait);
	return ret;
}

/* Block until 'count' bytes are there, then take them at once. */
static long ioctl_read_all_at_once(struct rtf_dev *d, unsigned int f, const struct rt_fifo_io *io)
{
	struct tx_fifo_info info;
	long ret;

	if (tx_fifo_info(f, &info) < 0 || !info.open)
		return -EPIPE;
	if ((unsigned long)io->count > info.size)
		return -EINVAL; /* would never come */
	for (;;) {
		if (wait_event_interruptible(d->wait, tx_fifo_linux_avail(f) >= io->count || !tx_fifo_is_open(f)))
			return -ERESTARTSYS;
		if (!tx_fifo_is_open(f))
			return 0;
		mutex_lock(&d->lock);
		ret = 0;
		if (tx_fifo_linux_avail(f) >= io->count) {
			ret = copy_out(d, f, io->buf, io->count);
			if (ret > 0)
				ret = call_handler(f, 'r', ret);
		}
		mutex_unlock(&d->lock);
		if (ret || !io->count)
			return ret;
	}
}

/* Wait at most delay_ms for data; 0 ms: -EAGAIN if empty, otherwise 0 when
 * nothing came in time. */
static long ioctl_read_timed(struct rtf_dev *d, unsigned int f, const struct rt_fifo_io *io)
{
	long ret = read_wait(d, f, io->buf, io->count, ms_to_timeout(io->delay_ms));

	return ret == -EAGAIN && io->delay_ms ? 0 : ret;
}

static long ioctl_write_timed(struct rtf_dev *d, unsigned int f, const struct rt_fifo_io *io)
{
	long ret = write_wait(d, f, io->buf, io->count, ms_to_timeout(io->delay_ms), TX_FIFO_PUT_SOME);

	return ret == -EAGAIN && io->delay_ms ? 0 : ret;
}

/* Copy without taking: the core peeks from the oldest byte only, so the
 * whole copy goes through one buffer. */
static long ioctl_eavesdrop(struct rtf_dev *d, unsigned int f, const struct rt_fifo_io *io)
{
	size_t n = min_t(size_t, io->count, tx_fifo_linux_avail(f));
	void *tmp;
	long ret;

	if (!n)
		return 0;
	tmp = kvmalloc(n, GFP_KERNEL);
	if (!tmp)
		return -ENOMEM;
	mutex_lock(&d->lock);
	ret = tx_fifo_linux_read(f, tmp, n, 1);
	mutex_unlock(&d->lock);
	if (ret > 0 && copy_to_user(io->buf, tmp, ret))
		ret = -EFAULT;
	kvfree(tmp);
	return ret < 0 && ret != -EFAULT ? 0 : ret;
}

/* Only the newest 'size' bytes of a write larger than the FIFO can stay in
 * it: just those are read, so a huge count costs O(FIFO size) under the
 * mutex, not O(count), and the bytes the FIFO would drop are never touched.
 * The whole count is reported written, as the bytes the ring drops are. */
static long ioctl_overwrite(struct rtf_dev *d, unsigned int f, const struct rt_fifo_io *io)
{
	struct tx_fifo_info info;
	size_t skip = 0;
	long ret;

	if (tx_fifo_info(f, &info) == 0 && io->count > info.size)
		skip = io->count - info.size;
	ret = write_wait(d, f, io->buf + skip, io->count - skip, 0, TX_FIFO_PUT_OVERWRITE);
	return ret > 0 ? ret + (long)skip : ret;
}

/* All 'count' bytes or none: count or 0, never waits. */
static long ioctl_read_if(struct rtf_dev *d, unsigned int f, const struct rt_fifo_io *io)
{
	long ret = 0;

	mutex_lock(&d->lock);
	if (io->count && tx_fifo_linux_avail(f) >= io->count) {
		ret = copy_out(d, f, io->buf, io->count);
		if (ret > 0)
			ret = call_handler(f, 'r', ret);
	}
	mutex_unlock(&d->lock);
	return ret;
}

/* All 'count' bytes or none (-EAGAIN), never waits. A buffer that faults
 * part way leaves the part before the fault. */
static long ioctl_write_if(struct rtf_dev *d, unsigned int f, const struct rt_fifo_io *io)
{
	long ret;

	mutex_lock(&d->lock);
	if (!tx_fifo_is_open(f)) {
		ret = -EPIPE;
	} else if (tx_fifo_linux_space(f) < io->count) {
		ret = -EAGAIN;
	} else {
		bool fault;

		ret = copy_in(d, f, io->buf, io->count, TX_FIFO_PUT_SOME, &fault);
		if (fault && !ret)
			ret = -EFAULT;
	}
	ret = call_handler(f, 'w', ret);
	mutex_unlock(&d->lock);
	return ret;
}

static long ioctl_name_lookup(const char __user *uname)
{
	char name[RTF_NAMELEN + 1];
	long len = strncpy_from_user(name, uname, sizeof(name));

	if (len < 0)
		return len;
	if (len == sizeof(name))
		return -EINVAL; /* longer than RTF_NAMELEN */
	return rtf_getfifobyname(name);
}

static long ioctl_fionread(unsigned int f, int __user *avail)
{
	return put_user((int)min_t(unsigned long, tx_fifo_linux_avail(f), INT_MAX), avail);
}

typedef long (*rtf_io_command)(struct rtf_dev *d, unsigned int f, const struct rt_fifo_io *io);

/* The commands whose argument is a struct rt_fifo_io: fetched and checked
 * here, once. Any other command is unknown: -EINVAL, RTAI's answer. */
static long rtf_io_ioctl(struct rtf_dev *d, unsigned int f, unsigned int cmd, const void __user *uarg)
{
	struct rt_fifo_io io;
	rtf_io_command run;

	switch (cmd) {
	case READ_ALL_AT_ONCE:	run = ioctl_read_all_at_once; break;
	case READ_TIMED:	run = ioctl_read_timed; break;
	case WRITE_TIMED:	run = ioctl_write_timed; break;
	case EAVESDROP:		run = ioctl_eavesdrop; break;
	case OVRWRITE:		run = ioctl_overwrite; break;
	case READ_IF:		run = ioctl_read_if; break;
	case WRITE_IF:		run = ioctl_write_if; break;
	default:		return -EINVAL;
	}
	if (copy_from_user(&io, uarg, sizeof(io)))
		return -EFAULT;
	if (io.count < 0 || io.delay_ms < 0)
		return -EINVAL;
	return run(d, f, &io);
}

static long rtf_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct rtf_dev *d = dev_of(file);
	unsigned int f = fifo_of(file);
	void __user *uarg = (void __user *)arg;

	switch (cmd) {
	case RESET:		return ioctl_reset(d, f);
	case RTF_RESIZE:	return ioctl_resize(d, f, arg);
	case OPEN_SIZED:	return ioctl_open_sized(file, d, f, arg);
	case RTF_GET_N_FIFOS:	return nr_fifos;
	case RTF_NAME_LOOKUP:	return ioctl_name_lookup(uarg);
	case RTF_SEM_INIT:
	case RTF_SEM_WAIT:
	case RTF_SEM_TRYWAIT:
	case RTF_SEM_TIMED_WAIT:
	case RTF_SEM_POST:
	case RTF_SEM_DESTROY:	return ioctl_sem(d, f, cmd, arg);
	case RTF_SUSPEND_TIMED:	return (int)arg > 0 && msleep_interruptible((int)arg) ? -EINTR : 0;
	case FIONREAD:		return ioctl_fionread(f, uarg);
	case TCGETS:		return -ENOTTY; /* isatty(): no */
	default:		return rtf_io_ioctl(d, f, cmd, uarg);
	}
}

static const struct file_operations rtf_fops = {
	.owner = THIS_MODULE,
	.open = rtf_open,
	.release = rtf_release,
	.read = rtf_read,
	.write = rtf_write,
	.poll = rtf_poll,
	.llseek = rtf_llseek,
	.unlocked_ioctl = rtf_ioctl,
};

/* ---- Kernel callers of rtf_create & co: the same mutexes ------------------- */

static DEFINE_MUTEX(names_lock);

static int lock_fifo(unsigned int f)
{
	if (!tx_in_linux())
		return -EPERM; /* a real-time task must not sleep on a mutex */
	mutex_lock(f == TX_FIFO_NAMESPACE ? &names_lock : &devs[f].lock);
	return 0;
}

static void unlock_fifo(unsigned int f)
{
	mutex_unlock(f == TX_FIFO_NAMESPACE ? &names_lock : &devs[f].lock);
}

/* ---- Handlers of modules that go away --------------------------------------- */

/*
 * GOING comes after the module's exit function, before its memory is freed.
 * A handler left in its text would be called by the next read or write of a
 * FIFO still open from user space, so it is removed. Handlers run with the
 * FIFO's mutex held: none is running while we remove it.
 */
static int rtf_module_event(struct notifier_block *nb, unsigned long event, void *data)
{
	struct module *mod = data;
	unsigned int f;

	if (event != MODULE_STATE_GOING)
		return NOTIFY_DONE;
	for (f = 0; f < nr_fifos; f++) {
		int (*handler)(unsigned int, int);

		mutex_lock(&devs[f].lock);
		handler = tx_fifo_handler(f);
		if (handler && within_module((unsigned long)handler, mod))
			rtf_create_handler(f, NULL);
		mutex_unlock(&devs[f].lock);
	}
	return NOTIFY_OK;
}

static struct notifier_block rtf_module_nb = { .notifier_call = rtf_module_event };

/* ---- /proc/tactus/fifos ------------------------------------------------------ */

static int fifos_show(struct seq_file *m, void *v)
{
	unsigned int f;

	seq_printf(m, "%-4s %-15s %9s %5s %9s %9s %10s %9s %10s %10s\n", "FIFO", "NAME", "SIZE", "OPENS",
		   "TO-LINUX", "TO-RT", "PUTS", "REFUSED", "OVERWRITES", "GETS");
	for (f = 0; f < nr_fifos; f++) {
		struct tx_fifo_info i;

		if (tx_fifo_info(f, &i) < 0 || !i.open)
			continue;
		seq_printf(m, "%-4u %-15s %9lu %5u %9lu %9lu %10llu %9llu %10llu %10llu\n", f,
			   i.name[0] ? i.name : "-", i.size, i.opens, i.to_linux_used, i.to_rt_used, i.puts,
			   i.put_refused, i.overwritten, i.gets);
	}
	return 0;
}

/* ---- Module ------------------------------------------------------------------- */

/* Through the device type rather than the class: only a type's devnode
 * gives the node its group. */
static char *rtf_devnode(TX_DEVNODE_DEVICE *dev, umode_t *m, kuid_t *uid, kgid_t *gid)
{
	if (m)
		*m = node_mode;
	if (gid && group >= 0)
		*gid = KGIDT_INIT(group);
	return NULL;
}

static const struct device_type rtf_type = { .name = "rtf", .devnode = rtf_devnode };

static void rtf_node_release(struct device *dev)
{
	kfree(dev);
}

/* device_create() with our type (device_destroy() removes it). */
static struct device *make_node(unsigned int f)
{
	struct device *dev = kzalloc(sizeof(*dev), GFP_KERNEL);
	int err;

	if (!dev)
		return ERR_PTR(-ENOMEM);
	device_initialize(dev);
	dev->class = rtf_class;
	dev->type = &rtf_type;
	dev->devt = MKDEV(MAJOR(rtf_devt), f);
	dev->release = rtf_node_release;
	err = dev_set_name(dev, "rtf%u", f);
	if (!err)
		err = device_add(dev);
	if (err) {
		put_device(dev);
		return ERR_PTR(err);
	}
	return dev;
}

static void remove_nodes(unsigned int made)
{
	while (made--)
		device_destroy(rtf_class, MKDEV(MAJOR(rtf_devt), made));
}

/* Close whatever is still open, and make sure no wake-up of ours is queued
 * in the HAL when our memory goes. */
static void close_all(void)
{
	unsigned int f, left = 0;

	for (f = 0; f < nr_fifos; f++) {
		mutex_lock(&devs[f].lock);
		if (tx_fifo_is_open(f)) {
			left++;
			while (tx_fifo_destroy(f) > 0)
				;
		}
		mutex_unlock(&devs[f].lock);
	}
	if (left)
		pr_warn("tactus: %u FIFO(s) still open at unload; closed them\n", left);
	tx_fifo_set_waker(NULL);
	/* Our wake-up items live in this module: run any still queued, and
	 * wait for an irq_work already running them on another CPU. */
	tx_linux_work_run_all();
	synchronize_rcu();
	tx_fifo_setup(0);
}

static void free_devs(void)
{
	unsigned int f;

	for (f = 0; f < nr_fifos; f++)
		free_page((unsigned long)devs[f].bounce);
	kfree(devs);
}

static int __init tactus_fifo_init(void)
{
	struct proc_dir_entry *dir = tx_hal_proc_dir();
	unsigned int f;
	int err;

	if (mode & ~0777) {
		pr_err("tactus: mode=%#o: permission bits only (0..0777)\n", mode);
		return -EINVAL;
	}
	node_mode = mode ? mode : group >= 0 ? 0660 : 0600;
	if (nr_fifos < 1 || nr_fifos > TX_MAX_FIFOS) {
		pr_err("tactus: count=%u: the number of FIFOs is 1..%d\n", nr_fifos, TX_MAX_FIFOS);
		return -EINVAL;
	}
	devs = kcalloc(nr_fifos, sizeof(*devs), GFP_KERNEL);
	if (!devs)
		return -ENOMEM;
	for (f = 0; f < nr_fifos; f++) {
		mutex_init(&devs[f].lock);
		init_waitqueue_head(&devs[f].wait);
	}
	err = tx_fifo_setup(nr_fifos);
	if (err)
		goto out_free;
	tx_fifo_set_memory_cap((unsigned long)max_kb * 1024);
	tx_fifo_set_waker(rtf_wake);
	tx_fifo_set_linux_lock(lock_fifo, unlock_fifo);

	/* Every minor up to kMaxFifos is ours, so that a node made by hand
	 * beyond 'count' opens with -ENODEV rather than -ENXIO. */
	err = alloc_chrdev_region(&rtf_devt, 0, TX_MAX_FIFOS, "rtf");
	if (err)
		goto out_core;
	cdev_init(&rtf_cdev, &rtf_fops);
	rtf_cdev.owner = THIS_MODULE;
	err = cdev_add(&rtf_cdev, rtf_devt, TX_MAX_FIFOS);
	if (err)
		goto out_region;
	rtf_class = tx_class_create("rtf");
	if (IS_ERR(rtf_class)) {
		err = PTR_ERR(rtf_class);
		goto out_cdev;
	}
	for (f = 0; f < nr_fifos; f++) {
		struct device *dev = make_node(f);

		if (IS_ERR(dev)) {
			err = PTR_ERR(dev);
			remove_nodes(f);
			goto out_class;
		}
	}
	err = register_module_notifier(&rtf_module_nb);
	if (err)
		goto out_nodes;
	if (dir)
		proc_entry = proc_create_single("fifos", 0444, dir, fifos_show);
	if (!proc_entry)
		pr_warn("tactus: no /proc/tactus/fifos (proc entry not created)\n");
	pr_info("tactus: %u FIFOs, /dev/rtf0..rtf%u (major %d, mode %04o, group %d), rings up to %u KiB in all\n",
		nr_fifos, nr_fifos - 1, MAJOR(rtf_devt), node_mode, group < 0 ? 0 : group, max_kb);
	return 0;

out_nodes:
	remove_nodes(nr_fifos);
out_class:
	class_destroy(rtf_class);
out_cdev:
	cdev_del(&rtf_cdev);
out_region:
	unregister_chrdev_region(rtf_devt, TX_MAX_FIFOS);
out_core:
	close_all();
out_free:
	free_devs();
	return err;
}

static void __exit tactus_fifo_exit(void)
{
	proc_remove(proc_entry); /* NULL: none was made */
	unregister_module_notifier(&rtf_module_nb);
	remove_nodes(nr_fifos);
	class_destroy(rtf_class);
	cdev_del(&rtf_cdev);
	unregister_chrdev_region(rtf_devt, TX_MAX_FIFOS);
	close_all();
	free_devs();
	pr_info("tactus: FIFOs unloaded\n");
}

module_init(tactus_fifo_init);
module_exit(tactus_fifo_exit);

/* rtai_fifos.h, kernel side. */
EXPORT_SYMBOL_GPL(rtf_create);
EXPORT_SYMBOL_GPL(rtf_destroy);
EXPORT_SYMBOL_GPL(rtf_reset);
EXPORT_SYMBOL_GPL(rtf_sem_init);
EXPORT_SYMBOL_GPL(rtf_sem_post);
EXPORT_SYMBOL_GPL(rtf_sem_trywait);
EXPORT_SYMBOL_GPL(rtf_sem_destroy);
EXPORT_SYMBOL_GPL(rtf_resize);
EXPORT_SYMBOL_GPL(rtf_put);
EXPORT_SYMBOL_GPL(rtf_put_if);
EXPORT_SYMBOL_GPL(rtf_ovrwr_put);
EXPORT_SYMBOL_GPL(rtf_get);
EXPORT_SYMBOL_GPL(rtf_get_if);
EXPORT_SYMBOL_GPL(rtf_evdrp);
EXPORT_SYMBOL_GPL(rtf_get_avbs);
EXPORT_SYMBOL_GPL(rtf_get_frbs);
EXPORT_SYMBOL_GPL(rtf_create_handler);
EXPORT_SYMBOL_GPL(rtf_named_create);
EXPORT_SYMBOL_GPL(rtf_create_named);
EXPORT_SYMBOL_GPL(rtf_getfifobyname);

MODULE_LICENSE("GPL");
MODULE_ALIAS("rtai_fifos"); /* RTAI's module name */
MODULE_DESCRIPTION("Tactus real-time co-kernel: RT-FIFOs (/dev/rtfN) and the RTAI FIFO API");
