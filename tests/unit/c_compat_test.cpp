// SPDX-License-Identifier: GPL-2.0
// The shared headers compiled as C (c_compat.c) and as C++ (here) must
// give the same layouts and results.
#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <random>
#include <vector>

#include <rxscale/coalesce.h>
#include <rxscale/queue_map.h>
#include <rxscale/ring.h>
#include <rxscale/rss_indir.h>
#include <rxscale/toeplitz.h>
#include <rxscale/vector_map.h>
#include <rxscale/channels.h>
#include <rxscale/rss_ethtool.h>
#include <rxscale/stats.h>

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

// vector_map.h, channels.h, rss_ethtool.h, stats.h: C and C++ agree.
TEST(CCompat, NewHeadersAgree)
{
	for (u32 c = 0; c <= 2; c++)
		for (u32 q = 0; q < 2; q++) {
			rxs_vmap_lines l;
			rxs_vmap m;
			ASSERT_EQ(rxs_vmap_lines_linear(&l, 4, 2), 0);
			ASSERT_EQ(rxs_vmap_build(&m, &l, 4, 2, c), 0);
			EXPECT_EQ(rxs_c_vmap_tx_napi(4, 2, c, q), m.tx_napi[q]);
		}
	EXPECT_EQ(rxs_c_vmap_tx_napi(4, 2, 3, 0), -EINVAL);
	for (u32 c = 0; c <= 3; c++)
		for (u32 rx = 0; rx <= 5; rx++)
			for (u32 tx = 0; tx <= 3; tx++) {
				const rxs_chan_limits lim = { 4, 2, 1, true };
				rxs_chan_counts r;
				rxs_chan_queues q = { 0, 0, 0 };
				u32 crx = 0, ctx = 0;
				r.comb = c;
				r.rx = rx;
				r.tx = tx;
				r.other = 1;
				int a = rxs_c_chan_check(c, rx, tx, &crx, &ctx);
				int b = rxs_chan_check(&lim, &r, &q, nullptr);
				EXPECT_EQ(a, b);
				if (!a) {
					EXPECT_EQ(crx, q.n_rx);
					EXPECT_EQ(ctx, q.n_tx);
				}
			}
	for (u32 set = 0; set <= RXS_HT_ALL; set++)
		for (u32 f = 0; f < 0x14; f++) {
			u64 d = 0;
			u64 want = rxs_rxh_get(set, f, &d) ? ~0ull : d;
			EXPECT_EQ(rxs_c_rxh_get(set, f), want);
		}
	char a[RXS_STAT_NAME_LEN], b[RXS_STAT_NAME_LEN];
	ASSERT_EQ(rxs_c_stat_name(a, sizeof(a), "rx", 12, "bytes"), 0);
	ASSERT_EQ(rxs_stat_name(b, sizeof(b), "rx", 12, "bytes"), 0);
	EXPECT_EQ(memcmp(a, b, sizeof(a)), 0);
}

} // namespace
