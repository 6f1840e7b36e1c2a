# tests/qemu/scripts/sched-lib.sh - sourced by the sched-*, stack-* and
# example-square-wave/prodcons QEMU test scripts (busybox sh in the guest).
# Not a test itself (tools/qemu/test-qemu.sh skips *-lib.sh).
#
#   tx_pass NAME / tx_fail NAME WHY     one TACTUS-CHECK line each
#   tx_check NAME CMD...                PASS if CMD succeeds
#   tx_check_le NAME VALUE LIMIT [UNIT] PASS if VALUE <= LIMIT (integers)
#   tx_skip NAME WHY                    a check that cannot run here (counted apart)
#   tx_metric KEY VALUE                 "TACTUS-METRIC: <test> KEY=VALUE" (the runner
#                                       shows them in its summary)
#   tx_timing                           true on deterministic boots (--icount:
#                                       the runner adds tactus.timing=1), the
#                                       only ones where timing is asserted
#   tx_cpus                             number of online CPUs
#   tx_mark / tx_since                  dmesg lines after the mark
#   tx_module_checks MOD                turn the kernel lines "MOD: PASS x" /
#                                       "MOD: FAIL x: why" since the mark into checks
#   tx_result MOD KEY                   KEY=value from the last "MOD: result ..." line
#   tx_wait_param MOD PARAM VALUE SECS  wait for /sys/module/MOD/parameters/PARAM
#   tx_load_stack [SCHED ARGS]          insmod tactus_hal, tactus_sched (checks;
#                                       plus tactus.sched_args=a=1,b=2 and
#                                       tactus.hal_args= of the kernel command line);
#                                       without SCHED ARGS on a real-time (not
#                                       deterministic) boot: watchdog_us=1000000
#                                       (the default since issue 15; kept explicit:
#                                       a busy host can stop a vCPU for 100 ms, and
#                                       a smaller budget would then suspend a task
#                                       that did nothing wrong)
#   tx_unload_stack                     rmmod tactus_sched, tactus_hal (checks)
#   tx_tactus_check_can_run             `tactus check` (output printed and kept in
#                                       TX_TACTUS_CHECK): exit 0, no fail line,
#                                       "Tactus can run here" (checks)
#   tx_gravity_ns                       the loaded scheduler's timer gravity, ns
#   tx_finish                           summary line; exit status 1 on failures

T="${TACTUS_TEST:-$(basename "$0" .sh)}"
M=/lib/modules
TX_FAILS=0
TX_MARK=0
export PATH="$PATH:/usr/bin/user"

tx_pass() { echo "TACTUS-CHECK: PASS $T/$1"; }
tx_fail() { echo "TACTUS-CHECK: FAIL $T/$1: $2"; TX_FAILS=$((TX_FAILS + 1)); }
tx_skip() { echo "TACTUS-CHECK: SKIP $T/$1: $2"; }
tx_metric() { echo "TACTUS-METRIC: $T $1=$2"; }

tx_check() {
	_n="$1"; shift
	if "$@"; then tx_pass "$_n"; return 0; fi
	tx_fail "$_n" "'$*' failed"
	return 1
}

tx_check_le() {
	case "$2" in
	'' | *[!0-9-]*) tx_fail "$1" "no value (got '$2')"; return 1 ;;
	esac
	if [ "$2" -le "$3" ]; then tx_pass "$1 ($2 <= $3${4:+ $4})"; return 0; fi
	tx_fail "$1" "$2 > $3${4:+ $4}"
	return 1
}

tx_timing() { grep -q 'tactus.timing=1' /proc/cmdline; }
tx_cpus() { grep -c ^processor /proc/cpuinfo; }

tx_tactus_check_can_run() {
	TX_TACTUS_CHECK=$(tactus check 2>&1)
	_rc=$?
	echo "$TX_TACTUS_CHECK"
	tx_check "exit-0 ($_rc)" test "$_rc" = 0
	tx_check no-fail-line sh -c "! echo \"\$1\" | grep -q '^fail'" - "$TX_TACTUS_CHECK"
	tx_check says-can-run sh -c "echo \"\$1\" | grep -q '^tactus check: .* 0 fail: Tactus can run here$'" - "$TX_TACTUS_CHECK"
}

tx_mark() { TX_MARK=$(dmesg | wc -l); }
tx_since() { dmesg | tail -n +$((TX_MARK + 1)); }

tx_module_checks() {
	_out=$(tx_since | sed -n "s/^\[[ 0-9.]*\] $1: \(PASS\|FAIL\) /\1 /p")
	if [ -z "$_out" ]; then
		tx_fail "$1-checks" "no '$1: PASS/FAIL' lines in dmesg"
		return 1
	fi
	echo "$_out" | while IFS= read -r _l; do
		case "$_l" in
		PASS*) echo "TACTUS-CHECK: PASS $T/${_l#PASS }" ;;
		FAIL*) echo "TACTUS-CHECK: FAIL $T/${_l#FAIL }" ;;
		esac
	done
	# (the while runs in a subshell: count the failures here)
	TX_FAILS=$((TX_FAILS + $(echo "$_out" | grep -c '^FAIL')))
}

tx_result() {
	dmesg | grep "$1: result " | tail -n 1 | tr ' ' '\n' | sed -n "s/^$2=//p"
}

tx_wait_param() {
	_f="/sys/module/$1/parameters/$2"
	_i=0
	while [ "$_i" -lt $(($4 * 10)) ]; do
		[ "$(cat "$_f" 2>/dev/null)" = "$3" ] && return 0
		sleep 0.1
		_i=$((_i + 1))
	done
	return 1
}

tx_load_stack() {
	[ $# = 0 ] && ! tx_timing && set -- watchdog_us=1000000
	# shellcheck disable=SC2046 # one word per parameter
	tx_check insmod-tactus_hal insmod $M/tactus_hal.ko $(tx_dev_args hal) &&
		tx_check insmod-tactus_sched insmod $M/tactus_sched.ko "$@" $(tx_dev_args sched)
}

# The scheduler's timer gravity in ns (0 when not shown), while it is loaded.
tx_gravity_ns() { sed -n 's/.*, gravity \([0-9]*\) ns.*/\1/p' /proc/tactus/scheduler 2>/dev/null | head -n 1 | grep . || echo 0; }

# A developer's extra module parameters for every test that loads the stack:
# tactus.sched_args=a=1,b=2 (tactus_sched) and tactus.hal_args=... (tactus_hal)
# on the kernel command line (quick.sh --append), e.g. gravity_ns=0 for the
# raw NMI-to-task response.
tx_dev_args() { sed -n "s/.*tactus\.$1_args=\([^ ]*\).*/\1/p" /proc/cmdline | tr , ' '; }

# The fields of tx_latency's result line "tx_latency: period P us: N samples,
# overruns O, latency min A avg B max C ns": prints "N O A B C" (nothing for
# another line).
tx_latency_fields() {
	echo "$1" | sed -n 's/.*: \([0-9]*\) samples, overruns \([0-9]*\), latency min \([0-9-]*\) avg \([0-9-]*\) max \([0-9-]*\) ns.*/\1 \2 \3 \4 \5/p'
}

# tx_latency_run NAME PERIOD_US SECONDS REPORT_MS: tx_latency for SECONDS
# (checks insmod-tx_latency-NAME, rmmod-tx_latency-NAME); prints its result
# line and leaves it in TX_LAT_LINE (empty if it printed none).
tx_latency_run() {
	tx_check "insmod-tx_latency-$1" insmod $M/tx_latency.ko period_us=$2 report_ms=$4
	sleep $3
	tx_check "rmmod-tx_latency-$1" rmmod tx_latency
	TX_LAT_LINE=$(tx_since | grep "tx_latency: period $2 us:" | tail -n 1)
	echo "$TX_LAT_LINE"
}

tx_unload_stack() {
	tx_check rmmod-tactus_sched rmmod tactus_sched
	tx_check rmmod-tactus_hal rmmod tactus_hal
}

tx_finish() {
	echo "$T: $TX_FAILS failure(s)"
	[ "$TX_FAILS" = 0 ]
	exit $?
}
