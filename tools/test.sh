#!/usr/bin/env bash
# tools/test.sh - `make test`: every test stage, each timed, ending with the
# line "N passed, N failed". A failing stage does not stop the others; the
# exit status is nonzero if anything failed. Logs: build/logs/test-*.log.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
# shellcheck source=lib.sh
source "$root/tools/lib.sh"
logs="$root/build/logs"
mkdir -p "$logs"
passed=0
failed=0
summary=()
stage_logs=()

# stage NAME COUNTER CMD...: run CMD with its output in a log; COUNTER is a
# function that reads the log and prints "passed failed".
stage() {
    local name="$1" counter="$2"; shift 2
    local log="$logs/test-$name.log" t0 rc=0
    t0="$(tx_now)"
    tx_log "==> $name (log: $log)"
    "$@" >"$log" 2>&1 || rc=$?
    stage_logs+=("$log")
    local counts p f dt
    counts="$($counter "$log" "$rc")"
    p="${counts% *}"; f="${counts#* }"
    dt="$(tx_elapsed "$t0")"
    passed=$((passed + p)); failed=$((failed + f))
    summary+=("$(printf '%-22s %5s passed %4s failed %8ss' "$name" "$p" "$f" "$dt")")
    if [ "$rc" -ne 0 ] || [ "$f" -ne 0 ]; then
        tx_log "FAILED stage $name (exit $rc) after ${dt}s; last lines:"
        tail -n 30 "$log" | sed 's/^/    | /' >&2
        tx_log "full log: $log"
    else
        tx_log "<== $name: $p passed in ${dt}s"
    fi
}

# A stage that is one check: passes when the command succeeds.
count_one() { if [ "$2" -eq 0 ]; then echo "1 0"; else echo "0 1"; fi; }

# ctest: "100% tests passed, 0 tests failed out of 123".
count_ctest() {
    local line total bad
    line="$(grep -E 'tests passed, [0-9]+ tests? failed out of [0-9]+' "$1" | tail -n 1)"
    if [ -z "$line" ]; then echo "0 1"; return; fi
    total="$(echo "$line" | sed -E 's/.*out of ([0-9]+).*/\1/')"
    bad="$(echo "$line" | sed -E 's/.*passed, ([0-9]+) tests? failed.*/\1/')"
    echo "$((total - bad)) $bad"
}

# check-freestanding: one check per architecture.
count_freestanding() {
    local ok bad
    ok="$(grep -c 'all on the allow-list' "$1" || true)"
    bad=$(($(grep -c '^check_arch ' "$root/tools/check-freestanding.sh") - ok))
    [ "$2" -ne 0 ] && [ "$bad" -eq 0 ] && bad=1
    echo "$ok $bad"
}

# qemu-arm64, qemu-x86_64, tools: tools/qemu/test-qemu.sh ARCH (and
# tests/tools/run.sh) ends with its own
# "N passed, N failed" (each TACTUS-CHECK line of a boot, plus one check per
# boot: clean exit, no dmesg issue). No such line (the runner died): one
# failure.
count_qemu() {
    local line p f
    line="$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$1" | tail -n 1)"
    if [ -z "$line" ]; then echo "0 1"; return; fi
    p="${line%% passed*}"
    f="${line#*passed, }"; f="${f%% failed*}"
    [ "$2" -ne 0 ] && [ "$f" -eq 0 ] && f=1
    echo "$p $f"
}

# The "Failed checks:" lists in this run's stage logs (the QEMU stages'), at most 20 lines, so
# that the last lines of `make test` name what failed.
failed_checks() {
    local lines
    lines="$(for l in "${stage_logs[@]}"; do
        sed -n '/^Failed checks:$/,/^[0-9]* passed, /{/^  /p}' "$l"
    done)"
    [ -n "$lines" ] || return 0
    echo "Failed checks:"
    printf '%s\n' "$lines" | head -n 20
}

# The guest console's last lines of each boot that failed as a whole (a panic,
# a stall, a timeout: no check names the cause), at most 3 boots: a CI log
# that keeps only the tail of `make test` then shows what the guest said last.
failed_boot_tails() {
    local log n=0
    for log in $(for l in "${stage_logs[@]}"; do
        sed -n '/^Failed checks:$/,/^[0-9]* passed, /{s#^  .*/boot: \(no TACTUS-TEST-EXIT\|guest stalled\|timeout after\).*(log: \(.*\))$#\2#p}' "$l"
    done); do
        [ -f "$root/$log" ] || continue
        n=$((n + 1)); [ $n -le 3 ] || break
        echo "The last guest lines of $log:"
        grep -av '^TACTUS-CHECK: PASS' "$root/$log" | tail -n 15 | tr -d '\r' | cut -c1-160 | sed 's/^/  | /'
    done
}

t_all="$(tx_now)"
stage deps count_one "$root/tools/deps.sh" all
stage host-unit-tests count_ctest "$root/tools/host-tests.sh"
stage host-sanitize count_ctest "$root/tools/host-tests.sh" sanitize
stage check-freestanding count_freestanding "$root/tools/check-freestanding.sh"
# check-layers: every include of a repository header points down the layers
# (docs/architecture.md, tools/layers-allow.txt): one check.
stage check-layers count_one python3 "$root/tools/check-layers.py"
# rtai-coverage: docs/rtai-coverage.md is current, every RTAI name left out
# says why, and every function declared in api/include is exported
stage rtai-coverage count_one python3 "$root/tools/rtai-coverage/coverage.py" --check
# tools: the `tactus` command (tools/tactus) against made-up machines.
stage tools count_qemu sh "$root/tests/tools/run.sh"
stage qemu-arm64 count_qemu "$root/tools/qemu/test-qemu.sh" arm64
# qemu-x86_64: the same suite on Debian's stock amd64 kernel (q35, HPET MSI
# as NMI), its latency bounds at -icount shift=5 (docs/x86_64-port.md).
stage qemu-x86_64 count_qemu "$root/tools/qemu/test-qemu.sh" x86_64
# qemu-x86_64-6.1: the suite's deterministic boots on Debian 12's default
# kernel, 6.1 (modules built against its headers; docs/x86_64-port.md,
# "Kernels"): every test that has one, with its latency bounds. The third
# kernel's whole suite (its two-CPU boots too, 11 more minutes) does not fit
# the CI budget: `make test-6.1`, run before a change to the x86 port lands.
# Two CPUs on 6.1 in make test: the interfaces of docs/x86_64-port.md's table
# that one CPU does not reach (stop_this_cpu on the other CPU at a panic, CPU
# hotplug, the HPET timer shared by two CPUs).
stage qemu-x86_64-6.1 count_qemu "$root/tools/qemu/test-qemu.sh" x86_64 --kernel61 --boot icount
stage qemu-x86_64-6.1-smp2 count_qemu "$root/tools/qemu/test-qemu.sh" x86_64 --kernel61 --boot smp2 \
    linux-panic-smp2 sched-cpuhp rtai-timer
# qemu-arm: the 32-bit ARM port (issue 18) on Debian's armmp kernel under
# -M raspi2b: every deterministic (icount) boot of the suite; its real-time
# boots (slow on raspi2b's TCG: docs/arm-fiq-plan.md) are in make test-arm.
stage qemu-arm count_qemu "$root/tools/qemu/test-qemu.sh" arm --boot icount
# packages: `make deb` (tactus-dkms, tactus-tools; lintian clean), unpacked
# into a throwaway root; DKMS builds the packaged sources for Debian's amd64
# 6.12 headers in a private DKMS tree; a user module built against the
# unpacked headers only boots with those modules in QEMU; `make install
# DESTDIR=` gives the same layout (tools/packages-test.sh).
stage packages count_qemu "$root/tools/packages-test.sh"

echo
echo "Stages (wall time):"
printf '  %s\n' "${summary[@]}"
printf '  %-22s %8ss\n' "total" "$(tx_elapsed "$t_all")"
failed_boot_tails
failed_checks
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
