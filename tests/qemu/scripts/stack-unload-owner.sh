# tactus-boots: icount smp2 debug
# stack-unload-owner: rmmod of a task module whose tasks still exist
# (tx_orphan.c: a periodic task often mid-job, a task blocked on a semaphore
# in the module's data, a never-started one, and with 2 CPUs one running on
# CPU 1). tactus_sched must delete them before the module's memory goes
# (dmesg "module tx_orphan left N real-time task(s) running at unload;
# deleted them"), /proc/tactus/scheduler must list none, nothing crashes,
# and a new task module works afterwards; unloading tactus_sched then finds
# no task left.
. /tests/sched-lib.sh

tx_load_stack || tx_finish
for round in 1 2 3; do
	tx_mark
	tx_check "insmod-tx_orphan-$round" insmod $M/tx_orphan.ko
	n=$(cat /sys/module/tx_orphan/parameters/tasks)
	sleep 0.1
	tx_check "tasks-running-$round" test "$(cat /sys/module/tx_orphan/parameters/jobs)" -gt 0
	tx_check "rmmod-with-tasks-alive-$round" rmmod tx_orphan
	tx_check "dmesg-deleted-$n-tasks-$round" sh -c "dmesg | tail -n +$((TX_MARK + 1)) | grep -q 'module tx_orphan left $n real-time task(s) running at unload; deleted them'"
	tx_check "no-task-listed-$round" sh -c "! awk 'f { n++ } /^NAME/ { f = 1 } END { exit n == 0 }' /proc/tactus/scheduler"
	tx_check "waiter-never-woke-$round" sh -c "! dmesg | tail -n +$((TX_MARK + 1)) | grep -q 'sem waiter woke up'"
done
tx_check shell-alive sh -c 'ls / >/dev/null'
tx_mark
tx_check insmod-tx_latency-after insmod $M/tx_latency.ko period_us=1000
sleep 0.3
tx_check rmmod-tx_latency-after rmmod tx_latency
tx_check new-task-ran sh -c "dmesg | tail -n +$((TX_MARK + 1)) | grep -q 'tx_latency: period 1000 us: [1-9]'"
tx_mark
tx_unload_stack
tx_check sched-unload-found-no-task sh -c "! dmesg | tail -n +$((TX_MARK + 1)) | grep -q 'still existed at unload'"
tx_finish
