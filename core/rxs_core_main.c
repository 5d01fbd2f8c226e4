// SPDX-License-Identifier: GPL-2.0
/*
 * rxscale_core: shared kernel-only helpers of the rxscale drivers
 * (include/rxscale/kcore.h). It has no state of its own: loading it
 * only makes the RXSCALE-namespace symbols available.
 */
#include <linux/module.h>
#include <rxscale/kcore.h>

/* rss_ethtool.h carries ethtool's values under its own names */
static_assert(RXS_TCP_V4_FLOW == TCP_V4_FLOW);
static_assert(RXS_UDP_V4_FLOW == UDP_V4_FLOW);
static_assert(RXS_SCTP_V4_FLOW == SCTP_V4_FLOW);
static_assert(RXS_AH_ESP_V4_FLOW == AH_ESP_V4_FLOW);
static_assert(RXS_TCP_V6_FLOW == TCP_V6_FLOW);
static_assert(RXS_UDP_V6_FLOW == UDP_V6_FLOW);
static_assert(RXS_SCTP_V6_FLOW == SCTP_V6_FLOW);
static_assert(RXS_AH_ESP_V6_FLOW == AH_ESP_V6_FLOW);
static_assert(RXS_AH_V4_FLOW == AH_V4_FLOW);
static_assert(RXS_ESP_V4_FLOW == ESP_V4_FLOW);
static_assert(RXS_AH_V6_FLOW == AH_V6_FLOW);
static_assert(RXS_ESP_V6_FLOW == ESP_V6_FLOW);
static_assert(RXS_IPV4_FLOW == IPV4_FLOW);
static_assert(RXS_IPV6_FLOW == IPV6_FLOW);
static_assert(RXS_FLOW_EXT == FLOW_EXT);
static_assert(RXS_FLOW_MAC_EXT == FLOW_MAC_EXT);
static_assert(RXS_FLOW_RSS == FLOW_RSS);
static_assert(RXS_RXH_L2DA == RXH_L2DA);
static_assert(RXS_RXH_VLAN == RXH_VLAN);
static_assert(RXS_RXH_L3_PROTO == RXH_L3_PROTO);
static_assert(RXS_RXH_IP_SRC == RXH_IP_SRC);
static_assert(RXS_RXH_IP_DST == RXH_IP_DST);
static_assert(RXS_RXH_L4_B_0_1 == RXH_L4_B_0_1);
static_assert(RXS_RXH_L4_B_2_3 == RXH_L4_B_2_3);
static_assert(RXS_RXH_DISCARD == (u32)RXH_DISCARD);
static_assert(RXS_RSS_HASH_NO_CHANGE == ETH_RSS_HASH_NO_CHANGE);
static_assert(RXS_RSS_HASH_TOP == ETH_RSS_HASH_TOP);
static_assert(RXS_STAT_NAME_LEN == ETH_GSTRING_LEN);

MODULE_DESCRIPTION("rxscale shared driver core");
MODULE_LICENSE("GPL");
