#!/bin/sh
# tests/tools/tactus-check.sh - `tactus check` against made-up machines: a
# root tree per case (TACTUS_SYSROOT: /proc, /sys, /boot) with the kernel
# configuration of one of our kernels or Debian's (fixtures/, taken from the
# real configs) and the command line, interrupt controller, clocksource and
# CPU state of that machine. Asserts each case's exit code and the lines
# that give the verdict. Prints "TACTUS-CHECK: PASS|FAIL name" per check and
# ends with "N passed, N failed".
set -u
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
tactus="$repo/tools/tactus/tactus"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0 failed=0

pass() { echo "TACTUS-CHECK: PASS $1"; passed=$((passed + 1)); }
bad() { echo "TACTUS-CHECK: FAIL $1: $2"; failed=$((failed + 1)); }

# machine NAME ARCH KVER CONFIG CMDLINE: a fresh root tree in $root.
machine() {
	root="$work/$1" m_arch=$2 m_kver=$3
	mkdir -p "$root/proc/sys/kernel" "$root/boot" "$root/sys/devices/system/cpu/cpu0" \
		"$root/sys/devices/system/clocksource/clocksource0"
	[ -n "$4" ] && grep '^CONFIG_' "$4" >"$root/boot/config-$3"
	echo "$5" >"$root/proc/cmdline"
	echo 0 >"$root/proc/sys/kernel/nmi_watchdog"
	case $2 in
	aarch64) printf ' 11:      12345     GICv3  27 Level     arch_timer\n' >"$root/proc/interrupts" ;;
	x86_64) echo "tsc hpet acpi_pm" >"$root/sys/devices/system/clocksource/clocksource0/available_clocksource" ;;
	armv7l) # as Debian's armmp kernel shows them on QEMU's raspi2b
		printf ' 50:          4  ARMCTRL-level   1 Edge      3f00b880.mailbox\n124:       1778  bcm2836-timer   3 Edge      arch_timer\nIPI0:          0  CPU wakeup interrupts\n' >"$root/proc/interrupts" ;;
	esac
}

# run NAME [OPTIONS]: tactus check on $root; output in $out, exit in $rc.
run() {
	out=$(TACTUS_SYSROOT=$root TACTUS_UNAME_M=$m_arch TACTUS_UNAME_R=$m_kver "$tactus" check "$@" 2>&1)
	rc=$?
}

# expect NAME RC: the exit code.
expect_rc() {
	if [ "$rc" = "$2" ]; then pass "$1-exit-$2"; else bad "$1-exit-$2" "exit $rc; output:
$out"; fi
}

# has NAME PATTERN: a line of the output matches (grep -E).
has() {
	if echo "$out" | grep -Eq "$2"; then pass "$1"; else bad "$1" "no line matching '$2' in:
$out"; fi
}

hasnt() {
	if echo "$out" | grep -Eq "$2"; then bad "$1" "a line matches '$2' in:
$out"; else pass "$1"; fi
}

arm64_ours="$repo/arch/arm64/kernel/tactus.config"
arm64_debian="$here/fixtures/debian-6.12-arm64.config"
amd64_debian="$here/fixtures/debian-6.12-amd64.config"

# 1. Our arm64 kernel as the QEMU suite boots it: can run; the only warnings are
#    the missing CPU isolation and, with the hazards below, those.
machine arm64-ours aarch64 6.12.57-tactus "$arm64_ours" "console=ttyAMA0 irqchip.gicv3_pseudo_nmi=1"
run
expect_rc arm64-ours 0
has arm64-ours-pseudo-nmi '^ok +config ARM64_PSEUDO_NMI'
has arm64-ours-no-ptrauth '^ok +config ARM64_PTR_AUTH_KERNEL: off'
has arm64-ours-cmdline '^ok +cmdline: irqchip.gicv3_pseudo_nmi=1'
has arm64-ours-gicv3 '^ok +interrupt controller: GICv3'
hasnt arm64-ours-no-fail '^fail'
has arm64-ours-summary '^tactus check: [0-9]+ ok, 1 warn, 0 fail: Tactus can run here$'
run --strict
expect_rc arm64-ours-strict 1
echo "$out" >"$work/arm64-ours.txt"

# The same kernel from /proc/config.gz instead of /boot.
gzip -c "$root/boot/config-6.12.57-tactus" >"$root/proc/config.gz"
rm "$root/boot/config-6.12.57-tactus"
run
expect_rc arm64-ours-config-gz 0
has arm64-ours-config-gz-read '^ok +config ARM64_PSEUDO_NMI'

# ... booted without the pseudo-NMI switch: cannot run, and says how to fix it.
machine arm64-no-switch aarch64 6.12.57-tactus "$arm64_ours" "console=ttyAMA0"
run
expect_rc arm64-no-switch 1
has arm64-no-switch-says-how '^fail +cmdline: .*; fix: add irqchip.gicv3_pseudo_nmi=1'

# 2. Debian 12's arm64 6.12 kernel: no pseudo-NMI, and the hardening Tactus
#    needs off is on.
machine arm64-debian aarch64 6.12.118+deb12-arm64 "$arm64_debian" "root=/dev/vda1 irqchip.gicv3_pseudo_nmi=1"
run
expect_rc arm64-debian 1
has arm64-debian-pseudo-nmi '^fail +config ARM64_PSEUDO_NMI: not set'
has arm64-debian-ptrauth '^fail +config ARM64_PTR_AUTH_KERNEL: is y'
has arm64-debian-vmap '^fail +config VMAP_STACK: is y'
has arm64-debian-stackprotector '^fail +config STACKPROTECTOR: is y'
has arm64-debian-kvm '^fail +config KVM: is y'
has arm64-debian-summary '^tactus check: [0-9]+ ok, [0-9]+ warn, 5 fail: Tactus cannot run here$'

# 3. A GICv2 board (the Raspberry Pi 4's GIC-400): no pseudo-NMI there.
machine arm64-gicv2 aarch64 6.12.57-tactus "$arm64_ours" "irqchip.gicv3_pseudo_nmi=1"
printf ' 11:      12345     GIC-400  27 Level     arch_timer\n' >"$root/proc/interrupts"
run
expect_rc arm64-gicv2 1
has arm64-gicv2-says-why '^fail +interrupt controller: no GICv3'

# ... and a Raspberry Pi 3 running a 64-bit kernel: the 32-bit port's board.
printf ' 50:          4  ARMCTRL-level   1 Edge      3f00b880.mailbox\n124:       1778  bcm2836-timer   3 Edge      arch_timer\n' >"$root/proc/interrupts"
run
expect_rc arm64-pi3 1
has arm64-pi3-says-32-bit '^fail +interrupt controller: a BCM2836 local controller .*; fix: boot a 32-bit \(armhf\) kernel'

# 4. Debian 12's amd64 6.12 kernel as the QEMU suite boots it (intremap=off):
#    can run.
machine amd64-debian x86_64 6.12.118+deb12-amd64 "$amd64_debian" "console=ttyS0 intremap=off isolcpus=1 nohz_full=1"
run
expect_rc amd64-debian 0
has amd64-debian-hpet '^ok +HPET: present'
has amd64-debian-intremap '^ok +cmdline: intremap=off'
has amd64-debian-isolated '^ok +isolated CPUs: isolcpus=1 nohz_full=1'
has amd64-debian-smi '^warn +SMIs: the count is not readable'
hasnt amd64-debian-no-fail '^fail'
echo "$out" >"$work/amd64-debian.txt"

# ... without intremap=off: fine without an IOMMU, a warning with one
# (its interrupt remapping would block the HPET's NMI message).
machine amd64-remap x86_64 6.12.118+deb12-amd64 "$amd64_debian" "console=ttyS0"
run
expect_rc amd64-no-iommu 0
has amd64-no-iommu-ok '^ok +cmdline: no active IOMMU'
mkdir -p "$root/sys/class/iommu/dmar0"
run
expect_rc amd64-remap 0
has amd64-remap-warns '^warn +cmdline: no intremap=off, and an IOMMU is active: .*; fix: add intremap=off'

# 5. Debian 12's default kernel, 6.1 (its real configuration): can run on
#    x86_64; not without an HPET; not on arm64 (that port is 6.12 only);
#    FRED on.
amd64_debian61="$here/fixtures/debian-6.1-amd64.config"
machine amd64-6.1 x86_64 6.1.0-57-amd64 "$amd64_debian61" "intremap=off"
run
expect_rc amd64-6.1 0
has amd64-6.1-kernel "^ok +kernel: 6.1.0-57-amd64 \\(6.1: Debian 12's default kernel, x86_64 port\\)"
hasnt amd64-6.1-no-fail '^fail'
: >"$root/sys/devices/system/clocksource/clocksource0/available_clocksource"
run
expect_rc amd64-6.1-no-hpet 1
has amd64-6.1-hpet '^fail +HPET: no HPET clocksource'
machine arm64-6.1 aarch64 6.1.0-57-arm64 "$arm64_debian" "irqchip.gicv3_pseudo_nmi=1"
run
expect_rc arm64-6.1 1
has arm64-6.1-kernel '^fail +kernel: 6.1.0-57-arm64: the arm64 port is built and checked for Linux 6.12 only'
machine amd64-4.19 x86_64 4.19.0-27-amd64 "$amd64_debian61" "intremap=off"
run
expect_rc amd64-4.19 1
has amd64-4.19-kernel '^fail +kernel: 4.19.0-27-amd64: the ports are built and checked for Linux 6.12 \(and 6.1 on x86_64\) only'
machine amd64-fred x86_64 6.12.118+deb12-amd64 "$amd64_debian" "intremap=off fred=on"
echo CONFIG_X86_FRED=y >>"$root/boot/config-6.12.118+deb12-amd64"
run
expect_rc amd64-fred 1
has amd64-fred-says-why '^fail +FRED: FRED is on'

# 6. Real-time hazards: frequency scaling, deep C-states, SMT, the NMI
#    watchdog; warnings, not failures (--strict makes them one).
machine hazards x86_64 6.12.118+deb12-amd64 "$amd64_debian" "intremap=off isolcpus=1"
cpu="$root/sys/devices/system/cpu"
for c in 0 1; do
	mkdir -p "$cpu/cpu$c/cpufreq"
	echo powersave >"$cpu/cpu$c/cpufreq/scaling_governor"
done
for s in 0:POLL:0 1:C1:2 2:C6:133; do
	d="$cpu/cpu0/cpuidle/state${s%%:*}"
	mkdir -p "$d"
	rest=${s#*:}
	echo "${rest%%:*}" >"$d/name"
	echo "${rest#*:}" >"$d/latency"
	echo 0 >"$d/disable"
done
mkdir -p "$cpu/smt"
echo 1 >"$cpu/smt/active"
echo 1 >"$root/proc/sys/kernel/nmi_watchdog"
run
expect_rc hazards 0
has hazards-governor '^warn +CPU frequency: governor powersave'
has hazards-cstates '^warn +C-states: .*C6=133us'
hasnt hazards-shallow-cstate-not-listed 'C1=2us'
has hazards-smt '^warn +SMT: on'
has hazards-nmi-watchdog '^warn +NMI watchdog: on'
run --strict
expect_rc hazards-strict 1
echo 1 >"$cpu/cpu0/cpuidle/state2/disable"
echo performance >"$cpu/cpu0/cpufreq/scaling_governor"
echo performance >"$cpu/cpu1/cpufreq/scaling_governor"
run
has hazards-fixed-governor '^ok +CPU frequency: governor performance'
has hazards-fixed-cstates '^ok +C-states: none deeper than 10 us'
run --quiet
hasnt hazards-quiet-hides-ok '^ok'

# 7. 32-bit ARM (the FIQ port): Debian's armmp 6.12 kernel on a Raspberry Pi
#    2/3 can run, also once Tactus holds the FIQ; not when Raspberry Pi OS's
#    USB driver holds it, nor with LPAE (kernel7l.img), nor on a Pi 4's
#    GIC-400, nor on ARMv6, nor with 6.1.
armhf_debian="$here/fixtures/debian-6.12-armhf.config"
machine armhf-debian armv7l 6.12.118+deb12-armmp "$armhf_debian" "console=ttyAMA0"
run
expect_rc armhf-debian 0
has armhf-debian-arch '^ok +arch: 32-bit ARM \(FIQ port'
has armhf-debian-fiq-config '^ok +config FIQ'
has armhf-debian-no-lpae '^ok +config ARM_LPAE: off'
has armhf-debian-controller '^ok +interrupt controller: BCM2836 local controller'
has armhf-debian-fiq-free '^ok +FIQ: free'
echo 1 >"$root/proc/sys/kernel/nmi_watchdog"
run
has armhf-debian-no-nmi-watchdog-warning '^ok +NMI watchdog: not an NMI on 32-bit ARM'
hasnt armhf-debian-no-fail '^fail'
printf 'FIQ:              tactus\n' >>"$root/proc/interrupts"
run
expect_rc armhf-tactus-loaded 0
has armhf-tactus-loaded-fiq "^ok +FIQ: Tactus's"
machine armhf-pios armv7l 6.12.25+rpt-rpi-v7 "$armhf_debian" "console=serial0,115200 root=PARTUUID=1234-02"
printf 'FIQ:              usb_fiq\n' >>"$root/proc/interrupts"
run
expect_rc armhf-usb-fiq 1
has armhf-usb-fiq-says-why '^fail +FIQ: claimed by usb_fiq, .*dwc_otg.*; fix: add dwc_otg.fiq_enable=0 dwc_otg.fiq_fsm_enable=0'
machine armhf-lpae armv7l 6.12.118+deb12-armmp-lpae "$armhf_debian" ""
echo CONFIG_ARM_LPAE=y >>"$root/boot/config-6.12.118+deb12-armmp-lpae"
run
expect_rc armhf-lpae 1
has armhf-lpae-says-why '^fail +config ARM_LPAE: is y: .*; fix: boot a kernel without LPAE \(Debian: -armmp, not -armmp-lpae'
machine armhf-pi4 armv7l 6.12.118+deb12-armmp "$armhf_debian" ""
printf ' 11:      12345     GIC-0  27 Level     arch_timer\n' >"$root/proc/interrupts"
run
expect_rc armhf-pi4 1
has armhf-pi4-says-why '^fail +interrupt controller: no BCM2836 local controller'
machine armhf-6.1 armv7l 6.1.0-57-armmp "$armhf_debian" ""
run
expect_rc armhf-6.1 1
has armhf-6.1-kernel '^fail +kernel: 6.1.0-57-armmp: the 32-bit ARM port is built and checked for Linux 6.12 only'
machine armv6 armv6l 6.12.25+rpt-rpi-v6 "" ""
run
expect_rc armv6 1
has armv6-says-why '^fail +arch: ARMv6 \(Raspberry Pi 1 or Zero\)'

# 8. An architecture without a port.
machine riscv riscv64 6.12.0 "" ""
run
expect_rc riscv 1
has riscv-says-why '^fail +arch: riscv64 has no Tactus port'
has riscv-no-config-warns '^warn +config: the kernel.s configuration is not readable'

# 9. Usage: help, unknown commands and options.
out=$("$tactus" check --help 2>&1); rc=$?
expect_rc help 0
has help-text '^Usage: tactus check'
out=$("$tactus" --help 2>&1); rc=$?
expect_rc main-help 0
out=$("$tactus" frobnicate 2>&1); rc=$?
expect_rc unknown-command 2
has unknown-command-line "^tactus: unknown command 'frobnicate'"
out=$("$tactus" check --frob 2>&1); rc=$?
expect_rc unknown-option 2
has unknown-option-line "^tactus: check: unknown option '--frob'"
out=$("$tactus" 2>&1); rc=$?
expect_rc no-command 2

echo "--- tactus check on our arm64 kernel (case 1):"
cat "$work/arm64-ours.txt"
echo "--- tactus check on Debian's amd64 6.12 kernel (case 4):"
cat "$work/amd64-debian.txt"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
