#!/bin/sh
# tests/tools/run.sh - `make test` stage tools: every tests/tools/*.sh but
# this one and lib.sh (the `tactus` command's tests), their outputs in turn, ending
# with the sum "N passed, N failed".
here=$(cd "$(dirname "$0")" && pwd)
passed=0 failed=0
for t in "$here"/*.sh; do
	case "${t##*/}" in run.sh | lib.sh) continue ;; esac
	out=$(sh "$t" 2>&1)
	echo "$out"
	line=$(echo "$out" | grep -E '^[0-9]+ passed, [0-9]+ failed$' | tail -n 1)
	if [ -z "$line" ]; then
		echo "$t: no summary line" >&2
		failed=$((failed + 1))
		continue
	fi
	passed=$((passed + ${line%% passed*}))
	f=${line#*passed, }
	failed=$((failed + ${f%% failed*}))
done
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
