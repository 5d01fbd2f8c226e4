/* SPDX-License-Identifier: GPL-2.0 */
/* Values from the system's <linux/ethtool.h> (uapi_ethtool.c). */
#ifndef RXS_UNIT_UAPI_ETHTOOL_H
#define RXS_UNIT_UAPI_ETHTOOL_H

#ifdef __cplusplus
extern "C" {
#endif

/* { the rss_ethtool.h value this test expects, the uapi value } */
extern const unsigned int rxs_uapi_flow[][2];
extern const unsigned int rxs_uapi_n_flow;
extern const unsigned int rxs_uapi_flow_ext, rxs_uapi_flow_mac_ext,
	rxs_uapi_flow_rss, rxs_uapi_rxh_l2da, rxs_uapi_rxh_vlan,
	rxs_uapi_rxh_l3_proto, rxs_uapi_rxh_ip_src, rxs_uapi_rxh_ip_dst,
	rxs_uapi_rxh_l4_b_0_1, rxs_uapi_rxh_l4_b_2_3, rxs_uapi_rxh_discard,
	rxs_uapi_gstring_len;

#ifdef __cplusplus
}
#endif

#endif
