/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rxscale/toeplitz.h - the RSS Toeplitz hash (Microsoft RSS specification).
 *
 * Why: every rxscale NIC spreads received flows over RX queues by a
 * Toeplitz hash of the flow's addresses and ports, indexed into an
 * indirection table (see rss_indir.h). The drivers use it to check the
 * hash the hardware reports, and the unit tests check both versions
 * below against the published verification vectors. The QEMU device
 * models do not use it, on purpose: they carry their own hash
 * (tests/bench/models/rtl8127_toeplitz.h, tested on the same vectors by
 * tests/unit/rtl8127_toeplitz_test.cpp), so that a bench run compares
 * two independent implementations.
 *
 * Definition (Microsoft, "RSS hashing functions"): for each input bit,
 * from the most significant bit of input[0] to the least significant
 * bit of input[n - 1], XOR the left-most 32 bits of the key into the
 * result when the bit is 1, then shift the key left by one bit. An input
 * of n bytes therefore needs a key of at least n + 4 bytes.
 *
 * Two versions: rxs_toeplitz_ref() follows that definition bit by bit;
 * rxs_toeplitz_hash() uses per-byte tables built by rxs_toeplitz_init()
 * (struct rxs_toeplitz is 36 KiB: allocate it, do not put it on a
 * kernel stack).
 */
#ifndef RXSCALE_TOEPLITZ_H
#define RXSCALE_TOEPLITZ_H

#include "types.h"

#define RXS_TOEPLITZ_KEY_LEN	40	/* Microsoft key length, bytes */
#define RXS_TOEPLITZ_MAX_INPUT	36	/* IPv6 addresses + ports */

/* Hash input lengths (Microsoft RSS hash types). */
#define RXS_TOEPLITZ_V4_LEN	8	/* IPv4 src, dst */
#define RXS_TOEPLITZ_V4_L4_LEN	12	/* + src port, dst port */
#define RXS_TOEPLITZ_V6_LEN	32	/* IPv6 src, dst */
#define RXS_TOEPLITZ_V6_L4_LEN	36	/* + src port, dst port */

/*
 * The 40-byte key of Microsoft's "Verifying the RSS Hash Calculation"
 * page, also the default key of many NICs. A function keeps the array
 * out of translation units that do not use it.
 */
static inline const u8 *rxs_toeplitz_ms_key(void)
{
	static const u8 key[RXS_TOEPLITZ_KEY_LEN] = {
		0x6d, 0x5a, 0x56, 0xda, 0x25, 0x5b, 0x0e, 0xc2,
		0x41, 0x67, 0x25, 0x3d, 0x43, 0xa3, 0x8f, 0xb0,
		0xd0, 0xca, 0x2b, 0xcb, 0xae, 0x7b, 0x30, 0xb4,
		0x77, 0xcb, 0x2d, 0xa3, 0x80, 0x30, 0xf2, 0x0c,
		0x6a, 0x42, 0xb7, 0x3b, 0xbe, 0xac, 0x01, 0xfa,
	};

	return key;
}

/*
 * Reference version, bit by bit. @key_len must be >= @len + 4.
 * Returns 0 and stores the hash in *@hash, or -EINVAL.
 */
static inline int rxs_toeplitz_ref(const u8 *key, u32 key_len,
				   const u8 *in, u32 len, u32 *hash)
{
	u32 win, res = 0, i;
	int b;

	if (!key || !in || !hash || key_len < 4 || len > key_len - 4)
		return -EINVAL;
	win = rxs_get_be32(key);
	for (i = 0; i < len; i++) {
		for (b = 7; b >= 0; b--) {
			if ((in[i] >> b) & 1)
				res ^= win;
			win = (win << 1) | ((u32)(key[i + 4] >> b) & 1);
		}
	}
	*hash = res;
	return 0;
}

/* Table-driven version: tbl[pos][byte] is that byte's share of the hash. */
struct rxs_toeplitz {
	u32 max_len;	/* longest input this key allows, <= 36 */
	u32 tbl[RXS_TOEPLITZ_MAX_INPUT][256];
};

/* Fill one position's table from the 5 key bytes starting at @k. */
static inline void rxs_toeplitz_init_pos(u32 *row, const u8 *k)
{
	u64 w = ((u64)rxs_get_be32(k) << 8) | k[4];
	u32 bit, v;

	/* input bit of value 1 << bit is bit 7 - bit of the byte */
	row[0] = 0;
	for (bit = 0; bit < 8; bit++)
		row[1u << bit] = (u32)(w >> (bit + 1));
	for (v = 3; v < 256; v++) {
		if (v & (v - 1))
			row[v] = row[v & (v - 1)] ^ row[v & ~(v - 1)];
	}
}

/*
 * Precompute the tables for @key (@key_len >= 5 bytes). Inputs up to
 * min(@key_len - 4, 36) bytes can then be hashed. Returns 0 or -EINVAL.
 */
static inline int rxs_toeplitz_init(struct rxs_toeplitz *t, const u8 *key,
				    u32 key_len)
{
	u32 pos, lim;

	if (!t || !key || key_len < 5)
		return -EINVAL;
	lim = key_len - 4;
	if (lim > RXS_TOEPLITZ_MAX_INPUT)
		lim = RXS_TOEPLITZ_MAX_INPUT;
	for (pos = 0; pos < lim; pos++)
		rxs_toeplitz_init_pos(t->tbl[pos], key + pos);
	t->max_len = lim;
	return 0;
}

/* Hash @len bytes. Returns 0 and stores *@hash, or -EINVAL if too long. */
static inline int rxs_toeplitz_hash(const struct rxs_toeplitz *t,
				    const u8 *in, u32 len, u32 *hash)
{
	u32 res = 0, i;

	if (len > t->max_len)
		return -EINVAL;
	for (i = 0; i < len; i++)
		res ^= t->tbl[i][in[i]];
	*hash = res;
	return 0;
}

/*
 * Hash input builders, network byte order, Microsoft layout: source
 * address, destination address, then (if @l4) source port, destination
 * port. IPv4 addresses and all ports are given in host order
 * (66.9.149.187 is 0x420995bb); IPv6 addresses are 16 bytes as they
 * appear in the packet. @buf must hold 12 (IPv4) or 36 (IPv6) bytes.
 * Return the input length.
 */
static inline u32 rxs_toeplitz_input_v4(u8 *buf, u32 saddr, u32 daddr,
					u16 sport, u16 dport, bool l4)
{
	rxs_put_be32(buf, saddr);
	rxs_put_be32(buf + 4, daddr);
	if (!l4)
		return RXS_TOEPLITZ_V4_LEN;
	rxs_put_be16(buf + 8, sport);
	rxs_put_be16(buf + 10, dport);
	return RXS_TOEPLITZ_V4_L4_LEN;
}

static inline u32 rxs_toeplitz_input_v6(u8 *buf, const u8 *saddr,
					const u8 *daddr, u16 sport, u16 dport,
					bool l4)
{
	u32 i;

	for (i = 0; i < 16; i++) {
		buf[i] = saddr[i];
		buf[16 + i] = daddr[i];
	}
	if (!l4)
		return RXS_TOEPLITZ_V6_LEN;
	rxs_put_be16(buf + 32, sport);
	rxs_put_be16(buf + 34, dport);
	return RXS_TOEPLITZ_V6_L4_LEN;
}

#endif /* RXSCALE_TOEPLITZ_H */
