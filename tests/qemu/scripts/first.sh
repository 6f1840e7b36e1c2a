# First boot of the modules: load, run a 1 kHz task with the irq-off stressor, unload.

hal_opts=""; [ "$(uname -m)" = aarch64 ] && hal_opts=profile=1
insmod /lib/modules/tactus_hal.ko $hal_opts || { dmesg | tail -20; exit 1; }
insmod /lib/modules/tactus_sched.ko || exit 1
cat /proc/tactus/hal
insmod /lib/modules/tx_latency.ko period_us=1000 report_ms=500 || exit 1
sleep 1
cat /proc/tactus/scheduler
insmod /lib/modules/tx_irqoff.ko irqoff_ms=20; echo stressor loaded
( while :; do :; done ) &
sleep 3
cat /proc/tactus/scheduler
cat /proc/tactus/hal
rmmod tx_irqoff; echo irqoff gone
rmmod tx_latency; echo latency gone
rmmod tactus_sched; echo sched gone
rmmod tactus_hal; echo hal gone
dmesg | grep -E "tactus|tx_|RT[DH]" | tail -30
