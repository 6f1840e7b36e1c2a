# tactus-boots: icount smp2
# fifo-user-api: RTAI's user-space FIFO calls (rtf_open_sized,
# rtf_read_timed, rtf_read_all_at_once, rtf_write_timed, rtf_evdrp,
# rtf_read_if, rtf_reset, rtf_suspend_timed, rtf_getfifobyname and the
# FIFO semaphore: rtf_sem_wait/_timed_wait/_trywait/_post/_destroy) in a
# static user program (rtf-user-api) against tx_fifo_echo, whose real-time
# task echoes its FIFO "TXECHO" and posts its semaphore (rtf_sem_post from real time
# wakes the waiting Linux program). 12 checks, clean unload.
. /tests/sched-lib.sh

tx_load_stack || tx_finish
tx_check insmod-tactus_fifo insmod $M/tactus_fifo.ko
tx_mark
tx_check insmod-tx_fifo_echo insmod $M/tx_fifo_echo.ko || { tx_finish; exit 1; }
rtf-user-api > /tmp/api.log 2>&1
rc=$?
cat /tmp/api.log
n=$(grep -c "rtf-user-api: PASS" /tmp/api.log)
tx_check "user-program-all-pass ($n of 12)" test "$rc" = 0 -a "$n" = 12
tx_check rmmod-tx_fifo_echo rmmod tx_fifo_echo
tx_check rmmod-tactus_fifo rmmod tactus_fifo
tx_check no-oops sh -c "! dmesg | tail -n +$((TX_MARK + 1)) | grep -q 'Oops\|BUG\|Unable to handle\|Internal error'"
tx_unload_stack
tx_finish
