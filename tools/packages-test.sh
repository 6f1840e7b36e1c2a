#!/usr/bin/env bash
# tools/packages-test.sh - stage "packages" of `make test`: what a user of a
# Debian amd64 machine installs, proven end to end without touching this
# machine's /usr, /lib/modules or DKMS state:
#   1. `make deb` (tools/deb.sh): tactus-dkms and tactus-tools, lintian clean;
#   2. both unpacked into a throwaway root (dpkg -x), their contents checked;
#   3. DKMS builds the modules from the unpacked /usr/src/tactus-VER for
#      Debian's stock 6.12 kernel (tools/kernel/dkms-build.sh with that
#      source: a private DKMS tree, modules signed with a throwaway key) and
#      keeps their Module.symvers (dkms.conf's POST_BUILD);
#   4. the unpacked rtai-config answers for the installed layout;
#   5. a user module (tests/install/tx_installed) is built against the
#      unpacked headers and module.mk only, with the symbol versions DKMS
#      kept: no undefined symbol, versions for the Tactus calls it uses;
#   6. QEMU boots Debian's kernel with the DKMS modules and the user module
#      (tests/install/installed.sh): they load, its task runs 200 periods;
#   7. `make install DESTDIR=` into a second throwaway root (modules built for
#      the same kernel, depmod run there): the same layout as the package,
#      and module.mk finds the Module.symvers it installed by itself;
#   8. DKMS builds the packaged sources for Debian's 6.12 PREEMPT_RT kernel,
#      Debian 12's 6.1, stock and PREEMPT_RT, and Debian's armhf armmp 6.12
#      (the 32-bit ARM port; `dkms build -a armv7l` with the cross
#      compilers its headers name), too.
# Prints "TACTUS-CHECK: PASS|FAIL packages/NAME" per check and ends with
# "N passed, N failed".
set -uo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=lib.sh
source "$HERE/lib.sh"

W="$TACTUS_ROOT/build/packages"
rm -rf "$W"
mkdir -p "$W"
passed=0 failed=0
pass() { echo "TACTUS-CHECK: PASS packages/$1"; passed=$((passed + 1)); }
fail() { echo "TACTUS-CHECK: FAIL packages/$1: $2"; failed=$((failed + 1)); }
check() { # NAME CMD...
    local n="$1"
    shift
    if "$@"; then pass "$n"; else fail "$n" "'$*' failed"; fi
}
finish() {
    echo "$passed passed, $failed failed"
    [ "$failed" = 0 ]
    exit $?
}

# 1. the packages
debs="$("$HERE/deb.sh" "$W/deb" 2>"$W/deb.log" | tail -n 2)"
rc=$?
cat "$W/deb.log"
dkms_deb="$(echo "$debs" | grep tactus-dkms_ || true)"
tools_deb="$(echo "$debs" | grep tactus-tools_ || true)"
check deb-built-and-lintian-clean test "$rc" = 0 -a -f "$dkms_deb" -a -f "$tools_deb"
[ -f "$dkms_deb" ] && [ -f "$tools_deb" ] || finish
check lintian-ran grep -q "lintian: no error or warning" "$W/deb.log"

# 2. unpacked into a throwaway root
R="$W/root"
check unpack sh -c "dpkg -x '$dkms_deb' '$R' && dpkg -x '$tools_deb' '$R'"
VER="$(dpkg-deb -f "$dkms_deb" Version)"
for f in usr/bin/tactus usr/bin/rtai-config usr/include/tactus/rtai_sched.h usr/include/tactus/rtai_tbx.h \
    usr/include/tactus/tactus/shm_user.h usr/share/tactus/module.mk usr/share/tactus/tactus-fpu.mk \
    lib/udev/rules.d/60-tactus.rules usr/share/man/man1/tactus.1.gz usr/share/doc/tactus-tools/copyright \
    "usr/src/tactus-$VER/dkms.conf" "usr/src/tactus-$VER/Kbuild" "usr/src/tactus-$VER/sched/scheduler.cpp" \
    "usr/src/tactus-$VER/tools/kernel/dkms-keep-symvers.sh"; do
    check "has-$f" test -f "$R/$f"
done
check no-tests-in-the-source sh -c "! test -e '$R/usr/src/tactus-$VER/tests'"
check dkms-postinst-registers sh -c "dpkg-deb -e '$dkms_deb' '$W/dkms-control' && grep -q 'common.postinst tactus $VER' '$W/dkms-control/postinst'"

# 3. DKMS from the unpacked sources
moddir="$(TACTUS_DKMS_SOURCE="$R/usr/src/tactus-$VER" "$HERE/kernel/dkms-build.sh" stock 2>"$W/dkms.log" | tail -n 1)"
cat "$W/dkms.log"
check dkms-build-from-the-package test -d "$moddir"
symvers="$(dirname "$moddir")/Module.symvers"
check dkms-kept-module-symvers grep -q "rt_task_init" "$symvers"
[ -d "$moddir" ] || finish
KDIR="$("$HERE/kernel/debian-kdir-amd64.sh" stock)"
KREL="$(sed -n 's/^#define UTS_RELEASE "\(.*\)"/\1/p' "$KDIR/include/generated/utsrelease.h")"

# 4. rtai-config in the installed layout
check rtai-config-installed-cflags test "$("$R/usr/bin/rtai-config" --module-cflags)" = "-I. -I$R/usr/include/tactus"
check rtai-config-installed-config test "$("$R/usr/bin/rtai-config" --config)" = "$R/usr/include/tactus/rtai_config.h"

# 5. a user module against the installed headers only
U="$W/user"
cp -r "$TACTUS_ROOT/tests/install/tx_installed" "$U"
make -C "$KDIR" M="$U" TACTUS_PREFIX="$R/usr" TACTUS_SYMVERS="$symvers" modules >"$W/user-build.log" 2>&1
rc=$?
cat "$W/user-build.log"
check user-module-built test "$rc" = 0 -a -f "$U/tx_installed.ko"
check user-module-no-undefined-symbols sh -c "! grep -q 'undefined' '$W/user-build.log'"
# The module carries the CRC of rt_task_init that the DKMS build exported.
crc_mod="$(/sbin/modprobe --dump-modversions "$U/tx_installed.ko" 2>/dev/null | awk '$2 == "rt_task_init" { print $1 }')"
crc_sym="$(awk '$2 == "rt_task_init" { print $1 }' "$symvers" 2>/dev/null)"
check "user-module-versions-tactus-calls ($crc_mod = $crc_sym)" test -n "$crc_mod" -a "$crc_mod" = "$crc_sym"
check user-module-depends-on-tactus_sched sh -c "modinfo -F depends '$U/tx_installed.ko' | grep -q tactus_sched"
# The headers of the source tree are not reachable from the build: the
# module saw only the installed ones.
check user-module-used-the-installed-headers grep -q "$R/usr/include/tactus/rtai_sched.h" "$U/.tx_installed.o.cmd"
check posix-user-module-built test -f "$U/tx_installed_posix.ko"
check posix-user-module-used-the-installed-posix-headers grep -q "$R/usr/include/tactus/posix/pthread.h" "$U/.tx_installed_posix.o.cmd"

# 6. boot them
mods="$W/mods"
mkdir -p "$mods"
for ko in "$moddir"/*.ko*; do
    case "$ko" in
    *.ko.xz) xz -dc "$ko" >"$mods/$(basename "$ko" .xz)" ;;
    *.ko.zst) zstd -qdc "$ko" >"$mods/$(basename "$ko" .zst)" ;;
    *.ko.gz) gzip -dc "$ko" >"$mods/$(basename "$ko" .gz)" ;;
    *) cp "$ko" "$mods/" ;;
    esac
done
cp "$U/tx_installed.ko" "$U/tx_installed_posix.ko" "$mods/"
adds=()
for ko in "$mods"/*.ko; do adds+=(--add "$ko:/lib/modules/"); done
adds+=(--add "$TACTUS_ROOT/tests/qemu/scripts/sched-lib.sh:/tests/" --add "$TACTUS_ROOT/tests/install/installed.sh:/tests/")
cpio="$W/initramfs.cpio.gz"
check initramfs "$TACTUS_ROOT/tools/qemu/mkinitramfs.sh" "$cpio" --arch amd64 "${adds[@]}"
"$TACTUS_ROOT/tools/qemu/run.sh" x86_64 --kernel debian --initrd "$cpio" --test installed \
    --log "$W/boot.log" --smp 1 --icount --seed 1 --timeout 300 >&2
rc=$?
grep "TACTUS-CHECK\|tx_installed" "$W/boot.log"
check boot-ran-the-installed-module test "$rc" = 0
check boot-checks-all-pass sh -c "grep -q 'TACTUS-CHECK: PASS installed/periodic-jobs-then-semaphore' '$W/boot.log' && ! grep -q 'TACTUS-CHECK: FAIL' '$W/boot.log'"
check boot-posix-module-checks-pass sh -c "grep -q 'TACTUS-CHECK: PASS installed/relayed-through-cond-mq-sem' '$W/boot.log' && grep -q 'TACTUS-CHECK: PASS installed/ticks-never-early' '$W/boot.log'"

# 7. make install into a second throwaway root
I="$W/install-root"
DESTDIR="$I" KVER="$KREL" KDIR="$KDIR" "$HERE/install.sh" >"$W/install.log" 2>&1
rc=$?
cat "$W/install.log"
check make-install test "$rc" = 0
check install-modules test -f "$I/lib/modules/$KREL/extra/tactus_sched.ko"
check install-depmod grep -q "extra/tactus_sched.ko" "$I/lib/modules/$KREL/modules.dep"
check install-symvers grep -q "rt_task_init" "$I/usr/share/tactus/symvers/$KREL/Module.symvers"
# module.mk finds the installed Module.symvers by itself.
U2="$W/user2"
cp -r "$TACTUS_ROOT/tests/install/tx_installed" "$U2"
make -C "$KDIR" M="$U2" TACTUS_PREFIX="$I/usr" modules >"$W/user2-build.log" 2>&1
rc=$?
check user-module-finds-the-installed-symvers sh -c "test $rc = 0 && ! grep -q 'undefined\|no Module.symvers' '$W/user2-build.log'"
# 8. DKMS also builds the packaged sources for Debian's 6.12 PREEMPT_RT and
#    Debian 12's default 6.1 kernels, stock and PREEMPT_RT, and for Debian's
#    armhf armmp 6.12.
for fl in rt stock61 rt61 armhf; do
    md="$(TACTUS_DKMS_SOURCE="$R/usr/src/tactus-$VER" "$HERE/kernel/dkms-build.sh" "$fl" 2>"$W/dkms-$fl.log" | tail -n 1)"
    cat "$W/dkms-$fl.log"
    check "dkms-build-$fl" sh -c "test -d '$md' && ls '$md' | grep -q '^tactus_sched.ko' && grep -q rt_task_init '$(dirname "$md")/Module.symvers'"
done
check install-same-user-side-as-the-package sh -c "diff -r '$R/usr/include/tactus' '$I/usr/include/tactus' && cmp '$R/usr/share/tactus/module.mk' '$I/usr/share/tactus/module.mk'"
finish
