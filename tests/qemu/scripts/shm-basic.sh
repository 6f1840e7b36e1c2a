# shm-basic: /dev/tactus_shm (tests/qemu/user/shm-test.c) with the shm_share
# example as the real-time side: mapping a module's segment, its updates,
# bad sizes and ioctls, segments outliving the module while mapped, user
# segments, RTAI's rtai_malloc/rtai_free; RTAI's page helpers (rvmalloc,
# rkmalloc, their mmap and address translations: tx_rtai_pages.c with
# tests/qemu/user/rtai-pages.c); the module parameter; clean unload.
# Nothing here depends on timing.
# tactus-boots: icount smp2 debug
. /tests/fifo-lib.sh

tx_load_stack || { tx_finish; exit 1; }
tx_check "proc-shm-exists" test -r /proc/tactus/shm
tx_check "insmod-shm_share" insmod $M/shm_share.ko
shm-test
tx_check "shm-test-exit-0" test $? = 0
cat /proc/tactus/shm
tx_check "no-segment-left-but-the-global-heap" test "$(tail -n +2 /proc/tactus/shm | grep -vc '^RTGLBH ')" = 0
tx_check "global-heap-listed" sh -c "tail -n +2 /proc/tactus/shm | grep -q '^RTGLBH '"

# A mapped segment holds tactus_shm: it cannot go while mapped.
tx_check "insmod-shm_share-again" insmod $M/shm_share.ko
shm-watch -t 2 > /tmp/watch.log 2>&1 &
watcher=$!
sleep 1
tx_check "rmmod-refused-while-mapped" sh -c "! rmmod tactus_shm 2>/dev/null"
wait $watcher
tx_check "shm-watch-while-rmmod-tried" test $? = 0
cat /tmp/watch.log
tx_check "rmmod-shm_share" rmmod shm_share

# RTAI's page helpers, mapped by a process through a module's own device.
mark=$(dmesg | wc -l)
tx_check "insmod-tx_rtai_pages" insmod $M/tx_rtai_pages.ko
dmesg | tail -n +$((mark + 1)) | grep "tx_rtai_pages"
n=$(dmesg | tail -n +$((mark + 1)) | grep -c "tx_rtai_pages: PASS")
tx_check "pages-checks-pass ($n of 4)" test "$n" = 4
rtai-pages > /tmp/pages.log 2>&1
tx_check "rtai-pages-exit-0" test $? = 0
cat /tmp/pages.log
tx_check "rtai-pages-all-pass ($(grep -c PASS /tmp/pages.log) of 4)" test "$(grep -c 'rtai-pages: PASS' /tmp/pages.log)" = 4
tx_check "rmmod-tx_rtai_pages" rmmod tx_rtai_pages
tx_unload_stack

# The mode parameter.
insmod $M/tactus_hal.ko && insmod $M/tactus_sched.ko
tx_check "insmod-shm-mode-0666" insmod $M/tactus_shm.ko mode=0666
tx_check "shm-mode-0666" test "$(stat -c %a /dev/tactus_shm)" = 666
tx_check "rmmod-shm-mode" rmmod tactus_shm
tx_check "device-removed" test ! -e /dev/tactus_shm
# The memory cap: the global heap (1 MiB) does not fit in 512 KiB: the load
# fails with one line. Without a global heap, shm_share's segment (a page)
# does not fit in 1 KiB; the module's load fails cleanly, and with room it
# loads.
tx_check "insmod-shm-heap-over-cap-refused" sh -c "! insmod $M/tactus_shm.ko max_kb=512 2>/dev/null"
tx_check "heap-over-cap-says-why" sh -c "dmesg | grep -q 'tactus: no memory for the global heap'"
tx_check "insmod-shm-max-kb-1" insmod $M/tactus_shm.ko max_kb=1 global_heap_kb=0
tx_check "shm-cap-refuses-a-segment" sh -c "! insmod $M/shm_share.ko 2>/dev/null"
tx_check "shm-cap-nothing-left" test "$(tail -n +2 /proc/tactus/shm | grep -c .)" = 0
tx_check "rmmod-shm-max-kb-1" rmmod tactus_shm
tx_check "insmod-shm-max-kb-4" insmod $M/tactus_shm.ko max_kb=4 global_heap_kb=0
tx_check "shm-cap-fits-a-page" insmod $M/shm_share.ko
tx_check "rmmod-shm_share-capped" rmmod shm_share
tx_check "rmmod-shm-max-kb-4" rmmod tactus_shm
rmmod tactus_sched; rmmod tactus_hal

tx_check "stack-gone" sh -c "! grep -q tactus /proc/modules"
tx_check_dmesg
tx_finish
