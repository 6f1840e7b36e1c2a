#!/usr/bin/env bash
# tools/qemu/test-qemu.sh ARCH [--no-debug|--kasan|--kernel61] [--boot BOOT]... [--list|--build-only] [NAME...]
#
# The QEMU integration suite of one architecture, ARCH = arm64, x86_64 or
# arm (stages qemu-arm64 and qemu-x86_64 of `make test`; arm, the 32-bit
# port on Debian's armmp kernel under -M raspi2b: stage qemu-arm runs part
# of it, `make test-arm` all):
#  1. builds the modules (tools/kernel/build-modules.sh), the test user
#     programs (tests/qemu/modules/user/*.c) and ONE initramfs with
#     everything: every .ko in /lib/modules, every tests/qemu/scripts/*.sh in
#     /tests, the user programs in /usr/bin (and build-modules.sh's user/ as
#     /usr/bin/user). arm64: against our normal kernel (built first: a cache
#     hit normally), and the same against the debug kernel (lockdep,
#     PROVE_RCU, PREEMPT, ...) when a selected test asks for a debug boot
#     (skip with --no-debug). x86_64: against Debian's stock amd64 6.12
#     headers (no kernel build; the kernel and headers are fetched when
#     missing), initramfs --arch amd64; arm: the same with Debian's armhf
#     armmp headers and kernel, initramfs --arch armhf;
#  2. boots each test in its own QEMU (tools/qemu/run.sh ARCH --stop-on-stall:
#     a guest that reports an RCU stall or a lockup is stopped 10 s later;
#     x86_64: --kernel debian), with a host timeout per boot: the
#     deterministic (icount) boots first, TACTUS_QEMU_LANES at a time
#     (default 2 on a host with 2 CPUs or more, 1 otherwise), then the
#     real-time ones one at a time; prints a progress line per boot as it
#     ends (numbered in plan order); a guest whose kernel failed
#     before init ran (none of our code loaded yet) is booted again (twice at most) and
#     listed in the summary;
#  3. prints a table (test, boot, checks, wall time), the boots booted again,
#     the metrics the tests reported, the stage times, the failed checks and
#     last the line "N passed, N failed" (what tools/test.sh counts).
#
# Which tests: every tests/qemu/scripts/NAME.sh except demo, first, cost,
# profile and *-lib.sh (helpers that others source), and except those whose
# header names other architectures only:
#     # tactus-arch: ARCH [ARCH...]            (default: every architecture)
# NAME... on the command line selects some (e.g. `test-qemu.sh arm64 sched-rr
# fifo-basic`); --boot BOOT (repeatable) keeps only the boots of that kind
# (e.g. `--boot icount`). --list prints the plan and exits; --build-only
# builds the normal variant's modules and initramfs, prints the initramfs's
# path as its last line and exits (tools/bench/paths.sh). --kernel61
# (x86_64): the same on Debian 12's default kernel, 6.1 (modules built
# against its headers, tools/kernel/debian61-amd64.sh; logs in
# build/logs/qemu-x86_64-6.1). --kasan (arm64,
# `make test-debug`): one boot per test (its last that is not a debug boot;
# icount becomes smp1: no timing asserted) on the KASAN + kmemleak kernel
# (arch/arm64/kernel/kasan.config), timeouts x4, logs in
# build/logs/qemu-kasan.
#
# How each test boots: a header line in the script
#     # tactus-boots: BOOT [BOOT...]          (default: icount smp2)
#     # tactus-timeout: SECONDS               (host limit per boot, default 120;
#                                              doubled on arm (raspi2b is slower);
#                                              doubled on the debug kernel)
#     # tactus-after-panic: SECONDS           (the test panics Linux on purpose:
#                                              stop QEMU that long after the panic,
#                                              or when it writes TACTUS-AFTER-PANIC: done;
#                                              tests/qemu/host/NAME.sh LOG BOOT then
#                                              reads the log on the host and prints
#                                              more TACTUS-CHECK lines)
#     # tactus-qemu: ARG...                   (more QEMU arguments for every boot
#                                              of the test, e.g. -device edu)
# BOOT is a '+'-joined set of:
#     icount  --smp 1 --icount --seed 1 (TACTUS_SEED=N: another) and tactus.timing=1 on the kernel
#             command line: deterministic time (arm64 -icount shift=4, x86_64
#             shift=5), the only boots where a test asserts timing
#             (tx_timing in sched-lib.sh)
#     smp1    --smp 1, real time (functional)
#     smp2    --smp 2, real time (functional; the default base)
#     max     --cpu max (QEMU's newest CPU model) instead of the default
#             (arm64: cortex-a57; x86_64: qemu64 without cmpxchg16b, where max adds XSAVE/AVX and has it)
#     debug   the debug kernel and modules built against it (arm64 only:
#             such boots are left out of the x86_64 plan)
#     none    (alone) not booted by the suite; named on the command line, booted
#             smp2 (or as --boot says): tests run by hand or by other tools
# e.g. "# tactus-boots: icount smp2 smp2+max debug" boots that test 4 times.
#
# Checks: a boot's script prints "TACTUS-CHECK: PASS|FAIL|SKIP <name>..."
# lines; each PASS/FAIL counts as one check, SKIPs are listed but not
# counted. Every boot adds one check "<test>@<boot>/boot": the script exited
# 0, the guest powered off in time, and init.sh's dmesg scan found no
# BUG/WARNING/Oops/lockdep/RCU report (TACTUS-DMESG-ISSUES: 0).
# "TACTUS-METRIC: <test> key=value" lines are collected into the summary.
# A kernel line printed while the script writes one of its check lines lands
# inside it on the serial console ("TACTUS-CHECK: PA[   16.90] tactus: ...",
# the rest "SS name" on the next line); check_lines() puts such a line back
# together, so that the check still counts.
#
# Logs: serial consoles in build/logs/qemu/<test>@<boot>.log (arm64) and
# build/logs/qemu-x86_64/<test>@<boot>.log (x86_64); build steps in
# build/logs/. Exit status 0 iff nothing failed.
set -uo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../lib.sh
source "$HERE/../lib.sh"
root="$TACTUS_ROOT"

# shellcheck source=arch.sh
source "$HERE/arch.sh"

usage() { tx_header >&2; exit 2; }
[ $# -ge 1 ] || usage
case "$1" in -*) usage ;; esac
qemu_arch "$1"; shift
arch="$QEMU_ARCH"
case "$arch" in
    arm64)
        ARCHES=" arm64 aarch64 "            # names a tactus-arch header may use
        USER_CC=("${TACTUS_CROSS}gcc")
        QLOGS="$TACTUS_LOGS/qemu" ;;
    x86_64)
        ARCHES=" x86_64 amd64 x86 "
        USER_CC=(gcc)
        QLOGS="$TACTUS_LOGS/qemu-x86_64" ;;
    arm)
        ARCHES=" arm armhf "
        # the guest's Cortex-A7 has NEON (d16-d31: the FPU test's
        # registers); Debian's armhf default is vfpv3-d16
        USER_CC=(arm-linux-gnueabihf-gcc -mfpu=neon-vfpv4)
        QLOGS="$TACTUS_LOGS/qemu-arm" ;;
esac
no_debug=0 list_only=0 build_only=0 select=() only_boots=" " kasan=0 kernel61=0
while [ $# -gt 0 ]; do
    case "$1" in
        --no-debug) no_debug=1 ;;
        --kernel61) kernel61=1 ;;
        --kasan) kasan=1 ;;
        --boot) [ $# -ge 2 ] || usage; only_boots="$only_boots$2 "; shift ;;
        --list) list_only=1 ;;
        --build-only) build_only=1 no_debug=1 ;;
        -h|--help) usage ;;
        -*) echo "unknown option '$1'" >&2; usage ;;
        *) select+=("$1") ;;
    esac
    shift
done

if [ $kasan = 1 ]; then
    [ "$arch" = arm64 ] || tx_die "--kasan: arm64 only (our kernel; x86_64 runs Debian's)"
    QLOGS="$QLOGS-kasan"
fi
if [ $kernel61 = 1 ]; then
    [ "$arch" = x86_64 ] || tx_die "--kernel61: x86_64 only (Debian 12's default kernel, 6.1)"
    QLOGS="$QLOGS-6.1"
    QEMU_KERNEL=debian61
fi
T_ALL="$(tx_now)"
stage_times=()
# The TACTUS-CHECK lines of a serial log, verdict first ("PASS name..."). A
# line whose text before a kernel record ("[ 12.345678] ") is a proper prefix
# of a check's header is joined with the line after the record (where the
# rest of it went); a header already complete counts as it is.
check_lines() {
    tr -d '\r' <"$1" | awk '
        function header_prefix(t, v) {
            for (v in heads) if (length(t) < length(heads[v]) && index(heads[v], t) == 1) return 1
            return 0
        }
        BEGIN { heads[1] = "TACTUS-CHECK: PASS "; heads[2] = "TACTUS-CHECK: FAIL "; heads[3] = "TACTUS-CHECK: SKIP " }
        {
            line = held $0; held = ""
            if (match(line, /\[ *[0-9]+\.[0-9]+\] /) && RSTART > 1 && header_prefix(substr(line, 1, RSTART - 1))) {
                held = substr(line, 1, RSTART - 1)
                next
            }
            print line
        }' | grep -a 'TACTUS-CHECK: ' | sed 's/.*TACTUS-CHECK: //'
}
stage_done() { stage_times+=("$(printf '%-34s %7ss' "$1" "$(tx_elapsed "$2")")"); }

passed=0 failed=0 skipped=0
fail_lines=() skip_lines=() retried_lines=() metric_lines=() rows=()

# A failure before any boot (build): count it and finish.
abort() {
    tx_log "ERROR: $1"
    failed=$((failed + 1))
    fail_lines+=("build: $1")
    finish
}

finish() {
    echo
    echo "QEMU $arch suite: $(( ${#rows[@]} )) boot(s)"
    if [ ${#rows[@]} -gt 0 ]; then
        printf '  %-26s %-12s %-6s %6s %6s %5s %8s\n' TEST BOOT RESULT PASS FAIL SKIP WALL
        printf '  %s\n' "${rows[@]}"
    fi
    if [ ${#retried_lines[@]} -gt 0 ]; then
        echo "Booted again (${#retried_lines[@]} time(s): the kernel failed before init; a third failure counts):"
        printf '  %s\n' "${retried_lines[@]}"
    fi
    if [ ${#skip_lines[@]} -gt 0 ]; then
        echo "Skipped (not counted):"
        printf '  %s\n' "${skip_lines[@]}"
    fi
    if [ ${#metric_lines[@]} -gt 0 ]; then
        echo "Metrics:"
        printf '  %s\n' "${metric_lines[@]}"
    fi
    echo "Stage times:"
    [ ${#stage_times[@]} -gt 0 ] && printf '  %s\n' "${stage_times[@]}"
    printf '  %-34s %7ss\n' "total" "$(tx_elapsed "$T_ALL")"
    [ "$skipped" -gt 0 ] && echo "$skipped skipped"
    # Last before the counts: a CI log that keeps only its tail still names them.
    if [ ${#fail_lines[@]} -gt 0 ]; then
        echo "Failed checks:"
        printf '  %s\n' "${fail_lines[@]}"
    fi
    echo "$passed passed, $failed failed"
    [ "$failed" -eq 0 ]
    exit $?
}

# ---- Discovery ------------------------------------------------------------
EXCLUDE=" demo first cost profile "
BY_NAME_ONLY=" soak "               # long runs: only when named (make soak)
tests=() boots=() timeouts=() qemu_args=() after_panics=()
for f in "$root"/tests/qemu/scripts/*.sh; do
    [ -f "$f" ] || continue
    name="$(basename "$f" .sh)"
    case "$EXCLUDE" in *" $name "*) continue ;; esac
    case "$BY_NAME_ONLY" in *" $name "*) [ ${#select[@]} -gt 0 ] || continue ;; esac
    case "$name" in *-lib) continue ;; esac
    if [ ${#select[@]} -gt 0 ]; then
        keep=0
        for s in "${select[@]}"; do [ "$s" = "$name" ] && keep=1; done
        [ $keep = 1 ] || continue
    fi
    a="$(sed -n 's/^#[[:space:]]*tactus-arch:[[:space:]]*//p' "$f" | head -n 1)"
    if [ -n "$a" ]; then
        keep=0
        for x in $a; do case "$ARCHES" in *" $x "*) keep=1 ;; esac; done
        [ $keep = 1 ] || continue
    fi
    b="$(sed -n 's/^#[[:space:]]*tactus-boots:[[:space:]]*//p' "$f" | head -n 1)"
    b="${b:-icount smp2}"
    # 'none': only when named (a by-hand test), then booted smp2 unless --boot says
    if [ "$b" = none ]; then [ ${#select[@]} -gt 0 ] || continue; b=smp2; fi
    to="$(sed -n 's/^#[[:space:]]*tactus-timeout:[[:space:]]*\([0-9]*\).*/\1/p' "$f" | head -n 1)"
    qa="$(sed -n 's/^#[[:space:]]*tactus-qemu:[[:space:]]*//p' "$f" | head -n 1)"
    ap="$(sed -n 's/^#[[:space:]]*tactus-after-panic:[[:space:]]*\([0-9]*\).*/\1/p' "$f" | head -n 1)"
    tests+=("$name"); boots+=("$b"); timeouts+=("${to:-120}"); qemu_args+=("$qa"); after_panics+=("$ap")
done
for s in "${select[@]+"${select[@]}"}"; do
    found=0
    for t in "${tests[@]+"${tests[@]}"}"; do [ "$t" = "$s" ] && found=1; done
    [ $found = 1 ] || tx_die "no $arch test '$s' (tests/qemu/scripts/$s.sh, not excluded, tactus-arch allows $arch)"
done

# boot_args TOKEN: sets B_ARGS (run.sh options) and B_KERNEL (normal|debug).
boot_args() {
    local part base=""
    B_ARGS=() B_KERNEL=normal
    local IFS=+
    for part in $1; do
        case "$part" in
            icount) base=icount; B_ARGS+=(--smp 1 --icount --seed "${TACTUS_SEED:-1}" --append tactus.timing=1) ;;
            smp1) base=smp1; B_ARGS+=(--smp 1) ;;
            smp2) base=smp2; B_ARGS+=(--smp 2) ;;
            max) B_ARGS+=(--cpu max) ;;
            debug) B_KERNEL=debug ;;
            *) return 1 ;;
        esac
    done
    [ -n "$base" ] || B_ARGS+=(--smp 2)
    # --kasan: every boot on the KASAN + kmemleak kernel
    if [ $kasan = 1 ]; then
        [ "$B_KERNEL" = debug ] && B_KERNEL=skip || B_KERNEL=kasan
    fi
    return 0
}

# --kasan: one boot per test, the last of its list that is not a debug boot,
# and no deterministic timing (KASAN slows every kernel path: a latency
# bound means nothing there): icount becomes smp1.
if [ $kasan = 1 ]; then
    for i in "${!tests[@]}"; do
        last=""
        for b in ${boots[$i]}; do case "$b" in *debug*) ;; *) last="$b" ;; esac; done
        [ "$last" = icount ] && last=smp1
        boots[i]="${last:-smp2}"
    done
fi
plan=() need_debug=0
for i in "${!tests[@]}"; do
    for b in ${boots[$i]}; do
        boot_args "$b" || tx_die "tests/qemu/scripts/${tests[$i]}.sh: unknown boot '$b' in its tactus-boots line"
        [ "$B_KERNEL" = skip ] && continue
        if [ "$B_KERNEL" = debug ]; then
            [ "$arch" = arm64 ] || continue   # no debug kernel on x86_64 (Debian's)
            [ $no_debug = 1 ] && continue
        fi
        [ "$only_boots" = " " ] || case "$only_boots" in *" $b "*) ;; *) continue ;; esac
        [ "$B_KERNEL" = debug ] && need_debug=1
        plan+=("$i $b")
    done
done
if [ $list_only = 1 ]; then
    for p in "${plan[@]}"; do
        i="${p%% *}" b="${p#* }"
        boot_args "$b"
        printf '%-26s %-12s run.sh %s %s%s%s\n' "${tests[$i]}" "$b" "$arch" "${B_ARGS[*]}" \
            "${qemu_args[$i]:+ ${qemu_args[$i]}}" "$([ "$B_KERNEL" = debug ] && echo ' (debug kernel)')"
    done
    exit 0
fi
tx_log "QEMU $arch suite: ${#tests[@]} test(s), ${#plan[@]} boot(s)$([ $no_debug = 1 ] && echo ', debug boots skipped')"

# ---- Builds ---------------------------------------------------------------
# build_variant VARIANT: kernel, modules, initramfs; sets CPIO_<variant>.
# arm64: normal|debug (our kernels); x86_64: normal = Debian's stock kernel
# (build-modules.sh x86_64 stock).
if [ "$arch" = arm64 ]; then
    user_out="$root/build/qemu-tests/user"
    qt_tag=""                              # arm64 file names as before
else
    user_out="$root/build/qemu-tests/user-$arch"
    qt_tag="$arch-"
    [ $kernel61 = 1 ] && qt_tag="$arch-6.1-"
fi
build_user() {
    mkdir -p "$user_out"
    local src bin
    for src in "$root"/tests/qemu/modules/user/*.c; do
        [ -f "$src" ] || continue
        bin="$user_out/$(basename "${src%.c}")"
        if [ ! -f "$bin" ] || [ "$src" -nt "$bin" ] ||
            [ -n "$(find "$root/tests/qemu/modules" -maxdepth 1 -name '*.h' -newer "$bin")" ]; then
            "${USER_CC[@]}" -static -O2 -Wall -Wextra -Werror -I"$root/api/include" -o "$bin" "$src" -lm ||
                return 1
        fi
    done
}

build_variant() {
    local v="$1" t0 mods ko f adds=() mod_arch="$arch" mod_variant="$1"
    t0="$(tx_now)"
    if [ "$arch" = arm64 ]; then
        if ! "$root/tools/kernel/build-arm64.sh" "$v" >/dev/null; then
            abort "$v kernel build failed (log: $TACTUS_LOGS/kernel-arm64-$v.log)"
        fi
        stage_done "kernel ($v)" "$t0"
    else
        # Debian's stock image (run.sh's --kernel debian, or debian61), fetched once
        mod_variant=stock
        [ $kernel61 = 1 ] && mod_variant=stock61
        if ! qemu_kernel_image "$QEMU_KERNEL" >/dev/null; then
            abort "fetching Debian's $QEMU_DEB kernel ($QEMU_KERNEL) failed (logs: $TACTUS_LOGS/fetch-debian-$QEMU_DEB.log, debian61-amd64.log)"
        fi
        stage_done "kernel (Debian $mod_variant $QEMU_DEB)" "$t0"
    fi
    t0="$(tx_now)"
    if ! mods="$("$root/tools/kernel/build-modules.sh" "$mod_arch" "$mod_variant" | tail -n 1)"; then
        abort "module build against the $mod_variant kernel failed (log: $TACTUS_LOGS/modules-$mod_arch-$mod_variant.log)"
    fi
    stage_done "modules ($mod_variant)" "$t0"
    t0="$(tx_now)"
    for ko in "$mods"/*.ko "$mods"/examples/*/*.ko "$mods"/tests/qemu/modules/*.ko; do
        [ -f "$ko" ] && adds+=(--add "$ko:/lib/modules/")
    done
    for f in "$root"/tests/qemu/scripts/*.sh; do adds+=(--add "$f:/tests/"); done
    [ -d "$mods/user" ] && adds+=(--add "$mods/user:/usr/bin/")
    for f in "$user_out"/*; do [ -f "$f" ] && adds+=(--add "$f:/usr/bin/"); done
    adds+=(--add "$root/tools/tactus/tactus:/usr/bin/")
    local cpio="$root/build/qemu-tests/initramfs-$qt_tag$v.cpio.gz"
    local mlog="$root/build/qemu-tests/mkinitramfs-$qt_tag$v.log"
    if ! "$HERE/mkinitramfs.sh" "$cpio" --arch "$QEMU_DEB" "${adds[@]}" >/dev/null 2>"$mlog"; then
        abort "initramfs ($v) failed: $(tail -n 3 "$mlog" | tr '\n' ' ')"
    fi
    stage_done "initramfs ($v)" "$t0"
    printf -v "CPIO_$v" '%s' "$cpio"
}

mkdir -p "$root/build/qemu-tests" "$QLOGS"
t0="$(tx_now)"
build_user || abort "test user programs (tests/qemu/modules/user/*.c) do not compile for $arch"
stage_done "user programs" "$t0"
if [ $build_only = 1 ]; then
    build_variant normal
    # shellcheck disable=SC2154 # set by build_variant (printf -v)
    echo "$CPIO_normal"
    exit 0
fi
if [ $kasan = 1 ]; then
    build_variant kasan
else
    build_variant normal
    [ $need_debug = 1 ] && build_variant debug
fi

# ---- Boots ----------------------------------------------------------------
# Deterministic boots (icount: one QEMU thread, virtual time counted in
# instructions, so host load changes their wall time and nothing they
# measure) run in up to TACTUS_QEMU_LANES at once (default: 2 where the
# host has 2 CPUs or more), before the others. A boot in real time (smp2,
# debug) runs alone: its latency and stall checks see host time. Each boot
# is reported when it ends, with its number in the plan; the summary table
# is in plan order.
lanes="${TACTUS_QEMU_LANES:-$(($(nproc) >= 2 ? 2 : 1))}"
[ "$lanes" -ge 1 ] 2>/dev/null || tx_die "TACTUS_QEMU_LANES=$lanes: a number, 1 or more"

# prepare_boot K: the settings of plan entry K (name, b, to, kernel,
# cpio_var, log, B_ARGS, T_QEMU, deterministic). No side effects.
prepare_boot() {
    local p="${plan[$1]}"
    i="${p%% *}" b="${p#* }"
    name="${tests[$i]}" to="${timeouts[$i]}"
    boot_args "$b"
    # TACTUS_APPEND: more kernel arguments for every boot (make soak SOAK=N)
    [ -z "${TACTUS_APPEND:-}" ] || B_ARGS+=(--append "$TACTUS_APPEND")
    # 6.1's boot-time TSC synchronization test finds TCG's vCPUs a few cycles
    # apart and marks the TSC unstable, and Tactus then has no time base
    # (6.12 does not; docs/x86_64-port.md, "Kernels"): say what a machine with
    # an invariant TSC guarantees.
    [ $kernel61 = 1 ] && B_ARGS+=(--append tsc=reliable)
    cpio_var="CPIO_$B_KERNEL"
    kernel="$QEMU_KERNEL"
    if [ "$B_KERNEL" = debug ]; then kernel=tactus-debug; to=$((to * 2)); fi
    # raspi2b is the slowest board here in host time (fifo-basic at icount:
    # 23 s of guest time took 190 s of wall time; on x86_64 the boot takes
    # 25 s): this is a host limit, not a guest-time bound.
    [ "$arch" = arm ] && to=$((to * 2))
    if [ "$B_KERNEL" = kasan ]; then kernel=tactus-kasan; to=$((to * 4)); fi
    log="$QLOGS/$name@$b.log"
    T_QEMU=()
    for qa in ${qemu_args[$i]}; do T_QEMU+=(--qemu-arg "$qa"); done
    [ -z "${after_panics[$i]}" ] || T_QEMU+=(--after-panic "${after_panics[$i]}")
    deterministic=0
    case " ${B_ARGS[*]} " in *" --icount "*) deterministic=1 ;; esac
}

boot() {
    "$HERE/run.sh" "$arch" --kernel "$kernel" --initrd "${!cpio_var}" --test "$name" --log "$log" \
        --timeout "$to" --stop-on-stall "${B_ARGS[@]}" "${T_QEMU[@]+"${T_QEMU[@]}"}" \
        2>"$log.runner"
}

# run_boot K (in the background): the boot, its retries and its host-side
# checks; leaves the exit code and the wall time in $log.rc and $log.wall.
run_boot() {
    local t0 rc again why0
    prepare_boot "$1"
    rm -f "$log.rc" "$log.wall" "$log.retried"
    t0="$(tx_now)"
    boot
    rc=$?
    # A guest kernel that failed before init ran (seen on x86 TCG -smp 2: an
    # RCU stall or an int3 oops while Linux patches its text at boot) has
    # run none of our code: boot it again, at most twice, and say so in the
    # summary. (Once before: a CI run lost sched-watchdog@smp2 on x86_64
    # with no exit line and no cause in the part of the log CI keeps; whether
    # that was this failure twice in a row is not known. A boot that failed
    # after init is never booted again.)
    for again in 1 2; do
        [ "$rc" != 0 ] && ! grep -aq 'TACTUS-INIT: ready' "$log" || break
        why0="$(grep -a -m1 -E 'detected stall|Oops|Kernel panic|soft lockup' "$log" | tr -d '\r' | sed 's/^\[[ 0-9.]*\] //' | cut -c1-70)"
        tx_log "$name@$b: the kernel failed before init (${why0:-exit $rc}); booting it again ($again of 2)"
        mv "$log" "$log.before-init-$again"
        echo "$name@$b: ${why0:-exit $rc} before init (log: ${log#"$root"/}.before-init-$again)" >>"$log.retried"
        boot
        rc=$?
    done
    tx_elapsed "$t0" >"$log.wall"
    # What only the host can see (after a panic, nothing in the guest reports).
    if [ -f "$root/tests/qemu/host/$name.sh" ]; then
        # shellcheck disable=SC2094 # it reads the log, its checks are appended after
        bash "$root/tests/qemu/host/$name.sh" "$log" "$b" >>"$log" 2>&1 ||
            echo "TACTUS-CHECK: FAIL $name/host-check: tests/qemu/host/$name.sh failed" >>"$log"
    fi
    echo "$rc" >"$log.rc"
}

# report_boot K: counts, failure lines and the progress line of a boot that
# has ended.
report_boot() {
    local checks np nf ns issues why first_issue result c m wall rc
    prepare_boot "$1"
    rc="$(cat "$log.rc" 2>/dev/null || echo 125)"
    wall="$(cat "$log.wall" 2>/dev/null || echo 0)"
    if [ -s "$log.retried" ]; then
        while IFS= read -r m; do retried_lines+=("$m"); done <"$log.retried"
    fi
    checks="$(check_lines "$log")"
    np=$(printf '%s\n' "$checks" | grep -c '^PASS ')
    nf=$(printf '%s\n' "$checks" | grep -c '^FAIL ')
    ns=$(printf '%s\n' "$checks" | grep -c '^SKIP ')
    issues="$(grep -a 'TACTUS-DMESG-ISSUES:' "$log" | tail -n 1 | tr -d '\r' | awk '{print $2}')"
    why=""
    case "$rc" in
        0) ;;
        123) why="guest stalled (RCU stall/lockup report), stopped: $(grep -a -m1 -E 'detected stall|soft lockup|hard LOCKUP' "$log" | tr -d '\r' | sed 's/^\[[ 0-9.]*\] //' | cut -c1-80)" ;;
        124) why="timeout after ${to}s" ;;
        125) why="no TACTUS-TEST-EXIT line (panic or init failure)" ;;
        *) why="test script exited $rc" ;;
    esac
    if [ -n "$issues" ] && [ "$issues" != 0 ]; then
        first_issue="$(grep -a -m1 'TACTUS-DMESG-FIRST-ISSUE: ' "$log" | tr -d '\r' | sed 's/.*TACTUS-DMESG-FIRST-ISSUE: //')"
        why="${why:+$why, }$issues dmesg issue(s) (BUG/WARNING/lockdep/RCU...), the first: ${first_issue:-?}"
    elif [ -z "$issues" ] && [ "$rc" != 123 ] && [ "$rc" != 124 ] && [ "$rc" != 125 ]; then
        why="${why:+$why, }no TACTUS-DMESG-ISSUES line"
    fi
    if [ -z "$why" ]; then np=$((np + 1)); else nf=$((nf + 1)); fi
    passed=$((passed + np)); failed=$((failed + nf)); skipped=$((skipped + ns))
    while IFS= read -r c; do
        case "$c" in
            FAIL\ *) fail_lines+=("$name@$b: ${c#FAIL }") ;;
            SKIP\ *) skip_lines+=("$name@$b: ${c#SKIP }") ;;
        esac
    done <<<"$checks"
    [ -n "$why" ] && fail_lines+=("$name@$b/boot: $why (log: ${log#"$root"/})")
    while IFS= read -r m; do
        [ -n "$m" ] && metric_lines+=("$name@$b: ${m#* }")
    done <<<"$(grep -a 'TACTUS-METRIC: ' "$log" | tr -d '\r' | sed 's/.*TACTUS-METRIC: //')"

    result=PASS
    [ "$nf" -gt 0 ] && result=FAIL
    rows[$1]="$(printf '%-26s %-12s %-6s %6s %6s %5s %7ss' "$name" "$b" "$result" "$np" "$nf" "$ns" "$wall")"
    tx_log "$(printf '[%2d/%d] %-24s %-12s %s  %3d passed %2d failed%s  %6ss' "$(($1 + 1))" "${#plan[@]}" "$name" "$b" \
        "$result" "$np" "$nf" "$([ "$ns" -gt 0 ] && echo ", $ns skipped")" "$wall")"
    if [ "$result" = FAIL ]; then
        printf '%s\n' "$checks" | grep '^FAIL ' | head -n 8 | sed 's/^/           /' >&2
        [ -n "$why" ] && echo "           boot: $why" >&2
        echo "           log: $log" >&2
    fi
}

t_boots="$(tx_now)"
first=() later=() # the deterministic boots first, then the others, each in plan order
for k in "${!plan[@]}"; do
    prepare_boot "$k"
    if [ "$deterministic" = 1 ]; then first+=("$k"); else later+=("$k"); fi
done
order=("${first[@]+"${first[@]}"}" "${later[@]+"${later[@]}"}")
declare -A boot_of=() # pid -> plan index
next=0 running=0 alone=0
while [ "$next" -lt "${#order[@]}" ] || [ "$running" -gt 0 ]; do
    while [ "$next" -lt "${#order[@]}" ] && [ "$running" -lt "$lanes" ] && [ "$alone" = 0 ]; do
        prepare_boot "${order[$next]}"
        [ "$deterministic" = 1 ] || [ "$running" = 0 ] || break
        run_boot "${order[$next]}" &
        boot_of[$!]="${order[$next]}"
        running=$((running + 1))
        [ "$deterministic" = 1 ] || alone=1
        next=$((next + 1))
    done
    wait -n -p pid "${!boot_of[@]}"
    report_boot "${boot_of[$pid]}"
    unset "boot_of[$pid]"
    running=$((running - 1))
    [ "$running" = 0 ] && alone=0
done
stage_done "boots (${#plan[@]})" "$t_boots"
finish
