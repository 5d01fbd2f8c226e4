// SPDX-License-Identifier: GPL-2.0
// Per-bucket RX counters (rss_buckets.h): the bucket a hash selects, as
// the RTL8127 model picks its table entry (hash & (entries - 1)), counting,
// summing rings, the C build agreeing with C++.
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <rxscale/rss_buckets.h>
#include <rxscale/toeplitz.h>

#include "c_compat.h"

namespace {

TEST(RssBuckets, Sizes)
{
	for (u32 s = 0; s <= 300; s++) {
		bool pow2 = s == 1 || s == 2 || s == 4 || s == 8 || s == 16 ||
			    s == 32 || s == 64 || s == 128;
		EXPECT_EQ(rxs_rss_buckets_size_ok(s), pow2) << s;
	}
	EXPECT_EQ(sizeof(struct rxs_rss_buckets), 128u * 16);
}

TEST(RssBuckets, BucketOfHash)
{
	// Microsoft's first IPv4 TCP vector hashes to 0x51ccc178: entry
	// 0x78 = 120 of 128, 0x38 = 56 of 64, 0 of 1
	EXPECT_EQ(rxs_rss_bucket(0x51ccc178, 128), 120u);
	EXPECT_EQ(rxs_rss_bucket(0x51ccc178, 64), 56u);
	EXPECT_EQ(rxs_rss_bucket(0x51ccc178, 1), 0u);
	EXPECT_EQ(rxs_rss_bucket(0xffffffff, 128), 127u);
	std::mt19937 rng(1);
	for (int i = 0; i < 10000; i++) {
		u32 h = rng(), s = 1u << (rng() % 8);
		EXPECT_EQ(rxs_rss_bucket(h, s), h % s);
		EXPECT_EQ(rxs_c_rss_bucket(h, s), h % s);
	}
}

TEST(RssBuckets, CountAndSumRings)
{
	static rxs_rss_buckets ring[3], sum;
	u64 want_p[128] = {}, want_b[128] = {};
	std::mt19937 rng(2);

	memset(ring, 0, sizeof(ring));
	memset(&sum, 0, sizeof(sum));
	for (int i = 0; i < 3000; i++) {
		u32 h = rng(), len = 60 + rng() % 1440, r = rng() % 3;
		rxs_rss_buckets_count(&ring[r], h, 128, len);
		want_p[h % 128]++;
		want_b[h % 128] += len;
	}
	for (auto &r : ring)
		rxs_rss_buckets_add(&sum, &r, 128);
	for (int b = 0; b < 128; b++) {
		EXPECT_EQ(sum.b[b].packets, want_p[b]) << b;
		EXPECT_EQ(sum.b[b].bytes, want_b[b]) << b;
	}
	// a smaller table: only its entries are added
	rxs_rss_buckets one = {};
	one.b[5].packets = 1;
	one.b[100].packets = 1;
	rxs_rss_buckets_add(&sum, &one, 64);
	EXPECT_EQ(sum.b[5].packets, want_p[5] + 1);
	EXPECT_EQ(sum.b[100].packets, want_p[100]);
}

} // namespace
