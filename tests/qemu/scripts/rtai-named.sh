# tactus-boots: smp1 smp2 debug
# rtai-named: RTAI's named objects across modules (tx_named.c). One module
# (tx_named, role=owner) creates a named semaphore, mailbox and task and
# names a static object of its own; a second (tx_named_peer, role=peer)
# finds them by name, shares the semaphore, wakes the named task through it
# and receives the task's message. Twice: with the owner deleting what it
# made at its exit, and with it leaving everything, which the scheduler
# must delete and free at the unload (dmesg says so). Then every name is
# free again (role=gone), and nothing oopsed. The owner also holds three
# tasks at a barrier (rt_sem_wait_barrier) and uses rt_task_suspend_if.
. /tests/sched-lib.sh

tx_load_stack || tx_finish
since() { dmesg | tail -n +$((TX_MARK + 1)); }
round() { # LEAVE EXPECTED-PASSES
	tx_mark
	tx_check "leave$1-owner-insmod" insmod $M/tx_named.ko role=owner leave=$1
	tx_check "leave$1-peer" sh -c "insmod $M/tx_named_peer.ko role=peer && rmmod tx_named_peer"
	tx_check "leave$1-owner-rmmod" rmmod tx_named
	tx_check "leave$1-gone" sh -c "insmod $M/tx_named_peer.ko role=gone && rmmod tx_named_peer"
	since | grep "tx_named"
	n=$(since | grep -c "tx_named: PASS")
	tx_check "leave$1-all-checks-pass ($n of $2)" test "$n" = "$2" -a "$(since | grep -c 'tx_named: FAIL')" = 0
	if [ "$1" = 1 ]; then
		tx_check leave1-disposed-by-the-scheduler sh -c "dmesg | tail -n +$((TX_MARK + 1)) | grep -q 'tactus: module tx_named left 3 named object(s) (rt_named_\*_init) at unload; deleted and freed them'"
	else
		tx_check leave0-nothing-left-behind sh -c "! dmesg | tail -n +$((TX_MARK + 1)) | grep -q 'named object(s)'"
	fi
	tx_check "leave$1-no-oops" sh -c "! dmesg | tail -n +$((TX_MARK + 1)) | grep -q 'Oops\|BUG\|Unable to handle\|Internal error'"
}
round 0 19
round 1 17
tx_check no-task-left test "$(awk '/^NAME/ { on = 1; next } on && NF { n++ } END { print n + 0 }' /proc/tactus/scheduler)" = 0
tx_check_dmesg
tx_unload_stack
tx_finish
