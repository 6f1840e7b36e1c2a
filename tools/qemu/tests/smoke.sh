#!/bin/sh
# tools/qemu/tests/smoke.sh - guest side of tools/qemu/smoke-arm64.sh.
# Checks: the kernel booted with GICv3 pseudo-NMIs, and the out-of-tree
# module /lib/modules/tactus_smoke.ko (built against the cached KDIR) loads
# and unloads. Exit status = number of failed checks.
fail=0
check() {   # DESCRIPTION COMMAND...
    d="$1"; shift
    if "$@"; then echo "SMOKE ok:   $d"; else echo "SMOKE FAIL: $d"; fail=$((fail + 1)); fi
}

echo "uname: $(uname -a)"
echo "cmdline: $(cat /proc/cmdline)"
dmesg | grep -E 'GICv3|Pseudo-NMI|arch_timer|psci' | head -n 12
check "dmesg says 'Pseudo-NMIs enabled'" sh -c 'dmesg | grep -q "Pseudo-NMIs enabled"'
echo "--- /proc/interrupts"
cat /proc/interrupts
check "/proc/interrupts lists arch_timer" grep -q arch_timer /proc/interrupts

ko=/lib/modules/tactus_smoke.ko
check "$ko present" test -f "$ko"
if [ -f "$ko" ]; then
    check "insmod tactus_smoke" insmod "$ko"
    check "module listed in /proc/modules" grep -q '^tactus_smoke ' /proc/modules
    check "module init ran (dmesg)" sh -c 'dmesg | grep -q "tactus_smoke: hello"'
    dmesg | grep tactus_smoke
    check "rmmod tactus_smoke" rmmod tactus_smoke
    check "module exit ran (dmesg)" sh -c 'dmesg | grep -q "tactus_smoke: goodbye"'
    check "module gone" sh -c '! grep -q "^tactus_smoke " /proc/modules'
fi
echo "SMOKE: $fail failure(s)"
exit "$fail"
