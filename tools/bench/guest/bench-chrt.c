// SPDX-License-Identifier: GPL-2.0
/*
 * tools/bench/guest/bench-chrt.c - /usr/bin/bench-chrt PRIO PID: set the
 * scheduling policy of process PID to SCHED_FIFO at PRIO (1-99), or back to
 * SCHED_OTHER for PRIO 0 (busybox has no chrt). The benchmark's guest
 * harness uses it on itself after starting the loads: a SCHED_OTHER shell
 * was starved for minutes under stress-ng on PREEMPT_RT (its sleeps are soft
 * hrtimers there), and with it cyclictest's main thread, which only prints.
 * Built static by tools/bench/build.sh.
 */
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
	struct sched_param sp = { 0 };
	int prio, pid;

	if (argc != 3) {
		fprintf(stderr, "usage: bench-chrt PRIO(0=SCHED_OTHER, 1-99=SCHED_FIFO) PID\n");
		return 2;
	}
	prio = atoi(argv[1]);
	pid = atoi(argv[2]);
	sp.sched_priority = prio;
	if (sched_setscheduler(pid, prio ? SCHED_FIFO : SCHED_OTHER, &sp)) {
		perror("bench-chrt: sched_setscheduler");
		return 1;
	}
	return 0;
}
