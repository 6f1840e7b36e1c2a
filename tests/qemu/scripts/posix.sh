# tactus-boots: icount smp2
# posix: Tactus's POSIX layer (api/include/posix/) in RTLinux-style modules.
# tx_posix.c: 200 absolute clock_nanosleep deadlines never early; priority
# inversion on one CPU resolved by PTHREAD_PRIO_INHERIT and PROTECT and
# shown without them; a condition variable between CPUs; POSIX's error
# codes from threads; a message queue between CPUs; a 1 ms POSIX timer's
# signals taken by sigwait, never early; a FIFO pair with a handler: this script writes a
# command into /dev/rtf2 and the module's thread answers into /dev/rtf1.
# Its 15 checks pass (the first: pthread_create refused under
# rt_global_cli, Linux context that may not allocate); rmmod deletes its
# threads itself (no unload line);
# loaded again with leave=1, its unload deletes the two threads it left
# (one log line), nothing oopses. Then tx_rtl_hello.c, RTLinux's hello
# world: a 20 ms periodic thread printing with rtl_printf for 0.5 s,
# every release on time (never early, within 20 ms), deleted at rmmod.
. /tests/sched-lib.sh

tx_load_stack || tx_finish
tx_check insmod-tactus_fifo insmod $M/tactus_fifo.ko
tx_mark
timing=$(tx_timing && echo 1 || echo 0) # 0: lateness bounds for a host that stalls the vCPUs
tx_check insmod-tx_posix insmod $M/tx_posix.ko timing=$timing
tx_since | grep "tx_posix"
tx_module_checks tx_posix
n=$(tx_since | grep -c "tx_posix: PASS")
tx_check "all-checks-pass ($n of 15)" test "$n" = 15
printf ping >/dev/rtf2
answer=$(dd if=/dev/rtf1 bs=9 count=1 2>/dev/null)
tx_check "fifo-handler-answers ('$answer')" test "$answer" = "ack ping"
printf pong >/dev/rtf2
answer=$(dd if=/dev/rtf1 bs=9 count=1 2>/dev/null)
tx_check "fifo-handler-answers-again ('$answer')" test "$answer" = "ack pong"
tx_check rmmod-tx_posix rmmod tx_posix
tx_check threads-deleted-by-the-module sh -c "! dmesg | tail -n +$((TX_MARK + 1)) | grep -q 'POSIX thread(s)'"
tx_mark
tx_check insmod-tx_posix-leave insmod $M/tx_posix.ko leave=1 timing=$timing
tx_check rmmod-tx_posix-leave rmmod tx_posix
tx_since | grep "POSIX thread"
tx_check unload-deleted-the-two-left sh -c "dmesg | tail -n +$((TX_MARK + 1)) | grep -q 'tactus: module tx_posix left 2 POSIX thread(s) running at unload; deleted them'"
tx_check unload-deleted-the-timer-left sh -c "dmesg | tail -n +$((TX_MARK + 1)) | grep -q 'tactus: module tx_posix left 1 POSIX timer(s) at unload; deleted them'"
tx_check no-oops sh -c "! dmesg | grep -q 'Oops\|BUG\|Unable to handle\|Internal error'"
tx_mark
tx_check insmod-tx_rtl_hello insmod $M/tx_rtl_hello.ko
sleep 0.5
tx_check rmmod-tx_rtl_hello rmmod tx_rtl_hello
lines=$(tx_since | grep "tx_rtl_hello: I'm here; my arg is 2a")
echo "$lines" | head -n 3
count=$(echo "$lines" | grep -c "release")
tx_check "hello-periodic ($count lines)" test "$count" -ge 10
# Release k runs at k * 20 ms after the first, never before, at most 20 ms after.
bad=$(echo "$lines" | sed -n 's/.*(release \([0-9]*\) at \([0-9]*\) us)/\1 \2/p' |
	awk '{ due = $1 * 20000; if ($2 < due || $2 > due + 20000) print }' | head -n 3)
tx_check "hello-on-time${bad:+ ($bad)}" test -z "$bad"
tx_check hello-no-oops sh -c "! dmesg | grep -q 'Oops\|BUG\|Unable to handle\|Internal error'"
tx_check rmmod-tactus_fifo rmmod tactus_fifo
tx_unload_stack
tx_finish
