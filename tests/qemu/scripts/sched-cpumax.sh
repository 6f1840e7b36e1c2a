# tactus-boots: smp2+max
# tactus-arch: arm64 x86_64
# (not 32-bit ARM: raspi2b ignores -cpu, so there is no "max" CPU to test)
# sched-cpumax: the latency test on QEMU's "max" CPU (all architecture
# features QEMU has: arm64: newer exception and FP state, PAuth/BTI hardware
# present but unused by this kernel; x86_64: XSAVE and AVX, so that Linux
# keeps its FPU state with XSAVE next to the port's fxsave). Functional: the
# stack loads, a 1 kHz task runs (RTD lines, samples counted) next to the
# irq-off stressor, and everything unloads cleanly.
. /tests/sched-lib.sh

if [ "$(uname -m)" = aarch64 ]; then
	# cortex-a57 (the default) is ARMv8.0: LSE atomics show that this is "max".
	tx_check cpu-is-max-has-lse-atomics grep -q '^Features.* atomics' /proc/cpuinfo
else
	# qemu64 (the default) has neither XSAVE nor AVX.
	tx_check cpu-is-max-has-xsave-avx grep -qE '^flags.* xsave( .*)? avx( |$)' /proc/cpuinfo
fi
tx_load_stack || tx_finish
cat /proc/tactus/hal
tx_mark
tx_check insmod-tx_latency insmod $M/tx_latency.ko period_us=1000 report_ms=500
tx_check insmod-tx_irqoff insmod $M/tx_irqoff.ko irqoff_ms=20
sleep 2
tx_check rmmod-tx_irqoff rmmod tx_irqoff
tx_check rmmod-tx_latency rmmod tx_latency
tx_check rtd-lines sh -c "dmesg | tail -n +$((TX_MARK + 1)) | grep -q 'RTD|'"
line=$(tx_since | grep "tx_latency: period 1000 us:" | tail -n 1)
echo "$line"
samples=$(echo "$line" | sed -n 's/.*: \([0-9]*\) samples.*/\1/p')
tx_check samples test "${samples:-0}" -gt 100
tx_metric latency_max_ns "$(echo "$line" | sed -n 's/.* max \([0-9-]*\) ns.*/\1/p')"
tx_unload_stack
tx_finish
