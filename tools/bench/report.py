#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""tools/bench/report.py - the benchmark report from the QEMU serial logs.

    report.py [--arch arm64|x86_64] --logs DIR --out DIR [--n N] [--n100 N] [--seeds "1 2 3"]

Reads DIR/<sys>-<load>-s<seed>.log (tools/bench/guest/bench.sh output) and
DIR/switches-s<seed>.log, and writes into --out:
  results.json   every figure, per seed and merged over the seeds
  results.md     the tables (worst cases, per load, targets, switches, runs)
  hist-<load>.png  one histogram per load, all systems (gnuplot, log counts)
Percentiles come from 1 us histograms (bucket b holds [b, b+1) us, as
cyclictest's -h): p99 = the bucket that holds the 99th percentile. Overruns =
samples at least one period late (the same rule for every system).
--arch (default arm64) names the machine in the text: arm64 = QEMU virt at
icount shift=4 (16 ns an instruction), systems a-d; x86_64 = QEMU q35 at
icount shift=5 (32 ns an instruction), systems a, c, d (Tactus runs on
Debian's stock kernel there, so there is no separate b).
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
                "-seed S -rtc base=2026-01-01T00:00:00,clock=vm (tools/qemu/run-arm64.sh)",
        "machine": "QEMU `virt`, GICv3, {cpu}, `-smp 1 -m 1024 -icount shift=4,sleep=off`",
        "systems": "a = our kernel + Tactus, b = our kernel (Linux only), c = Debian stock, d = Debian PREEMPT_RT.",
    },
    "x86_64": {
        "a": "Debian stock + Tactus",
        "ns_per_insn": 32,
        "cpu": "qemu64",
        "qemu": "-M q35 -global hpet.msi=on -cpu {cpu} -smp 1 -m 1024 -icount shift=5,sleep=off "
                "-seed S -rtc base=2026-01-01T00:00:00,clock=vm (tools/qemu/run-x86_64.sh; "
                "-cpu only when not qemu64, QEMU's default)",
        "machine": "QEMU `q35`, HPET with MSI (`-global hpet.msi=on`), {cpu} CPU, "
                   "`-smp 1 -m 1024 -icount shift=5,sleep=off`",
        "systems": "a = Debian stock + Tactus, c = Debian stock (Linux only), d = Debian PREEMPT_RT. "
                   "No b: on x86_64 Tactus runs on Debian's stock kernel, so b = c.",
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

KTIME = re.compile(r"^\[\s*\d+\.\d+\]")


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
    i = 0
    while i < len(lines):
        ln = lines[i]
        if ln.startswith("BENCH-BEGIN "):
            name = ln.split()[1]
            body = []
            i += 1
            while i < len(lines) and not lines[i].startswith("BENCH-END"):
                if not KTIME.match(lines[i]):
                    body.append(lines[i])
                i += 1
            run["blocks"][name] = body
        i += 1
    return run


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
    for r in out.values():
        n = sum(r["hist"].values()) + r.get("overflow", 0)
        r["hist_total_ok"] = n == r.get("samples", -1)
    return out


# ---- statistics -----------------------------------------------------------------


def percentile_bucket(hist, overflow, samples, q):
    """The 1 us bucket holding the q-quantile; None if it lies in the overflow."""
    if samples <= 0:
        return None
    target = math.ceil(q * samples - 1e-9)
    cum = 0
    for b in sorted(hist):
        cum += hist[b]
        if cum >= target:
            return b
    return None


def summarize(recs):
    """Merge the per-seed records of one system x measure x load."""
    hist = {}
    for r in recs:
        for b, c in r["hist"].items():
            hist[b] = hist.get(b, 0) + c
    samples = sum(r.get("samples", 0) for r in recs)
    overflow = sum(r.get("overflow", 0) for r in recs)
    period_us = recs[0].get("period_ns", 1000000) // 1000
    nbins = recs[0].get("nbins", 30000)
    late = sum(c for b, c in hist.items() if b >= period_us) + overflow
    s = {
        "samples": samples,
        "min_us": min(r["min_ns"] for r in recs) / 1000.0,
        "avg_us": (sum(r["avg_ns"] * r["samples"] for r in recs) / samples / 1000.0) if samples else None,
        "max_us": max(r["max_ns"] for r in recs) / 1000.0,
        "p99_us": percentile_bucket(hist, overflow, samples, 0.99),
        "p9999_us": percentile_bucket(hist, overflow, samples, 0.9999),
        "overruns": late,
        "overflow": overflow,
        "hist_range_us": nbins,
        "period_us": period_us,
        "exact_ns": all(r["exact"] for r in recs),
        "seeds": [r["seed"] for r in recs],
        "max_per_seed_us": [r["max_ns"] / 1000.0 for r in recs],
        "samples_per_seed": [r.get("samples", 0) for r in recs],
        "hist_consistent": all(r.get("hist_total_ok") for r in recs),
    }
    return s, hist


def fmt_us(v, exact=True):
    if v is None:
        return "-"
    if exact:
        return "%.1f" % v
    return "%d" % round(v)


def fmt_pct(b, nbins):
    return "> %d" % nbins if b is None else "%d" % b


# ---- plots -----------------------------------------------------------------------

# solid lines; cyclictest dark, the hrtimer module light, Tactus thick red
COLORS = {("a", 1): "#d62728", ("b", 3): "#1f4e9c", ("b", 2): "#6baed6", ("c", 3): "#1b7a2a",
          ("c", 2): "#74c476", ("d", 3): "#54278f", ("d", 2): "#a08cd0"}


def logbins(hist, overflow, nbins, per_decade=20):
    """Step outline of the counts per log-spaced bin (20 per decade): a list of
    (x us, count) points, two per bin (its edges); empty bins inside the range
    are drawn at 0.1 (below the plot's floor), so the outline drops to the axis."""
    out = {}
    for b, c in hist.items():
        k = math.floor(math.log10(b + 0.5) * per_decade)
        out[k] = out.get(k, 0) + c
    if overflow:
        k = math.floor(math.log10(nbins) * per_decade)
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
    """data: {(sys, measure): (summary, hist)}; one PNG, two panels (1 ms, 100 us)."""
    gp = shutil.which("gnuplot")
    if not gp:
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
    lo = min([b for s_, h in data.values() for b in h] + [5])
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
            s, h = data[(sysk, meas)]
            f = os.path.join(pdir, "%s-%s-%s.dat" % (load, sysk, meas))
            with open(f, "w") as fh:
                for x, c in logbins(h, s["overflow"], s["hist_range_us"]):
                    fh.write("%.3f %g\n" % (x, c))
            plots.append("\"%s\" using 1:2 with lines lw %s lc rgb \"%s\" title \"%s (max %s)\""
                         % (f, "2.5" if sysk == "a" else "1.5", COLORS[(sysk, dash)], label, fmt_us(s["max_us"], s["exact_ns"])))
        g.append('set title "%s"' % title)
        if plots:
            g.append("plot " + ", \\\n     ".join(plots))
    g.append("unset multiplot")
    gpf = os.path.join(pdir, "hist-%s.gp" % load)
    with open(gpf, "w") as fh:
        fh.write("\n".join(g) + "\n")
    r = subprocess.run([gp, gpf], capture_output=True, text=True)
    if r.returncode != 0:
        print("report: gnuplot failed for %s: %s" % (load, r.stderr.strip()[-500:]), file=sys.stderr)
        return None
    return png


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
    for k in ("qemu", "machine"):
        arch[k] = arch[k].format(cpu=a.cpu or arch["cpu"])
    SYSTEMS["a"] = arch["a"]
    ns_insn = arch["ns_per_insn"]

    runs, per = [], {}  # per[(load, sys, measure)] = [records]
    switches = []
    for path in sorted(glob.glob(os.path.join(a.logs, "*.log"))):
        base = os.path.basename(path)
        m = re.match(r"^([abcd])-(\w+)-s(\d+)\.log$", base)
        ms = re.match(r"^switches-s(\d+)\.log$", base)
        if not m and not ms:
            continue
        run = parse_log(path)
        if ms:
            run.update({"system": "switches", "load": "-", "seed": int(ms.group(1))})
            switches = parse_switches(run)
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
        s, h = summarize(recs)
        results.setdefault(load, {})["%s:%s" % (sysk, meas)] = s
        hists[(load, sysk, meas)] = (s, h)

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
    with open(os.path.join(a.out, "results.json"), "w") as fh:
        json.dump({"meta": meta, "results": results, "targets": targets, "switches": switches, "runs": runs},
                  fh, indent=1, sort_keys=True)

    # ---- plots
    pngs = {}
    for load in loads:
        data = {(s_, m_): v for (l_, s_, m_), v in hists.items() if l_ == load}
        seeds = sorted({sd for v in data.values() for sd in v[0]["seeds"]})
        p = plot_load(load, data, a.out, "%d seed(s) merged" % len(seeds))
        if p:
            pngs[load] = os.path.basename(p)

    # ---- markdown
    md = []
    md.append("# Tactus benchmark results\n")
    md.append("%s, seeds %s; "
              "%d samples per run at 1 ms, %d at 100 us. Latencies in **us of virtual time** "
              "(1 guest instruction = %d ns). Systems: %s\n"
              % (arch["machine"], ", ".join(a.seeds.split()) or "?", a.n, a.n100, ns_insn, arch["systems"]))
    if "timing" in meta:
        md.append("Run: %s\n" % meta["timing"])
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
    md.append("## Targets of issue 4\n")
    md.append("| target | measured | limit | result |")
    md.append("|---|---|---|---|")
    for t in targets:
        md.append("| %s | %s | %s | %s |" % (t["target"], t["value"], t["limit"], "PASS" if t["pass"] else "**MISS**"))
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
    for r in sorted(runs, key=lambda r: (r["system"], LOADS.index(r["load"]) if r["load"] in LOADS else 9, r["seed"])):
        md.append("| %s/%s/s%d | %s | %s | %s | %s | %s |" % (
            r["system"], r["load"], r["seed"], r.get("wall_s", "-"), r.get("guest_s", "-"),
            "ok" if r["ok"] else "FAILED " + "; ".join(r.get("error_lines", []))[:200], r.get("dmesg_issues", "-"),
            r.get("loadcheck", "-")))
    md.append("")
    bad = [k for k, v in results.items() for kk, vv in v.items() if not vv["hist_consistent"]]
    if bad:
        md.append("Note: histogram totals differ from the sample counts in: %s\n" % ", ".join(sorted(set(bad))))
    with open(os.path.join(a.out, "results.md"), "w") as fh:
        fh.write("\n".join(md) + "\n")
    # a short summary on stdout
    print("\n".join(md[: md.index("## Targets of issue 4\n") + 3 + len(targets)]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
