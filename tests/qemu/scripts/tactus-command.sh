# tactus-boots: smp2
# tactus-command: the `tactus` command (tools/tactus) in the guest. `tactus
# check` on the kernel the
# suite runs Tactus on: it must say Tactus can run here (exit 0, no fail
# line), read the command line's switch (arm64 irqchip.gicv3_pseudo_nmi=1;
# x86_64: q35 has no IOMMU, so no intremap=off is needed) and find the
# interrupt controller (GICv3) or the HPET; and the stack then loads, as it
# says. `tactus load` loads the stack with a parameter (again: nothing to
# do), `tactus status` lists a task under its CPU, `tactus unload` refuses
# while a task module uses the stack and then removes it; a bad parameter
# leaves nothing loaded.
. /tests/sched-lib.sh

out=$(tactus check 2>&1)
rc=$?
echo "$out"
tx_check "exit-0 ($rc)" test "$rc" = 0
tx_check no-fail-line sh -c "! echo \"\$1\" | grep -q '^fail'" - "$out"
tx_check says-can-run sh -c "echo \"\$1\" | grep -q '^tactus check: .* 0 fail: Tactus can run here$'" - "$out"
case "$(uname -m)" in
aarch64)
	tx_check cmdline-switch sh -c "echo \"\$1\" | grep -q '^ok    cmdline: irqchip.gicv3_pseudo_nmi=1'" - "$out"
	tx_check gicv3 sh -c "echo \"\$1\" | grep -q '^ok    interrupt controller: GICv3'" - "$out"
	;;
x86_64)
	tx_check no-iommu sh -c "echo \"\$1\" | grep -q '^ok    cmdline: no active IOMMU'" - "$out"
	tx_check hpet sh -c "echo \"\$1\" | grep -q '^ok    HPET: present'" - "$out"
	;;
esac
tx_check "unknown-command-exit-2" sh -c 'tactus nope 2>/dev/null; [ $? = 2 ]'
# tactus status: refused before the stack is loaded; then a periodic task
# (tx_watchdog mode=busy: 1 ms, priority 0, CPU 0) listed under its CPU.
tx_check status-not-loaded-exit-1 sh -c 'tactus status 2>/dev/null; [ $? = 1 ]'
# tactus load: the stack in order, with a parameter; again: nothing to do.
tx_check load sh -c "tactus load --dir $M sched.watchdog_us=20000"
tx_check loaded-all sh -c 'for m in tactus_hal tactus_sched tactus_fifo tactus_shm; do [ -d /sys/module/$m ] || exit 1; done'
tx_check load-param-arrived grep -q "watchdog: 20000 us budget" /proc/tactus/scheduler
tx_check load-again-idempotent sh -c "tactus load --dir $M | grep -q 'tactus_hal: already loaded'"
tx_check insmod-busy insmod $M/tx_watchdog.ko mode=busy busy_us=100
sleep 0.2
st=$(tactus status)
echo "$st"
tx_check status-cpu0-line sh -c "echo \"\$1\" | grep -q '^CPU 0: 1 task(s), '" - "$st"
tx_check status-lists-the-task sh -c "echo \"\$1\" | grep -Eq '^  busy \[tx_watchd +0  [a-z-]+ +1000\.0 +[0-9]+ +([0-9.]+|-)  -\$'" - "$st"
tx_check status-watch-twice sh -c '[ "$(tactus status --watch --count 2 | grep -c "^timer: ")" = 2 ]'
# unload refuses while a task module uses the stack, and removes nothing.
tx_check unload-refused-in-use sh -c 'tactus unload 2>&1 | grep -q "still used by tx_watchdog"; [ -d /sys/module/tactus_shm ]'
tx_check rmmod-busy rmmod tx_watchdog
tx_check unload sh -c 'tactus unload && ! [ -d /sys/module/tactus_hal ]'
# A bad parameter: refused by the kernel, the modules loaded before it are
# removed again.
tx_check load-bad-param-fails sh -c "! tactus load --dir $M sched.watchdog_us=abc"
tx_check load-bad-param-leaves-nothing sh -c '! [ -d /sys/module/tactus_hal ]'
tx_finish
