#!/usr/bin/env bash
# tools/bench-host.sh - `make bench-host`: run the host benchmarks and print
# the O(1) table and the ring-vs-boost ratios (JSON in build/bench-host/).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
dir="$root/build/bench-host"
cmake -S "$root/tests/host" -B "$dir" -DCMAKE_BUILD_TYPE=Release -DTX_BENCH=ON >/dev/null
cmake --build "$dir" -j "${TACTUS_JOBS:-2}" --target tactus_bench >/dev/null
"$dir/tactus_bench" --benchmark_min_time=0.2 --benchmark_format=json \
    --benchmark_out="$dir/bench.json" --benchmark_out_format=json >/dev/null
python3 "$root/tools/bench-host/report.py" "$dir/bench.json" | tee "$dir/bench.md"
