# tactus-boots: icount smp2 debug
# sched-preempt: RTAI's "preempt" shape (tests/qemu/modules/tx_preempt.c):
# latency task (1 ms), fast task (4 ms period, 2 ms busy), slow task (24 ms,
# 6 ms busy) on CPU 0 while Linux spins a busy loop. Asserts the job log:
# strict priority preemption, LIFO nesting, every nesting kind seen; on
# deterministic boots also the job counts (run / period), zero overruns and
# the latency task's worst-case release latency <= 20 us.
# Why 16 us (icount shift=4: 16 ns per instruction): Linux's busy loop runs
# in user mode, where the NMI cannot redirect; the switch happens at the
# return of Linux's IRQ entry handler (the return switch, one NMI entry;
# before it, a kick: a second NMI inside Linux's IRQ entry), and every 4 and
# 24 ms the fast and slow tasks' timers expire in the same NMI first:
# 10.7 us measured (14.6-14.9 us with the kick, when the bound was 20 us;
# 27.8-29.3 us before the timer gravity, when it was 32 us). 16 us leaves
# about 330 instructions of margin, as before. The single-task, kernel-mode
# case is sched-irqoff's (<= 15 us).
# x86_64 (icount shift=5: 32 ns per instruction): 60 us, the height of the
# port's retry path: a release that finds Linux in entry code with interrupts
# off waits for the retry NMI, retry_us (30 us) after the first, plus that
# NMI's path to the job (about 20 us) and the gravity's wait for the release
# (up to one switch): 50.3 and 46.0 us were measured in builds of one commit
# (others: 18.7, 21.7), the release phase meeting that spot or not. The
# former 50 us, the port's target, left no margin for it (docs/x86_64-port.md,
# "Open defects"); more than 60 us is a second retry or a longer path.
# 32-bit ARM keeps 20 us, the bound the arm64 one was before: 19.5 us
# measured there (the FIQ port has no return switch to gain; not analysed
# further here).
. /tests/sched-lib.sh
LIMIT_NS=16000
LIMIT_NS_X86=60000
LIMIT_NS_ARM=20000
case "$(uname -m)" in
x86_64) LIMIT_NS=$LIMIT_NS_X86 ;;
armv7l) LIMIT_NS=$LIMIT_NS_ARM ;;
esac

tx_load_stack || tx_finish
gravity=$(tx_gravity_ns)
tx_metric gravity_ns "$gravity"
tx_mark
( while :; do :; done ) &
busy=$!
tx_check insmod-tx_preempt insmod $M/tx_preempt.ko run_ms=1500
tx_check run-completes tx_wait_param tx_preempt done 1 30
kill $busy
tx_check rmmod-tx_preempt rmmod tx_preempt
tx_since | grep "tx_preempt: result"
tx_module_checks tx_preempt

lat=$(tx_result tx_preempt lat_max_ns)
echo "sched-preempt: latency task worst case ${lat:-?} ns, average $(tx_result tx_preempt lat_avg_ns) ns;" \
	"fast task worst case $(tx_result tx_preempt fast_lat_max_ns) ns"
tx_metric latency_max_ns "$lat"
tx_metric response_max_ns $((${lat:-0} + ${gravity:-0})) # from the NMI, aimed 'gravity' ahead
if tx_timing; then
	tx_check_le latency-worst-case "$lat" $LIMIT_NS ns
	for k in lat:1000 fast:4000 slow:24000; do
		t=${k%:*} period=${k#*:}
		tx_check "$t-no-overruns" test "$(tx_result tx_preempt ${t}_overruns)" = 0
		jobs=$(tx_result tx_preempt ${t}_jobs)
		expect=$((1500000 / period))
		tx_check "$t-jobs-$jobs-expected-$expect" test "${jobs:-0}" -ge $((expect - 1)) -a "${jobs:-0}" -le $((expect + 1))
	done
fi
tx_unload_stack
tx_finish
