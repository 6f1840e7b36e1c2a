# tactus-arch: arm64 x86_64
# tactus-boots: icount smp2
# return-switch: where an NMI cannot redirect (user mode; on arm64 also
# kernel code with interrupts on), the port switches at the return of
# Linux's entry handler (return_switch=1: arm64 at gic_handle_irq's return,
# its default; x86_64 at exc_nmi's, off by default) instead of its kick
# (return_switch=0: arm64 kicks the timer for a second NMI, x86_64 sends the
# irq_work self-IPI). A 1 kHz task runs beside a user-space busy loop on
# every CPU, once each way. Asserts the load line of each way; that with the
# switch on the busy loop's NMIs were served by return switches (arm64: no
# kick at all; x86_64, whose NMIs in kernel code with interrupts on still
# kick: at most a quarter of the kicks of the other way), and with it off by
# kicks and no return switch (/proc/tactus/hal); that the task ran both
# ways; on deterministic boots >= 95% of its releases, none overrun, and a
# lower average release latency with the switch on (the shorter path:
# docs/benchmarks.md, "Path lengths"). The timer gravity is off
# (gravity_ns=0): it would hide the path, and each load calibrates its own
# (x86 Linux 6.1, with the gravity: 6836 against 6646 ns, the two
# calibrations' difference). Any oops or WARNING fails the boot.
. /tests/sched-lib.sh
RUN_S=2
PERIOD_US=1000
if [ "$(uname -m)" = x86_64 ]; then
	ON_LINE="a switch after an NMI from user mode happens at exc_nmi's return"
	OFF_LINE="a switch after an NMI from user mode waits for the irq_work kick (return_switch=0)"
else
	ON_LINE="no redirect: switch at gic_handle_irq's return"
	OFF_LINE="no redirect: kick"
fi

kicks() { awk '$1 ~ /^[0-9]+$/ && NF > 10 { n += $5 } END { print n + 0 }' /proc/tactus/hal; }
return_switches() {
	sed -n "s/^CPU [0-9]*: \([0-9]*\) switches at the entry handler's return$/\1/p" /proc/tactus/hal |
		awk '{ n += $1 } END { print n + 0 }'
}
logged() { tx_since | grep -qF "$1"; }

# way ON LINE: load the stack with return_switch=ON, run the task beside the
# busy loops; sets samples, overruns, avg, kicks_now, switches_now.
way() {
	tx_mark
	tx_check "insmod-tactus_hal-return_switch=$1" insmod $M/tactus_hal.ko return_switch=$1 || tx_finish
	tx_check "insmod-tactus_sched-$1" insmod $M/tactus_sched.ko gravity_ns=0 || tx_finish
	tx_check "load-line-$1" logged "$2"
	pids=
	cpu=0
	while [ $cpu -lt "$(tx_cpus)" ]; do
		taskset "$(printf %x $((1 << cpu)))" sh -c 'while :; do :; done' &
		pids="$pids $!"
		cpu=$((cpu + 1))
	done
	tx_latency_run "switch$1" $PERIOD_US $RUN_S 100000
	# shellcheck disable=SC2086 # one word per pid
	kill $pids
	set -- $(tx_latency_fields "$TX_LAT_LINE")
	samples=${1:-0} overruns=${2:-} avg=${4:-} max=${5:-}
	kicks_now=$(kicks) switches_now=$(return_switches)
	cat /proc/tactus/hal
	tx_unload_stack
}

way 1 "$ON_LINE"
tx_metric return_switches_on "$switches_now"
tx_metric kicks_on "$kicks_now"
tx_metric latency_avg_ns_on "$avg"
tx_metric latency_max_ns_on "$max"
on_samples=$samples on_overruns=$overruns on_avg=$avg on_kicks=$kicks_now
tx_check "return-switches-served-the-busy-loop ($switches_now)" test "$switches_now" -gt 100

way 0 "$OFF_LINE"
tx_metric return_switches_off "$switches_now"
tx_metric kicks_off "$kicks_now"
tx_metric latency_avg_ns_off "$avg"
tx_metric latency_max_ns_off "$max"
tx_check "kicks-served-the-busy-loop-when-off ($kicks_now)" test "$kicks_now" -gt 100
tx_check "no-return-switch-when-off ($switches_now)" test "$switches_now" = 0
if [ "$(uname -m)" = x86_64 ]; then
	tx_check "kicks-on-at-most-a-quarter-of-off ($on_kicks vs $kicks_now)" test $((on_kicks * 4)) -le "$kicks_now"
else
	tx_check "no-kick-when-on ($on_kicks)" test "$on_kicks" = 0
fi
tx_check "samples-on ($on_samples)" test "$on_samples" -gt 0
tx_check "samples-off ($samples)" test "$samples" -gt 0
if tx_timing; then
	expect=$((RUN_S * 1000000 / PERIOD_US))
	tx_check "samples-on-at-least-95%-of-$expect" test "$on_samples" -ge $((expect * 95 / 100))
	tx_check "samples-off-at-least-95%-of-$expect" test "$samples" -ge $((expect * 95 / 100))
	tx_check "no-overruns-on" test "$on_overruns" = 0
	tx_check "no-overruns-off" test "$overruns" = 0
	tx_check "avg-latency-on-below-off ($on_avg vs $avg ns)" test "$on_avg" -lt "$avg"
fi
tx_finish
