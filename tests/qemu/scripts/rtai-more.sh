# tactus-boots: icount smp2
# rtai-more: more of RTAI's task and semaphore calls as an RTAI module uses
# them (tx_rtai_more.c): a timed self-suspension that times out, a sleeper
# woken by rt_task_wakeup_sleeping, rt_sched_lock holding a higher priority
# off until the unlock, a condition variable with a mutex, a periodic
# task's rt_task_get_info and next_period, and rt_get_real_time_ns against
# Linux's clock. Its 13 checks pass, it unloads, and nothing oopsed.
. /tests/sched-lib.sh

tx_load_stack || tx_finish
tx_mark
tx_check insmod-tx_rtai_more insmod $M/tx_rtai_more.ko
dmesg | tail -n +$((TX_MARK + 1)) | grep "tx_rtai_more"
n=$(dmesg | tail -n +$((TX_MARK + 1)) | grep -c "tx_rtai_more: PASS")
tx_check "all-checks-pass ($n of 13)" test "$n" = 13 -a "$(dmesg | tail -n +$((TX_MARK + 1)) | grep -c 'tx_rtai_more: FAIL')" = 0
tx_check rmmod-tx_rtai_more rmmod tx_rtai_more
tx_check no-oops sh -c "! dmesg | tail -n +$((TX_MARK + 1)) | grep -q 'Oops\|BUG\|Unable to handle\|Internal error'"
tx_unload_stack
tx_finish
