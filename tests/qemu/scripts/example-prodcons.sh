# tactus-boots: icount smp2
# example-prodcons: examples/prodcons (two periodic producers, a consumer,
# counting semaphores bounding a mailbox, consumer stalls of 10 ms) for
# 1 s. Asserts: it drains and sets done; everything produced was consumed;
# no sequence, checksum or receive error; the buffer filled up (8 of 8) and
# the producers blocked on it instead of losing items.
. /tests/sched-lib.sh

tx_load_stack || tx_finish
tx_mark
tx_check insmod-prodcons insmod $M/prodcons.ko run_ms=1000
tx_check drained-and-done tx_wait_param prodcons done 1 20
tx_check rmmod-prodcons rmmod prodcons
tx_since | grep "prodcons:"
l1=$(tx_since | grep "prodcons: produced" | tail -n 1)
l2=$(tx_since | grep "prodcons: sequence errors" | tail -n 1)
set -- $(echo "$l1" | sed -n 's/.*produced \([0-9]*\) + \([0-9]*\), consumed \([0-9]*\), producers blocked \([0-9]*\) + \([0-9]*\) times, buffer max \([0-9]*\) of \([0-9]*\).*/\1 \2 \3 \4 \5 \6 \7/p')
p1=${1:-0} p2=${2:-0} c=${3:--1} b1=${4:-0} b2=${5:-0} max=${6:-0} slots=${7:-8}
tx_check "produced-$p1-and-$p2" test "$p1" -gt 0 -a "$p2" -gt 0
tx_check "consumed-all ($c of $((p1 + p2)))" test "$c" = $((p1 + p2))
tx_check no-sequence-error sh -c "echo '$l2' | grep -q 'sequence errors 0,'"
tx_check no-checksum-error sh -c "echo '$l2' | grep -q 'checksum errors 0,'"
tx_check no-receive-error sh -c "echo '$l2' | grep -q 'receive errors 0,'"
tx_check "buffer-filled ($max of $slots)" test "$max" = "$slots"
tx_check "producers-blocked ($b1 + $b2)" test $((b1 + b2)) -gt 0
tx_unload_stack
tx_finish
