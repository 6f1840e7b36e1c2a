// SPDX-License-Identifier: GPL-2.0
/*
 * tests/qemu/modules/tx_rtai_pages.c - RTAI's page helpers (rtai_shm.h) as a
 * module with its own device uses them: rvmalloc'ed and rkmalloc'ed memory
 * filled with patterns, its addresses translated (UVIRT_TO_KVA, kvirt_to_pa)
 * and mapped by a Linux process through /dev/tx_rtai_pages (rvmmap at file
 * offset 0, rkmmap at page offset 16; tests/qemu/user/rtai-pages.c).
 * Prints "tx_rtai_pages: PASS|FAIL <name> (...)"; 4 checks at load.
 */
#include <linux/fs.h>
#include <linux/io.h>
#include <linux/miscdevice.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>

#include <rtai_shm.h>

#include "tx_check.h"

#define RV_BYTES (3 * PAGE_SIZE + 100) /* four pages */
#define RK_ASK 5000                    /* two pages */
#define RK_PGOFF 16

static unsigned char *rv, *rk;
static int rk_size = RK_ASK;

TX_CHECKS("tx_rtai_pages")

static int pages_mmap(struct file *f, struct vm_area_struct *vma)
{
	if (vma->vm_pgoff == 0)
		return rvmmap(rv, RV_BYTES, vma);
	if (vma->vm_pgoff == RK_PGOFF)
		return rkmmap(rk, rk_size, vma);
	return -EINVAL;
}

static const struct file_operations pages_fops = {
	.owner = THIS_MODULE,
	.mmap = pages_mmap,
};

static struct miscdevice pages_dev = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "tx_rtai_pages",
	.fops = &pages_fops,
};

static int __init tx_rtai_pages_init(void)
{
	unsigned long off, bad = 0, pa_bad = 0;
	int zero_size = 0, err;
	void *k;

	rv = rvmalloc(RV_BYTES);
	rk = rkmalloc(&rk_size, USE_GFP_KERNEL);
	if (!rv || !rk) {
		pr_err("tx_rtai_pages: no memory\n");
		rvfree(rv, RV_BYTES);
		rkfree(rk, rk_size);
		return -ENOMEM;
	}
	for (off = 0; off < 4 * PAGE_SIZE; off++)
		rv[off] = (unsigned char)(off * 7 + 1);
	for (off = 0; off < (unsigned long)rk_size; off++)
		rk[off] = (unsigned char)(off * 13 + 5);
	/* Each byte seen through its linear-map alias, and its physical
	 * address, as the page tables say. */
	for (off = 0; off < 4 * PAGE_SIZE; off += 1021) {
		unsigned long a = (unsigned long)rv + off;
		unsigned char *alias = (unsigned char *)UVIRT_TO_KVA(a);

		/* A 32-bit kernel's vmalloc may give highmem pages, which have
		 * no linear-map alias: then the answer is 0. */
		if (PageHighMem(vmalloc_to_page(rv + off)) ? alias != NULL : !alias || *alias != rv[off])
			bad++;
		if (kvirt_to_pa(a) != page_to_phys(vmalloc_to_page(rv + off)) + offset_in_page(a))
			pa_bad++;
	}
	k = kmalloc(64, GFP_KERNEL);
	check(!bad && !pa_bad && k && kvirt_to_pa((unsigned long)k) == virt_to_phys(k) &&
	      uvirt_to_kva(NULL, (unsigned long)k) == (unsigned long)k, "translations",
	      "%lld aliases and %lld physical addresses wrong", bad, pa_bad);
	kfree(k);
	check(rk_size == 2 * PAGE_SIZE && PAGE_ALIGNED(rk) && kvirt_to_pa((unsigned long)rk) == virt_to_phys(rk),
	      "rkmalloc-whole-pages", "size %lld", rk_size, 0);
	check(!rkmalloc(&zero_size, USE_GFP_KERNEL) && !rkmalloc(&rk_size, 7) && !rvmalloc(0), "bad-requests-refused",
	      "%lld", 0, 0);
	err = misc_register(&pages_dev);
	check(!err, "device", "misc_register %lld", err, 0);
	if (err) {
		rvfree(rv, RV_BYTES);
		rkfree(rk, rk_size);
		return err;
	}
	pr_info("tx_rtai_pages: result passed=%d failed=%d\n", passed, failed);
	return 0;
}

static void __exit tx_rtai_pages_exit(void)
{
	misc_deregister(&pages_dev);
	rvfree(rv, RV_BYTES);
	rkfree(rk, rk_size);
}

module_init(tx_rtai_pages_init);
module_exit(tx_rtai_pages_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Tactus test: RTAI's page helpers");
