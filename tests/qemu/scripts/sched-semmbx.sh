# tactus-boots: icount smp2 debug
# sched-semmbx: blocking on semaphores and mailboxes under preemption
# (tests/qemu/modules/tx_semmbx.c): wake order by priority / FIFO, mailbox
# receivers and senders by priority, timeout, deletion while waiting,
# priority inheritance through a resource semaphore. The checks are
# functional (event order) and hold on every boot; on deterministic boots
# also: the 200 us preemptor ran inside each of phases 1-4.
. /tests/sched-lib.sh

tx_load_stack || tx_finish
tx_mark
tx_check insmod-tx_semmbx insmod $M/tx_semmbx.ko
tx_check releaser-finished tx_wait_param tx_semmbx done 1 20
tx_check rmmod-tx_semmbx rmmod tx_semmbx
tx_module_checks tx_semmbx
tx_since | grep "tx_semmbx: result"
if tx_timing; then
	jobs=$(tx_result tx_semmbx preemptor_jobs)
	tx_check "preemptor-ran-in-phases-1-4 ($jobs)" sh -c "echo $jobs | awk -F, '{ exit !(\$1 > 0 && \$2 > 0 && \$3 > 0 && \$4 > 0) }'"
fi
tx_unload_stack
tx_finish
