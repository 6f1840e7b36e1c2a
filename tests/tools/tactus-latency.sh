#!/bin/sh
# tests/tools/tactus-latency.sh - the logic of `tactus latency` with
# stand-ins for insmod, rmmod and dmesg (first on PATH) in a made-up root:
# the modules it loads (the stack only when missing) and removes again, the
# FIFO it picks, the RTD| and cyclictest lines and the summary computed
# from the task's records (fed through a named pipe as /dev/rtfN, in
# tactus_latency.c's layout), the histogram and its file, the bad inputs,
# a task that sends nothing, a module that fails to load. (The QEMU test
# tactus-command runs it for real.) Ends with "N passed, N failed".
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=lib.sh
. "$here/lib.sh"
trap 'kill $(cat "$work"/writer.pid 2>/dev/null) 2>/dev/null; rm -rf "$work"' EXIT

root="$work/root" bin="$work/bin" mods="$work/mods" calls="$work/calls"
mkdir -p "$root/sys/module" "$root/proc/tactus" "$root/dev" "$bin" "$mods"
for m in tactus_hal tactus_sched tactus_fifo tactus_shm tactus_latency; do : >"$mods/$m.ko"; done
# Three records of the task (jobs, min, avg, max, last, overruns so far,
# jobs so far, records lost so far): 64 bytes each, native byte order.
python3 -c '
import struct, sys
recs = [(10000, 1200, 2500, 9100, 2400, 0, 10000, 0),
        (10000, 900, 2300, 15300, 2000, 1, 20000, 0),
        (10000, 1100, 2600, 8000, 3100, 1, 30000, 0)]
sys.stdout.buffer.write(b"".join(struct.pack("=8q", *r) for r in recs))' >"$work/records"
# The histogram the module would show: 200 buckets, a few filled.
awk 'BEGIN { for (i = 0; i < 200; i++) printf "%s%d", i ? "," : "", i == 1 ? 7000 : i == 2 ? 20000 : i == 9 ? 2999 : i == 199 ? 1 : 0; print "" }' >"$work/hist"
# insmod FILE ARGS: fails for the module named in $work/fail; tactus_latency
# gets its parameters directory, and /dev/rtfFIFO (a named pipe) is fed the
# records by a writer that keeps it open (unless $work/silent exists).
cat >"$bin/insmod" <<EOS
#!/bin/sh
m=\$(basename "\$1" .ko); shift
echo "insmod \$m \$*" >>"$calls"
[ -e "$work/slow" ] && [ "\$m" = tactus_sched ] && sleep 2 # a slow kernel
if [ "\$m" = "\$(cat "$work/fail" 2>/dev/null)" ]; then
	echo "insmod: ERROR: could not insert module \$m.ko: Invalid parameters" >&2
	exit 1
fi
mkdir -p "$root/sys/module/\$m/holders"
[ "\$m" = tactus_latency ] || exit 0
mkdir -p "$root/sys/module/\$m/parameters"
cp "$work/hist" "$root/sys/module/\$m/parameters/hist"
for a in "\$@"; do case "\$a" in fifo=*) f=\${a#fifo=} ;; esac; done
rm -f "$root/dev/rtf\$f"
mkfifo "$root/dev/rtf\$f"
[ -e "$work/silent" ] && exit 0
# (the pipe is opened inside: the open waits for a reader, and it must not
# hold the output of insmod's caller meanwhile)
( exec >"$root/dev/rtf\$f"; cat "$work/records"; sleep 20 ) </dev/null >/dev/null 2>&1 &
echo \$! >"$work/writer.pid"
EOS
cat >"$bin/rmmod" <<EOS
#!/bin/sh
echo "rmmod \$1" >>"$calls"
rm -rf "$root/sys/module/\$1"
EOS
printf '#!/bin/sh\necho "[   12.5] tactus_latency: bad parameters"\n' >"$bin/dmesg"
chmod +x "$bin"/*
run() {
	: >"$calls"
	out=$(PATH="$bin:$PATH" TACTUS_SYSROOT=$root "$tactus" "$@" 2>&1)
	rc=$?
	kill "$(cat "$work/writer.pid" 2>/dev/null)" 2>/dev/null
	rm -f "$work/writer.pid"
}
calls() { tr '\n' ';' <"$calls"; }
printf 'FIFO NAME SIZE\n' >"$root/proc/tactus/fifos"

run latency --help
expect_rc help 0
has help-names-the-options 'Usage: tactus latency \[--period US\]'

for bad in "--period 5" "--period 2000000" "--period x" "--duration -1" "--cpu one" "--format csv" "--bogus" "--plot"; do
	# shellcheck disable=SC2086 # the option and its value
	run latency $bad
	expect_rc "bad-input '$bad'" 2
done
same bad-input-loads-nothing "$(calls)" ""

# The stack is not loaded: latency loads it, then removes all it loaded.
run latency --dir "$mods" --duration 3 --histogram "$work/hist.txt"
expect_rc run 0
same run-loads-and-unloads "$(calls)" "insmod tactus_hal ;insmod tactus_sched ;insmod tactus_fifo ;insmod tactus_shm ;insmod tactus_latency period_us=100 cpu=0 fpu=0 fifo=63;rmmod tactus_latency;rmmod tactus_shm;rmmod tactus_fifo;rmmod tactus_sched;rmmod tactus_hal;"
has run-header '^RTH\|    lat min\|    ovl min\|    lat avg\|    lat max\|    ovl max\|   overruns$'
has run-first-line '^RTD\|       1200\|       1200\|       2500\|       9100\|       9100\|          0$'
has run-overall-min-and-max '^RTD\|        900\|        900\|       2300\|      15300\|      15300\|          1$'
has run-third-keeps-overall '^RTD\|       1100\|        900\|       2600\|       8000\|      15300\|          1$'
same run-three-lines "$(echo "$out" | grep -c '^RTD|')" 3
has run-summary '^summary: 30000 jobs in 3 s; latency min 900 ns, avg 2466 ns, max 15300 ns; overruns 1; records lost 0$'
has run-histogram-bucket '^       2 us      20000 #{50}$'
has run-histogram-overflow '^  >= 199 us          1 #$'
same run-histogram-file-lines "$(wc -l <"$work/hist.txt" | tr -d ' ')" 200
same run-histogram-file-bucket "$(sed -n 10p "$work/hist.txt")" "9 2999"

# The stack is loaded and FIFO 63 is open: only tactus_latency comes and
# goes, on FIFO 62; the cyclictest form.
for m in tactus_hal tactus_sched tactus_fifo tactus_shm; do mkdir -p "$root/sys/module/$m"; done
printf 'FIFO NAME SIZE\n63 - 4096\n' >"$root/proc/tactus/fifos"
run latency --dir "$mods" --duration 2 --period 1000 --cpu 1 --fpu --format cyclictest
expect_rc cyclictest 0
same cyclictest-module-only "$(calls)" "insmod tactus_latency period_us=1000 cpu=1 fpu=1 fifo=62;rmmod tactus_latency;"
has cyclictest-line '^T: 1 \(tactus\) P: 0 I:1000 C:    20000 Min:      0 Act:      2 Avg:      2 Max:     15$'
has cyclictest-fpu-said 'an FPU task'

# tactus_latency refuses its parameters: nothing is left loaded.
for m in tactus_hal tactus_sched tactus_fifo tactus_shm; do rm -rf "${root:?}/sys/module/$m"; done
printf 'FIFO NAME SIZE\n' >"$root/proc/tactus/fifos"
echo tactus_latency >"$work/fail"
run latency --dir "$mods" --duration 1 --cpu 7
expect_rc module-refused 1
has module-refused-says '^tactus latency: insmod tactus_latency.ko \(period_us=100 cpu=7 fpu=0 fifo=63\) failed: .*Invalid parameters; the kernel.s last line: .*bad parameters$'
same module-refused-rolls-back "$(calls)" "insmod tactus_hal ;insmod tactus_sched ;insmod tactus_fifo ;insmod tactus_shm ;insmod tactus_latency period_us=100 cpu=7 fpu=0 fifo=63;rmmod tactus_shm;rmmod tactus_fifo;rmmod tactus_sched;rmmod tactus_hal;"
rm -f "$work/fail"

# A task that sends nothing (its CPU does not run Tactus): a clear error
# after 5 s, and everything removed.
: >"$work/silent"
run latency --dir "$mods" --duration 1
expect_rc silent 1
has silent-says '^tactus latency: no record from the task in 5 s'
same silent-cleans-up "$(calls)" "insmod tactus_hal ;insmod tactus_sched ;insmod tactus_fifo ;insmod tactus_shm ;insmod tactus_latency period_us=100 cpu=0 fpu=0 fifo=63;rmmod tactus_latency;rmmod tactus_shm;rmmod tactus_fifo;rmmod tactus_sched;rmmod tactus_hal;"
rm -f "$work/silent"

# SIGTERM while the modules load (seconds on a KASAN kernel): it stops
# there and removes what it loaded.
: >"$work/slow"
: >"$calls"
PATH="$bin:$PATH" TACTUS_SYSROOT=$root "$tactus" latency --dir "$mods" >"$work/term.out" 2>&1 &
pid=$!
sleep 0.5
kill -TERM $pid
wait $pid
rc=$?
out=$(cat "$work/term.out")
expect_rc term-while-loading 1
has term-while-loading-says '^tactus latency: stopped while loading the modules$'
same term-while-loading-rolls-back "$(calls)" "insmod tactus_hal ;insmod tactus_sched ;rmmod tactus_sched;rmmod tactus_hal;"
rm -f "$work/slow"

# Already running: refused, nothing touched.
mkdir -p "$root/sys/module/tactus_latency"
run latency --dir "$mods"
expect_rc already-loaded 1
has already-loaded-says 'tactus_latency is already loaded'
same already-loaded-touches-nothing "$(calls)" ""
rm -rf "${root:?}/sys/module/tactus_latency"

run latency --dir "$work/nowhere"
expect_rc no-modules 1
has no-modules-says "no tactus_hal.ko and tactus_latency.ko in $work/nowhere"

finish
