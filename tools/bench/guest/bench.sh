#!/bin/sh
# tools/bench/guest/bench.sh - /tests/bench.sh in the benchmark initramfs
# (busybox sh in the guest, run by tools/qemu/init.sh for tactus.test=bench).
#
# Kernel command line (set by tools/bench/run-one.sh):
#   bench.sys=a|b|c|d   a: our kernel + Tactus (bench_tlat, 1 ms then 100 us)
#                       b: our kernel without Tactus, c: Debian stock,
#                       d: Debian PREEMPT_RT: cyclictest 1 ms, then the
#                          bench_hrt hrtimer module at 1 ms and at 100 us
#   bench.load=idle|irqoff|grinder|stressng
#   bench.n=N           samples at 1 ms (at 100 us: bench.n100)
#   bench.kind=timer|irq  timer (default): the measurements above; irq: the
#                       interrupt latency of a spare hardware timer
#                       (tools/bench/modules/bench_irq_dev.h), N interrupts
#                       about 1 ms apart: a: the bare NMI floor
#                       (bench_irq_floor), then Tactus's handler and the
#                       task it wakes (bench_irq_rt); b, c: Linux's hard
#                       handler (bench_irq mode=linux); d: PREEMPT_RT's
#                       threaded handler at FIFO 99 (mode=thread), then its
#                       hard one (IRQF_NO_THREAD, mode=linux)
# Every run: wait until no cryptomgr_test thread is left, start a busy loop
# (the guest must never idle under icount), start the load, wait 2 s, run the
# measurements one after the other (results into tmpfs), kill the load, then
# print each result between "BENCH-BEGIN <name>" and "BENCH-END" lines.
arg() {
	for a in $(cat /proc/cmdline); do
		case "$a" in "bench.$1="*) echo "${a#bench.$1=}"; return ;; esac
	done
	echo "$2"
}
SYS=$(arg sys a)
KIND=$(arg kind timer)
LOAD=$(arg load idle)
N=$(arg n 10000)
N100=$(arg n100 $((N * 10)))
case "$SYS" in
a | b) M=/lib/modules/bench/tactus ;;
c) M=/lib/modules/bench/debian ;;
d) M=/lib/modules/bench/debian-rt ;;
*) echo "BENCH-ERROR: unknown bench.sys=$SYS"; exit 2 ;;
esac
up() { cut -d' ' -f1 /proc/uptime; }
phase() { echo "BENCH-PHASE: $* (guest uptime $(up) s)"; }
fail=0
err() { echo "BENCH-ERROR: $*"; fail=$((fail + 1)); }

echo "BENCH-INFO: sys=$SYS kind=$KIND load=$LOAD n=$N n100=$N100"
echo "BENCH-INFO: uname=$(uname -r) | $(uname -v)"
echo "BENCH-INFO: realtime=$(cat /sys/kernel/realtime 2>/dev/null || echo 0)" \
	"clocksource=$(cat /sys/devices/system/clocksource/clocksource0/current_clocksource 2>/dev/null)" \
	"sched_rt_runtime_us=$(cat /proc/sys/kernel/sched_rt_runtime_us 2>/dev/null)"
echo "BENCH-INFO: cmdline=$(cat /proc/cmdline)"

i=0
while ls /proc/[0-9]*/comm >/dev/null 2>&1 && grep -qs '^cryptomgr_test' /proc/[0-9]*/comm && [ $i -lt 120 ]; do
	sleep 1
	i=$((i + 1))
done
phase "settled after ${i} s of waiting"

( while :; do :; done ) &

case "$LOAD" in
idle) ;;
irqoff) insmod $M/bench_irqoff.ko irqoff_ms=20 gap_ms=5 || err "insmod bench_irqoff" ;;
grinder)
	( while :; do hackbench -l 100000 -g 2 >/dev/null 2>&1; done ) &
	( while :; do dd if=/dev/zero of=/dev/null bs=128M 2>/dev/null; done ) &
	;;
stressng)
	stress-ng --cpu 1 --vm 1 --vm-bytes 64M --switch 1 --sched other --timeout 0 \
		>/tmp/stress-ng.log 2>&1 &
	;;
*) err "unknown load $LOAD" ;;
esac
phase "load $LOAD started"
# The harness itself (this shell and what it starts from now on: cyclictest,
# whose main thread only waits and prints, insmod, the polling) runs at nice
# -20, so that it polls and writes its results promptly under load; the loads
# and the busy loop stay at nice 0. The measuring contexts (cyclictest's
# SCHED_FIFO 99 thread, the hrtimer interrupt, Tactus tasks) do not care.
# Not SCHED_FIFO: a SCHED_FIFO 10 harness (so cyclictest's main thread too)
# gave stock Linux one extra 490-770 us outlier per idle run (seeds 1-4)
# where nice -20 and plain nice 0 give 130-195 us.
renice -n -20 -p $$ >/dev/null || err "renice"
sleep 2

# wait_done MODULE SECONDS: poll the module's 'done' parameter
wait_done() {
	_w=0
	while [ "$(cat /sys/module/$1/parameters/done 2>/dev/null)" != 1 ]; do
		[ $_w -ge "$2" ] && { err "$1 not done after $2 s"; return 1; }
		sleep 1
		_w=$((_w + 1))
	done
}

RESULTS=""
# irq_run MODULE NAME ARGS...: one interrupt-latency measurement into
# /tmp/r-NAME (the module's /proc record)
irq_run() {
	_m=$1 _name=$2
	shift 2
	phase "start $_name, $N interrupts"
	if insmod $M/$_m.ko samples=$N "$@"; then
		wait_done $_m $((N / 1000 * 4 + 120))
		cat /proc/$_m >/tmp/r-$_name
		[ -r /proc/tactus/irqs ] && cat /proc/tactus/hal /proc/tactus/irqs >/tmp/hal-$_name
		rmmod $_m || err "rmmod $_m"
		RESULTS="$RESULTS $_name"
	else
		err "insmod $_m $*"
	fi
	phase "end $_name"
}
# The Tactus stack, with bench.hal_args=a=1,b=2 and bench.sched_args=a=1,b=2
# of the kernel command line as tactus_hal and tactus_sched parameters, for
# comparisons (e.g. entry_redirect=0, gravity_ns=0); none by default.
load_tactus() {
	# shellcheck disable=SC2046 # one word per parameter
	insmod $M/tactus_hal.ko $(arg hal_args | tr , ' ') || err "insmod tactus_hal"
	# shellcheck disable=SC2046 # one word per parameter
	insmod $M/tactus_sched.ko $(arg sched_args | tr , ' ') || err "insmod tactus_sched"
}
if [ "$KIND" = irq ]; then
	case "$SYS" in
	a)
		irq_run bench_irq_floor irq-floor
		load_tactus
		irq_run bench_irq_rt irq-tactus
		;;
	b | c) irq_run bench_irq irq-linux mode=linux ;;
	d)
		irq_run bench_irq irq-thread mode=thread
		irq_run bench_irq irq-linux mode=linux
		;;
	esac
elif [ "$SYS" = a ]; then
	load_tactus
	for p in 1000 100; do
		n=$N
		[ $p = 100 ] && n=$N100
		phase "start tactus period ${p} us, $n samples"
		if insmod $M/bench_tlat.ko period_us=$p samples=$n; then
			wait_done bench_tlat $((n * p / 1000000 * 4 + 120))
			cat /proc/bench_tlat >/tmp/r-tactus-$p
			cat /proc/tactus/hal >/tmp/hal-$p 2>/dev/null
			rmmod bench_tlat || err "rmmod bench_tlat"
			RESULTS="$RESULTS tactus-$p"
		else
			err "insmod bench_tlat period_us=$p"
		fi
		phase "end tactus period ${p} us"
	done
else
	phase "start cyclictest -i 1000, $N samples"
	cyclictest -m -p 99 -i 1000 -l $N -h 30000 -q >/tmp/cyc.out 2>&1 || err "cyclictest rc=$?"
	RESULTS="$RESULTS cyclictest-1000"
	phase "end cyclictest"
	for p in 1000 100; do
		n=$N
		[ $p = 100 ] && n=$N100
		phase "start hrtimer period ${p} us, $n samples"
		if insmod $M/bench_hrt.ko period_us=$p samples=$n; then
			wait_done bench_hrt $((n * p / 1000000 * 4 + 120))
			cat /proc/bench_hrt >/tmp/r-hrtimer-$p
			rmmod bench_hrt || err "rmmod bench_hrt"
			RESULTS="$RESULTS hrtimer-$p"
		else
			err "insmod bench_hrt period_us=$p"
		fi
		phase "end hrtimer period ${p} us"
	done
fi

# Was the load really running? (counted at the end of the measurements)
echo "BENCH-LOADCHECK: hackbench=$(grep -l '^hackbench' /proc/[0-9]*/comm 2>/dev/null | wc -l)" \
	"dd=$(grep -l '^dd$' /proc/[0-9]*/comm 2>/dev/null | wc -l)" \
	"stress-ng=$(grep -l '^stress-ng' /proc/[0-9]*/comm 2>/dev/null | wc -l)" \
	"bench_irqoff=$(grep -l '^bench_irqoff' /proc/[0-9]*/comm 2>/dev/null | wc -l)" \
	"loadavg=$(cut -d' ' -f1-3 /proc/loadavg)"
# Stop the load (every process but init and this shell), then report.
kill -9 -1 2>/dev/null
[ "$LOAD" = irqoff ] && { rmmod bench_irqoff || err "rmmod bench_irqoff"; }
sleep 1
phase "load stopped"
[ "$LOAD" = stressng ] && tail -n 3 /tmp/stress-ng.log
# cyclictest's histogram: every bucket, one line each ("000046 000568");
# only the non-empty ones are printed (busybox awk would read them as octal)
[ -f /tmp/cyc.out ] && grep -Ev '^[0-9]+[[:space:]]+0+[[:space:]]*$' /tmp/cyc.out >/tmp/r-cyclictest-1000
for r in $RESULTS; do
	echo "BENCH-BEGIN $r"
	cat /tmp/r-$r
	echo "BENCH-END"
done
for f in /tmp/hal-*; do
	[ -f "$f" ] && { echo "BENCH-HAL ${f#/tmp/hal-}:"; cat "$f"; }
done
dmesg | grep -E 'bench_|tactus' | tail -n 12
echo "BENCH-DONE: sys=$SYS load=$LOAD errors=$fail"
[ $fail = 0 ]
