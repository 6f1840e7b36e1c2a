# tactus-boots: icount smp2 smp2+max
# sched-fpu: real-time tasks using floating point (tx_fpu, built with
# mk/tactus-fpu.mk) on CPU 0 - a long FPU job preempted by a short FPU task
# and a non-FPU task - while a user program (tx_fpu_user) does the same in
# Linux, in round-toward-zero mode. Every register pattern and every result
# must be exact, on both sides; /proc/tactus/scheduler must show FP saves.
# With 2 CPUs, then: an FPU task alone on CPU 0 moved to CPU 1 and back
# while a non-FPU task keeps CPU 0 busy (tx_fpu migrate=1): the double it
# keeps in a register across its waits must survive. On a CPU with SVE/SME
# (the smp2+max boot) FPU tasks must be refused instead.
. /tests/sched-lib.sh
USER_S=3
U=/usr/bin/tx_fpu_user

tx_load_stack || tx_finish
tx_check user-program-present test -x $U
# A CPU with SVE/SME (QEMU's "max"): the arm64 port saves V0-V31 only, which
# would corrupt a Linux task's SVE state, so FPU tasks are refused there.
if [ "$(uname -m)" = aarch64 ] && grep -qE '^Features.* (sve|sme)( |$)' /proc/cpuinfo; then
	tx_mark
	tx_check fpu-task-refused-on-sve sh -c "! insmod $M/tx_fpu.ko 2>/dev/null"
	tx_check dmesg-sve-refusal-line sh -c "dmesg | tail -n +$((TX_MARK + 1)) | grep -q 'FPU are refused: this CPU has SVE/SME state'"
	tx_check no-task-left sh -c "! grep -q tx_fpu /proc/tactus/scheduler"
	tx_unload_stack
	tx_finish
fi
tx_mark
tx_check insmod-tx_fpu insmod $M/tx_fpu.ko
pids=""
if [ "$(tx_cpus)" -ge 2 ]; then
	$U $USER_S >/tmp/fpu-user-2.txt 2>&1 &
	pids=$!
fi
$U $USER_S >/tmp/fpu-user-1.txt 2>&1
rc1=$?
rc2=0
[ -n "$pids" ] && { wait $pids; rc2=$?; }
cat /tmp/fpu-user-*.txt
tx_check user-fp-exact test $rc1 = 0 -a $rc2 = 0
tx_check user-iterations grep -q 'iterations=[1-9]' /tmp/fpu-user-1.txt
cat /proc/tactus/scheduler
saves=$(awk '/^CPU tasks/ { on = 1; next } /^NAME/ { on = 0 } on && $1 ~ /^[0-9]+$/ { s += $6 } END { print s + 0 }' /proc/tactus/scheduler)
tx_check fpu-saves-counted test "${saves:-0}" -gt 0
tx_check rmmod-tx_fpu rmmod tx_fpu
tx_since | grep "tx_fpu: result"
tx_module_checks tx_fpu
if [ "$(tx_cpus)" -ge 2 ]; then
	tx_mark
	tx_check insmod-tx_fpu-migrate insmod $M/tx_fpu.ko migrate=1
	tx_check rmmod-tx_fpu-migrate rmmod tx_fpu
	tx_since | grep "tx_fpu: result"
	tx_module_checks tx_fpu
fi
tx_unload_stack
tx_finish
