# tests/qemu/scripts/fifo-lib.sh - sourced by the fifo-*, shm-* and example-*
# QEMU test scripts (busybox sh): check lines, loading the Tactus stack,
# the dmesg scan. Not a test by itself (it only defines functions).

# Check names are "<test>/<check>", as in sched-lib.sh; the C test programs
# take the same prefix from $TACTUS_TEST.
T="${TACTUS_TEST:-test}"
TX_FAILS=0
M=/lib/modules
# The runners add build-modules.sh's user programs as /usr/bin/user.
export PATH="$PATH:/usr/bin/user"

tx_pass() { echo "TACTUS-CHECK: PASS $T/$1"; }
tx_fail() { echo "TACTUS-CHECK: FAIL $T/$1: $2"; TX_FAILS=$((TX_FAILS + 1)); }
tx_skip() { echo "TACTUS-CHECK: SKIP $T/$1: $2"; }
tx_metric() { echo "TACTUS-METRIC: $T $1=$2"; }

# True on deterministic boots (-smp 1 -icount: the runner adds
# tactus.timing=1), the only ones where timing is asserted.
tx_timing() { grep -q 'tactus.timing=1' /proc/cmdline; }

# The sampler's period: 100 us (10 kHz), but 200 us on deterministic x86_64
# boots. There -icount shift=5 makes a 31 MIPS CPU, and at 10 kHz the NMI
# path and job (about 2800 instructions) leave Linux under 10% of the CPU:
# the reader falls behind and the FIFO fills (docs/x86_64-port.md).
tx_sample_period_us() {
	if tx_timing && [ "$(uname -m)" = x86_64 ]; then echo 200; else echo 100; fi
}

# tx_check NAME COMMAND...: PASS if the command succeeds; returns its verdict.
tx_check() {
	_name="$1"; shift
	if "$@"; then tx_pass "$_name"; else tx_fail "$_name" "'$*' failed"; return 1; fi
}

# The four Tactus modules, in load order (extra arguments go to tactus_fifo).
tx_load_stack() {
	tx_check "insmod-tactus_hal" insmod $M/tactus_hal.ko &&
	tx_check "insmod-tactus_sched" insmod $M/tactus_sched.ko &&
	tx_check "insmod-tactus_fifo" insmod $M/tactus_fifo.ko "$@" &&
	tx_check "insmod-tactus_shm" insmod $M/tactus_shm.ko
}

tx_unload_stack() {
	tx_check "rmmod-tactus_shm" rmmod tactus_shm
	tx_check "rmmod-tactus_fifo" rmmod tactus_fifo
	tx_check "rmmod-tactus_sched" rmmod tactus_sched
	tx_check "rmmod-tactus_hal" rmmod tactus_hal
}

TX_DMESG_RE='BUG:|WARNING:|Oops|Kernel panic|Call trace:|possible recursive locking|circular locking|suspicious RCU usage|INFO: task .* blocked|soft lockup|KASAN|kmemleak:.*new suspected'

tx_check_dmesg() {
	_n=$(dmesg | grep -E -c "$TX_DMESG_RE")
	if [ "$_n" = 0 ]; then
		tx_pass "dmesg-clean"
	else
		tx_fail "dmesg-clean" "$_n report(s)"
		dmesg | grep -E -A5 "$TX_DMESG_RE" | head -n 40
	fi
}

# Number of open FIFOs listed in /proc/tactus/fifos.
tx_open_fifos() { tail -n +2 /proc/tactus/fifos | grep -c .; }

tx_finish() {
	echo "$T: $TX_FAILS failure(s)"
	[ "$TX_FAILS" = 0 ]
}
