// SPDX-License-Identifier: GPL-2.0
// include/rxscale/rss_swhash.h: the hash input the mt7988_eth driver
// builds in software for its rss_buckets counters, checked (1) through
// rxs_swhash_frame() against Microsoft's published RSS verification
// vectors (vectors.h) in whole IP packets, (2) against the MT7988 QEMU
// model's own input builder (tests/bench/models/mt7988_rss.c, compiled
// alone as C: the bench's "hardware") on random packets, where the
// header offsets and whether the ports are hashable come from how this
// test built each packet, not from a parser.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

extern "C" {
#include <stdbool.h>
#include "mt7988_rss.h"
#include "rxscale/rss_swhash.h"
}

#include "vectors.h"

namespace {

enum { kTcp = 6, kUdp = 17, kIcmp = 1 };

struct Pkt {
	std::vector<uint8_t> b;	// from the IP header on
	uint16_t type;		// ethertype
	bool v6;
	uint8_t proto;
	size_t l4;		// offset of the L4 header, 0: none usable
};

// An IP packet from @src to @dst (4 or 16 bytes) of @proto with ports.
Pkt Make(const uint8_t *src, const uint8_t *dst, bool v6, uint8_t proto,
	 uint16_t sport, uint16_t dport, uint16_t frag = 0, uint8_t ihl = 5)
{
	Pkt p{};
	const size_t l3len = v6 ? 40 : ihl * 4u;
	const size_t l4len = proto == kTcp ? 20 : 8;

	p.v6 = v6;
	p.proto = proto;
	p.type = v6 ? 0x86dd : 0x0800;
	p.b.assign(l3len + l4len, 0);
	if (v6) {
		p.b[0] = 0x60;
		p.b[6] = proto;
		std::memcpy(&p.b[8], src, 16);
		std::memcpy(&p.b[24], dst, 16);
	} else {
		p.b[0] = uint8_t(0x40 | ihl);
		p.b[6] = uint8_t(frag >> 8);
		p.b[7] = uint8_t(frag);
		p.b[9] = proto;
		std::memcpy(&p.b[12], src, 4);
		std::memcpy(&p.b[16], dst, 4);
	}
	p.b[l3len] = uint8_t(sport >> 8);
	p.b[l3len + 1] = uint8_t(sport);
	p.b[l3len + 2] = uint8_t(dport >> 8);
	p.b[l3len + 3] = uint8_t(dport);
	p.l4 = (proto == kTcp || proto == kUdp) && !(frag & 0x3fff) ? l3len : 0;
	return p;
}

struct Tables {
	rxs_toeplitz t;
	Tables() { EXPECT_EQ(0, rxs_toeplitz_init(&t, kMsKey, sizeof(kMsKey))); }
};

uint32_t Hash(const Tables &k, const Pkt &p, uint32_t types, bool *ok)
{
	uint32_t h = 0;

	*ok = rxs_swhash_frame(&k.t, p.b.data(), uint32_t(p.b.size()), p.type,
			       types, &h);
	return h;
}

} // namespace

TEST(RssSwhash, PublishedVectorsIpv4)
{
	static Tables k;
	bool ok;

	for (const auto &v : kV4Vectors) {
		for (uint8_t proto : { uint8_t(kTcp), uint8_t(kUdp) }) {
			Pkt p = Make(v.src, v.dst, false, proto, v.sport, v.dport);

			EXPECT_EQ(v.hash_l4, Hash(k, p, RXS_HT_ALL, &ok));
			EXPECT_TRUE(ok);
			// its L4 type off: the addresses
			uint32_t off = proto == kTcp ? RXS_HT_TCP4 : RXS_HT_UDP4;
			EXPECT_EQ(v.hash_ip, Hash(k, p, RXS_HT_ALL & ~off, &ok));
			EXPECT_TRUE(ok);
			// a fragment (MF; an offset): the addresses
			for (uint16_t frag : { uint16_t(0x2000), uint16_t(0x0010) }) {
				Pkt f = Make(v.src, v.dst, false, proto, v.sport,
					     v.dport, frag);
				EXPECT_EQ(v.hash_ip, Hash(k, f, RXS_HT_ALL, &ok));
				EXPECT_TRUE(ok);
			}
			// DF alone is no fragment
			Pkt df = Make(v.src, v.dst, false, proto, v.sport, v.dport,
				      0x4000);
			EXPECT_EQ(v.hash_l4, Hash(k, df, RXS_HT_ALL, &ok));
			// IP options: the ports after them
			Pkt opt = Make(v.src, v.dst, false, proto, v.sport,
				       v.dport, 0, 7);
			EXPECT_EQ(v.hash_l4, Hash(k, opt, RXS_HT_ALL, &ok));
			// only IPv6 types: not hashed
			Hash(k, p, RXS_HT_IPV6 | RXS_HT_TCP6 | RXS_HT_UDP6, &ok);
			EXPECT_FALSE(ok);
		}
		Pkt icmp = Make(v.src, v.dst, false, kIcmp, 0, 0);
		EXPECT_EQ(v.hash_ip, Hash(k, icmp, RXS_HT_ALL, &ok));
		EXPECT_TRUE(ok);
		Hash(k, icmp, RXS_HT_TCP4 | RXS_HT_UDP4, &ok);
		EXPECT_FALSE(ok);
	}
}

TEST(RssSwhash, PublishedVectorsIpv6)
{
	static Tables k;
	bool ok;

	for (const auto &v : kV6Vectors) {
		Pkt p = Make(v.src, v.dst, true, kTcp, v.sport, v.dport);

		EXPECT_EQ(v.hash_l4, Hash(k, p, RXS_HT_ALL, &ok));
		EXPECT_TRUE(ok);
		EXPECT_EQ(v.hash_ip, Hash(k, p, RXS_HT_IPV6 | RXS_HT_UDP6, &ok));
		Pkt u = Make(v.src, v.dst, true, kUdp, v.sport, v.dport);
		EXPECT_EQ(v.hash_l4, Hash(k, u, RXS_HT_ALL, &ok));
		// an extension header (hop-by-hop, 0) first: the addresses
		Pkt e = Make(v.src, v.dst, true, 0, v.sport, v.dport);
		EXPECT_EQ(v.hash_ip, Hash(k, e, RXS_HT_ALL, &ok));
		Hash(k, p, RXS_HT_IPV4 | RXS_HT_TCP4 | RXS_HT_UDP4, &ok);
		EXPECT_FALSE(ok);
	}
}

TEST(RssSwhash, NotHashed)
{
	const uint8_t a[4] = { 10, 0, 0, 1 }, b[4] = { 10, 0, 0, 2 };
	Pkt p = Make(a, b, false, kTcp, 1, 2);
	uint8_t in[RXS_TOEPLITZ_MAX_INPUT];

	EXPECT_EQ(12u, rxs_swhash_input(p.b.data(), uint32_t(p.b.size()),
					0x0800, RXS_HT_ALL, in));
	EXPECT_EQ(0u, rxs_swhash_input(p.b.data(), uint32_t(p.b.size()),
				       0x0806, RXS_HT_ALL, in));	// ARP
	EXPECT_EQ(0u, rxs_swhash_input(p.b.data(), uint32_t(p.b.size()),
				       0x0800, 0, in));		// RSS off
	EXPECT_EQ(0u, rxs_swhash_input(p.b.data(), 19, 0x0800, RXS_HT_ALL,
				       in));	// shorter than an IPv4 header
	// TCP header cut short: the addresses
	EXPECT_EQ(8u, rxs_swhash_input(p.b.data(), 39, 0x0800, RXS_HT_ALL, in));
	p.b[0] = 0x44;	// IHL 4
	EXPECT_EQ(0u, rxs_swhash_input(p.b.data(), uint32_t(p.b.size()),
				       0x0800, RXS_HT_ALL, in));
	p.b[0] = 0x65;	// version 6 in an IPv4 ethertype
	EXPECT_EQ(0u, rxs_swhash_input(p.b.data(), uint32_t(p.b.size()),
				       0x0800, RXS_HT_ALL, in));
}

// Random packets: the input (bytes and length) equals the model's.
TEST(RssSwhash, SameInputAsTheModel)
{
	std::mt19937 rng(7988);
	uint8_t mine[RXS_TOEPLITZ_MAX_INPUT], model[MT7988_RSS_INPUT_MAX];
	size_t hashed = 0, ports = 0;

	for (int n = 0; n < 20000; n++) {
		uint8_t src[16], dst[16];
		const bool v6 = rng() & 1;
		const uint8_t protos[] = { kTcp, kUdp, kIcmp, 0, 47 };
		const uint8_t proto = protos[rng() % 5];
		const uint16_t frag = (rng() % 4 == 0) ? uint16_t(rng()) : 0;
		const uint8_t ihl = v6 ? 5 : uint8_t(5 + rng() % 3);
		const uint32_t types = rng() & RXS_HT_ALL;

		for (auto &x : src)
			x = uint8_t(rng());
		for (auto &x : dst)
			x = uint8_t(rng());
		Pkt p = Make(src, dst, v6, proto, uint16_t(rng()),
			     uint16_t(rng()), v6 ? 0 : frag, ihl);
		// sometimes cut short, into or before the L4 header
		if (rng() % 4 == 0) {
			size_t cut = (v6 ? 40 : ihl * 4u) + rng() % 8;

			p.b.resize(std::min(cut, p.b.size()));
			if (p.l4 && p.b.size() < p.l4 + (proto == kTcp ? 20 : 8))
				p.l4 = 0;
		}
		// the model: the frame with an Ethernet header before it
		std::vector<uint8_t> f(14, 0);
		f.insert(f.end(), p.b.begin(), p.b.end());
		MT7988RssTypes t;

		t.v4_tcp = types & RXS_HT_TCP4;
		t.v4_udp = types & RXS_HT_UDP4;
		t.v4_ip = types & RXS_HT_IPV4;
		t.v6_tcp = types & RXS_HT_TCP6;
		t.v6_udp = types & RXS_HT_UDP6;
		t.v6_ip = types & RXS_HT_IPV6;
		size_t want = mt7988_rss_input(&t, f.data(), 14,
					       p.l4 ? 14 + p.l4 : 0, v6, proto,
					       model);
		uint32_t got = rxs_swhash_input(p.b.data(), uint32_t(p.b.size()),
						p.type, types, mine);

		ASSERT_EQ(want, got) << "packet " << n;
		ASSERT_EQ(0, std::memcmp(mine, model, got)) << "packet " << n;
		hashed += got != 0;
		ports += got == 12 || got == 36;
	}
	// the random cases reach every branch
	EXPECT_GT(hashed, 5000u);
	EXPECT_GT(ports, 2000u);
}
