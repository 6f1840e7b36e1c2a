#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""tools/bench/report.py - the benchmark report from the QEMU serial logs.

    report.py [--arch arm64|x86_64|arm] --logs DIR --out DIR [--n N] [--n100 N] [--seeds "1 2 3"]

Reads DIR/<sys>-<load>-s<seed>.log (tools/bench/guest/bench.sh output),
DIR/irq-<sys>-<load>-s<seed>.log (the interrupt-latency boots, bench.kind=irq)
and DIR/switches-s<seed>.log, and writes into --out:
  results.json   every figure, per seed and merged over the seeds ("irq": the
                 interrupt latency)
  results.md     the tables (worst cases, per load, targets, interrupt latency,
                 switches, runs)
  hist-<load>.png  one histogram per load, all systems (gnuplot, log counts)
  hist-irq-<load>.png  the same for the interrupt latency
Timer percentiles come from 1 us histograms (bucket b holds [b, b+1) us, as
cyclictest's -h): p99 = the bucket that holds the 99th percentile. Overruns =
samples at least one period late (the same rule for every system). A record's
bin_ns gives its bucket width (bucket b holds [b*bin_ns, (b+1)*bin_ns) ns);
records printed before bin_ns existed have 1000. The interrupt records have
100 ns buckets: their median and std-dev come from the bucket midpoints (good
to about 0.05 us); min, max and mean are exact.
--arch (default arm64) names the machine in the text: arm64 = QEMU virt at
icount shift=4 (16 ns an instruction), systems a-d; x86_64 = QEMU q35 at
icount shift=5 (32 ns an instruction), systems a, c, d (Tactus runs on
Debian's stock kernel there, so there is no separate b); arm = QEMU raspi2b
at icount shift=4, systems a, c, d (the same reason), timer latency only.
Only the Python standard library is used.
"""
import argparse
import glob
import json
import math
import os
import re
import shutil
import subprocess
import sys

SYSTEMS = {
    "a": "our kernel + Tactus",
    "b": "our kernel, Linux",
    "c": "Debian stock",
    "d": "Debian PREEMPT_RT",
}
# what differs between the machines (tools/bench/arch.sh for the scripts)
ARCHES = {
    "arm64": {
        "a": "our kernel + Tactus",
        "ns_per_insn": 16,
        "cpu": "cortex-a57",
        "qemu": "-M virt,gic-version=3 -cpu {cpu} -smp 1 -m 1024 -icount shift=4,sleep=off "
                "-seed S -rtc base=2026-01-01T00:00:00,clock=vm (tools/qemu/run.sh arm64)",
        "machine": "QEMU `virt`, GICv3, {cpu}, `-smp 1 -m 1024 -icount shift=4,sleep=off`",
        "systems": "a = our kernel + Tactus, b = our kernel (Linux only), c = Debian stock, d = Debian PREEMPT_RT.",
        # the interrupt-latency boots (tools/bench/arch.sh BENCH_IRQ_RUN_ARGS,
        # BENCH_IRQ_APPEND): the spare timer of bench_irq_dev.h must exist
        "irq_qemu": "-M virt,gic-version=3,virtualization=on -cpu max -smp 1 -m 1024 -icount shift=4,sleep=off "
                    "-seed S -rtc base=2026-01-01T00:00:00,clock=vm, kernel command line + kvm-arm.mode=none "
                    "(tools/qemu/run.sh arm64 with tools/bench/arch.sh BENCH_IRQ_RUN_ARGS and BENCH_IRQ_APPEND)",
        "irq_machine": "QEMU `-M virt,gic-version=3,virtualization=on -cpu max` (the kernel at EL2 with VHE, "
                       "`kvm-arm.mode=none`), `-smp 1 -m 1024 -icount shift=4,sleep=off`",
        "irq_device": "the EL1 virtual timer (PPI 27)",
        # words every irq boot's QEMU command must hold (else the boots differ)
        "irq_cmd_must": ["virtualization=on", "-cpu max", "kvm-arm.mode=none"],
    },
    "x86_64": {
        "a": "Debian stock + Tactus",
        "ns_per_insn": 32,
        "cpu": "qemu64",
        "qemu": "-M q35 -global hpet.msi=on -cpu {cpu} -smp 1 -m 1024 -icount shift=5,sleep=off "
                "-seed S -rtc base=2026-01-01T00:00:00,clock=vm (tools/qemu/run.sh x86_64; "
                "-cpu only when not qemu64, QEMU's default)",
        "machine": "QEMU `q35`, HPET with MSI (`-global hpet.msi=on`), {cpu} CPU, "
                   "`-smp 1 -m 1024 -icount shift=5,sleep=off`",
        "systems": "a = Debian stock + Tactus, c = Debian stock (Linux only), d = Debian PREEMPT_RT. "
                   "No b: on x86_64 Tactus runs on Debian's stock kernel, so b = c.",
        "irq_qemu": "-M q35 -global hpet.msi=on -global hpet.timers=5 -cpu {cpu} -smp 1 -m 1024 "
                    "-icount shift=5,sleep=off -seed S -rtc base=2026-01-01T00:00:00,clock=vm "
                    "(tools/qemu/run.sh x86_64 with tools/bench/arch.sh BENCH_IRQ_RUN_ARGS; "
                    "-cpu only when not qemu64, QEMU's default)",
        "irq_machine": "QEMU `-M q35 -global hpet.msi=on -global hpet.timers=5`, {cpu} CPU, "
                       "`-smp 1 -m 1024 -icount shift=5,sleep=off`",
        "irq_device": "HPET comparator 2 (Tactus's own timer takes comparator 4)",
        "irq_cmd_must": ["hpet.timers=5"],
    },
    "arm": {
        "a": "Debian stock + Tactus",
        "ns_per_insn": 16,
        "cpu": "cortex-a7",
        "qemu": "-M raspi2b -smp 4 -m 1024 -dtb bcm2836-rpi-2-b.dtb -icount shift=4,sleep=off "
                "-seed S -rtc base=2026-01-01T00:00:00,clock=vm, kernel command line maxcpus=1 "
                "(tools/qemu/run.sh arm: QEMU always makes the board's 4 cores)",
        "machine": "QEMU `raspi2b` (BCM2836, {cpu}), `maxcpus=1`, `-m 1024 -icount shift=4,sleep=off`",
        "systems": "a = Debian stock (armmp) + Tactus, c = Debian stock (Linux only), d = Debian PREEMPT_RT "
                   "(rt-armmp). No b: on arm Tactus runs on Debian's stock kernel, so b = c.",
        # no interrupt-latency boots on arm (tools/bench/arch.sh BENCH_KINDS)
        "irq_qemu": "", "irq_machine": "", "irq_device": "", "irq_cmd_must": [],
    },
}
LOADS = ["idle", "irqoff", "grinder", "stressng"]
LOAD_TEXT = {
    "idle": "idle (busy loop)",
    "irqoff": "irq-off (20 ms sections)",
    "grinder": "grinder (hackbench + dd)",
    "stressng": "stress-ng (cpu, vm, switch)",
}
# (system, measure, label) in table order
MEASURES = [
    ("a", "tactus-1ms", "Tactus task, 1 ms"),
    ("a", "tactus-100us", "Tactus task, 100 us"),
    ("a", "tactus-low@1ms", "Tactus low-prio 10 ms task (next to the 1 ms task)"),
    ("a", "tactus-low@100us", "Tactus low-prio 10 ms task (next to the 100 us task)"),
]
for _s in "bcd":
    MEASURES += [
        (_s, "cyclictest-1ms", "cyclictest -i 1000"),
        (_s, "hrtimer-1ms", "hrtimer module, 1 ms"),
        (_s, "hrtimer-100us", "hrtimer module, 100 us"),
    ]

# interrupt latency: (system, BENCH-BEGIN block, record, label) in table order;
# the measurement is called "<system>:<record>" in results.json
IRQ_MEASURES = [
    ("a", "irq-floor", "irq-floor", "a Tactus: bare NMI floor"),
    ("a", "irq-tactus", "irq-tactus", "a Tactus: real-time handler"),
    ("a", "irq-tactus", "irq-tactus-task", "a Tactus: task woken by the handler"),
    ("b", "irq-linux", "irq-linux", "b our kernel: Linux hard handler"),
    ("c", "irq-linux", "irq-linux", "c Debian stock: Linux hard handler"),
    ("d", "irq-thread", "irq-thread", "d PREEMPT_RT: threaded handler (FIFO 99)"),
    ("d", "irq-linux", "irq-linux", "d PREEMPT_RT: hard handler (IRQF_NO_THREAD)"),
]

KTIME = re.compile(r"^\[\s*\d+\.\d+\]")
# a kernel message that the console wrote into the middle of a /proc line
KTIME_INSIDE = re.compile(r"\[\s*\d+\.\d+\] ")


# ---- parsing ------------------------------------------------------------------


def parse_module_block(lines):
    """Records of bench_hist_show(): name ... h B C ... end."""
    recs, cur = [], None
    for ln in lines:
        f = ln.split()
        if not f:
            continue
        if f[0] == "name":
            cur = {"name": f[1], "hist": {}, "exact": True}
        elif cur is None:
            continue
        elif f[0] == "h" and len(f) == 3:
            cur["hist"][int(f[1])] = cur["hist"].get(int(f[1]), 0) + int(f[2])
        elif f[0] == "end":
            recs.append(cur)
            cur = None
        elif len(f) == 2 and re.match(r"^-?\d+$", f[1]):
            cur[f[0]] = int(f[1])
    return recs


def parse_cyclictest_block(lines):
    rec = {"name": "cyclictest", "hist": {}, "exact": False, "period_ns": 1000000, "nbins": 30000}
    for ln in lines:
        m = re.match(r"^#\s*(Total|Min Latencies|Avg Latencies|Max Latencies|Histogram Overflows):\s*(\d+)", ln)
        if m:
            key = {"Total": "samples", "Min Latencies": "min_us", "Avg Latencies": "avg_us",
                   "Max Latencies": "max_us", "Histogram Overflows": "overflow"}[m.group(1)]
            rec[key] = int(m.group(2), 10)
            continue
        m = re.match(r"^(\d+)\s+(\d+)\s*$", ln)
        if m and int(m.group(2), 10):
            b = int(m.group(1), 10)
            rec["hist"][b] = rec["hist"].get(b, 0) + int(m.group(2), 10)
    for k in ("min", "avg", "max"):
        if k + "_us" in rec:
            rec[k + "_ns"] = rec.pop(k + "_us") * 1000
    rec.setdefault("overflow", 0)
    if "samples" in rec:  # cyclictest's Total counts the histogram only, not its overflows
        rec["samples"] += rec["overflow"]
    return rec


def parse_log(path):
    text = open(path, encoding="utf-8", errors="replace").read().replace("\r", "")
    lines = text.split("\n")
    run = {"log": os.path.relpath(path), "blocks": {}, "ok": False}
    m = re.search(r"### qemu exit status (\d+), wall ([\d.]+)s", text)
    if m:
        run["qemu_status"] = int(m.group(1))
        run["wall_s"] = float(m.group(2))
    m = re.search(r"TACTUS-UPTIME: ([\d.]+)", text)
    if m:
        run["guest_s"] = float(m.group(1))
    m = re.search(r"TACTUS-DMESG-ISSUES: (\d+)", text)
    if m:
        run["dmesg_issues"] = int(m.group(1))
    m = re.search(r"BENCH-DONE: .*errors=(\d+)", text)
    if m:
        run["errors"] = int(m.group(1))
        run["ok"] = run["errors"] == 0
    run["error_lines"] = [ln for ln in lines if ln.startswith("BENCH-ERROR")]
    m = re.search(r"BENCH-INFO: uname=(.*)", text)
    if m:
        run["uname"] = m.group(1).strip()
    m = re.search(r"BENCH-INFO: cmdline=(.*)", text)
    if m:
        run["cmdline"] = m.group(1).strip()
    m = re.search(r"^### cmd: (.*)$", text, re.M)
    if m:
        run["qemu_cmd"] = m.group(1).strip()
    m = re.search(r"BENCH-LOADCHECK: (.*)", text)
    if m:
        run["loadcheck"] = m.group(1).strip()
    rt = re.findall(r"RTD\|.*", text)
    if rt:
        run["rtd_lines"] = len(rt)
    entry = hal_entry_of(text)
    if entry:
        run["hal_entry_ns"] = entry
    i = 0
    while i < len(lines):
        ln = lines[i]
        if ln.startswith("BENCH-BEGIN "):
            name = ln.split()[1]
            body = []
            i += 1
            while i < len(lines) and not lines[i].startswith("BENCH-END"):
                ln = lines[i]
                m = KTIME_INSIDE.search(ln)
                if m and m.start() > 0 and i + 1 < len(lines) and not lines[i + 1].startswith("BENCH-"):
                    # "h 1760 1[   61.75] random: crng init done" and the rest of
                    # the /proc line on the next one: join the two halves, or
                    # the bucket is lost
                    ln = ln[:m.start()] + lines[i + 1]
                    i += 1
                if not KTIME.match(ln):
                    body.append(ln)
                i += 1
            run["blocks"][name] = body
        i += 1
    return run


def hal_entry_of(text):
    """The HAL's timer-interrupt entry measure (tactus_hal profile=1): per
    BENCH-HAL block ("1000", "100": the Tactus run it followed), CPU 0's
    entry-min/max in ns, from the counts and the time base the block's first
    line names. {} when the port did not measure it (0/0)."""
    out = {}
    for m in re.finditer(r"^BENCH-HAL (\w+):\n(.*)\n.*\n.*\n +0 +\d+ +\d+ +\d+ +\d+ +(\d+)/(\d+) ", text, re.M):
        hz = re.search(r"(\d+) Hz", m.group(2))
        lo, hi = int(m.group(3)), int(m.group(4))
        if hz and hi:
            ns = 1e9 / int(hz.group(1))
            out[m.group(1)] = {"min_ns": round(lo * ns), "max_ns": round(hi * ns), "counts": [lo, hi]}
    return out


def measures_of(run):
    """{measure: record} of one latency run."""
    out = {}
    for name, body in run["blocks"].items():
        if name == "cyclictest-1000":
            out["cyclictest-1ms"] = parse_cyclictest_block(body)
        elif name in ("tactus-1000", "tactus-100", "hrtimer-1000", "hrtimer-100"):
            suffix = "1ms" if name.endswith("-1000") else "100us"
            for r in parse_module_block(body):
                if r["name"] == "tactus-low":
                    out["tactus-low@" + suffix] = r
                else:
                    out[name.split("-")[0] + "-" + suffix] = r
    check_hist_totals(out.values())
    return out


def irq_measures_of(run):
    """{record name: record} of one interrupt-latency run, and the device each
    block names ({block: text}, the module's "device" line)."""
    out, devices = {}, {}
    blocks = {b for _s, b, _r, _l in IRQ_MEASURES if _s == run["system"]}
    records = {r for _s, _b, r, _l in IRQ_MEASURES if _s == run["system"]}
    for name, body in run["blocks"].items():
        if name not in blocks:
            continue
        for ln in body:
            if ln.startswith("device "):
                devices[name] = ln[len("device "):].strip()
        for r in parse_module_block(body):
            if r["name"] in records:
                out[r["name"]] = r
    check_hist_totals(out.values())
    return out, devices


def check_hist_totals(recs):
    """hist_total_ok: the buckets and the overflow add up to the sample count."""
    for r in recs:
        n = sum(r["hist"].values()) + r.get("overflow", 0)
        r["hist_total_ok"] = n == r.get("samples", -1)


# ---- statistics -----------------------------------------------------------------


def percentile_bucket(hist, overflow, samples, q):
    """The bucket holding the q-quantile; None if it lies in the overflow."""
    if samples <= 0:
        return None
    target = math.ceil(q * samples - 1e-9)
    cum = 0
    for b in sorted(hist):
        cum += hist[b]
        if cum >= target:
            return b
    return None


def bin_ns_of(r):
    """A record's bucket width; 1000 for the records printed before bin_ns."""
    return r.get("bin_ns", 1000) or 1000


def merge_hists(recs):
    """The summed histogram of the records and its bucket width: the widest
    of theirs (a narrower one is folded into it), so that seeds of an old and
    a new module still merge."""
    bin_ns = max(bin_ns_of(r) for r in recs)
    hist = {}
    for r in recs:
        w = bin_ns_of(r)
        for b, c in r["hist"].items():
            k = b * w // bin_ns
            hist[k] = hist.get(k, 0) + c
    return hist, bin_ns


def bucket_us(b, bin_ns):
    """Lower edge of bucket b in us: an int for whole-us buckets (as the 1 us
    histograms always gave), else a float."""
    if b is None:
        return None
    return b * bin_ns // 1000 if bin_ns % 1000 == 0 else b * bin_ns / 1000.0


def summarize(recs):
    """Merge the per-seed records of one system x measure x load; also the
    merged histogram and its bucket width."""
    hist, bin_ns = merge_hists(recs)
    samples = sum(r.get("samples", 0) for r in recs)
    overflow = sum(r.get("overflow", 0) for r in recs)
    period_ns = recs[0].get("period_ns", 1000000)
    period_us = period_ns // 1000
    nbins = recs[0].get("nbins", 30000) * bin_ns_of(recs[0]) // bin_ns
    late = sum(c for b, c in hist.items() if b * bin_ns >= period_ns) + overflow
    s = {
        "samples": samples,
        "min_us": min(r["min_ns"] for r in recs) / 1000.0,
        "avg_us": (sum(r["avg_ns"] * r["samples"] for r in recs) / samples / 1000.0) if samples else None,
        "max_us": max(r["max_ns"] for r in recs) / 1000.0,
        "p99_us": bucket_us(percentile_bucket(hist, overflow, samples, 0.99), bin_ns),
        "p9999_us": bucket_us(percentile_bucket(hist, overflow, samples, 0.9999), bin_ns),
        "overruns": late,
        "overflow": overflow,
        "hist_range_us": bucket_us(nbins, bin_ns),
        "period_us": period_us,
        "exact_ns": all(r["exact"] for r in recs),
        "seeds": [r["seed"] for r in recs],
        "max_per_seed_us": [r["max_ns"] / 1000.0 for r in recs],
        "samples_per_seed": [r.get("samples", 0) for r in recs],
        "hist_consistent": all(r.get("hist_total_ok") for r in recs),
    }
    return s, hist, bin_ns


def bucket_value_ns(b, bin_ns, lo_ns, hi_ns):
    """The value a sample of bucket b stands for: the midpoint of the bucket,
    cut to the exact [min, max] (the lowest and highest buckets are partly
    empty: their midpoint could lie beyond the exact extremes)."""
    return (max(b * bin_ns, lo_ns) + min((b + 1) * bin_ns, hi_ns)) / 2.0


def hist_median_ns(hist, bin_ns, n, lo_ns, hi_ns):
    """Median of n samples (the mean of the two middle ones for even n), from
    the buckets; None if it lies in the overflow."""
    if n <= 0:
        return None
    ranks = [(n + 1) // 2, n // 2 + 1] if n % 2 == 0 else [(n + 1) // 2]
    vals, cum = [], 0
    for b in sorted(hist):
        cum += hist[b]
        while ranks and cum >= ranks[0]:
            vals.append(bucket_value_ns(b, bin_ns, lo_ns, hi_ns))
            ranks.pop(0)
    return sum(vals) / len(vals) if not ranks else None


def hist_stddev_ns(hist, bin_ns, lo_ns, hi_ns):
    """Population std-dev of the bucket values (n, not n - 1: a description
    of the samples, and n is in the thousands)."""
    n = sum(hist.values())
    if n <= 0:
        return None
    mean = sum(c * bucket_value_ns(b, bin_ns, lo_ns, hi_ns) for b, c in hist.items()) / n
    var = sum(c * (bucket_value_ns(b, bin_ns, lo_ns, hi_ns) - mean) ** 2 for b, c in hist.items()) / n
    return math.sqrt(var)


def irq_figures(recs):
    """The seed article's figures of the records (one seed, or all merged):
    min, max, mean exact (mean weighted by the sample counts), median and
    std-dev from the summed histogram, in us. The std-dev is left out (None)
    when samples overflowed the histogram: their values are unknown."""
    hist, bin_ns = merge_hists(recs)
    n = sum(r.get("samples", 0) for r in recs)
    overflow = sum(r.get("overflow", 0) for r in recs)
    lo, hi = min(r["min_ns"] for r in recs), max(r["max_ns"] for r in recs)
    med = hist_median_ns(hist, bin_ns, n, lo, hi)
    sd = hist_stddev_ns(hist, bin_ns, lo, hi) if not overflow else None

    def us(ns):
        return None if ns is None else round(ns) / 1000.0
    return {
        "n": n,
        "min_us": us(lo),
        "max_us": us(hi),
        "mean_us": us(sum(r["avg_ns"] * r["samples"] for r in recs) / n) if n else None,
        "median_us": us(med),
        "stddev_us": us(sd),
        "overflow": overflow,
    }, hist, bin_ns


def irq_summarize(recs):
    """Merge the per-seed records of one interrupt measurement x load, keeping
    each seed's figures; also the merged histogram and its bucket width."""
    s, hist, bin_ns = irq_figures(recs)
    s.update({
        "bin_ns": bin_ns,
        "hist_range_us": bucket_us(recs[0].get("nbins", 0) * bin_ns_of(recs[0]) // bin_ns, bin_ns),
        "seeds": [r["seed"] for r in recs],
        "max_per_seed_us": [r["max_ns"] / 1000.0 for r in recs],
        "n_per_seed": [r.get("samples", 0) for r in recs],
        "per_seed": [dict(irq_figures([r])[0], seed=r["seed"]) for r in recs],
        "hist_consistent": all(r.get("hist_total_ok") for r in recs),
    })
    return s, hist, bin_ns


def fmt_us(v, exact=True):
    if v is None:
        return "-"
    if exact:
        return "%.1f" % v
    return "%d" % round(v)


def fmt_pct(b, nbins):
    if b is None:
        return "> %d" % nbins
    return "%d" % b if isinstance(b, int) else "%.1f" % b


# ---- plots -----------------------------------------------------------------------

# solid lines; cyclictest dark, the hrtimer module light, Tactus thick red
COLORS = {("a", 1): "#d62728", ("b", 3): "#1f4e9c", ("b", 2): "#6baed6", ("c", 3): "#1b7a2a",
          ("c", 2): "#74c476", ("d", 3): "#54278f", ("d", 2): "#a08cd0"}


def logbins(hist, overflow, range_us, bin_us=1, per_decade=20):
    """Step outline of the counts per log-spaced bin (20 per decade): a list of
    (x us, count) points, two per bin (its edges); empty bins inside the range
    are drawn at 0.1 (below the plot's floor), so the outline drops to the axis.
    A bucket counts at its midpoint (bin_us wide); the overflow at range_us."""
    out = {}
    for b, c in hist.items():
        k = math.floor(math.log10((b + 0.5) * bin_us) * per_decade)
        out[k] = out.get(k, 0) + c
    if overflow:
        k = math.floor(math.log10(range_us) * per_decade)
        out[k] = out.get(k, 0) + overflow
    if not out:
        return []
    pts = []
    for k in range(min(out), max(out) + 1):
        c = out.get(k, 0) or 0.1
        pts.append((10 ** (k / per_decade), c))
        pts.append((10 ** ((k + 1) / per_decade), c))
    return [(pts[0][0], 0.1)] + pts + [(pts[-1][0], 0.1)]


def plot_load(load, data, outdir, title_extra):
    """data: {(sys, measure): (summary, hist, bin_ns)}; one PNG, two panels (1 ms, 100 us)."""
    if not shutil.which("gnuplot"):
        print("report: gnuplot not found, no plots (apt-get install gnuplot-nox)", file=sys.stderr)
        return None
    pdir = os.path.join(outdir, "plot")
    os.makedirs(pdir, exist_ok=True)
    panels = [
        ("1 ms period", [("a", "tactus-1ms", "a: Tactus task", 1), ("b", "cyclictest-1ms", "b: our kernel, cyclictest", 3),
                         ("b", "hrtimer-1ms", "b: our kernel, hrtimer", 2), ("c", "cyclictest-1ms", "c: Debian stock, cyclictest", 3),
                         ("c", "hrtimer-1ms", "c: Debian stock, hrtimer", 2), ("d", "cyclictest-1ms", "d: PREEMPT_RT, cyclictest", 3),
                         ("d", "hrtimer-1ms", "d: PREEMPT_RT, hrtimer", 2)]),
        ("100 us period", [("a", "tactus-100us", "a: Tactus task", 1), ("b", "hrtimer-100us", "b: our kernel, hrtimer", 2),
                           ("c", "hrtimer-100us", "c: Debian stock, hrtimer", 2), ("d", "hrtimer-100us", "d: PREEMPT_RT, hrtimer", 2)]),
    ]
    png = os.path.join(outdir, "hist-%s.png" % load)
    # x from 5 us, or from the 1-2-5 step below the smallest bucket drawn (a
    # catch-up sample after an overrun can be a few us late)
    lo = min([b * w / 1000.0 for s_, h, w in data.values() for b in h] + [5])
    xmin = 5 if lo >= 5 else 2 if lo >= 2 else 1
    g = ['set terminal pngcairo noenhanced size 1400,520 font ",10"', 'set output "%s"' % png,
         "set multiplot layout 1,2 title \"%s: latency histograms, all systems (%s)\" font \",12\"" % (LOAD_TEXT[load], title_extra),
         "set logscale xy", "set xrange [%d:40000]" % xmin, "set yrange [0.8:*]", "set grid xtics ytics mxtics",
         'set xlabel "latency (us of virtual time; log-spaced bins, 20 per decade)"', 'set ylabel "samples per bin"',
         "set key top right font \",9\"", "set format x \"%g\""]
    for title, curves in panels:
        plots = []
        for sysk, meas, label, dash in curves:
            if (sysk, meas) not in data:
                continue
            s, h, w = data[(sysk, meas)]
            f = os.path.join(pdir, "%s-%s-%s.dat" % (load, sysk, meas))
            with open(f, "w") as fh:
                for x, c in logbins(h, s["overflow"], s["hist_range_us"], w / 1000.0):
                    fh.write("%.3f %g\n" % (x, c))
            plots.append("\"%s\" using 1:2 with lines lw %s lc rgb \"%s\" title \"%s (max %s)\""
                         % (f, "2.5" if sysk == "a" else "1.5", COLORS[(sysk, dash)], label, fmt_us(s["max_us"], s["exact_ns"])))
        g.append('set title "%s"' % title)
        if plots:
            g.append("plot " + ", \\\n     ".join(plots))
    g.append("unset multiplot")
    return run_gnuplot(g, os.path.join(pdir, "hist-%s.gp" % load), load, png)


def run_gnuplot(script, gpf, what, png):
    """Write the gnuplot script to gpf and run it; png, or None if it failed."""
    with open(gpf, "w") as fh:
        fh.write("\n".join(script) + "\n")
    r = subprocess.run([shutil.which("gnuplot"), gpf], capture_output=True, text=True)
    if r.returncode != 0:
        print("report: gnuplot failed for %s: %s" % (what, r.stderr.strip()[-500:]), file=sys.stderr)
        return None
    return png


# the interrupt curves: Tactus red (the handler thick, its task dark, the
# floor black), Linux's hard handlers blue/green/light purple, the threaded one dark purple
IRQ_COLORS = {"a:irq-floor": ("#000000", 1.5), "a:irq-tactus": ("#d62728", 2.5),
              "a:irq-tactus-task": ("#8c1a1a", 1.5), "b:irq-linux": ("#1f4e9c", 1.5),
              "c:irq-linux": ("#1b7a2a", 1.5), "d:irq-thread": ("#54278f", 2),
              "d:irq-linux": ("#a08cd0", 1.5)}


def step125(x, up):
    """The 1-2-5 step at or below x (up: at or above), for the x axis."""
    e = 10 ** math.floor(math.log10(x))
    steps = [e * m for m in (1, 2, 5, 10)]
    if up:
        return next(v for v in steps if v >= x * 0.999)
    return [v for v in steps if v <= x * 1.001][-1]


def plot_irq_load(load, data, outdir, title_extra):
    """data: {measurement key: (summary, hist, bin_ns)}; one PNG, one panel,
    every interrupt measurement of the load."""
    if not shutil.which("gnuplot"):
        print("report: gnuplot not found, no plots (apt-get install gnuplot-nox)", file=sys.stderr)
        return None
    pdir = os.path.join(outdir, "plot")
    os.makedirs(pdir, exist_ok=True)
    png = os.path.join(outdir, "hist-irq-%s.png" % load)
    # x from the 1-2-5 step below the fastest sample to the one above the
    # slowest (the overflow drawn at the histogram's end)
    lo = min([s["min_us"] for s, h, w in data.values()] + [1000])
    hi = max([s["hist_range_us"] if s["overflow"] else s["max_us"] for s, h, w in data.values()] + [10])
    g = ['set terminal pngcairo noenhanced size 1000,560 font ",10"', 'set output "%s"' % png,
         'set title "%s: interrupt latency histograms, all systems (%s)" font ",12"' % (LOAD_TEXT[load], title_extra),
         "set logscale xy", "set xrange [%g:%g]" % (step125(max(lo, 0.1), False), step125(hi, True)),
         "set yrange [0.8:*]", "set grid xtics ytics mxtics",
         'set xlabel "latency (us of virtual time; log-spaced bins, 20 per decade)"', 'set ylabel "samples per bin"',
         "set key top right font \",9\"", "set format x \"%g\""]
    plots = []
    for sysk, _block, rec, label in IRQ_MEASURES:
        key = "%s:%s" % (sysk, rec)
        if key not in data:
            continue
        s, h, w = data[key]
        f = os.path.join(pdir, "irq-%s-%s-%s.dat" % (load, sysk, rec))
        with open(f, "w") as fh:
            for x, c in logbins(h, s["overflow"], s["hist_range_us"], w / 1000.0):
                fh.write("%.4f %g\n" % (x, c))
        color, lw = IRQ_COLORS[key]
        plots.append("\"%s\" using 1:2 with lines lw %s lc rgb \"%s\" title \"%s (max %s)\""
                     % (f, lw, color, label, fmt_us(s["max_us"])))
    if plots:
        g.append("plot " + ", \\\n     ".join(plots))
    return run_gnuplot(g, os.path.join(pdir, "hist-irq-%s.gp" % load), "irq " + load, png)


# ---- switches -----------------------------------------------------------------------


def parse_switches(run):
    rows = {}
    for name, body in run["blocks"].items():
        m = re.match(r"switches-(\d+)-(\d)$", name)
        if not m:
            continue
        n, mode = int(m.group(1)), int(m.group(2))
        kv = {}
        for ln in body:
            f = ln.split()
            if len(f) >= 2 and re.match(r"^-?\d+$", f[1]):
                kv[f[0]] = [int(x) for x in f[1:] if re.match(r"^-?\d+$", x)]
        ns = kv.get("ns_per_count_x1000", [16000])[0] / 1000.0
        row = rows.setdefault(n, {"tasks": n, "ns_per_count": ns})
        if mode == 0 and "suspend_resume_rt_counts" in kv:
            for key, k in (("suspend_resume", "suspend_resume_rt_counts"), ("semaphore", "sem_rt_counts"),
                           ("rpc", "rpc_rt_counts")):
                mean, mn, mx = kv[k]
                row[key] = {"round_trip_counts": mean, "round_trip_min": mn, "round_trip_max": mx,
                            "per_switch_counts": mean / 2.0, "per_switch_ns": mean / 2.0 * ns,
                            "round_trip_ns": mean * ns}
            row["ops"] = kv.get("ops", [0])[0]
        elif mode in (1, 2) and "releases" in kv:
            rel = kv["releases"][0]
            key = "timer_staggered" if mode == 1 else "timer_simultaneous"
            row[key] = {"releases": rel, "overhead_per_release_counts": kv["gap_sum_counts"][0] / rel if rel else None,
                        "overhead_per_release_ns": kv["gap_sum_counts"][0] / rel * ns if rel else None,
                        "largest_gap_counts": kv["gap_max_counts"][0],
                        "release_latency_max_ns": kv["lat_max_counts"][0] * ns,
                        "release_latency_avg_ns": kv["lat_avg_counts"][0] * ns,
                        "period_ns": kv["timer_period_ns"][0]}
    return [rows[k] for k in sorted(rows)]


# ---- interrupt latency -------------------------------------------------------------------

IRQ_TARGETS_HEAD = "### Interrupt latency: targets\n"


def irq_targets(irq):
    """The ratio targets of the interrupt latency, on the worst cases: met
    True/False, or None when a figure is missing (that system or load was not
    run), so that a target is never silently dropped."""
    def worst(load, key):
        s = irq.get(load, {}).get(key)
        return s["max_us"] if s else None

    out = []

    def target(name, num, den, limit, ok, text):
        """ratio = num / den; text(ratio) says the measured numbers."""
        if num is None or den is None or den <= 0:
            out.append({"target": name, "met": None, "value": "not measured", "limit": limit, "ratio": None})
            return
        r = num / den
        out.append({"target": name, "met": ok(r), "value": text(r), "limit": limit, "ratio": round(r, 3)})

    h, fl, th = "a:irq-tactus", "a:irq-floor", "d:irq-thread"
    # (i) Tactus adds little to what the hardware and the NMI entry cost
    for load in LOADS:
        x, y = worst(load, h), worst(load, fl)
        target("%s: Tactus handler worst <= 1.5 x the bare NMI floor's worst" % load, x, y, "<= 1.5",
               lambda r: r <= 1.5, lambda r, x=x, y=y: "%.1f us vs floor %.1f us: x%.2f" % (x, y, r))
    # (ii) the load does not move Tactus's worst case
    for load in LOADS[1:]:
        x, y = worst(load, h), worst("idle", h)
        target("%s: Tactus handler worst <= 1.2 x its idle worst" % load, x, y, "<= 1.2",
               lambda r: r <= 1.2, lambda r, x=x, y=y: "%.1f us vs idle %.1f us: x%.2f" % (x, y, r))
    # (iii), (iv) against the best Linux gives a device driver's thread
    for load, k in (("stressng", 10), ("irqoff", 100)):
        x, y = worst(load, th), worst(load, h)
        target("%s: Tactus handler worst >= %d x below PREEMPT_RT's threaded handler worst" % (load, k), x, y,
               ">= %d" % k, lambda r, k=k: r >= k,
               lambda r, x=x, y=y: "%.1f us vs PREEMPT_RT threaded %.1f us: ratio %.1f" % (y, x, r))
    return out


def irq_intro(summaries, runs, arch):
    """What the interrupt tables measure, and on which machine; a note for
    each boot whose QEMU command lacks a word of that machine."""
    seeds = sorted({sd for s in summaries for sd in s["seeds"]})
    bins = sorted({s["bin_ns"] for s in summaries})
    # the device as the modules name it, where that says more than ARCHES
    devices = sorted({d for r in runs for d in r.get("devices", {}).values() if d not in arch["irq_device"]})
    md = ["The seed article's interrupt latency: from the device raising its interrupt to the first instruction "
          "of the handler (\"task woken by the handler\": to the first instruction of the real-time task that "
          "Tactus's handler woke through a semaphore), one interrupt about every millisecond. Device: %s%s. "
          "Machine, the same for every system: %s. In us of virtual time, merged over %s %s: min, max and "
          "mean exact, median and std-dev from the %s ns histogram buckets (their midpoints).\n"
          % (arch["irq_device"], "".join(", `%s` in the modules' words" % d for d in devices),
             arch["irq_machine"], "seed" if len(seeds) == 1 else "seeds",
             ", ".join(str(sd) for sd in seeds), "/".join(str(b) for b in bins))]
    for w in arch["irq_cmd_must"]:
        differ = ["irq/%s/%s/s%d" % (r["system"], r["load"], r["seed"])
                  for r in sorted(runs, key=lambda r: (r["system"], LOADS.index(r["load"]) if r["load"] in LOADS
                                                       else 9, r["seed"])) if w in r.get("irq_cmd_missing", [])]
        if differ:
            md.append("Note: the QEMU command of these boots lacks `%s`, so their machine is not the one above: %s.\n"
                      % (w, ", ".join(differ)))
    return md


def irq_worst_table(irq, loads, rows):
    """Worst case per measurement x load, with each seed's (the timer part's
    first table); Tactus's handler in bold, as the headline figure."""
    md = ["### Interrupt latency: worst case (max over all seeds; in brackets the per-seed maxima)\n",
          "| measurement | " + " | ".join(LOAD_TEXT[ld] for ld in loads) + " |",
          "|---|" + "---|" * len(loads)]
    for sysk, key, label in rows:
        cells = []
        for ld in loads:
            s = irq[ld].get(key)
            if not s:
                cells.append("-")
                continue
            worst = fmt_us(s["max_us"])
            cells.append("%s (%s)" % ("**%s**" % worst if key == "a:irq-tactus" else worst,
                                      "/".join(fmt_us(v) for v in s["max_per_seed_us"])))
        md.append("| %s | %s |" % (label, " | ".join(cells)))
    return md + [""]


def irq_targets_table(targets):
    md = [IRQ_TARGETS_HEAD, "| target | measured | limit | result |", "|---|---|---|---|"]
    for t in targets:
        res = "not measured" if t["met"] is None else "met" if t["met"] else "**missed**"
        md.append("| %s | %s | %s | %s |" % (t["target"], t["value"], t["limit"], res))
    return md + [""]


def irq_load_table(irq, ld, rows, png):
    """The seed article's table for one load: min / max / mean / median /
    std-dev / #values, and each seed's worst."""
    md = ["### Interrupt latency, %s\n" % LOAD_TEXT[ld]]
    if png:
        md.append("![irq-%s](%s)\n" % (ld, png))
    md.append("| measurement | min | max | mean | median | std-dev | #values | max per seed |")
    md.append("|---|---|---|---|---|---|---|---|")
    for sysk, key, label in rows:
        s = irq[ld].get(key)
        if not s:
            continue
        md.append("| %s | %s | %s | %s | %s | %s | %d | %s |" % (
            label, fmt_us(s["min_us"]), fmt_us(s["max_us"]), fmt_us(s["mean_us"]),
            fmt_us(s["median_us"]) if s["median_us"] is not None else "> %d" % s["hist_range_us"],
            fmt_us(s["stddev_us"]), s["n"], " / ".join(fmt_us(v) for v in s["max_per_seed_us"])))
    over = [label for sysk, key, label in rows if irq[ld].get(key, {}).get("overflow")]
    if over:
        md.append("\nNo std-dev where samples overflowed the histogram (their values are unknown): %s."
                  % ", ".join(over))
    return md + [""]


def irq_markdown(irq, targets, runs, pngs, arch):
    """The "Interrupt latency" section of results.md."""
    loads = [ld for ld in LOADS if ld in irq]
    rows = [(s_, "%s:%s" % (s_, r_), l_) for s_, b_, r_, l_ in IRQ_MEASURES
            if any("%s:%s" % (s_, r_) in irq[ld] for ld in loads)]
    md = ["## Interrupt latency\n"]
    if not loads:  # every irq boot failed before its first record
        md.append("No interrupt-latency figures: no irq boot printed a record (see Boots).\n")
        return md + irq_targets_table(targets)
    md += irq_intro([s for ld in loads for s in irq[ld].values()], runs, arch)
    md += irq_worst_table(irq, loads, rows)
    md += irq_targets_table(targets)
    for ld in loads:
        md += irq_load_table(irq, ld, rows, pngs.get(ld))
    return md


# ---- main -----------------------------------------------------------------------------


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--arch", default="arm64", choices=sorted(ARCHES))
    ap.add_argument("--cpu", default="", help="QEMU -cpu of the boots, when not the runner's default")
    ap.add_argument("--logs", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--n", type=int, default=0)
    ap.add_argument("--n100", type=int, default=0)
    ap.add_argument("--seeds", default="")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    arch = dict(ARCHES[a.arch])
    for k in ("qemu", "machine", "irq_qemu", "irq_machine"):
        arch[k] = arch[k].format(cpu=a.cpu or arch["cpu"])
    SYSTEMS["a"] = arch["a"]
    ns_insn = arch["ns_per_insn"]

    runs, per = [], {}  # per[(load, sys, measure)] = [records]
    per_irq = {}  # per_irq[(load, "sys:record")] = [records]
    switches = []
    for path in sorted(glob.glob(os.path.join(a.logs, "*.log"))):
        base = os.path.basename(path)
        m = re.match(r"^([abcd])-(\w+)-s(\d+)\.log$", base)
        ms = re.match(r"^switches-s(\d+)\.log$", base)
        mi = re.match(r"^irq-([abcd])-(\w+)-s(\d+)\.log$", base)
        if not m and not ms and not mi:
            continue
        run = parse_log(path)
        if ms:
            run.update({"system": "switches", "load": "-", "seed": int(ms.group(1))})
            switches = parse_switches(run)
        elif mi:
            sysk, load, seed = mi.group(1), mi.group(2), int(mi.group(3))
            run.update({"system": sysk, "load": load, "seed": seed, "kind": "irq"})
            recs, run["devices"] = irq_measures_of(run)
            for name, rec in recs.items():
                rec["seed"] = seed
                per_irq.setdefault((load, "%s:%s" % (sysk, name)), []).append(rec)
            run["measures"] = sorted(recs)
            # every irq boot must have the spare timer, on the same machine
            if "qemu_cmd" in run:
                run["irq_cmd_missing"] = [w for w in arch["irq_cmd_must"] if w not in run["qemu_cmd"]]
        else:
            sysk, load, seed = m.group(1), m.group(2), int(m.group(3))
            run.update({"system": sysk, "load": load, "seed": seed})
            for meas, rec in measures_of(run).items():
                rec["seed"] = seed
                per.setdefault((load, sysk, meas), []).append(rec)
            run["measures"] = sorted(measures_of(run))
        run.pop("blocks", None)
        runs.append(run)

    loads = [ld for ld in LOADS if any(k[0] == ld for k in per)]
    results, hists = {}, {}
    for (load, sysk, meas), recs in sorted(per.items()):
        recs = [r for r in recs if r.get("samples")]
        if not recs:
            continue
        s, h, w = summarize(recs)
        results.setdefault(load, {})["%s:%s" % (sysk, meas)] = s
        hists[(load, sysk, meas)] = (s, h, w)
    irq_runs = [r for r in runs if r.get("kind") == "irq"]
    irq, irq_hists = {}, {}  # irq[load]["sys:record"] = summary
    for (load, key), recs in sorted(per_irq.items()):
        recs = [r for r in recs if r.get("samples")]
        if recs:
            s, h, w = irq_summarize(recs)
            irq.setdefault(load, {})[key] = s
            irq_hists[(load, key)] = (s, h, w)
    irq_tg = irq_targets(irq) if irq_runs else []

    def get(load, sysk, meas):
        return results.get(load, {}).get("%s:%s" % (sysk, meas))

    # ---- targets
    targets = []

    def target(name, ok, value, limit, why):
        targets.append({"target": name, "pass": ok, "value": value, "limit": limit, "note": why})

    for load in ("grinder", "stressng"):
        t1 = get(load, "a", "tactus-1ms")
        t100 = get(load, "a", "tactus-100us")
        c = get(load, "d", "cyclictest-1ms")
        h1 = get(load, "d", "hrtimer-1ms")
        h100 = get(load, "d", "hrtimer-100us")
        if t1 and c:
            r = c["max_us"] / t1["max_us"]
            target("%s: Tactus 1 ms worst <= 1/20 of PREEMPT_RT cyclictest worst" % load, r >= 20,
                   "%.1f us vs %s us: ratio %.1f" % (t1["max_us"], fmt_us(c["max_us"], False), r), ">= 20", "")
        if t1 and h1:
            r = h1["max_us"] / t1["max_us"]
            target("%s: Tactus 1 ms worst <= 1/10 of PREEMPT_RT hrtimer 1 ms worst" % load, r >= 10,
                   "%.1f us vs %.1f us: ratio %.1f" % (t1["max_us"], h1["max_us"], r), ">= 10", "")
        if t100 and h100:
            r = h100["max_us"] / t100["max_us"]
            target("%s: Tactus 100 us worst <= 1/10 of PREEMPT_RT hrtimer 100 us worst" % load, r >= 10,
                   "%.1f us vs %.1f us: ratio %.1f" % (t100["max_us"], h100["max_us"], r), ">= 10", "")
    for meas in ("tactus-1ms", "tactus-100us"):
        idle = get("idle", "a", meas)
        if not idle:
            continue
        for load in loads:
            if load == "idle":
                continue
            t = get(load, "a", meas)
            if t:
                r = t["max_us"] / idle["max_us"]
                target("%s: %s worst <= 2 x its idle worst" % (load, meas), r <= 2.0,
                       "%.1f us vs idle %.1f us: x%.2f" % (t["max_us"], idle["max_us"], r), "<= 2", "")

    # the timer interrupt's entry (arm: the FIQ, timer compare -> handler;
    # tactus_hal profile=1, arch.sh), per load: max over the a runs
    fiq = {}
    for r in runs:
        if r.get("system") == "a" and r.get("hal_entry_ns") and r.get("kind") != "irq":
            e = fiq.setdefault(r["load"], {"min_ns": None, "max_ns": 0})
            for v in r["hal_entry_ns"].values():
                e["min_ns"] = v["min_ns"] if e["min_ns"] is None else min(e["min_ns"], v["min_ns"])
                e["max_ns"] = max(e["max_ns"], v["max_ns"])
    if a.arch == "arm":
        # issue 18: the worst case <= 2.5 x the bare FIQ floor (the FIQ
        # entry's worst at idle) under every load, and >= 25 x below
        # PREEMPT_RT's (cyclictest at 1 ms, the measure every system has)
        floor = fiq.get("idle", {}).get("max_ns")
        for load in loads:
            for meas in ("tactus-1ms", "tactus-100us"):
                t = get(load, "a", meas)
                if t and floor:
                    r = t["max_us"] * 1000 / floor
                    target("%s: %s worst <= 2.5 x the bare FIQ floor (FIQ entry worst at idle)" % (load, meas),
                           r <= 2.5, "%.1f us vs floor %.2f us: x%.1f" % (t["max_us"], floor / 1000, r), "<= 2.5", "")
            t1, c = get(load, "a", "tactus-1ms"), get(load, "d", "cyclictest-1ms")
            if t1 and c:
                r = c["max_us"] / t1["max_us"]
                target("%s: Tactus 1 ms worst >= 25 x below PREEMPT_RT cyclictest worst" % load, r >= 25,
                       "%.1f us vs %s us: ratio %.1f" % (t1["max_us"], fmt_us(c["max_us"], False), r), ">= 25", "")

    # ---- JSON
    meta = {"arch": a.arch, "n_1ms": a.n, "n_100us": a.n100, "seeds": a.seeds.split(), "qemu": arch["qemu"],
            "units": "latencies in us of QEMU virtual time: 1 guest instruction = %d ns (icount shift=%d)"
                     % (ns_insn, int(math.log2(ns_insn))),
            "systems": arch["systems"]}
    vf = os.path.join(a.out, "versions.txt")
    if os.path.exists(vf):
        meta["versions"] = open(vf).read().strip().split("\n")
    tf = os.path.join(a.out, "timing.txt")
    if os.path.exists(tf):
        meta["timing"] = open(tf).read().strip()
    for r in runs:
        if r.get("cmdline"):
            meta.setdefault("guest_cmdline_example", r["cmdline"])
            break
    out = {"meta": meta, "results": results, "targets": targets, "switches": switches, "runs": runs}
    if fiq:
        out["timer_entry_ns"] = fiq
    if irq_runs:  # no irq logs: results.json as it was before the interrupt benchmark
        out["irq"] = {"qemu": arch["irq_qemu"], "device": arch["irq_device"], "results": irq, "targets": irq_tg,
                      "measurements": {"%s:%s" % (s_, r_): l_ for s_, b_, r_, l_ in IRQ_MEASURES},
                      "units": "us of QEMU virtual time; min, max, mean exact, median and stddev (population) "
                               "from the histogram's bucket midpoints; n = samples"}
    with open(os.path.join(a.out, "results.json"), "w") as fh:
        json.dump(out, fh, indent=1, sort_keys=True)

    # ---- plots
    pngs = {}
    for load in loads:
        data = {(s_, m_): v for (l_, s_, m_), v in hists.items() if l_ == load}
        seeds = sorted({sd for v in data.values() for sd in v[0]["seeds"]})
        p = plot_load(load, data, a.out, "%d seed(s) merged" % len(seeds))
        if p:
            pngs[load] = os.path.basename(p)
    irq_pngs = {}
    for load in LOADS:
        data = {k_: v for (l_, k_), v in irq_hists.items() if l_ == load}
        if not data:
            continue
        seeds = sorted({sd for v in data.values() for sd in v[0]["seeds"]})
        p = plot_irq_load(load, data, a.out, "%d seed(s) merged" % len(seeds))
        if p:
            irq_pngs[load] = os.path.basename(p)

    # ---- markdown
    md = []
    md.append("# Tactus benchmark results\n")
    md.append("%s, seeds %s; "
              "%d samples per run at 1 ms, %d at 100 us. Latencies in **us of virtual time** "
              "(1 guest instruction = %d ns). Systems: %s\n"
              % (arch["machine"], ", ".join(a.seeds.split()) or "?", a.n, a.n100, ns_insn, arch["systems"]))
    if "timing" in meta:
        md.append("Run: %s\n" % meta["timing"])
    t0 = len(md)
    # worst-case matrix
    md.append("## Worst case (max over all seeds; in brackets the per-seed maxima)\n")
    md.append("| system | measure | " + " | ".join(LOAD_TEXT[ld] for ld in loads) + " |")
    md.append("|---|---|" + "---|" * len(loads))
    for sysk, meas, label in MEASURES:
        cells = []
        have = False
        for ld in loads:
            s = get(ld, sysk, meas)
            if s:
                have = True
                ex = s["exact_ns"]
                per_seed = "/".join(fmt_us(v, ex) for v in s["max_per_seed_us"])
                cells.append("**%s** (%s)" % (fmt_us(s["max_us"], ex), per_seed) if sysk == "a" and meas in
                             ("tactus-1ms", "tactus-100us") else "%s (%s)" % (fmt_us(s["max_us"], ex), per_seed))
            else:
                cells.append("-")
        if have:
            md.append("| %s %s | %s | %s |" % (sysk, SYSTEMS[sysk], label, " | ".join(cells)))
    md.append("")
    # targets
    targets_head = "## Targets of issue 4\n" if a.arch != "arm" else "## Targets of issues 4 and 18\n"
    md.append(targets_head)
    md.append("| target | measured | limit | result |")
    md.append("|---|---|---|---|")
    for t in targets:
        md.append("| %s | %s | %s | %s |" % (t["target"], t["value"], t["limit"], "PASS" if t["pass"] else "**MISS**"))
    md.append("")
    if fiq:
        md.append("## The timer interrupt's entry (tactus_hal profile=1)\n")
        md.append("From the count the timer fired at to the HAL handler's first instruction (arm: the FIQ "
                  "vector, the stub and its TTBR0 switch; nothing of Linux runs on the way), over the a runs of "
                  "each load, /proc/tactus/hal entry-min/max. At idle its worst is the bare floor the targets "
                  "use.\n")
        md.append("| load | min | max |")
        md.append("|---|---|---|")
        for ld in loads:
            if ld in fiq:
                md.append("| %s | %.2f us | %.2f us |" % (LOAD_TEXT[ld], fiq[ld]["min_ns"] / 1000, fiq[ld]["max_ns"] / 1000))
        md.append("")
    # per load
    for ld in loads:
        md.append("## %s\n" % LOAD_TEXT[ld])
        if ld in pngs:
            md.append("![%s](%s)\n" % (ld, pngs[ld]))
        md.append("| system | measure | samples | min | avg | p99 | p99.99 | max | max per seed | overruns |")
        md.append("|---|---|---|---|---|---|---|---|---|---|")
        for sysk, meas, label in MEASURES:
            s = get(ld, sysk, meas)
            if not s:
                continue
            ex = s["exact_ns"]
            md.append("| %s %s | %s | %d | %s | %s | %s | %s | %s | %s | %d |" % (
                sysk, SYSTEMS[sysk], label, s["samples"], fmt_us(s["min_us"], ex), fmt_us(s["avg_us"], ex),
                fmt_pct(s["p99_us"], s["hist_range_us"]), fmt_pct(s["p9999_us"], s["hist_range_us"]),
                fmt_us(s["max_us"], ex), " / ".join(fmt_us(v, ex) for v in s["max_per_seed_us"]), s["overruns"]))
        md.append("")
    if not results and irq_runs:
        # an interrupt-only run (bench.sh --kinds irq): no empty timer tables
        md[t0:] = ["Timer latency: not run (no <sys>-<load>-s<seed>.log in the logs).\n"]
    if irq_runs:
        md += irq_markdown(irq, irq_tg, irq_runs, irq_pngs, arch)
    # switches
    if switches:
        md.append("## Switches and scaling (Tactus, RTAI \"switches\" style)\n")
        md.append("ns of virtual time (in brackets guest instructions, %d ns each). Switch = half a round trip through the API call "
                  "(resume -> the woken task suspends again; signal -> the woken task waits again; rpc -> "
                  "receive + return). Timer overhead = time taken from a lowest-priority spinner per periodic "
                  "release (timer interrupt, release, switch in, empty job, switch out), releases spread over "
                  "the period or all at once.\n" % ns_insn)
        md.append("| tasks | suspend/resume switch | semaphore switch | rpc round trip | timer overhead per release, spread | per release, all at once | release latency max, spread / all at once |")
        md.append("|---|---|---|---|---|---|---|")

        def c(ns):
            return "%.0f ns (%.0f)" % (ns, ns / ns_insn)
        for r in switches:
            cells = []
            for key in ("suspend_resume", "semaphore"):
                x = r.get(key)
                cells.append(c(x["per_switch_ns"]) if x else "-")
            x = r.get("rpc")
            cells.append(c(x["round_trip_ns"]) if x else "-")
            for key in ("timer_staggered", "timer_simultaneous"):
                x = r.get(key)
                cells.append(c(x["overhead_per_release_ns"]) if x else "-")
            st, si = r.get("timer_staggered"), r.get("timer_simultaneous")
            cells.append("%s / %s us" % ("%.1f" % (st["release_latency_max_ns"] / 1000) if st else "-",
                                         "%.1f" % (si["release_latency_max_ns"] / 1000) if si else "-"))
            md.append("| %d | %s |" % (r["tasks"], " | ".join(cells)))
        md.append("")
    # runs
    md.append("## Boots\n")
    md.append("| run | wall s | guest s | result | dmesg issues | load processes at the end |")
    md.append("|---|---|---|---|---|---|")
    for r in sorted(runs, key=lambda r: (r.get("kind") == "irq", r["system"],
                                         LOADS.index(r["load"]) if r["load"] in LOADS else 9, r["seed"])):
        md.append("| %s%s/%s/s%d | %s | %s | %s | %s | %s |" % (
            "irq/" if r.get("kind") == "irq" else "", r["system"], r["load"], r["seed"], r.get("wall_s", "-"),
            r.get("guest_s", "-"),
            "ok" if r["ok"] else "FAILED " + "; ".join(r.get("error_lines", []))[:200], r.get("dmesg_issues", "-"),
            r.get("loadcheck", "-")))
    md.append("")
    bad = [k for k, v in results.items() for kk, vv in v.items() if not vv["hist_consistent"]]
    bad += ["irq " + k for k, v in irq.items() for kk, vv in v.items() if not vv["hist_consistent"]]
    if bad:
        md.append("Note: histogram totals differ from the sample counts in: %s\n" % ", ".join(sorted(set(bad))))
    if not irq_runs:
        md.append("Interrupt latency: not run (no irq-<sys>-<load>-s<seed>.log in the logs).")
    with open(os.path.join(a.out, "results.md"), "w") as fh:
        fh.write("\n".join(md) + "\n")
    # a short summary on stdout
    if targets_head in md:
        print("\n".join(md[: md.index(targets_head) + 3 + len(targets)]))
    if irq_tg:
        i = md.index(IRQ_TARGETS_HEAD)
        print("\n" + "\n".join(md[i: i + 3 + len(irq_tg)]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
