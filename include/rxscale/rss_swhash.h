/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rxscale/rss_swhash.h - the RSS hash input of a received frame, built in
 * software, for NICs that do not report the hash they computed.
 *
 * Why: the per-bucket counters (rss_buckets.h) need each frame's hash.
 * The MT7988 frame engine writes none into its RX descriptors, so its
 * driver hashes the frame itself (while a debugfs switch asks for it):
 * the Toeplitz hash (toeplitz.h) over the fields the hardware hashes,
 * with the device's key. Its low bits select the same table entry the
 * hardware used when it picked the ring; the driver checks that too.
 *
 * Which fields (the Microsoft RSS hash types, as RXS_HT_* in
 * rss_ethtool.h): IPv4 with TCP4/UDP4 enabled and an unfragmented
 * TCP (20-byte header present) or UDP (8 bytes) packet: source and
 * destination address, then source and destination port (12 bytes);
 * else, with IPV4 enabled, the two addresses (8 bytes); else nothing.
 * IPv6 the same over 16-byte addresses (36 or 32 bytes), the protocol
 * taken from the fixed header's next-header field (an extension header
 * gives the 2-tuple). Frames no enabled type covers, and malformed IP
 * headers, have no input (length 0): the hardware sends them to ring 0
 * and they are not counted. This is what the MT7988 model does
 * (tests/bench/models/mt7988_core.c, mt7988_rss_input()), written
 * separately.
 */
#ifndef RXSCALE_RSS_SWHASH_H
#define RXSCALE_RSS_SWHASH_H

#include "types.h"
#include "toeplitz.h"
#include "rss_ethtool.h"

#define RXS_ETH_P_IP		0x0800
#define RXS_ETH_P_IPV6		0x86dd
#define RXS_IPPROTO_TCP		6
#define RXS_IPPROTO_UDP		17

/* Hash the ports: TCP (UDP) with its type on, its 20 (8) byte header in @have */
static inline bool rxs_swhash_ports(u8 proto, u32 have, bool tcp, bool udp)
{
	return (proto == RXS_IPPROTO_TCP && tcp && have >= 20) ||
	       (proto == RXS_IPPROTO_UDP && udp && have >= 8);
}

/*
 * The hash input of a frame: @l3 points at its IP header (after the
 * Ethernet header and any VLAN tag), @len bytes of it readable,
 * @ethertype in host order, @types the RXS_HT_* the device hashes with.
 * Writes up to RXS_TOEPLITZ_MAX_INPUT bytes to @in; returns their
 * number, 0 when the frame is not hashed.
 */
static inline u32 rxs_swhash_input(const u8 *l3, u32 len, u16 ethertype,
				   u32 types, u8 *in)
{
	u32 aoff, alen, l4, i;
	bool ports = false, ip;

	if (ethertype == RXS_ETH_P_IP) {
		u32 ihl;

		if (len < 20 || (l3[0] >> 4) != 4)
			return 0;
		ihl = (l3[0] & 0xf) * 4u;
		if (ihl < 20 || len < ihl)
			return 0;
		/* MF or an offset: a fragment, no ports to use */
		if (!(((l3[6] << 8) | l3[7]) & 0x3fff))
			ports = rxs_swhash_ports(l3[9], len - ihl,
						 types & RXS_HT_TCP4,
						 types & RXS_HT_UDP4);
		ip = types & RXS_HT_IPV4;
		aoff = 12;
		alen = 4;
		l4 = ihl;
	} else if (ethertype == RXS_ETH_P_IPV6) {
		if (len < 40)
			return 0;
		ports = rxs_swhash_ports(l3[6], len - 40, types & RXS_HT_TCP6,
					 types & RXS_HT_UDP6);
		ip = types & RXS_HT_IPV6;
		aoff = 8;
		alen = 16;
		l4 = 40;
	} else {
		return 0;
	}
	if (!ports && !ip)
		return 0;
	for (i = 0; i < 2 * alen; i++)
		in[i] = l3[aoff + i];
	if (!ports)
		return 2 * alen;
	for (i = 0; i < 4; i++)
		in[2 * alen + i] = l3[l4 + i];
	return 2 * alen + 4;
}

/*
 * The Toeplitz hash of a frame as above with the tables @t of the
 * device's key. Returns true and stores *@hash, false if not hashed.
 */
static inline bool rxs_swhash_frame(const struct rxs_toeplitz *t,
				    const u8 *l3, u32 len, u16 ethertype,
				    u32 types, u32 *hash)
{
	u8 in[RXS_TOEPLITZ_MAX_INPUT];
	u32 n = rxs_swhash_input(l3, len, ethertype, types, in);

	return n && !rxs_toeplitz_hash(t, in, n, hash);
}

#endif /* RXSCALE_RSS_SWHASH_H */
