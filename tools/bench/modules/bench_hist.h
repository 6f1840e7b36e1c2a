/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tools/bench/modules/bench_hist.h - the latency record shared by the
 * benchmark modules (Tactus task, Linux hrtimer): exact min/avg/max in ns,
 * a histogram of 1 us buckets (bucket i holds latencies in [i, i+1) us, the
 * same binning as cyclictest -h), an overflow count and missed releases.
 *
 * bench_hist_add() is plain arithmetic on memory allocated beforehand: it is
 * safe in any context (Tactus real-time tasks, hard-irq hrtimer callbacks).
 * bench_hist_show() prints the record for /proc in the format the host
 * report generator (tools/bench/report.py) parses:
 *   name NAME / period_ns P / samples N / overruns O / min_ns / avg_ns /
 *   max_ns / overflow K / nbins B / bin_ns W / then one "h BUCKET COUNT"
 *   line per non-empty bucket (bucket i: [i*W, (i+1)*W) ns).
 */
#ifndef BENCH_HIST_H
#define BENCH_HIST_H

#include <linux/limits.h>
#include <linux/math64.h>
#include <linux/seq_file.h>
#include <linux/types.h>
#include <linux/vmalloc.h>

struct bench_hist {
	const char *name;
	s64 period_ns;
	u32 *bins;
	u32 nbins;
	u32 bin_ns;
	u64 overflow;
	u64 samples;
	u64 overruns;
	s64 min_ns, max_ns, sum_ns;
};

/* Linux context. */
static inline int bench_hist_init_bins(struct bench_hist *h, const char *name, s64 period_ns, u32 nbins,
				       u32 bin_ns)
{
	h->name = name;
	h->period_ns = period_ns;
	h->nbins = nbins;
	h->bin_ns = bin_ns;
	h->bins = vzalloc(sizeof(u32) * (size_t)nbins);
	h->overflow = h->samples = h->overruns = 0;
	h->min_ns = S64_MAX;
	h->max_ns = S64_MIN;
	h->sum_ns = 0;
	return h->bins ? 0 : -ENOMEM;
}

static inline int bench_hist_init(struct bench_hist *h, const char *name, s64 period_ns, u32 nbins)
{
	return bench_hist_init_bins(h, name, period_ns, nbins, 1000);
}

static inline void bench_hist_free(struct bench_hist *h)
{
	vfree(h->bins);
	h->bins = NULL;
}

/* Any context; one writer. */
static inline void bench_hist_add(struct bench_hist *h, s64 ns)
{
	u64 b = ns > 0 ? div_u64((u64)ns, h->bin_ns) : 0; /* 32-bit ARM: no 64-bit "/" */

	if (ns < h->min_ns)
		h->min_ns = ns;
	if (ns > h->max_ns)
		h->max_ns = ns;
	h->sum_ns += ns;
	h->samples++;
	if (b < h->nbins)
		h->bins[b]++;
	else
		h->overflow++;
}

/* Linux context, after the writer stopped (or racy but harmless while it runs). */
static inline void bench_hist_show(struct seq_file *m, const struct bench_hist *h)
{
	u32 i;

	seq_printf(m, "name %s\nperiod_ns %lld\nsamples %llu\noverruns %llu\n", h->name, h->period_ns,
		   h->samples, h->overruns);
	seq_printf(m, "min_ns %lld\navg_ns %lld\nmax_ns %lld\noverflow %llu\nnbins %u\nbin_ns %u\n",
		   h->samples ? h->min_ns : 0, h->samples ? div64_s64(h->sum_ns, (s64)h->samples) : 0,
		   h->samples ? h->max_ns : 0, h->overflow, h->nbins, h->bin_ns);
	for (i = 0; i < h->nbins; i++)
		if (h->bins[i])
			seq_printf(m, "h %u %u\n", i, h->bins[i]);
	seq_puts(m, "end\n");
}

#endif /* BENCH_HIST_H */
