#!/usr/bin/env bash
# tools/proto/arm-fiq/run.sh [--no-icount] [--negative]: issue 18's
# prototype of the FIQ mechanism on Debian's stock armhf kernel under
# qemu-system-arm -M raspi2b (docs/arm-fiq-plan.md). Fetches Debian 12's
# linux-image/headers 6.12.*-armmp, linux-kbuild and busybox-static:armhf
# into ~/.cache/tactus/debian-armhf (apt lists of their own: the host's apt
# has no armhf), builds fiq_proto_mod.ko with arm-linux-gnueabihf-gcc-12,
# boots it (-icount shift=4, maxcpus=1 unless --no-icount: four vCPUs, real
# time), loads it twice and checks:
#  - entry=0 (item 1, the handler all in the vector page): the 1 kHz CNTP
#    FIQ kept coming inside a 20 ms local_irq_save() section (at least 19
#    of 20 at -icount), at most 2 us late at -icount;
#  - entry=1 (the port's entry: TTBR0 switched to swapper_pg_dir, C in
#    module text using module data, vmalloc and ioremap): the same, at most
#    4 us late at -icount; some FIQs came over a page table that lacked the
#    handler (so the switch was what kept them alive); every mailbox-1 FIQ
#    sent (to the next CPU, or itself) received, some inside the section;
#  - entry=3 (the switch from a FIQ into a task on its own stack and back
#    to Linux): one job per 1 kHz release, every release ran, 19 of 20
#    inside the section and none overran at -icount, each at most 6 us late;
#  - entry=4 (a task's fault): the task's 100th job reads address 0x10;
#    its data abort, taken by the module's own vectors (SCTLR.V cleared
#    while a task runs), stops it at its pc in task_main, Linux runs on;
#  - each unload restores the vector; no oops, no "Bad mode".
# --negative loads entry=2 (the C call without the switch) and passes if
# the guest does not survive it (dies in FIQ mode with "Bad mode", as the
# first version did, or hangs: no unload within 150 s).
# Not part of make test (a prototype; about 1 min at -icount, after the
# first download).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../../.." && pwd)"
icount=1; negative=0
for a in "$@"; do
    case "$a" in
    --no-icount) icount=0 ;;
    --negative) negative=1 ;;
    *) echo "usage: $0 [--no-icount] [--negative]" >&2; exit 2 ;;
    esac
done
C="${TACTUS_CACHE:-$HOME/.cache/tactus}/debian-armhf"
B="$ROOT/build/proto-arm-fiq"
mkdir -p "$C/debs" "$C/lists/partial" "$B"

if ! command -v arm-linux-gnueabihf-gcc-12 >/dev/null || ! command -v qemu-system-arm >/dev/null; then
    apt-get install -y gcc-12-arm-linux-gnueabihf qemu-system-arm cpio >/dev/null
fi
cat >"$C/sources.list" <<SRC
deb [arch=armhf] http://deb.debian.org/debian bookworm main
deb [arch=armhf] http://deb.debian.org/debian-security bookworm-security main
SRC
APT=(-o Dir::State::Lists="$C/lists" -o Dir::Etc::SourceList="$C/sources.list"
     -o Dir::Etc::SourceParts=/dev/null -o APT::Architectures::=armhf -o APT::Architecture=armhf)
compgen -G "$C/lists/*Packages*" >/dev/null || apt-get "${APT[@]}" update >/dev/null
kver="$(apt-cache "${APT[@]}" search '^linux-image-6\.12\.[0-9.]*\+deb12-armmp$' | sed -n 's/^linux-image-\(6\.12\.[0-9.]*+deb12\)-armmp .*/\1/p' | sort -V | tail -n1)"
[ -n "$kver" ] || { echo "no linux-image-6.12.*-armmp in Debian's archive" >&2; exit 1; }
cd "$C/debs"
[ -f ".done-$kver" ] || {
    apt-get "${APT[@]}" download "linux-image-$kver-armmp" "linux-headers-$kver-armmp" \
        "linux-headers-$kver-common" busybox-static 2>/dev/null
    apt-get download "linux-kbuild-$kver" 2>/dev/null   # the host's (amd64) build tools
    rm -rf "$C/root"; mkdir -p "$C/root"
    for d in *"$kver"*.deb busybox-static_*.deb; do dpkg-deb -x "$d" "$C/root"; done
    sed -i "s#^include /usr/src/#include $C/root/usr/src/#" "$C/root/usr/src/linux-headers-$kver-armmp/Makefile"
    touch ".done-$kver"
}
K="$C/root/usr/src/linux-headers-$kver-armmp"

cp "$HERE"/fiq_proto.c "$HERE"/fiq_entry.S "$HERE"/Kbuild "$B/"
make -C "$K" M="$B" modules >"$B/build.log" 2>&1 || { tail -20 "$B/build.log"; exit 1; }

ir="$B/initramfs"; rm -rf "$ir"; mkdir -p "$ir/bin" "$ir/proc" "$ir/sys" "$ir/dev"
cp "$C/root/bin/busybox" "$ir/bin/"; cp "$B/fiq_proto_mod.ko" "$ir/"
if [ $negative = 1 ]; then entries=2; else entries="0 1 3 4"; fi
{
    echo '#!/bin/busybox sh'
    echo '/bin/busybox --install -s /bin'
    echo 'mount -t proc proc /proc; mount -t sysfs sys /sys; mount -t devtmpfs dev /dev'
    for e in $entries; do
        echo "insmod /fiq_proto_mod.ko entry=$e && echo 'FIQ-PROTO: insmod entry=$e ok'"
        echo 'for i in $(seq 1 100); do echo x | cat | grep -q x; done # new page tables while FIQs come'
        echo "rmmod fiq_proto_mod && echo 'FIQ-PROTO: rmmod entry=$e ok'"
    done
    echo 'dmesg | grep -E "fiq_proto: |Oops|BUG|WARNING|Bad mode"'
    echo 'echo "FIQ-PROTO: done"'
    echo 'poweroff -f'
} >"$ir/init"
chmod +x "$ir/init"
(cd "$ir" && find . | cpio -o -H newc 2>/dev/null | gzip >"$B/initramfs.cpio.gz")

q=(qemu-system-arm -M raspi2b -m 1G -smp 4 -nographic -no-reboot
   -kernel "$C/root/boot/vmlinuz-$kver-armmp" -dtb "$C/root/usr/lib/linux-image-$kver-armmp/bcm2836-rpi-2-b.dtb"
   -initrd "$B/initramfs.cpio.gz")
append="console=ttyAMA0 rdinit=/init"
[ $icount = 1 ] && { q+=(-icount "shift=4,sleep=off"); append="$append maxcpus=1"; }
log="$B/boot.log"
# The guest halts after "FIQ-PROTO: done" (raspi2b has no power-off): stop
# QEMU then, or after 600 s.
"${q[@]}" -append "$append" >"$log" 2>&1 &
qpid=$!
# --negative: the guest dies or hangs; 150 s is twice what the normal boot takes.
polls=1200; [ $negative = 1 ] && polls=300
for _ in $(seq 1 $polls); do
    grep -aqE "FIQ-PROTO: done|Kernel panic|Bad mode" "$log" 2>/dev/null && break
    kill -0 $qpid 2>/dev/null || break
    sleep 0.5
done
kill $qpid 2>/dev/null || true
wait $qpid 2>/dev/null || true
grep -a -E "FIQ-PROTO|fiq_proto: " "$log" | sort -u

fail=0
check() { if eval "$2"; then echo "PASS $1"; else echo "FAIL $1"; fail=1; fi; }
if [ $negative = 1 ]; then
    check "does-not-survive-without-the-switch" "! grep -aq 'FIQ-PROTO: rmmod entry=2 ok' '$log'"
    grep -a -m3 -E "Bad mode|Kernel panic" "$log" || echo "(no line: the guest hung)"
    echo "log: $log"
    exit $fail
fi
field() { echo "$1" | sed -n "s/.*$2.*/\1/p"; }
for e in vector-only swapper-call; do
    line="$(grep -a -m1 "fiq_proto: entry $e: cpu 0:" "$log" || true)"
    inside="$(field "$line" ' \([0-9]*\) inside its 20 ms')"
    late_max="$(field "$line" ' max \([0-9]*\) ns')"
    check "$e-fiqs-inside-irqs-off (${inside:-?})" "[ \"${inside:-0}\" -ge $([ $icount = 1 ] && echo 19 || echo 1) ]"
    bound=$([ $e = vector-only ] && echo 2000 || echo 4000)
    [ $icount = 1 ] && check "$e-late-max-below-$bound-ns (${late_max:-?} ns)" "[ \"${late_max:-999999}\" -le $bound ]"
done
# The kernel's lines come twice (console, then the dmesg at the end): once each.
unmapped=0; sent=0; received=0; inside_ipis=0
while read -r line; do
    unmapped=$((unmapped + $(field "$line" ', \([0-9]*\) of them over a table') + 0))
    sent=$((sent + $(field "$line" 'sent \([0-9]*\),') + 0))
    received=$((received + $(field "$line" 'received \([0-9]*\)') + 0))
done < <(grep -a "fiq_proto: at unload (entry [13]): cpu" "$log" | tr -d '\r' | sort -u)
while read -r line; do
    inside_ipis=$((inside_ipis + $(field "$line" '(\([0-9]*\) inside') + 0))
done < <(grep -a "fiq_proto: mailbox-1 FIQs: cpu" "$log" | tr -d '\r' | sort -u)
# Deterministic at -icount (the module lands in a 2 MB region new to the
# shell's table); with four vCPUs it may land in one every table has.
if [ $icount = 1 ]; then
    check "swapper-call-saved-fiqs-over-tables-without-the-handler ($unmapped)" "[ $unmapped -ge 1 ]"
else
    echo "INFO swapper-call FIQs over tables without the handler: $unmapped"
fi
check "mailbox1-every-fiq-received ($received of $sent)" "[ $sent -ge 10 ] && [ $received = $sent ]"
check "mailbox1-inside-irqs-off ($inside_ipis)" "[ $inside_ipis -ge 1 ]"
line="$(grep -a -m1 "fiq_proto: entry task-switch: cpu 0:" "$log" || true)"
inside="$(field "$line" ' \([0-9]*\) inside its 20 ms')"
late_max="$(field "$line" ' max \([0-9]*\) ns')"
check "task-switch-jobs-inside-irqs-off (${inside:-?})" "[ \"${inside:-0}\" -ge $([ $icount = 1 ] && echo 19 || echo 1) ]"
# 6 us: measured 2.7 us avg, 4.7 us max; the max is the release whose
# handler also sent this CPU its own mailbox FIQ, which then interrupts the
# job before its first read (a whole second FIQ in the measured path).
[ $icount = 1 ] && check "task-switch-job-late-max-below-6000-ns (${late_max:-?} ns)" "[ \"${late_max:-999999}\" -le 6000 ]"
releases=0; jobs=0; overruns=0
while read -r line; do
    releases=$((releases + $(field "$line" 'task releases \([0-9]*\),') + 0))
    jobs=$((jobs + $(field "$line" ', jobs \([0-9]*\),') + 0))
    overruns=$((overruns + $(field "$line" 'overruns \([0-9]*\)') + 0))
done < <(grep -a "fiq_proto: at unload (entry 3): cpu" "$log" | tr -d '\r' | sort -u)
check "task-switch-every-release-ran ($jobs jobs, $releases releases, $overruns overruns)" "[ $releases -ge 100 ] && [ $((jobs + overruns)) = $releases ]"
[ $icount = 1 ] && check "task-switch-no-overruns" "[ $overruns = 0 ]"
line="$(grep -a -m1 "fiq_proto: entry task-fault: cpu 0:" "$log" | tr -d '\r' || true)"
echo "$line"
check "task-fault-stops-the-task-at-its-data-abort" "echo '$line' | grep -q ', 100 jobs, the task stopped by fault kind 4 at task_main+0x[0-9a-f]*/0x[0-9a-f]* \[fiq_proto_mod\], address 0x10, status 0x'"
check "task-fault-linux-ran-on" "grep -aq 'FIQ-PROTO: rmmod entry=4 ok' '$log'"
check unload-restores "[ \"\$(grep -a 'fiq_proto: unloaded, FIQ vector and registers restored' '$log' | tr -d '\\r' | sort -u | wc -l)\" = 4 ]"
check no-oops "! grep -aq -E 'Oops|Bad mode|BUG:|WARNING:' '$log'"
echo "log: $log"
exit $fail
