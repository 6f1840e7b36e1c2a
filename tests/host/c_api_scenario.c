/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The RTAI API from C, the way an RTAI task module uses it: this file is
 * plain C11 and includes only the public headers. c_api_scenario() runs a
 * producer/consumer pair with a semaphore, a mailbox and a FIFO (left open
 * for the caller to read as Linux), and returns the number of failed checks.
 */
#include <rtai_fifos.h>
#include <rtai_mbx.h>
#include <rtai_msg.h>
#include <rtai_sched.h>
#include <rtai_sem.h>
#include <rtai_shm.h>

#define CHECK(cond) do { if (!(cond)) failures++; } while (0)

static RT_TASK producer, consumer;
static SEM items;
static MBX box;
static int failures;
static int consumed;

static void produce(long count)
{
	long i;

	for (i = 0; i < count; i++) {
		CHECK(rt_mbx_send(&box, &i, sizeof(i)) == 0);
		CHECK(rt_sem_signal(&items) == 0);
		rt_task_wait_period();
	}
}

static void consume(long count)
{
	long i, v;

	for (i = 0; i < count; i++) {
		CHECK(rt_sem_wait(&items) < RTE_LOWERR);
		CHECK(rt_mbx_receive(&box, &v, sizeof(v)) == 0);
		CHECK(v == i);
		CHECK(rtf_put(0, &v, sizeof(v)) == sizeof(v));
		consumed++;
	}
}

int c_api_scenario(void (*run_linux)(RTIME counts))
{
	unsigned long name = nam2num("CSHM");
	int *shared;

	failures = 0;
	consumed = 0;
	CHECK(rt_sem_init(&items, 0) == 0);
	CHECK(rt_mbx_init(&box, 64) == 0);
	CHECK(rtf_create(0, 1024) == 0);
	CHECK(rt_task_init(&producer, produce, 10, 8192, 2, 0, 0) == 0);
	CHECK(rt_task_init(&consumer, consume, 10, 8192, 1, 0, 0) == 0);
	CHECK(rt_task_resume(&consumer) == 0);
	CHECK(rt_task_make_periodic(&producer, rt_get_time() + nano2count(1000), nano2count(1000)) == 0);
	run_linux(nano2count(20000));
	CHECK(consumed == 10);
	CHECK(rtf_get_avbs(0) == 0); /* the data went to Linux, not back to the kernel side */
	shared = rtai_kmalloc(name, 100);
	CHECK(shared != 0);
	if (shared) {
		shared[0] = 42;
		CHECK(((int *)rt_shm_alloc(name, 0, USE_VMALLOC))[0] == 42);
		rt_shm_free(name);
		rtai_kfree(name);
	}
	CHECK(rt_mbx_delete(&box) == 0);
	CHECK(rt_sem_delete(&items) == 0);
	return failures; /* FIFO 0 stays open: the caller reads it as Linux */
}
