#!/bin/sh
# tools/qemu/tests/rt-tools.sh - checks that the Debian arm64 load and
# measurement tools run in the guest (initramfs built with --with-rt-tests
# --with-stress-ng): short cyclictest, hackbench and stress-ng runs.
# Exit status = number of failed checks.
fail=0
check() {   # DESCRIPTION COMMAND...
    d="$1"; shift
    if "$@"; then echo "RTTOOLS ok:   $d"; else echo "RTTOOLS FAIL: $d"; fail=$((fail + 1)); fi
}
echo "uname: $(uname -a)"
check "cyclictest -l 200" cyclictest -m -p 99 -i 1000 -l 200 -q
check "hackbench -l 20 (AF_UNIX sockets)" hackbench -l 20 -g 2
check "hackbench -p -l 20 (pipes)" hackbench -p -l 20 -g 2
check "stress-ng --cpu 1 --vm 1 -t 3" stress-ng --cpu 1 --vm 1 --vm-bytes 32M --sched other -t 3 --metrics-brief
echo "RTTOOLS: $fail failure(s)"
exit "$fail"
