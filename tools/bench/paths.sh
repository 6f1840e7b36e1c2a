#!/usr/bin/env bash
# tools/bench/paths.sh ARCH OUTDIR - the path lengths of `make bench` (kind
# "paths"): every instruction from the timer NMI's vector to a 1 kHz task's
# job, and the RT-to-RT switch round trips, counted function by function by
# tools/qemu/profile.py on the test suite's kernel and initramfs (built here
# by tools/qemu/test-qemu.sh --build-only). Writes OUTDIR/paths-ARCH-*.json,
# which tools/bench/paths_report.py turns into the tables of results.md.
#   nmi     tests/qemu/scripts/profile.sh: tx_latency at 1 kHz, idle, the
#           timer gravity off (a path is the path, not a wait)
#   resume  profile-cost.sh, tx_cost loop=1: rt_task_resume of a
#           higher-priority task that suspends itself (two switches)
#   sem     profile-cost.sh, tx_cost loop=2: rt_sem_signal + rt_sem_wait
#           against a higher-priority partner (two switches; both call
#           rt_sem_signal once a trip: --calls-per-trip 2)
# Instruction counts under QEMU TCG do not depend on the host or its load.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../lib.sh
source "$HERE/../lib.sh"
[ $# -eq 2 ] || { echo "usage: $0 ARCH OUTDIR" >&2; exit 2; }
arch="$1" out="$2"
mkdir -p "$out"
cpio="$("$TACTUS_ROOT/tools/qemu/test-qemu.sh" "$arch" --build-only | tail -n 1)"
[ -f "$cpio" ] || tx_die "paths: no initramfs from test-qemu.sh --build-only ($cpio)"
profile() { # NAME ARGS...
    local name="$1" t0
    shift
    t0="$(tx_now)"
    if ! python3 "$TACTUS_ROOT/tools/qemu/profile.py" --arch "$arch" --initrd "$cpio" \
        --summary "$out/paths-$arch-$name.json" "$@" >"$out/paths-$arch-$name.log" 2>&1; then
        tx_warn "paths: $name failed (log: $out/paths-$arch-$name.log)"
        return 1
    fi
    tx_log "paths: $name ($(tx_elapsed "$t0")s): $(grep -m1 -E 'paths:|round trip' "$out/paths-$arch-$name.log")"
}
rc=0
profile nmi --show 1 || rc=1
profile resume --test profile-cost --load resume --flat rt_task_resume || rc=1
profile sem --test profile-cost --load sem --flat rt_sem_signal --calls-per-trip 2 || rc=1
exit $rc
