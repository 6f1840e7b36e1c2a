# tactus-boots: smp2
# tactus-after-panic: 60
# linux-panic-smp2: Linux panics on a machine with two CPUs: which tasks
# live. tx_panic.ko cpus=2 runs its 10 ms task on CPU 0 and a second one on
# CPU 1 that counts its jobs; Linux panics on CPU 0. The host
# (tests/qemu/host/linux-panic-smp2.sh) checks that CPU 0's task goes on as
# with one CPU (its lines, consecutive, for at least 5 s) and that CPU 1's
# count, which CPU 0's lines carry, stands still: panic() stops the other
# CPUs with their interrupts masked (arm64 masks DAIF in the stop handler,
# so its pseudo-NMIs stop; x86 parks them offline, and Linux's NMI entry
# then drops their NMIs), and their tasks stop with them (docs/security.md).
. /tests/sched-lib.sh

tx_load_stack || tx_finish
tx_check insmod-tx_panic insmod $M/tx_panic.ko cpus=2 panic_ms=3000
tx_check both-tasks-run sh -c 'sleep 0.2; test "$(cat /sys/module/tx_panic/parameters/jobs)" -gt 0'
touch /tmp/tactus-stay-up
tx_finish
