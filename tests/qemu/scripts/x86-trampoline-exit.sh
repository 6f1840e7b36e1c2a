# tactus-arch: x86_64
# tactus-boots: icount smp2
# x86-trampoline-exit: an NMI that meets a trampoline on its way out (after
# its dispatch, unmasked) rewinds it instead of nesting a new frame inside
# it (arch/x86/switch.S, the tail; nmi.c, rewind). Before the unmask moved
# into the tail, an NMI in the C code after the unmask nested a frame, and
# NMIs phase-locked to that spot piled them up to a kworker's stack guard
# page (irq-edu at -icount on Debian's 6.1 kernel). tactus_hal's self-test
# sweeps a timer NMI across the way out, 160 rounds 50 ns apart, and refuses
# the port if one nested. Asserts, over three loads: the self-test's line
# (0 nested), and on deterministic boots that NMIs did land in the tail and
# were rewound (the sweep reached the window it is meant to cover).
. /tests/sched-lib.sh

probe_line() { tx_since | grep "self-test: [0-9]* NMIs in a trampoline's exit:" | tail -n 1; }

for round in 1 2 3; do
	tx_mark
	tx_check "insmod-tactus_hal-$round" insmod $M/tactus_hal.ko || break
	line=$(probe_line)
	echo "$line"
	rewound=$(echo "$line" | sed -n 's/.*: \([0-9]*\) rewound, .*/\1/p')
	tx_check "exit-probe-logged-$round" test -n "$rewound"
	tx_check "exit-probe-none-nested-$round" eval 'echo "$line" | grep -q ", 0 nested$"'
	if tx_timing; then
		tx_metric "rewound_$round" "${rewound:-0}"
		tx_check "exit-probe-rewound-some-$round (${rewound:-none})" test "${rewound:-0}" -gt 0
	fi
	tx_check "rmmod-tactus_hal-$round" rmmod tactus_hal
done
tx_finish
