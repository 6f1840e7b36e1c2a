# tactus-boots: none
# demo: what `make demo` shows (tools/qemu/demo-qemu.sh boots it with
# --smp 1 --icount). A Tactus real-time task and a Linux hrtimer in hard
# interrupt context both run every 1 ms, while Linux is kept busy and a
# kernel thread switches interrupts off for 20 ms at a time. Each second one
# row: how late each of them was. Then a summary, a clean unload, power off.
# Lines for the viewer start with "DEMO|" (the host prints only those).
M=/lib/modules
export PATH="$PATH:/usr/bin/user"
SECONDS_TO_RUN=$(sed -n 's/.*demo\.seconds=\([0-9]*\).*/\1/p' /proc/cmdline)
SECONDS_TO_RUN=${SECONDS_TO_RUN:-10}
say() { echo "DEMO|$*"; }
case "$(uname -m)" in
x86_64) MACHINE="QEMU x86_64 (q35)" NMI_TIMER="HPET comparator raising NMIs" NS_PER_INSN=32 ;;
armv7*) MACHINE="QEMU raspi2b, 32-bit ARM" NMI_TIMER="generic timer routed to FIQ" NS_PER_INSN=16 ;;
*) MACHINE="QEMU arm64" NMI_TIMER="pseudo-NMI timer" NS_PER_INSN=16 ;;
esac
us() { awk -v n="$1" 'BEGIN { if (n == "") print "-"; else printf "%.1f", n / 1000 }'; }
field() { echo "$1" | awk -F'|' -v i="$2" '{ gsub(/ /, "", $i); print $i }'; }
last_line() { dmesg | grep "$1" | tail -n 1 | sed 's/^\[[ 0-9.]*\] //'; }

echo 1 >/proc/sys/kernel/printk # keep kernel messages off the console
say ""
say "Tactus demo: a real-time task next to Linux's best timer, on a Linux kept busy."
say ""
say "  Both run every 1 ms on the same CPU ($MACHINE, 1 CPU, deterministic time):"
say "  - the Tactus task (tx_latency): a real-time task of the co-kernel, woken by"
say "    the co-kernel's $NMI_TIMER;"
say "  - a Linux hrtimer in hard interrupt context (tx_hrtimer, HRTIMER_MODE_ABS_HARD),"
say "    the most punctual thing a Linux kernel module can have."
say "  Load: a shell busy loop, and tx_irqoff: a kernel thread that turns interrupts"
say "  off for 20 ms at a time, every 40 ms (like a bad driver). A row every second or"
say "  two (guest time since the load started)."
say "  'late' = how long after its due time each one actually started (worst in that"
say "  second, and worst so far); 'missed' = jobs that started after their next"
say "  period had already begun (overruns), counted so far."
say ""

insmod $M/tactus_hal.ko && insmod $M/tactus_sched.ko || { say "cannot load the Tactus modules"; exit 1; }
stream=0
if [ -f $M/tactus_fifo.ko ] && [ -f $M/rtf_sampler.ko ] && command -v rtf-decode >/dev/null 2>&1; then
	insmod $M/tactus_fifo.ko && insmod $M/rtf_sampler.ko period_us=1000 priority=1 && stream=1
fi
insmod $M/tx_latency.ko period_us=1000 report_ms=1000 || exit 1
insmod $M/tx_hrtimer.ko period_us=1000 report_ms=1000 || exit 1
if [ $stream = 1 ]; then
	cat /dev/rtf0 | rtf-decode -n $((SECONDS_TO_RUN + 5)) >/tmp/decode.txt 2>&1 &
	say "  Also running: examples/rtf_sampler, a 1 kHz real-time task streaming timestamps"
	say "  through /dev/rtf0 to a Linux program (rtf-decode): its column shows what arrived."
	say ""
fi
nice -n 19 sh -c 'while :; do :; done' &
busy=$!
insmod $M/tx_irqoff.ko irqoff_ms=20 gap_ms=20

up() { cut -d' ' -f1 /proc/uptime; }
t0=$(up)
hdr="   time | Tactus task: late (worst) missed | Linux hrtimer: late (worst)    missed"
[ $stream = 1 ] && hdr="$hdr | /dev/rtf0 -> rtf-decode"
say "$hdr"
elapsed() { awk -v a="$(up)" -v b="$t0" 'BEGIN { printf "%.1f", a - b }'; }
while awk -v e="$(elapsed)" -v n="$SECONDS_TO_RUN" 'BEGIN { exit !(e < n) }'; do
	sleep 1
	rt=$(last_line 'RTD|')
	hr=$(last_line 'HRT|')
	row=$(printf '%6ss | %7s us (%7s)   %5s | %11s us (%11s) %5s' "$(elapsed)" \
		"$(us "$(field "$rt" 4)")" "$(us "$(field "$rt" 5)")" "$(field "$rt" 6)" \
		"$(us "$(field "$hr" 4)")" "$(us "$(field "$hr" 5)")" "$(field "$hr" 6)")
	if [ $stream = 1 ]; then
		d=$(grep ' s:' /tmp/decode.txt | tail -n 1 | sed 's/^ *[0-9]* s: *//; s/, [0-9]* reordered//; s/ min [0-9.]* avg [0-9.]*//')
		row="$row | ${d:--}"
	fi
	say "$row"
done
total=$(elapsed)

rmmod tx_irqoff
kill $busy
rmmod tx_hrtimer
rmmod tx_latency
if [ $stream = 1 ]; then
	rmmod rtf_sampler
	sleep 0.2
	rmmod tactus_fifo 2>/dev/null
fi
rmmod tactus_sched && rmmod tactus_hal

# "tx_latency: period 1000 us: N samples, overruns O, latency min A avg B max C ns" (and tx_hrtimer)
summary() {
	echo "$1" | sed -n 's/.*: \([0-9]*\) samples, overruns \([0-9]*\), latency min \([0-9-]*\) avg \([0-9-]*\) max \([0-9-]*\) ns.*/\1 \2 \3 \4 \5/p'
}
set -- $(summary "$(last_line 'tx_latency: period')")
rt_n=$1 rt_o=$2 rt_min=$3 rt_avg=$4 rt_max=$5
set -- $(summary "$(last_line 'tx_hrtimer: period')")
hr_n=$1 hr_o=$2 hr_min=$3 hr_avg=$4 hr_max=$5
sections=$(last_line 'tx_irqoff:' | sed -n 's/.*: \([0-9]*\) sections.*/\1/p')
say ""
say "Summary over ${total} s ($sections interrupt-off sections of 20 ms):"
say "                         periods   missed     late: min       avg         max"
say "$(printf '  Tactus real-time task %8s %8s %11s us %8s us %9s us' "$rt_n" "$rt_o" "$(us "$rt_min")" "$(us "$rt_avg")" "$(us "$rt_max")")"
say "$(printf '  Linux hrtimer (hard)  %8s %8s %11s us %8s us %9s us' "$hr_n" "$hr_o" "$(us "$hr_min")" "$(us "$hr_avg")" "$(us "$hr_max")")"
say ""
say "While Linux had interrupts off, its own timer waited: up to $(us "$hr_max") us late, $hr_o"
say "periods missed. The Tactus task, woken through an NMI-class interrupt that Linux's"
say "interrupt masking does not block, was never more than $(us "$rt_max") us late."
if [ $stream = 1 ]; then
	say "The rtf_sampler stream reached Linux complete: $(last_line 'rtf_sampler: [0-9]* samples' | sed 's/^rtf_sampler: //')."
fi
say "(Times are QEMU's deterministic -icount time: 1 instruction = $NS_PER_INSN ns; a real"
say "core runs the same paths many times faster.) Modules unloaded cleanly."
exit 0
