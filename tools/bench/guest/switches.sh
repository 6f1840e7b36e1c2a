#!/bin/sh
# tools/bench/guest/switches.sh - /tests/bench-switches.sh: RTAI
# "switches"-style costs on our kernel with Tactus (bench_switches.ko):
# for 1, 10 and 100 tasks, suspend/resume, semaphore and rpc switches
# (mode 0), then the timer overhead per release with the releases spread
# over the period (mode 1) and all at once (mode 2). A busy loop keeps the
# guest from idling. Results between BENCH-BEGIN/BENCH-END lines.
M=/lib/modules/bench/tactus
fail=0
err() { echo "BENCH-ERROR: $*"; fail=$((fail + 1)); }
( while :; do :; done ) &
insmod $M/tactus_hal.ko || err "insmod tactus_hal"
insmod $M/tactus_sched.ko watchdog_us=0 || err "insmod tactus_sched"
TASKS=$(for a in $(cat /proc/cmdline); do case "$a" in bench.tasks=*) echo "${a#bench.tasks=}" | tr , ' ' ;; esac; done)
[ -n "$TASKS" ] || TASKS="1 10 100"
for n in $TASKS; do
	for mode in 0 1 2; do
		if insmod $M/bench_switches.ko ntasks=$n mode=$mode; then
			w=0
			while [ "$(cat /sys/module/bench_switches/parameters/done)" != 1 ]; do
				[ $w -ge 60 ] && { err "bench_switches ntasks=$n mode=$mode not done"; break; }
				sleep 1
				w=$((w + 1))
			done
			cat /proc/bench_switches >/tmp/sw-$n-$mode
			rmmod bench_switches || err "rmmod bench_switches"
		else
			err "insmod bench_switches ntasks=$n mode=$mode"
		fi
	done
done
kill -9 -1 2>/dev/null
for f in /tmp/sw-*; do
	echo "BENCH-BEGIN switches-${f#/tmp/sw-}"
	cat "$f"
	echo "BENCH-END"
done
cat /proc/tactus/hal
echo "BENCH-DONE: switches errors=$fail"
[ $fail = 0 ]
