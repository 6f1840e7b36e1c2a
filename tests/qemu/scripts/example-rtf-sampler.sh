# example-rtf-sampler: the README's classic pipe, `cat /dev/rtf0 | rtf-decode`,
# for 3 s of samples from examples/rtf_sampler (10 kHz; tx_sample_period_us):
# three per-second lines, zero lost and zero reordered samples; on
# deterministic boots (tactus.timing=1: -smp 1 -icount) exactly 3 s of
# samples (30000 at 10 kHz) and the mean period.
# tactus-boots: icount smp2
. /tests/fifo-lib.sh

size=65536
period=$(tx_sample_period_us)
expect=$((3000000 / period))
tx_timing || size=1048576         # real time: a loaded host stalls vCPUs
tx_load_stack || { tx_finish; exit 1; }
tx_check "insmod-rtf_sampler" insmod $M/rtf_sampler.ko period_us=$period fifo_size=$size || { tx_finish; exit 1; }
cat /dev/rtf0 | rtf-decode -n 3 > /tmp/decode.log
rc=$?
cat /tmp/decode.log
tx_check "rtf-decode-exit-0" test $rc = 0
total=$(grep '^total:' /tmp/decode.log)
samples=$(echo "$total" | sed -n 's/.*s, *\([0-9]*\) samples.*/\1/p')
lost=$(echo "$total" | sed -n 's/.* \([0-9]*\) lost.*/\1/p')
reordered=$(echo "$total" | sed -n 's/.* \([0-9]*\) reordered.*/\1/p')
tx_check "three-second-lines" test "$(grep -c '^ *[0-9]* s:' /tmp/decode.log)" = 3
tx_check "zero-lost" test "$lost" = 0
tx_check "zero-reordered" test "$reordered" = 0
tx_check "samples-arrived" test "${samples:-0}" -gt 0
avg=$(echo "$total" | sed -n 's/.* avg \([0-9.]*\) .*/\1/p')
tx_metric samples_3s "$samples"
tx_metric period_avg_us "$avg"
if tx_timing; then
	tx_check "sample-count-$expect" awk -v n="$samples" -v e="$expect" 'BEGIN { exit !(n >= e - 1 && n <= e + 1) }'
	tx_check "mean-period-${period}us" awk -v a="$avg" -v p="$period" 'BEGIN { exit !(a > p * 0.999 && a < p * 1.001) }'
else
	tx_skip "sample-count-$expect" "timing only with tactus.timing=1"
	tx_skip "mean-period-${period}us" "timing only with tactus.timing=1"
fi
tx_check "rmmod-rtf_sampler" rmmod rtf_sampler
tx_unload_stack
tx_check_dmesg
tx_finish
