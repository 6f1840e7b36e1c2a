# fifo-basic: /dev/rtfN semantics (tests/qemu/user/fifo-test.c) with the
# rtf_sampler example as the real-time side; module parameters; load and
# unload of the whole stack; dmesg clean. Nothing here depends on timing.
# tactus-boots: icount smp2
. /tests/fifo-lib.sh

tx_load_stack || { tx_finish; exit 1; }
tx_check "proc-fifos-exists" test -r /proc/tactus/fifos
tx_check "insmod-rtf_sampler" insmod $M/rtf_sampler.ko period_us=1000
fifo-test
tx_check "fifo-test-exit-0" test $? = 0
cat /proc/tactus/fifos

# Lifetimes: a file's release after a kernel module destroyed the FIFO
# under it and created it again leaves that module's reference alone (it
# used to drop it: the FIFO closed under its holder).
fifo_opens() { awk -v f="$1" '$1 == f { print $4 }' /proc/tactus/fifos; }
exec 3</dev/rtf7
tx_check "fifo7-opened-by-file" test "$(fifo_opens 7)" = 1
tx_check "insmod-tx_fifo_holder-destroy-1" insmod $M/tx_fifo_holder.ko fifo=7 destroy=1
tx_check "holder-destroyed-the-files-reference" test "$(cat /sys/module/tx_fifo_holder/parameters/last_destroy)" = 0
tx_check "fifo7-held-by-module" test "$(fifo_opens 7)" = 1
exec 3<&-
tx_check "file-release-leaves-holders-reference" test "$(fifo_opens 7)" = 1
tx_check "rmmod-tx_fifo_holder" rmmod tx_fifo_holder
tx_check "fifo7-closed-after-holder" test -z "$(fifo_opens 7)"
# The same without the destroy: file and module hold one each.
exec 3</dev/rtf7
tx_check "insmod-tx_fifo_holder-shared" insmod $M/tx_fifo_holder.ko fifo=7
tx_check "fifo7-two-holders" test "$(fifo_opens 7)" = 2
exec 3<&-
tx_check "fifo7-module-holds-on" test "$(fifo_opens 7)" = 1
tx_check "rmmod-tx_fifo_holder-shared" rmmod tx_fifo_holder
tx_check "fifo7-closed-at-last" test -z "$(fifo_opens 7)"

# Safe defaults: the devices (mode 0600) and the internals (0400: tasks,
# lock and NMI counters) are root's; the FIFO, shm and line lists are not.
tx_check "nobody-refused-devices-and-internals" as-nobody /dev/rtf0 /dev/tactus_shm /proc/tactus/scheduler /proc/tactus/hal
tx_check "nobody-reads-the-lists" as-nobody -r /proc/tactus/fifos /proc/tactus/shm /proc/tactus/irqs

tx_check "rmmod-rtf_sampler" rmmod rtf_sampler
tx_check "no-fifo-left-open" test "$(tx_open_fifos)" = 0
tx_unload_stack

# Parameters: count and mode; a count out of range is refused.
insmod $M/tactus_hal.ko && insmod $M/tactus_sched.ko
tx_check "count-too-big-refused" sh -c "! insmod $M/tactus_fifo.ko count=257 2>/dev/null"
tx_check "count-0-refused" sh -c "! insmod $M/tactus_fifo.ko count=0 2>/dev/null"
tx_check "insmod-count-4-mode-0666" insmod $M/tactus_fifo.ko count=4 mode=0666
tx_check "count-4-nodes" test -c /dev/rtf3 -a ! -e /dev/rtf4
tx_check "mode-0666" test "$(stat -c %a /dev/rtf0)" = 666
tx_check "rmmod-count-4" rmmod tactus_fifo
# Access by group instead of by world: group= owns the nodes, 0660 by
# default; nobody (gid 65534) opens them then, and is refused without it.
tx_check "insmod-group-65534" insmod $M/tactus_fifo.ko count=2 group=65534
tx_check "group-owns-nodes" test "$(stat -c %g:%a /dev/rtf0)" = 65534:660
tx_check "group-member-opens" as-nobody -r /dev/rtf0 /dev/rtf1
tx_check "rmmod-group" rmmod tactus_fifo
tx_check "insmod-mode-too-wide-refused" sh -c "! insmod $M/tactus_fifo.ko mode=01777 2>/dev/null"
# The memory cap: 8 KiB holds a few FIFOs of the 1000 bytes an open makes
# (two rings and a header each), never all 8; the next open is refused
# with ENOMEM; closing gives the memory back.
tx_check "insmod-max-kb-8" insmod $M/tactus_fifo.ko count=8 max_kb=8
holders=""
for f in 0 1 2 3 4 5 6 7; do
	sleep 1000 < /dev/rtf$f 2>/dev/null &
	holders="$holders $!"
	# One at a time: until the FIFO shows open, or the holder gave up (its
	# open refused), so that a slow host cannot leave the cap half used.
	i=0
	while [ $i -lt 100 ] && [ -z "$(fifo_opens $f)" ] && kill -0 $! 2>/dev/null; do
		sleep 0.1
		i=$((i + 1))
	done
done
held=$(tx_open_fifos)
echo "fifo-basic: $held FIFO(s) of 8 opened under an 8 KiB cap"
tx_check "fifo-cap-holds-some-not-all" test "$held" -ge 1 -a "$held" -lt 8
tx_check "fifo-cap-refuses-enomem" sh -c "sh -c 'exec 3</dev/rtf7' 2>&1 | grep -qi 'out of memory\|cannot allocate memory'"
kill $holders 2>/dev/null
wait 2>/dev/null
tx_check "fifo-cap-memory-back" sh -c "test \"\$(tail -n +2 /proc/tactus/fifos | grep -c .)\" = 0 && exec 3</dev/rtf7"
tx_check "rmmod-max-kb-8" rmmod tactus_fifo
tx_check "nodes-removed" test ! -e /dev/rtf0
rmmod tactus_sched; rmmod tactus_hal

# Load/unload loops, with a sampler running and a reader attached until
# just before the unload.
i=0
while [ $i -lt 3 ]; do
	i=$((i + 1))
	ok=1
	insmod $M/tactus_hal.ko && insmod $M/tactus_sched.ko && insmod $M/tactus_fifo.ko &&
		insmod $M/tactus_shm.ko && insmod $M/rtf_sampler.ko || ok=0
	head -c 16000 /dev/rtf0 > /tmp/rtf0.bin || ok=0
	[ "$(wc -c < /tmp/rtf0.bin)" = 16000 ] || ok=0
	rmmod rtf_sampler && rmmod tactus_shm && rmmod tactus_fifo && rmmod tactus_sched && rmmod tactus_hal || ok=0
	tx_check "load-unload-loop-$i" test $ok = 1
done
tx_check "stack-gone" sh -c "! grep -q tactus /proc/modules"
tx_check_dmesg
tx_finish
