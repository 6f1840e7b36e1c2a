// SPDX-License-Identifier: GPL-2.0
/*
 * tests/qemu/modules/tx_named.c - RTAI's named objects as RTAI modules use
 * them (rtai_registry.h). Two roles, loaded one after the other:
 *   role=owner  creates the named semaphore "NSEM", the named mailbox
 *               "NMBX" and the named task "NTASK" (it waits on NSEM, then
 *               sends its name back through NMBX), and registers a static
 *               object of its own as "NSTAT"; checks the lookups and the
 *               refusals. With leave=1 its exit deletes nothing: the
 *               scheduler must dispose of all of it at the unload.
 *   role=peer   finds them by name from another module: shares NSEM
 *               (rt_named_sem_init of the same name: the same SEM, one
 *               more user), signals it from a task of its own, receives
 *               what NTASK sends; gives its share back.
 *   role=gone   after the owner's unload: every name is free again.
 * The owner also runs three tasks through a barrier (rt_sem_wait_barrier
 * on a named SEM of count 3) and takes back a remembered resume with
 * rt_task_suspend_if.
 * Prints "tx_named: PASS <check>" / "tx_named: FAIL <check>: <why>".
 */
#include <linux/atomic.h>
#include <linux/delay.h>
#include <linux/module.h>

#include <rtai_mbx.h>
#include <rtai_registry.h>
#include <rtai_sched.h>
#include <rtai_sem.h>

static char *role = "owner";
module_param(role, charp, 0444);
static int leave;
module_param(leave, int, 0444);
static int fails;
module_param(fails, int, 0444);

static SEM *sem;
static MBX *mbx;
static RT_TASK *task;
static int static_object;
static RT_TASK peer;
static RT_TASK crossers[3];
static atomic_t crossed = ATOMIC_INIT(0);
static SEM *barrier;

static void check(int ok, const char *name)
{
	if (ok) {
		pr_info("tx_named: PASS %s\n", name);
	} else {
		fails++;
		pr_info("tx_named: FAIL %s\n", name);
	}
}

/* NTASK: waits on NSEM, then sends the number of its own name. */
static void named_body(long unused)
{
	unsigned long me = rt_get_name(rt_whoami());

	if (rt_sem_wait(sem) < RTE_LOWERR)
		rt_mbx_send(mbx, &me, sizeof(me));
}

static void crosser_body(long i)
{
	if (rt_sem_wait_barrier(barrier) == 0)
		atomic_inc(&crossed);
}

/* Three tasks at a barrier for three: none passes before the last comes. */
static void owner_barrier(void)
{
	int i, before;

	barrier = rt_named_sem_init("NBAR", 3);
	for (i = 0; i < 3; i++)
		rt_task_init(&crossers[i], crosser_body, i, 8192, 3, 0, NULL);
	rt_task_resume(&crossers[0]);
	rt_task_resume(&crossers[1]);
	msleep(20);
	before = atomic_read(&crossed);
	check(before == 0 && rt_sem_count(barrier) == -2, "owner-barrier-holds-two");
	rt_task_resume(&crossers[2]);
	msleep(20);
	check(atomic_read(&crossed) == 3 && rt_sem_count(barrier) == 0, "owner-barrier-releases-three");
	check(rt_named_sem_delete(barrier) == 0, "owner-barrier-deleted");
}

static int owner_init(void)
{
	struct rt_registry_entry e;
	int slot;

	sem = rt_named_sem_init("NSEM", 0);
	mbx = rt_named_mbx_init("NMBX", 64);
	task = rt_named_task_init("NTASK", named_body, 0, 8192, 2, 0, NULL);
	check(sem && mbx && task, "owner-creates");
	if (!sem || !mbx || !task)
		return -ENOMEM;
	check(rt_get_adr(nam2num("NSEM")) == sem && rt_get_adr(nam2num("NMBX")) == mbx &&
	      rt_get_adr(nam2num("NTASK")) == task, "owner-lookup-by-name");
	check(rt_get_name(sem) == nam2num("NSEM") && rt_get_type(nam2num("NTASK")) == IS_TASK &&
	      rt_get_type(nam2num("NMBX")) == IS_MBX, "owner-lookup-by-address");
	slot = rt_register(nam2num("NSTAT"), &static_object, IS_SEM, NULL);
	check(slot > 0 && rt_get_registry_slot(slot, &e) == slot && e.adr == &static_object && e.count == 1,
	      "owner-register-static");
	check(rt_register(nam2num("NSTAT"), &fails, IS_SEM, NULL) == 0 &&
	      rt_register(nam2num("OTHER"), &static_object, IS_SEM, NULL) == 0 &&
	      rt_register(0, &fails, IS_SEM, NULL) == 0, "owner-refuses-duplicates");
	check(rt_named_task_init("NTASK", named_body, 0, 8192, 2, 0, NULL) == task, "owner-same-name-same-task");
	check(rt_named_sem_delete((SEM *)&static_object) == -EINVAL && rt_named_task_delete(&peer) == 0,
	      "owner-refuses-unnamed");
	owner_barrier();
	/* The start (it waits on NSEM then), a resume too many (remembered:
	 * depth -1), suspend_if taking that back (depth 0), so that a suspend
	 * suspends again (depth 1), undone by one resume. */
	check(rt_task_resume(task) == 0 && rt_task_resume(task) == 0 && rt_task_suspend_if(task) == 0 &&
	      rt_task_suspend(task) == 1 && rt_task_resume(task) == 0, "owner-suspend-if");
	return 0;
}

static void peer_body(long unused)
{
	SEM *s = rt_get_adr(nam2num("NSEM"));

	rt_sem_signal(s);
}

static int peer_init(void)
{
	SEM *shared = rt_named_sem_init("NSEM", 5);
	unsigned long got = 0;
	int i;

	sem = rt_get_adr(nam2num("NSEM"));
	mbx = rt_get_adr(nam2num("NMBX"));
	check(sem && mbx && shared == sem, "peer-finds-by-name");
	if (!sem || !mbx)
		return -ENOENT;
	check(rt_sem_count(sem) <= 0, "peer-shares-not-reinitialises");
	rt_task_init(&peer, peer_body, 0, 8192, 1, 0, NULL);
	rt_task_resume(&peer);
	for (i = 0; i < 100 && rt_mbx_receive_if(mbx, &got, sizeof(got)); i++)
		msleep(10);
	check(got == nam2num("NTASK"), "peer-receives-from-named-task");
	check(rt_named_sem_delete(shared) == 1, "peer-gives-its-share-back");
	rt_task_delete(&peer);
	return 0;
}

static int gone_init(void)
{
	check(!rt_get_adr(nam2num("NSEM")) && !rt_get_adr(nam2num("NMBX")) && !rt_get_adr(nam2num("NTASK")) &&
	      !rt_get_adr(nam2num("NSTAT")), "gone-every-name-free");
	sem = rt_named_sem_init("NSEM", 0); /* a new one under the old name */
	check(sem && rt_sem_count(sem) == 0 && rt_named_sem_delete(sem) == 0, "gone-name-reusable");
	return 0;
}

static int __init tx_named_init(void)
{
	if (!strcmp(role, "owner"))
		return owner_init();
	if (!strcmp(role, "peer"))
		return peer_init();
	if (!strcmp(role, "gone"))
		return gone_init();
	return -EINVAL;
}

static void __exit tx_named_exit(void)
{
	if (strcmp(role, "owner") || leave)
		return;
	check(rt_named_task_delete(task) > 0 && rt_named_mbx_delete(mbx) == 0 && rt_named_sem_delete(sem) == 0,
	      "owner-deletes");
	check(!rt_get_adr(nam2num("NSEM")) && !rt_get_adr(nam2num("NTASK")), "owner-names-free");
	rt_drg_on_adr(&static_object);
}

module_init(tx_named_init);
module_exit(tx_named_exit);
MODULE_LICENSE("GPL");
