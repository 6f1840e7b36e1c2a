# tests/qemu/scripts/hal-paths.sh - the HAL's two ways to the per-CPU NMI API
# (exported by our kernel patch, or found through kallsyms), its timer
# choice, and its refusals: a timer Linux owns, a bad parameter. Each failed
# load must leave nothing behind (the next load works).
# tactus-boots: smp1 smp2
# tactus-arch: arm64
# arm64 only: everything here is the arm64 HAL's (the NMI API of our kernel
# patch or its kallsyms lookup, timer=phys|virt, ipi_sgi); the x86_64 HAL on
# Debian's stock kernel has none of these (its parameter refusals are in
# stack-badinput).
. /tests/sched-lib.sh

hal_loads() { # ARGS...: load, expect a line naming the API path, unload
	tx_mark
	if insmod $M/tactus_hal.ko "$@"; then
		tx_pass "load ${*:-defaults}"
	else
		tx_fail "load ${*:-defaults}" "insmod failed"
		return 1
	fi
	tx_since | grep -q "NMI API $EXPECT" && tx_pass "path '$EXPECT' (${*:-defaults})" ||
		tx_fail "path (${*:-defaults})" "no 'NMI API $EXPECT' line: $(tx_since | grep tactus | tail -n 2)"
	grep -q "tactus-timer" /proc/interrupts && tx_pass "timer NMI in /proc/interrupts" ||
		tx_fail "timer NMI in /proc/interrupts" "missing"
	insmod $M/tactus_sched.ko && insmod $M/tx_latency.ko period_us=1000 report_ms=100000
	sleep 1
	rmmod tx_latency tactus_sched
	n=$(tx_since | sed -n 's/.*tx_latency: period 1000 us: \([0-9]*\) samples.*/\1/p')
	[ -n "$n" ] && [ "$n" -gt 100 ] && tx_pass "tasks run ($n releases, ${*:-defaults})" ||
		tx_fail "tasks run (${*:-defaults})" "releases: '$n'"
	rmmod tactus_hal && tx_pass "unload (${*:-defaults})" || tx_fail "unload (${*:-defaults})" "rmmod failed"
}

EXPECT=exported hal_loads
EXPECT="kallsyms lookup" hal_loads force_lookup=1

refused() { # NAME EXPECTED-LINE ARGS...
	_name="$1"; _line="$2"; shift 2
	tx_mark
	if insmod $M/tactus_hal.ko "$@" 2>/dev/null; then
		tx_fail "$_name" "insmod $* succeeded"
		rmmod tactus_hal
		return
	fi
	tx_since | grep -q "$_line" && tx_pass "$_name: '$_line'" ||
		tx_fail "$_name" "no '$_line' in dmesg: $(tx_since | tail -n 2)"
	[ -d /sys/module/tactus_hal ] && tx_fail "$_name: nothing left" "tactus_hal still loaded" ||
		tx_pass "$_name: nothing left"
	grep -q tactus /proc/interrupts && tx_fail "$_name: interrupts released" "still in /proc/interrupts" ||
		tx_pass "$_name: interrupts released"
}

refused "Linux's own timer" "cannot take the virtual timer" timer=virt
refused "bad timer parameter" "timer=bogus: use auto, phys or virt" timer=bogus
refused "SGI owned by Linux" "SGIs 0-7 belong to Linux" ipi_sgi=3

EXPECT=exported hal_loads # everything still works after the refusals
tx_finish
