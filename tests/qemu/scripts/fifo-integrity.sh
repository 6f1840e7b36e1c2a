# fifo-integrity: rtf_sampler's task puts a sequence-numbered record every
# 100 us (10 kHz; tx_sample_period_us) into /dev/rtf0 for 10 s of guest time; fifo-check reads it
# with ever-changing read sizes and requires every record, in order, from
# number 0. The FIFO's and the task's counters must agree (nothing refused).
# On deterministic boots (tactus.timing=1: -smp 1 -icount) the timing is
# checked too: 10 s of samples, a mean period within 0.1% of the period.
# tactus-boots: icount smp2
# tactus-timeout: 300
. /tests/fifo-lib.sh

period=$(tx_sample_period_us)
records=$((10000000 / period))
size=65536                           # 0.4 s of samples at 10 kHz
tx_timing || size=1048576         # real time: a loaded host stalls vCPUs
tx_load_stack || { tx_finish; exit 1; }
tx_check "insmod-rtf_sampler" insmod $M/rtf_sampler.ko period_us=$period fifo_size=$size || { tx_finish; exit 1; }
fifo-check -z -p $period /dev/rtf0 $records > /tmp/check.log
rc=$?
cat /tmp/check.log
tx_check "records-complete-in-order" test $rc = 0
tx_check "records-count" grep -q "^fifo-check: $records records" /tmp/check.log

echo stats > /dev/rtf1
stats=$(head -n 1 /dev/rtf1)
echo "sampler: $stats"
refused=$(echo "$stats" | sed -n 's/.*refused \([0-9]*\).*/\1/p')
tx_check "sampler-nothing-refused" test "$refused" = 0
cat /proc/tactus/fifos
tx_check "proc-fifo0-nothing-refused" test "$(awk '$1 == 0 { print $8 }' /proc/tactus/fifos)" = 0

secs=$(sed -n 's/.*, \([0-9.]*\) s of samples.*/\1/p' /tmp/check.log)
pline=$(grep 'period min' /tmp/check.log)
avg=$(echo "$pline" | sed -n 's/.* avg \([0-9.]*\) .*/\1/p')
tx_metric period_min_us "$(echo "$pline" | sed -n 's/.*period min \([0-9.]*\) .*/\1/p')"
tx_metric period_avg_us "$avg"
tx_metric period_max_us "$(echo "$pline" | sed -n 's/.* max \([0-9.]*\) us.*/\1/p')"
if tx_timing; then
	tx_check "ten-seconds-of-samples" awk -v s="$secs" 'BEGIN { exit !(s > 9.99 && s < 10.01) }'
	tx_check "mean-period-${period}us" awk -v a="$avg" -v p="$period" 'BEGIN { exit !(a > p * 0.999 && a < p * 1.001) }'
else
	tx_skip "ten-seconds-of-samples" "timing only with tactus.timing=1"
	tx_skip "mean-period-${period}us" "timing only with tactus.timing=1"
fi
cat /proc/tactus/scheduler
tx_check "rmmod-rtf_sampler" rmmod rtf_sampler
tx_unload_stack
tx_check_dmesg
tx_finish
