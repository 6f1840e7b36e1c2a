# tactus-boots: smp2
# tactus-command: the `tactus` command (tools/tactus) in the guest. `tactus
# check` on the kernel the
# suite runs Tactus on: it must say Tactus can run here (exit 0, no fail
# line), read the command line's switch (arm64 irqchip.gicv3_pseudo_nmi=1;
# x86_64: q35 has no IOMMU, so no intremap=off is needed) and find the
# interrupt controller (GICv3) or the HPET; and the stack then loads, as it
# says. `tactus load` loads the stack with a parameter (again: nothing to
# do), `tactus status` lists a task under its CPU, `tactus unload` refuses
# while a task module uses the stack and then removes it; a bad parameter
# leaves nothing loaded. `tactus latency` measures for a few seconds with
# the stack loaded (cyclictest lines) and without (it loads and removes the
# stack), stops on SIGTERM, and refuses an offline CPU.
. /tests/sched-lib.sh

tx_tactus_check_can_run
out=$TX_TACTUS_CHECK
case "$(uname -m)" in
aarch64)
	tx_check cmdline-switch sh -c "echo \"\$1\" | grep -q '^ok    cmdline: irqchip.gicv3_pseudo_nmi=1'" - "$out"
	tx_check gicv3 sh -c "echo \"\$1\" | grep -q '^ok    interrupt controller: GICv3'" - "$out"
	;;
x86_64)
	tx_check no-iommu sh -c "echo \"\$1\" | grep -q '^ok    cmdline: no active IOMMU'" - "$out"
	tx_check hpet sh -c "echo \"\$1\" | grep -q '^ok    HPET: present'" - "$out"
	;;
esac
tx_check "unknown-command-exit-2" sh -c 'tactus nope 2>/dev/null; [ $? = 2 ]'
# tactus status: refused before the stack is loaded; then a periodic task
# (tx_watchdog mode=busy: 1 ms, priority 0, CPU 0) listed under its CPU.
tx_check status-not-loaded-exit-1 sh -c 'tactus status 2>/dev/null; [ $? = 1 ]'
# tactus load: the stack in order, with a parameter; again: nothing to do.
tx_check load sh -c "tactus load --dir $M sched.watchdog_us=20000"
tx_check loaded-all sh -c 'for m in tactus_hal tactus_sched tactus_fifo tactus_shm; do [ -d /sys/module/$m ] || exit 1; done'
tx_check load-param-arrived grep -q "watchdog: 20000 us budget" /proc/tactus/scheduler
tx_check load-again-idempotent sh -c "tactus load --dir $M | grep -q 'tactus_hal: already loaded'"
# tactus latency with the stack loaded: only tactus_latency comes and goes.
lat=$(tactus latency --dir $M --duration 2 --period 1000 --cpu 1 --format cyclictest 2>&1)
rc=$?
echo "$lat"
tx_check "latency-cyclictest-exit-0 ($rc)" test "$rc" = 0
tx_check latency-cyclictest-two-lines sh -c "[ \"\$(echo \"\$1\" | grep -Ec '^T: 1 \(tactus\) P: 0 I:1000 C: +[0-9]+ Min: +[0-9]+ Act: +[0-9]+ Avg: +[0-9]+ Max: +[0-9]+$')\" = 2 ]" - "$lat"
tx_check latency-cyclictest-summary sh -c "echo \"\$1\" | grep -q '^summary: 2000 jobs in 2 s; latency min [0-9]* ns'" - "$lat"
tx_check latency-module-gone-stack-stays sh -c '! [ -d /sys/module/tactus_latency ] && [ -d /sys/module/tactus_shm ]'
lat=$(tactus latency --dir $M --cpu 5 2>&1)
rc=$?
tx_check "latency-offline-cpu-exit-1 ($rc)" test "$rc" = 1
tx_check latency-offline-cpu-says sh -c "echo \"\$1\" | grep -q 'insmod tactus_latency.ko (period_us=100 cpu=5 fpu=0 fifo=63) failed'" - "$lat"
tx_check latency-offline-cpu-nothing-left sh -c '! [ -d /sys/module/tactus_latency ]'
tx_check insmod-busy insmod $M/tx_watchdog.ko mode=busy busy_us=100
sleep 0.2
st=$(tactus status)
echo "$st"
tx_check status-cpu0-line sh -c "echo \"\$1\" | grep -q '^CPU 0: 1 task(s), '" - "$st"
tx_check status-lists-the-task sh -c "echo \"\$1\" | grep -Eq '^  busy \[tx_watchd +0  [a-z-]+ +1000\.0 +[0-9]+ +([0-9.]+|-)  -\$'" - "$st"
tx_check status-watch-twice sh -c '[ "$(tactus status --watch --count 2 | grep -c "^timer: ")" = 2 ]'
# unload refuses while a task module uses the stack, and removes nothing.
tx_check unload-refused-in-use sh -c 'tactus unload 2>&1 | grep -q "still used by tx_watchdog"; [ -d /sys/module/tactus_shm ]'
tx_check rmmod-busy rmmod tx_watchdog
tx_check unload sh -c 'tactus unload && ! [ -d /sys/module/tactus_hal ]'
# tactus latency with nothing loaded: it loads the stack and removes it
# again; three RTD lines of 1000 jobs each, the histogram file; then a run
# stopped by SIGTERM (a background job of sh ignores SIGINT) ends cleanly.
lat=$(tactus latency --dir $M --duration 3 --period 1000 --histogram /tmp/lat-hist.txt 2>&1)
rc=$?
echo "$lat"
tx_check "latency-exit-0 ($rc)" test "$rc" = 0
tx_check latency-header sh -c "echo \"\$1\" | grep -q '^RTH|    lat min|    ovl min|    lat avg|    lat max|    ovl max|   overruns\$'" - "$lat"
tx_check latency-three-rtd-lines sh -c "[ \"\$(echo \"\$1\" | grep -Ec '^RTD(\| +-?[0-9]+){6}$')\" = 3 ]" - "$lat"
tx_check latency-summary sh -c "echo \"\$1\" | grep -Eq '^summary: 3000 jobs in 3 s; latency min -?[0-9]+ ns, avg -?[0-9]+ ns, max [0-9]+ ns; overruns [0-9]+; records lost 0\$'" - "$lat"
tx_check latency-histogram-file sh -c '[ "$(wc -l </tmp/lat-hist.txt)" = 200 ] && [ "$(awk "{ n += \$2 } END { print n }" /tmp/lat-hist.txt)" -ge 3000 ]'
tx_check latency-left-nothing sh -c '! [ -d /sys/module/tactus_latency ] && ! [ -d /sys/module/tactus_hal ]'
tactus latency --dir $M --period 1000 >/tmp/lat.out 2>&1 &
pid=$!
# SIGTERM after the first second's line (a KASAN kernel takes seconds to
# load the modules), so that a summary is due.
for i in $(seq 60); do grep -q '^RTD|' /tmp/lat.out && break; sleep 0.5; done
sleep 1
kill -TERM $pid
wait $pid
rc=$?
cat /tmp/lat.out
tx_check "latency-sigterm-exit-0 ($rc)" test "$rc" = 0
tx_check latency-sigterm-summary grep -q '^summary: [0-9]* jobs in [0-9]* s' /tmp/lat.out
tx_check latency-sigterm-left-nothing sh -c '! [ -d /sys/module/tactus_latency ] && ! [ -d /sys/module/tactus_hal ]'
# A bad parameter: refused by the kernel, the modules loaded before it are
# removed again.
tx_check load-bad-param-fails sh -c "! tactus load --dir $M sched.watchdog_us=abc"
tx_check load-bad-param-leaves-nothing sh -c '! [ -d /sys/module/tactus_hal ]'
tx_finish
