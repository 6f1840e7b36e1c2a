#!/bin/sh
# tools/kernel/dkms-keep-symvers.sh DIR - dkms.conf's POST_BUILD: run by DKMS
# in its build directory after each build, it keeps the build's
# Module.symvers in DIR (DKMS's directory of this kernel and architecture,
# /var/lib/dkms/tactus/VER/KVER/ARCH), where a user module's Kbuild finds it
# (mk/module.mk, installed as /usr/share/tactus/module.mk): DKMS deletes the
# build directory afterwards.
set -e
[ $# -eq 1 ] || { echo "usage: $0 DIR" >&2; exit 2; }
[ -f Module.symvers ] || { echo "dkms-keep-symvers: no Module.symvers in $(pwd)" >&2; exit 1; }
mkdir -p "$1"
cp Module.symvers "$1/Module.symvers"
echo "kept Module.symvers in $1"
