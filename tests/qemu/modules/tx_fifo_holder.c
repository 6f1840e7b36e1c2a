// SPDX-License-Identifier: GPL-2.0
/*
 * tests/qemu/modules/tx_fifo_holder.c - a kernel holder of one FIFO, for
 * fifo-basic's lifetime checks. At load it calls rtf_destroy(fifo)
 * 'destroy' times (RTAI lets a kernel caller drop references that others
 * hold, e.g. an open file's), then rtf_create(fifo, 2000); at unload
 * rtf_destroy(fifo). Parameter 'last_destroy' (read-only): what its last
 * rtf_destroy at load returned (the opens left, or a negative error).
 */
#include <linux/module.h>

#include <rtai_fifos.h>

static unsigned int fifo = 7;
module_param(fifo, uint, 0444);
static unsigned int destroy;
module_param(destroy, uint, 0444);
static int last_destroy;
module_param(last_destroy, int, 0444);

static int __init tx_fifo_holder_init(void)
{
	unsigned int i;
	int err;

	for (i = 0; i < destroy; i++)
		last_destroy = rtf_destroy(fifo);
	err = rtf_create(fifo, 2000);
	if (err < 0)
		pr_err("tx_fifo_holder: rtf_create(%u) = %d\n", fifo, err);
	else
		pr_info("tx_fifo_holder: holds FIFO %u (last destroy at load: %d)\n", fifo, last_destroy);
	return err < 0 ? err : 0;
}

static void __exit tx_fifo_holder_exit(void)
{
	int left = rtf_destroy(fifo);

	pr_info("tx_fifo_holder: rtf_destroy(%u) = %d at unload\n", fifo, left);
}

module_init(tx_fifo_holder_init);
module_exit(tx_fifo_holder_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Tactus test: a kernel module holding one FIFO");
