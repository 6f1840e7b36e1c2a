#!/usr/bin/env bash
# tools/bench/build.sh - everything the benchmark boots, built or fetched as
# needed (each step cached by the script it calls):
#   1. our arm64 kernel (tools/kernel/build-arm64.sh normal: cache hit or build)
#   2. Debian's stock and PREEMPT_RT arm64 images, rt-tests, stress-ng,
#      busybox (tools/kernel/fetch-debian-arm64.sh), and Debian's arm64
#      headers made usable here (tools/kernel/debian-kdir-arm64.sh stock|rt)
#   3. the Tactus modules (a private copy of the sources, like
#      tools/kernel/build-modules.sh but only the core) and the benchmark
#      modules of tools/bench/modules/ for each kernel:
#        build/bench/modules/tactus/      tactus_hal/sched + bench_* (ours)
#        build/bench/modules/debian/      bench_hrt, bench_irqoff (Debian stock)
#        build/bench/modules/debian-rt/   bench_hrt, bench_irqoff (Debian RT)
#   4. one initramfs for every system (same userland, same scripts):
#        build/bench/initramfs.cpio.gz
# Prints nothing on stdout; progress on stderr, logs under build/logs/.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../kernel/lib.sh
source "$HERE/../kernel/lib.sh"
K="$TACTUS_ROOT/tools/kernel"
OUT="$TACTUS_ROOT/build/bench"
LOG="$TACTUS_LOGS/bench-build.log"
mkdir -p "$OUT" "$TACTUS_LOGS"
: >"$LOG"

tx_log "[build 1/4] our arm64 kernel (cached after the first build; ~10-12 min on 2 cores otherwise)"
KDIR="$("$K/build-arm64.sh" normal | tail -n1)"
[ -f "$KDIR/arch/arm64/boot/Image" ] || tx_die "no Image in $KDIR"
echo "$KDIR" >"$OUT/kdir.txt"

tx_log "[build 2/4] Debian arm64 kernels, userland and headers"
"$K/fetch-debian-arm64.sh" all >/dev/null
KD_STOCK="$("$K/debian-kdir-arm64.sh" stock | tail -n1)"
KD_RT="$("$K/debian-kdir-arm64.sh" rt | tail -n1)"

tx_log "[build 3/4] modules"
MOD="$OUT/modules"
SRC="$OUT/src"
kmake() {   # KDIR ARGS...
    local kd="$1"; shift
    make -C "$kd" ARCH=arm64 CROSS_COMPILE="$TACTUS_CROSS" -j"$TACTUS_JOBS" "$@"
}
build_tactus_core() {
    mkdir -p "$SRC/tactus"
    rsync -a --delete --exclude build --exclude .git --exclude tests --exclude tools --exclude examples \
        --include '*/' --include '*.c' --include '*.h' --include '*.cpp' --include '*.hpp' \
        --include '*.S' --include '*.mk' --include 'Kbuild' --include 'Makefile' --exclude '*' \
        "$TACTUS_ROOT/" "$SRC/tactus/"
    kmake "$KDIR" M="$SRC/tactus" modules
}
build_bench() {   # NAME KDIR [extra make args]
    local name="$1" kd="$2"; shift 2
    mkdir -p "$SRC/bench-$name"
    rsync -a "$HERE/modules/" "$SRC/bench-$name/"
    if [ "$name" = tactus ]; then
        kmake "$kd" M="$SRC/bench-$name" BENCH_TACTUS=1 BENCH_API="$SRC/tactus/api/include" \
            KBUILD_EXTRA_SYMBOLS="$SRC/tactus/Module.symvers" modules
    else
        # Debian's headers carry ARCH/CROSS_COMPILE/CC in .kernelvariables
        make -C "$kd" -j"$TACTUS_JOBS" M="$SRC/bench-$name" modules
    fi
    rm -rf "$MOD/$name"; mkdir -p "$MOD/$name"
    cp "$SRC/bench-$name"/*.ko "$MOD/$name/"
    if [ "$name" = tactus ]; then cp "$SRC/tactus/tactus_hal.ko" "$SRC/tactus/tactus_sched.ko" "$MOD/$name/"; fi
    "${TACTUS_CROSS}strip" --strip-debug "$MOD/$name"/*.ko
    ls -l "$MOD/$name"
}
tx_step "Tactus core modules (our kernel)" "$LOG" build_tactus_core
tx_step "benchmark modules for our kernel" "$LOG" build_bench tactus "$KDIR"
tx_step "benchmark modules for Debian stock" "$LOG" build_bench debian "$KD_STOCK"
tx_step "benchmark modules for Debian PREEMPT_RT" "$LOG" build_bench debian-rt "$KD_RT"

tx_log "[build 4/4] initramfs (busybox, rt-tests, stress-ng, modules of all kernels, guest scripts)"
"$TACTUS_ROOT/tools/qemu/mkinitramfs.sh" "$OUT/initramfs.cpio.gz" --with-rt-tests --with-stress-ng \
    --add "$MOD/tactus:/lib/modules/bench/" --add "$MOD/debian:/lib/modules/bench/" \
    --add "$MOD/debian-rt:/lib/modules/bench/" \
    --add "$HERE/guest/bench.sh:/tests/bench.sh" --add "$HERE/guest/switches.sh:/tests/bench-switches.sh" \
    2>>"$LOG"
{
    echo "our kernel: $KDIR"
    echo "debian stock: $(cat "$TACTUS_CACHE/debian-arm64/kernels/stock/package.txt")"
    echo "debian rt: $(cat "$TACTUS_CACHE/debian-arm64/kernels/rt/package.txt")"
    echo "userland: $(tr '\n' ' ' <"$TACTUS_CACHE/debian-arm64/userland-packages.txt")"
    echo "tactus: $(git -C "$TACTUS_ROOT" describe --always --dirty 2>/dev/null || echo unknown)"
} >"$OUT/versions.txt"
tx_log "build done: $OUT"
