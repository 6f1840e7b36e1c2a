#!/usr/bin/env bash
# tools/qemu/mkinitramfs.sh OUT.cpio.gz [--arch arm64|amd64|armhf] [--add SRC:DEST]...
#     [--with-rt-tests] [--with-stress-ng]
#
# Builds the test initramfs (newc, gzip; byte-reproducible) from Debian's
# busybox-static of the guest architecture (unpacked by
# tools/kernel/fetch-debian.sh <arch>, which this script runs when needed):
#   --arch A             arm64 (default), amd64 (x86_64 also accepted) or
#                        armhf (arm also accepted)
#   /init                tools/qemu/init.sh (mounts, "TACTUS-INIT: ready", runs
#                        the test named by tactus.test=<name>, powers off)
#   /bin/busybox         links are made by /init at boot
#   /dev/console, /dev/null
#   --add SRC:DEST       adds a file or a directory (recursively) at DEST;
#                        DEST ending in / means "into this directory"
#                        (e.g. --add build/x.ko:/lib/modules/ --add t.sh:/tests/t.sh)
#   --with-rt-tests      cyclictest, hackbench, ... and their shared libraries
#   --with-stress-ng     stress-ng and its shared libraries
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../lib.sh
source "$HERE/../lib.sh"

usage() { tx_header >&2; exit 2; }
[ $# -ge 1 ] || usage
OUT="$1"; shift
case "$OUT" in -*) usage ;; esac
adds=() sets=(busybox) arch=arm64
while [ $# -gt 0 ]; do
    case "$1" in
        --add) [ $# -ge 2 ] || usage; adds+=("$2"); shift 2 ;;
        --arch) [ $# -ge 2 ] || usage; arch="$2"; shift 2 ;;
        --with-rt-tests) sets+=(rt-tests); shift ;;
        --with-stress-ng) sets+=(stress-ng); shift ;;
        -h|--help) usage ;;
        *) tx_die "unknown argument '$1'" ;;
    esac
done
tx_need_cmd python3
case "$arch" in
    arm64|aarch64) arch=arm64 ;;
    amd64|x86_64)  arch=amd64 ;;
    armhf|arm)     arch=armhf ;;
    *) tx_die "--arch: arm64, amd64 or armhf, not '$arch'" ;;
esac

DA="$TACTUS_CACHE/debian-$arch"
for s in "${sets[@]}"; do
    if [ ! -s "$DA/manifest/$s.list" ]; then
        tx_log "$arch userland not fetched yet: running tools/kernel/fetch-debian.sh $arch userland"
        "$TACTUS_ROOT/tools/kernel/fetch-debian.sh" "$arch" userland >/dev/null
        break
    fi
done

T0="$(tx_now)"
STAGE="$(mktemp -d "${TMPDIR:-/tmp}/tactus-initramfs.XXXXXX")"
trap 'rm -rf "$STAGE"' EXIT

mkdir -p "$STAGE"/{bin,sbin,usr/bin,usr/sbin,dev,proc,sys,tmp,run,root,mnt,etc,tests,lib/modules}
install -m 0755 "$HERE/init.sh" "$STAGE/init"
for s in "${sets[@]}"; do
    # the manifest lists paths relative to the unpacked root, symlinks with their targets
    mapfile -t paths <"$DA/manifest/$s.list"
    (cd "$DA/root" && cp -a --parents "${paths[@]}" "$STAGE/")
done
echo "root:x:0:0:root:/root:/bin/sh" >"$STAGE/etc/passwd"
echo "root:x:0:" >"$STAGE/etc/group"

for a in "${adds[@]+"${adds[@]}"}"; do
    src="${a%%:*}" dest="${a#*:}"
    if [ "$src" = "$a" ] || [ -z "$dest" ]; then tx_die "--add wants SRC:DEST, got '$a'"; fi
    [ -e "$src" ] || tx_die "--add: '$src' does not exist"
    case "$dest" in /*) ;; *) tx_die "--add: DEST must be absolute, got '$dest'" ;; esac
    if [[ "$dest" == */ ]]; then
        mkdir -p "$STAGE$dest"
        cp -a "$src" "$STAGE$dest"
    else
        mkdir -p "$(dirname "$STAGE$dest")"
        rm -rf "${STAGE:?}$dest"
        cp -a "$src" "$STAGE$dest"
    fi
done

mkdir -p "$(dirname "$OUT")"
python3 "$HERE/mkcpio.py" "$STAGE" "$OUT" \
    --node dev/console:c:5:1:600 --node dev/null:c:1:3:666
tx_log "initramfs $OUT ($arch, $(du -h "$OUT" | cut -f1), sets: ${sets[*]}, ${#adds[@]} added) in $(tx_elapsed "$T0")s"
