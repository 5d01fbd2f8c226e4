// SPDX-License-Identifier: GPL-2.0
// The shared headers compiled as C (c_compat.c) and as C++ (here) must
// give the same layouts and results.
#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <vector>

#include <rxscale/coalesce.h>
#include <rxscale/queue_map.h>
#include <rxscale/ring.h>
#include <rxscale/rss_indir.h>
#include <rxscale/toeplitz.h>

#include "c_compat.h"
#include "vectors.h"

namespace {

TEST(CCompat, StructLayoutsAgree)
{
	EXPECT_EQ(rxs_c_sizeof_toeplitz(), sizeof(rxs_toeplitz));
	EXPECT_EQ(rxs_c_sizeof_qmap(), sizeof(rxs_qmap));
}

TEST(CCompat, MicrosoftVectorsFromC)
{
	const u8 *key = rxs_c_ms_key();
	for (const RxsV4Vector &v : kV4Vectors) {
		u8 in[12];
		u32 len = rxs_c_input_v4(in, RxsV4Addr(v.src), RxsV4Addr(v.dst),
					 v.sport, v.dport, true);
		u32 ref = 0, fast = 0;
		ASSERT_EQ(rxs_c_toeplitz_ref(key, 40, in, len, &ref), 0);
		ASSERT_EQ(rxs_c_toeplitz_fast(key, 40, in, len, &fast), 0);
		EXPECT_EQ(ref, v.hash_l4);
		EXPECT_EQ(fast, v.hash_l4);
	}
}

TEST(CCompat, RandomToeplitzSameInCAndCxx)
{
	std::mt19937 rng(7);
	auto t = std::make_unique<rxs_toeplitz>();
	for (int iter = 0; iter < 300; iter++) {
		u8 key[40], in[36];
		for (u8 &b : key)
			b = (u8)rng();
		for (u8 &b : in)
			b = (u8)rng();
		u32 len = 1 + iter % 36, c = 0, cxx = 0;
		ASSERT_EQ(rxs_c_toeplitz_fast(key, 40, in, len, &c), 0);
		ASSERT_EQ(rxs_toeplitz_init(t.get(), key, 40), 0);
		ASSERT_EQ(rxs_toeplitz_hash(t.get(), in, len, &cxx), 0);
		ASSERT_EQ(c, cxx);
	}
}

TEST(CCompat, OtherHelpersSameInCAndCxx)
{
	const u32 w[] = { 3, 0, 2, 5 };
	std::vector<u32> a(128), b(128), wa(32), wb(32);
	ASSERT_EQ(rxs_c_indir_fill_weight(a.data(), 128, w, 4), 0);
	ASSERT_EQ(rxs_indir_fill_weight(b.data(), 128, w, 4), 0);
	EXPECT_EQ(a, b);
	ASSERT_EQ(rxs_c_indir_pack(a.data(), 128, wa.data(), 32), 0);
	ASSERT_EQ(rxs_indir_pack_u8(b.data(), 128, wb.data(), 32), 0);
	EXPECT_EQ(wa, wb);

	for (u32 g = 1; g < 12; g++) {
		int rx = -1, tx = -1, link = -1;
		rxs_qmap m;
		ASSERT_EQ(rxs_c_qmap(4, 2, g, &rx, &tx, &link), 0);
		ASSERT_EQ(rxs_qmap_build(&m, 4, 2, 32, 32, g), 0);
		EXPECT_EQ(rx, rxs_qmap_rx_vector(&m, m.n_rx - 1));
		EXPECT_EQ(tx, rxs_qmap_tx_vector(&m, 1));
		EXPECT_EQ(link, rxs_qmap_link_vector(&m));
	}
	EXPECT_EQ(rxs_c_ring_add(998, 5, 1000), rxs_ring_add(998, 5, 1000));
	EXPECT_EQ(rxs_c_ring_add(998, 5, 1000), 3u);
	EXPECT_EQ(rxs_c_fr_diff(1, 0x7fffffffu, 0x7fffffffu), 2u);

	u32 uc = 0, ucxx = 0;
	EXPECT_EQ(rxs_c_usecs_to_units(523, 2048, 255, &uc), -ERANGE);
	ASSERT_EQ(rxs_c_usecs_to_units(100, 2048, 255, &uc), 0);
	ASSERT_EQ(rxs_coal_usecs_to_units(100, 2048, 255, &ucxx), 0);
	EXPECT_EQ(uc, ucxx);
}

} // namespace
