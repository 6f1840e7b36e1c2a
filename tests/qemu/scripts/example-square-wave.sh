# tactus-boots: icount smp2
# example-square-wave: examples/square_wave (1 kHz PI control loop on a
# simulated plant) for 1.2 s. Asserts: it loads, prints a status line per
# second (the first one: "1s: jobs 1000"), unloads; the controller settled in every half period (error at
# the end <= 2% of the amplitude: integer math, so this holds on every
# boot) and did not overshoot by more than 5%; the output pin toggled once
# per half period. On deterministic boots: zero overruns and worst-case
# latency <= 12 us (arm64, icount shift=4: 5.3 us measured since the return
# switch, 8.3-8.9 before; the bound of sched-irqoff for the same 1 kHz
# release) / <= 15 us (32-bit ARM: 7.4 us) / <= 60 us (x86_64, icount
# shift=5: the height of the port's retry path, which a build's layout
# decides whether a release meets; see sched-irqoff.sh and
# docs/x86_64-port.md: 9.7 and 44.8 us in this stop's builds).
. /tests/sched-lib.sh
LIMIT_NS=12000
LIMIT_NS_X86=60000
LIMIT_NS_ARM=15000
[ "$(uname -m)" = x86_64 ] && LIMIT_NS=$LIMIT_NS_X86
[ "$(uname -m)" = armv7l ] && LIMIT_NS=$LIMIT_NS_ARM

tx_load_stack || tx_finish
gravity=$(tx_gravity_ns)
tx_metric gravity_ns "$gravity"
tx_mark
tx_check insmod-square_wave insmod $M/square_wave.ko
sleep 1.2
tx_check rmmod-square_wave rmmod square_wave
tx_since | grep "square_wave:"
tx_check status-line-per-second sh -c "dmesg | tail -n +$((TX_MARK + 1)) | grep -q 'square_wave: 1s: jobs 1000,'"
stats=$(tx_since | grep "square_wave: jobs" | tail -n 1)
ctrl=$(tx_since | grep "square_wave: output edges" | tail -n 1)
jobs=$(echo "$stats" | sed -n 's/.*jobs \([0-9]*\),.*/\1/p')
overruns=$(echo "$stats" | sed -n 's/.*overruns \([0-9]*\),.*/\1/p')
lat=$(echo "$stats" | sed -n 's/.* max \([0-9-]*\) ns.*/\1/p')
edges=$(echo "$ctrl" | sed -n 's/.*output edges \([0-9]*\),.*/\1/p')
halves=$(echo "$ctrl" | sed -n 's/.*half periods \([0-9]*\),.*/\1/p')
err=$(echo "$ctrl" | sed -n 's/.*end: max \([0-9]*\) .*/\1/p')
over=$(echo "$ctrl" | sed -n 's/.*overshoot max \([0-9-]*\).*/\1/p')
tx_check "ran-$jobs-jobs" test "${jobs:-0}" -gt 500
tx_check "half-periods-$halves" test "${halves:-0}" -ge 10
tx_check "pin-toggled-each-half-period ($edges edges)" test "${edges:-0}" -ge "${halves:-1}" -a "${edges:-0}" -le $((${halves:-0} + 1))
tx_check_le settled-error-at-half-period-end "$err" 20 "of 1000"
tx_check_le overshoot "$over" 50 "of 1000"
tx_metric latency_max_ns "$lat"
tx_metric response_max_ns $((${lat:-0} + ${gravity:-0})) # from the NMI, aimed 'gravity' ahead
if tx_timing; then
	tx_check no-overruns test "$overruns" = 0
	tx_check_le latency-worst-case "$lat" $LIMIT_NS ns
fi
tx_unload_stack
tx_finish
