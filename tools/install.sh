#!/usr/bin/env bash
# tools/install.sh - `make install`: build the Tactus modules for a kernel and
# install them with what a user needs to write real-time modules:
#   /lib/modules/KVER/extra/*.ko          the modules (+ depmod for KVER), where
#                                         `tactus load` looks
#   PREFIX/share/tactus/symvers/KVER/Module.symvers
#                                         their symbol versions (mk/module.mk)
#   PREFIX/include/tactus/                the public headers (rtai_*.h, tactus/)
#   PREFIX/share/tactus/module.mk, tactus-fpu.mk
#                                         the Kbuild includes of a user module
#   PREFIX/bin/tactus, PREFIX/bin/rtai-config
#   /lib/udev/rules.d/60-tactus.rules     group "tactus" on /dev/rtf*, /dev/tactus_shm
# Settings (make variables or the environment):
#   DESTDIR   a root to install into (default: none, the machine itself)
#   PREFIX    default /usr
#   KVER      the kernel release (default: the running kernel's, uname -r)
#   KDIR      its build directory (default /lib/modules/KVER/build; x86_64:
#             Debian's headers package, linux-headers-KVER)
#   MODULES=no  install everything but the modules
# x86_64 builds against any kernel whose headers are given (the port checks
# the kernel at load and refuses one it does not know, with one dmesg line);
# arm64 needs a kernel with pseudo-NMIs (docs/arm64-port.md): KDIR of that
# kernel's build. Prints what it installed; exits non-zero on the first error.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/.." && pwd)"

die() { echo "install: $*" >&2; exit 1; }

DESTDIR="${DESTDIR:-}"
PREFIX="${PREFIX:-/usr}"
KVER="${KVER:-$(uname -r)}"
KDIR="${KDIR:-/lib/modules/$KVER/build}"
MODULES="${MODULES:-yes}"
case "$PREFIX" in /*) ;; *) die "PREFIX must be an absolute path ('$PREFIX')" ;; esac
dest() { echo "$DESTDIR$1"; }

install_modules() {
    [ -f "$KDIR/Makefile" ] || die "no kernel build directory at $KDIR (install the headers of $KVER, or give KDIR=)"
    local rel
    rel="$(sed -n 's/^#define UTS_RELEASE "\(.*\)"/\1/p' "$KDIR/include/generated/utsrelease.h" 2>/dev/null || true)"
    [ -z "$rel" ] || [ "$rel" = "$KVER" ] || die "KDIR $KDIR is for $rel, not KVER $KVER"
    local build="$ROOT/build/install/$KVER"
    mkdir -p "$build"
    # A copy of the module sources, so that the tree stays clean.
    rsync -a --delete --exclude /build --exclude .git --exclude /tests --exclude /docs \
        --exclude /examples --exclude /arch/host "$ROOT/" "$build/src/"
    make -C "$KDIR" M="$build/src" MODULE_PAHOLE_FLAGS=--lang_exclude=rust,c++03,c++11,c++14 \
        -j"${TACTUS_JOBS:-2}" modules >"$build/make.log" 2>&1 ||
        { tail -n 30 "$build/make.log" >&2; die "the module build failed (log: $build/make.log)"; }
    local mdir
    mdir="$(dest "/lib/modules/$KVER/extra")"
    install -d "$mdir"
    local n=0
    for ko in "$build"/src/*.ko; do
        install -m 0644 "$ko" "$mdir/"
        n=$((n + 1))
    done
    [ "$n" -gt 0 ] || die "no module was built"
    install -D -m 0644 "$build/src/Module.symvers" "$(dest "$PREFIX/share/tactus/symvers/$KVER/Module.symvers")"
    if command -v depmod >/dev/null 2>&1 || [ -x /sbin/depmod ]; then
        local depmod
        depmod="$(command -v depmod || echo /sbin/depmod)"
        if [ -n "$DESTDIR" ]; then
            "$depmod" -b "$DESTDIR" "$KVER"
        else
            "$depmod" "$KVER"
        fi
    fi
    echo "installed $n modules in $mdir"
}

install_user_side() {
    local inc share bin
    inc="$(dest "$PREFIX/include/tactus")"
    share="$(dest "$PREFIX/share/tactus")"
    bin="$(dest "$PREFIX/bin")"
    install -d "$inc" "$share" "$bin"
    (cd "$ROOT/api/include" && find . -name '*.h' -print) | while read -r h; do
        install -D -m 0644 "$ROOT/api/include/$h" "$inc/$h"
    done
    install -m 0644 "$ROOT/mk/module.mk" "$ROOT/mk/tactus-fpu.mk" "$share/"
    install -m 0755 "$ROOT/tools/tactus/tactus" "$bin/tactus"
    install -m 0755 "$ROOT/tools/rtai-config/rtai-config" "$bin/rtai-config"
    install -D -m 0644 "$ROOT/tools/udev/60-tactus.rules" "$(dest /lib/udev/rules.d/60-tactus.rules)"
    echo "installed the headers in $inc, module.mk in $share, tactus and rtai-config in $bin, the udev rule"
}

[ "$MODULES" = no ] || install_modules
install_user_side
if [ -z "$DESTDIR" ] && ! getent group tactus >/dev/null 2>&1; then
    echo "note: the udev rule gives /dev/rtf* and /dev/tactus_shm to group 'tactus': groupadd -r tactus"
fi
