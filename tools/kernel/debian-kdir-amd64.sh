#!/usr/bin/env bash
# tools/kernel/debian-kdir-amd64.sh [stock|rt]
#
# Prints the KDIR for building out-of-tree modules against Debian's stock or
# PREEMPT_RT amd64 6.12 kernel (the kernels Tactus runs on, unpatched):
#   make -C "$(tools/kernel/debian-kdir-amd64.sh)" M=$PWD \
#        MODULE_PAHOLE_FLAGS=--lang_exclude=rust,c++03,c++11,c++14 modules
# No ARCH/CROSS_COMPILE/CC needed: the headers' .kernelvariables set
# `override ARCH = x86`, `override CROSS_COMPILE = x86_64-linux-gnu-` and
# CC = x86_64-linux-gnu-gcc-12 (the host's gcc-12, the kernel's own compiler).
#
# Unlike arm64 (debian-kdir-arm64.sh) the kbuild programs of
# linux-kbuild-6.12.*:amd64 (fixdep, modpost, genksyms, objtool,
# resolve_btfids, ...) are x86_64 binaries and run here as they are. The one
# fix: linux-headers-*-amd64/Makefile is
#   include /usr/src/linux-headers-<kver>-common/Makefile
# (absolute: the package expects to be installed). This script makes a
# hard-link copy of the unpacked trees (tools/kernel/fetch-debian.sh amd64
# headers, run here when needed) under
#   $TACTUS_CACHE/debian-amd64/kdir/<flavour>-<key>/usr/{src,lib}/...
# and points that include at the copy; the relative scripts/ and tools/
# symlinks into usr/lib/linux-kbuild-<kver> keep working. Module.symvers
# (MODVERSIONS CRCs), .config and the BTF-only vmlinux stay Debian's.
# key = sha256 (12 hex) of the header package versions and this script: a
# copy is made once per key, and checkouts with another version of this
# script (other worktrees) use their own copy instead of replacing one that
# a build may be using. The newest 3 copies of a flavour are kept.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../lib.sh
source "$HERE/../lib.sh"

flavour="${1:-stock}"
case "$flavour" in
    stock|normal) flavour=stock suffix=amd64 common=common ;;
    rt)           suffix=rt-amd64 common=common-rt ;;
    *) tx_die "usage: $0 [stock|rt]" ;;
esac
DA="$TACTUS_CACHE/debian-amd64"
H="$DA/headers"
if [ ! -f "$H/kver.txt" ]; then
    tx_log "Debian amd64 headers not fetched yet: running tools/kernel/fetch-debian.sh amd64 headers"
    "$HERE/fetch-debian.sh" amd64 headers >/dev/null
fi
kver="$(cat "$H/kver.txt")"                       # e.g. 6.12.117+deb12
hdr="usr/src/linux-headers-$kver-$suffix"
com="usr/src/linux-headers-$kver-$common"
kb="usr/lib/linux-kbuild-$kver"
for d in "$hdr" "$com" "$kb"; do
    [ -d "$H/$d" ] || tx_die "missing $H/$d: run tools/kernel/fetch-debian.sh amd64 headers"
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

LOG="$TACTUS_LOGS/debian-kdir-amd64-$flavour.log"
: >"$LOG"
tx_need_cmd make readelf x86_64-linux-gnu-gcc-12

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
    # the kbuild programs must be x86_64 ELF (they are in the amd64 package)
    local p m
    for p in scripts/basic/fixdep scripts/mod/modpost scripts/genksyms/genksyms \
             tools/objtool/objtool.real-x86 tools/bpf/resolve_btfids/resolve_btfids; do
        [ -e "$KD/$kb/$p" ] || { echo "missing kbuild program $p"; return 1; }
        # wrappers (modpost, objtool) are shell scripts; the ELF ones must be x86-64
        if [ "$(head -c4 "$KD/$kb/$p" | od -An -c | tr -d ' ')" = '177ELF' ]; then
            m="$(readelf -h "$KD/$kb/$p" | sed -n 's/^ *Machine: *//p')"
            case "$m" in *X86-64*) echo "ok $p ($m)" ;; *) echo "$p is $m, not x86_64"; return 1 ;; esac
        else
            echo "ok $p (script)"
        fi
    done
}
tx_step "KDIR for Debian amd64 $flavour (copy headers + kbuild, fix the include)" "$LOG" copy_tree

date -Is >"$STAMP"
# older copies of this flavour, but the newest 3 (hard links: the space is
# their directories)
# shellcheck disable=SC2012 # names are <flavour>-<hex>
ls -dt "$DA/kdir/$flavour"-* | tail -n +4 | xargs -r rm -rf
tx_log "Debian amd64 $flavour KDIR: $OUT"
echo "$OUT"
