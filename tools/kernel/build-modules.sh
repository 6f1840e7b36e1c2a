#!/usr/bin/env bash
# tools/kernel/build-modules.sh [arm64] [normal|debug] - `make modules`:
# build the Tactus modules, then every folder with a Kbuild under examples/
# and tests/qemu/modules/ (against Tactus's Module.symvers), then the
# user-space programs (examples/*/user/*.c, tests/qemu/user/*.c: static
# aarch64 binaries) into <out>/user/. Sources are copied (rsync, timestamps
# kept) into build/modules-<arch>-<variant>/ so that Kbuild's objects never
# land in the repository. Prints the output directory on stdout.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=lib.sh
source "$HERE/lib.sh"
arch="${1:-arm64}"
variant="${2:-normal}"
[ "$arch" = arm64 ] || tx_die "build-modules: only arm64 so far"
kdir="$("$HERE/kdir-arm64.sh" "$variant")"
out="$TACTUS_ROOT/build/modules-$arch-$variant"
mkdir -p "$out"
rsync -a --exclude build --exclude .git --exclude tests/host --exclude tools/bench-host \
    --include '*/' --include '*.c' --include '*.h' --include '*.cpp' --include '*.hpp' \
    --include '*.S' --include '*.mk' --include 'Kbuild' --include 'Makefile' --exclude '*' \
    "$TACTUS_ROOT/" "$out/"
kmake() {
    make -C "$kdir" ARCH=arm64 CROSS_COMPILE="$TACTUS_CROSS" -j"$TACTUS_JOBS" "$@"
}
build_all() {
    kmake M="$out" modules
    local dir src
    for dir in "$out"/examples/*/ "$out"/tests/qemu/modules/; do
        [ -f "$dir/Kbuild" ] || continue
        kmake M="${dir%/}" KBUILD_EXTRA_SYMBOLS="$out/Module.symvers" modules
    done
    mkdir -p "$out/user"
    for src in "$out"/examples/*/user/*.c "$out"/tests/qemu/user/*.c; do
        [ -f "$src" ] || continue
        local bin="$out/user/$(basename "${src%.c}")"
        if [ ! -f "$bin" ] || [ "$src" -nt "$bin" ]; then
            "${TACTUS_CROSS}gcc" -static -O2 -Wall -Wextra -Werror -I"$out/api/include" -o "$bin" "$src" -lm
        fi
    done
}
tx_step "modules ($arch, $variant kernel)" "$TACTUS_LOGS/modules-$arch-$variant.log" build_all
echo "$out"
