#!/usr/bin/env bash
# tools/kernel/debian-kdir-armhf.sh [stock|rt]
#
# Prints the KDIR for building out-of-tree modules against Debian's stock or
# PREEMPT_RT armhf 6.12 kernel (linux-image-6.12.*-armmp, -rt-armmp: the
# kernels the 32-bit ARM port runs on, under qemu-system-arm -M raspi2b):
#   make -C "$(tools/kernel/debian-kdir-armhf.sh)" M=$PWD modules
# No ARCH/CROSS_COMPILE/CC needed (ARCH=arm CROSS_COMPILE=arm-linux-gnueabihf-
# are harmless): the headers' .kernelvariables set `override ARCH = arm`,
# `override CROSS_COMPILE = arm-linux-gnueabihf-` and
# CC = $(CROSS_COMPILE)gcc-12, i.e. arm-linux-gnueabihf-gcc-12
# (gcc-12-arm-linux-gnueabihf, the compiler of Debian's .config), whose g++
# twin arm-linux-gnueabihf-g++-12 (g++-12-arm-linux-gnueabihf) is what the
# Kbuild's $(subst gcc,g++,$(CC)) makes of it for the C++ core.
# No BTF in Debian's armmp config: no pahole flags either.
#
# As for amd64 (debian-kdir-amd64.sh), the kbuild programs are the host's:
# fetch-debian.sh armhf takes linux-kbuild-6.12.* from the host's (amd64)
# apt, so fixdep, modpost, genksyms run here as they are. The one fix:
# linux-headers-*-armmp/Makefile is
#   include /usr/src/linux-headers-<kver>-common/Makefile
# (absolute: the package expects to be installed). This script makes a
# hard-link copy of the unpacked trees (tools/kernel/fetch-debian.sh armhf
# headers, run here when needed) under
#   $TACTUS_CACHE/debian-armhf/kdir/<flavour>-<key>/usr/{src,lib}/...
# and points that include at the copy; the relative scripts/ and tools/
# symlinks into usr/lib/linux-kbuild-<kver> keep working. Module.symvers
# (MODVERSIONS CRCs) and .config stay Debian's.
# key = sha256 (12 hex) of the header package versions and this script: a
# copy is made once per key (other checkouts with another version of this
# script use their own copy). The newest 3 copies of a flavour are kept.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../lib.sh
source "$HERE/../lib.sh"

flavour="${1:-stock}"
case "$flavour" in
    stock|normal) flavour=stock suffix=armmp common=common ;;
    rt)           suffix=rt-armmp common=common-rt ;;
    *) tx_die "usage: $0 [stock|rt]" ;;
esac
DA="$TACTUS_CACHE/debian-armhf"
H="$DA/headers"
if [ ! -f "$H/kver.txt" ]; then
    tx_log "Debian armhf headers not fetched yet: running tools/kernel/fetch-debian.sh armhf headers"
    "$HERE/fetch-debian.sh" armhf headers >/dev/null
fi
kver="$(cat "$H/kver.txt")"                       # e.g. 6.12.118+deb12
hdr="usr/src/linux-headers-$kver-$suffix"
com="usr/src/linux-headers-$kver-$common"
kb="usr/lib/linux-kbuild-$kver"
for d in "$hdr" "$com" "$kb"; do
    [ -d "$H/$d" ] || tx_die "missing $H/$d: run tools/kernel/fetch-debian.sh armhf headers (linux-kbuild-$kver comes from the host's apt: apt-get update if it has none)"
done

key="$( { cat "$H/packages.txt"; cat "$0"; } | sha256sum | cut -c1-12)"
KD="$DA/kdir/$flavour-$key"
OUT="$KD/$hdr"
STAMP="$KD/.tactus-kdir-complete"
if [ -f "$STAMP" ]; then
    echo "$OUT"
    exit 0
fi

mkdir -p "$DA/kdir"
exec 9>"$DA/kdir/.lock-$flavour"     # two callers must not make the copy at once
flock 9
if [ -f "$STAMP" ]; then echo "$OUT"; exit 0; fi

LOG="$TACTUS_LOGS/debian-kdir-armhf-$flavour.log"
: >"$LOG"
tx_need_cmd make readelf arm-linux-gnueabihf-gcc-12 arm-linux-gnueabihf-g++-12

copy_tree() {
    rm -rf "$KD"
    mkdir -p "$KD/usr/src" "$KD/usr/lib"
    cp -al "$H/$hdr" "$KD/usr/src/"
    cp -al "$H/$com" "$KD/usr/src/"
    cp -al "$H/$kb" "$KD/usr/lib/"
    if [ -e "$H/usr/src/linux-kbuild-$kver" ]; then cp -a "$H/usr/src/linux-kbuild-$kver" "$KD/usr/src/"; fi
    # sed -i writes a new file, so the hard-linked original stays as unpacked
    sed -i "s#^include /usr/src/#include $KD/usr/src/#" "$KD/$hdr/Makefile"
    cat "$KD/$hdr/Makefile"
    grep -q "^include $KD/$com/Makefile\$" "$KD/$hdr/Makefile" ||
        { echo "the Makefile's include was not rewritten (layout changed?)"; return 1; }
    # the compiler the headers name (see the header comment)
    grep -E '^(override )?(ARCH|CROSS_COMPILE|CC) ' "$KD/$hdr/.kernelvariables"
    grep -q '^override CROSS_COMPILE = arm-linux-gnueabihf-$' "$KD/$hdr/.kernelvariables" ||
        { echo ".kernelvariables no longer sets CROSS_COMPILE = arm-linux-gnueabihf-"; return 1; }
    # the kbuild programs must be x86_64 ELF (the host's linux-kbuild package)
    local p m
    for p in scripts/basic/fixdep scripts/mod/modpost scripts/genksyms/genksyms; do
        [ -e "$KD/$kb/$p" ] || { echo "missing kbuild program $p"; return 1; }
        if [ "$(head -c4 "$KD/$kb/$p" | od -An -c | tr -d ' ')" = '177ELF' ]; then
            m="$(readelf -h "$KD/$kb/$p" | sed -n 's/^ *Machine: *//p')"
            case "$m" in *X86-64*) echo "ok $p ($m)" ;; *) echo "$p is $m, not x86_64"; return 1 ;; esac
        else
            echo "ok $p (script)"
        fi
    done
}
tx_step "KDIR for Debian armhf $flavour (copy headers + kbuild, fix the include)" "$LOG" copy_tree

date -Is >"$STAMP"
# older copies of this flavour, but the newest 3 (hard links: the space is
# their directories)
# shellcheck disable=SC2012 # names are <flavour>-<hex>
ls -dt "$DA/kdir/$flavour"-* | tail -n +4 | xargs -r rm -rf
tx_log "Debian armhf $flavour KDIR: $OUT"
echo "$OUT"
