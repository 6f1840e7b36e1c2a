# tactus-boots: icount smp2
# rtai-more: more of RTAI's task and semaphore calls as an RTAI module uses
# them (tx_rtai_more.c): a timed self-suspension that times out, a sleeper
# woken by rt_task_wakeup_sleeping, rt_sched_lock holding a higher priority
# off until the unlock, a condition variable with a mutex, a periodic
# task's rt_task_get_info and next_period, and rt_get_real_time_ns against
# Linux's clock, an rt_rpcx with buffers both ways, a system request pended by a task,
# event flags consumed by one task and watched by another, QNX-style
# rt_Send/rt_Receive/rt_Reply and a proxy triggered from Linux, rt_poll
# woken by a mailbox and timing out, rt_get_global_lock/rt_release_global_lock.
# Its 22 checks pass, it unloads, and nothing oopsed.
# Then RTAI's timers and tasklets (tx_rtai_tasklets_main.c): a 1 ms periodic
# timer for 200 ms (one call per period until its removal, give or take one, none after, each late by
# less than 20 ms), a oneshot timer waking a task, a tasklet found by id and
# executed, a POSIX timer armed by a struct itimerspec (counted as the
# periodic one, then deleted), rt_psem_timedwait timing out at an absolute
# struct timespec, a handler using the FPU (rt_timer_use_fpu) preempted
# by an FPU task with every register kept; twice, the second time with a periodic timer left inserted at
# the module's exit, which the scheduler removes at the unload; then a
# handler that never returns, stopped by the watchdog: the unload ends.
# Then RTAI's real-time heaps (tx_rtai_heap.c): the global heap, a named
# block, a group heap and an rtheap_t, from Linux and from a task that
# churns 2000 allocations with their contents checked; 7 checks.
# Then RTAI's message queues and typed mailboxes (tx_rtai_tbx.c): a stream
# of 3000 messages between CPUs through a queue of 8, priority order,
# broadcast, timeouts, delete, named queues, the heap whole again; 8
# checks; a named queue it leaves is deleted at tactus_shm's unload.
# Then RTAI's kernel threads (tx_rtai_kthreads.c): two rt_thread_create
# threads made hard by rt_thread_init, one periodic (1 ms, 120 periods,
# soft in between: Linux with interrupts on), one taking its signals and
# returning hard; both tasks given back; 7 checks, then rmmod, no oops.
. /tests/sched-lib.sh

tx_load_stack || tx_finish
tx_mark
tx_check insmod-tx_rtai_more insmod $M/tx_rtai_more.ko
dmesg | tail -n +$((TX_MARK + 1)) | grep "tx_rtai_more"
n=$(dmesg | tail -n +$((TX_MARK + 1)) | grep -c "tx_rtai_more: PASS")
tx_check "all-checks-pass ($n of 22)" test "$n" = 22 -a "$(dmesg | tail -n +$((TX_MARK + 1)) | grep -c 'tx_rtai_more: FAIL')" = 0
tx_check rmmod-tx_rtai_more rmmod tx_rtai_more
tx_check no-oops sh -c "! dmesg | tail -n +$((TX_MARK + 1)) | grep -q 'Oops\|BUG\|Unable to handle\|Internal error'"
for leave in 0 1; do
	tx_mark
	tx_check "tasklets$leave-insmod" insmod $M/tx_rtai_tasklets.ko leave=$leave
	dmesg | tail -n +$((TX_MARK + 1)) | grep "tx_rtai_tasklets"
	n=$(dmesg | tail -n +$((TX_MARK + 1)) | grep -c "tx_rtai_tasklets: PASS")
	tx_check "tasklets$leave-all-checks-pass ($n of 9)" test "$n" = 9
	tx_check "tasklets$leave-rmmod" rmmod tx_rtai_tasklets
	if [ $leave = 1 ]; then
		tx_check tasklets1-removed-by-the-scheduler sh -c "dmesg | tail -n +$((TX_MARK + 1)) | grep -q 'tactus: module tx_rtai_tasklets left 1 timer(s) or tasklet(s)'"
	else
		tx_check tasklets0-nothing-left-behind sh -c "! dmesg | tail -n +$((TX_MARK + 1)) | grep -q 'timer(s) or tasklet(s)'"
	fi
	tx_check "tasklets$leave-no-oops" sh -c "! dmesg | tail -n +$((TX_MARK + 1)) | grep -q 'Oops\|BUG\|Unable to handle\|Internal error'"
done
# A handler that never returns: the watchdog stops its timers manager; the
# module's unload still ends, the manager deleted (dmesg says so).
tx_mark
tx_check tasklets-stuck-insmod insmod $M/tx_rtai_tasklets.ko stuck=1
tx_check tasklets-stuck-rmmod rmmod tx_rtai_tasklets
tx_check tasklets-stuck-manager-deleted sh -c "dmesg | tail -n +$((TX_MARK + 1)) | grep -q 'timers manager of CPU .* was stopped'"
tx_check "tasklets-stuck-no-oops" sh -c "! dmesg | tail -n +$((TX_MARK + 1)) | grep -q 'Oops\|BUG\|Unable to handle\|Internal error'"
tx_mark
tx_check insmod-tactus_shm insmod $M/tactus_shm.ko
tx_check insmod-tx_rtai_heap insmod $M/tx_rtai_heap.ko
dmesg | tail -n +$((TX_MARK + 1)) | grep "tx_rtai_heap"
n=$(dmesg | tail -n +$((TX_MARK + 1)) | grep -c "tx_rtai_heap: PASS")
tx_check "heap-all-checks-pass ($n of 7)" test "$n" = 7
tx_check rmmod-tx_rtai_heap rmmod tx_rtai_heap
tx_check insmod-tx_rtai_tbx insmod $M/tx_rtai_tbx.ko leave=1
dmesg | tail -n +$((TX_MARK + 1)) | grep "tx_rtai_tbx"
n=$(dmesg | tail -n +$((TX_MARK + 1)) | grep -c "tx_rtai_tbx: PASS")
tx_check "tbx-all-checks-pass ($n of 8)" test "$n" = 8
tx_check rmmod-tx_rtai_tbx rmmod tx_rtai_tbx
tx_check heap-only-the-global-segment-left sh -c "test \"\$(tail -n +2 /proc/tactus/shm | awk '{print \$1}' | tr '\n' ' ')\" = 'RTGLBH '"
tx_check rmmod-tactus_shm rmmod tactus_shm
tx_check tbx-left-queue-deleted-at-unload sh -c "dmesg | tail -n +$((TX_MARK + 1)) | grep -q 'tactus: 1 named message queue(s) left at unload'"
tx_check "heap-no-oops" sh -c "! dmesg | tail -n +$((TX_MARK + 1)) | grep -q 'Oops\|BUG\|Unable to handle\|Internal error\|left allocated'"
tx_mark
tx_check insmod-tx_rtai_kthreads insmod $M/tx_rtai_kthreads.ko timing=$(tx_timing && echo 1 || echo 0)
dmesg | tail -n +$((TX_MARK + 1)) | grep "tx_rtai_kthreads"
n=$(dmesg | tail -n +$((TX_MARK + 1)) | grep -c "tx_rtai_kthreads: PASS")
tx_check "kthreads-all-checks-pass ($n of 7)" test "$n" = 7
tx_check rmmod-tx_rtai_kthreads rmmod tx_rtai_kthreads
tx_check "kthreads-no-oops" sh -c "! dmesg | tail -n +$((TX_MARK + 1)) | grep -q 'Oops\|BUG\|Unable to handle\|Internal error\|WARNING'"
tx_unload_stack
tx_finish
