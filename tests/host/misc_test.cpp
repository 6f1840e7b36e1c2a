// SPDX-License-Identifier: GPL-2.0
// Names (nam2num), shared memory, rt_printk formatting, Linux work.
#include <cstdlib>
#include <cstring>

#include "hal/linux_work.hpp"
#include "hal/rt_log.hpp"
#include "harness.hpp"
#include "lib/format.hpp"

using namespace txtest;

namespace {

class Shm : public HostTest {
protected:
	RT_TASK a{};
};

std::string fmt(const char *f, ...) __attribute__((format(printf, 1, 2)));
std::string fmt(const char *f, ...)
{
	char buf[128];
	va_list ap;
	va_start(ap, f);
	tx::format_v(buf, sizeof(buf), f, ap);
	va_end(ap);
	return buf;
}

} // namespace

TEST(Nam2Num, Rtai53Values)
{
	EXPECT_EQ(nam2num("A"), 12u);
	EXPECT_EQ(nam2num("a"), 12u);
	EXPECT_EQ(nam2num("LATMBX"), 0x81cffd5bu);
	EXPECT_EQ(nam2num("rttask"), 0xa954e4f6u);
	EXPECT_EQ(nam2num("0"), 2u);
	EXPECT_EQ(nam2num(""), 0xFFFFFFFFu);
	EXPECT_EQ(nam2num(nullptr), 0xFFFFFFFFu);
	EXPECT_EQ(nam2num("ABCDEFGH"), nam2num("ABCDEF")); // six characters count
	EXPECT_EQ(nam2num("$$$$$$") + 2, MAX_NAM2NUM);
	char name[8];
	num2nam(nam2num("shm_1"), name);
	EXPECT_STREQ(name, "SHM_1");
	num2nam(nam2num("a.b@c"), name);
	EXPECT_STREQ(name, "A.B@C");
	num2nam(nam2num("x#y"), name);
	EXPECT_STREQ(name, "X$Y");
	num2nam(MAX_NAM2NUM, name);
	EXPECT_STREQ(name, "|null|");
	num2nam(nam2num("0"), name);
	EXPECT_STREQ(name, "");
}

TEST_F(Shm, AllocSharesAndCountsReferences)
{
	unsigned long name = nam2num("SEG1");
	char *p = static_cast<char *>(rt_shm_alloc(name, 100, USE_VMALLOC));
	ASSERT_NE(p, nullptr);
	EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % 4096, 0u);
	for (int i = 0; i < 4096; i++)
		ASSERT_EQ(p[i], 0); // zero filled, whole page
	EXPECT_EQ(rtai_kmalloc(name, 5000), p); // existing: same memory, size ignored
	tx::ShmInfo info[4];
	ASSERT_EQ(tx::shm_list(info, 4), 1u);
	EXPECT_EQ(info[0].refs, 2u);
	EXPECT_EQ(info[0].size, 4096u);
	EXPECT_EQ(rt_shm_free(name), 4096);
	EXPECT_EQ(tx::sim::counters().bytes_live, 4096u);
	EXPECT_EQ(rtai_kfree(name), 4096);
	EXPECT_EQ(tx::sim::counters().bytes_live, 0u);
	EXPECT_EQ(rt_shm_free(name), 0); // unknown now
}

TEST_F(Shm, UserMappingsKeepTheSegment)
{
	unsigned long name = nam2num("MAPPED");
	ASSERT_NE(rt_shm_alloc(name, 8192, USE_VMALLOC), nullptr);
	void *addr;
	size_t size;
	ASSERT_EQ(tx::shm_map_get(name, &addr, &size), 0);
	EXPECT_EQ(size, 8192u);
	EXPECT_EQ(rt_shm_free(name), 8192); // still mapped
	EXPECT_NE(tx::sim::counters().bytes_live, 0u);
	tx::shm_map_put(name);
	EXPECT_EQ(tx::sim::counters().bytes_live, 0u);
	EXPECT_EQ(tx::shm_map_get(name, &addr, &size), -ENODEV);
}

TEST_F(Shm, BadArgumentsAndRealTimeContext)
{
	EXPECT_EQ(rt_shm_alloc(nam2num("X"), 0, USE_VMALLOC), nullptr);
	EXPECT_EQ(rt_shm_alloc(nam2num("X"), -1, USE_VMALLOC), nullptr);
	EXPECT_EQ(rt_shm_alloc(nam2num("X"), 10, -1), nullptr);
	void *p = rt_shm_alloc(nam2num("RT"), 10, USE_GFP_KERNEL);
	ASSERT_NE(p, nullptr);
	start(a, 5, [&] {
		EXPECT_EQ(rt_shm_alloc(nam2num("RT"), 10, 0), p);        // lookup works
		EXPECT_EQ(rt_shm_alloc(nam2num("NEW"), 10, 0), nullptr); // no allocation here
		EXPECT_EQ(rt_shm_free(nam2num("RT")), 4096);             // drops the lookup's reference
	});
	tx::ShmInfo info[2];
	ASSERT_EQ(tx::shm_list(info, 2), 1u);
	EXPECT_EQ(info[0].refs, 1u);
	EXPECT_EQ(rt_shm_free(nam2num("RT")), 4096);
}

// A real-time lookup holds the segment: Linux's free (or a user's munmap)
// leaves the memory the task uses; the task's free queues the release,
// which Linux work then runs.
TEST_F(Shm, RealTimeLookupHoldsTheSegmentUntilItsFree)
{
	unsigned long name = nam2num("HOLD");
	char *p = static_cast<char *>(rt_shm_alloc(name, 10, USE_VMALLOC));
	ASSERT_NE(p, nullptr);
	RT_TASK user, releaser;
	start(user, 5, [&] { EXPECT_EQ(rt_shm_alloc(name, 10, 0), p); });
	EXPECT_EQ(rt_shm_free(name), 4096); // Linux's reference goes
	tx::ShmInfo info[2];
	ASSERT_EQ(tx::shm_list(info, 2), 1u); // the task's stays
	EXPECT_EQ(info[0].refs, 1u);
	p[9] = 'x'; // still ours: the harness would report a use after free
	start(releaser, 5, [&] { EXPECT_EQ(rt_shm_free(name), 4096); });
	EXPECT_EQ(tx::shm_list(info, 2), 1u); // not freed in real-time context
	tx::sim::pump_linux_work();
	EXPECT_EQ(tx::shm_list(info, 2), 0u);
}

// The memory cap: a new segment past it is refused; a freed one's memory
// counts no more; looking up an existing name needs no memory.
TEST_F(Shm, MemoryCapRefusesNewSegmentsAndFreesAgain)
{
	tx::shm_set_memory_cap(3 * 4096);
	ASSERT_NE(rt_shm_alloc(nam2num("A"), 5000, USE_VMALLOC), nullptr); // two pages
	EXPECT_EQ(tx::shm_memory_used(), 2u * 4096);
	EXPECT_EQ(rt_shm_alloc(nam2num("B"), 5000, USE_VMALLOC), nullptr);
	ASSERT_NE(rt_shm_alloc(nam2num("C"), 100, USE_VMALLOC), nullptr); // one fits
	EXPECT_NE(rt_shm_alloc(nam2num("A"), 5000, USE_VMALLOC), nullptr); // lookup
	EXPECT_EQ(rt_shm_free(nam2num("A")), 8192);
	EXPECT_EQ(rt_shm_free(nam2num("A")), 8192);
	EXPECT_EQ(tx::shm_memory_used(), 4096u);
	void *b = rt_shm_alloc(nam2num("B"), 5000, USE_VMALLOC);
	EXPECT_NE(b, nullptr);
	rt_shm_free(nam2num("B"));
	rt_shm_free(nam2num("C"));
	EXPECT_EQ(tx::shm_memory_used(), 0u);
	tx::shm_set_memory_cap(0);
}

TEST_F(Shm, TableFullFailsCleanly)
{
	for (unsigned i = 0; i < tx::kMaxShm; i++)
		ASSERT_NE(rt_shm_alloc(1000 + i, 1, 0), nullptr);
	EXPECT_EQ(rt_shm_alloc(5000, 1, 0), nullptr);
	for (unsigned i = 0; i < tx::kMaxShm; i++)
		rt_shm_free(1000 + i);
}

// Linux callers race: another alloc of the same name, or a free, runs while
// an alloc is inside the allocator (outside the registry's lock).
namespace {
int racing_allocs, racing_frees;
void (*during_alloc)() = nullptr;
void *racing_alloc(size_t bytes)
{
	racing_allocs++;
	if (auto hook = during_alloc) {
		during_alloc = nullptr;
		hook();
	}
	return calloc(1, bytes);
}
void racing_free(void *p, size_t)
{
	racing_frees++;
	free(p);
}
void *inner_segment;
} // namespace

TEST_F(Shm, RacingAllocsOfOneNameShareOneSegment)
{
	tx::shm_setup(tx::ShmAllocator{4096, racing_alloc, racing_free});
	racing_allocs = racing_frees = 0;
	during_alloc = [] { inner_segment = rt_shm_alloc(nam2num("RACE"), 100, 0); };
	void *outer = rt_shm_alloc(nam2num("RACE"), 100, 0);
	ASSERT_NE(inner_segment, nullptr);
	EXPECT_EQ(outer, inner_segment); // the loser shares the winner's
	EXPECT_EQ(racing_allocs, 2);
	EXPECT_EQ(racing_frees, 1); // and its own allocation went back
	tx::ShmInfo info[2];
	ASSERT_EQ(tx::shm_list(info, 2), 1u);
	EXPECT_EQ(info[0].refs, 2u);
	EXPECT_EQ(rt_shm_free(nam2num("RACE")), 4096);
	EXPECT_EQ(rt_shm_free(nam2num("RACE")), 4096);
	EXPECT_EQ(tx::shm_list(info, 2), 0u);
	EXPECT_EQ(racing_frees, 2);
	// The next test's reset sets the simulator's allocator up again.
}

TEST_F(Shm, FreeRacingANewAllocKeepsTheNewReference)
{
	tx::shm_setup(tx::ShmAllocator{4096, racing_alloc, racing_free});
	racing_allocs = racing_frees = 0;
	void *first = rt_shm_alloc(nam2num("OLD"), 100, 0);
	ASSERT_NE(first, nullptr);
	// While a second name is being allocated, the first is freed and
	// allocated again: the registry ends with both, each with one reference.
	during_alloc = [] {
		EXPECT_EQ(rt_shm_free(nam2num("OLD")), 4096);
		inner_segment = rt_shm_alloc(nam2num("OLD"), 100, 0);
	};
	void *second = rt_shm_alloc(nam2num("NEW"), 100, 0);
	ASSERT_NE(second, nullptr);
	ASSERT_NE(inner_segment, nullptr);
	tx::ShmInfo info[3];
	ASSERT_EQ(tx::shm_list(info, 3), 2u);
	EXPECT_EQ(info[0].refs + info[1].refs, 2u);
	EXPECT_EQ(racing_allocs, 3);
	EXPECT_EQ(racing_frees, 1);
	rt_shm_free(nam2num("OLD"));
	rt_shm_free(nam2num("NEW"));
	EXPECT_EQ(racing_frees, 3); // nothing leaked
	// The next test's reset sets the simulator's allocator up again.
}

// %p never prints the address (the kernel log must not reveal kernel
// addresses): a keyed hash, stable for one pointer and key.
TEST(Format, PointersAreHashed)
{
	void *p = reinterpret_cast<void *>(0xffff800012345678ull);
	void *q = reinterpret_cast<void *>(0xffff800012345680ull);
	tx::format_set_pointer_key(0x1234abcd5678ef00ull);
	std::string a = fmt("%p", p), b = fmt("%p", q);
	EXPECT_EQ(a.size(), 10u);
	EXPECT_EQ(a.substr(0, 2), "0x");
	EXPECT_EQ(a.find("12345678"), std::string::npos);
	EXPECT_EQ(fmt("%p", p), a);
	EXPECT_NE(a, b);
	tx::format_set_pointer_key(42);
	EXPECT_NE(fmt("%p", p), a); // another boot, another key
	tx::format_set_pointer_key(0);
}

TEST(Format, Conversions)
{
	EXPECT_EQ(fmt("%d %i %u", -12, 7, 42u), "-12 7 42");
	EXPECT_EQ(fmt("%x %X %o", 255u, 255u, 8u), "ff FF 10");
	EXPECT_EQ(fmt("%ld %lu %lld %llu", -1L, 2UL, -3LL, 4ULL), "-1 2 -3 4");
	EXPECT_EQ(fmt("%zu", size_t(99)), "99");
	EXPECT_EQ(fmt("%5d|%-5d|%05d", 42, 42, 42), "   42|42   |00042");
	EXPECT_EQ(fmt("%s|%.3s|%6s|%-6s|", "abc", "abcdef", "ab", "ab"), "abc|abc|    ab|ab    |");
	EXPECT_EQ(fmt("%c%%", 'x'), "x%");
	EXPECT_EQ(fmt("%p", static_cast<void *>(nullptr)), "(null)");
	const char *volatile no_string = nullptr;
	EXPECT_EQ(fmt("%s", no_string), "(null)");
	const char *volatile unknown = "%q";
	char out[8];
	tx::format(out, sizeof(out), unknown);
	EXPECT_STREQ(out, "%q");
	EXPECT_EQ(fmt("%lld", static_cast<long long>(INT64_MIN)), "-9223372036854775808");
	char small[4];
	EXPECT_EQ(tx::format(small, sizeof(small), "%s", "abcdef"), 6u);
	EXPECT_STREQ(small, "abc");
}

// printk's numeric language, checked against the C library's snprintf
// (the kernel's vsnprintf agrees with it on all of these).
#define EXPECT_AS_SNPRINTF(...)                                       \
	do {                                                          \
		char want[128];                                       \
		snprintf(want, sizeof(want), __VA_ARGS__);            \
		EXPECT_EQ(fmt(__VA_ARGS__), std::string(want));       \
	} while (0)

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat" // '0' with a precision is ignored: that is under test
TEST(Format, PrintksFlagsPrecisionAndLengths)
{
	EXPECT_AS_SNPRINTF("%+d %+d % d % d", 5, -5, 5, -5);
	EXPECT_AS_SNPRINTF("%#x %#X %#o %#x %#o", 255u, 255u, 8u, 0u, 0u);
	EXPECT_AS_SNPRINTF("%#010x|%-#8x|%08.3d|%.0d|%.5u", 255u, 255u, 7, 0, 42u);
	EXPECT_AS_SNPRINTF("%*d|%-*d|%*d|%.*s|%.*d", 5, 1, 4, 2, -6, 3, 2, "abcdef", 4, 9);
	EXPECT_AS_SNPRINTF("%hhd %hhu %hd %hu", 300, 300u, 70000, 70000u);
	EXPECT_AS_SNPRINTF("%Lu %lld %zd %zx %td", 1ULL << 40, -(1LL << 40), static_cast<ssize_t>(-3), size_t(255),
			   static_cast<ptrdiff_t>(-4));
	EXPECT_AS_SNPRINTF("%+05d|%-+5d|% 05d|%5.3d|%-6.4x|", 42, 42, 42, -7, 0xabu);
	EXPECT_AS_SNPRINTF("%3c|%-3c|", 'a', 'b');
	EXPECT_AS_SNPRINTF("%.0x|%#.0x|%#.0o", 0u, 0u, 0u);
	// %p's extensions take their letters: the hashed value, then the text.
	void *p = reinterpret_cast<void *>(0x1234);
	EXPECT_EQ(fmt("%pS!", p), fmt("%p", p) + "!");
	EXPECT_EQ(fmt("%pI4 %pK", p, p), fmt("%p", p) + " " + fmt("%p", p));
}
#pragma GCC diagnostic pop

TEST_F(Shm, RtPrintkGoesThroughTheLogRing)
{
	start(a, 5, [&] { EXPECT_EQ(rt_printk("tick %d", 5), 6); });
	EXPECT_TRUE(tx::sim::log_lines().empty()); // not printed in real-time context
	tx::sim::pump_linux_work();
	ASSERT_EQ(tx::sim::log_lines().size(), 1u);
	EXPECT_EQ(tx::sim::log_lines()[0], "tick 5");
	for (unsigned i = 0; i < tx::kLogLines + 5; i++)
		rt_printk("line %u", i);
	EXPECT_EQ(tx::rt_log_dropped(), 5u);
	tx::sim::pump_linux_work();
	EXPECT_EQ(tx::sim::log_lines().size(), 1 + tx::kLogLines);
}

TEST_F(Shm, LinuxWorkRunsOnceInOrder)
{
	static std::string order;
	order.clear();
	static tx::LinuxWork w1{[](tx::LinuxWork *) { order += "1"; }};
	static tx::LinuxWork w2{[](tx::LinuxWork *) { order += "2"; }};
	tx::linux_work_queue(&w1);
	tx::linux_work_queue(&w2);
	tx::linux_work_queue(&w1); // already queued: runs once
	tx::sim::pump_linux_work();
	EXPECT_EQ(order, "12");
	tx::linux_work_queue(&w1);
	tx::sim::pump_linux_work();
	EXPECT_EQ(order, "121");
}
