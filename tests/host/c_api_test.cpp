// SPDX-License-Identifier: GPL-2.0
// Runs the C scenario of c_api_scenario.c: the public headers work from C.
#include "harness.hpp"

extern "C" int c_api_scenario(void (*run_linux)(RTIME counts));

namespace {
class CApi : public txtest::HostTest {};
} // namespace

TEST_F(CApi, ProducerConsumerFromC)
{
	EXPECT_EQ(c_api_scenario([](RTIME counts) { tx::sim::run_linux(counts); }), 0);
	long values[10];
	ASSERT_EQ(tx::fifo_linux_read(0, values, sizeof(values), false), long(sizeof(values)));
	for (long i = 0; i < 10; i++)
		EXPECT_EQ(values[i], i);
	EXPECT_EQ(rtf_destroy(0), 0);
}
