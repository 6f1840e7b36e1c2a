#!/usr/bin/env bash
# tools/coverage.sh - line coverage of the core by the host tests (gcovr).
# Fails when it is below TACTUS_MIN_COVERAGE percent (default 90).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
min="${TACTUS_MIN_COVERAGE:-90}"
find "$root/build/coverage" -name '*.gcda' -delete 2>/dev/null || true
"$root/tools/host-tests.sh" coverage >/dev/null
cd "$root"
report="$(gcovr -r "$root" --object-directory build/coverage \
    --filter 'lib/' --filter 'hal/' --filter 'sched/' --filter 'ipc/' \
    --filter 'fifo/' --filter 'shm/' --filter 'api/' 2>/dev/null)"
echo "$report"
total="$(echo "$report" | awk '/^TOTAL/ {gsub("%", "", $4); print $4}')"
echo "core line coverage: ${total}% (minimum ${min}%)"
awk -v t="$total" -v m="$min" 'BEGIN { exit (t + 0 >= m + 0) ? 0 : 1 }'
