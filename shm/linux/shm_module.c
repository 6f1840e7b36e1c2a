// SPDX-License-Identifier: GPL-2.0
/*
 * shm/linux/shm_module.c - tactus_shm.ko: named shared memory between
 * real-time modules (rt_shm_alloc / rt_shm_free, rtai_shm.h) and Linux
 * programs (/dev/tactus_shm + mmap, tactus/shm_user.h), /proc/tactus/shm.
 *
 * The registry (shm/registry.cpp) keeps names, references and mapping
 * counts; this file gives it memory (vmalloc_user: zeroed, page aligned,
 * mappable) and the Linux side: one mutex around every registry call made
 * from here (the registry's contract), a selected segment per open file,
 * and vm_operations that count mappings so a segment lives while mapped.
 * The interface is described in tactus/shm_user.h.
 *
 * Lock order: mmap_lock, then shm_lock (mmap and vm close are called with
 * mmap_lock held), so nothing here touches user memory with shm_lock held.
 */
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/proc_fs.h>
#include <linux/rcupdate.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>

#include <rtai_shm.h>
#include <rtai_tbx.h>
#include <tactus/shm_user.h>

#include "../../hal/linux/tactus_hal.h"
#include "shm_bridge.h"

static ushort mode = 0600;
module_param(mode, ushort, 0444);
MODULE_PARM_DESC(mode, "mode of /dev/tactus_shm and /dev/rtai_shm (default 0600: root only)");
static unsigned int max_kb = 256 * 1024;
module_param(max_kb, uint, 0444);
MODULE_PARM_DESC(max_kb, "KiB all segments may take together (0: no cap; default 262144); past it, a new segment is refused");

static unsigned int global_heap_kb = 1024;
module_param(global_heap_kb, uint, 0444);
MODULE_PARM_DESC(global_heap_kb, "KiB of the global real-time heap (rt_malloc, rtai_malloc.h), segment GLOBAL_HEAP_ID; 0: none (default 1024)");

/* The registry's Linux side: every registry call from this file. */
static DEFINE_MUTEX(shm_lock);

/* An open /dev/tactus_shm: the segment it selected, with one reference. */
struct shm_file {
	unsigned long name;
	bool selected;
};

/* The registry's allocator. */
static void *shm_vmalloc(size_t bytes)
{
	return vmalloc_user(bytes); /* zeroed; VM_USERMAP for remap_vmalloc_range */
}

static void shm_vfree(void *p, size_t bytes)
{
	vfree(p);
}

/* ---- Mappings: each vma holds a mapping count on its segment ----------- */

static void shm_vm_open(struct vm_area_struct *vma)
{
	void *addr;
	unsigned long size;

	/* fork, or a split by a partial munmap: one more vma on the segment. */
	mutex_lock(&shm_lock);
	tx_shm_map_get((unsigned long)vma->vm_private_data, &addr, &size);
	mutex_unlock(&shm_lock);
}

static void shm_vm_close(struct vm_area_struct *vma)
{
	mutex_lock(&shm_lock);
	tx_shm_map_put((unsigned long)vma->vm_private_data); /* may free the segment */
	mutex_unlock(&shm_lock);
}

static const struct vm_operations_struct shm_vm_ops = {
	.open = shm_vm_open,
	.close = shm_vm_close,
};

/* ---- File operations ---------------------------------------------------- */

static int shm_open(struct inode *inode, struct file *file)
{
	struct shm_file *sf = kzalloc(sizeof(*sf), GFP_KERNEL);

	if (!sf)
		return -ENOMEM;
	file->private_data = sf;
	return 0;
}

static int shm_release(struct inode *inode, struct file *file)
{
	struct shm_file *sf = file->private_data;

	if (sf->selected) {
		mutex_lock(&shm_lock);
		rt_shm_free(sf->name);
		mutex_unlock(&shm_lock);
	}
	kfree(sf);
	return 0;
}

/*
 * Select segment sel->name for this file (creating it when sel->size > 0,
 * as rt_shm_alloc does), taking a reference and dropping the one on the
 * previous selection. Returns 0 with sel->size set to the segment's size.
 */
static int shm_select(struct shm_file *sf, struct tactus_shm_select *sel)
{
	unsigned long size = 0;
	void *addr;
	int err = 0;

	if (sel->size > INT_MAX)
		return -EINVAL;
	mutex_lock(&shm_lock);
	addr = rt_shm_alloc(sel->name, (int)sel->size, USE_VMALLOC);
	if (!addr) {
		err = sel->size ? -ENOMEM : -ENOENT;
	} else {
		/* The size: a mapping count taken and given back at once
		 * (the reference just taken keeps the segment). */
		tx_shm_map_get(sel->name, &addr, &size);
		tx_shm_map_put(sel->name);
		if (sf->selected)
			rt_shm_free(sf->name);
		sf->name = sel->name;
		sf->selected = true;
		sel->size = size;
	}
	mutex_unlock(&shm_lock);
	return err;
}

static long shm_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct tactus_shm_select sel;
	int err;

	if (cmd != TACTUS_SHM_SELECT)
		return -ENOTTY;
	if (copy_from_user(&sel, (void __user *)arg, sizeof(sel)))
		return -EFAULT;
	err = shm_select(file->private_data, &sel);
	if (err)
		return err;
	/* A bad pointer here leaves the selection made: harmless. */
	if (copy_to_user((void __user *)arg, &sel, sizeof(sel)))
		return -EFAULT;
	return 0;
}

static int shm_mmap(struct file *file, struct vm_area_struct *vma)
{
	struct shm_file *sf = file->private_data;
	unsigned long len = vma->vm_end - vma->vm_start;
	unsigned long size, off;
	void *addr;
	int err;

	if (!sf->selected || !(vma->vm_flags & VM_SHARED))
		return -EINVAL; /* a private copy of shared memory would share nothing */
	if (vma->vm_pgoff > ULONG_MAX >> PAGE_SHIFT)
		return -EINVAL;
	off = vma->vm_pgoff << PAGE_SHIFT;
	mutex_lock(&shm_lock);
	err = tx_shm_map_get(sf->name, &addr, &size);
	if (err) {
		mutex_unlock(&shm_lock);
		return -EINVAL;
	}
	if (off >= size || len > size - off)
		err = -EINVAL;
	else
		err = remap_vmalloc_range(vma, addr, vma->vm_pgoff);
	if (err) {
		tx_shm_map_put(sf->name);
	} else {
		vma->vm_private_data = (void *)sf->name;
		vma->vm_ops = &shm_vm_ops;
	}
	mutex_unlock(&shm_lock);
	return err;
}

static const struct file_operations shm_fops = {
	.owner = THIS_MODULE,
	.open = shm_open,
	.release = shm_release,
	.unlocked_ioctl = shm_ioctl,
	.mmap = shm_mmap,
	.llseek = noop_llseek,
};

static struct proc_dir_entry *proc_entry; /* our /proc/tactus file; NULL: none */
static struct miscdevice shm_misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "tactus_shm",
	.fops = &shm_fops,
};
/* RTAI's name for it (RTAI_SHM_DEV): the same device, the same interface. */
static struct miscdevice rtai_shm_misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "rtai_shm",
	.fops = &shm_fops,
};

/* ---- /proc/tactus/shm ------------------------------------------------------ */

static int shm_show(struct seq_file *m, void *v)
{
	unsigned int max = tx_shm_max(), n, i;
	struct tx_shm_info *list = kcalloc(max, sizeof(*list), GFP_KERNEL);

	if (!list)
		return -ENOMEM;
	mutex_lock(&shm_lock);
	n = tx_shm_list(list, max);
	mutex_unlock(&shm_lock);
	seq_printf(m, "%-6s %10s %10s %5s %5s\n", "NAME", "NUMBER", "SIZE", "REFS", "MAPS");
	for (i = 0; i < n; i++) {
		char name[8];

		num2nam(list[i].name, name);
		seq_printf(m, "%-6s %#10lx %10lu %5u %5u\n", name, list[i].name, list[i].size, list[i].refs,
			   list[i].maps);
	}
	kfree(list);
	return 0;
}

/* ---- Module ------------------------------------------------------------------ */

static int __init tactus_shm_init(void)
{
	struct proc_dir_entry *dir = tx_hal_proc_dir();
	int err;

	tx_shm_setup(PAGE_SIZE, shm_vmalloc, shm_vfree);
	tx_shm_set_memory_cap((unsigned long)max_kb * 1024);
	err = tx_heap_setup((unsigned long)global_heap_kb * 1024);
	if (err) {
		pr_err("tactus: no memory for the global heap (global_heap_kb=%u, max_kb=%u)\n", global_heap_kb, max_kb);
		tx_heap_teardown();
		tx_shm_teardown();
		return err;
	}
	shm_misc.mode = rtai_shm_misc.mode = mode;
	err = misc_register(&shm_misc);
	if (!err) {
		err = misc_register(&rtai_shm_misc);
		if (err)
			misc_deregister(&shm_misc);
	}
	if (err) {
		tx_heap_teardown();
		tx_shm_teardown();
		return err;
	}
	if (dir)
		proc_entry = proc_create_single("shm", 0444, dir, shm_show);
	if (!proc_entry)
		pr_warn("tactus: no /proc/tactus/shm (proc entry not created)\n");
	pr_info("tactus: shared memory ready, /dev/tactus_shm and /dev/rtai_shm (mode %04o), segments up to %u KiB in all, global heap %u KiB\n",
		mode, max_kb, global_heap_kb);
	return 0;
}

static void __exit tactus_shm_exit(void)
{
	struct tx_shm_info info[2];

	/* No file or mapping is left: each holds the module through its file. */
	proc_remove(proc_entry); /* NULL: none was made */
	misc_deregister(&rtai_shm_misc);
	misc_deregister(&shm_misc);
	/* A real-time free may have queued a segment's release (the registry's
	 * LinuxWork, in this module): run it, and wait for an irq_work already
	 * running it on another CPU. */
	tx_linux_work_run_all();
	synchronize_rcu();
	tx_heap_teardown();
	if (tx_shm_list(info, 2) > (global_heap_kb ? 1 : 0))
		pr_warn("tactus: shared memory segment(s) left allocated at unload (no rt_shm_free); freed them\n");
	tx_shm_teardown();
	pr_info("tactus: shared memory unloaded\n");
}

module_init(tactus_shm_init);
module_exit(tactus_shm_exit);

/* rtai_shm.h, kernel side. */
EXPORT_SYMBOL_GPL(rt_shm_alloc);
EXPORT_SYMBOL_GPL(rt_shm_free);
/* rtai_shm.h and rtai_malloc.h: the real-time heaps. */
EXPORT_SYMBOL_GPL(rt_heap_open);
EXPORT_SYMBOL_GPL(rt_heap_close);
EXPORT_SYMBOL_GPL(rt_halloc);
EXPORT_SYMBOL_GPL(rt_hfree);
EXPORT_SYMBOL_GPL(rt_named_halloc);
EXPORT_SYMBOL_GPL(rt_named_hfree);
EXPORT_SYMBOL_GPL(rt_named_malloc);
EXPORT_SYMBOL_GPL(rt_named_free);
EXPORT_SYMBOL_GPL(rt_malloc);
EXPORT_SYMBOL_GPL(rt_free);
EXPORT_SYMBOL_GPL(rt_global_heap_size);
EXPORT_SYMBOL_GPL(rtheap_init);
EXPORT_SYMBOL_GPL(rtheap_destroy);
EXPORT_SYMBOL_GPL(rtheap_alloc);
EXPORT_SYMBOL_GPL(rtheap_free);
/* rtai_tbx.h: message queues and typed mailboxes. */
EXPORT_SYMBOL_GPL(rt_msgq_init);
EXPORT_SYMBOL_GPL(rt_msgq_delete);
EXPORT_SYMBOL_GPL(_rt_named_msgq_init);
EXPORT_SYMBOL_GPL(rt_named_msgq_delete);
EXPORT_SYMBOL_GPL(_rt_msg_send);
EXPORT_SYMBOL_GPL(_rt_msg_send_if);
EXPORT_SYMBOL_GPL(_rt_msg_send_until);
EXPORT_SYMBOL_GPL(_rt_msg_send_timed);
EXPORT_SYMBOL_GPL(_rt_msg_receive);
EXPORT_SYMBOL_GPL(_rt_msg_receive_if);
EXPORT_SYMBOL_GPL(_rt_msg_receive_until);
EXPORT_SYMBOL_GPL(_rt_msg_receive_timed);
EXPORT_SYMBOL_GPL(_rt_msg_evdrp);
EXPORT_SYMBOL_GPL(_rt_msg_broadcast);
EXPORT_SYMBOL_GPL(_rt_msg_broadcast_if);
EXPORT_SYMBOL_GPL(_rt_msg_broadcast_until);
EXPORT_SYMBOL_GPL(_rt_msg_broadcast_timed);

MODULE_LICENSE("GPL");
MODULE_ALIAS("rtai_shm"); /* RTAI's module names */
MODULE_ALIAS("rtai_msgq");
MODULE_ALIAS("rtai_tbx");
MODULE_DESCRIPTION("Tactus real-time co-kernel: named shared memory (rt_shm_alloc, /dev/tactus_shm)");
