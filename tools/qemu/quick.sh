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
    arm64)  kernel=tactus ;;
    x86_64) kernel=debian ;;
    *) tx_die "quick.sh: ARCH is arm64 or x86_64" ;;
esac
cpio="$TACTUS_ROOT/build/initramfs/quick-$arch.cpio.gz"
"$HERE/pack-scripts.sh" "$arch" "$cpio"
opts=("$@")
[ ${#opts[@]} -eq 0 ] && opts=(--smp 1 --icount)
"$HERE/run-$arch.sh" --kernel "$kernel" --initrd "$cpio" --test "$name" --log "$TACTUS_LOGS/quick-$arch-$name.log" "${opts[@]}"
