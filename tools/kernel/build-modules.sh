#!/usr/bin/env bash
# tools/kernel/build-modules.sh [arm64|x86_64|arm] [VARIANT] - `make modules`:
# build the Tactus modules, then every folder with a Kbuild under examples/
# and tests/qemu/modules/ (against Tactus's Module.symvers), then the
# user-space programs (examples/*/user/*.c, tests/qemu/user/*.c: static
# binaries for the guest) into <out>/user/.
#   arm64   VARIANT normal|debug: our kernel (kdir-arm64.sh), cross gcc.
#   x86_64  VARIANT stock|rt (normal = stock; debug is refused): Debian's
#           amd64 headers (debian-kdir-amd64.sh), plain `make` with the host
#           gcc-12 (the headers' .kernelvariables fix ARCH=x86 and CC), and
#           MODULE_PAHOLE_FLAGS=--lang_exclude=rust,c++03,c++11,c++14 on the
#           command line: without it pahole fails on the C++ objects' DWARF
#           and Kbuild deletes the .ko. objtool (IBT kernel) runs on the
#           linked module, C++ parts included (the Kbuild's C++ rule appends
#           $(cmd_objtool)). User programs: host gcc -static.
#           Output: build/modules-x86_64-<stock|rt>/.
#   arm     (also armhf) VARIANT stock|rt (normal = stock): Debian's armmp
#           headers (debian-kdir-armhf.sh), ARCH=arm
#           CROSS_COMPILE=arm-linux-gnueabihf- (the headers' .kernelvariables
#           override both anyway, and set CC = arm-linux-gnueabihf-gcc-12,
#           whose g++-12 twin compiles the C++ core). No BTF in Debian's
#           armmp config, so no pahole flags. User programs:
#           arm-linux-gnueabihf-gcc -static -mfpu=neon-vfpv4. Output:
#           build/modules-arm-<stock|rt>/.
# Sources are copied (rsync, timestamps
# kept) into build/modules-<arch>-<variant>/ so that Kbuild's objects never
# land in the repository. Prints the output directory on stdout.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../lib.sh
source "$HERE/../lib.sh"
arch="${1:-arm64}"
variant="${2:-normal}"
case "$arch" in
    arm64)
        kdir="$("$HERE/kdir-arm64.sh" "$variant")"
        kmake_args=(ARCH=arm64 CROSS_COMPILE="$TACTUS_CROSS")
        user_cc=("${TACTUS_CROSS}gcc") ;;
    x86_64|amd64|x86)
        arch=x86_64
        case "$variant" in
            normal|stock) variant=stock ;;
            rt) ;;
            stock61) ;;
            *) tx_die "build-modules x86_64: variant stock|rt|stock61 (Debian's kernels), not '$variant'" ;;
        esac
        if [ "$variant" = stock61 ]; then
            kdir="$("$HERE/debian61-amd64.sh" kdir)"   # Debian 12's default kernel, 6.1
        else
            kdir="$("$HERE/debian-kdir-amd64.sh" "$variant")"
        fi
        # ARCH from the environment (the top Makefile exports it) is harmless:
        # .kernelvariables has `override ARCH = x86`.
        kmake_args=("MODULE_PAHOLE_FLAGS=--lang_exclude=rust,c++03,c++11,c++14")
        user_cc=(gcc) ;;
    arm|armhf)
        arch=arm
        case "$variant" in
            normal|stock) variant=stock ;;
            rt) ;;
            *) tx_die "build-modules arm: variant stock|rt (Debian's armmp kernels), not '$variant'" ;;
        esac
        kdir="$("$HERE/debian-kdir-armhf.sh" "$variant")"
        kmake_args=(ARCH=arm CROSS_COMPILE=arm-linux-gnueabihf-)
        # the guest's Cortex-A7 has NEON (d16-d31); Debian's armhf
        # default is vfpv3-d16
        user_cc=(arm-linux-gnueabihf-gcc -mfpu=neon-vfpv4) ;;
    *) tx_die "build-modules: arch arm64, x86_64 or arm, not '$arch'" ;;
esac
out="$TACTUS_ROOT/build/modules-$arch-$variant"
mkdir -p "$out"
rsync -a --exclude build --exclude .git --exclude tests/host --exclude tools/bench-host \
    --include '*/' --include '*.c' --include '*.h' --include '*.cpp' --include '*.hpp' \
    --include '*.S' --include '*.mk' --include 'Kbuild' --include 'Makefile' --include 'rtai-config' --exclude '*' \
    "$TACTUS_ROOT/" "$out/"
kmake() {
    make -C "$kdir" "${kmake_args[@]}" -j"$TACTUS_JOBS" "$@"
}
build_all() {
    kmake M="$out" modules
    local dir src bin
    for dir in "$out"/examples/*/ "$out"/tests/qemu/modules/; do
        [ -f "$dir/Kbuild" ] || continue
        kmake M="${dir%/}" KBUILD_EXTRA_SYMBOLS="$out/Module.symvers" modules
    done
    mkdir -p "$out/user"
    for src in "$out"/examples/*/user/*.c "$out"/tests/qemu/user/*.c; do
        [ -f "$src" ] || continue
        bin="$out/user/$(basename "${src%.c}")"
        if [ ! -f "$bin" ] || [ "$src" -nt "$bin" ]; then
            "${user_cc[@]}" -static -O2 -Wall -Wextra -Werror -I"$out/api/include" -o "$bin" "$src" -lm
        fi
    done
}
tx_step "modules ($arch, $variant kernel)" "$TACTUS_LOGS/modules-$arch-$variant.log" build_all
echo "$out"
