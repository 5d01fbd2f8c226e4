// SPDX-License-Identifier: GPL-2.0
// Statistics tables: names with per-queue expansion, offsets and sizes,
// table checks.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <rxscale/stats.h>

#include "uapi_ethtool.h"

namespace {

struct rxq {
	u64 packets;
	u64 bytes;
	u32 small;
	u32 pad;
	u64 alloc_fail;
};

const rxs_stat rxq_stats[] = {
	RXS_STAT(struct rxq, packets, RXS_QS_RX_PACKETS, RXS_S64_RX_PACKETS),
	RXS_STAT(struct rxq, bytes, RXS_QS_RX_BYTES, RXS_S64_RX_BYTES),
	RXS_STAT_U32(struct rxq, small, RXS_QS_NONE, RXS_S64_NONE),
	RXS_STAT(struct rxq, alloc_fail, RXS_QS_RX_ALLOC_FAIL, RXS_S64_RX_DROPPED),
};
const u32 n_rxq = sizeof(rxq_stats) / sizeof(rxq_stats[0]);

TEST(Stats, TableEntries)
{
	EXPECT_STREQ(rxq_stats[0].name, "packets");
	EXPECT_EQ(rxq_stats[1].offset, 8u);
	EXPECT_EQ(rxq_stats[1].size, 8u);
	EXPECT_EQ(rxq_stats[2].offset, 16u);
	EXPECT_EQ(rxq_stats[2].size, 4u);
	EXPECT_EQ(rxq_stats[3].offset, 24u);
	EXPECT_EQ(rxq_stats[3].qstat, RXS_QS_RX_ALLOC_FAIL);
	EXPECT_EQ(rxq_stats[3].s64, RXS_S64_RX_DROPPED);
	EXPECT_EQ(rxs_stats_check(rxq_stats, n_rxq, sizeof(rxq), 4, nullptr), 0);
}

TEST(Stats, Values)
{
	rxq r;
	memset(&r, 0, sizeof(r));
	r.packets = 0x1122334455667788ull;
	r.bytes = 1;
	r.small = 0xfffffffeu;
	r.pad = 0xffffffffu;	// must not leak into small
	r.alloc_fail = 7;
	u64 data[4];
	EXPECT_EQ(rxs_stats_fill(rxq_stats, n_rxq, &r, data), n_rxq);
	EXPECT_EQ(data[0], 0x1122334455667788ull);
	EXPECT_EQ(data[1], 1u);
	EXPECT_EQ(data[2], 0xfffffffeull);
	EXPECT_EQ(data[3], 7u);
	EXPECT_EQ(rxs_stats_count(7, n_rxq, 4, 6, 2), 7u + 16u + 12u);
	EXPECT_EQ(rxs_stats_count(0, 0, 4, 0, 2), 0u);
}

TEST(Stats, Names)
{
	EXPECT_EQ((u32)RXS_STAT_NAME_LEN, rxs_uapi_gstring_len);
	char buf[RXS_STAT_NAME_LEN];
	memset(buf, 'x', sizeof(buf));
	ASSERT_EQ(rxs_stat_name(buf, sizeof(buf), "rx", 3, "packets"), 0);
	EXPECT_STREQ(buf, "rx3_packets");
	for (u32 i = strlen(buf); i < sizeof(buf); i++)
		EXPECT_EQ(buf[i], 0) << i;	// padded, as ethtool_puts
	ASSERT_EQ(rxs_stat_name(buf, sizeof(buf), "tx", 0, "stops"), 0);
	EXPECT_STREQ(buf, "tx0_stops");
	ASSERT_EQ(rxs_stat_name(buf, sizeof(buf), "rx", 4294967295u, "b"), 0);
	EXPECT_STREQ(buf, "rx4294967295_b");
	ASSERT_EQ(rxs_stat_name(buf, sizeof(buf), "q", 10, "x"), 0);
	EXPECT_STREQ(buf, "q10_x");
	ASSERT_EQ(rxs_stat_name(buf, sizeof(buf), nullptr, 5, "tx_timeouts"), 0);
	EXPECT_STREQ(buf, "tx_timeouts");
	// 31 characters fit, 32 do not
	std::string n31(31, 'a'), n32(32, 'a');
	ASSERT_EQ(rxs_stat_name(buf, sizeof(buf), nullptr, 0, n31.c_str()), 0);
	EXPECT_EQ(std::string(buf), n31);
	EXPECT_EQ(rxs_stat_name(buf, sizeof(buf), nullptr, 0, n32.c_str()),
		  -ENAMETOOLONG);
	EXPECT_STREQ(buf, "");
	std::string n27(27, 'b');	// "rx3_" + 27 = 31
	ASSERT_EQ(rxs_stat_name(buf, sizeof(buf), "rx", 3, n27.c_str()), 0);
	EXPECT_EQ(rxs_stat_name(buf, sizeof(buf), "rx", 10, n27.c_str()),
		  -ENAMETOOLONG);
	// overflow inside the prefix and inside the digits
	EXPECT_EQ(rxs_stat_name(buf, 3, "rxq", 1, "a"), -ENAMETOOLONG);
	EXPECT_EQ(rxs_stat_name(buf, 4, "rx", 12, "a"), -ENAMETOOLONG);
	EXPECT_EQ(rxs_stat_name(buf, 5, "rx", 1, "a"), -ENAMETOOLONG);
	EXPECT_EQ(rxs_stat_name(buf, 6, "rx", 1, "a"), 0);
	EXPECT_EQ(rxs_stat_name(nullptr, 4, "rx", 1, "a"), -EINVAL);
	EXPECT_EQ(rxs_stat_name(buf, 0, "rx", 1, "a"), -EINVAL);
	EXPECT_EQ(rxs_stat_name(buf, 4, "rx", 1, nullptr), -EINVAL);
}

TEST(Stats, CheckCatchesBadTables)
{
	rxs_stat t[4];
	memcpy(t, rxq_stats, sizeof(t));
	u32 bad = 99;
	// the struct is 32 bytes: a 31-byte struct cuts alloc_fail
	EXPECT_EQ(rxs_stats_check(t, 4, 31, 4, &bad), -EINVAL);
	EXPECT_EQ(bad, 3u);
	t[1].name = "packets";	// duplicate
	EXPECT_EQ(rxs_stats_check(t, 4, sizeof(rxq), 4, &bad), -EINVAL);
	EXPECT_EQ(bad, 1u);
	t[1].name = "packet";	// prefix of another name: fine
	EXPECT_EQ(rxs_stats_check(t, 4, sizeof(rxq), 4, &bad), 0);
	t[1].name = "";
	EXPECT_EQ(rxs_stats_check(t, 4, sizeof(rxq), 4, &bad), -EINVAL);
	t[1].name = nullptr;
	EXPECT_EQ(rxs_stats_check(t, 4, sizeof(rxq), 4, &bad), -EINVAL);
	t[1] = rxq_stats[1];
	t[2].offset = 18;	// u32 misaligned
	EXPECT_EQ(rxs_stats_check(t, 4, sizeof(rxq), 4, &bad), -EINVAL);
	EXPECT_EQ(bad, 2u);
	t[2] = rxq_stats[2];
	t[2].size = 2;
	EXPECT_EQ(rxs_stats_check(t, 4, sizeof(rxq), 4, &bad), -EINVAL);
	t[2] = rxq_stats[2];
	t[0].qstat = RXS_QS_NUM;
	EXPECT_EQ(rxs_stats_check(t, 4, sizeof(rxq), 4, &bad), -EINVAL);
	EXPECT_EQ(bad, 0u);
	t[0] = rxq_stats[0];
	t[3].s64 = RXS_S64_NUM;
	EXPECT_EQ(rxs_stats_check(t, 4, sizeof(rxq), 4, &bad), -EINVAL);
	t[3] = rxq_stats[3];
	// "alloc_fail" (10) + a 22-character prefix = 32: too long
	EXPECT_EQ(rxs_stats_check(t, 4, sizeof(rxq), 21, &bad), 0);
	EXPECT_EQ(rxs_stats_check(t, 4, sizeof(rxq), 22, &bad), -EINVAL);
	EXPECT_EQ(bad, 3u);
	EXPECT_EQ(rxs_stats_check(t, 0, 0, 0, nullptr), 0);
}

} // namespace
