// SPDX-License-Identifier: GPL-2.0
/* Placeholder, replaced by the /dev/rtfN implementation. */
#include <linux/module.h>
static int __init tactus_fifo_init(void) { return 0; }
static void __exit tactus_fifo_exit(void) {}
module_init(tactus_fifo_init);
module_exit(tactus_fifo_exit);
MODULE_LICENSE("GPL");
