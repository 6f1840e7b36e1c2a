#!/usr/bin/env bash
# tools/qemu/quick.sh ARCH SCRIPT [run-<arch>.sh options] - developer loop:
# rebuild the modules for ARCH (arm64: our kernel; x86_64: Debian's stock
# kernel), pack them with tests/qemu/scripts/SCRIPT.sh into an initramfs and
# boot it (-smp 1 icount unless other options are given).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../kernel/lib.sh
source "$HERE/../kernel/lib.sh"
arch="$1" name="$2"; shift 2
case "$arch" in
    arm64)  variant=normal kernel=tactus cpio_arch=arm64 ;;
    x86_64) variant=stock kernel=debian cpio_arch=amd64 ;;
    *) tx_die "quick.sh: ARCH is arm64 or x86_64" ;;
esac
mods="$("$TACTUS_ROOT/tools/kernel/build-modules.sh" "$arch" "$variant" | tail -n1)"
adds=()
for ko in "$mods"/*.ko "$mods"/examples/*/*.ko "$mods"/tests/qemu/modules/*.ko; do
    [ -f "$ko" ] && adds+=(--add "$ko:/lib/modules/")
done
for f in "$TACTUS_ROOT"/tests/qemu/scripts/*.sh; do adds+=(--add "$f:/tests/"); done
[ -d "$mods/user" ] && adds+=(--add "$mods/user:/usr/bin/")
cpio="$TACTUS_ROOT/build/initramfs/quick-$arch.cpio.gz"
"$HERE/mkinitramfs.sh" "$cpio" --arch "$cpio_arch" "${adds[@]}" >/dev/null 2>&1
opts=("$@")
[ ${#opts[@]} -eq 0 ] && opts=(--smp 1 --icount)
"$HERE/run-$arch.sh" --kernel "$kernel" --initrd "$cpio" --test "$name" --log "$TACTUS_LOGS/quick-$arch-$name.log" "${opts[@]}"
