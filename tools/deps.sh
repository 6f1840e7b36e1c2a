#!/usr/bin/env bash
# tools/deps.sh [host|arm64|amd64|arm|all] - install the Debian 12 packages Tactus needs.
#
#   host   host unit tests, coverage, benchmarks, plots
#   arm64  cross toolchain, QEMU, linux-source-6.12 and the kernel build tools;
#          also enables the arm64 dpkg architecture so that
#          tools/kernel/fetch-debian.sh arm64 can `apt-get download` arm64 .debs
#          (nothing arm64 is ever installed: busybox-static:arm64 would
#          conflict with the amd64 busybox).
#   amd64  x86_64 on Debian's stock kernel: QEMU (q35), the host gcc-12/g++-12
#          (Debian's kernel compiler; the C++ core needs g++), pahole (BTF of
#          the modules), dkms (installed with --no-install-recommends: it
#          recommends linux-headers-amd64, which would pull a kernel image
#          into /boot); Debian's amd64 kernels and headers are only
#          downloaded (tools/kernel/fetch-debian.sh amd64), never installed.
#   arm    32-bit ARM (also armhf) on Debian's stock armmp kernel under
#          qemu-system-arm -M raspi2b: the armhf cross gcc-12/g++-12 (the
#          compiler the armmp headers name, and its C++ twin), the cross gcc
#          and libc for the static user programs, readelf for the library
#          closure, QEMU. No dpkg architecture is added: Debian's armhf
#          packages are only downloaded, by tools/kernel/fetch-debian.sh
#          armhf with an apt state of its own.
#   all    all of them (default)
#
# Idempotent: packages already installed are skipped (dpkg-query), and apt is
# not touched at all when nothing is missing. Needs root (or sudo) only when
# something has to be installed.
set -euo pipefail
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

HOST_PKGS=(build-essential cmake g++ googletest libgtest-dev libgmock-dev
           libbenchmark-dev libboost-dev lcov gcovr python3 gnuplot-nox)
# Kernel build (cross, out of tree): the cross gcc/g++/binutils, make, the host
# compiler for scripts/, bc/bison/flex/perl for Kbuild, libssl/libelf headers
# for the host tools (sign-file, objtool, resolve_btfids), kmod for
# depmod, dwarves (pahole) in case BTF is ever enabled, patch for the export
# patch; cpio/gzip for the initramfs, xz-utils for the source tarball, rsync,
# binutils-aarch64 for readelf (library closure of arm64 binaries); the
# armhf cross g++ for check-freestanding's 32-bit ARM check (issue 18).
ARM64_PKGS=(gcc-aarch64-linux-gnu g++-aarch64-linux-gnu binutils-aarch64-linux-gnu
            g++-arm-linux-gnueabihf binutils-arm-linux-gnueabihf
            qemu-system-arm linux-source-6.12 build-essential make gcc libc6-dev
            bc bison flex perl libssl-dev libelf-dev cpio gzip xz-utils kmod
            dwarves rsync patch python3 coreutils)

# amd64: qemu-system-x86 (q35 + HPET MSI), gcc-12/g++-12 (the compiler named by
# the headers' .kernelvariables: x86_64-linux-gnu-gcc-12), make, dwarves
# (pahole 1.24 = the headers' CONFIG_PAHOLE_VERSION), dkms (+ its Depends:
# dpkg-dev, patch, kmod), binutils (readelf: library closure), openssl (dkms
# signs modules with its MOK key when it finds openssl), lintian and xz-utils
# (make deb checks the packages; Debian's modules are xz-compressed).
AMD64_PKGS=(qemu-system-x86 gcc-12 g++-12 make libc6-dev dwarves dkms dpkg-dev patch
            kmod binutils openssl cpio gzip xz-utils rsync python3 coreutils lintian)

# arm (armhf): gcc-12/g++-12-arm-linux-gnueabihf (arm-linux-gnueabihf-gcc-12
# is the CC of the armmp headers' .kernelvariables; the Kbuild's C++ rule
# uses its g++-12 twin), gcc-arm-linux-gnueabihf + libc6-dev-armhf-cross
# (the static user programs), binutils-arm-linux-gnueabihf (readelf: library
# closure), qemu-system-arm (raspi2b), cpio/gzip/python3 (the initramfs).
ARM_PKGS=(gcc-12-arm-linux-gnueabihf g++-12-arm-linux-gnueabihf gcc-arm-linux-gnueabihf
          libc6-dev-armhf-cross binutils-arm-linux-gnueabihf qemu-system-arm make
          cpio gzip rsync python3 coreutils)

usage() { echo "usage: $0 [host|arm64|amd64|arm|all]" >&2; exit 2; }

what="${1:-all}"
case "$what" in
    host)  want=("${HOST_PKGS[@]}") ;;
    arm64) want=("${ARM64_PKGS[@]}") ;;
    amd64) want=("${AMD64_PKGS[@]}") ;;
    arm|armhf) what=arm; want=("${ARM_PKGS[@]}") ;;
    all)   want=("${HOST_PKGS[@]}" "${ARM64_PKGS[@]}" "${AMD64_PKGS[@]}" "${ARM_PKGS[@]}") ;;
    -h|--help) usage ;;
    *) usage ;;
esac

SUDO=()
if [ "$(id -u)" -ne 0 ]; then SUDO=(sudo); fi
export DEBIAN_FRONTEND=noninteractive

is_installed() {
    dpkg-query -W -f='${db:Status-Status}\n' "$1" 2>/dev/null | grep -qx installed
}

t0="$(tx_now)"
missing=()
declare -A seen=()
for p in "${want[@]}"; do
    [ -n "${seen[$p]:-}" ] && continue
    seen[$p]=1
    is_installed "$p" || missing+=("$p")
done

need_update=0
if [ "$what" = arm64 ] || [ "$what" = all ]; then
    if ! dpkg --print-foreign-architectures | grep -qx arm64; then
        tx_log "adding dpkg architecture arm64 (for apt-get download of arm64 .debs only)"
        "${SUDO[@]}" dpkg --add-architecture arm64
        need_update=1
    elif ! apt-cache show busybox-static:arm64 >/dev/null 2>&1; then
        need_update=1   # architecture known but its package lists were never fetched
    fi
fi
if [ "$what" = amd64 ] || [ "$what" = all ]; then
    # fetch-debian.sh amd64 needs the package lists (apt-get download)
    apt-cache show busybox-static >/dev/null 2>&1 || need_update=1
fi
[ "${#missing[@]}" -gt 0 ] && need_update=1

LOG="$TACTUS_LOGS/deps-$what.log"
if [ "$need_update" -eq 1 ]; then
    tx_step "apt-get update" "$LOG" "${SUDO[@]}" apt-get update
fi

if [ "${#missing[@]}" -eq 0 ]; then
    tx_log "deps ($what): all ${#seen[@]} packages already installed"
else
    tx_log "deps ($what): installing ${#missing[@]} package(s): ${missing[*]}"
    tx_step "apt-get install (${#missing[@]} packages)" "$LOG" \
        "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y --no-install-recommends "${missing[@]}"
fi
tx_log "deps ($what) finished in $(tx_elapsed "$t0")s"
