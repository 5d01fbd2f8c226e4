// SPDX-License-Identifier: GPL-2.0
// Statistics of rxscale-report: values worked out by hand.
#include "rxreport.hpp"

#include <gtest/gtest.h>

#include <cmath>

using namespace rxs;

TEST(Stats, MedianOddCount)
{
	EXPECT_DOUBLE_EQ(median({3, 1, 2}), 2);
	EXPECT_DOUBLE_EQ(median({7}), 7);
	EXPECT_DOUBLE_EQ(median({9.5, 1, 4, 4, 100}), 4);
}

TEST(Stats, MedianEvenCountAveragesTheMiddleTwo)
{
	EXPECT_DOUBLE_EQ(median({4, 1, 3, 2}), 2.5);
	EXPECT_DOUBLE_EQ(median({10, 20}), 15);
	EXPECT_DOUBLE_EQ(median({5, 5, 1, 9, 5, 5}), 5);
}

TEST(Stats, EmptyInputIsAnError)
{
	EXPECT_THROW(median({}), Error);
	EXPECT_THROW(summarize({}), Error);
}

TEST(Stats, SummaryOfAKnownSet)
{
	// mean 5, squared deviations sum to 32, sample variance 32/7
	const Summary s = summarize({2, 4, 4, 4, 5, 5, 7, 9});
	EXPECT_EQ(s.n, 8u);
	EXPECT_DOUBLE_EQ(s.min, 2);
	EXPECT_DOUBLE_EQ(s.max, 9);
	EXPECT_DOUBLE_EQ(s.mean, 5);
	EXPECT_DOUBLE_EQ(s.median, 4.5);
	EXPECT_NEAR(s.stddev, std::sqrt(32.0 / 7.0), 1e-12);
	EXPECT_NEAR(s.cv, std::sqrt(32.0 / 7.0) / 5.0, 1e-12);
}

TEST(Stats, OneValueHasNoSpread)
{
	const Summary s = summarize({9.41});
	EXPECT_DOUBLE_EQ(s.stddev, 0);
	EXPECT_DOUBLE_EQ(s.cv, 0);
	EXPECT_DOUBLE_EQ(s.median, 9.41);
}

TEST(Stats, ConstantSeriesIsStable)
{
	const Summary s = summarize({9.4, 9.4, 9.4, 9.4});
	EXPECT_DOUBLE_EQ(s.stddev, 0);
	EXPECT_EQ(stability(s.cv), "stable");
}

TEST(Stats, ZeroMeanGivesZeroCv)
{
	EXPECT_DOUBLE_EQ(summarize({-1, 1}).cv, 0);
	EXPECT_DOUBLE_EQ(summarize({0, 0}).cv, 0);
}

TEST(Stats, StabilityThresholds)
{
	EXPECT_EQ(stability(0.0), "stable");
	EXPECT_EQ(stability(0.049), "stable");
	EXPECT_EQ(stability(0.05), "variable");
	EXPECT_EQ(stability(0.149), "variable");
	EXPECT_EQ(stability(0.15), "unstable");
	EXPECT_EQ(stability(0.8), "unstable");
}

TEST(Stats, SeedLikeSeriesIsUnstable)
{
	// the seeds' "without RSS" spread, 3.76 .. 8.2 Gbit/s
	const Summary s = summarize({3.76, 8.2, 5.1, 7.9, 4.4});
	EXPECT_EQ(stability(s.cv), "unstable");
	EXPECT_DOUBLE_EQ(s.median, 5.1);
}

namespace {
CpuStats cpu(int id, double soft, double irq)
{
	CpuStats c;
	c.cpu = id;
	c.soft = summarize({soft});
	c.irq = summarize({irq});
	return c;
}
} // namespace

TEST(Stats, BusiestCoreCountsSoftPlusIrq)
{
	EXPECT_EQ(busiest_core({cpu(0, 10, 0), cpu(1, 5, 20), cpu(2, 24, 0)}), 1);
	EXPECT_EQ(busiest_core({cpu(0, 96, 0), cpu(1, 2, 1), cpu(2, 3, 0), cpu(3, 1, 0)}), 0);
	EXPECT_EQ(busiest_core({cpu(3, 1, 0), cpu(5, 40, 2)}), 5);
}

TEST(Stats, BusiestCoreTieGoesToTheLowestCpu)
{
	EXPECT_EQ(busiest_core({cpu(2, 30, 0), cpu(1, 20, 10), cpu(3, 30, 0)}), 1);
}

TEST(Stats, BusiestCoreOfNoCpuIsNone)
{
	EXPECT_EQ(busiest_core({}), -1);
}

// --repeat series: a difference is called only when the min-max ranges of
// both sides (two runs or more each) do not overlap
TEST(Stats, SpreadTestNonOverlappingRanges)
{
	EXPECT_EQ(spread_test({1, 2}, {3, 4}), SpreadCall::higher);
	EXPECT_EQ(spread_test({3, 4, 3.5}, {1, 2.9}), SpreadCall::lower);
	EXPECT_EQ(spread_test({1, 2}, {2, 3}), SpreadCall::within); // touching ranges overlap
	EXPECT_EQ(spread_test({1, 5}, {2, 3}), SpreadCall::within); // one inside the other
	EXPECT_EQ(spread_test({1}, {3, 4}), SpreadCall::too_few);
	EXPECT_EQ(spread_test({1, 2}, {}), SpreadCall::too_few);
	EXPECT_EQ(spread_test({4.34, 4.34}, {4.81, 4.81}), SpreadCall::higher); // no spread at all
}

// the printed call: ranges apart, but medians equal at the shown precision
// (0.705 and 0.725 are both 0.7 at one decimal) are not a difference
TEST(Stats, SpreadCallAtThePrecisionShown)
{
	EXPECT_EQ(spread_call({0.70, 0.71}, {0.72, 0.73}, 1), "same at this precision (ranges apart by less)");
	EXPECT_EQ(spread_call({0.70, 0.71}, {0.72, 0.73}, 2), "**higher** (ranges apart)");
	EXPECT_EQ(spread_call({0.72, 0.73}, {0.70, 0.71}, 2), "**lower** (ranges apart)");
	EXPECT_EQ(spread_call({1, 3}, {2, 4}, 0), "within the spread");
	EXPECT_EQ(spread_call({1}, {2, 4}, 0), "not called (fewer than 2 runs on a side)");
}
