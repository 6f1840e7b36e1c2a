# tactus-boots: icount smp1
# tactus-after-panic: 60
# linux-panic: Linux dies, real time lives. RTLinux's reply to the RTAI
# thesis: "Try typing 'halt' on a machine running real-time code under
# RTLinux - you'll see that your real-time code continues to run perfectly
# even after the Linux kernel has halted." tx_panic.ko starts a 10 ms task
# on CPU 0 and panics Linux 3 s later (no reboot); this script only checks
# the loads and asks init to stay up instead of powering off. After the
# panic the task writes its jobs straight to the serial port, and the host
# (tests/qemu/host/linux-panic.sh) checks them: consecutive for at least
# 5 s, and on deterministic boots within the idle latency bound. One CPU:
# with two, Linux's panic stops the other CPU with its interrupts masked
# (arm64 masks DAIF, so its pseudo-NMIs stop; x86 stops it by NMI), and the
# tasks of that CPU stop with it (docs/security.md).
. /tests/sched-lib.sh

tx_load_stack || tx_finish
tx_check insmod-tx_panic insmod $M/tx_panic.ko panic_ms=3000
tx_check task-runs sh -c 'sleep 0.2; test "$(cat /sys/module/tx_panic/parameters/jobs)" -gt 0'
touch /tmp/tactus-stay-up
tx_finish
