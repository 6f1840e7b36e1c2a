// SPDX-License-Identifier: GPL-2.0
/*
 * tests/qemu/modules/tx_fault.c - a real-time task that faults, for the
 * fault containment test (hal/hal.h, "Faults in real-time tasks"). Two tasks
 * on CPU 0, periodic at 1 ms: 'victim' (priority 1) counts its jobs and, in
 * job 'after', raises the fault named by kind; 'witness' (priority 2, below
 * it) counts its jobs and must go on counting after the fault.
 *   kind=null    a store to address 0 (x86 #PF, arm64 and arm data abort)
 *   kind=wild    a load from a non-canonical address (x86 #GP, arm64 data
 *                abort on an address no table maps; 32-bit arm has no
 *                such address: 0x0dead000, which the table a task runs
 *                under, swapper_pg_dir, does not map)
 *   kind=call    a call through a null function pointer (x86 #PF on the
 *                fetch, arm64 and arm instruction abort)
 *   kind=undef   an undefined instruction (x86 ud2, arm64 and arm udf)
 *   kind=divide  an integer division by zero (x86 #DE; arm64 and arm have
 *                no trap: refused with -EINVAL)
 *   kind=overflow job n recurses n levels of 256-byte frames: the stack
 *                (8 KiB) runs out around job 30 and the job writes over
 *                the guard below it, into the FPU area under that (the
 *                victim is made an FPU task for it: 1 KiB of slack above
 *                the allocation's start, whose page below is unmapped)
 *   kind=skip    in job 'after', a frame (alloca) that moves the stack
 *                pointer past the guard without writing it, as a large
 *                local array does, then a blocking call: its frames run
 *                in the FPU area below the guard (an FPU task again) and
 *                only the stack-pointer bound at the switch can see it
 *   kind=nofault copy_from_kernel_nofault from that wild address: a fault
 *                Linux fixes up (arm64; x86 refuses the address before
 *                reading), so the victim goes on; nofault_ret is its result
 * trap=1: the victim has a trap handler for every vector
 * (rt_set_task_trap_handler); it records what it is given, calls
 * rt_sem_signal on a semaphore the witness polls (a task's call) and
 * returns 1 (RTAI: "resume"; Tactus stops the task anyway).
 * Read-only parameters for the script: jobs, witness. At unload:
 *   tx_fault: result kind=... jobs=N witness=N state=0x.. resume=-22 delete=0 delete_witness=0
 *             trap_runs=N trap_vec=N trap_signo=N trap_pc=SYMBOL trap_task_ok=0|1 trap_signalled=N
 */
#include <linux/module.h>
#include <linux/uaccess.h>

#include <rtai_sched.h>
#include <rtai_sem.h>

static char *kind = "null";
module_param(kind, charp, 0444);
static int after = 5;
module_param(after, int, 0444);
static int trap;
module_param(trap, int, 0444);
static unsigned long jobs, witness_jobs;
module_param(jobs, ulong, 0444);
module_param_named(witness, witness_jobs, ulong, 0444);

static RT_TASK victim, witness;
static SEM trap_sem;
static int trap_runs, trap_vec = -1, trap_signo = -1, trap_task_ok, trap_signalled;
static unsigned long trap_pc = 1;

static int trap_handler(int vec, int signo, struct pt_regs *regs, void *task)
{
	trap_runs++;
	trap_vec = vec;
	trap_signo = signo;
	trap_pc = instruction_pointer(regs);
	trap_task_ok = task == &victim;
	rt_sem_signal(&trap_sem);
	return 1;
}

/* Volatile: the compiler must emit the access, not a trap of its own. */
static long nofault_ret = 1;
module_param(nofault_ret, long, 0444);
static int *volatile null_ptr;
static void (*volatile null_fn)(void);
static volatile int zero;
#if BITS_PER_LONG == 64
#define WILD_ADDRESS 0xdead000000000000ul
#else
#define WILD_ADDRESS 0x0dead000ul
#endif

static noinline void raise_fault(void)
{
	if (!strcmp(kind, "null")) {
		*null_ptr = 1;
	} else if (!strcmp(kind, "wild")) {
		(void)*(volatile int *)WILD_ADDRESS;
	} else if (!strcmp(kind, "call")) {
		null_fn();
	} else if (!strcmp(kind, "undef")) {
#if defined(CONFIG_X86)
		asm volatile("ud2");
#elif defined(CONFIG_ARM)
		asm volatile(".inst 0xe7f000f0"); /* udf #0 (ARM state), which no undef hook takes */
#else
		asm volatile(".inst 0x00000000"); /* udf #0 */
#endif
	} else if (!strcmp(kind, "nofault")) {
		int v;

		WRITE_ONCE(nofault_ret, copy_from_kernel_nofault(&v, (void *)WILD_ADDRESS, sizeof(v)));
	} else if (!strcmp(kind, "divide")) {
		volatile int x = 1;

		x = x / zero;
	}
}

/* n frames of 256 bytes, each written (volatile: no frame is optimised
 * away, and the use after the call keeps it from being a tail call). */
static noinline int recurse(int n)
{
	volatile char frame[240];
	unsigned int i;

	for (i = 0; i < sizeof(frame); i += 16)
		frame[i] = (char)n;
	return n ? recurse(n - 1) + frame[0] : frame[0];
}

/* The guard below this task's stack: two words of the core's canary
 * (sched/task.hpp, kStackCanary) right under the 8 KiB stack, whose top is
 * a little above victim_fn's frame (task_start's frame lies between). The
 * search runs upward from 8 KiB + 16 below that frame, which lies at most
 * a few hundred bytes under the guard, inside the 1 KiB FPU area: never
 * through the used stack, whose dead frames may hold copies of the canary
 * (registers the switch or an interrupt saved after the core compared the
 * guard words). */
#define TX_TEST_CANARY 0x5ac4ca4a5ac4ca4aull
static unsigned long victim_frame;

static noinline const u64 *find_guard(void)
{
	const u64 *p = (const u64 *)((victim_frame - 8192 - 16) & ~7ul);
	unsigned int i;

	for (i = 0; i < 1024 / 8; i++, p++)
		if (p[0] == TX_TEST_CANARY && p[1] == TX_TEST_CANARY)
			return p;
	return NULL;
}

/* Moves the stack pointer 16 bytes past the guard, writes only the top of
 * the skipped frame, then blocks: the switch runs in the FPU area. Masked
 * from before the move: arm64 takes an NMI on the interrupted stack, and
 * one that came in between would push its frames below the allocation
 * (seen once in a debug boot of CI: the NMI faulted there, a panic). The
 * switch itself runs masked anyway; the task never runs again. */
static noinline void skip_guard(void)
{
	const u64 *guard = find_guard();
	volatile char here;
	unsigned long skip, flags;
	volatile char *big;
	int err;

	if (!guard) {
		rt_printk("tx_fault: no stack guard found above victim_fn's frame - 8 KiB\n");
		return;
	}
	rtai_save_flags_and_cli(flags);
	skip = (unsigned long)&here - ((unsigned long)guard - 16);
	big = __builtin_alloca(skip);
	big[skip - 1] = 1;
	/* A relative sleep blocks (rt_task_wait_period would not when this
	 * job overran its period), unless its wake-up time has passed by the
	 * time it looks: 100 us did on the debug kernel under TCG, where an
	 * interrupt in between takes longer. 20 ms cannot: check_stack stops
	 * the task here. */
	err = rt_sleep(nano2count(20000000));
	big[0] = 1;            /* keeps 'big' live across the call: never reached */
	rtai_restore_flags(flags);
	rt_printk("tx_fault: skip: rt_sleep returned %d without switching away\n", err);
}

static void victim_fn(long unused)
{
	victim_frame = (unsigned long)__builtin_frame_address(0);
	for (;;) {
		WRITE_ONCE(jobs, jobs + 1);
		if (!strcmp(kind, "overflow"))
			recurse(jobs);
		else if (!strcmp(kind, "skip") && jobs == after)
			skip_guard();
		else if (jobs == after)
			raise_fault();
		rt_task_wait_period();
	}
}

static void witness_fn(long unused)
{
	for (;;) {
		WRITE_ONCE(witness_jobs, witness_jobs + 1);
		if (rt_sem_wait_if(&trap_sem) > 0)
			trap_signalled++;
		rt_task_wait_period();
	}
}

static int __init tx_fault_init(void)
{
	static const char *const kinds[] = { "null", "wild", "call", "undef", "divide", "nofault", "overflow", "skip" };
	bool known = false;
	unsigned int i;
	int err;

	for (i = 0; i < ARRAY_SIZE(kinds); i++)
		known |= !strcmp(kind, kinds[i]);
	if (!known || after < 1 || (!IS_ENABLED(CONFIG_X86) && !strcmp(kind, "divide")))
		return -EINVAL;
	rt_sem_init(&trap_sem, 0);
	err = rt_task_init_cpuid(&witness, witness_fn, 0, 8192, 2, 0, NULL, 0);
	if (err)
		goto out_sem;
	err = rt_task_init_cpuid(&victim, victim_fn, 0, 8192, 1, !strcmp(kind, "overflow") || !strcmp(kind, "skip"), NULL, 0);
	if (err)
		goto out_witness;
	for (i = 0; trap && i < RTAI_NR_TRAPS; i++)
		rt_set_task_trap_handler(&victim, i, trap_handler);
	err = rt_task_make_periodic_relative_ns(&witness, 100000, 1000000);
	if (!err)
		err = rt_task_make_periodic_relative_ns(&victim, 100000, 1000000);
	if (!err)
		return 0;
	rt_task_delete(&victim);
out_witness:
	rt_task_delete(&witness);
out_sem:
	rt_sem_delete(&trap_sem);
	return err;
}

static void __exit tx_fault_exit(void)
{
	int state = rt_get_task_state(&victim);
	int resume = rt_task_resume(&victim); /* a faulted task never runs again */
	int del_witness = rt_task_delete(&witness);

	pr_info("tx_fault: result kind=%s jobs=%lu witness=%lu state=0x%x resume=%d delete=%d delete_witness=%d trap_runs=%d trap_vec=%d trap_signo=%d trap_pc=%ps trap_task_ok=%d trap_signalled=%d\n",
		kind, jobs, witness_jobs, state, resume, rt_task_delete(&victim), del_witness, trap_runs, trap_vec,
		trap_signo, (void *)trap_pc, trap_task_ok, trap_signalled);
	rt_sem_delete(&trap_sem);
}

module_init(tx_fault_init);
module_exit(tx_fault_exit);
MODULE_LICENSE("GPL");
