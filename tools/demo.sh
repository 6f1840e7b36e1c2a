#!/usr/bin/env bash
# tools/demo.sh - `make demo`: build what is missing and show Tactus running.
#   ARCH=arm64 (default): boot the QEMU demo (kernel modules, real-time task
#                         next to a Linux hrtimer, Linux kept busy).
#   ARCH=x86_64:          the same on Debian's stock amd64 kernel.
#   ARCH=arm:             the same on Debian's stock armmp kernel (raspi2b, FIQ).
#   ARCH=host:            the host simulation of the classic example.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
arch="${ARCH:-arm64}"
case "$arch" in
    arm64|x86_64|arm) exec "$root/tools/qemu/demo-qemu.sh" "$arch" ;;
esac
if [ "$arch" != host ]; then
    echo "[tactus] no $arch demo yet: running the host simulation instead" >&2
fi
"$root/tools/deps.sh" host
cmake -S "$root/tests/host" -B "$root/build/host" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$root/build/host" -j "${TACTUS_JOBS:-2}" --target tactus_host_demo >/dev/null
exec "$root/build/host/tactus_host_demo"
