# tactus-arch: x86_64
# tactus-boots: icount smp2
# x86-entry-redirect: an NMI that meets Linux in IF-off entry code on the
# task stack (a system call's entry, an interrupt's stub taken in kernel
# mode) preempts it like other kernel code instead of waiting for a retry
# NMI (arch/x86/nmi.c, entry_redirectable). A 10 kHz task runs while Linux
# makes system calls without pause (dd with 1-byte blocks, one exec after
# another); asserts that such redirects happened (/proc/tactus/hal counts
# them), that the task ran (samples, no early start; on deterministic boots
# >= 95% of the expected samples), that the load ran, and that
# entry_redirect=0 turns them off (the load line says so and none is
# counted). Any oops or WARNING fails the boot (a redirect with the user's GS
# would oops at once: the first version of the rule did, in sched-irqoff).
. /tests/sched-lib.sh
RUN_S=3
PERIOD_US=100

syscall_load() { while :; do dd if=/dev/zero of=/dev/null bs=1 count=20000 2>/dev/null; done; }

# run_task NAME: the 10 kHz task for RUN_S seconds beside the load; sets
# 'samples' and 'early' (the minimum latency, negative: an early start).
run_task() {
	name=$1
	tx_latency_run "$name" $PERIOD_US $RUN_S 100000
	set -- $(tx_latency_fields "$TX_LAT_LINE")
	samples=${1:-0} early=${3:-}
	tx_metric "latency_max_ns_$name" "${5:-}"
}

retries() { awk '$1 ~ /^[0-9]+$/ && NF > 10 { n += $(NF-1) } END { print n + 0 }' /proc/tactus/hal; }

logged() { tx_since | grep -qF "$1"; }

entry_redirects() { sed -n 's/^CPU [0-9]*: \([0-9]*\) redirects from entry code$/\1/p' /proc/tactus/hal | awk '{ n += $1 } END { print n + 0 }'; }

tx_mark
tx_load_stack || tx_finish
tx_check entry-redirect-on-logged logged "IF-off entry code on the task stack is preempted"
syscall_load &
load=$!
run_task on
n=$(entry_redirects)
tx_metric entry_redirects "$n"
tx_metric retries_on "$(retries)"
tx_check "entry-redirects-happened ($n)" test "$n" -gt 0
tx_check samples-on test "$samples" -gt 0
tx_check no-early-start-on test -n "$early" -a "${early:-0}" -ge 0
if tx_timing; then
	expect=$((RUN_S * 1000000 / PERIOD_US))
	tx_check "samples-on-at-least-95%-of-$expect" test "$samples" -ge $((expect * 95 / 100))
fi
kill $load
wait $load 2>/dev/null
tx_unload_stack

# The same with entry_redirect=0: refused at load, none counted.
tx_mark
tx_check insmod-tactus_hal-entry_redirect=0 insmod $M/tactus_hal.ko entry_redirect=0
tx_check insmod-tactus_sched-2 insmod $M/tactus_sched.ko
tx_check entry-redirect-off-logged logged "entry code is not preempted (entry_redirect=0)"
syscall_load &
load=$!
run_task off
kill $load
wait $load 2>/dev/null
n=$(entry_redirects)
tx_metric retries_off "$(retries)"
tx_check "no-entry-redirects-when-off ($n)" test "$n" = 0
tx_check samples-off test "$samples" -gt 0
tx_unload_stack
tx_finish
