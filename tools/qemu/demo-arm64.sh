#!/usr/bin/env bash
# tools/qemu/demo-arm64.sh - `make demo` (tools/demo.sh) on arm64: build
# what is missing (the kernel is cached; modules, examples and user
# programs through tools/kernel/build-modules.sh), pack an initramfs, boot
# QEMU with --smp 1 --icount and run tests/qemu/scripts/demo.sh: a Tactus
# real-time task and a Linux hard hrtimer, both at 1 kHz, under a busy loop
# and 20 ms interrupt-off sections, one row per second, then a summary.
# Only the demo's own lines are shown; the full serial log is in
# build/logs/demo-arm64.log. DEMO_SECONDS=N changes the length (default 10).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../kernel/lib.sh
source "$HERE/../kernel/lib.sh"
root="$TACTUS_ROOT"

"$root/tools/deps.sh" arm64 >&2
tx_log "building (the kernel is cached after the first time: expect ~10 min for the first build)"
"$root/tools/kernel/build-arm64.sh" normal >/dev/null
mods="$("$root/tools/kernel/build-modules.sh" arm64 normal | tail -n 1)"
adds=()
for ko in "$mods"/*.ko "$mods"/examples/*/*.ko "$mods"/tests/qemu/modules/*.ko; do
    [ -f "$ko" ] && adds+=(--add "$ko:/lib/modules/")
done
for f in "$root"/tests/qemu/scripts/*.sh; do adds+=(--add "$f:/tests/"); done
[ -d "$mods/user" ] && adds+=(--add "$mods/user:/usr/bin/")
cpio="$root/build/qemu-tests/initramfs-demo.cpio.gz"
"$HERE/mkinitramfs.sh" "$cpio" "${adds[@]}" >/dev/null 2>&1 || "$HERE/mkinitramfs.sh" "$cpio" "${adds[@]}" >/dev/null
log="$TACTUS_LOGS/demo-arm64.log"
tx_log "booting QEMU (arm64, 1 CPU, -icount): about 20 s"
set +e
"$HERE/run-arm64.sh" --kernel tactus --initrd "$cpio" --test demo --log "$log" --smp 1 --icount --seed 1 \
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
