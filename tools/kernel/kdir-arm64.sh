#!/usr/bin/env bash
# tools/kernel/kdir-arm64.sh [normal|debug] - print the cached O= build tree
# of the current arm64 kernel configuration (the KDIR for out-of-tree modules:
# make -C "$(tools/kernel/kdir-arm64.sh)" M=$PWD ARCH=arm64 \
#      CROSS_COMPILE=aarch64-linux-gnu- modules).
# Exits 1 with a hint when that configuration has not been built yet
# (tools/kernel/build-arm64.sh [normal|debug] builds it).
set -euo pipefail
exec "$(dirname "${BASH_SOURCE[0]}")/build-arm64.sh" "${1:-normal}" --print-kdir
