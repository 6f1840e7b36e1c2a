# tactus-boots: icount smp2
# sched-irqoff: the 20 ms irq-off stressor (tx_irqoff, bound to CPU 0)
# with a 10 kHz task (tx_latency period_us=100), then a 1 kHz one, while
# Linux spins a busy loop too. Asserts the task ran (samples) and the
# stressor ran (irq-off sections); on deterministic boots also zero overruns,
# >= 95% of the expected samples and worst-case latency <= 12 us (arm64,
# icount shift=4) / <= 15 us (32-bit ARM) / <= 60 us (x86_64, icount
# shift=5). arm64: 5.3 us measured at both rates since the return switch
# (one NMI entry where the busy loop is interrupted, 1045 instructions:
# the gravity covers it) and 4.7-5.3 us for the bench's 1 ms task under
# every load (2026-12-07, night); 12 us leaves about 400 instructions for a
# co-kernel section that is masked when the NMI comes, as 15 us did for the
# 8.3-8.9 us of the kick (1399 instructions; it was 25 us while the path
# was 1455 and the gravity not yet calibrated; issue 12). 32-bit ARM keeps
# 15 us: 7.4 us measured, the FIQ port has no return switch to gain. x86 at 1 kHz: 60 us,
# the height of the port's retry path, as in sched-preempt: a release that
# meets Linux in IF-off entry code waits for the retry NMI (its first delay
# measured at load, 18.9 us) and that NMI's path. Whether a build's releases
# meet such a spot follows its code layout: 8.2 and 44.8-45.5 us in this
# stop's builds, 53.1 us in CI's build with the fixed 30 us retry before, and
# the bench's 1 ms task 51-55 us (docs/x86_64-port.md). The port's target,
# 50 us, is not met on that path (issue 12); more than 60 us is a second
# retry or a longer path.
# x86_64 at 10 kHz: shift=5 is a 31 MIPS CPU, where the NMI path alone takes
# about half of the 100 us period: tx_latency's own rt_printk reports (one
# per report_ms) cost a release each (5 overruns; none with report_ms=100000),
# and a release that finds Linux in IF-off entry code waits for the retry
# NMI (retry_us=30: 53 us worst). Reported (metrics) and bounded rather than
# asserted away: overruns <= 0.1% of the releases, worst case <= one period.
. /tests/sched-lib.sh
LIMIT_NS=12000
LIMIT_NS_X86=60000
LIMIT_NS_ARM=15000
x86=0
[ "$(uname -m)" = x86_64 ] && LIMIT_NS=$LIMIT_NS_X86 x86=1
[ "$(uname -m)" = armv7l ] && LIMIT_NS=$LIMIT_NS_ARM
RUN_S=2

tx_load_stack || tx_finish
gravity=$(tx_gravity_ns)
tx_metric gravity_ns "$gravity"
tx_mark
tx_check insmod-tx_irqoff insmod $M/tx_irqoff.ko irqoff_ms=20 cpu=0
( while :; do :; done ) &
busy=$!
for p in 100 1000; do
	tx_latency_run "$p" "$p" $RUN_S 500
	set -- $(tx_latency_fields "$TX_LAT_LINE")
	samples=${1:-0} overruns=${2:-?} max=${5:-}
	tx_metric "latency_max_ns_${p}us" "$max"
	# The NMI was aimed 'gravity' ahead: from it to the job took max + gravity.
	tx_metric "response_max_ns_${p}us" $((${max:-0} + ${gravity:-0}))
	tx_metric "overruns_${p}us" "$overruns"
	tx_check "samples-$p" test "$samples" -gt 0
	# The timer is aimed 'gravity' early; a job still never starts early.
	# (A missing line fails here too: no minimum is no pass.)
	tx_check "no-early-start-$p" test -n "${3:-}" -a "${3:-0}" -ge 0
	if tx_timing; then
		expect=$((RUN_S * 1000000 / p))
		tx_check "samples-$p-at-least-95%-of-$expect" test "$samples" -ge $((expect * 95 / 100))
		if [ $x86 = 1 ] && [ "$p" = 100 ]; then
			tx_check_le "overruns-$p-at-most-0.1%" "$overruns" $((expect / 1000))
			tx_check_le "latency-worst-case-$p" "$max" $((p * 1000)) ns
		else
			tx_check "no-overruns-$p" test "$overruns" = 0
			tx_check_le "latency-worst-case-$p" "$max" $LIMIT_NS ns
		fi
	fi
done
kill $busy
cat /proc/tactus/hal
if [ $x86 = 1 ]; then
	# The retry NMIs (an NMI in IF-off entry code) and those that came
	# before the interrupted code moved (aimed inside the NMI's exit).
	set -- $(awk '$1 == "0" { print $(NF-1), $NF }' /proc/tactus/hal)
	tx_metric retries "${1:-}"
	tx_metric retries_early "${2:-}"
fi
tx_check rmmod-tx_irqoff rmmod tx_irqoff
sections=$(tx_since | sed -n 's/.*tx_irqoff: \([0-9]*\) sections.*/\1/p' | tail -n 1)
echo "sched-irqoff: $sections irq-off sections of 20 ms"
# 2 x 2 s at one section per 25 ms: ~160; the stressor must really have run.
tx_check irqoff-sections-ran test "${sections:-0}" -ge 40
tx_unload_stack
tx_finish
