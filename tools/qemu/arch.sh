# shellcheck shell=bash
# tools/qemu/arch.sh - what differs between the QEMU guests' architectures, in
# one place (as tools/bench/arch.sh does for the benchmark). Sourced after
# tools/lib.sh by run.sh, quick.sh, demo-qemu.sh, pack-scripts.sh and
# test-qemu.sh; `qemu_arch ARCH` (arm64 | x86_64 | arm, also aarch64, amd64,
# x86, armhf) sets (values in that order)
#   QEMU_ARCH     arm64 | x86_64 | arm
#   QEMU_DEB      Debian's name of the architecture, arm64 | amd64 | armhf
#                 (tools/deps.sh, tools/kernel/fetch-debian.sh,
#                 mkinitramfs.sh --arch)
#   QEMU_KERNEL   the --kernel Tactus runs on: tactus (our kernel,
#                 tools/kernel/build-arm64.sh) | debian (Debian's stock kernel)
#                 | debian (Debian's armmp)
#   QEMU_SYSTEM   qemu-system-aarch64 | qemu-system-x86_64 | qemu-system-arm
#   QEMU_MACHINE  -M virt,gic-version=3 | -M q35 -global hpet.msi=on (the HPET
#                 comparators get the FSB (MSI) capability that the Tactus x86
#                 timer, an HPET comparator raising NMIs by MSI, needs)
#                 | -M raspi2b (BCM2836, 4 Cortex-A7: the ARM port's FIQ board,
#                 docs/arm-fiq-plan.md; QEMU wants -m 1G exactly, run.sh's
#                 -m 1024 is that)
#   QEMU_CPU      the default -cpu: cortex-a57 | qemu64,-cx16 (QEMU's default
#                 without cmpxchg16b: QEMU 7.2 TCG's corrupts the guest's RFLAGS,
#                 docs/x86_64-port.md "Open defects") | none (the board's
#                 Cortex-A7; QEMU ignores -cpu there)
#   QEMU_APPEND   the kernel command line words of every boot:
#                 console=ttyAMA0 irqchip.gicv3_pseudo_nmi=1 panic=-1 |
#                 console=ttyS0 panic=-1 cryptomgr.notests=1 |
#                 console=ttyAMA0 panic=-1 cryptomgr.notests=1 (Debian's
#                 armmp runs the crypto self-tests at boot otherwise)
#   QEMU_ICOUNT_SHIFT  -icount shift: 4 (1 instruction = 16 ns) | 5 (32 ns) | 4;
#                      TACTUS_ICOUNT_SHIFT overrides it
#   QEMU_DTB      the device tree QEMU needs (-dtb), a file name looked up
#                 next to the kernel image (fetch-debian.sh puts it there):
#                 none | none | bcm2836-rpi-2-b.dtb
#   QEMU_CPUS     the board's fixed vCPU count, or none: none | none | 4
#                 (QEMU refuses raspi2b with fewer than 4); run.sh then
#                 boots -smp QEMU_CPUS with maxcpus=N for --smp N: Linux
#                 starts N CPUs, the others stay parked in the board's boot
#                 stub. So --icount --smp 1 boots maxcpus=1, as
#                 tools/proto/arm-fiq/run.sh does: -icount runs the vCPUs in
#                 turn in one thread, and with all four started Debian's
#                 armmp kernel did not even reach its console in 300 s
#                 (QEMU 7.2; maxcpus=1: /init after ~10 s host time).
#   QEMU_HALTS    1 when the guest cannot power the machine off (raspi2b:
#                 Linux says "Power off not available: System halted
#                 instead" and QEMU runs on): run.sh stops QEMU itself
#                 when Linux halts; none | none | 1
#   (TACTUS_QEMU_CPU overrides QEMU_CPU)

# shellcheck disable=SC2034 # the variables are for the scripts that source this
qemu_arch() {
    QEMU_DTB="" QEMU_CPUS="" QEMU_HALTS=""
    case "$1" in
        arm64|aarch64)
            QEMU_ARCH=arm64 QEMU_DEB=arm64 QEMU_KERNEL=tactus
            QEMU_SYSTEM=qemu-system-aarch64
            QEMU_MACHINE="-M virt,gic-version=3"
            QEMU_CPU=cortex-a57
            QEMU_APPEND="console=ttyAMA0 irqchip.gicv3_pseudo_nmi=1 panic=-1"
            QEMU_ICOUNT_SHIFT=4 ;;
        x86_64|amd64|x86)
            QEMU_ARCH=x86_64 QEMU_DEB=amd64 QEMU_KERNEL=debian
            QEMU_SYSTEM=qemu-system-x86_64
            QEMU_MACHINE="-M q35 -global hpet.msi=on"
            QEMU_CPU="qemu64,-cx16"
            QEMU_APPEND="console=ttyS0 panic=-1 cryptomgr.notests=1"
            QEMU_ICOUNT_SHIFT=5 ;;
        arm|armhf)
            QEMU_ARCH=arm QEMU_DEB=armhf QEMU_KERNEL=debian
            QEMU_SYSTEM=qemu-system-arm
            QEMU_MACHINE="-M raspi2b"
            QEMU_CPU=""
            QEMU_APPEND="console=ttyAMA0 panic=-1 cryptomgr.notests=1"
            QEMU_ICOUNT_SHIFT=4
            QEMU_DTB=bcm2836-rpi-2-b.dtb QEMU_CPUS=4 QEMU_HALTS=1 ;;
        *) tx_die "ARCH is arm64, x86_64 or arm, not '$1'" ;;
    esac
    # An experiment's other model (e.g. TACTUS_ICOUNT_SHIFT=4 on x86_64):
    # every bound in the repository is stated at the default.
    QEMU_ICOUNT_SHIFT="${TACTUS_ICOUNT_SHIFT:-$QEMU_ICOUNT_SHIFT}"
    # ... or another CPU model (e.g. TACTUS_QEMU_CPU=qemu64,-cx16).
    QEMU_CPU="${TACTUS_QEMU_CPU:-$QEMU_CPU}"
}

# qemu_kernel_image NAME: prints the image file of --kernel NAME on QEMU_ARCH
# (status 1 when it cannot be had).
#   tactus | tactus-debug | tactus-kasan  our kernel (the cached builds of
#                          tools/kernel/build-arm64.sh; arm64 only)
#   debian | debian-rt     Debian's stock or PREEMPT_RT image, fetched by
#                          tools/kernel/fetch-debian.sh when missing (arm:
#                          armmp, rt-armmp; QEMU_DTB next to it)
#   debian61               Debian 12's default kernel, 6.1 (x86_64;
#                          tools/kernel/debian61-amd64.sh)
#   anything else          a path, printed as it is
qemu_kernel_image() {
    local variant flavour image kdir
    case "$1" in
        tactus|tactus-debug|tactus-kasan)
            [ "$QEMU_ARCH" = arm64 ] ||
                tx_die "--kernel $1: no Tactus kernel on $QEMU_ARCH (Tactus runs on Debian's: --kernel debian)"
            variant="${1#tactus-}"; [ "$1" = tactus ] && variant=normal
            kdir="$("$TACTUS_ROOT/tools/kernel/kdir-arm64.sh" "$variant")" || return 1
            echo "$kdir/arch/arm64/boot/Image" ;;
        debian|debian-rt)
            flavour=stock; [ "$1" = debian-rt ] && flavour=rt
            image="$TACTUS_CACHE/debian-$QEMU_DEB/kernels/$flavour/vmlinuz"
            if [ ! -r "$image" ]; then
                tx_log "Debian $QEMU_DEB kernels not fetched yet: running tools/kernel/fetch-debian.sh $QEMU_DEB kernels"
                "$TACTUS_ROOT/tools/kernel/fetch-debian.sh" "$QEMU_DEB" kernels >/dev/null || return 1
            fi
            echo "$image" ;;
        debian61)
            [ "$QEMU_ARCH" = x86_64 ] || tx_die "--kernel debian61: x86_64 only"
            "$TACTUS_ROOT/tools/kernel/debian61-amd64.sh" image ;;
        *) echo "$1" ;;
    esac
}
