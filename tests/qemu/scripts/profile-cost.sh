# tactus-timeout: 300
# (it prints /proc/kallsyms, 50,000 lines, over the serial console: 83 s of a
# 120 s limit at x86 -icount on a loaded host, and over the limit on a busier one)
# Developer profile (tools/qemu/profile.py --test profile-cost --flat FUNC):
# one scheduler operation of tests/qemu/modules/tx_cost.c in a loop
# (tactus.profile_load=resume: rt_task_resume + rt_task_suspend, 2 switches;
# sem: rt_sem_signal + rt_sem_wait, 2 switches), for a flat per-function
# instruction count per operation. Not part of the suite.
echo 0 > /proc/sys/kernel/kptr_restrict
insmod /lib/modules/tactus_hal.ko && insmod /lib/modules/tactus_sched.ko gravity_ns=0 || exit 1
load=$(sed -n 's/.*tactus.profile_load=\([a-z]*\).*/\1/p' /proc/cmdline)
window=$(sed -n 's/.*tactus.profile_window=\([0-9.]*\).*/\1/p' /proc/cmdline)
case "$load" in sem) mode=2 ;; *) mode=1 ;; esac
# The loop's module first, then one kallsyms dump (a second pass over
# /proc/kallsyms for its few symbols took minutes at x86's one instruction
# per block; the loop's bursts take little of the CPU meanwhile). Its
# symbols win over a stale init symbol of ours at the same address.
insmod /lib/modules/tx_cost.ko loop=$mode || exit 1
echo "PROFILE-SYMS-WIN tx_cost"
grep -E " [tT] " /proc/kallsyms | grep -v " __pfx_"
sleep 0.2
echo PROFILE-START
# profile.py answers on the console once its exec log is on: under
# -icount sleep=off an idle guest can pass the window before that.
grep -q tactus.profile_ack /proc/cmdline && read -r _ack # no -t: sleep=off warps an idle guest past any timeout
sleep "${window:-0.02}"
echo PROFILE-STOP
sleep 0.2
rmmod tx_cost tactus_sched tactus_hal
