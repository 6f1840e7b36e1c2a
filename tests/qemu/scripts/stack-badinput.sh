# tactus-boots: icount smp2 debug
# stack-badinput: wrong load order, double loads, parameters out of range,
# unloads while in use, and the RTAI API with bad arguments from a test
# module (tx_badinput.c: each call must return its documented error). Every
# refusal must leave the stack working.
. /tests/sched-lib.sh

# refused: the command fails; its message (stderr + new dmesg lines) must match RE
refused() {
	_name="$1" _re="$2"; shift 2
	tx_mark
	if _msg=$("$@" 2>&1); then
		tx_fail "$_name" "'$*' succeeded"
		return 1
	fi
	_all="$_msg
$(tx_since)"
	if echo "$_all" | grep -q -E "$_re"; then
		tx_pass "$_name"
	else
		tx_fail "$_name" "'$*' failed without a message matching '$_re': $(echo "$_all" | tr '\n' ' ' | cut -c1-200)"
	fi
}

refused sched-without-hal "Unknown symbol|unknown symbol" insmod $M/tactus_sched.ko
# The HAL's own parameters are the port's (arch/*/port.c; 32-bit ARM's has none).
if [ "$(uname -m)" = aarch64 ]; then
	refused hal-ipi-sgi-linux-owned "ipi_sgi=3: SGIs 0-7 belong to Linux" insmod $M/tactus_hal.ko ipi_sgi=3
	refused hal-ipi-sgi-16 "ipi_sgi=16" insmod $M/tactus_hal.ko ipi_sgi=16
	refused hal-profile-not-bool "profile|Invalid|invalid" insmod $M/tactus_hal.ko profile=maybe
elif [ "$(uname -m)" = x86_64 ]; then
	refused hal-retry-us-0 "retry_us=0 is too short" insmod $M/tactus_hal.ko retry_us=0
	refused hal-retry-us-too-short "retry_us=3 is too short" insmod $M/tactus_hal.ko retry_us=3
	refused hal-retry-cap-not-a-number "retry_cap|Invalid|invalid" insmod $M/tactus_hal.ko retry_cap=abc
fi
# Linux ignores unknown module parameters with a warning: the load works.
tx_mark
tx_check hal-unknown-parameter-loads insmod $M/tactus_hal.ko no_such_param=1
tx_check hal-unknown-parameter-warned sh -c "dmesg | tail -n +$((TX_MARK + 1)) | grep -q \"unknown parameter 'no_such_param' ignored\""
tx_check rmmod-tactus_hal-1 rmmod tactus_hal
tx_check hal-not-loaded-after-refusals sh -c "! grep -q '^tactus_hal ' /proc/modules"
tx_check insmod-tactus_hal insmod $M/tactus_hal.ko
refused hal-twice "File exists|exists" insmod $M/tactus_hal.ko
refused sched-watchdog-negative "watchdog_us|Invalid|invalid" insmod $M/tactus_sched.ko watchdog_us=-1
refused sched-watchdog-not-a-number "watchdog_us|Invalid|invalid" insmod $M/tactus_sched.ko watchdog_us=abc
refused sched-gravity-too-big "gravity_ns=100001: use -1" insmod $M/tactus_sched.ko gravity_ns=100001
refused sched-gravity-below-minus-1 "gravity_ns=-2: use -1" insmod $M/tactus_sched.ko gravity_ns=-2
tx_mark
tx_check insmod-tactus_sched insmod $M/tactus_sched.ko
# The default gravity is calibrated at load by a task of the scheduler's own,
# deleted again (no-task-left below): 0 < gravity <= 100 us, and said so.
tx_check_le sched-gravity-calibrated-at-most-100us "$(tx_gravity_ns)" 100000 ns
tx_check sched-gravity-calibrated-positive test "$(tx_gravity_ns)" -gt 0
tx_check sched-gravity-calibrated-logged sh -c "dmesg | tail -n +$((TX_MARK + 1)) | grep -q 'timer gravity [1-9][0-9]* ns, calibrated'"
refused sched-twice "File exists|exists" insmod $M/tactus_sched.ko
refused rmmod-hal-while-sched-loaded "in use|Resource busy|Resource temporarily unavailable" rmmod tactus_hal

tx_mark
tx_check insmod-tx_badinput insmod $M/tx_badinput.ko
tx_module_checks tx_badinput
tx_since | grep "tx_badinput: result"
tx_check rmmod-tx_badinput rmmod tx_badinput
tx_check no-task-left sh -c "! awk 'f { n++ } /^NAME/ { f = 1 } END { exit n == 0 }' /proc/tactus/scheduler"

tx_check insmod-tx_latency insmod $M/tx_latency.ko period_us=1000
refused rmmod-sched-while-task-module-loaded "in use|Resource busy|Resource temporarily unavailable" rmmod tactus_sched
sleep 0.2
tx_check rmmod-tx_latency rmmod tx_latency
tx_check stack-still-works sh -c "dmesg | grep -q 'tx_latency: period 1000 us: [1-9]'"
tx_unload_stack
tx_finish
