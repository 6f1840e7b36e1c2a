#!/usr/bin/env bash
# tools/soak.sh [MINUTES] - `make soak`: tests/qemu/scripts/soak.sh on each
# architecture for MINUTES of guest time (default 60), deterministic boots
# (-icount). Not part of `make test` (an hour per architecture, more in host
# time). Prints each suite's summary (the soak's metrics: cycles, records,
# records lost, tx_preempt's worst latency and overruns, memory drift) and
# ends with the line "N passed, N failed" of both together.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
minutes="${1:-60}"
case "$minutes" in ''|*[!0-9]*) echo "usage: $0 [MINUTES]" >&2; exit 2 ;; esac
passed=0 failed=0
for arch in arm64 x86_64; do
    out="$(TACTUS_APPEND="tactus.soak_min=$minutes" "$root/tools/qemu/test-qemu.sh" "$arch" soak 2>&1 | tee /dev/stderr | tail -n 40)"
    line="$(echo "$out" | grep -E '^[0-9]+ passed, [0-9]+ failed$' | tail -n 1)"
    p="${line%% passed*}" f="${line#*passed, }"; f="${f%% failed*}"
    passed=$((passed + ${p:-0})) failed=$((failed + ${f:-1}))
done
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
