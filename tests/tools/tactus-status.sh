#!/bin/sh
# tests/tools/tactus-status.sh - `tactus status` on a made-up /proc/tactus
# (fixtures/proc-tactus: the formats of sched_module.c, fifo_module.c and
# shm_module.c, with three tasks on two CPUs, one stopped by the watchdog,
# one named with a space as %ps names a task without a name), and its
# errors. Prints "TACTUS-CHECK: PASS|FAIL name" per check and ends with
# "N passed, N failed".
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=lib.sh
. "$here/lib.sh"
run() { out=$(TACTUS_SYSROOT=$root "$tactus" status "$@" 2>&1); rc=$?; }

root="$work/loaded"
mkdir -p "$root/proc"
cp -r "$here/fixtures/proc-tactus" "$root/proc/tactus"
run
expect_rc loaded 0
has timer '^timer: oneshot, counter 62500000 Hz, gravity 18176 ns$'
has watchdog '^watchdog: 1000000 us budget, 1 task\(s\) suspended so far$'
has cpu0 '^CPU 0: 2 task\(s\), 209908 switches, 104953 timer interrupts$'
has cpu1 '^CPU 1: 1 task\(s\), 5120 switches, 2600 timer interrupts$'
has periodic-task '^  sample \[rtf_sam +0  periodic-wait +100\.0 +0 +6\.1  -$'
has watchdog-hit '^  runaway +10  suspended +- +0 +0\.0  hit$'
has blocked-task '^  consumer +5  blocked +- +3 +9\.4  -$'
# consumer (CPU 1) is listed under CPU 1, after CPU 0's two tasks
order=$(echo "$out" | grep -nE '^(CPU [01]:|  (sample|runaway|consumer))' | cut -d: -f2 | tr -d ' ' | cut -c1-6 | tr '\n' ' ')
if [ "$order" = "CPU0 sample runawa CPU1 consum " ]; then pass tasks-under-their-cpu; else bad tasks-under-their-cpu "order: $order"; fi
has fifos-table '^  0    -                   65536     1'
has no-shm '^Shared memory: none$'
run --watch --count 2
expect_rc watch 0
n=$(echo "$out" | grep -c '^timer: ')
if [ "$n" = 2 ]; then pass watch-prints-twice; else bad watch-prints-twice "$n reports"; fi

# No FIFOs open: said so.
head -n 1 "$here/fixtures/proc-tactus/fifos" >"$root/proc/tactus/fifos"
run
has no-fifos '^FIFOs: none open$'

# Not loaded; not readable (a user's view of the root-only file).
root="$work/empty"
mkdir -p "$root/proc"
run
expect_rc not-loaded 1
has not-loaded-says-why '^tactus status: Tactus is not loaded'
if [ "$(id -u)" != 0 ]; then
	root="$work/loaded"
	chmod 000 "$root/proc/tactus/scheduler"
	run
	expect_rc not-root 1
	has not-root-says-why 'readable by root only'
fi
run --count
expect_rc count-without-number 2
run --count x
expect_rc count-not-a-number 2
run --bogus
expect_rc unknown-option 2
has unknown-option-line "^tactus: status: unknown option '--bogus'"
out=$("$tactus" status --help 2>&1); rc=$?
expect_rc help 0
has help-text '^Usage: tactus status'

finish
