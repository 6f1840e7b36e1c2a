#!/usr/bin/env bash
# tools/deb.sh [OUTDIR] - `make deb`: the Debian packages, built with
# dpkg-deb from this tree (no debhelper), into OUTDIR (default build/deb):
#   tactus-dkms_VER_all.deb   /usr/src/tactus-VER (the module sources and
#                             dkms.conf); its postinst has DKMS build and
#                             install the modules for the installed kernels
#                             dkms.conf accepts (Debian's amd64 6.12 and 6.1,
#                             armhf armmp 6.12),
#                             and keep
#                             their Module.symvers for user modules
#   tactus-tools_VER_all.deb  /usr/bin/tactus, /usr/bin/rtai-config, the
#                             headers (/usr/include/tactus), the Kbuild
#                             includes of user modules (/usr/share/tactus),
#                             the udev rule; its postinst adds group tactus
# VER is dkms.conf's PACKAGE_VERSION. Both are then checked by lintian when it
# is installed (tools/deps.sh amd64 installs it): any error or warning fails.
# Prints the two package paths, one per line, last.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=lib.sh
source "$HERE/lib.sh"
out="${1:-$TACTUS_ROOT/build/deb}"
VER="$(sed -n 's/^PACKAGE_VERSION="\(.*\)"/\1/p' "$TACTUS_ROOT/dkms.conf")"
[ -n "$VER" ] || tx_die "no PACKAGE_VERSION in dkms.conf"
tx_need_cmd dpkg-deb rsync gzip
stage="$out/stage"
rm -rf "$stage"
mkdir -p "$stage" "$out"
MAINT="Tactus developers <tactus@example.invalid>"

# doc PKG ROOT: copyright and changelog, as Debian policy wants them.
doc() {
    local d="$2/usr/share/doc/$1"
    install -d "$d"
    install -m 0644 "$HERE/deb/copyright" "$d/copyright"
    gzip -9n <"$HERE/deb/changelog" >"$d/changelog.gz"
    chmod 0644 "$d/changelog.gz"
}

# control PKG ROOT FIELDS... : DEBIAN/control (+ md5sums, Installed-Size).
control() {
    local pkg="$1" root="$2"
    shift 2
    install -d -m 0755 "$root/DEBIAN"
    (cd "$root" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | sort -z | xargs -0 md5sum) \
        >"$root/DEBIAN/md5sums"
    chmod 0644 "$root/DEBIAN/md5sums"
    local size
    size="$(du -sk --exclude=DEBIAN "$root" | cut -f1)"
    {
        echo "Package: $pkg"
        echo "Version: $VER"
        echo "Architecture: all"
        echo "Maintainer: $MAINT"
        echo "Installed-Size: $size"
        printf '%s\n' "$@"
        echo "Section: kernel"
        echo "Priority: optional"
        echo "Homepage: https://example.invalid/tactus"
    } >"$root/DEBIAN/control"
    chmod 0644 "$root/DEBIAN/control"
}

# script PKG ROOT NAME: a maintainer script from tools/deb/PKG.NAME.
script() {
    sed "s/@VERSION@/$VER/g" "$HERE/deb/$1.$3" >"$2/DEBIAN/$3"
    chmod 0755 "$2/DEBIAN/$3"
}

build() { # ROOT -> the .deb's path
    local root="$1" pkg
    pkg="$(sed -n 's/^Package: //p' "$root/DEBIAN/control")"
    find "$root" -type d -exec chmod 0755 {} +
    dpkg-deb --root-owner-group -Zxz --build "$root" "$out/${pkg}_${VER}_all.deb" >/dev/null
    echo "$out/${pkg}_${VER}_all.deb"
}

# ---- tactus-dkms ----
dk="$stage/tactus-dkms"
"$HERE/kernel/stage-dkms-source.sh" "$TACTUS_ROOT" "$dk/usr/src/tactus-$VER"
install -m 0644 "$TACTUS_ROOT/dkms.conf" "$dk/usr/src/tactus-$VER/dkms.conf"
find "$dk/usr/src" -type f ! -name '*.sh' -exec chmod 0644 {} +
doc tactus-dkms "$dk"
control tactus-dkms "$dk" \
    "Depends: dkms (>= 3.0), make, g++-12, dwarves" \
    "Recommends: tactus-tools" \
    "Description: hard real-time co-kernel for Linux (DKMS module sources)" \
    " Tactus runs real-time tasks, written as kernel modules against RTAI's" \
    " kernel API, under a small fixed-priority preemptive scheduler entered" \
    " from an NMI-class interrupt, with Linux as its idle task. This package" \
    " has DKMS build its modules (tactus_hal, tactus_sched, tactus_fifo," \
    " tactus_shm, tactus_math, tactus_latency) for the installed Debian amd64" \
    " 6.12 and 6.1 kernels and armhf armmp 6.12 kernel, without a kernel patch."
script tactus-dkms "$dk" postinst
script tactus-dkms "$dk" prerm

# ---- tactus-tools ----
tt="$stage/tactus-tools"
DESTDIR="$tt" PREFIX=/usr MODULES=no "$HERE/install.sh" >/dev/null
install -d "$tt/usr/share/man/man1"
for m in tactus rtai-config; do
    gzip -9n <"$HERE/deb/$m.1" >"$tt/usr/share/man/man1/$m.1.gz"
    chmod 0644 "$tt/usr/share/man/man1/$m.1.gz"
done
doc tactus-tools "$tt"
control tactus-tools "$tt" \
    "Depends: kmod, adduser" \
    "Recommends: tactus-dkms" \
    "Description: hard real-time co-kernel for Linux (tools and headers)" \
    " Tactus runs real-time tasks, written as kernel modules against RTAI's" \
    " kernel API, under a small fixed-priority preemptive scheduler entered" \
    " from an NMI-class interrupt, with Linux as its idle task. This package" \
    " has the tactus command (check, status, load, unload, latency)," \
    " rtai-config, the headers and Kbuild includes to build real-time modules" \
    " (/usr/include/tactus, /usr/share/tactus/module.mk) and the udev rule" \
    " that gives the real-time FIFOs and shared memory to group tactus."
script tactus-tools "$tt" postinst

debs=("$(build "$dk")" "$(build "$tt")")
if command -v lintian >/dev/null 2>&1; then
    lintian --fail-on error,warning --suppress-tags-from-file "$HERE/deb/lintian-overrides" "${debs[@]}" >&2 ||
        tx_die "lintian found errors or warnings in the packages (above)"
    tx_log "lintian: no error or warning in ${debs[*]##*/}"
else
    tx_warn "lintian not installed: the packages were not checked (tools/deps.sh amd64 installs it)"
fi
printf '%s\n' "${debs[@]}"
