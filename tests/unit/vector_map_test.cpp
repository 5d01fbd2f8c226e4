// SPDX-License-Identifier: GPL-2.0
// Queue/channel/vector map with per-event lines: the RTL8127 (a line per
// event), the MT7988 (RX rings on pdma0..3, TX on fe1, misc on fe2), the
// RZ/G2L GbEth (one line), combined channels, validation.
#include <gtest/gtest.h>

#include <cstring>
#include <rxscale/vector_map.h>

namespace {

// Independent check of a built map: every queue's NAPI polls it, every
// queue's vector is the line it was given, the vector schedules its NAPI.
void check_consistent(const rxs_vmap &m, const rxs_vmap_lines &l)
{
	for (u32 q = 0; q < m.n_rx; q++) {
		u32 n = m.rx_napi[q];
		ASSERT_LT(n, m.n_napi);
		EXPECT_TRUE(m.napi_rx[n] & (1u << q));
		EXPECT_EQ(m.vec_line[m.rx_vec[q]], l.rx[q]);
		EXPECT_TRUE(m.vec_napi[m.rx_vec[q]] & (1ull << n));
	}
	for (u32 q = 0; q < m.n_tx; q++) {
		u32 n = m.tx_napi[q];
		ASSERT_LT(n, m.n_napi);
		EXPECT_TRUE(m.napi_tx[n] & (1u << q));
		EXPECT_EQ(m.vec_line[m.tx_vec[q]], l.tx[q]);
		EXPECT_TRUE(m.vec_napi[m.tx_vec[q]] & (1ull << n));
	}
	EXPECT_EQ(m.vec_line[m.link_vec], l.link);
	// each NAPI polls at least one queue, the NAPIs partition the queues
	u32 rx_all = 0, tx_all = 0;
	for (u32 n = 0; n < m.n_napi; n++) {
		EXPECT_NE(m.napi_rx[n] | m.napi_tx[n], 0u) << n;
		EXPECT_EQ(rx_all & m.napi_rx[n], 0u);
		EXPECT_EQ(tx_all & m.napi_tx[n], 0u);
		rx_all |= m.napi_rx[n];
		tx_all |= m.napi_tx[n];
	}
	EXPECT_EQ(rx_all, (u32)((1ull << m.n_rx) - 1));
	EXPECT_EQ(tx_all, (u32)((1ull << m.n_tx) - 1));
	// vectors are distinct, ascending lines
	for (u32 v = 1; v < m.n_vec; v++)
		EXPECT_LT(m.vec_line[v - 1], m.vec_line[v]);
}

TEST(VectorMap, LinearIsQueueMapLayout)
{
	rxs_vmap_lines l;
	rxs_vmap m;
	ASSERT_EQ(rxs_vmap_lines_linear(&l, 4, 2), 0);
	ASSERT_EQ(rxs_vmap_build(&m, &l, 4, 2, 0), 0);
	check_consistent(m, l);
	EXPECT_EQ(m.n_vec, 7u);
	EXPECT_EQ(m.n_napi, 6u);
	for (u32 q = 0; q < 4; q++) {
		EXPECT_EQ(m.rx_vec[q], q);
		EXPECT_EQ(m.rx_napi[q], q);
	}
	EXPECT_EQ(m.tx_vec[0], 4);
	EXPECT_EQ(m.tx_vec[1], 5);
	EXPECT_EQ(m.tx_napi[0], 4);
	EXPECT_EQ(m.tx_napi[1], 5);
	EXPECT_EQ(m.link_vec, 6);
	EXPECT_EQ(m.vec_napi[6], 0u);	// link schedules no NAPI
	EXPECT_EQ(rxs_vmap_rx_spread(&m), 4u);
	EXPECT_EQ(rxs_vmap_napi_index(&m, 2), 2);
	EXPECT_EQ(rxs_vmap_napi_index(&m, 4), -1);	// TX-only
	EXPECT_EQ(rxs_vmap_napi_index(&m, 6), -1);	// out of range
}

// RTL8127 combined 2 rx 2: RX q and TX q share NAPI q; both vectors
// schedule it (r8127's r8127_irq_setup_map).
TEST(VectorMap, CombinedChannels)
{
	rxs_vmap_lines l;
	rxs_vmap m;
	ASSERT_EQ(rxs_vmap_lines_linear(&l, 4, 2), 0);
	ASSERT_EQ(rxs_vmap_build(&m, &l, 4, 2, 2), 0);
	check_consistent(m, l);
	EXPECT_EQ(m.n_napi, 4u);
	EXPECT_EQ(m.tx_napi[0], 0);
	EXPECT_EQ(m.tx_napi[1], 1);
	EXPECT_EQ(m.napi_rx[0], 1u);
	EXPECT_EQ(m.napi_tx[0], 1u);
	EXPECT_EQ(m.napi_tx[2], 0u);
	EXPECT_EQ(m.vec_napi[4], 1ull);	// TX0's vector -> NAPI 0
	EXPECT_EQ(m.vec_napi[5], 2ull);
	EXPECT_EQ(m.napi_vec[0], 0);	// IRQ of the RX queue
	// combined 1 rx 1 tx 1: 2 RX, 2 TX, 3 NAPIs, standalone TX last
	ASSERT_EQ(rxs_vmap_build(&m, &l, 2, 2, 1), 0);
	EXPECT_EQ(m.n_napi, 3u);
	EXPECT_EQ(m.tx_napi[1], 2);
	EXPECT_EQ(m.napi_vec[2], m.tx_vec[1]);
}

// MT7988: RX rings 0..3 on pdma0..3 (lines 0..3), TX on fe1 (line 4),
// link/misc on fe2 (line 5). Nothing falls back to one vector.
TEST(VectorMap, PlatformOwnRxLinesSharedTx)
{
	rxs_vmap_lines l;
	rxs_vmap m;
	rxs_vmap_lines_one(&l, 4);
	l.n_lines = 6;
	for (u32 q = 0; q < 4; q++)
		l.rx[q] = (u8)q;
	l.link = 5;
	ASSERT_EQ(rxs_vmap_build(&m, &l, 4, 2, 0), 0);
	check_consistent(m, l);
	EXPECT_EQ(m.n_vec, 6u);
	EXPECT_EQ(rxs_vmap_rx_spread(&m), 4u);
	EXPECT_EQ(m.tx_vec[0], m.tx_vec[1]);
	EXPECT_EQ(m.vec_napi[4], (1ull << 4) | (1ull << 5));	// both TX NAPIs
	EXPECT_EQ(m.link_vec, 5);
	// pdma2/3 missing from the DT: RX 2 and 3 on fe1 with TX
	l.rx[2] = 4;
	l.rx[3] = 4;
	ASSERT_EQ(rxs_vmap_build(&m, &l, 4, 2, 0), 0);
	check_consistent(m, l);
	EXPECT_EQ(m.n_vec, 4u);	// lines 0, 1, 4, 5
	EXPECT_EQ(rxs_vmap_rx_spread(&m), 3u);
	EXPECT_EQ(m.vec_line[2], 4);
	EXPECT_EQ(m.vec_napi[2], 0x3cull);	// NAPIs 2..5
}

// RZ/G2L GbEth: one line for everything, still 1 RX + 1 TX + link.
TEST(VectorMap, OneLineForAll)
{
	rxs_vmap_lines l;
	rxs_vmap m;
	rxs_vmap_lines_one(&l, 0);
	ASSERT_EQ(rxs_vmap_build(&m, &l, 1, 1, 1), 0);
	check_consistent(m, l);
	EXPECT_EQ(m.n_vec, 1u);
	EXPECT_EQ(m.n_napi, 1u);
	EXPECT_EQ(m.vec_napi[0], 1ull);
	EXPECT_EQ(m.link_vec, 0);
	ASSERT_EQ(rxs_vmap_build(&m, &l, 2, 2, 0), 0);	// no spread, 4 NAPIs
	EXPECT_EQ(m.n_napi, 4u);
	EXPECT_EQ(m.vec_napi[0], 0xfull);
	EXPECT_EQ(rxs_vmap_rx_spread(&m), 1u);
}

TEST(VectorMap, UnusedLinesAreNotVectors)
{
	rxs_vmap_lines l;
	rxs_vmap m;
	ASSERT_EQ(rxs_vmap_lines_linear(&l, 4, 2), 0);
	ASSERT_EQ(rxs_vmap_build(&m, &l, 2, 1, 0), 0);	// lines 2, 3, 5 idle
	check_consistent(m, l);
	EXPECT_EQ(m.n_vec, 4u);
	EXPECT_EQ(m.vec_line[2], 4);
	EXPECT_EQ(m.vec_line[3], 6);
}

TEST(VectorMap, MaximumSizes)
{
	rxs_vmap_lines l;
	rxs_vmap m;
	ASSERT_EQ(rxs_vmap_lines_linear(&l, 32, 32), 0);
	EXPECT_EQ(l.n_lines, 65u);
	ASSERT_EQ(rxs_vmap_build(&m, &l, 32, 32, 0), 0);
	check_consistent(m, l);
	EXPECT_EQ(m.n_napi, 64u);
	EXPECT_EQ(m.n_vec, 65u);
	EXPECT_EQ(m.vec_napi[63], 1ull << 63);
	EXPECT_EQ(rxs_vmap_rx_spread(&m), 32u);
	ASSERT_EQ(rxs_vmap_build(&m, &l, 32, 32, 32), 0);
	EXPECT_EQ(m.n_napi, 32u);
	// every shape of counts up to 8x8 with every combined count
	for (u32 rx = 1; rx <= 8; rx++)
		for (u32 tx = 1; tx <= 8; tx++)
			for (u32 c = 0; c <= (rx < tx ? rx : tx); c++) {
				ASSERT_EQ(rxs_vmap_lines_linear(&l, rx, tx), 0);
				ASSERT_EQ(rxs_vmap_build(&m, &l, rx, tx, c), 0);
				EXPECT_EQ(m.n_napi, rx + tx - c);
				check_consistent(m, l);
			}
}

TEST(VectorMap, Errors)
{
	rxs_vmap_lines l;
	rxs_vmap m, before;
	ASSERT_EQ(rxs_vmap_lines_linear(&l, 4, 2), 0);
	ASSERT_EQ(rxs_vmap_build(&m, &l, 4, 2, 0), 0);
	before = m;
	EXPECT_EQ(rxs_vmap_build(nullptr, &l, 1, 1, 0), -EINVAL);
	EXPECT_EQ(rxs_vmap_build(&m, nullptr, 1, 1, 0), -EINVAL);
	EXPECT_EQ(rxs_vmap_build(&m, &l, 0, 1, 0), -EINVAL);
	EXPECT_EQ(rxs_vmap_build(&m, &l, 1, 0, 0), -EINVAL);
	EXPECT_EQ(rxs_vmap_build(&m, &l, 33, 1, 0), -EINVAL);
	EXPECT_EQ(rxs_vmap_build(&m, &l, 1, 33, 0), -EINVAL);
	EXPECT_EQ(rxs_vmap_build(&m, &l, 4, 2, 3), -EINVAL);	// comb > n_tx
	EXPECT_EQ(rxs_vmap_build(&m, &l, 1, 2, 2), -EINVAL);	// comb > n_rx
	// queue 4 of RX is on line 4 (TX 0's), fine; a line beyond n_lines is not
	l.rx[3] = 7;
	EXPECT_EQ(rxs_vmap_build(&m, &l, 4, 2, 0), -EINVAL);
	EXPECT_EQ(rxs_vmap_build(&m, &l, 3, 2, 0), 0);	// RX 3 unused: ignored
	m = before;
	l.rx[3] = 3;
	l.link = 7;
	EXPECT_EQ(rxs_vmap_build(&m, &l, 4, 2, 0), -EINVAL);
	l.link = 6;
	l.n_lines = 0;
	EXPECT_EQ(rxs_vmap_build(&m, &l, 4, 2, 0), -EINVAL);
	l.n_lines = RXS_VMAP_MAX_LINES + 1;
	EXPECT_EQ(rxs_vmap_build(&m, &l, 4, 2, 0), -EINVAL);
	EXPECT_EQ(memcmp(&m, &before, sizeof(m)), 0);	// untouched on error
	EXPECT_EQ(rxs_vmap_lines_linear(&l, 0, 1), -EINVAL);
	EXPECT_EQ(rxs_vmap_lines_linear(&l, 1, 33), -EINVAL);
}

} // namespace
