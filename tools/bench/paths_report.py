#!/usr/bin/env python3
"""tools/bench/paths_report.py LOGDIR ARCH - the path-length tables of
`make bench` (markdown on stdout) from the JSON that tools/bench/paths.sh
left in LOGDIR: the NMI-to-job paths (redirect, return switch and kick) and the RT-to-RT
switch round trips, each with Tactus's share (functions of the tactus_*
modules) and Linux's, then function by function. Instruction counts: QEMU
TCG, one instruction per translation block (tools/qemu/profile.py)."""
import json
import os
import sys


def demangle(name):
    """_ZN2tx9Scheduler8scheduleERNS_8CpuStateE -> tx::Scheduler::schedule
    (enough for the tables: nested names, no arguments)."""
    if not name.startswith("_ZN"):
        return name
    s, parts, i = name[3:], [], 0
    while i < len(s) and s[i].isdigit():
        j = i
        while s[j].isdigit():
            j += 1
        n = int(s[i:j])
        parts.append(s[j:j + n])
        i = j + n
    return "::".join(parts) if parts else name


def owner(module):
    if module.startswith("tactus"):
        return "Tactus"
    return "Linux" if not module else "test module"


def shares(functions):
    total = sum(c for _, _, c in functions)
    tactus = sum(c for _, m, c in functions if owner(m) == "Tactus")
    linux = sum(c for _, m, c in functions if owner(m) == "Linux")
    return total, tactus, linux


def load(logdir, arch, name):
    path = os.path.join(logdir, "paths-%s-%s.json" % (arch, name))
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return json.load(f)


def function_table(functions, limit):
    rows = ["| function | in | instructions |", "|---|---|---|"]
    for name, module, count in functions[:limit]:
        rows.append("| `%s` | %s | %d |" % (demangle(name), module or "kernel", count))
    rest = functions[limit:]
    if rest:
        rows.append("| %d more | | %d |" % (len(rest), sum(c for _, _, c in rest)))
    return rows


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    logdir, arch = sys.argv[1], sys.argv[2]
    nmi, resume, sem = (load(logdir, arch, n) for n in ("nmi", "resume", "sem"))
    if not (nmi or resume or sem):
        return
    out = ["## Path lengths (%s)" % arch, "",
           "Instructions counted one by one under QEMU TCG (`tools/bench/paths.sh`, `tools/qemu/profile.py`):",
           "the timer NMI's vector entry to the first instruction of a 1 kHz task's job (idle, timer",
           "gravity off), and the round trip of two RT-to-RT switches (`tx_cost` loop). Median path;",
           "Tactus = functions of the tactus_* modules.", "",
           "| path | count | min | median | max | Tactus | Linux |", "|---|---|---|---|---|---|---|"]
    details = []
    if nmi:
        for kind, label in (("redirect", "redirect"), ("return", "return switch"), ("kick", "kick")):
            k = nmi["kinds"].get(kind)
            if not k:
                continue
            _, tactus, linux = shares(k["functions"])
            out.append("| timer NMI to the job, %s | %d | %d | %d | %d | %d | %d |" %
                       (label, k["count"], k["min"], k["median"], k["max"], tactus, linux))
            details += ["", "### Timer NMI to the job, %s path (%s, median %d)" % (label, arch, k["median"]), ""]
            details += function_table(k["functions"], 30)
    for label, data in (("rt_task_resume + rt_task_suspend (2 switches)", resume),
                        ("rt_sem_signal + rt_sem_wait (2 switches)", sem)):
        if not data:
            continue
        t = data["flat"]["round_trip"]
        _, tactus, linux = shares(t["functions"])
        out.append("| %s | %d | %d | %d | %d | %d | %d |" %
                   (label, t["count"], t["min"], t["median"], t["max"], tactus, linux))
        details += ["", "### %s (%s, round trip %d)" % (label, arch, t["median"]), ""]
        details += function_table(t["functions"], 20)
    print("\n".join(out + details))


if __name__ == "__main__":
    main()
