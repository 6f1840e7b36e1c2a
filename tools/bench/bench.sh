#!/usr/bin/env bash
# tools/bench/bench.sh [--quick] [options] - `make bench` / `make bench-quick`
# (ARCH=arm64, the default, or ARCH=x86_64): Tactus against Linux, Debian
# stock and Debian PREEMPT_RT, side by side in one QEMU configuration, with
# tables, JSON and plots.
#
#   systems  a  Tactus: latency task at 1 ms and at 100 us, each with a
#               lower-priority 10 ms task (tools/bench/modules/bench_tlat.c);
#               arm64: on our kernel; x86_64: on Debian's stock kernel
#            b  arm64 only: our kernel, Linux only: cyclictest 1 ms +
#               in-kernel hrtimer (bench_hrt.c, HRTIMER_MODE_ABS_HARD) at
#               1 ms and 100 us. x86_64 has no b: Tactus runs on Debian's
#               stock kernel there, so b would be c.
#            c  Debian's stock kernel: the same as b
#            d  Debian's PREEMPT_RT kernel: the same as b
#   loads    idle (busy loop only), irqoff (20 ms irq-off sections),
#            grinder (hackbench loop + dd bs=128M), stressng (cpu, vm, switch)
#   plus one "switches" boot: RTAI switches-style costs and timer overhead
#   with 1, 10 and 100 tasks (bench_switches.c), on a's kernel.
#   kinds    timer: the above; irq: the seed article's interrupt latency
#            (raise of a spare hardware timer -> first instruction of the
#            handler, tools/bench/modules/bench_irq*.c), per system and load:
#            a: the bare NMI floor, Tactus's real-time handler and the task
#            it wakes; b, c: Linux's hard handler; d: PREEMPT_RT's threaded
#            handler at FIFO 99 and its hard one. Same machine as the timer
#            boots plus what the spare timer needs (arch.sh
#            BENCH_IRQ_RUN_ARGS: arm64 -cpu max at EL2, x86 4 HPET
#            comparators), the same for every system.
#            paths: instructions from the timer NMI to the job and of the
#            RT-to-RT switches, function by function (tools/bench/paths.sh,
#            tools/qemu/profile.py: the test suite's kernel, one boot each),
#            Tactus's share and Linux's; a table in results.md.
# Every boot: tools/bench/run-one.sh, identical for every system of an arch:
#   arm64   QEMU -M virt,gic-version=3 -cpu cortex-a57 -smp 1 -m 1024
#           -icount shift=4,sleep=off -seed S -rtc ...,clock=vm
#   x86_64  QEMU -M q35 -global hpet.msi=on -smp 1 -m 1024
#           -icount shift=5,sleep=off -seed S -rtc ...,clock=vm
# (tools/qemu/run.sh ARCH). What differs between the arches: tools/bench/arch.sh
# and tools/qemu/arch.sh.
#
# Options:
#   --arch A         arm64 | x86_64 | arm (default: $ARCH, else arm64)
#   --quick          bench-quick: grinder only, one seed, 3000 samples at 1 ms
#   --seeds "1 2 3"  QEMU seeds: every system x load runs once per seed.
#                    Default on arm64 "1 2 3" (49 boots, about 20 min): a seed
#                    moves KASLR and the RNG (through the DTB), so the seeds
#                    show the boot-to-boot spread. Default on x86_64 "1" (13
#                    boots, about 4 min): with QEMU 7.2 and the default qemu64
#                    CPU nothing the guest reads depends on -seed (no DTB; KASLR
#                    and the RNG take RDTSC, deterministic under icount), and
#                    seeds 1, 2, 3 gave byte-identical serial logs. With
#                    --cpu qemu64,+rdrand TCG's RDRAND draws from QEMU's seeded
#                    RNG and the seeds differ (37 boots, 8-11 min).
#                    --quick: "1".
#   --n N            samples at 1 ms per run (default 10000); --n100 N (default 10 x N)
#   --loads "..."    default "idle irqoff grinder stressng"
#   --kinds "..."    default "timer irq paths" (arm: "timer"; --quick: "timer")
#   --systems "..."  default "a b c d" (arm64), "a c d" (x86_64)
#   --cpu MODEL      QEMU -cpu for every boot instead of the runner's default
#                    (cortex-a57, qemu64); e.g. x86_64 --cpu qemu64,+rdrand
#                    (see --seeds)
#   --jobs J         QEMU boots in parallel (default 2; icount timing does not
#                    depend on host load, only the wall time does)
#   --no-build       skip tools/bench/build.sh (use what the build folder holds)
#   --report-only    only regenerate the report from the logs
# Output: arm64 build/bench/ (full) or build/bench/quick/ (--quick);
#         x86_64 build/bench/x86_64/ or build/bench/x86_64/quick/:
#   results.md, results.json, hist-<load>.png, logs/<sys>-<load>-s<seed>.log
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../lib.sh
source "$HERE/../lib.sh"
# shellcheck source=arch.sh
source "$HERE/arch.sh"

quick=0 seeds="" n="" n100="" loads="idle irqoff grinder stressng" systems="" kinds=""
arch="${ARCH:-arm64}"
jobs="${TACTUS_BENCH_JOBS:-2}" build=1 report_only=0
failed=()
while [ $# -gt 0 ]; do
    case "$1" in
        --arch) arch="$2"; shift 2 ;;
        --quick) quick=1; shift ;;
        --seeds) seeds="$2"; shift 2 ;;
        --n) n="$2"; shift 2 ;;
        --n100) n100="$2"; shift 2 ;;
        --loads) loads="$2"; shift 2 ;;
        --kinds) kinds="$2"; shift 2 ;;
        --systems) systems="$2"; shift 2 ;;
        --jobs) jobs="$2"; shift 2 ;;
        --cpu) export BENCH_CPU="$2"; shift 2 ;;
        --no-build) build=0; shift ;;
        --report-only) report_only=1; build=0; shift ;;
        -h|--help) tx_header; exit 0 ;;
        *) tx_die "unknown argument '$1' (--help)" ;;
    esac
done
bench_arch "$arch"
export ARCH="$BENCH_ARCH"    # for run-one.sh
systems="${systems:-$BENCH_SYSTEMS}"
for sys in $systems; do
    case " $BENCH_SYSTEMS " in *" $sys "*) ;; *) bench_kernel "$sys" >/dev/null ;; esac
done
if [ -z "$seeds" ]; then
    seeds=1
    [ "$quick" -eq 0 ] && [ "$BENCH_ARCH" = arm64 ] && seeds="1 2 3"
fi
if [ -z "$kinds" ]; then
    kinds="$BENCH_KINDS"
    [ "$quick" -eq 1 ] && kinds=timer
fi
for k in $kinds; do
    case " $BENCH_KINDS " in *" $k "*) ;; *) tx_die "--kinds: $BENCH_ARCH has '$BENCH_KINDS', not '$k'" ;; esac
done
if [ "$quick" -eq 1 ]; then
    OUT="$BENCH_DIR/quick"
    [ "$loads" = "idle irqoff grinder stressng" ] && loads=grinder
    n="${n:-3000}"
    sw_tasks="1,10,100"
else
    OUT="$BENCH_DIR"
    n="${n:-10000}"
    sw_tasks="1,10,100"
fi
n100="${n100:-$((n * 10))}"
LOGS="$OUT/logs"
T0="$(tx_now)"
mmss() { awk -v s="$1" 'BEGIN { printf "%d:%02d", s / 60, s % 60 }'; }

if [ "$report_only" -eq 0 ]; then
    if [ "$build" -eq 1 ]; then
        tx_log "bench step 1/3: dependencies (tools/deps.sh $BENCH_DEPS)"
        for d in $BENCH_DEPS; do "$TACTUS_ROOT/tools/deps.sh" "$d"; done
        tx_log "bench step 2/3 ($BENCH_ARCH): kernels, Debian images and userland, modules, initramfs"
        "$HERE/build.sh" "$BENCH_ARCH"
    fi
    rm -rf "$LOGS"
    mkdir -p "$LOGS"
    # The run list, longest first (Debian boots and loaded runs take longest),
    # so that the parallel lanes finish together.
    runs=()
    for kind in $kinds; do
        [ "$kind" = paths ] && continue # after the boots, below
        for load in stressng grinder irqoff idle; do
            case " $loads " in *" $load "*) ;; *) continue ;; esac
            for sys in d c b a; do
                case " $systems " in *" $sys "*) ;; *) continue ;; esac
                for seed in $seeds; do runs+=("$sys $load $seed $kind"); done
            done
        done
    done
    case " $kinds " in *" timer "*) runs+=("s - 1 timer") ;; esac
    total=${#runs[@]}
    tx_log "bench step 3/3 ($BENCH_ARCH): $total QEMU boots ($jobs in parallel): kinds '$kinds' x systems '$systems' x loads '$loads' x seeds '$seeds', $n samples at 1 ms and $n100 at 100 us per run (irq: $n interrupts per measurement), then the switches boot"
    T_RUNS="$(tx_now)"
    declare -A pid_of=() t_of=()
    done_n=0
    finish_one() {   # waits for any lane, reports it
        local p rc=0 r
        wait -n -p p || rc=$?
        r="${pid_of[$p]}"
        unset "pid_of[$p]"
        done_n=$((done_n + 1))
        local el; el="$(tx_elapsed "$T_RUNS" | cut -d. -f1)"
        local avg=$(( el / done_n ))
        if [ "$rc" -ne 0 ]; then failed+=("$r (exit $rc)"); fi
        tx_log "[bench] $done_n/$total done: $r ($(tx_elapsed "${t_of[$p]}" | cut -d. -f1)s, exit $rc) | runs: $(mmss "$el") so far, about $(mmss $(( (total - done_n) * avg ))) left"
    }
    for r in "${runs[@]}"; do
        while [ "${#pid_of[@]}" -ge "$jobs" ]; do finish_one; done
        read -r r_sys r_load r_seed r_kind <<<"$r"
        if [ "$r_sys" = s ]; then
            "$HERE/run-one.sh" s - 1 "$sw_tasks" 0 "$LOGS" &
        else
            BENCH_KIND="$r_kind" "$HERE/run-one.sh" "$r_sys" "$r_load" "$r_seed" "$n" "$n100" "$LOGS" &
        fi
        pid_of[$!]="$r"
        t_of[$!]="$(tx_now)"
        tx_log "[bench] start: $r"
    done
    while [ "${#pid_of[@]}" -gt 0 ]; do finish_one; done
    case " $kinds " in
        *" paths "*) tx_log "[bench] paths (tools/bench/paths.sh)"
            "$HERE/paths.sh" "$BENCH_ARCH" "$LOGS" || failed+=("paths") ;;
    esac
    echo "$(date -Is) $total boots, $(tx_elapsed "$T0") s, jobs $jobs, n $n, n100 $n100, seeds '$seeds'" >"$OUT/timing.txt"
fi

tx_log "report: $OUT/results.md, results.json, hist-*.png"
[ "$OUT" = "$BENCH_DIR" ] || cp -f "$BENCH_DIR/versions.txt" "$OUT/versions.txt" 2>/dev/null || true
python3 "$HERE/report.py" --arch "$BENCH_ARCH" ${BENCH_CPU:+--cpu "$BENCH_CPU"} --logs "$LOGS" --out "$OUT" --n "$n" --n100 "$n100" --seeds "$seeds"
python3 "$HERE/paths_report.py" "$LOGS" "$BENCH_ARCH" >"$OUT/paths.md"
[ -s "$OUT/paths.md" ] && { echo; cat "$OUT/paths.md"; } >>"$OUT/results.md"
tx_log "bench finished in $(mmss "$(tx_elapsed "$T0" | cut -d. -f1)") (mm:ss)"
if [ "${#failed[@]}" -gt 0 ]; then
    tx_warn "${#failed[@]} boot(s) failed: ${failed[*]} (logs in $LOGS)"
    exit 1
fi
