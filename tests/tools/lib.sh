# tests/tools/lib.sh - sourced by the tests of the `tactus` command (not a
# test itself: run.sh skips it). Gives $tactus (the command under test),
# $work (a scratch directory removed at exit), the counters and the checks:
# pass NAME, bad NAME WHY, and on the last run's $out and $rc:
# expect_rc NAME CODE, has NAME REGEX, hasnt NAME REGEX, same NAME GOT WANT;
# finish prints "N passed, N failed" and fails if any did.
set -u
tactus="$(cd "$(dirname "$0")/../.." && pwd)/tools/tactus/tactus"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0 failed=0
pass() { echo "TACTUS-CHECK: PASS $1"; passed=$((passed + 1)); }
bad() { echo "TACTUS-CHECK: FAIL $1: $2"; failed=$((failed + 1)); }
expect_rc() { if [ "$rc" = "$2" ]; then pass "$1-exit-$2"; else bad "$1-exit-$2" "exit $rc; output:
$out"; fi; }
has() { if echo "$out" | grep -Eq "$2"; then pass "$1"; else bad "$1" "no line matching '$2' in:
$out"; fi; }
hasnt() { if echo "$out" | grep -Eq "$2"; then bad "$1" "a line matches '$2' in:
$out"; else pass "$1"; fi; }
same() { if [ "$2" = "$3" ]; then pass "$1"; else bad "$1" "'$2', want '$3'"; fi; }
finish() {
	echo "$passed passed, $failed failed"
	[ "$failed" = 0 ]
}
