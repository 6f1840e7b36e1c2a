// SPDX-License-Identifier: GPL-2.0
/*
 * shm/linux/pages.c - RTAI's page helpers (rtai_shm.h): memory a module can
 * map into a Linux process through its own device's mmap, and the address
 * translations RTAI's header gives with them. Linux context, all of them;
 * none is a real-time call.
 */
#include <linux/gfp.h>
#include <linux/io.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/vmalloc.h>

#include <rtai_shm.h>

void *rvmalloc(unsigned long size)
{
	/* Zeroed and marked for user mappings (remap_vmalloc_range), which
	 * is what RTAI's page reservation was for. */
	return size ? vmalloc_user(PAGE_ALIGN(size)) : NULL;
}
EXPORT_SYMBOL_GPL(rvmalloc);

void rvfree(void *mem, unsigned long size)
{
	vfree(mem);
}
EXPORT_SYMBOL_GPL(rvfree);

int rvmmap(void *mem, unsigned long memsize, struct vm_area_struct *vma)
{
	if (!mem || !vma || vma->vm_end - vma->vm_start > PAGE_ALIGN(memsize))
		return -EINVAL;
	return remap_vmalloc_range(vma, mem, 0);
}
EXPORT_SYMBOL_GPL(rvmmap);

static gfp_t gfp_of(int suprt)
{
	switch (suprt) {
	case USE_GFP_KERNEL:
		return GFP_KERNEL;
	case USE_GFP_ATOMIC:
		return GFP_ATOMIC;
	case USE_GFP_DMA:
		return GFP_KERNEL | GFP_DMA;
	default:
		return 0;
	}
}

void *rkmalloc(int *memsize, int suprt)
{
	gfp_t gfp = gfp_of(suprt);
	void *mem;

	if (!memsize || *memsize <= 0 || !gfp)
		return NULL;
	mem = alloc_pages_exact(PAGE_ALIGN(*memsize), gfp | __GFP_ZERO);
	if (mem)
		*memsize = PAGE_ALIGN(*memsize);
	return mem;
}
EXPORT_SYMBOL_GPL(rkmalloc);

void rkfree(void *mem, unsigned long size)
{
	if (mem)
		free_pages_exact(mem, PAGE_ALIGN(size));
}
EXPORT_SYMBOL_GPL(rkfree);

int rkmmap(void *mem, unsigned long memsize, struct vm_area_struct *vma)
{
	unsigned long size;

	if (!mem || !vma || !virt_addr_valid(mem))
		return -EINVAL;
	size = vma->vm_end - vma->vm_start;
	if (size > PAGE_ALIGN(memsize))
		return -EINVAL;
	return remap_pfn_range(vma, vma->vm_start, virt_to_phys(mem) >> PAGE_SHIFT, size, vma->vm_page_prot);
}
EXPORT_SYMBOL_GPL(rkmmap);

unsigned long uvirt_to_kva(void *pgd, unsigned long adr)
{
	struct page *page;

	if (is_vmalloc_addr((void *)adr)) {
		void *alias;

		page = vmalloc_to_page((void *)adr);
		alias = page ? page_address(page) : NULL; /* NULL: a highmem page */
		return alias ? (unsigned long)alias + offset_in_page(adr) : 0;
	}
	return virt_addr_valid((void *)adr) ? adr : 0;
}
EXPORT_SYMBOL_GPL(uvirt_to_kva);

unsigned long kvirt_to_pa(unsigned long adr)
{
	if (is_vmalloc_addr((void *)adr)) { /* highmem pages too: no alias needed */
		struct page *page = vmalloc_to_page((void *)adr);

		return page ? page_to_phys(page) + offset_in_page(adr) : 0;
	}
	return virt_addr_valid((void *)adr) ? virt_to_phys((void *)adr) : 0;
}
EXPORT_SYMBOL_GPL(kvirt_to_pa);
