# tactus-boots: smp2
# rtai-modnames: RTAI's module names load Tactus's modules. The modules are
# installed where modprobe looks (/lib/modules/$(uname -r)/extra) and
# busybox depmod indexes them; then modprobe rtai_sched loads tactus_sched
# and, through the dependency, tactus_hal; rtai_sem, rtai_mbx, rtai_msg and
# rtai_tasklets name the same module (nothing more loads); rtai_fifos and
# rtai_shm load tactus_fifo and tactus_shm (as do rtai_msgq and rtai_tbx,
# then), rtai_math tactus_math. Then
# everything unloads.
. /tests/sched-lib.sh

kdir=/lib/modules/$(uname -r)/extra
mkdir -p "$kdir"
cp $M/tactus_hal.ko $M/tactus_sched.ko $M/tactus_fifo.ko $M/tactus_shm.ko $M/tactus_math.ko "$kdir"/
tx_check depmod depmod
loaded() { grep -q "^$1 " /proc/modules; }
tx_check modprobe-rtai_sched modprobe rtai_sched
tx_check rtai_sched-is-tactus_sched loaded tactus_sched
tx_check its-dependency-tactus_hal loaded tactus_hal
n=$(wc -l </proc/modules)
for name in rtai_hal rtai_sem rtai_mbx rtai_msg rtai_tasklets; do
	tx_check "modprobe-$name" modprobe $name
done
tx_check "same-modules-still ($n)" test "$(wc -l </proc/modules)" = "$n"
tx_check modprobe-rtai_fifos modprobe rtai_fifos
tx_check rtai_fifos-is-tactus_fifo loaded tactus_fifo
tx_check modprobe-rtai_shm modprobe rtai_shm
tx_check rtai_shm-is-tactus_shm loaded tactus_shm
n=$(wc -l </proc/modules)
for name in rtai_msgq rtai_tbx; do
	tx_check "modprobe-$name" modprobe $name
done
tx_check "rtai_msgq-rtai_tbx-are-tactus_shm ($n)" test "$(wc -l </proc/modules)" = "$n"
tx_check modprobe-rtai_math modprobe rtai_math
tx_check rtai_math-is-tactus_math loaded tactus_math
tx_check rmmod-all rmmod tactus_math tactus_shm tactus_fifo tactus_sched tactus_hal
tx_check none-left sh -c '! grep -q "^tactus_" /proc/modules'
tx_check no-oops sh -c "! dmesg | grep -q 'Oops\|BUG\|Unable to handle\|Internal error'"
tx_finish
