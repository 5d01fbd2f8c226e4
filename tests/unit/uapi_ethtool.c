// SPDX-License-Identifier: GPL-2.0
/*
 * ethtool's constants as the system's uapi header defines them
 * (<linux/ethtool.h>, compiled as C: the header is not C++-pedantic
 * clean), for rss_ethtool_test.cpp to compare with rss_ethtool.h.
 */
#include <linux/ethtool.h>

#include "uapi_ethtool.h"

const unsigned int rxs_uapi_flow[][2] = {
	{ 0x01, TCP_V4_FLOW }, { 0x02, UDP_V4_FLOW }, { 0x03, SCTP_V4_FLOW },
	{ 0x04, AH_ESP_V4_FLOW }, { 0x05, TCP_V6_FLOW }, { 0x06, UDP_V6_FLOW },
	{ 0x07, SCTP_V6_FLOW }, { 0x08, AH_ESP_V6_FLOW }, { 0x09, AH_V4_FLOW },
	{ 0x0a, ESP_V4_FLOW }, { 0x0b, AH_V6_FLOW }, { 0x0c, ESP_V6_FLOW },
	{ 0x10, IPV4_FLOW }, { 0x11, IPV6_FLOW },
};
const unsigned int rxs_uapi_n_flow = sizeof(rxs_uapi_flow) /
				     sizeof(rxs_uapi_flow[0]);

const unsigned int rxs_uapi_flow_ext = FLOW_EXT;
const unsigned int rxs_uapi_flow_mac_ext = FLOW_MAC_EXT;
const unsigned int rxs_uapi_flow_rss = FLOW_RSS;
const unsigned int rxs_uapi_rxh_l2da = RXH_L2DA;
const unsigned int rxs_uapi_rxh_vlan = RXH_VLAN;
const unsigned int rxs_uapi_rxh_l3_proto = RXH_L3_PROTO;
const unsigned int rxs_uapi_rxh_ip_src = RXH_IP_SRC;
const unsigned int rxs_uapi_rxh_ip_dst = RXH_IP_DST;
const unsigned int rxs_uapi_rxh_l4_b_0_1 = RXH_L4_B_0_1;
const unsigned int rxs_uapi_rxh_l4_b_2_3 = RXH_L4_B_2_3;
/* (1 << 31) in the header: an int overflow that -Wpedantic refuses */
#pragma GCC diagnostic ignored "-Wpedantic"
const unsigned int rxs_uapi_rxh_discard = RXH_DISCARD;
const unsigned int rxs_uapi_gstring_len = ETH_GSTRING_LEN;
