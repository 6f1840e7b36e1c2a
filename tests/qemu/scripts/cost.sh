insmod /lib/modules/tactus_hal.ko && insmod /lib/modules/tactus_sched.ko && insmod /lib/modules/tx_cost.ko
sleep 1
rmmod tx_cost tactus_sched tactus_hal
dmesg | grep tx_cost
