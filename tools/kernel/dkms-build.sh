#!/usr/bin/env bash
# tools/kernel/dkms-build.sh [stock|rt|stock61|rt61|6.1|armhf|all]
#
# Proves the DKMS packaging (dkms.conf at the repository root) end to end in
# CI, without touching the host's DKMS state, /lib/modules or /boot:
#   1. the KDIR of Debian's amd64 headers (tools/kernel/debian-kdir-amd64.sh,
#      6.12 stock or rt; stock61, rt61: debian61-amd64.sh, Debian 12's 6.1;
#      armhf: debian-kdir-armhf.sh, the armmp 6.12 headers, built with the
#      armhf cross gcc-12/g++-12 their .kernelvariables name, as `dkms build
#      -a armv7l`; the packages are downloaded + unpacked, never installed);
#   2. a private DKMS source tree build/dkms/src/tactus-<version>/ (the module
#      sources as a user's /usr/src/tactus-<version> would hold them) and a
#      private DKMS tree build/dkms/tree/ (instead of /var/lib/dkms);
#   3. `dkms add`, then `dkms build -k <kernelrelease> --kernelsourcedir <KDIR>`
#      (so dkms needs no /lib/modules/<kernelrelease>/build symlink), with
#      module signing as on a Debian machine but with a throw-away key pair in
#      build/dkms/ (sign_file / mok_signing_key / mok_certificate are taken
#      from the environment by dkms 3.0);
#   4. checks that the modules (dkms.conf's) are in the DKMS tree with the right
#      vermagic and a signature.
# `dkms install` is not run: it needs the target kernel's /lib/modules and
# runs depmod for it (a real Debian machine: `dkms install -m tactus -v V`).
# Needs: tools/deps.sh amd64 (dkms, installed with --no-install-recommends);
# run here first when dkms or another tool below is missing.
# Prints the DKMS tree's module directory (one line per flavour) on stdout.
# Logs: build/logs/dkms-<flavour>.log (dkms's own make.log is appended on failure).
# TACTUS_DKMS_SOURCE=DIR packages another tree than the repository (e.g. a
# copy made by build-modules.sh); its dkms.conf, if any, is replaced by ours.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../lib.sh
source "$HERE/../lib.sh"

what="${1:-stock}"
case "$what" in
    stock|normal) flavours=(stock) ;;
    rt) flavours=(rt) ;;
    stock61) flavours=(stock61) ;;
    rt61) flavours=(rt61) ;;
    6.1) flavours=(stock61 rt61) ;;
    armhf) flavours=(armhf) ;;
    all) flavours=(stock rt stock61 rt61 armhf) ;;
    *) tx_die "usage: $0 [stock|rt|stock61|rt61|6.1|armhf|all]" ;;
esac
need_tools() { # DEPS-TARGET TOOL...
    local target="$1" c
    shift
    for c in "$@"; do
        if ! command -v "$c" >/dev/null 2>&1; then
            tx_log "'$c' not found: running tools/deps.sh $target (apt-get --no-install-recommends)"
            "$TACTUS_ROOT/tools/deps.sh" "$target"
            break
        fi
    done
    tx_need_cmd "$@"
}
need_tools amd64 dkms make rsync modinfo x86_64-linux-gnu-gcc-12 x86_64-linux-gnu-g++-12 pahole openssl
case " ${flavours[*]} " in
    *" armhf "*) need_tools arm arm-linux-gnueabihf-gcc-12 arm-linux-gnueabihf-g++-12 ;;
esac

CONF="$TACTUS_ROOT/dkms.conf"
[ -f "$CONF" ] || tx_die "no dkms.conf at $TACTUS_ROOT"
PKG="$(sed -n 's/^PACKAGE_NAME="\(.*\)"/\1/p' "$CONF")"
PKGVER="$(sed -n 's/^PACKAGE_VERSION="\(.*\)"/\1/p' "$CONF")"
[ -n "$PKG" ] && [ -n "$PKGVER" ] || tx_die "dkms.conf: no PACKAGE_NAME/PACKAGE_VERSION"
mapfile -t modules < <(sed -n 's/^BUILT_MODULE_NAME\[[0-9]*\]="\(.*\)"/\1/p' "$CONF")

D="$TACTUS_ROOT/build/dkms"
SRC="$D/src"
TREE="$D/tree"
mkdir -p "$SRC" "$TREE"
T0="$(tx_now)"

# What a user's /usr/src/tactus-<version> holds (stage-dkms-source.sh).
stage_source() {
    local s="$SRC/$PKG-$PKGVER"
    "$HERE/stage-dkms-source.sh" "${TACTUS_DKMS_SOURCE:-$TACTUS_ROOT}" "$s"
    cp "$CONF" "$s/dkms.conf"
    echo "staged: $(find "$s" -type f | wc -l) files in $s"
    # a fresh registration each time (the private tree only)
    rm -rf "${TREE:?}/$PKG"
    dkms add -m "$PKG" -v "$PKGVER" --dkmstree "$TREE" --sourcetree "$SRC"
}
tx_step "dkms add $PKG/$PKGVER (private tree build/dkms)" "$TACTUS_LOGS/dkms-add.log" stage_source

for flavour in "${flavours[@]}"; do
    darch=x86_64 # DKMS's name of the target architecture (uname -m)
    if [ "$flavour" = stock61 ] || [ "$flavour" = rt61 ]; then
        # Debian 12's default kernel, 6.1
        kdir="$("$HERE/debian61-amd64.sh" kdir "${flavour%61}")"
    elif [ "$flavour" = armhf ]; then
        kdir="$("$HERE/debian-kdir-armhf.sh" stock)"
        darch=armv7l
    else
        kdir="$("$HERE/debian-kdir-amd64.sh" "$flavour")"
    fi
    # The release the kernel reports (uname -r), which DKMS and the vermagic
    # use; Debian 6.1's include/config/kernel.release holds the upstream one.
    krel="$(sed -n 's/^#define UTS_RELEASE "\(.*\)"/\1/p' "$kdir/include/generated/utsrelease.h")"
    LOG="$TACTUS_LOGS/dkms-$flavour.log"
    : >"$LOG"
    dkms_build() {
        local rc=0
        export sign_file="$kdir/scripts/sign-file"
        export mok_signing_key="$D/mok.key" mok_certificate="$D/mok.pub"
        dkms build -m "$PKG" -v "$PKGVER" -k "$krel" -a "$darch" --kernelsourcedir "$kdir" \
            --dkmstree "$TREE" --sourcetree "$SRC" -j "$TACTUS_JOBS" --force || rc=$?
        if [ "$rc" -ne 0 ]; then
            echo "### dkms build failed (rc=$rc); its make.log:"
            cat "$TREE/$PKG/$PKGVER/build/make.log" 2>/dev/null ||
                cat "$TREE/$PKG/$PKGVER/$krel/$darch/log/make.log" 2>/dev/null || echo "(no make.log)"
            return "$rc"
        fi
        local mdir="$TREE/$PKG/$PKGVER/$krel/$darch/module" m f vm
        for m in "${modules[@]}"; do
            f="$(ls "$mdir/$m".ko* 2>/dev/null | head -n1)"
            [ -n "$f" ] || { echo "missing $m.ko in $mdir"; return 1; }
            vm="$(modinfo -F vermagic "$f")"
            case "$vm" in "$krel "*) ;; *) echo "$m: vermagic '$vm' is not for $krel"; return 1 ;; esac
            echo "ok $(basename "$f"): vermagic $vm, signer: $(modinfo -F signer "$f" || true)"
        done
        # dkms.conf's POST_BUILD kept the symbol versions for user modules.
        grep -q "rt_task_init" "$TREE/$PKG/$PKGVER/$krel/$darch/Module.symvers" ||
            { echo "no Module.symvers with rt_task_init in $TREE/$PKG/$PKGVER/$krel/$darch"; return 1; }
        echo "ok Module.symvers kept for user modules"
    }
    tx_step "dkms build $PKG/$PKGVER for $krel (KDIR $kdir)" "$LOG" dkms_build
    grep '^ok ' "$LOG" | sed 's/^/[tactus]   /' >&2
    echo "$TREE/$PKG/$PKGVER/$krel/$darch/module"
done
tx_log "dkms-build (${flavours[*]}) done in $(tx_elapsed "$T0")s"
