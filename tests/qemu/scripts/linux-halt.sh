# tactus-boots: icount smp1
# tactus-after-panic: 60
# linux-halt: RTLinux's own words, "Try typing 'halt' on a machine running
# real-time code under RTLinux - you'll see that your real-time code
# continues to run perfectly even after the Linux kernel has halted."
# tx_panic.ko how=halt starts a 10 ms task on CPU 0 and calls kernel_halt()
# 3 s later (what "halt -f" does); this script only checks the loads. After
# "reboot: System halted" the task writes its jobs straight to the serial
# port and the host (tests/qemu/host/linux-halt.sh) checks them as after a
# panic: consecutive for at least 5 s, and on deterministic boots within
# the idle latency bound. arm64: the halting CPU spins with Linux's
# interrupts masked (PMR), which pseudo-NMIs pass. x86_64: the halt's
# machine_shutdown() gives the HPET its boot configuration back
# (hpet_disable), which would stop the co-kernel timer; the port puts its
# comparator back after it (arch/x86/hpet.c).
. /tests/sched-lib.sh

tx_load_stack || tx_finish
tx_check insmod-tx_panic insmod $M/tx_panic.ko how=halt panic_ms=3000
tx_check task-runs sh -c 'sleep 0.2; test "$(cat /sys/module/tx_panic/parameters/jobs)" -gt 0'
touch /tmp/tactus-stay-up
tx_finish
