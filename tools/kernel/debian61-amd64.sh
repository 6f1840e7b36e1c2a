#!/usr/bin/env bash
# tools/kernel/debian61-amd64.sh kdir|image - Debian 12's default kernel,
# 6.1 (the newest linux-image-6.1.0-N-amd64-unsigned in the archive, with its
# linux-headers-6.1.0-N-amd64, -common and linux-kbuild-6.1), which the
# x86_64 port also runs on (docs/x86_64-port.md, "Kernels"). Downloads them
# with `apt-get download` and unpacks them (never installed) under
#   ${TACTUS_CACHE:-~/.cache/tactus}/debian61-amd64/<abi>/
# once per ABI; the headers' Makefile include (absolute, /usr/src/...) is
# pointed at the unpacked copy, as debian-kdir-amd64.sh does for 6.12.
# Prints the KDIR (kdir) or the vmlinuz (image). Log:
# build/logs/debian61-amd64.log.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../lib.sh
source "$HERE/../lib.sh"
what="${1:-}"
case "$what" in kdir|image) ;; *) tx_die "usage: $0 kdir|image" ;; esac
tx_need_cmd apt-get apt-cache dpkg-deb
LOG="$TACTUS_LOGS/debian61-amd64.log"
mkdir -p "$TACTUS_LOGS"

# The newest 6.1 ABI with an unsigned image and both header packages.
abi="$(apt-cache search --names-only '^linux-image-6\.1\.0-[0-9]+-amd64-unsigned$' 2>/dev/null |
    sed -n 's/^linux-image-\(6\.1\.0-[0-9]*\)-amd64-unsigned .*/\1/p' | sort -t- -k3,3n | tail -n 1)"
[ -n "$abi" ] || tx_die "no linux-image-6.1.0-*-amd64-unsigned in the apt archive (apt-get update?)"
D="$TACTUS_CACHE/debian61-amd64/$abi"
R="$D/root"
KDIR="$R/usr/src/linux-headers-$abi-amd64"
IMAGE="$R/boot/vmlinuz-$abi-amd64"
if [ ! -f "$D/.complete" ]; then
    fetch() {
        rm -rf "$D"
        mkdir -p "$D/debs" "$R"
        (cd "$D/debs" && apt-get download "linux-image-$abi-amd64-unsigned" "linux-headers-$abi-amd64" \
            "linux-headers-$abi-common" linux-kbuild-6.1)
        local deb
        for deb in "$D"/debs/*.deb; do dpkg-deb -x "$deb" "$R"; done
        sed -i "s#^include /usr/src/#include $R/usr/src/#" "$KDIR/Makefile"
        grep -q "^include $R/usr/src/linux-headers-$abi-common/Makefile\$" "$KDIR/Makefile" ||
            { echo "the headers' Makefile include was not rewritten (layout changed?)"; return 1; }
        [ -f "$IMAGE" ] || { echo "no $IMAGE in the image package"; return 1; }
        ls "$D/debs"
    }
    tx_step "Debian 12's 6.1 kernel ($abi): download and unpack image, headers, kbuild" "$LOG" fetch
    date -Is >"$D/.complete"
fi
case "$what" in
    kdir) echo "$KDIR" ;;
    image) echo "$IMAGE" ;;
esac
