#!/usr/bin/env bash
# tools/kernel/stage-dkms-source.sh TREE DEST - copy what a user's
# /usr/src/tactus-<version> holds (the DKMS source: dkms.conf, Kbuild, the
# module sources, the one tool module tactus_latency.c and the DKMS hook
# dkms-keep-symvers.sh; no tests, examples, docs or host port) from the
# source tree TREE into DEST (made, or brought up to date). Used by
# dkms-build.sh and tools/deb.sh (the tactus-dkms package).
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 TREE DEST" >&2; exit 2; }
tree="$1" dest="$2"
mkdir -p "$dest"
rsync -a --delete --exclude /build --exclude .git --exclude /tests \
    --include /tools/ --include /tools/tactus/ --include /tools/tactus/tactus_latency.c \
    --include /tools/kernel/ --include /tools/kernel/dkms-keep-symvers.sh --exclude '/tools/**' \
    --exclude /examples --exclude /docs --exclude /arch/host \
    --include '*/' --include '*.c' --include '*.h' --include '*.cpp' --include '*.hpp' \
    --include '*.S' --include '*.mk' --include '/Kbuild' --include '/dkms.conf' \
    --include 'LICENSE' --exclude '*' --prune-empty-dirs \
    "$tree/" "$dest/"
