// SPDX-License-Identifier: GPL-2.0
// The RTL8127 QEMU model's own Toeplitz hash
// (tests/bench/models/rtl8127_toeplitz.h, compiled alone as C on the host
// by model_host/rtl8127_toeplitz_host.c) on
// Microsoft's published RSS verification vectors ("Verifying the RSS Hash
// Calculation", learn.microsoft.com windows-hardware/drivers/network):
// IPv4 and IPv6, with and without ports. The model must stay independent
// of the drivers: nothing from include/rxscale is used here.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>

// the model's key length (tests/bench/models/rtl8127_toeplitz.h)
#define RTL8127_RSS_KEY_SIZE 40

extern "C" uint32_t rxs_model_rtl8127_toeplitz(const uint8_t *key,
					       const uint8_t *in, size_t len);

#include "vectors.h"

static_assert(sizeof(kMsKey) == RTL8127_RSS_KEY_SIZE, "the model's key length");

namespace {

// Hash input as the model builds it (rtl8127_rss_hash): source address,
// destination address, then source and destination port, big endian.
template <size_t N>
std::vector<uint8_t> Input(const uint8_t (&src)[N], const uint8_t (&dst)[N],
			   bool ports, uint16_t sport, uint16_t dport)
{
	std::vector<uint8_t> in(src, src + N);
	in.insert(in.end(), dst, dst + N);
	if (ports) {
		in.push_back(sport >> 8);
		in.push_back(sport & 0xff);
		in.push_back(dport >> 8);
		in.push_back(dport & 0xff);
	}
	return in;
}

uint32_t Hash(const std::vector<uint8_t> &in)
{
	return rxs_model_rtl8127_toeplitz(kMsKey, in.data(), in.size());
}

TEST(Rtl8127ModelToeplitz, Ipv4)
{
	for (const auto &v : kV4Vectors)
		EXPECT_EQ(Hash(Input(v.src, v.dst, false, 0, 0)), v.hash_ip)
			<< "IPv4 " << int(v.src[0]) << "." << int(v.src[1]);
}

TEST(Rtl8127ModelToeplitz, Ipv4Tcp)
{
	for (const auto &v : kV4Vectors)
		EXPECT_EQ(Hash(Input(v.src, v.dst, true, v.sport, v.dport)),
			  v.hash_l4)
			<< "IPv4 " << int(v.src[0]) << "." << int(v.src[1]);
}

TEST(Rtl8127ModelToeplitz, Ipv6)
{
	for (const auto &v : kV6Vectors)
		EXPECT_EQ(Hash(Input(v.src, v.dst, false, 0, 0)), v.hash_ip)
			<< "IPv6 sport " << v.sport;
}

TEST(Rtl8127ModelToeplitz, Ipv6Tcp)
{
	for (const auto &v : kV6Vectors)
		EXPECT_EQ(Hash(Input(v.src, v.dst, true, v.sport, v.dport)),
			  v.hash_l4)
			<< "IPv6 sport " << v.sport;
}

// Negative control: one flipped key bit must change the first row's hash,
// so the checks above cannot pass with a hash that ignores the key.
TEST(Rtl8127ModelToeplitz, KeyMatters)
{
	uint8_t key[RTL8127_RSS_KEY_SIZE];
	const auto &v = kV4Vectors[0];
	const auto in = Input(v.src, v.dst, true, v.sport, v.dport);

	std::memcpy(key, kMsKey, sizeof(key));
	key[5] ^= 0x10;
	EXPECT_NE(rxs_model_rtl8127_toeplitz(key, in.data(), in.size()), v.hash_l4);
}

} // namespace
