// SPDX-License-Identifier: GPL-2.0
// The MT7988 QEMU model's own RSS hash (tests/bench/models/mt7988_rss.c,
// compiled alone as C on the host) on Microsoft's published RSS
// verification vectors ("Verifying the RSS Hash Calculation",
// learn.microsoft.com windows-hardware/drivers/network): IPv4 and IPv6,
// with and without ports, through the model's whole path: key registers
// -> key, frame -> hash input, Toeplitz, indirection table -> ring.
// Nothing from include/rxscale (the drivers' hash) is used here.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>

extern "C" {
#include <stdbool.h>
#include "mt7988_rss.h"
}

#include "vectors.h"

static_assert(sizeof(kMsKey) == MT7988_RSS_KEY_SIZE, "the model's key length");

namespace {

// The key registers as MediaTek's SDK programs its default key: the
// Microsoft key reversed byte by byte, written as little-endian words
// (docs/hw/mt7988.md, RSS block).
void SdkKeyRegs(uint32_t dw[MT7988_RSS_KEY_WORDS])
{
	uint8_t rev[MT7988_RSS_KEY_SIZE];

	for (int i = 0; i < MT7988_RSS_KEY_SIZE; i++)
		rev[i] = kMsKey[MT7988_RSS_KEY_SIZE - 1 - i];
	for (int i = 0; i < MT7988_RSS_KEY_WORDS; i++)
		dw[i] = uint32_t(rev[4 * i]) | uint32_t(rev[4 * i + 1]) << 8 |
			uint32_t(rev[4 * i + 2]) << 16 |
			uint32_t(rev[4 * i + 3]) << 24;
}

// An Ethernet frame with an IPv4 or IPv6 header and a TCP header.
template <size_t N>
std::vector<uint8_t> Frame(const uint8_t (&src)[N], const uint8_t (&dst)[N],
			   uint16_t sport, uint16_t dport)
{
	const bool v6 = N == 16;
	std::vector<uint8_t> f(14 + (v6 ? 40 : 20) + 20, 0);
	const size_t l3 = 14, l4 = l3 + (v6 ? 40 : 20);

	f[12] = v6 ? 0x86 : 0x08;
	f[13] = v6 ? 0xdd : 0x00;
	if (v6) {
		f[l3] = 0x60;
		f[l3 + 6] = 6;
		std::memcpy(&f[l3 + 8], src, 16);
		std::memcpy(&f[l3 + 24], dst, 16);
	} else {
		f[l3] = 0x45;
		f[l3 + 9] = 6;
		std::memcpy(&f[l3 + 12], src, 4);
		std::memcpy(&f[l3 + 16], dst, 4);
	}
	f[l4] = sport >> 8;
	f[l4 + 1] = sport & 0xff;
	f[l4 + 2] = dport >> 8;
	f[l4 + 3] = dport & 0xff;
	return f;
}

// The hash of a vector's frame with the SDK's key registers; ports
// enabled (TCP type on) or not (IP type only).
template <typename V>
uint32_t ModelHash(const V &v, bool ports)
{
	const bool v6 = sizeof(v.src) == 16;
	// RSS_GLO_CFG: IPv6 field 10:8, IPv4 field 14:12; bit 0 TCP, 2 IP
	const uint32_t glo = ports ? (1u << 8 | 1u << 12) : (4u << 8 | 4u << 12);
	uint32_t dw[MT7988_RSS_KEY_WORDS];
	uint8_t key[MT7988_RSS_KEY_SIZE], in[MT7988_RSS_INPUT_MAX];
	MT7988RssTypes t;

	SdkKeyRegs(dw);
	mt7988_rss_key_from_regs(dw, key);
	mt7988_rss_types(glo, &t);
	const auto f = Frame(v.src, v.dst, v.sport, v.dport);
	const size_t len = mt7988_rss_input(&t, f.data(), 14,
					    14 + (v6 ? 40 : 20), v6, 6, in);
	EXPECT_EQ(len, (v6 ? 32u : 8u) + (ports ? 4u : 0u));
	return mt7988_toeplitz(key, in, len);
}

TEST(Mt7988ModelToeplitz, KeyRegistersHoldTheKeyReversed)
{
	uint32_t dw[MT7988_RSS_KEY_WORDS];
	uint8_t key[MT7988_RSS_KEY_SIZE];

	SdkKeyRegs(dw);
	EXPECT_EQ(dw[9], 0x6d5a56dau);
	mt7988_rss_key_from_regs(dw, key);
	EXPECT_EQ(std::memcmp(key, kMsKey, sizeof(key)), 0);
}

TEST(Mt7988ModelToeplitz, Ipv4)
{
	for (const auto &v : kV4Vectors)
		EXPECT_EQ(ModelHash(v, false), v.hash_ip)
			<< "IPv4 " << int(v.src[0]) << "." << int(v.src[1]);
}

TEST(Mt7988ModelToeplitz, Ipv4Tcp)
{
	for (const auto &v : kV4Vectors)
		EXPECT_EQ(ModelHash(v, true), v.hash_l4)
			<< "IPv4 " << int(v.src[0]) << "." << int(v.src[1]);
}

TEST(Mt7988ModelToeplitz, Ipv6)
{
	for (const auto &v : kV6Vectors)
		EXPECT_EQ(ModelHash(v, false), v.hash_ip)
			<< "IPv6 sport " << v.sport;
}

TEST(Mt7988ModelToeplitz, Ipv6Tcp)
{
	for (const auto &v : kV6Vectors)
		EXPECT_EQ(ModelHash(v, true), v.hash_l4)
			<< "IPv6 sport " << v.sport;
}

// A type that is not enabled gives no hash input (the frame goes to ring 0).
TEST(Mt7988ModelToeplitz, DisabledTypeHasNoInput)
{
	const auto &v = kV4Vectors[0];
	const auto f = Frame(v.src, v.dst, v.sport, v.dport);
	uint8_t in[MT7988_RSS_INPUT_MAX];
	MT7988RssTypes t;

	mt7988_rss_types(1u << 8, &t);		// IPv6 TCP only
	EXPECT_EQ(mt7988_rss_input(&t, f.data(), 14, 34, false, 6, in), 0u);
}

// Indirection: entry i is bits 2*(i%16)+1:2*(i%16) of word i/16.
TEST(Mt7988ModelToeplitz, Indirection)
{
	uint32_t dw[MT7988_RSS_INDIR_WORDS] = {};

	for (unsigned i = 0; i < MT7988_RSS_INDIR_SIZE; i++)
		dw[i / 16] |= ((i * 7 + 1) % 4) << (2 * (i % 16));
	for (unsigned i = 0; i < MT7988_RSS_INDIR_SIZE; i++)
		EXPECT_EQ(mt7988_rss_indir(dw, i), (i * 7 + 1) % 4) << i;
}

// Negative control: one flipped key bit must change the first row's hash.
TEST(Mt7988ModelToeplitz, KeyMatters)
{
	uint8_t key[MT7988_RSS_KEY_SIZE], in[12];
	const auto &v = kV4Vectors[0];

	std::memcpy(key, kMsKey, sizeof(key));
	key[5] ^= 0x10;
	std::memcpy(in, v.src, 4);
	std::memcpy(in + 4, v.dst, 4);
	in[8] = v.sport >> 8;
	in[9] = v.sport & 0xff;
	in[10] = v.dport >> 8;
	in[11] = v.dport & 0xff;
	EXPECT_NE(mt7988_toeplitz(key, in, sizeof(in)), v.hash_l4);
}

} // namespace
