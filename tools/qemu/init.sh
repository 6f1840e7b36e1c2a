#!/bin/busybox sh
# shellcheck shell=dash
# tools/qemu/init.sh - /init of the Tactus test initramfs (busybox).
#
# Mounts proc, sysfs, devtmpfs, devpts, tmpfs /tmp and /dev/shm, installs the
# busybox links, prints "TACTUS-INIT: ready", runs /tests/<name>.sh for
# tactus.test=<name> on the kernel command line, prints
# "TACTUS-TEST-EXIT: <rc>" and powers off. Without tactus.test (or with
# tactus.test=shell) it starts a shell on the console instead.
# A test script sees TACTUS_TEST=<name> and runs with /tests as its directory;
# after it, dmesg is scanned for BUG/WARNING/Oops/lockdep/RCU reports (and, on
# x86, "NMI received for unknown reason") and the
# count is printed as "TACTUS-DMESG-ISSUES: <n>" (the test's rc is not changed).

/bin/busybox mkdir -p /proc /sys /dev /tmp /run /root /mnt /lib/modules /usr/bin /usr/sbin /sbin
/bin/busybox mount -t proc proc /proc
/bin/busybox mount -t sysfs sysfs /sys
/bin/busybox mount -t devtmpfs devtmpfs /dev 2>/dev/null
/bin/busybox mkdir -p /dev/shm /dev/pts
/bin/busybox mount -t devpts devpts /dev/pts 2>/dev/null
/bin/busybox mount -t tmpfs -o mode=1777 tmpfs /dev/shm
/bin/busybox mount -t tmpfs -o mode=1777 tmpfs /tmp
/bin/busybox --install -s
/bin/busybox mountpoint -q /sys/kernel/debug 2>/dev/null ||
    /bin/busybox mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null

export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
# arm64, amd64 and armhf guests: the other architectures' directories do not exist
export LD_LIBRARY_PATH=/lib/aarch64-linux-gnu:/usr/lib/aarch64-linux-gnu:/lib/x86_64-linux-gnu:/usr/lib/x86_64-linux-gnu:/lib/arm-linux-gnueabihf:/usr/lib/arm-linux-gnueabihf:/lib:/usr/lib
export HOME=/root TERM=dumb
hostname tactus

TEST=""
read -r cmdline </proc/cmdline
for arg in $cmdline; do
    case "$arg" in
        tactus.test=*) TEST="${arg#tactus.test=}" ;;
    esac
done
export TACTUS_TEST="$TEST"

echo "TACTUS-INIT: ready kernel=$(uname -r) uptime=$(cut -d' ' -f1 /proc/uptime) cpus=$(grep -c ^processor /proc/cpuinfo) test=${TEST:-none}"

# kmemleak (the kasan kernel): what leaked at boot is not the test's
kmemleak=/sys/kernel/debug/kmemleak
[ -w "$kmemleak" ] && echo clear >"$kmemleak"

if [ -z "$TEST" ] || [ "$TEST" = shell ]; then
    echo "TACTUS-INIT: no tactus.test=<name>: starting a shell (exit to power off)"
    setsid cttyhack sh
    rc=$?
else
    if [ -f "/tests/$TEST.sh" ]; then
        cd /tests || exit 1
        sh "/tests/$TEST.sh"
        rc=$?
        cd / || exit 1
    else
        # shellcheck disable=SC2012 # the names, for a human
        echo "TACTUS-INIT: no such test /tests/$TEST.sh; available: $(ls /tests 2>/dev/null | tr '\n' ' ')"
        rc=127
    fi
fi

# kmemleak: objects younger than 5 s are never reported, so wait that long,
# then scan; each leak is logged as a "kmemleak: ... new suspected" line.
# Not when the test ends Linux on purpose (it would do so while we wait).
if [ -w "$kmemleak" ] && [ ! -e /tmp/tactus-stay-up ]; then
    sleep 6
    echo scan >"$kmemleak"
    leaks=$(grep -c '^unreferenced object' "$kmemleak")
    [ "$leaks" = 0 ] || { echo "kmemleak: $leaks new suspected memory leaks (scan after the test)" >/dev/kmsg; head -n 40 "$kmemleak"; }
fi

# What counts as a dmesg issue; the first one is also printed on its own
# line, so that a runner's one-line summary can say which it was.
issue_re='BUG:|WARNING:|Oops|Kernel panic|Call [Tt]race:|possible recursive locking|circular locking|suspicious RCU usage|INFO: task .* blocked|soft lockup|KASAN|kmemleak:.*new suspected|NMI received for unknown reason'
issues=$(dmesg | grep -E -c "$issue_re")
echo "TACTUS-DMESG-ISSUES: $issues"
if [ "$issues" != 0 ]; then
    echo "TACTUS-DMESG-FIRST-ISSUE: $(dmesg | grep -E -m1 "$issue_re" | sed 's/^\[[ 0-9.]*\] //' | cut -c1-120)"
    dmesg | grep -E -A3 "$issue_re" | head -n 60
fi
echo "TACTUS-UPTIME: $(cut -d' ' -f1 /proc/uptime)"
echo "TACTUS-TEST-EXIT: $rc"
sync
# A test that panics Linux on purpose (linux-panic: a module's delayed work
# does it) asks init to wait for that rather than power off; the runner
# stops QEMU after the panic (run.sh --after-panic).
if [ -e /tmp/tactus-stay-up ]; then
    echo "TACTUS-INIT: staying up: the test panics Linux"
    while :; do sleep 1000; done
fi
poweroff -f
# poweroff -f should not return; if it does, let the kernel panic (panic=-1 reboots
# and QEMU's -no-reboot then exits).
echo "TACTUS-INIT: poweroff failed"
exit "$rc"
