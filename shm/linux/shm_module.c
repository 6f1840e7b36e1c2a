// SPDX-License-Identifier: GPL-2.0
/* Placeholder, replaced by the /dev/tactus_shm implementation. */
#include <linux/module.h>
static int __init tactus_shm_init(void) { return 0; }
static void __exit tactus_shm_exit(void) {}
module_init(tactus_shm_init);
module_exit(tactus_shm_exit);
MODULE_LICENSE("GPL");
