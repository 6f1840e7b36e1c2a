#!/usr/bin/env bash
# tools/proto/arm-fiq/run.sh [--no-icount]: issue 18's first item, the FIQ
# mechanism on Debian's stock armhf kernel under qemu-system-arm -M raspi2b
# (docs/arm-fiq-plan.md). Fetches Debian 12's linux-image/headers
# 6.12.*-armmp, linux-kbuild and busybox-static:armhf into
# ~/.cache/tactus/debian-armhf (apt lists of their own: the host's apt has
# no armhf), builds fiq_proto_mod.ko with arm-linux-gnueabihf-gcc-12, boots
# it (-icount shift=4, maxcpus=1 unless --no-icount: four vCPUs, real time)
# and checks: the 1 kHz CNTP FIQ kept coming inside a 20 ms
# local_irq_save() section (at least 19 of 20 at -icount), at most 2 us late
# at -icount, unload restores the vector, no oops. Not part of make test
# (a prototype; about 3 min at -icount, 20 s without, after the first download).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../../.." && pwd)"
icount=1; [ "${1:-}" = --no-icount ] && icount=0
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
cat >"$ir/init" <<'INIT'
#!/bin/busybox sh
/bin/busybox --install -s /bin
mount -t proc proc /proc; mount -t sysfs sys /sys; mount -t devtmpfs dev /dev
insmod /fiq_proto_mod.ko && echo "FIQ-PROTO: insmod ok"
for i in $(seq 1 100); do echo x | cat | grep -q x; done # new page tables while FIQs come
rmmod fiq_proto_mod && echo "FIQ-PROTO: rmmod ok"
dmesg | grep -E "fiq_proto: |Oops|BUG|WARNING|Bad mode"
echo "FIQ-PROTO: done"
poweroff -f
INIT
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
for _ in $(seq 1 1200); do
    grep -aq "FIQ-PROTO: done" "$log" 2>/dev/null && break
    kill -0 $qpid 2>/dev/null || break
    sleep 0.5
done
kill $qpid 2>/dev/null || true
wait $qpid 2>/dev/null || true
grep -a -E "FIQ-PROTO|fiq_proto: " "$log" | sort -u

fail=0
check() { if eval "$2"; then echo "PASS $1"; else echo "FAIL $1"; fail=1; fi; }
line="$(grep -a -m1 'fiq_proto: cpu 0:' "$log" || true)"
inside="$(echo "$line" | sed -n 's/.* \([0-9]*\) inside its 20 ms.*/\1/p')"
late_max="$(echo "$line" | sed -n 's/.* max \([0-9]*\) ns.*/\1/p')"
check "fiqs-inside-irqs-off (${inside:-?})" "[ \"${inside:-0}\" -ge $([ $icount = 1 ] && echo 19 || echo 1) ]"
[ $icount = 1 ] && check "late-max-below-2us (${late_max:-?} ns)" "[ \"${late_max:-999999}\" -le 2000 ]"
check unload-restores "grep -aq 'fiq_proto: unloaded, FIQ vector and registers restored' '$log'"
check no-oops "! grep -aq -E 'Oops|Bad mode|BUG:|WARNING:' '$log'"
echo "log: $log"
exit $fail
