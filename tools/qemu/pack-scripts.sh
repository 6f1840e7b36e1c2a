#!/usr/bin/env bash
# tools/qemu/pack-scripts.sh ARCH CPIO - build the modules for ARCH (arm64:
# our kernel; x86_64, arm: Debian's stock headers) and pack them with every
# tests/qemu/scripts/*.sh and the user programs into the initramfs CPIO, so
# that any script can be booted (--test NAME). Used by quick.sh and
# demo-qemu.sh; the suite (test-qemu.sh) packs its own per variant.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../lib.sh
source "$HERE/../lib.sh"
# shellcheck source=arch.sh
source "$HERE/arch.sh"
qemu_arch "$1"
cpio="$2"
# build-modules.sh's normal variant: our normal kernel | Debian's stock one
mods="$("$TACTUS_ROOT/tools/kernel/build-modules.sh" "$QEMU_ARCH" normal | tail -n 1)"
adds=()
for ko in "$mods"/*.ko "$mods"/examples/*/*.ko "$mods"/tests/qemu/modules/*.ko; do
    [ -f "$ko" ] && adds+=(--add "$ko:/lib/modules/")
done
for f in "$TACTUS_ROOT"/tests/qemu/scripts/*.sh; do adds+=(--add "$f:/tests/"); done
[ -d "$mods/user" ] && adds+=(--add "$mods/user:/usr/bin/")
"$HERE/mkinitramfs.sh" "$cpio" --arch "$QEMU_DEB" "${adds[@]}" >/dev/null 2>&1 ||
    "$HERE/mkinitramfs.sh" "$cpio" --arch "$QEMU_DEB" "${adds[@]}" >/dev/null
