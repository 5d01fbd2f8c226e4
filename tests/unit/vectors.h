// SPDX-License-Identifier: GPL-2.0
// Microsoft's published RSS verification vectors ("Verifying the RSS Hash
// Calculation", learn.microsoft.com windows-hardware/drivers/network; the
// same table is in the Intel 82599 datasheet, 7.1.2.8.3), with the 40-byte
// key they are published for. Published data only: the driver's tests take
// the key from include/rxscale (rxs_toeplitz_ms_key()) and check it equals
// this one; the models' tests use it directly. Sources in docs/include.md.
#ifndef RXS_UNIT_VECTORS_H
#define RXS_UNIT_VECTORS_H

#include <cstdint>

// Microsoft's 40-byte verification key, as published.
static const uint8_t kMsKey[40] = {
	0x6d, 0x5a, 0x56, 0xda, 0x25, 0x5b, 0x0e, 0xc2,
	0x41, 0x67, 0x25, 0x3d, 0x43, 0xa3, 0x8f, 0xb0,
	0xd0, 0xca, 0x2b, 0xcb, 0xae, 0x7b, 0x30, 0xb4,
	0x77, 0xcb, 0x2d, 0xa3, 0x80, 0x30, 0xf2, 0x0c,
	0x6a, 0x42, 0xb7, 0x3b, 0xbe, 0xac, 0x01, 0xfa,
};

struct RxsV4Vector {
	uint8_t src[4], dst[4];
	uint16_t sport, dport;
	uint32_t hash_ip, hash_l4;
};

struct RxsV6Vector {
	uint8_t src[16], dst[16];
	uint16_t sport, dport;
	uint32_t hash_ip, hash_l4;
};

// IPv4: 5 rows.
static const RxsV4Vector kV4Vectors[] = {
	{ { 66, 9, 149, 187 }, { 161, 142, 100, 80 }, 2794, 1766,
	  0x323e8fc2, 0x51ccc178 },
	{ { 199, 92, 111, 2 }, { 65, 69, 140, 83 }, 14230, 4739,
	  0xd718262a, 0xc626b0ea },
	{ { 24, 19, 198, 95 }, { 12, 22, 207, 184 }, 12898, 38024,
	  0xd2d0a5de, 0x5c2b394a },
	{ { 38, 27, 205, 30 }, { 209, 142, 163, 6 }, 48228, 2217,
	  0x82989176, 0xafc7327f },
	{ { 153, 39, 163, 191 }, { 202, 188, 127, 2 }, 44251, 1303,
	  0x5d1809c5, 0x10e828a2 },
};

// IPv6: the published table has 3 rows.
static const RxsV6Vector kV6Vectors[] = {
	// 3ffe:2501:200:1fff::7 -> 3ffe:2501:200:3::1
	{ { 0x3f, 0xfe, 0x25, 0x01, 0x02, 0x00, 0x1f, 0xff,
	    0, 0, 0, 0, 0, 0, 0, 0x07 },
	  { 0x3f, 0xfe, 0x25, 0x01, 0x02, 0x00, 0x00, 0x03,
	    0, 0, 0, 0, 0, 0, 0, 0x01 },
	  2794, 1766, 0x2cc18cd5, 0x40207d3d },
	// 3ffe:501:8::260:97ff:fe40:efab -> ff02::1
	{ { 0x3f, 0xfe, 0x05, 0x01, 0x00, 0x08, 0x00, 0x00,
	    0x02, 0x60, 0x97, 0xff, 0xfe, 0x40, 0xef, 0xab },
	  { 0xff, 0x02, 0, 0, 0, 0, 0, 0,
	    0, 0, 0, 0, 0, 0, 0, 0x01 },
	  14230, 4739, 0x0f0c461c, 0xdde51bbf },
	// 3ffe:1900:4545:3:200:f8ff:fe21:67cf -> fe80::200:f8ff:fe21:67cf
	{ { 0x3f, 0xfe, 0x19, 0x00, 0x45, 0x45, 0x00, 0x03,
	    0x02, 0x00, 0xf8, 0xff, 0xfe, 0x21, 0x67, 0xcf },
	  { 0xfe, 0x80, 0, 0, 0, 0, 0, 0,
	    0x02, 0x00, 0xf8, 0xff, 0xfe, 0x21, 0x67, 0xcf },
	  44251, 38024, 0x4b61e985, 0x02d1feef },
};

static inline uint32_t RxsV4Addr(const uint8_t a[4])
{
	return (uint32_t)a[0] << 24 | (uint32_t)a[1] << 16 |
	       (uint32_t)a[2] << 8 | a[3];
}

#endif
