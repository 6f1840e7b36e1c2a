#!/usr/bin/env bash
# tools/kernel/debian61-amd64.sh kdir|image [stock|rt] - Debian 12's default
# kernel, 6.1 (the newest linux-image-6.1.0-N-amd64-unsigned in the archive,
# with its linux-headers-6.1.0-N-amd64, -common and linux-kbuild-6.1; rt: the
# PREEMPT_RT flavour's linux-headers-6.1.0-N-rt-amd64 and -common-rt too),
# which the x86_64 port also runs on (docs/x86_64-port.md, "Kernels"). Downloads them
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
what="${1:-}" flavour="${2:-stock}"
case "$what" in kdir|image) ;; *) tx_die "usage: $0 kdir|image [stock|rt]" ;; esac
case "$flavour" in stock) suffix=amd64 ;; rt) suffix=rt-amd64 ;; *) tx_die "usage: $0 kdir|image [stock|rt]" ;; esac
tx_need_cmd apt-get apt-cache dpkg-deb
LOG="$TACTUS_LOGS/debian61-amd64.log"
mkdir -p "$TACTUS_LOGS"

# The newest 6.1 ABI with an unsigned image and both header packages.
abi="$(apt-cache search --names-only '^linux-image-6\.1\.0-[0-9]+-amd64-unsigned$' 2>/dev/null |
    sed -n 's/^linux-image-\(6\.1\.0-[0-9]*\)-amd64-unsigned .*/\1/p' | sort -t- -k3,3n | tail -n 1)"
[ -n "$abi" ] || tx_die "no linux-image-6.1.0-*-amd64-unsigned in the apt archive (apt-get update?)"
D="$TACTUS_CACHE/debian61-amd64/$abi"
R="$D/root"
KDIR="$R/usr/src/linux-headers-$abi-$suffix"
IMAGE="$R/boot/vmlinuz-$abi-$suffix"
if [ ! -f "$D/.complete-2" ]; then  # -2: the rt flavour is fetched too
    fetch() {
        rm -rf "$D"
        mkdir -p "$D/debs" "$R"
        (cd "$D/debs" && apt-get download "linux-image-$abi-amd64-unsigned" "linux-image-$abi-rt-amd64-unsigned" \
            "linux-headers-$abi-amd64" "linux-headers-$abi-common" "linux-headers-$abi-rt-amd64" \
            "linux-headers-$abi-common-rt" linux-kbuild-6.1)
        local deb h
        for deb in "$D"/debs/*.deb; do dpkg-deb -x "$deb" "$R"; done
        for h in amd64:common rt-amd64:common-rt; do
            sed -i "s#^include /usr/src/#include $R/usr/src/#" "$R/usr/src/linux-headers-$abi-${h%%:*}/Makefile"
            grep -q "^include $R/usr/src/linux-headers-$abi-${h#*:}/Makefile\$" "$R/usr/src/linux-headers-$abi-${h%%:*}/Makefile" ||
                { echo "the ${h%%:*} headers' Makefile include was not rewritten (layout changed?)"; return 1; }
        done
        ls "$R"/boot/vmlinuz-* && ls "$D/debs"
    }
    tx_step "Debian 12's 6.1 kernels ($abi, stock and rt): download and unpack images, headers, kbuild" "$LOG" fetch
    date -Is >"$D/.complete-2"
fi
[ -f "$IMAGE" ] && [ -f "$KDIR/Makefile" ] || tx_die "no $IMAGE or $KDIR (remove $D and run again)"
case "$what" in
    kdir) echo "$KDIR" ;;
    image) echo "$IMAGE" ;;
esac
