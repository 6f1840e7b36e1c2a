#!/usr/bin/env bash
# tools/kernel/debian-kdir-arm64.sh [stock|rt]
#
# Makes Debian's arm64 kernel headers usable on this x86_64 host for building
# out-of-tree modules against Debian's arm64 kernels (for the latency
# benchmarks against stock and PREEMPT_RT), and prints the KDIR:
#   make -C "$(tools/kernel/debian-kdir-arm64.sh rt)" M=$PWD modules
# (ARCH and CROSS_COMPILE come from the headers' .kernelvariables; the
# compiler is aarch64-linux-gnu-gcc-12, which gcc-aarch64-linux-gnu provides).
#
# The problem: linux-headers-*-arm64 points its scripts/ at linux-kbuild-6.12,
# whose host programs (fixdep, modpost, genksyms, kallsyms, sign-file, ...) are
# arm64 binaries in the arm64 package, so they cannot run here; and its
# Makefile includes /usr/src/linux-headers-*-common by absolute path.
# What this does (see tools/kernel/NOTES.md):
#   1. copies (hard links) the unpacked headers + kbuild tree
#      (tools/kernel/fetch-debian.sh arm64 headers) into
#      $TACTUS_CACHE/debian-arm64/kdir/<flavour>/usr/..., rewriting the
#      absolute include to the copy;
#   2. builds the host programs for x86_64 from the same kernel version's
#      source (Debian's linux-source-6.12, same 6.12.x) with Debian's .config:
#      `make olddefconfig modules_prepare` in an O= directory;
#   3. replaces every arm64 ELF program in the copied kbuild tree with the
#      x86_64 build of the same path (modpost's per-word-size wrappers are
#      replaced by the single native modpost).
# The headers' Module.symvers (CRCs for MODVERSIONS) and .config stay Debian's.
# Idempotent: skipped when the stamp matches the headers and source versions.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../lib.sh
source "$HERE/../lib.sh"

flavour="${1:-stock}"
case "$flavour" in
    stock) suffix=arm64 common=common ;;
    rt)    suffix=rt-arm64 common=common-rt ;;
    *) tx_die "usage: $0 [stock|rt]" ;;
esac
DA="$TACTUS_CACHE/debian-arm64"
H="$DA/headers"
[ -f "$H/kver.txt" ] || "$HERE/fetch-debian.sh" arm64 headers >/dev/null
kver="$(cat "$H/kver.txt")"                       # e.g. 6.12.117+deb12
hdr="usr/src/linux-headers-$kver-$suffix"
com="usr/src/linux-headers-$kver-$common"
kb="usr/lib/linux-kbuild-$kver"
for d in "$hdr" "$com" "$kb"; do
    [ -d "$H/$d" ] || tx_die "missing $H/$d: run tools/kernel/fetch-debian.sh arm64 headers"
done
SRC_TARBALL=/usr/src/linux-source-6.12.tar.xz
src_ver="$(dpkg-query -W -f='${Version}' linux-source-6.12 2>/dev/null || true)"
[ -n "$src_ver" ] || tx_die "linux-source-6.12 not installed: run tools/deps.sh arm64"
tx_need_cmd aarch64-linux-gnu-gcc-12 gcc make flock readelf

KD="$DA/kdir/$flavour"
OUT="$KD/$hdr"
STAMP="$KD/.tactus-kdir-complete"
want="$(cat "$H/packages.txt"; echo "linux-source-6.12 $src_ver"; sha256sum "$0" | cut -c1-12)"
if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$want" ]; then
    tx_log "debian $flavour kdir up to date"
    echo "$OUT"
    exit 0
fi

LOG="$TACTUS_LOGS/debian-kdir-arm64-$flavour.log"
: >"$LOG"
mkdir -p "$TACTUS_CACHE/kernel"
exec 9>"$TACTUS_CACHE/kernel/.build.lock"    # one kernel-tree build at a time
flock -n 9 || { tx_log "waiting for another kernel build (lock)"; flock 9; }

# Debian's version: 6.12.117+deb12 -> 6.12.117; linux-source must be the same.
upstream="${kver%%+*}"
case "$src_ver" in "$upstream"-*) ;; *)
    tx_die "linux-source-6.12 is $src_ver but the headers are $kver: versions must match" ;; esac

# 1. the copy
copy_tree() {
    rm -rf "$KD"
    mkdir -p "$KD/usr/src" "$KD/usr/lib"
    cp -al "$H/$hdr" "$KD/usr/src/"
    cp -al "$H/$com" "$KD/usr/src/"
    cp -al "$H/$kb" "$KD/usr/lib/"
    [ -d "$H/usr/src/linux-kbuild-$kver" ] && cp -al "$H/usr/src/linux-kbuild-$kver" "$KD/usr/src/"
    # sed -i writes a new file, so the hard-linked original is not modified
    sed -i "s#^include /usr/src/#include $KD/usr/src/#" "$KD/$hdr/Makefile"
    cat "$KD/$hdr/Makefile"
}
tx_step "copy Debian $flavour headers + kbuild" "$LOG" copy_tree

# 2. host programs from linux-source (unpatched; the export patch is irrelevant here)
SRC="$DA/linux-source-$upstream"
HT="$KD/.hosttools"
extract_src() {
    local tmp="$SRC.tmp.$$"
    rm -rf "$tmp"; mkdir -p "$tmp"
    tar -xJf "$SRC_TARBALL" -C "$tmp" --strip-components=1
    rm -rf "$SRC"; mv "$tmp" "$SRC"
    touch "$SRC/.tactus-src-complete"
}
[ -f "$SRC/.tactus-src-complete" ] || tx_step "extract linux-source-6.12 $src_ver" "$LOG" extract_src
build_hosttools() {
    rm -rf "$HT"; mkdir -p "$HT"
    cp "$KD/$hdr/.config" "$HT/.config"
    local mk=(make -C "$SRC" O="$HT" ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu-
              CC=aarch64-linux-gnu-gcc-12 -j"$TACTUS_JOBS")
    "${mk[@]}" olddefconfig
    "${mk[@]}" modules_prepare
}
tx_step "build x86_64 kbuild host programs (modules_prepare with Debian's .config)" "$LOG" build_hosttools

# 3. swap the arm64 programs for x86_64 ones
elf_machine() { readelf -h "$1" 2>/dev/null | sed -n 's/^ *Machine: *//p'; }
swap_programs() {
    local f rel n=0 missing=0
    while IFS= read -r f; do
        [ "$(elf_machine "$f")" = AArch64 ] || continue
        rel="${f#"$KD/$kb/"}"
        case "$rel" in
            scripts/mod/modpost.real-*) rm -f "$f"; continue ;;   # native modpost handles all
            tools/objtool/*) rm -f "$f"; echo "removed $rel (arm64 does not use objtool)"; continue ;;
        esac
        if [ -f "$HT/$rel" ] && elf_machine "$HT/$rel" | grep -q 'X86-64'; then
            rm -f "$f"; cp "$HT/$rel" "$f"; n=$((n + 1)); echo "replaced $rel"
        else
            echo "NO x86_64 build of $rel (removed; only needed if the module build calls it)"
            rm -f "$f"; missing=$((missing + 1))
        fi
    done < <(find "$KD/$kb" -type f)
    echo "$n programs replaced, $missing without a host build"
    [ -x "$KD/$kb/scripts/basic/fixdep" ] && [ -x "$KD/$kb/scripts/mod/modpost" ]
}
tx_step "replace arm64 kbuild programs with x86_64 builds" "$LOG" swap_programs
grep -E '^(replaced|NO|removed)' "$LOG" | sed 's/^/[tactus]   /' >&2 || true

echo "$want" >"$STAMP"
tx_log "Debian $flavour KDIR: $OUT"
echo "$OUT"
