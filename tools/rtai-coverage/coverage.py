#!/usr/bin/env python3
"""tools/rtai-coverage/coverage.py [--check] - Tactus's coverage of RTAI's kernel API.

Reads the kernel-side names of RTAI's headers (tools/rtai-coverage/<header>.txt,
"NAME KIND" per line, KIND fn | const | type; taken from RTAI's sources, the
first line says which) and decides for each whether Tactus provides it:
  const, type  defined in api/include (#define NAME, a typedef or struct NAME);
  fn           a macro or a static inline function in api/include, or
               declared there and exported to modules (EXPORT_SYMBOL*(NAME)
               in a module's C glue): what a client module can link against.
A name that is declared but exported by no module is an error (a client would
build and then fail to load). Every name not provided needs a line
"NAME reason" in tools/rtai-coverage/reasons.txt; a reason for a name that is
provided is an error too (stale).

Writes docs/rtai-coverage.md (a summary per header, then every name), or with
--check compares it with what it would write and exits 1 on any difference
or error (make test runs it so).
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
HERE = ROOT / "tools" / "rtai-coverage"
DOC = ROOT / "docs" / "rtai-coverage.md"
# The headers issue 15 counts (>= 90% of their names), then the others.
TARGET = ["rtai_sched", "rtai_sem", "rtai_mbx", "rtai_msg", "rtai_fifos", "rtai_shm", "rtai_tasklets", "rtai_hal"]
OTHERS = ["rtai_types", "rtai_hal_64", "rtai_bits", "rtai_tbx", "rtai_malloc"]


def read_names(header):
    lines = (HERE / f"{header}.txt").read_text().splitlines()
    source = lines[0].lstrip("# ").strip() if lines and lines[0].startswith("#") else "?"
    names = []
    for line in lines:
        line = line.strip()
        if line and not line.startswith("#"):
            name, kind = line.split()[:2]
            names.append((name, kind))
    return source, names


def read_reasons():
    reasons = {}
    for n, line in enumerate((HERE / "reasons.txt").read_text().splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        name, _, why = line.partition(" ")
        if not why.strip():
            sys.exit(f"reasons.txt:{n}: {name} has no reason")
        reasons[name] = why.strip()
    return reasons


def api_text():
    files = sorted((ROOT / "api" / "include").rglob("*.h"))
    return "\n".join(re.sub(r"/\*.*?\*/", " ", f.read_text(), flags=re.S) for f in files)


def exported():
    names = set()
    for f in ROOT.rglob("*.c"):
        if "build" in f.relative_to(ROOT).parts[:1]:
            continue
        names.update(re.findall(r"EXPORT_SYMBOL(?:_GPL)?\(\s*(\w+)\s*\)", f.read_text(errors="replace")))
    return names


def classify(name, kind, text, exports):
    """Returns 'yes', 'no' or 'declared-not-exported'."""
    n = re.escape(name)
    macro = re.search(rf"#\s*define\s+{n}\b", text)
    if kind in ("const", "type"):
        typed = re.search(rf"\btypedef\b[^;]*\b{n}\s*;", text, re.S) or re.search(rf"\}}\s*{n}\s*;", text) \
            or re.search(rf"\bstruct\s+{n}\s*\{{", text) or re.search(rf"\btypedef\b[^;]*\(\s*\*\s*{n}\s*\)", text)
        return "yes" if macro or typed else "no"
    if macro or re.search(rf"\bstatic\s+inline\b[^;{{]*\b{n}\s*\(", text):
        return "yes"
    if re.search(rf"\b{n}\s*\(", text):
        return "yes" if name in exports else "declared-not-exported"
    return "no"


def build():
    text, exports, reasons = api_text(), exported(), read_reasons()
    errors, used_reasons = [], set()
    sections, summary = [], []
    total = {"target": [0, 0], "all": [0, 0]}
    for header in TARGET + OTHERS:
        source, names = read_names(header)
        rows, have = [], 0
        for name, kind in names:
            state = classify(name, kind, text, exports)
            if state == "declared-not-exported":
                errors.append(f"{name} ({header}.h): declared in api/include but exported by no module")
            if state == "yes":
                have += 1
                if name in reasons:
                    errors.append(f"{name} ({header}.h): provided, yet reasons.txt gives a reason")
                rows.append(f"| `{name}` | {kind} | yes | |")
            else:
                why = reasons.get(name)
                if why is None:
                    errors.append(f"{name} ({header}.h): not provided and no reason in reasons.txt")
                    why = "(no reason given)"
                rows.append(f"| `{name}` | {kind} | no | {why} |")
            if name in reasons:
                used_reasons.add(name)
        pct = 100.0 * have / len(names) if names else 100.0
        group = "target" if header in TARGET else "all"
        total[group][0] += have
        total[group][1] += len(names)
        summary.append(f"| `{header}.h` | {have} | {len(names)} | {pct:.0f}% | {'counted' if group == 'target' else 'beyond the target'} |")
        sections.append(f"### `{header}.h`\n\nNames from {source}.\n\n| Name | Kind | Provided | Why not |\n|---|---|---|---|\n"
                        + "\n".join(rows) + "\n")
    for name in sorted(set(reasons) - used_reasons):
        errors.append(f"reasons.txt: {name} is no name of the lists")
    t_have, t_all = total["target"]
    doc = [
        "# RTAI API coverage",
        "",
        "Generated by `tools/rtai-coverage/coverage.py` (`make test` checks that it is current);",
        "do not edit by hand. Each kernel-side name of RTAI's headers (the lists in",
        "`tools/rtai-coverage/`, taken from RTAI 5.2's sources, the last upstream release we have",
        "the headers of) is *provided* when a client module can use it as RTAI's: a constant or type",
        "defined in `api/include`, a macro or inline there, or a function declared there and",
        "exported by a Tactus module. Every name left out says why (`reasons.txt`).",
        "",
        f"**Target headers: {t_have} of {t_all} names, {100.0 * t_have / t_all:.0f}%.**",
        "",
        "| Header | Provided | Names | Share | |",
        "|---|---|---|---|---|",
        *summary,
        "",
        *sections,
    ]
    return "\n".join(doc), errors


def main():
    check = "--check" in sys.argv[1:]
    doc, errors = build()
    if check:
        current = DOC.read_text() if DOC.exists() else ""
        if current != doc:
            errors.append("docs/rtai-coverage.md is not current: run tools/rtai-coverage/coverage.py")
    else:
        DOC.write_text(doc)
    for e in errors:
        print(f"rtai-coverage: {e}", file=sys.stderr)
    first = doc.split("**Target headers: ")[1].split("**")[0]
    print(f"rtai-coverage: target headers {first}; {len(errors)} error(s)")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
