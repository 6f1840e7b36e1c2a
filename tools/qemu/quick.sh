#!/usr/bin/env bash
# tools/qemu/quick.sh ARCH SCRIPT [run.sh options] - developer loop: rebuild
# the modules for ARCH (arm64: our kernel; x86_64, arm: Debian's stock kernel),
# pack them with tests/qemu/scripts/SCRIPT.sh into an initramfs and boot it
# (-smp 1 icount unless other options are given), e.g.
#   tools/qemu/quick.sh arm64 example-prodcons
#   tools/qemu/quick.sh x86_64 first --smp 1 --icount --console
#   tools/qemu/quick.sh arm first            (raspi2b, maxcpus=1 at -icount)
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../lib.sh
source "$HERE/../lib.sh"
# shellcheck source=arch.sh
source "$HERE/arch.sh"
[ $# -ge 2 ] || { tx_header >&2; exit 2; }
qemu_arch "$1"
name="$2"; shift 2
cpio="$TACTUS_ROOT/build/initramfs/quick-$QEMU_ARCH.cpio.gz"
"$HERE/pack-scripts.sh" "$QEMU_ARCH" "$cpio"
opts=("$@")
[ ${#opts[@]} -eq 0 ] && opts=(--smp 1 --icount)
"$HERE/run.sh" "$QEMU_ARCH" --kernel "$QEMU_KERNEL" --initrd "$cpio" --test "$name" \
    --log "$TACTUS_LOGS/quick-$QEMU_ARCH-$name.log" "${opts[@]}"
