// SPDX-License-Identifier: GPL-2.0
// Queue -> interrupt vector map: full layout, single-vector fallback,
// validation.
#include <gtest/gtest.h>

#include <rxscale/queue_map.h>

namespace {

TEST(QueueMap, FullLayoutWhenEnoughVectors)
{
	rxs_qmap m;
	ASSERT_EQ(rxs_qmap_build(&m, 4, 2, 4, 2, 7), 0);
	EXPECT_FALSE(m.single);
	EXPECT_EQ(m.n_rx, 4u);
	EXPECT_EQ(m.n_tx, 2u);
	EXPECT_EQ(m.n_vec, 7u);
	for (u32 q = 0; q < 4; q++)
		EXPECT_EQ(rxs_qmap_rx_vector(&m, q), (int)q);
	EXPECT_EQ(rxs_qmap_tx_vector(&m, 0), 4);
	EXPECT_EQ(rxs_qmap_tx_vector(&m, 1), 5);
	EXPECT_EQ(rxs_qmap_link_vector(&m), 6);
	EXPECT_EQ(rxs_qmap_rx_vector(&m, 4), -ERANGE);
	EXPECT_EQ(rxs_qmap_tx_vector(&m, 2), -ERANGE);
}

TEST(QueueMap, MoreVectorsThanNeededStillUsesNeeded)
{
	rxs_qmap m;
	ASSERT_EQ(rxs_qmap_build(&m, 2, 1, 4, 2, 32), 0);
	EXPECT_FALSE(m.single);
	EXPECT_EQ(m.n_vec, rxs_qmap_vectors_needed(2, 1));
	EXPECT_EQ(m.n_vec, 4u);
}

TEST(QueueMap, OneShortFallsBackToSingleVector)
{
	rxs_qmap m;
	ASSERT_EQ(rxs_qmap_build(&m, 4, 2, 4, 2, 6), 0);
	EXPECT_TRUE(m.single);
	EXPECT_EQ(m.n_rx, 1u);	// no RSS
	EXPECT_EQ(m.n_tx, 2u);
	EXPECT_EQ(m.n_vec, 1u);
	EXPECT_EQ(rxs_qmap_rx_vector(&m, 0), 0);
	EXPECT_EQ(rxs_qmap_rx_vector(&m, 1), -ERANGE);
	EXPECT_EQ(rxs_qmap_tx_vector(&m, 1), 0);
	EXPECT_EQ(rxs_qmap_link_vector(&m), 0);
	EXPECT_EQ(rxs_qmap_vec_rx_mask(&m, 0), 1u);
	EXPECT_EQ(rxs_qmap_vec_tx_mask(&m, 0), 3u);
	EXPECT_EQ(rxs_qmap_vec_rx_mask(&m, 1), 0u);
	EXPECT_EQ(rxs_qmap_vec_tx_mask(&m, 1), 0u);
}

TEST(QueueMap, SingleQueueNeedsThreeVectors)
{
	rxs_qmap m;
	ASSERT_EQ(rxs_qmap_build(&m, 1, 1, 4, 2, 3), 0);
	EXPECT_FALSE(m.single);
	ASSERT_EQ(rxs_qmap_build(&m, 1, 1, 4, 2, 2), 0);
	EXPECT_TRUE(m.single);
	ASSERT_EQ(rxs_qmap_build(&m, 1, 1, 4, 2, 1), 0);
	EXPECT_TRUE(m.single);
}

// Every queue and the link land on exactly one vector, and the masks agree
// with the per-queue lookups, for all counts and grants.
TEST(QueueMap, MasksCoverEveryQueueOnce)
{
	for (u32 n_rx = 1; n_rx <= 8; n_rx++) {
		for (u32 n_tx = 1; n_tx <= 4; n_tx++) {
			for (u32 g = 1; g <= 14; g++) {
				rxs_qmap m;
				ASSERT_EQ(rxs_qmap_build(&m, n_rx, n_tx, 8, 4, g), 0);
				u32 rx_seen = 0, tx_seen = 0, links = 0;
				for (u32 v = 0; v < m.n_vec; v++) {
					u32 rm = rxs_qmap_vec_rx_mask(&m, v);
					u32 tm = rxs_qmap_vec_tx_mask(&m, v);
					EXPECT_EQ(rx_seen & rm, 0u);
					EXPECT_EQ(tx_seen & tm, 0u);
					rx_seen |= rm;
					tx_seen |= tm;
					links += rxs_qmap_link_vector(&m) == (int)v;
					for (u32 q = 0; q < 32; q++) {
						if (rm & (1u << q)) {
							EXPECT_EQ(rxs_qmap_rx_vector(&m, q), (int)v);
						}
						if (tm & (1u << q)) {
							EXPECT_EQ(rxs_qmap_tx_vector(&m, q), (int)v);
						}
					}
				}
				EXPECT_EQ(rx_seen, (1u << m.n_rx) - 1);
				EXPECT_EQ(tx_seen, (1u << n_tx) - 1);
				EXPECT_EQ(links, 1u);
				EXPECT_EQ(rxs_qmap_vec_rx_mask(&m, m.n_vec), 0u);
				EXPECT_EQ(rxs_qmap_vec_tx_mask(&m, m.n_vec), 0u);
				EXPECT_EQ(m.single, g < n_rx + n_tx + 1);
			}
		}
	}
}

TEST(QueueMap, MaxQueuesMasks)
{
	rxs_qmap m;
	ASSERT_EQ(rxs_qmap_build(&m, 32, 32, 32, 32, 1), 0);
	EXPECT_EQ(rxs_qmap_vec_tx_mask(&m, 0), 0xffffffffu);
	ASSERT_EQ(rxs_qmap_build(&m, 32, 32, 32, 32, 65), 0);
	EXPECT_EQ(rxs_qmap_vec_rx_mask(&m, 31), 0x80000000u);
	EXPECT_EQ(rxs_qmap_vec_tx_mask(&m, 63), 0x80000000u);
	EXPECT_EQ(rxs_qmap_link_vector(&m), 64);
}

TEST(QueueMap, Validation)
{
	rxs_qmap m;
	EXPECT_EQ(rxs_qmap_build(&m, 0, 1, 4, 2, 8), -EINVAL);
	EXPECT_EQ(rxs_qmap_build(&m, 1, 0, 4, 2, 8), -EINVAL);
	EXPECT_EQ(rxs_qmap_build(&m, 5, 1, 4, 2, 8), -ERANGE);
	EXPECT_EQ(rxs_qmap_build(&m, 1, 3, 4, 2, 8), -ERANGE);
	EXPECT_EQ(rxs_qmap_build(&m, 1, 1, 4, 2, 0), -EINVAL);
	EXPECT_EQ(rxs_qmap_build(&m, 1, 1, 0, 2, 8), -EINVAL);
	EXPECT_EQ(rxs_qmap_build(&m, 1, 1, 4, 0, 8), -EINVAL);
	EXPECT_EQ(rxs_qmap_build(&m, 1, 1, 33, 2, 8), -EINVAL);
	EXPECT_EQ(rxs_qmap_build(&m, 1, 1, 4, 33, 8), -EINVAL);
	EXPECT_EQ(rxs_qmap_build(nullptr, 1, 1, 4, 2, 8), -EINVAL);
	EXPECT_EQ(rxs_qmap_build(&m, 4, 2, 4, 2, 8), 0);
}

} // namespace
