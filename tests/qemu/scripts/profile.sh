# Developer profile (tools/qemu/profile.py): not part of the suite.
echo 0 > /proc/sys/kernel/kptr_restrict
insmod /lib/modules/tactus_hal.ko && insmod /lib/modules/tactus_sched.ko || exit 1
insmod /lib/modules/tx_latency.ko period_us=1000 report_ms=100000 || exit 1
sleep 1
grep -E " [tT] " /proc/kallsyms
echo PROFILE-START
sleep 0.02
echo PROFILE-STOP
sleep 0.5
rmmod tx_latency tactus_sched tactus_hal
