/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rxscale/rss_ethtool.h - ethtool's RSS words in device-neutral form.
 *
 * Why: ethtool -n/-N rx-flow-hash speaks in flow types and RXH_* field
 * bits; RSS hardware (Microsoft's RSS model, which the RTL8127, MT7988
 * and most NICs follow) enables hash types: IPv4 2-tuple, TCP/IPv4
 * 4-tuple, UDP/IPv4 4-tuple, and the same for IPv6. The translation is
 * the same for every driver, so it lives here once:
 *
 *   TCP/UDP flow of family F: IP_SRC|IP_DST|L4_B_0_1|L4_B_2_3 if the
 *     4-tuple type is on; IP_SRC|IP_DST if only the 2-tuple type of F
 *     is on (the 4-tuple type implies address hashing); 0 otherwise;
 *   SCTP, AH, ESP, AH_ESP and IPV4/IPV6 flows: IP_SRC|IP_DST if the
 *     2-tuple type of F (or any 4-tuple type of F) is on, else 0.
 *
 * The constants carry ethtool's values (include/uapi/linux/ethtool.h)
 * under rxs_ names so that C++ tests need no kernel headers; the unit
 * tests compare them with the uapi header and kcore.h checks them at
 * compile time in the kernel.
 */
#ifndef RXSCALE_RSS_ETHTOOL_H
#define RXSCALE_RSS_ETHTOOL_H

#include "types.h"

/* flow types (ethtool_rxnfc.flow_type) */
#define RXS_TCP_V4_FLOW		0x01
#define RXS_UDP_V4_FLOW		0x02
#define RXS_SCTP_V4_FLOW	0x03
#define RXS_AH_ESP_V4_FLOW	0x04
#define RXS_TCP_V6_FLOW		0x05
#define RXS_UDP_V6_FLOW		0x06
#define RXS_SCTP_V6_FLOW	0x07
#define RXS_AH_ESP_V6_FLOW	0x08
#define RXS_AH_V4_FLOW		0x09
#define RXS_ESP_V4_FLOW		0x0a
#define RXS_AH_V6_FLOW		0x0b
#define RXS_ESP_V6_FLOW		0x0c
#define RXS_IPV4_FLOW		0x10
#define RXS_IPV6_FLOW		0x11
#define RXS_FLOW_EXT		0x80000000u
#define RXS_FLOW_MAC_EXT	0x40000000u
#define RXS_FLOW_RSS		0x20000000u

/* hashed fields (ethtool_rxnfc.data) */
#define RXS_RXH_L2DA		BIT(1)
#define RXS_RXH_VLAN		BIT(2)
#define RXS_RXH_L3_PROTO	BIT(3)
#define RXS_RXH_IP_SRC		BIT(4)
#define RXS_RXH_IP_DST		BIT(5)
#define RXS_RXH_L4_B_0_1	BIT(6)
#define RXS_RXH_L4_B_2_3	BIT(7)
#define RXS_RXH_DISCARD		BIT(31)
#define RXS_RXH_IP		(RXS_RXH_IP_SRC | RXS_RXH_IP_DST)
#define RXS_RXH_L4		(RXS_RXH_L4_B_0_1 | RXS_RXH_L4_B_2_3)

/* hash functions (ethtool_rxfh_param.hfunc) */
#define RXS_RSS_HASH_NO_CHANGE	0
#define RXS_RSS_HASH_TOP	BIT(0)	/* Toeplitz */

/* device-neutral hash types */
#define RXS_HT_IPV4		BIT(0)	/* IPv4 addresses */
#define RXS_HT_TCP4		BIT(1)	/* TCP/IPv4 4-tuple */
#define RXS_HT_UDP4		BIT(2)	/* UDP/IPv4 4-tuple */
#define RXS_HT_IPV6		BIT(3)
#define RXS_HT_TCP6		BIT(4)
#define RXS_HT_UDP6		BIT(5)
#define RXS_HT_ALL		0x3fu

/* the flow type without the FLOW_EXT/MAC_EXT/RSS flags */
static inline u32 rxs_flow_base(u32 flow_type)
{
	return flow_type & ~(RXS_FLOW_EXT | RXS_FLOW_MAC_EXT | RXS_FLOW_RSS);
}

/*
 * The hash types behind @flow_type: *ip the 2-tuple type of its family,
 * *l4 its 4-tuple type (0 for a flow type without ports).
 * -EINVAL for a flow type RSS does not know.
 */
static inline int rxs_flow_hash_types(u32 flow_type, u32 *ip, u32 *l4)
{
	switch (rxs_flow_base(flow_type)) {
	case RXS_TCP_V4_FLOW:
		*ip = RXS_HT_IPV4;
		*l4 = RXS_HT_TCP4;
		return 0;
	case RXS_UDP_V4_FLOW:
		*ip = RXS_HT_IPV4;
		*l4 = RXS_HT_UDP4;
		return 0;
	case RXS_TCP_V6_FLOW:
		*ip = RXS_HT_IPV6;
		*l4 = RXS_HT_TCP6;
		return 0;
	case RXS_UDP_V6_FLOW:
		*ip = RXS_HT_IPV6;
		*l4 = RXS_HT_UDP6;
		return 0;
	case RXS_SCTP_V4_FLOW:
	case RXS_AH_ESP_V4_FLOW:
	case RXS_AH_V4_FLOW:
	case RXS_ESP_V4_FLOW:
	case RXS_IPV4_FLOW:
		*ip = RXS_HT_IPV4;
		*l4 = 0;
		return 0;
	case RXS_SCTP_V6_FLOW:
	case RXS_AH_ESP_V6_FLOW:
	case RXS_AH_V6_FLOW:
	case RXS_ESP_V6_FLOW:
	case RXS_IPV6_FLOW:
		*ip = RXS_HT_IPV6;
		*l4 = 0;
		return 0;
	default:
		return -EINVAL;
	}
}

/* All 4-tuple types of the family of 2-tuple type @ip. */
static inline u32 rxs_ht_family_l4(u32 ip)
{
	return ip == RXS_HT_IPV4 ? RXS_HT_TCP4 | RXS_HT_UDP4 :
				   RXS_HT_TCP6 | RXS_HT_UDP6;
}

/*
 * RXH_* fields hashed for @flow_type when the hash types @set are on
 * (get_rxfh_fields / ETHTOOL_GRXFH). -EINVAL for an unknown flow type,
 * with *@data 0.
 */
static inline int rxs_rxh_get(u32 set, u32 flow_type, u64 *data)
{
	u32 ip, l4;

	*data = 0;
	if (rxs_flow_hash_types(flow_type, &ip, &l4))
		return -EINVAL;
	if (l4 && (set & l4))
		*data = RXS_RXH_IP | RXS_RXH_L4;
	else if (set & (ip | rxs_ht_family_l4(ip)))
		*data = RXS_RXH_IP;
	return 0;
}

/*
 * Apply an ethtool -N rx-flow-hash request (set_rxfh_fields /
 * ETHTOOL_SRXFH) to the hash-type set *@set, of which the device lets
 * @changeable types change. Accepted: IP_SRC|IP_DST with or without
 * both L4 halves for TCP/UDP flows, IP_SRC|IP_DST for the others, and
 * for any flow what it already hashes. *@set is written only on
 * success; *@msg (if @msg) gets the reason of a refusal.
 * -EOPNOTSUPP: unknown flow type; -EINVAL: fields the model cannot
 * express, or a type that is not changeable.
 */
static inline int rxs_rxh_set(u32 *set, u32 changeable, u32 flow_type,
			      u64 data, const char **msg)
{
	const char *why;
	u32 ip, l4, want;
	u64 now;

	if (rxs_flow_hash_types(flow_type, &ip, &l4)) {
		if (msg)
			*msg = "flow type without RSS hashing";
		return -EOPNOTSUPP;
	}
	rxs_rxh_get(*set, flow_type, &now);
	if (data == now)
		return 0;
	want = *set;
	if (data == (RXS_RXH_IP | RXS_RXH_L4) && l4) {
		want |= l4;
	} else if (data == RXS_RXH_IP) {
		want |= ip;
		want &= ~l4;
	} else {
		why = l4 ? "hash fields must be sd or sdfn" :
			   "hash fields must be sd";
		goto bad;
	}
	if ((want ^ *set) & ~changeable) {
		why = "the hash fields of this flow type are fixed";
		goto bad;
	}
	*set = want;
	return 0;
bad:
	if (msg)
		*msg = why;
	return -EINVAL;
}

/*
 * Check a set_rxfh request before anything changes: hash function
 * (only Toeplitz, or no change) and the indirection table entries
 * (below @n_rx; @indir may be NULL, then only the function is checked).
 * -EOPNOTSUPP for another hash function, -EINVAL for a bad entry or
 * @n_rx 0; *@msg (if @msg) gets the reason.
 */
static inline int rxs_rxfh_check(u32 hfunc, const u32 *indir, u32 size,
				 u32 n_rx, const char **msg)
{
	u32 i;

	if (hfunc != RXS_RSS_HASH_NO_CHANGE && hfunc != RXS_RSS_HASH_TOP) {
		if (msg)
			*msg = "only the Toeplitz hash is supported";
		return -EOPNOTSUPP;
	}
	if (!indir)
		return 0;
	if (!n_rx) {
		if (msg)
			*msg = "no RX queue to spread over";
		return -EINVAL;
	}
	for (i = 0; i < size; i++) {
		if (indir[i] >= n_rx) {
			if (msg)
				*msg = "indirection entry beyond the RX queues";
			return -EINVAL;
		}
	}
	return 0;
}

/*
 * Whether the table @indir still fits after a change to @n_rx queues
 * (a configured table must not point at a queue that goes away).
 * @size 0 or a NULL table fit.
 */
static inline bool rxs_indir_fits(const u32 *indir, u32 size, u32 n_rx)
{
	u32 i;

	for (i = 0; indir && i < size; i++)
		if (indir[i] >= n_rx)
			return false;
	return true;
}

#endif /* RXSCALE_RSS_ETHTOOL_H */
