// SPDX-License-Identifier: GPL-2.0
/*
 * tactus_smoke - the smallest out-of-tree module, built against the cached
 * arm64 KDIR by tools/qemu/smoke-arm64.sh and loaded by tests/smoke.sh.
 * It references request_percpu_nmi(), so modpost and insmod also prove that
 * the export patch (arch/arm64/kernel/export-nmi-api.patch) is in the
 * kernel. Build with TACTUS_SMOKE_STOCK=1 for a kernel without the patch
 * (Debian's: tools/kernel/debian-kdir-arm64.sh).
 */
#include <linux/init.h>
#include <linux/interrupt.h>
#include <linux/module.h>

static int __init tactus_smoke_init(void)
{
#ifdef TACTUS_SMOKE_NMI_EXPORT
	pr_info("tactus_smoke: hello, request_percpu_nmi at %ps\n",
		(void *)request_percpu_nmi);
#else
	pr_info("tactus_smoke: hello (built without the NMI export check)\n");
#endif
	return 0;
}

static void __exit tactus_smoke_exit(void)
{
	pr_info("tactus_smoke: goodbye\n");
}

module_init(tactus_smoke_init);
module_exit(tactus_smoke_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Tactus build/boot smoke test module");
