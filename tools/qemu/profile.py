#!/usr/bin/env python3
"""tools/qemu/profile.py - where the release latency goes, instruction by
instruction.

Boots the kernel (arm64: ours; x86_64: Debian's stock) under QEMU with one
instruction per translation block
and, while the guest runs tests/qemu/scripts/profile.sh, turns QEMU's exec
log on through the monitor between the PROFILE-START and PROFILE-STOP lines
the guest prints. Every logged line is then one executed instruction. With
the guest's /proc/kallsyms (printed by the same script) each instruction is
attributed to a function, and every path from the timer NMI's vector entry to
the first instruction of the real-time job (the function named by --job) is
cut out and summarised: total instructions and instructions per function.

Usage: profile.py --arch arm64|x86_64 --initrd CPIO [--job measure] [--kernel IMAGE]
                  [--load idle|irqoff] [--window SECONDS] [--show N]
                  [--test profile-irq --nearest --handler line_nmi --job edu_handler
                   --qemu-arg=-device --qemu-arg=edu] [--from-keep KEEP]
                  [--test profile-cost --load resume|sem --flat FUNC [--calls-per-trip N]]
--load irqoff runs the sched-irqoff load (20 ms irq-off sections and a user
busy loop) under the latency task; the N longest paths are shown.
--test profile-irq (tests/qemu/scripts/profile-irq.sh) profiles a device
interrupt instead: QEMU's edu device raised by tx_irq.ko at 1 kHz, a path
ends at the real-time handler (--job edu_handler) or at the task it wakes;
--handler names the port's function a path passes through (arm64: line_nmi
for a device line; default: the timer's); --nearest starts each path at the
handler entry nearest before the job (the device's own NMI, not the timer
NMI that released its raiser). --from-keep analyses a --keep of an earlier run.
--test profile-cost --load resume|sem --flat rt_task_resume|rt_sem_signal:
a switch path instead (tests/qemu/modules/tx_cost.c loop=1|2): every
function's instructions per call of the --flat function, and the round
trip: the median distance between a call and the N-th after it (default 1;
2 for the semaphore loop, where both tasks call rt_sem_signal) in a burst,
function by function.
--summary FILE writes what was found as JSON (tools/bench/paths.sh turns
those into the path tables of `make bench`): per path kind (kick: the port's
handler entered twice, or the x86 irq_work kick ran; return: the switch
at the return of Linux's entry handler, both arches; redirect: the rest) the count, min, median, max and the
median path's instructions per function with the module it is in (empty:
the kernel); for --flat the round trip the same way.
(a developer tool: `make`-level targets do not depend on it)
"""
import argparse
import bisect
import collections
import os
import queue
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def kernel_image(arch):
    if arch == "x86_64":
        return os.path.expanduser("~/.cache/tactus/debian-amd64/kernels/stock/vmlinuz")
    kdir = subprocess.check_output([os.path.join(ROOT, "tools/kernel/kdir-arm64.sh"), "normal"],
                                   text=True).strip().splitlines()[-1]
    return os.path.join(kdir, "arch/arm64/boot/Image")


# Per arch: the QEMU command head, the NMI handler of the port, and the
# vector entries a path starts at.
ARCHES = {
    "arm64": (["qemu-system-aarch64", "-M", "virt,gic-version=3", "-cpu", "cortex-a57",
               "-icount", "shift=4,sleep=off"],
              "console=ttyAMA0 irqchip.gicv3_pseudo_nmi=1", "timer_nmi", r"el[01][th]_64_irq$"),
    # x86_64: the test suite's CPU model (tools/qemu/arch.sh: without
    # cmpxchg16b, whose TCG emulation corrupted RFLAGS in the soaks).
    "x86_64": (["qemu-system-x86_64", "-M", "q35", "-global", "hpet.msi=on", "-cpu", "qemu64,-cx16",
                "-icount", "shift=5,sleep=off"],
               "console=ttyS0", "tx_nmi", r"asm_exc_nmi$"),
}


def monitor(sock_path, command):
    """Run one monitor command and wait until QEMU has done it (its next
    prompt): on a loaded host a command sent just before the socket closes
    may never run (a profile then logged nothing)."""
    def read_prompt(s, deadline):
        data = b""
        while b"(qemu)" not in data and time.time() < deadline:
            try:
                chunk = s.recv(4096)
            except socket.timeout:
                continue
            if not chunk:
                break
            data += chunk
        return b"(qemu)" in data

    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(sock_path)
    s.settimeout(1)
    read_prompt(s, time.time() + 30)  # the banner ends with the first prompt
    s.sendall((command + "\n").encode())
    if not read_prompt(s, time.time() + 30):
        print("profile.py: no answer from QEMU's monitor to '%s'" % command, file=sys.stderr)
    s.close()


def run(args, workdir):
    sock = os.path.join(workdir, "mon.sock")
    execlog = os.path.join(workdir, "exec.log")
    head, console, _, _ = ARCHES[args.arch]
    cmd = head + ["-smp", "1", "-m", "1024", "-nographic", "-no-reboot", "-nic", "none",
           "-seed", "1", "-rtc", "base=2026-01-01T00:00:00,clock=vm",
           "-singlestep", "-monitor", "unix:%s,server,nowait" % sock,
           "-D", execlog, "-kernel", args.kernel, "-initrd", args.initrd,
           "-append", console + " panic=-1 tactus.test=%s tactus.profile_ack=1 tactus.profile_load=%s tactus.profile_window=%s"
           % (args.test, args.load, args.window)] + args.qemu_arg
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, errors="replace")
    # A reader thread, so that the time limit holds for a guest that prints
    # nothing (a boot stuck before the window ran forever before); the
    # serial output also goes to a file as it comes, to see where it stuck.
    lines = queue.Queue()
    def read_serial():
        for l in proc.stdout:
            lines.put(l)
        lines.put(None)  # the guest is gone
    threading.Thread(target=read_serial, daemon=True).start()
    serial = []
    deadline = time.time() + args.timeout
    live = open(LIVE_SERIAL, "w")
    while True:
        try:
            line = lines.get(timeout=max(0.1, deadline - time.time()))
        except queue.Empty:
            line = ""
        if line is None:
            break
        if line:
            serial.append(line.rstrip("\n"))
            live.write(line)
            live.flush()
        if "PROFILE-START" in line:
            monitor(sock, "log exec,nochain")
            # The guest waits for this line (on its console) before its
            # window starts: the log is on by then.
            proc.stdin.write("go\n")
            proc.stdin.flush()
        elif "PROFILE-STOP" in line:
            monitor(sock, "log none")
        if time.time() > deadline:
            print("profile.py: the guest ran past --timeout %d s (serial: %s)" % (args.timeout, LIVE_SERIAL),
                  file=sys.stderr)
            proc.kill()
            break
    proc.wait()
    live.close()
    return serial, execlog


LIVE_SERIAL = "/tmp/profile-serial-%d.log" % os.getpid()  # the guest's console while it runs (one per run)

MAX_PATH = 20000  # instructions: longer is not one NMI's path to the job


MODULE_OF = {}  # function name -> the module it is in ("" for the kernel)


def load_symbols(serial, prefer=()):
    """Sorted addresses and names. Of symbols at the same address (a module
    loaded into the pages of another one's freed init code: kallsyms still
    lists the old name), the one in 'prefer' wins the lookups, then one of
    a module named by a PROFILE-SYMS-WIN line (profile-cost.sh's loop
    module)."""
    syms = []
    winners = set()
    for line in serial:
        if line.startswith("PROFILE-SYMS-WIN "):
            winners.update(line.split()[1:])
            continue
        m = re.match(r"^([0-9a-f]{16}) [tTW] (\S+)(\s+\[(\S+)\])?", line.strip())
        if m and not m.group(2).startswith("$"):  # arm64 mapping symbols ($x, $d) name no function
            syms.append((int(m.group(1), 16), m.group(2), m.group(4) in winners))
            MODULE_OF[m.group(2)] = m.group(4) or ""
    syms.sort(key=lambda s: (s[0], s[1] in prefer, s[2], s[1]))
    return [s[0] for s in syms], [s[1] for s in syms]


def breakdown(names_seq):
    """[[function, module, instructions], ...] of one path, most first."""
    per = collections.Counter(names_seq)
    return [[name, MODULE_OF.get(name, ""), count] for name, count in per.most_common()]


def write_summary(path, summary):
    import json
    with open(path, "w") as f:
        json.dump(summary, f, indent=1)


def flat(func, pcs, fn, addrs, names, per_trip=1):
    """Instructions per function over the whole window, per call of func
    (an execution of its first instruction), from its first call to its
    last, so that a loop of calls is counted whole."""
    if func not in names:
        sys.exit("no symbol %s" % func)
    entry = addrs[names.index(func)]
    calls = [k for k, pc in enumerate(pcs) if pc == entry]
    if len(calls) <= per_trip:
        sys.exit("%s called %d times in the window" % (func, len(calls)))
    first, last = calls[0], calls[-1]
    n = len(calls) - 1
    per = collections.Counter(fn[first:last])
    total = last - first
    print("%d calls of %s: %.1f instructions per call" % (n, func, total / n))
    for name, count in per.most_common():
        if count / n >= 0.5:
            print("  %8.1f  %s" % (count / n, name))
    # The round trip: the median distance between a call and the one
    # per_trip calls later (inside a burst of the loop, where nothing else
    # runs; 2 where both sides of the trip call func, as both tasks call
    # rt_sem_signal in the semaphore loop: consecutive calls would measure
    # the two halves of the trip alternately), and one such interval
    # function by function.
    gaps = sorted(calls[k + per_trip] - calls[k] for k in range(len(calls) - per_trip))
    median = gaps[len(gaps) // 2]
    k = next(k for k in range(len(calls) - per_trip) if calls[k + per_trip] - calls[k] == median)
    trip = breakdown(fn[calls[k]:calls[k + per_trip]])
    print("round trip (median distance from a call to the one %d call(s) later): %d instructions"
          % (per_trip, median))
    for name, module, count in trip:
        print("  %6d  %s%s" % (count, name, " [%s]" % module if module else ""))
    return {"function": func, "calls": n, "per_call": total / n,
            "round_trip": {"count": len(gaps), "min": gaps[0], "median": median, "max": gaps[-1],
                           "functions": trip}}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--arch", choices=sorted(ARCHES), default="arm64")
    ap.add_argument("--initrd", required=True)
    ap.add_argument("--kernel", default=None)
    ap.add_argument("--job", default="measure", help="function whose first instruction ends a path")
    ap.add_argument("--timeout", type=int, default=1800,
                    help="seconds (x86_64: the boot and the kallsyms dump at one instruction per block take 10-15 min)")
    ap.add_argument("--load", choices=["idle", "irqoff", "resume", "sem"], default="idle",
                    help="the guest's load; resume, sem: the loop of --test profile-cost")
    ap.add_argument("--window", default="0.02", help="seconds of execution logged")
    ap.add_argument("--show", type=int, default=8, help="how many paths to break down (longest first)")
    ap.add_argument("--keep", default=None, help="copy the exec log and serial output to KEEP.exec/.serial")
    ap.add_argument("--test", default="profile", help="guest script: tests/qemu/scripts/TEST.sh")
    ap.add_argument("--handler", default=None, help="the port function a path passes through")
    ap.add_argument("--qemu-arg", action="append", default=[], help="one more QEMU argument (repeatable)")
    ap.add_argument("--nearest", action="store_true",
                    help="a path starts at the handler entry nearest before the job (device interrupts)")
    ap.add_argument("--calls-per-trip", type=int, default=1,
                    help="calls of the --flat function in one round trip (2: both tasks call it)")
    ap.add_argument("--flat", default=None, metavar="FUNC",
                    help="no paths: every function's instructions in the window per call of FUNC "
                         "(entries into its first instruction), e.g. rt_task_resume for "
                         "--test profile-cost --load resume")
    ap.add_argument("--summary", default=None, metavar="FILE", help="write the results as JSON")
    ap.add_argument("--from-keep", default=None,
                    help="analyse KEEP.exec/.serial of an earlier run instead of booting")
    args = ap.parse_args()
    if args.calls_per_trip < 1:
        ap.error("--calls-per-trip must be 1 or more")
    args.kernel = args.kernel or kernel_image(args.arch)
    _, _, handler, entry_re = ARCHES[args.arch]
    handler = args.handler or handler
    with tempfile.TemporaryDirectory() as workdir:
        if args.from_keep:
            with open(args.from_keep + ".serial", errors="replace") as f:
                serial = f.read().splitlines()
            execlog = args.from_keep + ".exec"
        else:
            serial, execlog = run(args, workdir)
        if args.keep:
            subprocess.call(["cp", execlog, args.keep + ".exec"])
            with open(args.keep + ".serial", "w") as f:
                f.write("\n".join(serial))
        addrs, names = load_symbols(serial, prefer=(args.job, handler, args.flat))
        if not addrs:
            with open(LIVE_SERIAL, "w") as f:
                f.write("\n".join(serial))
            sys.exit("no kallsyms lines in the serial output (serial: %s)" % LIVE_SERIAL)
        pcs = []
        with open(execlog, errors="replace") as f:
            for line in f:
                m = re.search(r"\[[0-9a-f]+/([0-9a-f]+)/", line)
                if m:
                    pcs.append(int(m.group(1), 16))
    def name_of(pc):
        i = bisect.bisect_right(addrs, pc) - 1
        return names[i] if i >= 0 else "?"
    fn = [name_of(pc) for pc in pcs]
    print("executed instructions logged: %d" % len(pcs))
    if args.flat:
        result = flat(args.flat, pcs, fn, addrs, names, args.calls_per_trip)
        if args.summary:
            write_summary(args.summary, {"arch": args.arch, "test": args.test, "load": args.load, "flat": result})
        return
    # A path: from the last vector entry (el*_irq) before timer_nmi to the
    # first instruction of the job function after it.
    paths = []
    i = 0
    while i < len(fn):
        if fn[i] == handler and (i == 0 or fn[i - 1] != handler):
            start = i
            while start > 0 and not re.match(entry_re, fn[start]):
                start -= 1
            # The job within MAX_PATH instructions, or this entry served
            # something else (a timer NMI before a device's): look on from
            # the next instruction, so the entry that leads to it is found.
            end, limit = i, min(len(fn), i + MAX_PATH)
            while end < limit and fn[end] != args.job:
                end += 1
            if end < limit:
                paths.append((start, end))
                i = end
        i += 1
    if args.nearest:
        # Each job's own entry: a device raised by a task that a timer NMI
        # released lies on that NMI's path too; the path is the one from
        # the handler entry nearest before the job.
        paths = []
        last_entry = None
        for k in range(len(fn)):
            if fn[k] == handler and (k == 0 or fn[k - 1] != handler):
                last_entry = k
            elif fn[k] == args.job and fn[k - 1] != args.job and last_entry is not None \
                    and k - last_entry < MAX_PATH:
                start = last_entry
                while start > 0 and not re.match(entry_re, fn[start]):
                    start -= 1
                paths.append((start, k))
                last_entry = None
    if not paths:
        sys.exit("no %s -> %s path found" % (handler, args.job))
    lengths = sorted(e - s for s, e in paths)
    print("%d paths: min %d, median %d, max %d instructions" %
          (len(lengths), lengths[0], lengths[len(lengths) // 2], lengths[-1]))
    if args.summary:
        kinds = {}
        handler_entry = addrs[names.index(handler)]
        for s, e in paths:
            # A kick: the handler entered twice (arm64's second NMI), or
            # Linux's irq_work ran the x86 kick.
            entries = pcs[s:e].count(handler_entry)
            kick = entries >= 2 or "tx_x86_kicked" in fn[s:e]
            # The return switch (arm64: at gic_handle_irq's return, x86:
            # at exc_nmi's from user mode): an NMI that could not redirect,
            # served without a kick.
            returned = "tx_arm64_irq_return" in fn[s:e] or "tx_x86_nmi_return" in fn[s:e]
            kind = "kick" if kick else "return" if returned else "redirect"
            kinds.setdefault(kind, []).append((e - s, s, e))
        summary = {"arch": args.arch, "test": args.test, "load": args.load, "job": args.job, "kinds": {}}
        for kind, items in kinds.items():
            items.sort()
            length, s, e = items[len(items) // 2]
            summary["kinds"][kind] = {"count": len(items), "min": items[0][0], "median": length,
                                      "max": items[-1][0], "functions": breakdown(fn[s:e])}
        write_summary(args.summary, summary)
    paths.sort(key=lambda p: p[0] - p[1])
    for n, (s, e) in enumerate(paths[:args.show]):
        per = collections.OrderedDict()
        for k in range(s, e):
            per[fn[k]] = per.get(fn[k], 0) + 1
        print("\npath %d: %d instructions from %s to %s" % (n, e - s, fn[s], args.job))
        for name, count in sorted(per.items(), key=lambda kv: -kv[1]):
            print("  %6d  %s" % (count, name))


if __name__ == "__main__":
    main()
