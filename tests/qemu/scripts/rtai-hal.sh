# tactus-boots: icount smp2
# rtai-hal: RTAI's HAL helpers as an RTAI module uses them (tx_rtai_hal.c):
# parameters given through RTAI_MODULE_PARM and RTAI_MODULE_PARM_ARRAY
# arrive; two tasks (one per CPU when there are two) add to a counter under
# rt_spin_lock_irqsave on a DEFINE_SPINLOCK, 2 x 2000 read-wait-write
# updates, none lost; a priority-0 task released every 100 us runs no job
# inside a 1 ms rtai_save_flags_and_cli section nor inside rtai_cli/rtai_sti,
# and runs again after each (at least 5 jobs in the next 1 ms at -icount;
# elsewhere at least one within 100 ms: a busy host stalls the vCPU);
# RTAI_NR_CPUS, CONFIG_RTAI_FPU_SUPPORT and RTAI_CLOCK_FREQ are right.
. /tests/sched-lib.sh

tx_load_stack || tx_finish
# The watchdog's default (no watchdog_us given on icount boots): 1 s.
tx_timing && tx_check "watchdog-default-1-s" grep -q "watchdog: 1000000 us budget" /proc/tactus/scheduler
other=0
[ "$(tx_cpus)" -ge 2 ] && other=1
tx_check insmod-tx_rtai_hal insmod $M/tx_rtai_hal.ko loops=2000 cpus=0,$other
tx_check tx_rtai_hal-done tx_wait_param tx_rtai_hal done 1 30
tx_check rmmod-tx_rtai_hal rmmod tx_rtai_hal
dmesg | grep "tx_rtai_hal: result" | tail -n 1
r() { tx_result tx_rtai_hal "$1"; }
tx_check "array-parameter-arrived ($(r ncpus_given))" test "$(r ncpus_given)" = 2
tx_check "spinlock-no-update-lost ($(r counter) of $(r expected), CPUs 0 and $other)" test "$(r counter)" = "$(r expected)" -a "$(r expected)" = 4000
tx_check "no-job-while-saved-and-cli ($(r jobs_masked))" test "$(r jobs_masked)" = 0
# After: 10 releases in the next 1 ms on deterministic boots; elsewhere a
# busy host may stall the virtual CPU, so at least one (within 100 ms).
min_after=1
tx_timing && min_after=5
tx_check "jobs-after-restore ($(r jobs_after))" test "$(r jobs_after)" -ge $min_after
tx_check "no-job-between-cli-and-sti ($(r sti_jobs_masked))" test "$(r sti_jobs_masked)" = 0
tx_check "jobs-after-sti ($(r sti_jobs_after))" test "$(r sti_jobs_after)" -ge $min_after
tx_check rtai-nr-cpus test "$(r nr_cpus)" = 8
tx_check rtai-fpu-support test "$(r fpu)" = 1
tx_check rtai-clock-freq test "$(r clock_ok)" = 1
tx_unload_stack
tx_finish
