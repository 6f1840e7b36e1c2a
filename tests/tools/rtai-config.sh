#!/bin/sh
# tests/tools/rtai-config.sh - tools/rtai-config/rtai-config: RTAI's options
# answered for this tree, a made-up kernel directory's release, RTAI's
# aliases, several options at once, and an unknown option (exit 2, usage on
# stderr). Prints "TACTUS-CHECK: PASS|FAIL name" per check and ends with
# "N passed, N failed". Also the installed layout (PREFIX/bin, PREFIX/include/tactus).
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=lib.sh
. "$here/lib.sh"
root=$(cd "$here/../.." && pwd)
cfg="$root/tools/rtai-config/rtai-config"
run() { out=$("$cfg" "$@" 2>"$work/err"); rc=$?; err=$(cat "$work/err"); }

run --version
expect_rc version 0
same version "$out" "5.3"
run --prefix
same prefix "$out" "$root"
run --config
same config "$out" "$root/api/include/rtai_config.h"
[ -f "$out" ] && pass config-exists || bad config-exists "$out"
run --module-cflags
same module-cflags "$out" "-I. -I$root/api/include"
run --kernel-cxxflags
same kernel-cxxflags-alias "$out" "-I. -I$root/api/include"
run --module-ext
same module-ext "$out" ".ko"
mkdir -p "$work/kdir/include/config"
echo 6.1.0-99-amd64 >"$work/kdir/include/config/kernel.release"
out=$(TACTUS_KDIR="$work/kdir" "$cfg" --linux-dir --linux-version); rc=$?
expect_rc linux 0
same linux-dir-and-version "$out" "$work/kdir
6.1.0-99-amd64"
out=$(TACTUS_PREFIX=/opt/tactus "$cfg" --prefix --lxrt-cflags); rc=$?
same prefix-override "$out" "/opt/tactus
-I. -I/opt/tactus/api/include"
run --arch
case "$out" in x86 | arm64) pass arch-named ;; *) [ "$out" = "$(uname -m)" ] && pass arch-named || bad arch-named "'$out'" ;; esac
run --bogus
expect_rc unknown-option 2
same unknown-option-stdout-empty "$out" ""
if echo "$err" | grep -q "unknown option '--bogus'" && echo "$err" | grep -q -- '--module-cflags'; then
	pass unknown-option-usage
else
	bad unknown-option-usage "$err"
fi
run --help
expect_rc help 0
has help-lists-options 'linux-version +its release'
# The flags build a module: a C file using RTAI's headers compiles with them
# (the host compiler stands in for the kernel's, headers only).
printf '#include <rtai_sched.h>\n#include <rtai_sem.h>\n#include <rtai_tasklets.h>\nint f(void) { return RT_SCHED_LOWEST_PRIORITY > 0 && CONFIG_RTAI_TASKLETS; }\n' >"$work/m.c"
# shellcheck disable=SC2046 # the flags are words
if (cd "$work" && cc -fsyntax-only $("$cfg" --module-cflags) m.c 2>"$work/cc.err"); then
	pass module-cflags-find-the-headers
else
	bad module-cflags-find-the-headers "$(cat "$work/cc.err")"
fi
# Installed (make install, tactus-tools): PREFIX/bin/rtai-config answers for
# PREFIX, with the headers in PREFIX/include/tactus.
mkdir -p "$work/inst/bin" "$work/inst/include/tactus"
cp "$cfg" "$work/inst/bin/rtai-config"
cp "$root/api/include/rtai_config.h" "$work/inst/include/tactus/"
out=$("$work/inst/bin/rtai-config" --prefix --module-cflags --config); rc=$?
expect_rc installed 0
same installed-layout "$out" "$work/inst
-I. -I$work/inst/include/tactus
$work/inst/include/tactus/rtai_config.h"
finish
