# Developer profile (tools/qemu/profile.py): not part of the suite.
echo 0 > /proc/sys/kernel/kptr_restrict
# gravity_ns=0: the timer aimed at the release itself, so that a path is the
# path (with the calibrated gravity it would end in a wait for the release).
insmod /lib/modules/tactus_hal.ko && insmod /lib/modules/tactus_sched.ko gravity_ns=0 || exit 1
load=$(sed -n 's/.*tactus.profile_load=\([a-z]*\).*/\1/p' /proc/cmdline)
window=$(sed -n 's/.*tactus.profile_window=\([0-9.]*\).*/\1/p' /proc/cmdline)
insmod /lib/modules/tx_latency.ko period_us=1000 report_ms=100000 || exit 1
grep -E " [tT] " /proc/kallsyms | grep -v " __pfx_" # the padding before each function: half the lines, none executed
if [ "$load" = irqoff ]; then   # the load of sched-irqoff.sh
	insmod /lib/modules/tx_irqoff.ko irqoff_ms=20 cpu=0 || exit 1
	( while :; do :; done ) &
fi
sleep 0.2
echo PROFILE-START
# profile.py answers on the console once its exec log is on: under
# -icount sleep=off an idle guest can pass the window before that.
grep -q tactus.profile_ack /proc/cmdline && read -r _ack # no -t: sleep=off warps an idle guest past any timeout
sleep "${window:-0.02}"
echo PROFILE-STOP
sleep 0.5
rmmod tx_latency tactus_sched tactus_hal
