# tactus-boots: icount
# tactus-timeout: 14400
# soak (`make soak`, not part of `make test`; run by name only): the FIFO
# integrity and the preemption workloads, over and over for SOAK minutes of
# guest time (tactus.soak_min=N on the kernel command line; default 60),
# with the task modules loaded and unloaded at random moments. Each cycle:
# rtf_sampler streams numbered records at 10 kHz (5 kHz on x86_64 at
# -icount, as fifo-integrity) for 2-20 s while fifo-check reads them all,
# and tx_preempt (three preempting tasks, 0.5-3 s) is loaded at a random
# moment into that stream and unloaded when done. Reports: cycles, records
# and records lost (must be 0, every cycle's stream complete and in order),
# tx_preempt's PASS/FAIL lines, its worst latency and overruns (0), and the
# memory drift from the end of the first cycle to the end (Slab, vmalloc,
# MemAvailable, kB; Slab + vmalloc must not grow by more than 1 MiB) and
# that no real-time task is left.
. /tests/fifo-lib.sh

minutes=$(sed -n 's/.*tactus\.soak_min=\([0-9]*\).*/\1/p' /proc/cmdline)
minutes=${minutes:-60}
period=$(tx_sample_period_us)
uptime_s() { cut -d. -f1 /proc/uptime; }
# A number in [lo, hi]: busybox sh's $RANDOM (deterministic under -icount -seed).
rand() { echo $(($1 + RANDOM % ($2 - $1 + 1))); }
mem_kb() { awk -v k="$1:" '$1 == k { print $2 }' /proc/meminfo; }
tasks_left() { awk '/^NAME/ { on = 1; next } on && NF { n++ } END { print n + 0 }' /proc/tactus/scheduler; }

tx_load_stack || { tx_finish; exit 1; }
end=$(($(uptime_s) + minutes * 60))
cycles=0 records_total=0 lost=0 bad_cycles=0
slab0="" vm0="" avail0=""
echo "soak: $minutes min of guest time, sampler period $period us"
while [ "$(uptime_s)" -lt "$end" ]; do
	secs=$(rand 2 20)
	records=$((secs * 1000000 / period))
	insmod $M/rtf_sampler.ko period_us=$period fifo_size=65536 || { bad_cycles=$((bad_cycles + 1)); break; }
	(
		sleep "$(rand 0 $((secs - 1)))"
		insmod $M/tx_preempt.ko run_ms="$(rand 500 3000)" stagger_us=300 &&
			while [ "$(cat /sys/module/tx_preempt/parameters/done 2>/dev/null)" != 1 ]; do sleep 0.2; done
		rmmod tx_preempt &&
			dmesg | grep "tx_preempt: result" | tail -n 1 >>/tmp/preempt.results
	) &
	fifo-check -z -p "$period" /dev/rtf0 "$records" >/tmp/check.log 2>&1
	rc=$?
	wait
	rmmod rtf_sampler
	got=$(sed -n 's/^fifo-check: \([0-9]*\) records.*/\1/p' /tmp/check.log)
	if [ "$rc" != 0 ] || [ "${got:-0}" != "$records" ]; then
		bad_cycles=$((bad_cycles + 1))
		lost=$((lost + records - ${got:-0}))
		echo "soak: cycle $cycles: fifo-check rc $rc, ${got:-0} of $records records"
		tail -n 5 /tmp/check.log
	fi
	records_total=$((records_total + records))
	cycles=$((cycles + 1))
	# An hour of dmesg outgrows the ring: each cycle's lines are read and
	# cleared here, its reports and tx_preempt's FAIL lines kept.
	dmesg -c >/tmp/cycle.dmesg
	grep -E "$TX_DMESG_RE" /tmp/cycle.dmesg >>/tmp/dmesg.issues
	grep "tx_preempt: FAIL" /tmp/cycle.dmesg >>/tmp/preempt.fails
	if [ -z "$slab0" ]; then
		slab0=$(mem_kb Slab) vm0=$(mem_kb VmallocUsed) avail0=$(mem_kb MemAvailable)
	fi
	[ $((cycles % 10)) = 0 ] && echo "soak: $cycles cycles, $records_total records, $lost lost, uptime $(uptime_s) s"
done
# tx_preempt's figures, from each run's result line (collected per cycle:
# an hour of dmesg outgrows the ring); its FAIL lines and the kernel's
# reports from each cycle's dmesg and what is left.
dmesg >/tmp/cycle.dmesg
grep -E "$TX_DMESG_RE" /tmp/cycle.dmesg >>/tmp/dmesg.issues
grep "tx_preempt: FAIL" /tmp/cycle.dmesg >>/tmp/preempt.fails
touch /tmp/preempt.results /tmp/dmesg.issues /tmp/preempt.fails
preempt_runs=$(grep -c . /tmp/preempt.results)
set -- $(tr ' ' '\n' </tmp/preempt.results | awk -F= '
	$1 == "lat_max_ns" && $2 > lat { lat = $2 }
	$1 ~ /_overruns$/ { over += $2 }
	$1 ~ /_violations$/ || $1 == "lost" { bad += $2 }
	END { print lat + 0, over + 0, bad + 0 }')
lat_worst=$1 overruns=$2 violations=$3
preempt_fails=$(grep -c . /tmp/preempt.fails)
slab1=$(mem_kb Slab) vm1=$(mem_kb VmallocUsed) avail1=$(mem_kb MemAvailable)
drift=$(( (slab1 - slab0) + (vm1 - vm0) ))
echo "soak: $cycles cycles over $minutes min: $records_total records, $lost lost; tx_preempt $preempt_runs runs ($violations violations or lost events, $preempt_fails FAIL lines), latency worst ${lat_worst:-?} ns, $overruns overruns"
echo "soak: memory from cycle 1 to the end: Slab $slab0 -> $slab1 kB, VmallocUsed $vm0 -> $vm1 kB, MemAvailable $avail0 -> $avail1 kB"
tx_metric cycles "$cycles"
tx_metric records "$records_total"
tx_metric records_lost "$lost"
tx_metric preempt_runs "$preempt_runs"
tx_metric preempt_latency_worst_ns "${lat_worst:-?}"
tx_metric preempt_overruns "$overruns"
tx_metric slab_vmalloc_drift_kb "$drift"
tx_metric memavailable_drift_kb "$((avail1 - avail0))"
tx_check "ran-$minutes-min" test "$cycles" -gt 0 -a "$(uptime_s)" -ge "$end"
tx_check "no-record-lost" test "$lost" = 0 -a "$bad_cycles" = 0
tx_check "preempt-ran" test "$preempt_runs" -gt 0
tx_check "preempt-no-fail" test "$preempt_fails" = 0 -a "$violations" = 0
tx_check "preempt-no-overrun" test "$overruns" = 0
tx_check "memory-drift-under-1-MiB ($drift kB)" test "$drift" -lt 1024
cat /proc/tactus/hal # x86: where a frame with bad RFLAGS was first seen, if one was
tx_check "no-cpu-flags-corrupted" sh -c "! grep -q 'reserved RFLAGS' /proc/tactus/hal"
n=$(grep -c . /tmp/dmesg.issues)
tx_check "dmesg-clean-every-cycle ($n report(s))" test "$n" = 0
head -n 20 /tmp/dmesg.issues
tx_check "no-task-left" test "$(tasks_left)" = 0
tx_check_dmesg
tx_unload_stack
tx_finish
