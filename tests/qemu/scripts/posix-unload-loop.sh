# tactus-boots: none
# posix-unload-loop (not in the suite; by hand: tools/qemu/test-qemu.sh arm64
# --boot smp2 posix-unload-loop, about 25 s a boot): tx_posix leave=1 loaded
# and unloaded 40 times, each unload deleting the two threads and the timer
# it left. Before the fix of docs/posix.md ("Found and fixed") about 1 boot
# in 8 lost CPU 0 (an RCU stall; the suite's boot would fail on it).
. /tests/sched-lib.sh

tx_load_stack || tx_finish
tx_check insmod-tactus_fifo insmod $M/tactus_fifo.ko
rounds=0
for i in $(seq 1 40); do
	insmod $M/tx_posix.ko leave=1 timing=0 || break
	rmmod tx_posix || break
	rounds=$i
done
tx_check "forty-load-unload-rounds ($rounds)" test "$rounds" = 40
tx_check rmmod-tactus_fifo rmmod tactus_fifo
tx_unload_stack
tx_finish
