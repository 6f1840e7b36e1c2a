#!/usr/bin/env bash
# tools/host-tests.sh [coverage|sanitize] - build and run the host unit tests
# (ctest). Prints ctest's summary; with 'coverage', builds with gcov in
# build/coverage; with 'sanitize', with ASan and UBSan in build/host-sanitize.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
mode="${1:-plain}"
if [ "$mode" = coverage ]; then
    dir="$root/build/coverage"
    cmake -S "$root/tests/host" -B "$dir" -DCMAKE_BUILD_TYPE=Debug -DTX_COVERAGE=ON >/dev/null
elif [ "$mode" = sanitize ]; then
    dir="$root/build/host-sanitize"
    cmake -S "$root/tests/host" -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTX_SANITIZE=ON >/dev/null
else
    dir="$root/build/host"
    cmake -S "$root/tests/host" -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
fi
cmake --build "$dir" -j "${TACTUS_JOBS:-2}"
ctest --test-dir "$dir" --output-on-failure -j "${TACTUS_JOBS:-2}" --timeout 300
