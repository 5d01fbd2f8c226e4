// SPDX-License-Identifier: GPL-2.0
// Toeplitz hash: Microsoft verification vectors for the reference and the
// table-driven version, negative controls, randomised equivalence, errors.
#include <gtest/gtest.h>

#include <array>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <rxscale/toeplitz.h>

#include "vectors.h"

namespace {

using Input = std::array<u8, RXS_TOEPLITZ_MAX_INPUT>;
using Key = std::array<u8, RXS_TOEPLITZ_KEY_LEN>;

Key MsKey()
{
	Key k;
	const u8 *p = rxs_toeplitz_ms_key();
	for (size_t i = 0; i < k.size(); i++)
		k[i] = p[i];
	return k;
}

// Both versions over the same input; the test checks each result.
struct Hashes {
	int ref_ret, fast_ret;
	u32 ref, fast;
};

Hashes HashBoth(const u8 *key, u32 key_len, const u8 *in, u32 len)
{
	auto t = std::make_unique<rxs_toeplitz>();
	Hashes h = {};

	h.ref_ret = rxs_toeplitz_ref(key, key_len, in, len, &h.ref);
	h.fast_ret = rxs_toeplitz_init(t.get(), key, key_len);
	if (!h.fast_ret)
		h.fast_ret = rxs_toeplitz_hash(t.get(), in, len, &h.fast);
	return h;
}

u32 BuildV4(Input &in, const RxsV4Vector &v, bool l4)
{
	return rxs_toeplitz_input_v4(in.data(), RxsV4Addr(v.src),
				     RxsV4Addr(v.dst), v.sport, v.dport, l4);
}

u32 BuildV6(Input &in, const RxsV6Vector &v, bool l4)
{
	return rxs_toeplitz_input_v6(in.data(), v.src, v.dst, v.sport,
				     v.dport, l4);
}

// The same fields with every multi-byte field byte-reversed: what a host
// (little-endian) ordered input would look like. IPv6 addresses are
// reversed per 32-bit word, as when they are loaded as host-order words.
void ReverseFields(Input &in, u32 len, u32 addr_len)
{
	auto rev = [&in](u32 off, u32 n) {
		for (u32 i = 0; i < n / 2; i++)
			std::swap(in[off + i], in[off + n - 1 - i]);
	};
	for (u32 off = 0; off < 2 * addr_len; off += 4)
		rev(off, 4);
	for (u32 off = 2 * addr_len; off < len; off += 2)
		rev(off, 2);
}

// One published row as the two hash inputs rxs_toeplitz_input_v4/v6 build:
// [0] the addresses only, [1] with the ports; and the published hashes.
struct Row {
	std::string name;
	u32 addr_len;
	Input in[2];
	u32 len[2];
	u32 hash[2];
};

std::vector<Row> Rows()
{
	std::vector<Row> rows;

	for (size_t i = 0; i < std::size(kV4Vectors); i++) {
		const RxsV4Vector &v = kV4Vectors[i];
		Row r = { "v4_" + std::to_string(i), 4, {}, {},
			  { v.hash_ip, v.hash_l4 } };
		for (int l4 = 0; l4 < 2; l4++)
			r.len[l4] = BuildV4(r.in[l4], v, l4);
		rows.push_back(r);
	}
	for (size_t i = 0; i < std::size(kV6Vectors); i++) {
		const RxsV6Vector &v = kV6Vectors[i];
		Row r = { "v6_" + std::to_string(i), 16, {}, {},
			  { v.hash_ip, v.hash_l4 } };
		for (int l4 = 0; l4 < 2; l4++)
			r.len[l4] = BuildV6(r.in[l4], v, l4);
		rows.push_back(r);
	}
	return rows;
}

// gtest names a row by its name, not by its bytes
void PrintTo(const Row &r, std::ostream *os)
{
	*os << r.name;
}

class Vector : public ::testing::TestWithParam<Row> {};

TEST_P(Vector, BothVersionsMatch)
{
	const Row &r = GetParam();
	Key key = MsKey();

	for (int l4 = 0; l4 < 2; l4++) {
		Hashes h = HashBoth(key.data(), key.size(), r.in[l4].data(),
				    r.len[l4]);

		ASSERT_EQ(r.len[l4], 2 * r.addr_len + 4 * l4);
		ASSERT_EQ(h.ref_ret, 0);
		ASSERT_EQ(h.fast_ret, 0);
		EXPECT_EQ(h.ref, r.hash[l4]) << "l4=" << l4;
		EXPECT_EQ(h.fast, r.hash[l4]) << "l4=" << l4;
	}
}

// Negative controls: neither version may reproduce the published hash from
// a wrong key or a wrong input.
void ExpectNoMatch(const Key &key, const Input &in, u32 len, u32 want, int l4)
{
	Hashes h = HashBoth(key.data(), key.size(), in.data(), len);

	ASSERT_EQ(h.ref_ret, 0);
	ASSERT_EQ(h.fast_ret, 0);
	EXPECT_NE(h.ref, want) << "l4=" << l4;
	EXPECT_NE(h.fast, want) << "l4=" << l4;
}

// One wrong key byte (0x6d -> 0x6c) must change the hash.
TEST_P(Vector, WrongKeyByteDoesNotMatch)
{
	const Row &r = GetParam();
	Key key = MsKey();

	key[0] ^= 0x01;
	for (int l4 = 0; l4 < 2; l4++)
		ExpectNoMatch(key, r.in[l4], r.len[l4], r.hash[l4], l4);
}

// The input in host (little-endian) order must not match.
TEST_P(Vector, HostByteOrderDoesNotMatch)
{
	const Row &r = GetParam();

	for (int l4 = 0; l4 < 2; l4++) {
		Input in = r.in[l4];

		ReverseFields(in, r.len[l4], r.addr_len);
		ExpectNoMatch(MsKey(), in, r.len[l4], r.hash[l4], l4);
	}
}

INSTANTIATE_TEST_SUITE_P(Microsoft, Vector, ::testing::ValuesIn(Rows()),
			 [](const ::testing::TestParamInfo<Row> &p) {
				 return p.param.name;
			 });

// The key the driver side uses is the published one, byte for byte.
TEST(Toeplitz, MsKeyIsPublished)
{
	ASSERT_EQ(sizeof(kMsKey), size_t(RXS_TOEPLITZ_KEY_LEN));
	EXPECT_EQ(std::memcmp(rxs_toeplitz_ms_key(), kMsKey, sizeof(kMsKey)), 0);
}

TEST(ToeplitzKey, IsTheMicrosoftKey)
{
	const u8 *k = rxs_toeplitz_ms_key();

	EXPECT_EQ(k[0], 0x6d);
	EXPECT_EQ(k[1], 0x5a);
	EXPECT_EQ(k[38], 0x01);
	EXPECT_EQ(k[39], 0xfa);
}

TEST(ToeplitzInput, V4LayoutIsNetworkOrder)
{
	Input in{};
	u32 len = BuildV4(in, kV4Vectors[0], true);
	const u8 want[12] = { 66, 9, 149, 187, 161, 142, 100, 80,
			      0x0a, 0xea, 0x06, 0xe6 };	// 2794, 1766

	ASSERT_EQ(len, 12u);
	for (u32 i = 0; i < len; i++)
		EXPECT_EQ(in[i], want[i]) << "byte " << i;
}

TEST(ToeplitzInput, V6LayoutIsSrcDstSportDport)
{
	Input in{};
	const RxsV6Vector &v = kV6Vectors[1];
	u32 len = BuildV6(in, v, true);

	ASSERT_EQ(len, 36u);
	for (u32 i = 0; i < 16; i++) {
		EXPECT_EQ(in[i], v.src[i]);
		EXPECT_EQ(in[16 + i], v.dst[i]);
	}
	EXPECT_EQ(in[32], 14230 >> 8);
	EXPECT_EQ(in[33], 14230 & 0xff);
	EXPECT_EQ(in[34], 4739 >> 8);
	EXPECT_EQ(in[35], 4739 & 0xff);
}

// Fixed seed: thousands of random keys (of random length) and inputs of
// every length 1..36; both versions must agree on each.
TEST(ToeplitzRandom, BothVersionsAgree)
{
	std::mt19937 rng(0x52585321u);
	std::uniform_int_distribution<int> byte(0, 255);
	auto t = std::make_unique<rxs_toeplitz>();
	std::vector<u8> key, in;
	unsigned int checked = 0, nonzero = 0;

	for (int iter = 0; iter < 6000; iter++) {
		u32 len = 1 + iter % RXS_TOEPLITZ_MAX_INPUT;
		u32 key_len = len + 4 + (u32)(rng() % 24);

		key.resize(key_len);
		in.resize(len);
		for (auto &b : key)
			b = (u8)byte(rng);
		for (auto &b : in)
			b = (u8)byte(rng);
		ASSERT_EQ(rxs_toeplitz_init(t.get(), key.data(), key_len), 0);
		u32 ref = 0, fast = 0;
		ASSERT_EQ(rxs_toeplitz_ref(key.data(), key_len, in.data(), len,
					   &ref), 0);
		ASSERT_EQ(rxs_toeplitz_hash(t.get(), in.data(), len, &fast), 0);
		ASSERT_EQ(ref, fast) << "iter " << iter << " len " << len;
		checked++;
		nonzero += ref != 0;
	}
	EXPECT_EQ(checked, 6000u);
	EXPECT_GT(nonzero, 5900u);	// the hashes are not trivially 0
}

// Single-bit inputs: the hash of bit n is the key window at bit n.
TEST(ToeplitzRandom, SingleBitIsKeyWindow)
{
	Key key = MsKey();
	auto t = std::make_unique<rxs_toeplitz>();

	ASSERT_EQ(rxs_toeplitz_init(t.get(), key.data(), key.size()), 0);
	for (u32 n = 0; n < 8 * RXS_TOEPLITZ_MAX_INPUT; n++) {
		Input in{};
		in[n / 8] = (u8)(0x80 >> (n % 8));
		u64 w = 0;
		for (u32 b = 0; b < 5; b++)
			w = w << 8 | key[n / 8 + b];
		u32 want = (u32)(w >> (8 - n % 8));
		u32 ref = 0, fast = 0;

		ASSERT_EQ(rxs_toeplitz_ref(key.data(), key.size(), in.data(),
					   RXS_TOEPLITZ_MAX_INPUT, &ref), 0);
		ASSERT_EQ(rxs_toeplitz_hash(t.get(), in.data(),
					    RXS_TOEPLITZ_MAX_INPUT, &fast), 0);
		EXPECT_EQ(ref, want) << "bit " << n;
		EXPECT_EQ(fast, want) << "bit " << n;
	}
}

TEST(ToeplitzErrors, RefNeedsKeyFourBytesLonger)
{
	Key key = MsKey();
	Input in{};
	u32 h = 0xdeadbeef;

	EXPECT_EQ(rxs_toeplitz_ref(key.data(), 40, in.data(), 36, &h), 0);
	EXPECT_EQ(rxs_toeplitz_ref(key.data(), 39, in.data(), 36, &h), -EINVAL);
	EXPECT_EQ(rxs_toeplitz_ref(key.data(), 3, in.data(), 0, &h), -EINVAL);
	EXPECT_EQ(rxs_toeplitz_ref(key.data(), 4, in.data(), 0, &h), 0);
	EXPECT_EQ(h, 0u);
	EXPECT_EQ(rxs_toeplitz_ref(nullptr, 40, in.data(), 8, &h), -EINVAL);
	EXPECT_EQ(rxs_toeplitz_ref(key.data(), 40, nullptr, 8, &h), -EINVAL);
	EXPECT_EQ(rxs_toeplitz_ref(key.data(), 40, in.data(), 8, nullptr),
		  -EINVAL);
}

TEST(ToeplitzErrors, TableLimitsInputToKeyLength)
{
	Key key = MsKey();
	Input in{};
	auto t = std::make_unique<rxs_toeplitz>();
	u32 h = 0;

	EXPECT_EQ(rxs_toeplitz_init(t.get(), key.data(), 4), -EINVAL);
	EXPECT_EQ(rxs_toeplitz_init(nullptr, key.data(), 40), -EINVAL);
	ASSERT_EQ(rxs_toeplitz_init(t.get(), key.data(), 16), 0);
	EXPECT_EQ(t->max_len, 12u);
	EXPECT_EQ(rxs_toeplitz_hash(t.get(), in.data(), 12, &h), 0);
	EXPECT_EQ(rxs_toeplitz_hash(t.get(), in.data(), 13, &h), -EINVAL);
	ASSERT_EQ(rxs_toeplitz_init(t.get(), key.data(), 40), 0);
	EXPECT_EQ(t->max_len, 36u);
	EXPECT_EQ(rxs_toeplitz_hash(t.get(), in.data(), 37, &h), -EINVAL);
}

} // namespace
