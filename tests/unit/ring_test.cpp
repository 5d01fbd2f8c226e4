// SPDX-License-Identifier: GPL-2.0
// Ring index arithmetic: wrap, full, empty, non-power-of-two sizes, and
// free-running masked counters.
#include <gtest/gtest.h>

#include <rxscale/ring.h>

namespace {

TEST(Ring, NextPrevWrap)
{
	EXPECT_EQ(rxs_ring_next(0, 5), 1u);
	EXPECT_EQ(rxs_ring_next(4, 5), 0u);
	EXPECT_EQ(rxs_ring_prev(0, 5), 4u);
	EXPECT_EQ(rxs_ring_prev(3, 5), 2u);
	EXPECT_EQ(rxs_ring_next(1, 2), 0u);
	EXPECT_EQ(rxs_ring_next(0xfffffffeu, 0xffffffffu), 0u);
}

// rxs_ring_add equals k repeated next() steps for odd sizes and big k.
TEST(Ring, AddMatchesRepeatedNext)
{
	for (u32 size : { 2u, 3u, 5u, 7u, 100u, 1000u, 1023u }) {
		for (u32 i = 0; i < size; i += 1 + size / 17) {
			u32 step = i;
			for (u32 k = 0; k < 3 * size; k++) {
				ASSERT_EQ(rxs_ring_add(i, k, size), step)
					<< "size " << size << " i " << i << " k " << k;
				step = rxs_ring_next(step, size);
			}
		}
	}
}

TEST(Ring, AddNoOverflowNearU32Max)
{
	const u32 size = 0xfffffff0u;
	EXPECT_EQ(rxs_ring_add(size - 1, 1, size), 0u);
	EXPECT_EQ(rxs_ring_add(size - 1, 0xffffffffu, size), 14u);
	EXPECT_EQ(rxs_ring_add(5, size, size), 5u);
	// i + k % size would overflow 32 bits here
	EXPECT_EQ(rxs_ring_add(size - 1, size - 1, size), size - 2);
}

TEST(Ring, EmptyAndFull)
{
	const u32 size = 7;
	EXPECT_TRUE(rxs_ring_empty(3, 3));
	EXPECT_EQ(rxs_ring_used(3, 3, size), 0u);
	EXPECT_EQ(rxs_ring_free(3, 3, size), 6u);
	EXPECT_FALSE(rxs_ring_full(3, 3, size));
	// producer one behind consumer: full, one slot kept empty
	EXPECT_TRUE(rxs_ring_full(2, 3, size));
	EXPECT_EQ(rxs_ring_used(2, 3, size), 6u);
	EXPECT_EQ(rxs_ring_free(2, 3, size), 0u);
	EXPECT_TRUE(rxs_ring_full(6, 0, size));
	EXPECT_EQ(rxs_ring_used(6, 0, size), 6u);
	EXPECT_FALSE(rxs_ring_empty(6, 0));
}

// Simulate a producer/consumer pair on a non-power-of-two ring and check
// the counts against a plain counter at every step.
TEST(Ring, CountsFollowSimulation)
{
	for (u32 size : { 2u, 3u, 10u, 255u, 1000u }) {
		u32 prod = 0, cons = 0, inflight = 0, seed = size;
		for (int step = 0; step < 20000; step++) {
			seed = seed * 1664525u + 1013904223u;
			bool produce = (seed >> 20) & 1;
			if (produce && !rxs_ring_full(prod, cons, size)) {
				prod = rxs_ring_next(prod, size);
				inflight++;
			} else if (!produce && !rxs_ring_empty(prod, cons)) {
				cons = rxs_ring_next(cons, size);
				inflight--;
			}
			ASSERT_EQ(rxs_ring_used(prod, cons, size), inflight);
			ASSERT_EQ(rxs_ring_free(prod, cons, size),
				  size - 1 - inflight);
			ASSERT_EQ(rxs_ring_full(prod, cons, size),
				  inflight == size - 1);
			ASSERT_EQ(rxs_ring_empty(prod, cons), inflight == 0);
			ASSERT_EQ(rxs_ring_check(prod, cons, size), 0);
		}
	}
}

TEST(Ring, Check)
{
	EXPECT_EQ(rxs_ring_check(0, 0, 2), 0);
	EXPECT_EQ(rxs_ring_check(0, 0, 1), -EINVAL);
	EXPECT_EQ(rxs_ring_check(0, 0, 0), -EINVAL);
	EXPECT_EQ(rxs_ring_check(5, 0, 5), -EINVAL);
	EXPECT_EQ(rxs_ring_check(0, 5, 5), -EINVAL);
	EXPECT_EQ(rxs_ring_check(4, 4, 5), 0);
}

// RTL8127 TX "no close" style: 31-bit free-running counters.
TEST(FreeRunning, DiffAcrossMaskWrap)
{
	const u32 mask = 0x7fffffffu;
	EXPECT_EQ(rxs_fr_diff(5, 3, mask), 2u);
	EXPECT_EQ(rxs_fr_diff(0, mask, mask), 1u);
	EXPECT_EQ(rxs_fr_diff(2, 0x7ffffffeu, mask), 4u);
	// bit 31 of a raw 32-bit counter is ignored by the mask
	EXPECT_EQ(rxs_fr_diff(0x80000002u, 0x7ffffffeu, mask), 4u);
	EXPECT_EQ(rxs_fr_add(0x7ffffffeu, 4, mask), 2u);
	EXPECT_EQ(rxs_fr_add(0, mask, mask), mask);
	EXPECT_EQ(rxs_fr_diff(7, 7, mask), 0u);
	EXPECT_EQ(rxs_fr_diff(10, 3, 0xffffffffu), 7u);
	EXPECT_EQ(rxs_fr_diff(3, 0xfffffffdu, 0xffffffffu), 6u);
}

// Slots stay continuous across the counter wrap when size | mask + 1.
TEST(FreeRunning, SlotContinuousAcrossWrap)
{
	const u32 mask = 0x7fffffffu, size = 1024;
	ASSERT_EQ(rxs_fr_check(mask, size), 0);
	u32 c = mask - 10;
	u32 slot = rxs_fr_slot(c, size);
	for (int i = 0; i < 40; i++) {
		u32 n = rxs_fr_add(c, 1, mask);
		EXPECT_EQ(rxs_fr_slot(n, size), rxs_ring_next(slot, size));
		c = n;
		slot = rxs_fr_slot(c, size);
	}
	// with a non-dividing size the slot would jump at the wrap
	EXPECT_NE(rxs_fr_slot(0, 1000), rxs_ring_next(rxs_fr_slot(mask, 1000), 1000));
	EXPECT_EQ(rxs_fr_check(mask, 1000), -EINVAL);
}

TEST(FreeRunning, Check)
{
	EXPECT_EQ(rxs_fr_check(0xffffffffu, 4096), 0);
	EXPECT_EQ(rxs_fr_check(0x7fffffffu, 2), 0);
	EXPECT_EQ(rxs_fr_check(0xff, 256), 0);
	EXPECT_EQ(rxs_fr_check(0xff, 512), -EINVAL);
	EXPECT_EQ(rxs_fr_check(0xff, 1), -EINVAL);
	EXPECT_EQ(rxs_fr_check(0xfe, 2), -EINVAL);
	EXPECT_EQ(rxs_fr_check(0, 2), -EINVAL);
	EXPECT_EQ(rxs_fr_check(0x7fffffffu, 3), -EINVAL);
}

} // namespace
