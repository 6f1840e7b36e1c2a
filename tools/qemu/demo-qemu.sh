#!/usr/bin/env bash
# tools/qemu/demo-qemu.sh ARCH - `make demo` (tools/demo.sh) in QEMU, for
# ARCH arm64 (our kernel, built and cached on first use) or x86_64 (Debian's
# stock amd64 kernel, fetched on first use): build the modules, examples and
# user programs (tools/kernel/build-modules.sh), pack an initramfs, boot
# QEMU with --smp 1 --icount and run tests/qemu/scripts/demo.sh: a Tactus
# real-time task and a Linux hard hrtimer, both at 1 kHz, under a busy loop
# and 20 ms interrupt-off sections, one row per second, then a summary.
# Only the demo's own lines are shown; the full serial log is in
# build/logs/demo-ARCH.log. DEMO_SECONDS=N changes the length (default 10).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../lib.sh
source "$HERE/../lib.sh"
# shellcheck source=arch.sh
source "$HERE/arch.sh"
qemu_arch "${1:-arm64}"
arch="$QEMU_ARCH"

"$TACTUS_ROOT/tools/deps.sh" "$QEMU_DEB" >&2
if [ "$QEMU_KERNEL" = tactus ]; then
    tx_log "building (the kernel is cached after the first time: expect ~10 min for the first build)"
    "$TACTUS_ROOT/tools/kernel/build-arm64.sh" normal >/dev/null
else
    tx_log "building against Debian's stock $QEMU_DEB headers (downloaded on first use)"
fi
cpio="$TACTUS_ROOT/build/qemu-tests/initramfs-demo-$arch.cpio.gz"
"$HERE/pack-scripts.sh" "$arch" "$cpio"
log="$TACTUS_LOGS/demo-$arch.log"
tx_log "booting QEMU ($arch, 1 CPU, -icount): about 20 s"
set +e
"$HERE/run.sh" "$arch" --kernel "$QEMU_KERNEL" --initrd "$cpio" --test demo --log "$log" --smp 1 --icount --seed 1 \
    --timeout 300 --append loglevel=1 ${DEMO_SECONDS:+--append demo.seconds=$DEMO_SECONDS} --console 2>&1 |
    sed -u -n 's/^DEMO|//p'
rc="${PIPESTATUS[0]}"
set -e
issues="$(grep -a 'TACTUS-DMESG-ISSUES:' "$log" | tail -n 1 | tr -d '\r' | awk '{print $2}')"
if [ "$rc" -ne 0 ] || [ "${issues:-1}" != 0 ]; then
    tx_log "the demo did not end cleanly (exit $rc, dmesg issues ${issues:-?}): see $log"
    exit 1
fi
tx_log "full serial log: $log"
