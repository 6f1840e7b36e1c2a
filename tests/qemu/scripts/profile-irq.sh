# tactus-boots: none
# Developer profile of a device interrupt (tools/qemu/profile.py --test
# profile-irq): QEMU's edu device (-device edu) raised at 1 kHz by
# tx_irq.ko's count phase, its real-time handler edu_handler. Not part of
# the suite.
echo 0 > /proc/sys/kernel/kptr_restrict
insmod /lib/modules/tactus_hal.ko && insmod /lib/modules/tactus_sched.ko || exit 1
window=$(sed -n 's/.*tactus.profile_window=\([0-9.]*\).*/\1/p' /proc/cmdline)
grep -E " [tT] " /proc/kallsyms | grep -v " __pfx_" # the padding before each function: half the lines, none executed
insmod /lib/modules/tx_irq.ko rate_hz=1000 seconds=3 || exit 1
while ! dmesg | grep -q 'tx_irq: PASS startup-delivers-held-raise'; do sleep 0.1; done
sleep 0.5
echo PROFILE-START
# profile.py answers on the console once its exec log is on: under
# -icount sleep=off an idle guest can pass the window before that.
grep -q tactus.profile_ack /proc/cmdline && read -r _ack # no -t: sleep=off warps an idle guest past any timeout
sleep "${window:-0.02}"
echo PROFILE-STOP
# tx_irq came after the dump above; its handler ends a path (printed only now: reading
# /proc/kallsyms takes longer than the count phase runs)
grep -E " [tT] .*\[tx_irq\]" /proc/kallsyms
while [ "$(cat /sys/module/tx_irq/parameters/done)" != 1 ]; do sleep 0.5; done
rmmod tx_irq tactus_sched tactus_hal
