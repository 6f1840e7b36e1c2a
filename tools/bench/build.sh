#!/usr/bin/env bash
# tools/bench/build.sh [arm64|x86_64] - everything the benchmark boots, built
# or fetched as needed (each step cached by the script it calls). ARCH: the
# argument, else $ARCH, else arm64 (tools/bench/arch.sh: what differs).
#   1. arm64: our kernel (tools/kernel/build-arm64.sh normal: cache hit or
#      build). x86_64: nothing to build: Tactus runs on Debian's stock kernel.
#   2. Debian's stock and PREEMPT_RT images, rt-tests, stress-ng, busybox
#      (tools/kernel/fetch-debian.sh <arm64|amd64> all), and Debian's headers
#      made usable here (tools/kernel/debian-kdir-<arm64|amd64>.sh stock|rt)
#   3. the Tactus modules (a private copy of the sources, like
#      tools/kernel/build-modules.sh but only the core) and the benchmark
#      modules of tools/bench/modules/ for each kernel, in BENCH_DIR
#      (build/bench for arm64, build/bench/x86_64 for x86_64):
#        modules/tactus/      tactus_hal/sched + bench_* (arm64: our kernel;
#                             x86_64: Debian stock)
#        modules/debian/      bench_hrt, bench_irqoff (Debian stock)
#        modules/debian-rt/   bench_hrt, bench_irqoff (Debian RT)
#   4. one initramfs for every system (same userland, same scripts):
#        BENCH_DIR/initramfs.cpio.gz
# Prints nothing on stdout; progress on stderr, logs under build/logs/
# (bench-build.log, bench-build-x86_64.log).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../lib.sh
source "$HERE/../lib.sh"
# shellcheck source=arch.sh
source "$HERE/arch.sh"
bench_arch "${1:-${ARCH:-arm64}}"
K="$TACTUS_ROOT/tools/kernel"
OUT="$BENCH_DIR"
LOG="$TACTUS_LOGS/bench-build.log"
[ "$BENCH_ARCH" = arm64 ] || LOG="$TACTUS_LOGS/bench-build-$BENCH_ARCH.log"
mkdir -p "$OUT" "$TACTUS_LOGS"
: >"$LOG"

if [ "$BENCH_ARCH" = arm64 ]; then
    tx_log "[build 1/4] our arm64 kernel (cached after the first build; ~10-12 min on 2 cores otherwise)"
    KDIR="$("$K/build-arm64.sh" normal | tail -n1)"
    [ -f "$KDIR/arch/arm64/boot/Image" ] || tx_die "no Image in $KDIR"
else
    tx_log "[build 1/4] no kernel to build: on $BENCH_ARCH Tactus runs on Debian's stock $BENCH_DEB kernel"
fi

tx_log "[build 2/4] Debian $BENCH_DEB kernels, userland and headers"
"$K/fetch-debian.sh" "$BENCH_DEB" all >/dev/null
KD_STOCK="$("$K/debian-kdir-$BENCH_DEB.sh" stock | tail -n1)"
KD_RT="$("$K/debian-kdir-$BENCH_DEB.sh" rt | tail -n1)"
if [ "$BENCH_ARCH" = arm64 ]; then
    # our kernel: cross make; Debian's headers carry ARCH/CROSS_COMPILE/CC in .kernelvariables
    ours=(ARCH=arm64 CROSS_COMPILE="$TACTUS_CROSS") debs=() strip="${TACTUS_CROSS}strip"
elif [ "$BENCH_ARCH" = arm ]; then
    # Tactus's kernel is Debian's stock armmp kernel (no BTF: no pahole flags)
    KDIR="$KD_STOCK"
    ours=(ARCH=arm CROSS_COMPILE=arm-linux-gnueabihf-) debs=("${ours[@]}") strip=arm-linux-gnueabihf-strip
else
    # Tactus's kernel is Debian's stock kernel; pahole must skip the C++ DWARF
    # (tools/kernel/build-modules.sh has the why)
    KDIR="$KD_STOCK"
    ours=("MODULE_PAHOLE_FLAGS=--lang_exclude=rust,c++03,c++11,c++14") debs=("${ours[@]}") strip=strip
fi
echo "$KDIR" >"$OUT/kdir.txt"

tx_log "[build 3/4] modules"
MOD="$OUT/modules"
SRC="$OUT/src"
build_tactus_core() {
    mkdir -p "$SRC/tactus"
    # tools/tactus/ holds a module of the core's Kbuild (tactus_latency)
    rsync -a --delete --exclude build --exclude .git --exclude tests --exclude examples \
        --include '/tools/tactus/' --exclude '/tools/*/' --include '*/' --include '*.c' --include '*.h' --include '*.cpp' --include '*.hpp' \
        --include '*.S' --include '*.mk' --include 'Kbuild' --include 'Makefile' --exclude '*' \
        "$TACTUS_ROOT/" "$SRC/tactus/"
    make -C "$KDIR" "${ours[@]}" -j"$TACTUS_JOBS" M="$SRC/tactus" modules
}
build_bench() {   # NAME KDIR
    local name="$1" kd="$2"
    mkdir -p "$SRC/bench-$name"
    rsync -a "$HERE/modules/" "$SRC/bench-$name/"
    if [ "$name" = tactus ]; then
        make -C "$kd" "${ours[@]}" -j"$TACTUS_JOBS" M="$SRC/bench-$name" BENCH_TACTUS=1 \
            BENCH_API="$SRC/tactus/api/include" KBUILD_EXTRA_SYMBOLS="$SRC/tactus/Module.symvers" modules
    else
        make -C "$kd" "${debs[@]+"${debs[@]}"}" -j"$TACTUS_JOBS" M="$SRC/bench-$name" modules
    fi
    rm -rf "${MOD:?}/$name"; mkdir -p "$MOD/$name"
    cp "$SRC/bench-$name"/*.ko "$MOD/$name/"
    if [ "$name" = tactus ]; then cp "$SRC/tactus/tactus_hal.ko" "$SRC/tactus/tactus_sched.ko" "$MOD/$name/"; fi
    "$strip" --strip-debug "$MOD/$name"/*.ko
    ls -l "$MOD/$name"
}
if [ "$BENCH_ARCH" = arm64 ]; then k_tactus="our kernel"; else k_tactus="Debian stock, with Tactus"; fi
tx_step "Tactus core modules ($BENCH_ARCH, $k_tactus)" "$LOG" build_tactus_core
tx_step "benchmark modules for $k_tactus" "$LOG" build_bench tactus "$KDIR"
tx_step "benchmark modules for Debian stock" "$LOG" build_bench debian "$KD_STOCK"
tx_step "benchmark modules for Debian PREEMPT_RT" "$LOG" build_bench debian-rt "$KD_RT"

tx_log "[build 4/4] initramfs (busybox, rt-tests, stress-ng, modules of all kernels, guest scripts)"
"$TACTUS_ROOT/tools/qemu/mkinitramfs.sh" "$OUT/initramfs.cpio.gz" --arch "$BENCH_DEB" \
    --with-rt-tests --with-stress-ng \
    --add "$MOD/tactus:/lib/modules/bench/" --add "$MOD/debian:/lib/modules/bench/" \
    --add "$MOD/debian-rt:/lib/modules/bench/" \
    --add "$HERE/guest/bench.sh:/tests/bench.sh" --add "$HERE/guest/switches.sh:/tests/bench-switches.sh" \
    2>>"$LOG"
DC="$TACTUS_CACHE/debian-$BENCH_DEB"
{
    if [ "$BENCH_ARCH" = arm64 ]; then
        echo "our kernel: $KDIR"
    else
        echo "tactus kernel: Debian stock (modules built against $KDIR)"
    fi
    echo "debian stock: $(cat "$DC/kernels/stock/package.txt")"
    echo "debian rt: $(cat "$DC/kernels/rt/package.txt")"
    echo "userland: $(tr '\n' ' ' <"$DC/userland-packages.txt")"
    echo "tactus: $(git -C "$TACTUS_ROOT" describe --always --dirty 2>/dev/null || echo unknown)"
    # the modules are built from the working tree: name what differs from the commit
    dirty="$(git -C "$TACTUS_ROOT" diff --name-only HEAD -- . ':!tools' ':!tests' ':!examples' ':!docs' \
        2>/dev/null | tr '\n' ' ')"
    [ -z "$dirty" ] || echo "tactus uncommitted changes built in: $dirty"
} >"$OUT/versions.txt"
tx_log "build done: $OUT"
