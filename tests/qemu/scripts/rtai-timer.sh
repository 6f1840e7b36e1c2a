# tactus-boots: icount smp2
# rtai-timer: RTAI's rt_request_timer family as a HAL client uses it
# (tx_rtai_timer.c). A periodic handler on CPU 0 (and on CPU 1 when there
# are two) every 500 us: its calls go on at that rate (at -icount one per
# grid point between its first and last call over the module's 1.2 s, none
# skipped; elsewhere they move), each within a small
# lateness of its grid point (at -icount < 100 us, never early: a handler
# called before its time would show a lateness near the whole period), the
# task it wakes through a semaphore wakes once per call, a second request
# on the CPU is refused with -EBUSY, rmmod frees it. A oneshot handler
# re-arming itself with rt_set_timer_delay(300 us) runs its 5 shots, no
# two closer than 300 us. rt_request_apic_timers gives every CPU its
# handler (each CPU's calls counted), a second request on CPU 0 is refused,
# rt_free_apic_timers frees them all. A module that leaves its handler at unload: the
# scheduler frees it (dmesg says so) and nothing runs the gone code.
. /tests/sched-lib.sh

tx_load_stack || tx_finish
r() { tx_result tx_rtai_timer "$1"; }
periodic() {
	tx_mark
	tx_check "periodic-cpu$1-insmod" insmod $M/tx_rtai_timer.ko cpu=$1 tick_us=500
	sleep 0.2
	c1=$(cat /sys/module/tx_rtai_timer/parameters/calls)
	sleep 1
	c2=$(cat /sys/module/tx_rtai_timer/parameters/calls)
	n=$((c2 - c1))
	tx_check "periodic-cpu$1-goes-on ($n calls in about 1 s)" test "$n" -ge 1
	tx_check "periodic-cpu$1-rmmod" rmmod tx_rtai_timer
	dmesg | grep "tx_rtai_timer: result" | tail -n 1
	tx_check "periodic-cpu$1-requested ($(r req_ret))" test "$(r req_ret)" = 0
	tx_check "periodic-cpu$1-second-request-busy ($(r busy_ret))" test "$(r busy_ret)" = -16
	tx_check "periodic-cpu$1-task-woken-per-call ($(r woken) of $(r calls), $(r pending) left)" \
		test "$(r woken)" = "$(r calls)" -a "$(r pending)" = 0
	if tx_timing; then
		tx_check "periodic-cpu$1-every-period ($(r calls) calls, $(r skipped) periods without one)" test "$(r skipped)" = 0 -a "$(r calls)" -ge 2000
		tx_check "periodic-cpu$1-lateness ($(r lat_max_ns) ns)" test "$(r lat_max_ns)" -ge 0 -a "$(r lat_max_ns)" -lt 100000
	fi
	tx_check "periodic-cpu$1-freed-no-oops" sh -c "! dmesg | tail -n +$((TX_MARK + 1)) | grep -q 'Oops\|BUG\|Unable to handle\|Internal error'"
	tx_metric "rtai_timer_lat_max_cpu$1_ns" "$(r lat_max_ns)"
}
periodic 0
[ "$(tx_cpus)" -ge 2 ] && periodic 1

tx_mark
tx_check oneshot-insmod insmod $M/tx_rtai_timer.ko mode=oneshot tick_us=300 shots=5
tx_check oneshot-five-shots tx_wait_param tx_rtai_timer calls 5 5
sleep 0.1
tx_check oneshot-rmmod rmmod tx_rtai_timer
dmesg | grep "tx_rtai_timer: result" | tail -n 1
tx_check "oneshot-no-more-shots ($(r calls))" test "$(r calls)" = 5
tx_check "oneshot-gaps-at-least-300-us ($(r min_gap_ns) ns)" test "$(r min_gap_ns)" -ge 300000
tx_check oneshot-cpu1-refused sh -c "! insmod $M/tx_rtai_timer.ko mode=oneshot cpu=1 2>/dev/null"

tx_mark
tx_check apic-insmod insmod $M/tx_rtai_timer.ko mode=apic tick_us=500
sleep 0.5
tx_check apic-rmmod rmmod tx_rtai_timer
dmesg | grep "tx_rtai_timer: result" | tail -n 1
tx_check "apic-requested ($(r req_ret)), cpu 0 busy ($(r busy_ret))" test "$(r req_ret)" = 0 -a "$(r busy_ret)" = -16
tx_check "apic-cpu0-calls ($(r apic_cpu0))" test "$(r apic_cpu0)" -ge 1
[ "$(tx_cpus)" -ge 2 ] && tx_check "apic-cpu1-calls ($(r apic_cpu1))" test "$(r apic_cpu1)" -ge 1
tx_check apic-freed-request-again sh -c "insmod $M/tx_rtai_timer.ko && rmmod tx_rtai_timer"

tx_mark
tx_check leak-insmod insmod $M/tx_rtai_timer.ko leak=1 tick_us=200
sleep 0.2
tx_check leak-rmmod rmmod tx_rtai_timer
tx_check leak-freed-by-the-scheduler sh -c "dmesg | tail -n +$((TX_MARK + 1)) | grep -q 'tactus: module tx_rtai_timer left 1 timer handler(s) (rt_request_timer) at unload; freed them'"
sleep 0.2
tx_check leak-no-oops sh -c "! dmesg | tail -n +$((TX_MARK + 1)) | grep -q 'Oops\|BUG\|Unable to handle\|Internal error'"
tx_check leak-request-free-again sh -c "insmod $M/tx_rtai_timer.ko && rmmod tx_rtai_timer"
tx_unload_stack
tx_finish
