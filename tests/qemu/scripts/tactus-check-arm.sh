# tactus-arch: arm
# tactus-boots: icount
# tactus-check-arm: `tactus check` on the board the 32-bit ARM port runs on
# (Debian's armmp kernel, QEMU's raspi2b). Before the stack: Tactus can run
# here (exit 0, no fail line), ARMv7, the BCM2836 local controller found,
# the FIQ free. With the stack loaded the FIQ is Tactus's (/proc/interrupts
# names its owner, and tactus check says so); after the unload it is free
# again: tactus_hal gives the FIQ back (release_fiq), so the next load, or
# another FIQ user, can claim it. The other tactus subcommands are
# tactus-command's (two-CPU boots: arm64 and x86_64).
. /tests/sched-lib.sh

fiq_owner() { sed -n 's/^ *FIQ: *//p' /proc/interrupts; }

tx_tactus_check_can_run
out=$TX_TACTUS_CHECK
tx_check arch-armv7 sh -c "echo \"\$1\" | grep -q '^ok    arch: 32-bit ARM (FIQ port'" - "$out"
tx_check bcm2836-controller sh -c "echo \"\$1\" | grep -q '^ok    interrupt controller: BCM2836 local controller'" - "$out"
tx_check fiq-free-before sh -c "echo \"\$1\" | grep -q '^ok    FIQ: free'" - "$out"

tx_load_stack || tx_finish
tx_check "fiq-owner-tactus ($(fiq_owner))" test "$(fiq_owner)" = tactus
out=$(tactus check 2>&1)
echo "$out" | grep '^ok    FIQ'
tx_check check-says-fiq-is-tactus sh -c "echo \"\$1\" | grep -q \"^ok    FIQ: Tactus's\"" - "$out"
tx_unload_stack
tx_check "fiq-free-after-unload ($(fiq_owner))" test -z "$(fiq_owner)"
tx_load_stack || tx_finish
tx_check "fiq-tactus-again-after-reload ($(fiq_owner))" test "$(fiq_owner)" = tactus
tx_unload_stack
tx_finish
