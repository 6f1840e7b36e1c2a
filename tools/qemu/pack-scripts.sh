#!/usr/bin/env bash
# tools/qemu/pack-scripts.sh ARCH CPIO - build the modules for ARCH (arm64:
# our kernel; x86_64: Debian's stock headers) and pack them with every
# tests/qemu/scripts/*.sh and the user programs into the initramfs CPIO, so
# that any script can be booted (--test NAME). Used by quick.sh and
# demo-qemu.sh; the suite (test-qemu.sh) packs its own per variant.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../kernel/lib.sh
source "$HERE/../kernel/lib.sh"
arch="$1" cpio="$2"
case "$arch" in
    arm64)  variant=normal cpio_arch=arm64 ;;
    x86_64) variant=stock cpio_arch=amd64 ;;
    *) tx_die "pack-scripts.sh: ARCH is arm64 or x86_64, not '$arch'" ;;
esac
mods="$("$TACTUS_ROOT/tools/kernel/build-modules.sh" "$arch" "$variant" | tail -n 1)"
adds=()
for ko in "$mods"/*.ko "$mods"/examples/*/*.ko "$mods"/tests/qemu/modules/*.ko; do
    [ -f "$ko" ] && adds+=(--add "$ko:/lib/modules/")
done
for f in "$TACTUS_ROOT"/tests/qemu/scripts/*.sh; do adds+=(--add "$f:/tests/"); done
[ -d "$mods/user" ] && adds+=(--add "$mods/user:/usr/bin/")
"$HERE/mkinitramfs.sh" "$cpio" --arch "$cpio_arch" "${adds[@]}" >/dev/null 2>&1 ||
    "$HERE/mkinitramfs.sh" "$cpio" --arch "$cpio_arch" "${adds[@]}" >/dev/null
