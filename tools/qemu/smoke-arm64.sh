#!/usr/bin/env bash
# tools/qemu/smoke-arm64.sh [normal|debug]
#
# End-to-end check of the arm64 infrastructure:
#   1. the kernel (tools/kernel/build-arm64.sh; a cache hit when unchanged),
#   2. tools/qemu/smoke-module built out of tree against that KDIR
#      (copied to build/smoke-module-<variant>/ so the source folder stays clean),
#   3. an initramfs with the module (tools/qemu/mkinitramfs.sh),
#   4. boots running tests/smoke.sh: for normal, -smp 1 --icount --seed 1,
#      -smp 2, and -smp 1 --cpu max; for debug, one -smp 2 boot.
# Prints one summary line per boot; exits non-zero if any step or boot failed.
# Logs: build/logs/smoke-<variant>-*.log
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../kernel/lib.sh
source "$HERE/../kernel/lib.sh"

variant="${1:-normal}"
case "$variant" in normal|debug) ;; *) tx_die "usage: $0 [normal|debug]" ;; esac
T0="$(tx_now)"

kdir="$("$TACTUS_ROOT/tools/kernel/build-arm64.sh" "$variant" | tail -n1)"
image="$kdir/arch/arm64/boot/Image"

MODB="$TACTUS_ROOT/build/smoke-module-$variant"
rm -rf "$MODB"
mkdir -p "$MODB"
cp "$HERE"/smoke-module/*.c "$HERE"/smoke-module/Makefile "$MODB/"
tx_step "build smoke module against $kdir" "$TACTUS_LOGS/smoke-$variant-module.log" \
    make -C "$MODB" KDIR="$kdir" ARCH=arm64 CROSS_COMPILE="$TACTUS_CROSS"
[ -f "$MODB/tactus_smoke.ko" ] || tx_die "no tactus_smoke.ko (log: $TACTUS_LOGS/smoke-$variant-module.log)"

cpio="$TACTUS_ROOT/build/initramfs/smoke-$variant.cpio.gz"
"$HERE/mkinitramfs.sh" "$cpio" --add "$MODB/tactus_smoke.ko:/lib/modules/tactus_smoke.ko"

if [ "$variant" = normal ]; then
    boots=("smp1-icount:--smp 1 --icount --seed 1"
           "smp2:--smp 2"
           "smp1-cpumax:--smp 1 --cpu max")
else
    boots=("smp2:--smp 2")
fi

failed=0
summary=()
for b in "${boots[@]}"; do
    name="${b%%:*}"
    read -r -a opts <<<"${b#*:}"
    log="$TACTUS_LOGS/smoke-$variant-$name.log"
    rc=0
    out="$("$HERE/run-arm64.sh" --kernel "$image" --initrd "$cpio" --test smoke \
        --log "$log" --timeout 300 "${opts[@]}" 2>&1)" || rc=$?
    printf '%s\n' "$out" >&2
    [ "$rc" -eq 0 ] || failed=$((failed + 1))
    summary+=("$(printf '%-12s rc=%-3s %s' "$name" "$rc" "$(echo "$out" | tail -n1 | sed 's/.*test rc=[0-9]*, //')")")
done

tx_log "smoke ($variant) summary, kernel $(cat "$kdir/include/config/kernel.release"):"
for s in "${summary[@]}"; do tx_log "  $s"; done
tx_log "smoke ($variant): $failed failed boot(s), total $(tx_elapsed "$T0")s"
[ "$failed" -eq 0 ]
