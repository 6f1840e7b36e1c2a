#!/usr/bin/env python3
"""Format the Google Benchmark JSON of tools/bench-host/bench.cpp as tables."""
import json
import sys


def main(path):
    data = json.load(open(path))
    rows = {b["name"]: b for b in data["benchmarks"] if b.get("run_type", "iteration") == "iteration"}
    print(f"host: {data['context'].get('host_name', '?')}, {data['context'].get('num_cpus', '?')} CPUs, "
          f"build {data['context'].get('library_build_type', '?')}")
    print()
    print("| scheduler | 1 ready | 64 ready | 1000 ready | 1000 / 1 |")
    print("|---|---|---|---|---|")
    for name in ("BM_SchedulerDecision", "BM_SuspendResumeSwitch"):
        t = [rows[f"{name}/{n}"]["cpu_time"] for n in (1, 64, 1000)]
        print(f"| {name[3:]} (ns) | {t[0]:.1f} | {t[1]:.1f} | {t[2]:.1f} | {t[2] / t[0]:.2f} |")
    print()
    print("| record | ByteRing put+get | boost spsc_queue push+pop | ring / boost throughput |")
    print("|---|---|---|---|")
    for n in (8, 256):
        ring = rows[f"BM_ByteRing<{n}>"]["bytes_per_second"]
        boost = rows[f"BM_BoostSpsc<{n}>"]["bytes_per_second"]
        print(f"| {n} B | {ring / 1e6:.0f} MB/s | {boost / 1e6:.0f} MB/s | {ring / boost:.2f} |")


if __name__ == "__main__":
    main(sys.argv[1])
