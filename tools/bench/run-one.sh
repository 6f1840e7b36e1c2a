#!/usr/bin/env bash
# tools/bench/run-one.sh SYS LOAD SEED N N100 [LOGDIR]
#     SYS  a (Tactus) | b (our kernel, Linux only; arm64 only) |
#          c (Debian stock) | d (Debian PREEMPT_RT) | s (switches, Tactus)
#     LOAD idle | irqoff | grinder | stressng   (s: ignored)
#     N    samples at 1 ms; N100 samples at 100 us (s: the task counts, e.g. 1,10,100)
# ARCH (environment, default arm64; tools/bench/arch.sh) picks the machine
# (tools/qemu/run.sh ARCH):
#   arm64   -M virt,gic-version=3 -cpu cortex-a57 -smp 1 -m 1024
#           -icount shift=4,sleep=off; a, b, s on our kernel
#   x86_64  -M q35 -global hpet.msi=on -smp 1 -m 1024
#           -icount shift=5,sleep=off; a, s on Debian's stock kernel
#   both    -seed SEED -rtc base=2026-01-01T00:00:00,clock=vm, and the same
#           kernel command line for every system apart from the bench.* words.
# BENCH_CPU (environment, optional): the runner's --cpu (QEMU -cpu) instead of
# its default (cortex-a57 | qemu64); bench.sh --cpu sets it for every boot.
# BENCH_KIND (environment): timer (default) or irq: the interrupt-latency
# boot of SYS (tools/bench/guest/bench.sh bench.kind=irq; the machine gets
# arch.sh's BENCH_IRQ_RUN_ARGS), log LOGDIR/irq-SYS-LOAD-sSEED.log.
# One boot of BENCH_DIR/initramfs.cpio.gz (build/bench or build/bench/x86_64,
# made by tools/bench/build.sh). The serial log goes to
# LOGDIR/SYS-LOAD-sSEED.log (default BENCH_DIR/logs); while it runs, the
# RTAI-style RTD| lines of the Tactus task and the phase lines are shown on
# stderr as they arrive. Exit status: the guest's (0 = every step worked).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../lib.sh
source "$HERE/../lib.sh"
# shellcheck source=arch.sh
source "$HERE/arch.sh"
[ $# -ge 5 ] || { tx_header >&2; exit 2; }
bench_arch "${ARCH:-arm64}"
sys="$1" load="$2" seed="$3" n="$4" n100="$5"
logdir="${6:-$BENCH_DIR/logs}"
initrd="$BENCH_DIR/initramfs.cpio.gz"
[ -r "$initrd" ] || tx_die "no $initrd: run tools/bench/build.sh $BENCH_ARCH first"
kernel="$(bench_kernel "$sys")"
cpu=()
[ -z "${BENCH_CPU:-}" ] || cpu=(--cpu "$BENCH_CPU")
mkdir -p "$logdir"
if [ "$sys" = s ]; then
    test=bench-switches
    log="$logdir/switches-s$seed.log"
    append="${BENCH_APPEND:+$BENCH_APPEND }bench.tasks=$n"
    guest_s=30
elif [ "${BENCH_KIND:-timer}" = irq ]; then
    test=bench
    log="$logdir/irq-$sys-$load-s$seed.log"
    append="${BENCH_APPEND:+$BENCH_APPEND }${BENCH_IRQ_APPEND:+$BENCH_IRQ_APPEND }bench.sys=$sys bench.kind=irq bench.load=$load bench.n=$n"
    guest_s=$(( (n * 3) / 1000 + 40 ))
    # shellcheck disable=SC2206 # words of arch.sh
    cpu+=($BENCH_IRQ_RUN_ARGS)
else
    test=bench
    log="$logdir/$sys-$load-s$seed.log"
    append="${BENCH_APPEND:+$BENCH_APPEND }bench.sys=$sys bench.load=$load bench.n=$n bench.n100=$n100"
    guest_s=$(( (n * 3) / 1000 + 40 ))
fi
# under the grinder the guest runs at ~0.3-0.6x real time on a loaded host
timeout_s=$(( guest_s * 8 + 300 ))
tag="$sys/$load/s$seed"
[ "$sys" = s ] && tag="switches/s$seed"
[ "${BENCH_KIND:-timer}" = irq ] && tag="irq/$tag"

"$TACTUS_ROOT/tools/qemu/run.sh" "$BENCH_ARCH" --kernel "$kernel" --initrd "$initrd" --test "$test" \
    --log "$log" --smp 1 --icount --seed "$seed" --timeout "$timeout_s" --append "$append" "${cpu[@]+"${cpu[@]}"}" \
    2>"$log.runner" &
rp=$!
# the live display: RTAI's RTD| lines (Tactus), phases, errors
tail -n +1 -F --pid="$rp" "$log" 2>/dev/null |
    grep --line-buffered -aE 'RTH\||RTD\||SWITCHES\||TIMER\||BENCH-PHASE|BENCH-LOADCHECK|BENCH-ERROR|BENCH-DONE|Kernel panic|Oops' |
    sed -u -e 's/^\[ *[0-9.]*\] //' -e "s#^#    [$tag] #" >&2 || true
rc=0
wait "$rp" || rc=$?
grep '<== boot' "$log.runner" | sed 's/^\[tactus\] <== boot: [^:]*: /    /' >&2 || true
if [ "$rc" -ne 0 ]; then
    tx_warn "run $tag: exit $rc (log: $log)"
    tail -n 5 "$log.runner" >&2 || true
fi
exit "$rc"
