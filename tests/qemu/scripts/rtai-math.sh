# tactus-boots: icount smp2
# rtai-math: the kernel math library (tactus_math.ko; rtai-modnames loads
# it by RTAI's name rtai_math) used from a real-time FPU task (tx_math_main.c, tx_math_calc.c built with
# mk/tactus-fpu.mk): 46 values within 2 ulps of glibc's, and identities
# (sin^2 + cos^2, log(exp), atan2(sin, cos)) over 4001 points. Unloads clean.
. /tests/sched-lib.sh

tx_load_stack || tx_finish
tx_check insmod-tactus_math insmod $M/tactus_math.ko
tx_mark
tx_check insmod-tx_math insmod $M/tx_math.ko
dmesg | tail -n +$((TX_MARK + 1)) | grep "tx_math"
n=$(dmesg | tail -n +$((TX_MARK + 1)) | grep -c "tx_math: PASS")
tx_check "all-checks-pass ($n of 3)" test "$n" = 3
tx_check rmmod-tx_math rmmod tx_math
tx_check rmmod-tactus_math rmmod tactus_math
tx_check no-oops sh -c "! dmesg | tail -n +$((TX_MARK + 1)) | grep -q 'Oops\|BUG\|Unable to handle\|Internal error'"
tx_unload_stack
tx_finish
