#!/usr/bin/env bash
# tools/kernel/build-arm64.sh [normal|debug] [--print-kdir] [--force]
#
# Builds the Tactus arm64 kernel (Linux 6.12 from Debian's linux-source-6.12)
# out of tree, and prints the build directory (usable as KDIR for
# `make -C KDIR M=... ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu- modules`)
# on the last line of stdout. All progress goes to stderr.
#
#   normal  allnoconfig + arch/arm64/kernel/tactus.config
#   debug   the same + arch/arm64/kernel/debug.config (lockdep, PROVE_RCU, ...)
#   --print-kdir  only compute and print the cache path (exit 1 if not built)
#   --force       rerun the build (incremental) even on a cache hit
#   TACTUS_KERNEL_CLEAN=1  do not seed a new tree from the previous one
#
# Steps: extract /usr/src/linux-source-6.12.tar.xz and apply
# arch/arm64/kernel/export-nmi-api.patch (cached, keyed by the source
# package version + the patch), then in O=<cache dir>:
# `make allnoconfig` with the fragment(s) as KCONFIG_ALLCONFIG (what
# scripts/kconfig/merge_config.sh -n does), a check that every option of the
# fragment(s) ended up as requested, then `make -j2 Image modules` (modules so
# that Module.symvers exists for out-of-tree modules).
#
# Cache: ${TACTUS_CACHE:-$HOME/.cache/tactus}/kernel/
#   src-6.12-<srckey>/linux          patched source tree (O= trees point here)
#   arm64-<variant>-<key>/           the O= tree = KDIR; key = sha256 (12 hex) of
#       variant, fragment contents, patch, linux-source package version,
#       cross and host compiler/binutils versions, and this script.
# The build is skipped ("kernel cache hit") when the key's tree is complete.
# A new key's tree starts as a copy of the newest tree of the same variant, so
# that a changed fragment rebuilds incrementally (TACTUS_KERNEL_CLEAN=1: clean).
# Only one kernel build runs at a time (flock on kernel/.build.lock).
# Logs: build/logs/kernel-arm64-<variant>.log (full make output).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../lib.sh
source "$HERE/../lib.sh"

variant=normal
print_only=0
force=0
for a in "$@"; do
    case "$a" in
        normal|debug|kasan) variant="$a" ;;
        --print-kdir) print_only=1 ;;
        --force) force=1 ;;
        -h|--help) tx_header >&2; exit 0 ;;
        *) tx_die "unknown argument '$a' (usage: $0 [normal|debug|kasan] [--print-kdir] [--force])" ;;
    esac
done

CFGDIR="$TACTUS_ROOT/arch/arm64/kernel"
FRAGS=("$CFGDIR/tactus.config")
[ "$variant" = debug ] && FRAGS+=("$CFGDIR/debug.config")
[ "$variant" = kasan ] && FRAGS+=("$CFGDIR/debug.config" "$CFGDIR/kasan.config")
PATCH="$CFGDIR/export-nmi-api.patch"
SRC_PKG=linux-source-6.12
SRC_TARBALL=/usr/src/linux-source-6.12.tar.xz
KCACHE="$TACTUS_CACHE/kernel"

tx_need_cmd "${TACTUS_CROSS}gcc" "${TACTUS_CROSS}ld" gcc make bc bison flex patch sha256sum flock
[ -r "$SRC_TARBALL" ] || tx_die "$SRC_TARBALL missing: run tools/deps.sh arm64"
for f in "${FRAGS[@]}" "$PATCH"; do [ -r "$f" ] || tx_die "missing $f"; done

src_ver="$(dpkg-query -W -f='${Version}' "$SRC_PKG" 2>/dev/null || true)"
[ -n "$src_ver" ] || tx_die "package $SRC_PKG is not installed: run tools/deps.sh arm64"

hash12() { sha256sum | cut -c1-12; }

srckey="$( { echo "src-v1"; echo "$src_ver"; cat "$PATCH"; } | hash12)"
SRC_DIR="$KCACHE/src-6.12-$srckey/linux"

key_inputs() {
    echo "variant=$variant"
    local f
    for f in "${FRAGS[@]}"; do echo "--- fragment ${f##*/}"; cat "$f"; done
    echo "--- patch"; cat "$PATCH"
    echo "--- source $SRC_PKG $src_ver"
    echo "--- toolchain"
    "${TACTUS_CROSS}gcc" --version | head -n1
    "${TACTUS_CROSS}ld" --version | head -n1
    gcc --version | head -n1
    echo "--- build script"
    cat "$HERE/build-arm64.sh"
}
key="$(key_inputs | hash12)"
OBJ="$KCACHE/arm64-$variant-$key"
STAMP="$OBJ/.tactus-complete"

if [ "$print_only" -eq 1 ]; then
    if [ -f "$STAMP" ]; then echo "$OBJ"; exit 0; fi
    tx_log "arm64 $variant kernel for key $key is not built yet: run tools/kernel/build-arm64.sh $variant"
    exit 1
fi

if [ -f "$STAMP" ] && [ "$force" -eq 0 ]; then
    tx_log "kernel cache hit: arm64 $variant ($key), built $(sed -n 's/^built=//p' "$STAMP")"
    echo "$OBJ"
    exit 0
fi

mkdir -p "$KCACHE"
LOG="$TACTUS_LOGS/kernel-arm64-$variant.log"
mkdir -p "$TACTUS_LOGS"
: >"$LOG"

# One kernel build at a time on this machine (the brief: never two in parallel).
exec 9>"$KCACHE/.build.lock"
if ! flock -n 9; then
    tx_log "another kernel build is running; waiting for $KCACHE/.build.lock"
    flock 9
fi
# A concurrent build may have produced our tree while we waited.
if [ -f "$STAMP" ] && [ "$force" -eq 0 ]; then
    tx_log "kernel cache hit: arm64 $variant ($key) (built while waiting)"
    echo "$OBJ"
    exit 0
fi

T_ALL="$(tx_now)"
tx_log "arm64 $variant kernel: key $key, source $SRC_PKG $src_ver, -j$TACTUS_JOBS"
tx_log "build dir: $OBJ"

# --- 1. patched source tree (cached) -----------------------------------------
extract_source() {
    local dest="$1" tmp="$1.tmp.$$"
    rm -rf "$tmp"
    mkdir -p "$tmp"
    tar -xJf "$SRC_TARBALL" -C "$tmp" --strip-components=1
    (cd "$tmp" && patch -p1 --forward --batch <"$PATCH")
    grep -q 'EXPORT_SYMBOL_GPL(request_percpu_nmi)' "$tmp/kernel/irq/manage.c"
    grep -q 'EXPORT_SYMBOL_GPL(request_nmi)' "$tmp/kernel/irq/manage.c"
    rm -rf "$dest"
    mv "$tmp" "$dest"
    touch "$dest/.tactus-src-complete"
}
if [ -f "$SRC_DIR/.tactus-src-complete" ]; then
    tx_log "source cache hit: $SRC_DIR"
else
    mkdir -p "$(dirname "$SRC_DIR")"
    tx_step "extract $SRC_PKG $src_ver + export-nmi-api.patch" "$LOG" extract_source "$SRC_DIR"
fi

# --- 2. seed from the last tree of this variant (incremental) -----------------
# A new key (fragment, patch, toolchain or this script changed) gets a new O=
# tree. Copying the newest complete tree of the same variant and source into it
# first lets make rebuild only what the change touches (Kbuild tracks config
# options, flags and the compiler version per object). TACTUS_KERNEL_CLEAN=1
# builds from scratch instead.
seed_tree() {
    cp -a "$1/." "$OBJ/"
    rm -f "$OBJ/.tactus-complete"
}
seeded=0
if [ ! -e "$OBJ/.config" ] && [ "${TACTUS_KERNEL_CLEAN:-0}" != 1 ]; then
    seed=""
    for s in $(ls -td "$KCACHE/arm64-$variant-"*/.tactus-complete 2>/dev/null); do
        s="${s%/.tactus-complete}"
        if [ "$s" != "$OBJ" ] && [ "$(readlink "$s/source" || true)" = "$SRC_DIR" ]; then seed="$s"; break; fi
    done
    if [ -n "$seed" ]; then
        seeded=1
        mkdir -p "$OBJ"
        tx_step "seed $OBJ from ${seed##*/} (incremental; TACTUS_KERNEL_CLEAN=1 for a clean build)" \
            "$LOG" seed_tree "$seed"
    fi
fi

# --- 3. configuration ------------------------------------------------------
MAKE=(make -C "$SRC_DIR" O="$OBJ" ARCH=arm64 CROSS_COMPILE="$TACTUS_CROSS"
      KBUILD_BUILD_USER=tactus KBUILD_BUILD_HOST=tactus KBUILD_BUILD_VERSION=1
      "KBUILD_BUILD_TIMESTAMP=Thu Jan  1 00:00:00 UTC 2026")
mkdir -p "$OBJ"
rm -f "$STAMP"
MERGED="$OBJ/tactus-fragment.config"

# Merge the fragments: for each symbol the last fragment that names it wins.
merge_fragments() {
    awk '
        /^CONFIG_[A-Za-z0-9_]+=/          { s = $0; sub(/=.*/, "", s) }
        /^# CONFIG_[A-Za-z0-9_]+ is not set/ { s = $2 }
        s != "" { if (!(s in v)) order[n++] = s; v[s] = $0; s = ""; next }
        END { for (i = 0; i < n; i++) print v[order[i]] }
    ' "${FRAGS[@]}" >"$MERGED"
    key_inputs >"$OBJ/tactus-key-inputs.txt"
}

# Every option of the fragment(s) must be in the final .config as requested;
# "is not set" is satisfied by an absent symbol (its dependencies are off).
verify_config() {
    local bad=0 line sym want got
    while IFS= read -r line; do
        if [[ "$line" =~ ^(CONFIG_[A-Za-z0-9_]+)=(.*)$ ]]; then
            sym="${BASH_REMATCH[1]}"; want="${BASH_REMATCH[2]}"
            got="$(grep -E "^$sym=" "$OBJ/.config" | head -n1 || true)"
            if [ "$got" != "$sym=$want" ]; then
                [ -n "$got" ] || got="$(grep -E "^# $sym is not set" "$OBJ/.config" || echo "(absent)")"
                echo "  $sym: requested '$want', got '$got'"
                bad=$((bad + 1))
            fi
        elif [[ "$line" =~ ^#\ (CONFIG_[A-Za-z0-9_]+)\ is\ not\ set ]]; then
            sym="${BASH_REMATCH[1]}"
            got="$(grep -E "^$sym=" "$OBJ/.config" || true)"
            if [ -n "$got" ] && [ "$got" != "$sym=n" ]; then
                echo "  $sym: requested off, got '$got'"
                bad=$((bad + 1))
            fi
        fi
    done <"$MERGED"
    if [ "$bad" -ne 0 ]; then
        echo "$bad option(s) of ${FRAGS[*]##*/} did not end up as requested (see above);"
        echo "a missing dependency is the usual cause: add it to the fragment."
        return 1
    fi
    echo "all $(grep -c . "$MERGED") fragment options verified in $OBJ/.config"
}

tx_step "merge config fragments (${FRAGS[*]##*/})" "$LOG" merge_fragments
tx_step "make allnoconfig + fragment (KCONFIG_ALLCONFIG)" "$LOG" \
    "${MAKE[@]}" KCONFIG_ALLCONFIG="$MERGED" allnoconfig
if ! verify_config >"$OBJ/tactus-config-check.txt" 2>&1; then
    cat "$OBJ/tactus-config-check.txt" >>"$LOG"
    printf '[tactus] FAILED step "verify config": these options are not as requested:\n' >&2
    cat "$OBJ/tactus-config-check.txt" >&2
    printf '[tactus] full log: %s\n' "$LOG" >&2
    exit 1
fi
tx_log "$(cat "$OBJ/tactus-config-check.txt")"

# --- 4. build ----------------------------------------------------------------
tx_log "building Image + modules with -j$TACTUS_JOBS (expect 6-12 min on 2 cores; tail -f $LOG)"
# Progress: compiled/linked objects so far vs. the last complete build's count.
prev_steps="$(sed -n "s/^build_steps=//p" "$KCACHE/build-times-$variant.txt" 2>/dev/null | tail -n1 || true)"
count_steps() { grep -cE '^  (CC|AS|LD|AR|HOSTCC|HOSTLD|GEN|OBJCOPY|KSYMS|MODPOST)' "$LOG" || true; }
TX_PROGRESS_CMD="echo \"\$(count_steps) build steps${prev_steps:+ of ~$prev_steps}\""
tx_step "make -j$TACTUS_JOBS Image modules" "$LOG" "${MAKE[@]}" -j"$TACTUS_JOBS" Image modules
unset TX_PROGRESS_CMD
T_BUILD="$TX_LAST_STEP_SECONDS"
[ -f "$OBJ/arch/arm64/boot/Image" ] || tx_die "no arch/arm64/boot/Image after the build (log: $LOG)"
[ -f "$OBJ/Module.symvers" ] || tx_die "no Module.symvers after make modules (log: $LOG)"
grep -qw request_percpu_nmi "$OBJ/Module.symvers" ||
    tx_die "request_percpu_nmi not exported in Module.symvers: export patch not effective (log: $LOG)"

krel="$(cat "$OBJ/include/config/kernel.release")"
total="$(tx_elapsed "$T_ALL")"
{
    echo "built=$(date -Is)"
    echo "variant=$variant"
    echo "key=$key"
    echo "kernelrelease=$krel"
    echo "source=$SRC_PKG $src_ver"
    echo "make_seconds=$T_BUILD"
    # the step count of a full build is the progress reference for the next one
    if [ "$seeded" -eq 1 ]; then echo "incremental_from=${seed##*/}"; else echo "build_steps=$(count_steps)"; fi
    echo "total_seconds=$total"
    echo "jobs=$TACTUS_JOBS"
    echo "loadavg_at_end=$(cut -d' ' -f1-3 /proc/loadavg)"
} >"$STAMP.tmp"
cat "$STAMP.tmp" >>"$LOG"
cat "$STAMP.tmp" >>"$KCACHE/build-times-$variant.txt"
mv "$STAMP.tmp" "$STAMP"
tx_log "arm64 $variant kernel $krel built: make ${T_BUILD}s, total ${total}s"
# Keep this tree and the one before it (someone may still use it); drop older ones.
for s in $(ls -td "$KCACHE/arm64-$variant-"*/.tactus-complete 2>/dev/null | tail -n +3); do
    tx_log "removing old build tree ${s%/.tactus-complete}"
    rm -rf "${s%/.tactus-complete}"
done
tx_log "Image: $OBJ/arch/arm64/boot/Image"
echo "$OBJ"
