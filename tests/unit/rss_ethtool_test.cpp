// SPDX-License-Identifier: GPL-2.0
// ethtool rx-flow-hash <-> hash types, set_rxfh checks, table fit; the
// constants against the system's uapi <linux/ethtool.h>.
#include <gtest/gtest.h>

#include <rxscale/rss_ethtool.h>

#include "uapi_ethtool.h"

namespace {

const u32 all_flows[] = {
	RXS_TCP_V4_FLOW, RXS_UDP_V4_FLOW, RXS_SCTP_V4_FLOW, RXS_AH_ESP_V4_FLOW,
	RXS_TCP_V6_FLOW, RXS_UDP_V6_FLOW, RXS_SCTP_V6_FLOW, RXS_AH_ESP_V6_FLOW,
	RXS_AH_V4_FLOW, RXS_ESP_V4_FLOW, RXS_AH_V6_FLOW, RXS_ESP_V6_FLOW,
	RXS_IPV4_FLOW, RXS_IPV6_FLOW,
};

TEST(RssEthtool, ConstantsMatchUapi)
{
	const u32 mine[] = {
		RXS_TCP_V4_FLOW, RXS_UDP_V4_FLOW, RXS_SCTP_V4_FLOW,
		RXS_AH_ESP_V4_FLOW, RXS_TCP_V6_FLOW, RXS_UDP_V6_FLOW,
		RXS_SCTP_V6_FLOW, RXS_AH_ESP_V6_FLOW, RXS_AH_V4_FLOW,
		RXS_ESP_V4_FLOW, RXS_AH_V6_FLOW, RXS_ESP_V6_FLOW,
		RXS_IPV4_FLOW, RXS_IPV6_FLOW,
	};
	ASSERT_EQ(rxs_uapi_n_flow, sizeof(mine) / sizeof(mine[0]));
	for (u32 i = 0; i < rxs_uapi_n_flow; i++) {
		EXPECT_EQ(mine[i], rxs_uapi_flow[i][0]) << i;
		EXPECT_EQ(mine[i], rxs_uapi_flow[i][1]) << i;
	}
	EXPECT_EQ(RXS_FLOW_EXT, rxs_uapi_flow_ext);
	EXPECT_EQ(RXS_FLOW_MAC_EXT, rxs_uapi_flow_mac_ext);
	EXPECT_EQ(RXS_FLOW_RSS, rxs_uapi_flow_rss);
	EXPECT_EQ(RXS_RXH_L2DA, rxs_uapi_rxh_l2da);
	EXPECT_EQ(RXS_RXH_VLAN, rxs_uapi_rxh_vlan);
	EXPECT_EQ(RXS_RXH_L3_PROTO, rxs_uapi_rxh_l3_proto);
	EXPECT_EQ(RXS_RXH_IP_SRC, rxs_uapi_rxh_ip_src);
	EXPECT_EQ(RXS_RXH_IP_DST, rxs_uapi_rxh_ip_dst);
	EXPECT_EQ(RXS_RXH_L4_B_0_1, rxs_uapi_rxh_l4_b_0_1);
	EXPECT_EQ(RXS_RXH_L4_B_2_3, rxs_uapi_rxh_l4_b_2_3);
	EXPECT_EQ(RXS_RXH_DISCARD, rxs_uapi_rxh_discard);
	// ETH_RSS_HASH_* is not in the system's uapi header: kcore.h checks
	// RXS_RSS_HASH_TOP against the kernel's at compile time.
}

// A transcription of the rule in words (Microsoft's RSS model), written
// per case rather than through rxs_flow_hash_types().
u64 expect_fields(u32 set, u32 flow)
{
	const u64 ip = RXS_RXH_IP, l4 = RXS_RXH_L4;
	bool v4 = flow == RXS_TCP_V4_FLOW || flow == RXS_UDP_V4_FLOW ||
		  flow == RXS_SCTP_V4_FLOW || flow == RXS_AH_ESP_V4_FLOW ||
		  flow == RXS_AH_V4_FLOW || flow == RXS_ESP_V4_FLOW ||
		  flow == RXS_IPV4_FLOW;
	u32 fam_any = v4 ? (RXS_HT_IPV4 | RXS_HT_TCP4 | RXS_HT_UDP4) :
			   (RXS_HT_IPV6 | RXS_HT_TCP6 | RXS_HT_UDP6);
	if (flow == RXS_TCP_V4_FLOW && (set & RXS_HT_TCP4))
		return ip | l4;
	if (flow == RXS_UDP_V4_FLOW && (set & RXS_HT_UDP4))
		return ip | l4;
	if (flow == RXS_TCP_V6_FLOW && (set & RXS_HT_TCP6))
		return ip | l4;
	if (flow == RXS_UDP_V6_FLOW && (set & RXS_HT_UDP6))
		return ip | l4;
	return (set & fam_any) ? ip : 0;
}

TEST(RssEthtool, GetEveryFlowEverySet)
{
	for (u32 set = 0; set <= RXS_HT_ALL; set++)
		for (u32 f : all_flows) {
			u64 d = 99;
			ASSERT_EQ(rxs_rxh_get(set, f, &d), 0);
			EXPECT_EQ(d, expect_fields(set, f)) << set << " " << f;
			// ethtool's flag bits do not change the answer
			ASSERT_EQ(rxs_rxh_get(set, f | RXS_FLOW_RSS | RXS_FLOW_EXT,
					      &d), 0);
			EXPECT_EQ(d, expect_fields(set, f));
		}
	u64 d = 99;
	EXPECT_EQ(rxs_rxh_get(RXS_HT_ALL, 0x12 /* ETHER_FLOW */, &d), -EINVAL);
	EXPECT_EQ(d, 0u);
	EXPECT_EQ(rxs_rxh_get(RXS_HT_ALL, 0, &d), -EINVAL);
	EXPECT_EQ(rxs_rxh_get(RXS_HT_ALL, 0x0d /* IPV4_USER */, &d), -EINVAL);
}

// The RTL8127: TCP and IP hashing fixed on, UDP 4-tuple changeable.
TEST(RssEthtool, SetUdpOnly)
{
	const u32 fixed = RXS_HT_IPV4 | RXS_HT_TCP4 | RXS_HT_IPV6 | RXS_HT_TCP6;
	const u32 ch = RXS_HT_UDP4 | RXS_HT_UDP6;
	const char *msg = nullptr;
	u32 set = fixed;
	u64 d;

	ASSERT_EQ(rxs_rxh_set(&set, ch, RXS_UDP_V4_FLOW,
			      RXS_RXH_IP | RXS_RXH_L4, &msg), 0);
	EXPECT_EQ(set, fixed | RXS_HT_UDP4);
	ASSERT_EQ(rxs_rxh_get(set, RXS_UDP_V4_FLOW, &d), 0);
	EXPECT_EQ(d, (u64)(RXS_RXH_IP | RXS_RXH_L4));
	ASSERT_EQ(rxs_rxh_get(set, RXS_UDP_V6_FLOW, &d), 0);
	EXPECT_EQ(d, (u64)RXS_RXH_IP);
	ASSERT_EQ(rxs_rxh_set(&set, ch, RXS_UDP_V4_FLOW, RXS_RXH_IP, &msg), 0);
	EXPECT_EQ(set, fixed);
	// what it already hashes is accepted for any flow
	EXPECT_EQ(rxs_rxh_set(&set, ch, RXS_TCP_V4_FLOW,
			      RXS_RXH_IP | RXS_RXH_L4, &msg), 0);
	EXPECT_EQ(rxs_rxh_set(&set, ch, RXS_SCTP_V6_FLOW, RXS_RXH_IP, &msg), 0);
	EXPECT_EQ(set, fixed);
	// TCP 2-tuple would change a fixed type
	EXPECT_EQ(rxs_rxh_set(&set, ch, RXS_TCP_V4_FLOW, RXS_RXH_IP, &msg),
		  -EINVAL);
	EXPECT_STREQ(msg, "the hash fields of this flow type are fixed");
	// fields outside the model
	EXPECT_EQ(rxs_rxh_set(&set, ch, RXS_UDP_V4_FLOW, 0, &msg), -EINVAL);
	EXPECT_STREQ(msg, "hash fields must be sd or sdfn");
	EXPECT_EQ(rxs_rxh_set(&set, ch, RXS_UDP_V4_FLOW,
			      RXS_RXH_IP | RXS_RXH_L4_B_0_1, &msg), -EINVAL);
	EXPECT_EQ(rxs_rxh_set(&set, ch, RXS_UDP_V4_FLOW,
			      RXS_RXH_IP | RXS_RXH_L4 | RXS_RXH_VLAN, &msg),
		  -EINVAL);
	EXPECT_EQ(rxs_rxh_set(&set, ch, RXS_UDP_V4_FLOW, RXS_RXH_DISCARD, &msg),
		  -EINVAL);
	EXPECT_EQ(rxs_rxh_set(&set, ch, RXS_SCTP_V4_FLOW,
			      RXS_RXH_IP | RXS_RXH_L4, &msg), -EINVAL);
	EXPECT_STREQ(msg, "hash fields must be sd");
	EXPECT_EQ(rxs_rxh_set(&set, ch, 0x12, RXS_RXH_IP, &msg), -EOPNOTSUPP);
	EXPECT_EQ(set, fixed);	// untouched by every refusal
	// RSS off (no types): nothing can be turned on
	set = 0;
	EXPECT_EQ(rxs_rxh_set(&set, ch, RXS_UDP_V4_FLOW, RXS_RXH_IP, &msg),
		  -EINVAL);
	EXPECT_EQ(rxs_rxh_set(&set, ch, RXS_UDP_V4_FLOW, RXS_RXH_IP, nullptr),
		  -EINVAL);
	EXPECT_EQ(set, 0u);
}

// Everything changeable: each accepted set round-trips through get.
TEST(RssEthtool, SetGetRoundTrip)
{
	for (u32 start = 0; start <= RXS_HT_ALL; start++)
		for (u32 f : all_flows)
			for (u64 data : { (u64)RXS_RXH_IP,
					  (u64)(RXS_RXH_IP | RXS_RXH_L4) }) {
				u32 set = start;
				u64 back;
				int ret = rxs_rxh_set(&set, RXS_HT_ALL, f, data,
						      nullptr);
				if (ret) {
					EXPECT_EQ(set, start);
					continue;
				}
				ASSERT_EQ(rxs_rxh_get(set, f, &back), 0);
				EXPECT_EQ(back, data) << start << " " << f;
			}
}

TEST(RssEthtool, RxfhCheck)
{
	const u32 ok[8] = { 0, 1, 2, 3, 0, 1, 2, 3 };
	const u32 bad[8] = { 0, 1, 2, 3, 4, 1, 2, 3 };
	const char *msg = nullptr;
	EXPECT_EQ(rxs_rxfh_check(RXS_RSS_HASH_TOP, ok, 8, 4, &msg), 0);
	EXPECT_EQ(rxs_rxfh_check(RXS_RSS_HASH_NO_CHANGE, ok, 8, 4, &msg), 0);
	EXPECT_EQ(rxs_rxfh_check(RXS_RSS_HASH_NO_CHANGE, nullptr, 0, 0, &msg),
		  0);
	EXPECT_EQ(rxs_rxfh_check(1u << 1 /* XOR */, ok, 8, 4, &msg),
		  -EOPNOTSUPP);
	EXPECT_STREQ(msg, "only the Toeplitz hash is supported");
	EXPECT_EQ(rxs_rxfh_check(RXS_RSS_HASH_TOP, bad, 8, 4, &msg), -EINVAL);
	EXPECT_STREQ(msg, "indirection entry beyond the RX queues");
	EXPECT_EQ(rxs_rxfh_check(RXS_RSS_HASH_TOP, bad, 8, 5, nullptr), 0);
	EXPECT_EQ(rxs_rxfh_check(RXS_RSS_HASH_TOP, ok, 8, 0, &msg), -EINVAL);
}

TEST(RssEthtool, IndirFits)
{
	const u32 t[4] = { 0, 3, 1, 2 };
	EXPECT_TRUE(rxs_indir_fits(t, 4, 4));
	EXPECT_FALSE(rxs_indir_fits(t, 4, 3));
	EXPECT_TRUE(rxs_indir_fits(t, 1, 1));	// only entry 0 counted
	EXPECT_TRUE(rxs_indir_fits(nullptr, 4, 1));
	EXPECT_TRUE(rxs_indir_fits(t, 0, 0));
}

} // namespace
