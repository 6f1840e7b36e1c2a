#!/usr/bin/env bash
# tools/qemu/quick-arm64.sh SCRIPT [run-arm64.sh options] - developer loop:
# rebuild the modules, pack them with tests/qemu/scripts/SCRIPT.sh into an
# initramfs and boot it (-smp 1 icount unless other options are given).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../kernel/lib.sh
source "$HERE/../kernel/lib.sh"
name="$1"; shift
mods="$("$TACTUS_ROOT/tools/kernel/build-modules.sh" arm64 normal | tail -n1)"
adds=()
for ko in "$mods"/*.ko "$mods"/examples/*/*.ko "$mods"/tests/qemu/modules/*.ko; do
    [ -f "$ko" ] && adds+=(--add "$ko:/lib/modules/")
done
for f in "$TACTUS_ROOT"/tests/qemu/scripts/*.sh; do adds+=(--add "$f:/tests/"); done
[ -d "$mods/user" ] && adds+=(--add "$mods/user:/usr/bin/")
cpio="$TACTUS_ROOT/build/initramfs/quick.cpio.gz"
"$HERE/mkinitramfs.sh" "$cpio" "${adds[@]}" >/dev/null 2>&1
opts=("$@")
[ ${#opts[@]} -eq 0 ] && opts=(--smp 1 --icount)
"$HERE/run-arm64.sh" --kernel tactus --initrd "$cpio" --test "$name" --log "$TACTUS_LOGS/quick-$name.log" "${opts[@]}"
