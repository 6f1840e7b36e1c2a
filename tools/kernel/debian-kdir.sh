#!/usr/bin/env bash
# tools/kernel/debian-kdir.sh amd64|armhf [stock|rt]
#
# Prints the KDIR for building out-of-tree modules against Debian's stock or
# PREEMPT_RT 6.12 kernel of that architecture (the kernels Tactus runs on,
# unpatched; debian-kdir-amd64.sh and debian-kdir-armhf.sh call this):
#   amd64: make -C "$(tools/kernel/debian-kdir-amd64.sh)" M=$PWD \
#              MODULE_PAHOLE_FLAGS=--lang_exclude=rust,c++03,c++11,c++14 modules
#   armhf: make -C "$(tools/kernel/debian-kdir-armhf.sh)" M=$PWD modules
#          (linux-image-6.12.*-armmp, -rt-armmp: the 32-bit ARM port's
#          kernels, under qemu-system-arm -M raspi2b; no BTF, no pahole flags)
# No ARCH/CROSS_COMPILE/CC needed: the headers' .kernelvariables set them
# (`override ARCH = x86`, CC = x86_64-linux-gnu-gcc-12, the host's gcc-12;
# `override ARCH = arm`, `override CROSS_COMPILE = arm-linux-gnueabihf-`,
# CC = arm-linux-gnueabihf-gcc-12, whose g++ twin arm-linux-gnueabihf-g++-12
# is what the Kbuild's $(subst gcc,g++,$(CC)) makes of it for the C++ core).
#
# Unlike arm64 (debian-kdir-arm64.sh) the kbuild programs (fixdep, modpost,
# genksyms, objtool, ...) are the host's: linux-kbuild-6.12.*:amd64, which
# fetch-debian.sh takes from the host's apt for armhf too, so they run here
# as they are. The one fix: linux-headers-*-<flavour>/Makefile is
#   include /usr/src/linux-headers-<kver>-common/Makefile
# (absolute: the package expects to be installed). This script makes a
# hard-link copy of the unpacked trees (tools/kernel/fetch-debian.sh DEB
# headers, run here when needed) under
#   $TACTUS_CACHE/debian-DEB/kdir/<flavour>-<key>/usr/{src,lib}/...
# and points that include at the copy; the relative scripts/ and tools/
# symlinks into usr/lib/linux-kbuild-<kver> keep working. Module.symvers
# (MODVERSIONS CRCs), .config (and amd64's BTF-only vmlinux) stay Debian's.
# key = sha256 (12 hex) of the header package versions and this script: a
# copy is made once per key, and checkouts with another version of this
# script (other worktrees) use their own copy instead of replacing one that
# a build may be using. The newest 3 copies of a flavour are kept.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../lib.sh
source "$HERE/../lib.sh"

deb="${1:-}"
flavour="${2:-stock}"
case "$deb" in
    amd64) image=amd64
           compilers=(x86_64-linux-gnu-gcc-12)
           # the ELF ones must be x86-64; modpost and objtool are wrappers
           programs=(scripts/basic/fixdep scripts/mod/modpost scripts/genksyms/genksyms
                     tools/objtool/objtool.real-x86 tools/bpf/resolve_btfids/resolve_btfids)
           cross="" ;;
    armhf) image=armmp
           compilers=(arm-linux-gnueabihf-gcc-12 arm-linux-gnueabihf-g++-12)
           programs=(scripts/basic/fixdep scripts/mod/modpost scripts/genksyms/genksyms)
           cross=arm-linux-gnueabihf- ;;
    *) tx_die "usage: $0 amd64|armhf [stock|rt]" ;;
esac
case "$flavour" in
    stock|normal) flavour=stock suffix=$image common=common ;;
    rt)           suffix=rt-$image common=common-rt ;;
    *) tx_die "usage: $0 $deb [stock|rt]" ;;
esac
DA="$TACTUS_CACHE/debian-$deb"
H="$DA/headers"
if [ ! -f "$H/kver.txt" ]; then
    tx_log "Debian $deb headers not fetched yet: running tools/kernel/fetch-debian.sh $deb headers"
    "$HERE/fetch-debian.sh" "$deb" headers >/dev/null
fi
kver="$(cat "$H/kver.txt")"                       # e.g. 6.12.118+deb12
hdr="usr/src/linux-headers-$kver-$suffix"
com="usr/src/linux-headers-$kver-$common"
kb="usr/lib/linux-kbuild-$kver"
for d in "$hdr" "$com" "$kb"; do
    [ -d "$H/$d" ] || tx_die "missing $H/$d: run tools/kernel/fetch-debian.sh $deb headers (linux-kbuild-$kver comes from the host's apt: apt-get update if it has none)"
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

LOG="$TACTUS_LOGS/debian-kdir-$deb-$flavour.log"
: >"$LOG"
tx_need_cmd make readelf "${compilers[@]}"

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
    if [ -n "$cross" ]; then
        # the compiler the headers name (see the header comment)
        grep -E '^(override )?(ARCH|CROSS_COMPILE|CC) ' "$KD/$hdr/.kernelvariables"
        grep -q "^override CROSS_COMPILE = $cross\$" "$KD/$hdr/.kernelvariables" ||
            { echo ".kernelvariables no longer sets CROSS_COMPILE = $cross"; return 1; }
    fi
    # the kbuild programs must be x86_64 ELF (the host's linux-kbuild package)
    local p m
    for p in "${programs[@]}"; do
        [ -e "$KD/$kb/$p" ] || { echo "missing kbuild program $p"; return 1; }
        if [ "$(head -c4 "$KD/$kb/$p" | od -An -c | tr -d ' ')" = '177ELF' ]; then
            m="$(readelf -h "$KD/$kb/$p" | sed -n 's/^ *Machine: *//p')"
            case "$m" in *X86-64*) echo "ok $p ($m)" ;; *) echo "$p is $m, not x86_64"; return 1 ;; esac
        else
            echo "ok $p (script)"
        fi
    done
}
tx_step "KDIR for Debian $deb $flavour (copy headers + kbuild, fix the include)" "$LOG" copy_tree

date -Is >"$STAMP"
# older copies of this flavour, but the newest 3 (hard links: the space is
# their directories)
# shellcheck disable=SC2012 # names are <flavour>-<hex>
ls -dt "$DA/kdir/$flavour"-* | tail -n +4 | xargs -r rm -rf
tx_log "Debian $deb $flavour KDIR: $OUT"
echo "$OUT"
