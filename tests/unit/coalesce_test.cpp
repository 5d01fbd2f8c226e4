// SPDX-License-Identifier: GPL-2.0
// Interrupt coalescing conversions: rounding, round trips, errors.
#include <gtest/gtest.h>

#include <rxscale/coalesce.h>

namespace {

TEST(CoalUsecs, RoundsUpAndKeepsZero)
{
	u32 u = 99;
	ASSERT_EQ(rxs_coal_usecs_to_units(0, 2048, 255, &u), 0);
	EXPECT_EQ(u, 0u);
	ASSERT_EQ(rxs_coal_usecs_to_units(1, 2048, 255, &u), 0);
	EXPECT_EQ(u, 1u);	// never 0 for a non-zero request
	ASSERT_EQ(rxs_coal_usecs_to_units(2, 2048, 255, &u), 0);
	EXPECT_EQ(u, 1u);
	ASSERT_EQ(rxs_coal_usecs_to_units(3, 2048, 255, &u), 0);
	EXPECT_EQ(u, 2u);
	ASSERT_EQ(rxs_coal_usecs_to_units(100, 1000, 255, &u), 0);
	EXPECT_EQ(u, 100u);
	ASSERT_EQ(rxs_coal_usecs_to_units(7, 500, 255, &u), 0);
	EXPECT_EQ(u, 14u);
	ASSERT_EQ(rxs_coal_usecs_to_units(1, 3, 1000, &u), 0);
	EXPECT_EQ(u, 334u);	// 1000 / 3 rounded up
}

TEST(CoalUsecs, LimitIsInclusiveAndNotClamped)
{
	u32 u = 77;
	// 255 units of 2048 ns = 522.24 us: 522 fits, 523 needs 256 units
	ASSERT_EQ(rxs_coal_usecs_to_units(522, 2048, 255, &u), 0);
	EXPECT_EQ(u, 255u);
	u = 77;
	EXPECT_EQ(rxs_coal_usecs_to_units(523, 2048, 255, &u), -ERANGE);
	EXPECT_EQ(u, 77u);	// untouched, not clamped
	EXPECT_EQ(rxs_coal_usecs_to_units(0xffffffffu, 1, 0xffffffffu, &u),
		  -ERANGE);
	ASSERT_EQ(rxs_coal_usecs_to_units(0xffffffffu, 0xffffffffu, 1001, &u), 0);
	EXPECT_EQ(u, 1000u);
}

TEST(CoalUsecs, Errors)
{
	u32 u = 0;
	EXPECT_EQ(rxs_coal_usecs_to_units(10, 0, 255, &u), -EINVAL);
	EXPECT_EQ(rxs_coal_usecs_to_units(10, 1000, 255, nullptr), -EINVAL);
	EXPECT_EQ(rxs_coal_units_to_usecs(10, 0, 255, &u), -EINVAL);
	EXPECT_EQ(rxs_coal_units_to_usecs(10, 1000, 255, nullptr), -EINVAL);
	EXPECT_EQ(rxs_coal_units_to_usecs(256, 1000, 255, &u), -ERANGE);
	EXPECT_EQ(rxs_coal_units_to_usecs(0xffffffffu, 0xffffffffu, 0xffffffffu,
					  &u), -ERANGE);
}

TEST(CoalUnits, RoundsDown)
{
	u32 us = 0;
	ASSERT_EQ(rxs_coal_units_to_usecs(1, 2048, 255, &us), 0);
	EXPECT_EQ(us, 2u);
	ASSERT_EQ(rxs_coal_units_to_usecs(255, 2048, 255, &us), 0);
	EXPECT_EQ(us, 522u);
	ASSERT_EQ(rxs_coal_units_to_usecs(1, 500, 255, &us), 0);
	EXPECT_EQ(us, 0u);
}

// Units of >= 1000 ns: read back then written again gives the same field.
TEST(CoalUnits, RoundTripStableForMicrosecondUnits)
{
	for (u32 unit : { 1000u, 1024u, 1500u, 2048u, 2560u, 20000u, 65535u }) {
		for (u32 f = 0; f <= 255; f++) {
			u32 us = 0, back = 0;
			ASSERT_EQ(rxs_coal_units_to_usecs(f, unit, 255, &us), 0);
			ASSERT_EQ(rxs_coal_usecs_to_units(us, unit, 255, &back), 0);
			EXPECT_EQ(back, f) << "unit " << unit << " field " << f;
		}
	}
}

TEST(CoalFrames, ConversionAndRounding)
{
	u32 v = 0;
	ASSERT_EQ(rxs_coal_frames_to_field(0, 1, 63, &v), 0);
	EXPECT_EQ(v, 0u);
	ASSERT_EQ(rxs_coal_frames_to_field(63, 1, 63, &v), 0);
	EXPECT_EQ(v, 63u);
	ASSERT_EQ(rxs_coal_frames_to_field(5, 4, 15, &v), 0);
	EXPECT_EQ(v, 2u);
	ASSERT_EQ(rxs_coal_field_to_frames(2, 4, 15, &v), 0);
	EXPECT_EQ(v, 8u);
	for (u32 f = 0; f <= 15; f++) {
		u32 frames = 0, back = 0;
		ASSERT_EQ(rxs_coal_field_to_frames(f, 4, 15, &frames), 0);
		ASSERT_EQ(rxs_coal_frames_to_field(frames, 4, 15, &back), 0);
		EXPECT_EQ(back, f);
	}
	ASSERT_EQ(rxs_coal_frames_to_field(0xffffffffu, 0xffffffffu, 1, &v), 0);
	EXPECT_EQ(v, 1u);
}

TEST(CoalFrames, Errors)
{
	u32 v = 5;
	EXPECT_EQ(rxs_coal_frames_to_field(64, 1, 63, &v), -ERANGE);
	EXPECT_EQ(v, 5u);
	EXPECT_EQ(rxs_coal_frames_to_field(61, 4, 15, &v), -ERANGE);
	EXPECT_EQ(rxs_coal_frames_to_field(1, 0, 15, &v), -EINVAL);
	EXPECT_EQ(rxs_coal_frames_to_field(1, 1, 15, nullptr), -EINVAL);
	EXPECT_EQ(rxs_coal_field_to_frames(16, 4, 15, &v), -ERANGE);
	EXPECT_EQ(rxs_coal_field_to_frames(1, 0, 15, &v), -EINVAL);
	EXPECT_EQ(rxs_coal_field_to_frames(0x10000, 0x10000, 0xffffffffu, &v),
		  -ERANGE);
	EXPECT_EQ(v, 5u);
}

} // namespace
