# tactus-boots: smp2
# sched-cpuhp: CPU hotplug against real-time tasks (2 CPUs). With tasks on
# CPU 1 (tx_orphan cpu=1), writing 0 to /sys/devices/system/cpu/cpu1/online
# must fail and leave the CPU online (tactus_hal refuses: dmesg "CPU1 hosts
# N real-time task(s)"); after the tasks are gone (rmmod), offline and
# online again must work, and a task must run again afterwards.
# Needs CONFIG_HOTPLUG_CPU: without it the checks are reported as SKIP.
. /tests/sched-lib.sh
ONLINE=/sys/devices/system/cpu/cpu1/online

if [ "$(tx_cpus)" -lt 2 ]; then
	tx_skip cpu1-offline-refused "needs 2 CPUs (boot with --smp 2)"
	tx_finish
fi
if [ ! -e $ONLINE ]; then
	hp=$(zcat /proc/config.gz 2>/dev/null | grep HOTPLUG_CPU)
	tx_skip cpu1-offline-refused "no $ONLINE: the kernel has no CPU hotplug (${hp:-CONFIG_HOTPLUG_CPU unknown})"
	tx_finish
fi
tx_load_stack || tx_finish
tx_mark
tx_check insmod-tasks-on-cpu1 insmod $M/tx_orphan.ko cpu=1
tx_check offline-refused sh -c "! echo 0 > $ONLINE"
tx_check cpu1-still-online test "$(cat $ONLINE)" = 1
tx_check dmesg-refusal-line sh -c "dmesg | tail -n +$((TX_MARK + 1)) | grep -q 'CPU1 hosts .* real-time task(s): refusing'"
tx_check rmmod-tasks rmmod tx_orphan
tx_check offline-after-delete sh -c "echo 0 > $ONLINE"
tx_check cpu1-offline test "$(cat $ONLINE)" = 0
tx_check task-init-on-offline-cpu-refused sh -c "! insmod $M/tx_orphan.ko cpu=1 2>/dev/null"
tx_check online-again sh -c "echo 1 > $ONLINE"
tx_check cpu1-online test "$(cat $ONLINE)" = 1
tx_check insmod-tasks-on-cpu1-again insmod $M/tx_orphan.ko cpu=1
sleep 0.2
tx_check tasks-run-on-cpu1 test "$(cat /sys/module/tx_orphan/parameters/jobs)" -gt 0
tx_check rmmod-tasks-again rmmod tx_orphan
tx_unload_stack
tx_finish
