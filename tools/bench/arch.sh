# shellcheck shell=bash
# tools/bench/arch.sh - what differs between the benchmark's architectures, in
# one place. Sourced (after tools/lib.sh) by bench.sh, build.sh and
# run-one.sh; `bench_arch ARCH` (arm64 | x86_64 | arm, also aarch64, amd64,
# x86, armhf) sets
#   BENCH_ARCH     arm64 | x86_64 | arm
#   BENCH_DIR      the build and output folder: build/bench (arm64, as before
#                  x86_64 existed) | build/bench/x86_64 | build/bench/arm
#   BENCH_DEB      Debian's name of the architecture, arm64 | amd64 | armhf: the
#                  tools/kernel/fetch-debian.sh <deb>, debian-kdir-<deb>.sh and
#                  mkinitramfs.sh --arch <deb> to use
#   BENCH_SYSTEMS  the systems that exist: "a b c d" | "a c d" (on x86_64
#                  and arm Tactus runs on Debian's stock kernel, so b would be c)
#   BENCH_KINDS    the measurement kinds that exist: "timer irq paths" (arm64,
#                  x86_64) | "timer" (arm: no real-time device lines yet, and
#                  tools/qemu/profile.py has no 32-bit ARM support)
#   BENCH_APPEND   kernel command line words of every boot (tools/qemu/run.sh
#                  adds cryptomgr.notests=1 itself on x86_64, not on arm64;
#                  arm: tactus_hal profile=1, the FIQ entry, report.py)
#   BENCH_DEPS     the tools/deps.sh sets to install
#   BENCH_IRQ_RUN_ARGS  more runner options for the interrupt-latency boots
#                  (bench.kind=irq), for every system alike: the spare timer
#                  of tools/bench/modules/bench_irq_dev.h must exist.
#                  arm64: -cpu max -M ...,virtualization=on (the kernel runs
#                  at EL2 with VHE: the EL1 virtual timer is free);
#                  x86_64: -global hpet.timers=5 (comparator 2 is free: Linux takes 3
#                  for a per-CPU clockevent, Tactus 4)
#   BENCH_IRQ_APPEND  kernel command line words of those boots (arm64:
#                  kvm-arm.mode=none, so that Debian's KVM leaves the EL1
#                  timers alone; our kernel has no KVM and ignores it)
# and `bench_kernel SYS` prints the runner's --kernel for system a b c d or s
# (the switches boot).

bench_arch() {
    case "$1" in
        arm64|aarch64)
            BENCH_ARCH=arm64 BENCH_DEB=arm64 BENCH_SYSTEMS="a b c d"
            BENCH_DIR="$TACTUS_ROOT/build/bench"
            BENCH_APPEND="cryptomgr.notests=1"
            BENCH_IRQ_RUN_ARGS="--cpu max --qemu-arg -machine --qemu-arg virtualization=on"
            BENCH_IRQ_APPEND="kvm-arm.mode=none"
            BENCH_KINDS="timer irq paths"
            BENCH_DEPS="all" ;;
        x86_64|amd64|x86)
            BENCH_ARCH=x86_64 BENCH_DEB=amd64 BENCH_SYSTEMS="a c d"
            BENCH_DIR="$TACTUS_ROOT/build/bench/x86_64"
            BENCH_APPEND=""
            BENCH_IRQ_RUN_ARGS="--qemu-arg -global --qemu-arg hpet.timers=5"
            BENCH_IRQ_APPEND=""
            BENCH_KINDS="timer irq paths"
            BENCH_DEPS="amd64 host" ;;
        arm|armhf)
            # raspi2b (the FIQ port's board, tools/qemu/arch.sh); run.sh adds
            # maxcpus=1 for -smp 1 (QEMU always makes the board's 4 cores)
            BENCH_ARCH=arm BENCH_DEB=armhf BENCH_SYSTEMS="a c d"
            BENCH_DIR="$TACTUS_ROOT/build/bench/arm"
            # the FIQ's entry measured in every Tactus boot (a few
            # instructions on its path): the bare FIQ floor of the targets
            BENCH_APPEND="bench.hal_args=profile=1"
            BENCH_IRQ_RUN_ARGS="" BENCH_IRQ_APPEND=""
            BENCH_KINDS="timer"
            BENCH_DEPS="arm host" ;;
        *) tx_die "bench: ARCH is arm64, x86_64 or arm, not '$1'" ;;
    esac
    # BENCH_EXTRA_APPEND (environment): more words for a comparison run,
    # e.g. bench.sched_args=gravity_ns=0 (tools/bench/guest/bench.sh).
    BENCH_APPEND="$BENCH_APPEND${BENCH_EXTRA_APPEND:+ $BENCH_EXTRA_APPEND}"
    BENCH_APPEND="${BENCH_APPEND# }"
    export BENCH_ARCH BENCH_DIR BENCH_DEB BENCH_SYSTEMS BENCH_KINDS BENCH_APPEND BENCH_DEPS BENCH_IRQ_RUN_ARGS BENCH_IRQ_APPEND
}

bench_kernel() {   # SYS
    case "$BENCH_ARCH:$1" in
        arm64:a | arm64:b | arm64:s) echo tactus ;;   # our kernel
        x86_64:a | x86_64:s | arm:a | arm:s) echo debian ;;   # Debian's stock kernel + Tactus
        x86_64:b | arm:b) tx_die "system b does not exist on $BENCH_ARCH: Tactus runs on Debian's stock kernel, so b = c" ;;
        *:c) echo debian ;;
        *:d) echo debian-rt ;;
        *) tx_die "unknown system '$1'" ;;
    esac
}
