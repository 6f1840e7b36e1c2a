# tactus-boots: icount smp2
# sched-rr: two spinning tasks of one priority on CPU 0 (tx_rr.c).
# RT_SCHED_RR with a 1 ms quantum: they alternate A B A B ..., both progress;
# on deterministic boots the median slice is within 10% of the quantum and
# each task gets at least 7 of the 30 slices of the 30 ms run.
# RT_SCHED_FIFO: A runs to its end, then B (one slice each).
# (A gets the first slice in FIFO mode always, in RR mode only where timing
# is deterministic: RR keeps what is left of a quantum across a block, RTAI
# style, and on a busy host A's first short run before it blocked may have
# used up its quantum.)
. /tests/sched-lib.sh

tx_load_stack || tx_finish
for policy in 1 0; do
	tx_mark
	tx_check "insmod-tx_rr-policy-$policy" insmod $M/tx_rr.ko policy=$policy quantum_us=1000 run_ms=30
	if ! tx_check "tx_rr-policy-$policy-done" tx_wait_param tx_rr done 1 10; then
		cat /proc/tactus/scheduler /proc/tactus/hal
	fi
	tx_check "rmmod-tx_rr-policy-$policy" rmmod tx_rr
	tx_since | grep "tx_rr: result"
	tx_module_checks tx_rr
	if [ $policy = 1 ] && tx_timing; then
		med=$(tx_result tx_rr slice_median_ns)
		tx_metric rr_slice_median_ns "$med"
		tx_check "rr-median-slice-900-1100us" test "${med:-0}" -ge 900000 -a "${med:-0}" -le 1100000
		tx_check rr-a-first test "$(tx_result tx_rr first)" = A
		# 30 slices of 1 ms fit in run_ms=30; a quarter of them each at least.
		tx_check rr-slices-ge-7-each test "$(tx_result tx_rr a_slices)" -ge 7 -a "$(tx_result tx_rr b_slices)" -ge 7
	fi
done
tx_unload_stack
tx_finish
