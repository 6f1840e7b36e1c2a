# example-shm: examples/shm_share's task updates segment "SHMDEM" every 1 ms;
# shm-watch maps it by name and validates 3 s of snapshots (magic, counter,
# timestamps, every sine sample against the integer formula and libm).
# On deterministic boots (tactus.timing=1) it also checks the 1 ms period.
# tactus-boots: icount smp2 debug
. /tests/fifo-lib.sh

tx_load_stack || { tx_finish; exit 1; }
tx_check "insmod-shm_share" insmod $M/shm_share.ko || { tx_finish; exit 1; }
opt=""
tx_timing && opt=-P
shm-watch -t 3 $opt > /tmp/watch.log 2>&1
rc=$?
cat /tmp/watch.log
tx_check "shm-watch-valid" test $rc = 0
tx_check "shm-watch-saw-updates" grep -q "^shm-watch: OK: [1-9][0-9]* updates" /tmp/watch.log
cat /proc/tactus/shm
tx_check "rmmod-shm_share" rmmod shm_share
tx_check "segment-freed" test "$(tail -n +2 /proc/tactus/shm | grep -vc "^RTGLBH ")" = 0 # the global heap stays
tx_unload_stack
tx_check_dmesg
tx_finish
