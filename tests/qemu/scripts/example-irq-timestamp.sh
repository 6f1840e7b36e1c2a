# example-irq-timestamp: the README's device-interrupt pipe,
# `cat /dev/rtf2 | irq-decode`, for 3 s of interrupts from
# examples/irq_timestamp (QEMU's edu device raised every 1 ms; its handler
# stamps each interrupt and wakes a task that streams both stamps): three
# per-second lines and a total, none lost; on deterministic boots about
# 1000 interrupts a second, each handler and task started within 100 us of
# the raise.
# tactus-boots: icount smp2
# tactus-qemu: -device edu
# tactus-arch: arm64 x86_64
# (not arm: the edu device is PCI, which raspi2b has not, and the arm port serves no device lines yet)
. /tests/fifo-lib.sh

tx_load_stack || { tx_finish; exit 1; }
tx_check "insmod-irq_timestamp" insmod $M/irq_timestamp.ko || { tx_finish; exit 1; }
cat /dev/rtf2 | irq-decode -n 3 > /tmp/decode.log
rc=$?
cat /tmp/decode.log
tx_check "irq-decode-exit-0" test $rc = 0
total=$(grep '^total:' /tmp/decode.log)
irqs=$(echo "$total" | sed -n 's/^total: *\([0-9]*\) irqs.*/\1/p')
lost=$(echo "$total" | sed -n 's/.* \([0-9]*\) lost.*/\1/p')
irq_max=$(echo "$total" | sed -n 's/.*irq latency .* max \([0-9.]*\) us | task.*/\1/p')
task_max=$(echo "$total" | sed -n 's/.*| task .* max \([0-9.]*\) us$/\1/p')
tx_check "three-second-lines" test "$(grep -c '^ *[0-9]* s:' /tmp/decode.log)" = 3
tx_check "zero-lost" test "$lost" = 0
tx_check "interrupts-arrived" test "${irqs:-0}" -gt 0
tx_check "proc-irqs-shows-the-handler" grep -q 'edu_irq \[irq_timestamp\]' /proc/tactus/irqs
tx_metric irqs_3s "$irqs"
tx_metric irq_latency_max_us "$irq_max"
tx_metric task_latency_max_us "$task_max"
if tx_timing; then
	tx_check "irq-count-3000" awk -v n="$irqs" 'BEGIN { exit !(n >= 2998 && n <= 3001) }'
	tx_check "irq-latency-under-100us ($irq_max)" awk -v m="$irq_max" 'BEGIN { exit !(m > 0 && m < 100) }'
	tx_check "task-latency-under-100us ($task_max)" awk -v m="$task_max" 'BEGIN { exit !(m > 0 && m < 100) }'
fi
tx_check "rmmod-irq_timestamp" rmmod irq_timestamp
tx_check "line-released" sh -c "! grep -q irq_timestamp /proc/tactus/irqs"
tx_unload_stack
tx_check_dmesg
tx_finish
