#!/usr/bin/env bash
# tools/qemu/run.sh ARCH --kernel IMAGE --initrd CPIO --test NAME --log FILE
#     [--smp N] [--icount] [--seed N] [--timeout S] [--append EXTRA]
#     [--cpu MODEL] [--dtb FILE] [--qemu-arg ARG]... [--console] [--stop-on-stall]
#
# Boots a test initramfs (tools/qemu/mkinitramfs.sh) in QEMU (TCG) for ARCH
# (arm64 | x86_64 | arm) and runs /tests/NAME.sh in it:
#   arm64   qemu-system-aarch64 -M virt,gic-version=3 -cpu cortex-a57 -m 1024
#             -nographic -no-reboot -nic none -kernel IMAGE -initrd CPIO -append
#             "console=ttyAMA0 irqchip.gicv3_pseudo_nmi=1 panic=-1 tactus.test=NAME EXTRA"
#   x86_64  qemu-system-x86_64 -M q35 -global hpet.msi=on -m 1024 (the same)
#             -append "console=ttyS0 panic=-1 cryptomgr.notests=1 tactus.test=NAME EXTRA"
#   arm     qemu-system-arm -M raspi2b -smp 4 -m 1024 (the same) -dtb DTB
#             -append "console=ttyAMA0 panic=-1 cryptomgr.notests=1 maxcpus=N tactus.test=NAME EXTRA"
#             (the board always has 4 vCPUs: --smp N < 4 becomes maxcpus=N;
#             DTB: bcm2836-rpi-2-b.dtb next to the kernel image, or --dtb)
# (what differs: tools/qemu/arch.sh).
# --kernel also takes: tactus | tactus-debug (arm64: the cached builds of
#   tools/kernel/build-arm64.sh), debian | debian-rt (Debian's images, fetched
#   by tools/kernel/fetch-debian.sh when missing).
# --icount  adds -icount shift=N,sleep=off (arm64 N=4: 1 instruction = 16 ns;
#           x86_64 N=5: 32 ns): reproducible timing. Use it with --smp 1 only:
#           with 2 vCPUs icount runs them in turn and produces fake delays.
# --seed N  adds -seed N -rtc base=2026-01-01T00:00:00,clock=vm (byte-identical
#           runs with --icount; vary N to see boot-to-boot spread).
# --cpu     QEMU's -cpu (default: arm64 cortex-a57; x86_64 qemu64,-cx16; arm
#           none, the board's: tools/qemu/arch.sh).
# --dtb FILE  the device tree (arm: default QEMU_DTB next to the kernel image).
# --qemu-arg ARG  one more QEMU argument (repeat for each).
# --timeout S  host-side limit (default 300 s); a hung guest is killed.
# --console    also copy the serial output to stderr while it runs.
# --after-panic S  stop the guest S s (host time) after Linux's first
#              "Kernel panic - not syncing" (or "reboot: System halted")
#              line, or as soon as the guest
#              writes "TACTUS-AFTER-PANIC: done": for a test that panics
#              Linux on purpose and reads what runs after it from the log.
# --stop-on-stall  stop the guest 10 s after the first RCU stall or lockup
#              report ("rcu: INFO: ... detected stalls", "soft lockup",
#              "hard LOCKUP") instead of waiting for --timeout: a guest whose
#              CPU is lost does not come back (test-qemu.sh uses it).
# A board without power-off (arm's raspi2b, QEMU_HALTS): QEMU is stopped
# when Linux halts ("System halted"), which is where poweroff -f or a
# panic=-1 reboot ends there, or 10 s after "TACTUS-TEST-EXIT:" (Debian's
# PREEMPT_RT armmp kernel halts without printing it); not with
# --after-panic: that one decides.
# The serial log goes to FILE (with the command line on its first lines).
# Exit status: the guest test's rc from its "TACTUS-TEST-EXIT: <rc>" line;
# 124 on timeout; 125 when the guest ended without that line (panic, init
# failure); 123 when --stop-on-stall stopped it. Prints the wall time and
# the host time to "TACTUS-INIT: ready".
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../lib.sh
source "$HERE/../lib.sh"
# shellcheck source=arch.sh
source "$HERE/arch.sh"

usage() { tx_header >&2; exit 2; }
[ $# -ge 1 ] || usage
case "$1" in -h|--help|-*) usage ;; esac
qemu_arch "$1"; shift
kernel="" initrd="" test="" log="" smp=1 icount=0 seed="" timeout_s=300 append=""
cpu="$QEMU_CPU" console=0 stop_on_stall=0 after_panic="" qargs=() dtb=""
need() { [ $# -ge 2 ] || { echo "option $1 needs a value" >&2; usage; }; }
while [ $# -gt 0 ]; do
    case "$1" in
        --kernel)  need "$@"; kernel="$2"; shift 2 ;;
        --initrd)  need "$@"; initrd="$2"; shift 2 ;;
        --test)    need "$@"; test="$2"; shift 2 ;;
        --log)     need "$@"; log="$2"; shift 2 ;;
        --smp)     need "$@"; smp="$2"; shift 2 ;;
        --icount)  icount=1; shift ;;
        --seed)    need "$@"; seed="$2"; shift 2 ;;
        --timeout) need "$@"; timeout_s="$2"; shift 2 ;;
        --after-panic) need "$@"; after_panic="$2"; shift 2 ;;
        --append)  need "$@"; append="${append:+$append }$2"; shift 2 ;;
        --cpu)     need "$@"; cpu="$2"; shift 2 ;;
        --dtb)     need "$@"; dtb="$2"; shift 2 ;;
        --qemu-arg) need "$@"; qargs+=("$2"); shift 2 ;;
        --console) console=1; shift ;;
        --stop-on-stall) stop_on_stall=1; shift ;;
        -h|--help) usage ;;
        *) echo "unknown argument '$1'" >&2; usage ;;
    esac
done
if [ -z "$kernel" ] || [ -z "$initrd" ] || [ -z "$test" ] || [ -z "$log" ]; then usage; fi
[[ "$smp" =~ ^[0-9]+$ ]] || tx_die "--smp wants a number"
[[ "$timeout_s" =~ ^[0-9]+$ ]] || tx_die "--timeout wants seconds"
tx_need_cmd "$QEMU_SYSTEM" timeout

kernel="$(qemu_kernel_image "$kernel")"
[ -r "$kernel" ] || tx_die "kernel image '$kernel' not found"
[ -r "$initrd" ] || tx_die "initrd '$initrd' not found"
[ -z "$dtb" ] && [ -n "$QEMU_DTB" ] && dtb="$(dirname "$kernel")/$QEMU_DTB"
[ -z "$dtb" ] || [ -r "$dtb" ] || tx_die "device tree '$dtb' not found (--dtb FILE)"
[ "$icount" -eq 1 ] && [ "$smp" -gt 1 ] &&
    tx_warn "--icount with --smp $smp: vCPUs run in turn, timing is not meaningful (functional use only)"

cmdline="$QEMU_APPEND"
qsmp="$smp"
if [ -n "$QEMU_CPUS" ]; then
    # a board with a fixed vCPU count: Linux starts only --smp of them
    [ "$smp" -le "$QEMU_CPUS" ] || tx_die "--smp $smp: $QEMU_ARCH's board has $QEMU_CPUS vCPUs"
    qsmp="$QEMU_CPUS"
    [ "$smp" -eq "$QEMU_CPUS" ] || cmdline="$cmdline maxcpus=$smp"
fi
cmdline="$cmdline tactus.test=$test${append:+ $append}"
# shellcheck disable=SC2206 # QEMU_MACHINE: words of arch.sh
qemu=("$QEMU_SYSTEM" $QEMU_MACHINE ${cpu:+-cpu "$cpu"} -smp "$qsmp" -m 1024
      -nographic -no-reboot -nic none)
[ "$icount" -eq 1 ] && qemu+=(-icount "shift=$QEMU_ICOUNT_SHIFT,sleep=off")
[ -n "$seed" ] && qemu+=(-seed "$seed" -rtc "base=2026-01-01T00:00:00,clock=vm")
qemu+=(-kernel "$kernel" ${dtb:+-dtb "$dtb"} -initrd "$initrd" -append "$cmdline" "${qargs[@]+"${qargs[@]}"}")

mkdir -p "$(dirname "$log")"
{
    echo "### tactus run.sh $QEMU_ARCH: $(date -Is)"
    printf '### cmd:'; printf ' %q' "${qemu[@]}"; echo
} >"$log"
desc="$test, -smp $smp${cpu:+, $cpu}"
[ "$icount" -eq 1 ] && desc="$desc, icount"
[ -n "$seed" ] && desc="$desc, seed $seed"
desc="$desc ($kernel)"
tx_log "==> boot: $desc (timeout ${timeout_s}s, log: $log)"

T0="$(tx_now)"
marks="$(mktemp)"
trap 'rm -f "$marks" "$marks.pid"' EXIT
{ [ "$stop_on_stall" -eq 1 ] || [ -n "$after_panic" ] || [ -n "$QEMU_HALTS" ]; } && qemu+=(-pidfile "$marks.pid")
stalled=0 panicked=0 exited=0
set +e
timeout -k 5 "$timeout_s" "${qemu[@]}" </dev/null 2>&1 | while IFS= read -r line; do
    printf '%s\n' "$line" >>"$log"
    [ "$console" -eq 1 ] && printf '%s\n' "$line" >&2
    case "$line" in
        *"TACTUS-INIT: ready"*) echo "ready $(tx_elapsed "$T0")" >>"$marks" ;;
        *"Kernel panic - not syncing"*|*"reboot: System halted"*)
            if [ -n "$after_panic" ] && [ "$panicked" -eq 0 ]; then
                panicked=1
                echo "panic" >>"$marks"
                ( sleep "$after_panic"; [ -s "$marks.pid" ] && kill "$(cat "$marks.pid")" 2>/dev/null ) </dev/null >/dev/null 2>&1 &
            fi ;;
        *"TACTUS-TEST-EXIT:"*)
            if [ -n "$QEMU_HALTS" ] && [ -z "$after_panic" ] && [ "$exited" -eq 0 ]; then
                exited=1
                ( sleep 10; [ -s "$marks.pid" ] && echo "exit-grace" >>"$marks" &&
                    kill "$(cat "$marks.pid")" 2>/dev/null ) </dev/null >/dev/null 2>&1 &
            fi ;;
        *"Power off not available: System halted"*|*"Reboot failed -- System halted"*)
            # no power-off on this board: Linux halted, QEMU would run on
            if [ -n "$QEMU_HALTS" ] && [ -z "$after_panic" ] && [ -s "$marks.pid" ]; then
                echo "halted" >>"$marks"
                kill "$(cat "$marks.pid")" 2>/dev/null
            fi ;;
        *"TACTUS-AFTER-PANIC: done"*)
            if [ "$panicked" -eq 1 ] && [ -s "$marks.pid" ]; then
                echo "after-panic-done" >>"$marks"
                kill "$(cat "$marks.pid")" 2>/dev/null
            fi ;;
        *"rcu: INFO: rcu_"*"detected stall"*|*"soft lockup"*|*"hard LOCKUP"*)
            if [ "$stop_on_stall" -eq 1 ] && [ "$stalled" -eq 0 ]; then
                stalled=1
                echo "stall ${line#*] }" >>"$marks"
                # 10 s more for the stall report's backtraces, then stop QEMU
                ( sleep 10; [ -s "$marks.pid" ] && kill "$(cat "$marks.pid")" 2>/dev/null ) </dev/null >/dev/null 2>&1 &
            fi ;;
    esac
done
qrc="${PIPESTATUS[0]}"
set -e
wall="$(tx_elapsed "$T0")"
echo "### qemu exit status $qrc, wall ${wall}s" >>"$log"
if [ -n "$after_panic" ] && grep -q '^panic' "$marks"; then
    if grep -q '^after-panic-done' "$marks"; then
        echo "### --after-panic: stopped when the guest said it was done" >>"$log"
    else
        echo "### --after-panic: stopped ${after_panic}s after the panic" >>"$log"
    fi
fi
if grep -q '^halted' "$marks"; then
    echo "### QEMU stopped: Linux halted (the board has no power-off)" >>"$log"
elif grep -q '^exit-grace' "$marks"; then
    echo "### QEMU stopped 10 s after TACTUS-TEST-EXIT (the board has no power-off)" >>"$log"
fi
stall="$(sed -n 's/^stall //p' "$marks" | head -n1 | tr -d '\r')"
[ -z "$stall" ] || echo "### --stop-on-stall: stall report seen: $stall" >>"$log"

ready="$(sed -n 's/^ready //p' "$marks" | head -n1)"
guest_ready="$(sed -n 's/.*TACTUS-INIT: ready .*uptime=\([0-9.]*\).*/\1/p' "$log" | head -n1)"
exit_line="$(grep -a 'TACTUS-TEST-EXIT:' "$log" | tail -n1 | tr -d '\r' || true)"
issues="$(grep -a 'TACTUS-DMESG-ISSUES:' "$log" | tail -n1 | tr -d '\r' | awk '{print $2}' || true)"

failed() {   # WHY: the reason, the last lines of the log and where it is
    tx_log "FAILED boot: $desc: $1. Last lines:"
    tail -n 15 "$log" | sed 's/^/    | /' >&2
    tx_log "full log: $log"
}
if [ "$qrc" -eq 124 ] || [ "$qrc" -eq 137 ]; then
    rc=124
    failed "TIMEOUT after ${timeout_s}s (guest killed)"
elif [ -z "$exit_line" ] && [ -n "$stall" ]; then
    rc=123
    failed "guest stalled, stopped (--stop-on-stall) after ${wall}s: $stall"
elif [ -z "$exit_line" ]; then
    rc=125
    failed "no TACTUS-TEST-EXIT line (qemu status $qrc; panic or init failure?)"
else
    rc="$(echo "$exit_line" | sed -n 's/.*TACTUS-TEST-EXIT: \([0-9]*\).*/\1/p')"
    rc="${rc:-125}"
fi
tx_log "<== boot: $desc: test rc=$rc, wall ${wall}s, host time to init ${ready:-?}s, guest uptime at init ${guest_ready:-?}s, dmesg issues ${issues:-?}"
exit "$rc"
