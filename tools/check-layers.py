#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""tools/check-layers.py - `make check-layers`: every include points down.

Reads each #include "..." and #include <...> that names a header of this
repository (resolved as the builds do: next to the including file, then from
the repository root and api/include) in the C, C++ and assembly files of the
core, api, arch, examples, tests and tools, gives each file a unit, and fails
with one line per include that the rules below do not allow and
tools/layers-allow.txt does not list. docs/architecture.md draws the layers.

The core, bottom up; a unit includes its own files and those of lower rank,
never one of the same rank (ipc, fifo, shm and math know nothing of each other):
    contract  arch/port.h (and hal/hal.h): what a port implements, what it calls
    lib       lib/: freestanding helpers
    hal       hal/: interrupt lines, Linux work, the log, locks, time base
    sched     sched/: tasks, the scheduler, timers
    ipc fifo shm math   (math: the math library, lib/ below it only in practice)
    api       api/*.cpp: the RTAI API over the core
Around it:
    public        api/include/: the public headers; they include only each other
    X/linux       the kernel module glue of X (hal/linux, sched/linux, ...): what
                  X may include, X itself, lower units' glue, and the public
                  headers (a module exports the public API)
    arch/NAME     a port: the contract, and the public headers for the part of
                  the public API a port implements (rt_request_pci_irq and
                  rt_request_msi_irq of asm/rtai_hal.h); the rest is listed
                  in the allow-list
    examples/NAME the public headers
    tests/host    the core's unit tests, white-box: any core unit, arch/host
                  (the simulated machine), the public headers
    tests/NAME    the public headers and the examples' headers (their
                  devices and record formats)
    tools/NAME    the public headers and the declared test interface,
                  tests/host/test_interface.hpp
Exit status 0 when every include is allowed and every allow-list entry is
still used; 1 otherwise. Runs in well under a second.
"""
import fnmatch
import os
import re
import subprocess
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
ALLOW_FILE = "tools/layers-allow.txt"
SEARCH_PATH = ["", "api/include"]  # -I of Kbuild and CMake, after the file's own folder
TOP_FOLDERS = ["lib", "hal", "sched", "ipc", "fifo", "shm", "math", "api", "arch", "examples", "tests", "tools"]
SOURCE_SUFFIXES = (".c", ".h", ".cpp", ".hpp", ".S")
INCLUDE_RE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')

# The contract: what a port implements (arch/port.h, or arch/port/*.h if it
# is split) and, once issue 13 item 1 lands, hal/hal.h: what surrounds it
# (the platform's services, the entry points a port calls). C, below lib/.
CONTRACT = ("arch/port.h", "hal/hal.h")

# The core's ranks, bottom up; units of one rank are peers.
CORE_RANKS = [["contract"], ["lib"], ["hal"], ["sched"], ["ipc", "fifo", "shm", "math"], ["api"]]
RANK = {unit: r for r, units in enumerate(CORE_RANKS) for unit in units}
CORE = [unit for units in CORE_RANKS for unit in units]


def unit_of(path):
    """The unit a repository file belongs to, or None for a file no rule covers."""
    parts = path.split("/")
    top = parts[0]
    if path in CONTRACT or path.startswith("arch/port/"):
        return "contract"
    if top in RANK and top != "api":
        return top + "/linux" if len(parts) > 2 and parts[1] == "linux" else top
    if top == "api":
        return "public" if len(parts) > 2 and parts[1] == "include" else "api"
    if path == "tests/host/test_interface.hpp":
        return "test-interface"
    if top in ("arch", "examples", "tests", "tools") and len(parts) > 2:
        return top + "/" + parts[1]
    return None


def may_include(unit):
    """The units 'unit' may include besides itself."""
    if unit in RANK:
        below = [u for u in CORE if RANK[u] < RANK[unit]]
        return below + (["public"] if unit == "api" else [])
    if unit.endswith("/linux") and unit[: -len("/linux")] in RANK:
        base = unit[: -len("/linux")]
        below = may_include(base)
        return below + [base] + [u + "/linux" for u in below] + ["public"]
    if unit == "public":
        return []
    if unit.startswith("arch/"):
        return ["contract", "public"]
    if unit.startswith("examples/"):
        return ["public"]
    if unit in ("tests/host", "test-interface"):
        return CORE + ["public", "arch/host", "tests/host", "test-interface"]
    if unit.startswith("tests/"):
        return ["public", "examples/*"]
    if unit.startswith("tools/"):
        return ["public", "test-interface"]
    return []


def allowed_by_rules(src_unit, dst_unit):
    if src_unit == dst_unit:
        return True
    return any(fnmatch.fnmatchcase(dst_unit, pattern) for pattern in may_include(src_unit))


def source_files():
    """Tracked and untracked (not ignored) sources; a plain walk without git."""
    try:
        out = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", "--"] + TOP_FOLDERS,
                             cwd=ROOT, capture_output=True, text=True, check=True).stdout.split("\n")
        files = [f for f in out if f.endswith(SOURCE_SUFFIXES) and os.path.isfile(os.path.join(ROOT, f))]
    except (OSError, subprocess.CalledProcessError):
        files = []
        for top in TOP_FOLDERS:
            for dirpath, dirnames, names in os.walk(os.path.join(ROOT, top)):
                dirnames[:] = [d for d in dirnames if d != "build" and not d.startswith(".")]
                files += [os.path.relpath(os.path.join(dirpath, n), ROOT) for n in names if n.endswith(SOURCE_SUFFIXES)]
    return sorted(set(files))


def resolve(src, kind, name):
    """The repository path an include names, or None (a system or kernel header)."""
    dirs = ([os.path.dirname(src)] if kind == '"' else []) + SEARCH_PATH
    for d in dirs:
        path = os.path.normpath(os.path.join(d, name))
        if not path.startswith("..") and os.path.isfile(os.path.join(ROOT, path)):
            return path
    return None


def read_allow_list():
    """[(line number, file glob, included glob, reason)] of tools/layers-allow.txt."""
    entries = []
    with open(os.path.join(ROOT, ALLOW_FILE)) as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            fields = line.split(None, 2)
            if len(fields) < 3:
                sys.exit(f"check-layers: {ALLOW_FILE}:{n}: want 'FILE INCLUDED REASON': {line}")
            entries.append((n, fields[0], fields[1], fields[2]))
    return entries


def main():
    allow = read_allow_list()
    used = set()
    problems = []
    files = source_files()
    includes = 0
    by_allow_list = 0
    for src in files:
        src_unit = unit_of(src)
        if src_unit is None:
            problems.append(f"{src}: no layer for this file: give its folder a unit in tools/check-layers.py")
            continue
        with open(os.path.join(ROOT, src), errors="replace") as f:
            for lineno, line in enumerate(f, 1):
                m = INCLUDE_RE.match(line)
                if not m:
                    continue
                dst = resolve(src, m.group(1), m.group(2))
                if dst is None:
                    continue
                includes += 1
                dst_unit = unit_of(dst)
                if dst_unit is not None and allowed_by_rules(src_unit, dst_unit):
                    continue
                hits = [e for e in allow if fnmatch.fnmatchcase(src, e[1]) and fnmatch.fnmatchcase(dst, e[2])]
                if hits:
                    used.update(e[0] for e in hits)
                    by_allow_list += 1
                    continue
                shown = m.group(1) + m.group(2) + (">" if m.group(1) == "<" else '"')
                rule = ", ".join(may_include(src_unit)) or "nothing else"
                problems.append(f"{src}:{lineno}: {shown} is {dst} ({dst_unit}): "
                                f"{src_unit} may include only itself and {rule}")
    for n, src_glob, dst_glob, _ in allow:
        if n not in used:
            problems.append(f"{ALLOW_FILE}:{n}: '{src_glob} {dst_glob}' allows no include any more: delete it")
    for p in problems:
        print("check-layers: " + p, file=sys.stderr)
    if problems:
        print(f"check-layers: {len(problems)} problem(s) in {len(files)} files", file=sys.stderr)
        return 1
    print(f"check-layers: {len(files)} files, {includes} includes of the repository's headers, "
          f"{by_allow_list} of them by the allow-list, the rest down the layers")
    return 0


if __name__ == "__main__":
    sys.exit(main())
