# tactus-boots: icount smp2 smp2+max debug
# sched-fault: a fault in a real-time task stops that task, not the machine
# (hal/hal.h, "Faults in real-time tasks"). For each kind of fault of
# tx_fault.c (x86: a null store (#PF), a non-canonical load (#GP), a call
# through a null pointer (#PF on the fetch), ud2 (#UD), a division by zero
# (#DE); arm64 and arm: the same as data and instruction aborts and udf, no
# #DE),
# the faulting task 'victim' runs exactly its 5 jobs; asserts: dmesg reports
# it with its function, the kind, the faulting code's symbol and its
# module, and the stack's return addresses; /proc/tactus/scheduler shows it
# in state "fault"; the lower-priority 'witness' task goes on (20 more jobs
# after the fault); the shell runs; rt_task_resume cannot restart it (-EINVAL,
# the state bits stay suspended); rmmod deletes both tasks (0). Linux prints no
# oops: the boot's dmesg scan fails on any. Boots: also -cpu max (x86: SMAP
# and SMEP, which send a null access straight to page_fault_oops; arm64:
# PAN) and the arm64 debug kernel (lockdep, PROVE_RCU).
. /tests/sched-lib.sh

kinds="null wild call undef"
[ "$(uname -m)" = x86_64 ] && kinds="$kinds divide"
case "$(uname -m)" in
x86_64) text_null="page fault at 0000000000000000" text_wild="general protection fault"
	text_call="page fault at 0000000000000000" text_undef="invalid opcode" text_divide="divide error" ;;
armv7l) text_null="data abort at 0000000000000000" text_wild="data abort at 000000000dead000"
	text_call="instruction abort at 0000000000000000" text_undef="undefined instruction" ;;
*) text_null="data abort at 0000000000000000" text_wild="data abort at dead000000000000"
	text_call="instruction abort at 0000000000000000" text_undef="undefined instruction" ;;
esac


tx_load_stack || tx_finish
tx_check hooks-in sh -c "! dmesg | grep -q 'faults in real-time tasks are not contained'"
for k in $kinds; do
	tx_mark
	tx_check "$k-insmod" insmod $M/tx_fault.ko kind=$k
	tx_wait_param tx_fault jobs 5 5
	sleep 0.1
	w1=$(cat /sys/module/tx_fault/parameters/witness)
	sleep 0.1
	w2=$(cat /sys/module/tx_fault/parameters/witness)
	tx_check "$k-victim-ran-5-jobs-and-no-more" test "$(cat /sys/module/tx_fault/parameters/jobs)" = 5
	tx_check "$k-witness-goes-on ($w1 -> $w2)" test "$w2" -ge $((${w1:-0} + 20))
	tx_check "$k-proc-state-fault" sh -c "grep '^victim_fn ' /proc/tactus/scheduler | grep -q ' fault '"
	tx_check "$k-shell-runs" sh -c 'ls /proc >/dev/null'
	eval want=\$text_$k
	line=$(tx_since | grep "tactus: task 'victim_fn \[tx_fault\]' faulted: " | head -n 1)
	echo "$line"
	tx_check "$k-report-kind" sh -c "echo \"\$1\" | grep -q \"faulted: $want\"" - "$line"
	case $k in
	call) tx_check "$k-report-pc-zero" sh -c "echo \"\$1\" | grep -q ', pc 0x0'" - "$line" ;;
	*) tx_check "$k-report-pc-in-module" sh -c "echo \"\$1\" | grep -q ', pc raise_fault+0x[0-9a-f]*/0x[0-9a-f]* \[tx_fault\]'" - "$line" ;;
	esac
	trace=$(tx_since | grep "tactus:   its stack holds: " | head -n 1)
	echo "$trace"
	tx_check "$k-report-stack" sh -c "echo \"\$1\" | grep -q 'victim_fn+0x[0-9a-f]*/0x[0-9a-f]* \[tx_fault\]'" - "$trace"
	tx_check "$k-rmmod" rmmod tx_fault
	tx_check "$k-state-suspended" test $(($(tx_result tx_fault state) & 2)) = 2
	tx_check "$k-resume-refused" test "$(tx_result tx_fault resume)" = -22
	tx_check "$k-deleted" test "$(tx_result tx_fault delete)" = 0
	tx_check "$k-witness-deleted" test "$(tx_result tx_fault delete_witness)" = 0
	tx_check "$k-no-oops" sh -c "! dmesg | tail -n +$((TX_MARK + 1)) | grep -q 'Oops\|BUG\|Unable to handle\|Internal error'"
done
# RTAI's trap handler (rt_set_task_trap_handler, every vector): it runs
# once as the victim after the fault, given RTAI's vector and signal (x86's
# numbers; arm64 maps its aborts to 14 and udf to 6), the registers at the
# fault (their pc in raise_fault) and the task, and signals a semaphore the
# witness takes (a task's call); then the victim stops for good although the
# handler returned 1 (RTAI's "resume").
trap_kinds="null undef"
[ "$(uname -m)" = x86_64 ] && trap_kinds="$trap_kinds divide"
vec_null=14 signo_null=11 vec_undef=6 signo_undef=4 vec_divide=0 signo_divide=8
for k in $trap_kinds; do
	tx_mark
	tx_check "trap-$k-insmod" insmod $M/tx_fault.ko kind=$k trap=1
	tx_wait_param tx_fault jobs 5 5
	sleep 0.2
	tx_check "trap-$k-victim-stopped-after-5-jobs" test "$(cat /sys/module/tx_fault/parameters/jobs)" = 5
	tx_check "trap-$k-report-says-handler" sh -c "dmesg | tail -n +$((TX_MARK + 1)) | grep -q \"faulted: .*; its trap handler runs, then it stops for good\""
	tx_check "trap-$k-rmmod" rmmod tx_fault
	tx_since | grep "tx_fault: result"
	eval want_vec=\$vec_$k want_signo=\$signo_$k
	tx_check "trap-$k-ran-once ($(tx_result tx_fault trap_runs))" test "$(tx_result tx_fault trap_runs)" = 1
	tx_check "trap-$k-vector-$want_vec ($(tx_result tx_fault trap_vec))" test "$(tx_result tx_fault trap_vec)" = "$want_vec"
	tx_check "trap-$k-signal-$want_signo ($(tx_result tx_fault trap_signo))" test "$(tx_result tx_fault trap_signo)" = "$want_signo"
	tx_check "trap-$k-regs-pc ($(tx_result tx_fault trap_pc))" test "$(tx_result tx_fault trap_pc)" = raise_fault
	tx_check "trap-$k-task-arg" test "$(tx_result tx_fault trap_task_ok)" = 1
	tx_check "trap-$k-its-signal-reached-the-witness" test "$(tx_result tx_fault trap_signalled)" = 1
	tx_check "trap-$k-resume-refused" test "$(tx_result tx_fault resume)" = -22
	tx_check "trap-$k-deleted" test "$(tx_result tx_fault delete)" = 0
	tx_check "trap-$k-no-oops" sh -c "! dmesg | tail -n +$((TX_MARK + 1)) | grep -q 'Oops\|BUG\|Unable to handle\|Internal error'"
done
# A fault Linux fixes up (an exception-table entry) is not the task's to
# pay for: copy_from_kernel_nofault from a wild address returns an error and
# the victim goes on (arm64 reads and faults; x86 refuses the address first).
tx_mark
tx_check nofault-insmod insmod $M/tx_fault.ko kind=nofault
sleep 0.3
tx_check "nofault-victim-goes-on ($(cat /sys/module/tx_fault/parameters/jobs) jobs)" test "$(cat /sys/module/tx_fault/parameters/jobs)" -ge 20
tx_check "nofault-call-failed ($(cat /sys/module/tx_fault/parameters/nofault_ret))" test "$(cat /sys/module/tx_fault/parameters/nofault_ret)" -lt 0
tx_check nofault-not-reported sh -c "! dmesg | tail -n +$((TX_MARK + 1)) | grep -q 'faulted:'"
tx_check nofault-rmmod rmmod tx_fault
# A stack overflow: the victim's jobs recurse deeper each time until one
# writes over the guard below its stack; the switch after that job finds it
# (check_stack) and stops the task for good.
tx_mark
tx_check overflow-insmod insmod $M/tx_fault.ko kind=overflow
sleep 0.5
j1=$(cat /sys/module/tx_fault/parameters/jobs)
sleep 0.1
j2=$(cat /sys/module/tx_fault/parameters/jobs)
tx_check "overflow-victim-stopped ($j1 jobs, then $j2)" test "$j1" = "$j2" -a "$j1" -gt 5 -a "$j1" -lt 60
tx_check overflow-reported sh -c "dmesg | tail -n +$((TX_MARK + 1)) | grep -q 'ran past the low end of its stack'"
tx_check overflow-proc-state sh -c "grep '^victim_fn ' /proc/tactus/scheduler | grep -q ' stack-overrun '"
tx_check overflow-rmmod rmmod tx_fault
tx_check overflow-resume-refused test "$(tx_result tx_fault resume)" = -22
tx_check overflow-deleted test "$(tx_result tx_fault delete)" = 0
tx_check overflow-witness-went-on test "$(tx_result tx_fault witness)" -gt $((j1 + 50))
tx_check overflow-no-oops sh -c "! dmesg | tail -n +$((TX_MARK + 1)) | grep -q 'Oops\|BUG\|Unable to handle\|Internal error'"
# A frame that jumps past the guard without writing it (alloca, as a large
# local array): the canary stays intact and only the stack-pointer bound at
# the switch (check_stack) sees that the blocking call after it ran below
# the stack. The victim stops in job 5, reported as such.
tx_mark
tx_check skip-insmod insmod $M/tx_fault.ko kind=skip
tx_wait_param tx_fault jobs 5 5
sleep 0.2
tx_check "skip-victim-ran-5-jobs-and-no-more ($(cat /sys/module/tx_fault/parameters/jobs))" test "$(cat /sys/module/tx_fault/parameters/jobs)" = 5
tx_check skip-reported-by-the-sp-bound sh -c "dmesg | tail -n +$((TX_MARK + 1)) | grep -q \"ran past the low end of its stack (its stack pointer is below its stack's low end)\""
tx_check skip-proc-state sh -c "grep '^victim_fn ' /proc/tactus/scheduler | grep -q ' stack-overrun '"
w1=$(cat /sys/module/tx_fault/parameters/witness)
sleep 0.1
tx_check "skip-witness-goes-on ($w1 -> $(cat /sys/module/tx_fault/parameters/witness))" test "$(cat /sys/module/tx_fault/parameters/witness)" -ge $((${w1:-0} + 20))
tx_check skip-rmmod rmmod tx_fault
tx_check skip-resume-refused test "$(tx_result tx_fault resume)" = -22
tx_check skip-deleted test "$(tx_result tx_fault delete)" = 0
tx_check skip-no-oops sh -c "! dmesg | tail -n +$((TX_MARK + 1)) | grep -q 'Oops\|BUG\|Unable to handle\|Internal error'"

tx_check divide-refused-on-arm sh -c "[ \"\$(uname -m)\" = x86_64 ] || ! insmod $M/tx_fault.ko kind=divide 2>/dev/null"
tx_unload_stack
tx_finish
