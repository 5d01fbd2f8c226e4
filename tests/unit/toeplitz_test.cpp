// SPDX-License-Identifier: GPL-2.0
// Toeplitz hash: Microsoft verification vectors for the reference and the
// table-driven version, negative controls, randomised equivalence, errors.
#include <gtest/gtest.h>

#include <array>
#include <memory>
#include <random>
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

class V4Vector : public ::testing::TestWithParam<int> {};
class V6Vector : public ::testing::TestWithParam<int> {};

TEST_P(V4Vector, IpOnlyBothVersionsMatch)
{
	const RxsV4Vector &v = kV4Vectors[GetParam()];
	Input in{};
	u32 len = BuildV4(in, v, false);
	Key key = MsKey();
	Hashes h = HashBoth(key.data(), key.size(), in.data(), len);

	ASSERT_EQ(len, 8u);
	ASSERT_EQ(h.ref_ret, 0);
	ASSERT_EQ(h.fast_ret, 0);
	EXPECT_EQ(h.ref, v.hash_ip);
	EXPECT_EQ(h.fast, v.hash_ip);
}

TEST_P(V4Vector, WithPortsBothVersionsMatch)
{
	const RxsV4Vector &v = kV4Vectors[GetParam()];
	Input in{};
	u32 len = BuildV4(in, v, true);
	Key key = MsKey();
	Hashes h = HashBoth(key.data(), key.size(), in.data(), len);

	ASSERT_EQ(len, 12u);
	ASSERT_EQ(h.ref_ret, 0);
	ASSERT_EQ(h.fast_ret, 0);
	EXPECT_EQ(h.ref, v.hash_l4);
	EXPECT_EQ(h.fast, v.hash_l4);
}

// Negative control: one wrong key byte (0x6d -> 0x6c) must change the hash.
TEST_P(V4Vector, WrongKeyByteDoesNotMatch)
{
	const RxsV4Vector &v = kV4Vectors[GetParam()];
	Key key = MsKey();
	key[0] ^= 0x01;
	for (bool l4 : { false, true }) {
		Input in{};
		u32 len = BuildV4(in, v, l4);
		Hashes h = HashBoth(key.data(), key.size(), in.data(), len);
		u32 want = l4 ? v.hash_l4 : v.hash_ip;

		ASSERT_EQ(h.ref_ret, 0);
		ASSERT_EQ(h.fast_ret, 0);
		EXPECT_NE(h.ref, want) << "l4=" << l4;
		EXPECT_NE(h.fast, want) << "l4=" << l4;
	}
}

// Negative control: the input in host (little-endian) order must not match.
TEST_P(V4Vector, HostByteOrderDoesNotMatch)
{
	const RxsV4Vector &v = kV4Vectors[GetParam()];
	Key key = MsKey();
	for (bool l4 : { false, true }) {
		Input in{};
		u32 len = BuildV4(in, v, l4);
		ReverseFields(in, len, 4);
		Hashes h = HashBoth(key.data(), key.size(), in.data(), len);
		u32 want = l4 ? v.hash_l4 : v.hash_ip;

		ASSERT_EQ(h.ref_ret, 0);
		ASSERT_EQ(h.fast_ret, 0);
		EXPECT_NE(h.ref, want) << "l4=" << l4;
		EXPECT_NE(h.fast, want) << "l4=" << l4;
	}
}

TEST_P(V6Vector, IpOnlyBothVersionsMatch)
{
	const RxsV6Vector &v = kV6Vectors[GetParam()];
	Input in{};
	u32 len = BuildV6(in, v, false);
	Key key = MsKey();
	Hashes h = HashBoth(key.data(), key.size(), in.data(), len);

	ASSERT_EQ(len, 32u);
	ASSERT_EQ(h.ref_ret, 0);
	ASSERT_EQ(h.fast_ret, 0);
	EXPECT_EQ(h.ref, v.hash_ip);
	EXPECT_EQ(h.fast, v.hash_ip);
}

TEST_P(V6Vector, WithPortsBothVersionsMatch)
{
	const RxsV6Vector &v = kV6Vectors[GetParam()];
	Input in{};
	u32 len = BuildV6(in, v, true);
	Key key = MsKey();
	Hashes h = HashBoth(key.data(), key.size(), in.data(), len);

	ASSERT_EQ(len, 36u);
	ASSERT_EQ(h.ref_ret, 0);
	ASSERT_EQ(h.fast_ret, 0);
	EXPECT_EQ(h.ref, v.hash_l4);
	EXPECT_EQ(h.fast, v.hash_l4);
}

TEST_P(V6Vector, WrongKeyByteDoesNotMatch)
{
	const RxsV6Vector &v = kV6Vectors[GetParam()];
	Key key = MsKey();
	key[0] ^= 0x01;
	for (bool l4 : { false, true }) {
		Input in{};
		u32 len = BuildV6(in, v, l4);
		Hashes h = HashBoth(key.data(), key.size(), in.data(), len);
		u32 want = l4 ? v.hash_l4 : v.hash_ip;

		ASSERT_EQ(h.ref_ret, 0);
		ASSERT_EQ(h.fast_ret, 0);
		EXPECT_NE(h.ref, want) << "l4=" << l4;
		EXPECT_NE(h.fast, want) << "l4=" << l4;
	}
}

TEST_P(V6Vector, HostByteOrderDoesNotMatch)
{
	const RxsV6Vector &v = kV6Vectors[GetParam()];
	Key key = MsKey();
	for (bool l4 : { false, true }) {
		Input in{};
		u32 len = BuildV6(in, v, l4);
		ReverseFields(in, len, 16);
		Hashes h = HashBoth(key.data(), key.size(), in.data(), len);
		u32 want = l4 ? v.hash_l4 : v.hash_ip;

		ASSERT_EQ(h.ref_ret, 0);
		ASSERT_EQ(h.fast_ret, 0);
		EXPECT_NE(h.ref, want) << "l4=" << l4;
		EXPECT_NE(h.fast, want) << "l4=" << l4;
	}
}

INSTANTIATE_TEST_SUITE_P(Microsoft, V4Vector,
			 ::testing::Range(0, static_cast<int>(std::size(kV4Vectors))));
INSTANTIATE_TEST_SUITE_P(Microsoft, V6Vector,
			 ::testing::Range(0, static_cast<int>(std::size(kV6Vectors))));

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
