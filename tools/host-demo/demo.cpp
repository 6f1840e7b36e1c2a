// SPDX-License-Identifier: GPL-2.0
// tools/host-demo/demo.cpp - the classic RTLinux example on the HOST
// SIMULATION (arch/host): a 100 us periodic task samples the clock into
// RT-FIFO 0; a "user space" reader drains the FIFO and decodes the samples.
// The real thing runs as kernel modules in QEMU (make demo); this shows the
// unchanged core logic on a simulated machine with a 62.5 MHz counter.
#include <cstdio>

#include <rtai_fifos.h>
#include <rtai_sched.h>

#include "tests/host/test_interface.hpp"

namespace {

struct Sample {
	long long seq;
	long long release_ns;
	long long start_ns;
};

RT_TASK sampler;

void sample(long)
{
	RTIME period = nano2count(100000);
	RTIME release = rt_get_time();
	for (long long seq = 0;; seq++) {
		Sample s{seq, count2nano(release), rt_get_time_ns()};
		rtf_put_if(0, &s, sizeof(s));
		tx::sim::consume(nano2count(3000)); // 3 us of work per period
		rt_task_wait_period();
		release += period;
	}
}

} // namespace

int main()
{
	tx::sim::Config cfg;
	cfg.hz = 62'500'000;
	tx::sim::reset(cfg);
	std::printf("Tactus host SIMULATION (arch/host, not a kernel): 100 us task -> /dev/rtf0 -> reader\n"
		    "(simulated interrupts have no latency: real figures come from the QEMU demo)\n");
	rtf_create(0, 64 * sizeof(Sample));
	rt_task_init(&sampler, sample, 0, 16384, 0, 0, nullptr);
	rt_task_make_periodic(&sampler, rt_get_time() + nano2count(100000), nano2count(100000));
	long long lat_min = 1LL << 62, lat_max = 0, lat_sum = 0, n = 0, expect = 0, lost = 0;
	for (int second = 0; second < 10; second++) {
		for (int ms = 0; ms < 100; ms++) {
			tx::sim::run_linux(nano2count(1000000)); // Linux runs 1 ms between reads
			Sample s;
			while (tx::testing::read_fifo_as_linux(0, &s, sizeof(s)) == long(sizeof(s))) {
				lost += s.seq - expect;
				expect = s.seq + 1;
				long long lat = s.start_ns - s.release_ns;
				lat_min = lat < lat_min ? lat : lat_min;
				lat_max = lat > lat_max ? lat : lat_max;
				lat_sum += lat;
				n++;
			}
		}
		std::printf("RTD| samples %6lld | lat min %6lld ns | lat avg %6lld ns | lat max %6lld ns | lost %lld\n", n,
			    lat_min, lat_sum / (n ? n : 1), lat_max, lost);
	}
	rt_task_delete(&sampler);
	rtf_destroy(0);
	return lost == 0 && n == 10000 ? 0 : 1;
}
