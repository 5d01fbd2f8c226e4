// SPDX-License-Identifier: GPL-2.0
// Indirection table helpers: default fill balance, ethtool weight fill,
// validation, one-byte packing.
#include <gtest/gtest.h>

#include <vector>

#include <rxscale/rss_indir.h>

namespace {

std::vector<u32> Counts(const std::vector<u32> &indir, u32 n)
{
	std::vector<u32> c(n, 0);
	for (u32 e : indir) {
		EXPECT_LT(e, n);
		if (e < n)
			c[e]++;
	}
	return c;
}

// ethtool's fill_indir_table() weight loop as the utility writes it
// (ethtool.c): j = -1; for each i: while (i >= size * partial / sum)
// { j++; partial += w[j]; } indir[i] = j. Independent of the header's
// division-free form; 32-bit arithmetic as in ethtool.
std::vector<u32> EthtoolWeight(u32 size, const std::vector<u32> &w)
{
	std::vector<u32> indir(size);
	u32 sum = 0, partial = 0, j = (u32)-1;
	for (u32 x : w)
		sum += x;
	for (u32 i = 0; i < size; i++) {
		while (i >= size * partial / sum) {
			j += 1;
			partial += w[j];
		}
		indir[i] = j;
	}
	return indir;
}

TEST(IndirDefault, MatchesKernelModulo)
{
	for (u32 n = 1; n <= 8; n++)
		for (u32 i = 0; i < 300; i++)
			EXPECT_EQ(rxs_indir_default(i, n), i % n);
}

// Every queue gets floor(size / n) or ceil(size / n) entries, all n used.
TEST(IndirDefault, BalancedForAllQueueCounts)
{
	for (u32 size : { 4u, 64u, 100u, 128u, 512u }) {
		for (u32 n = 1; n <= 64 && n <= size; n++) {
			std::vector<u32> indir(size, 0xffff);
			ASSERT_EQ(rxs_indir_fill_default(indir.data(), size, n), 0);
			std::vector<u32> c = Counts(indir, n);
			u32 lo = size / n, hi = (size + n - 1) / n, total = 0;
			for (u32 q = 0; q < n; q++) {
				EXPECT_GE(c[q], lo) << "size " << size << " n " << n;
				EXPECT_LE(c[q], hi) << "size " << size << " n " << n;
				total += c[q];
			}
			EXPECT_EQ(total, size);
			EXPECT_TRUE(rxs_indir_is_default(indir.data(), size, n));
		}
	}
}

TEST(IndirDefault, IsDefaultDetectsChanges)
{
	std::vector<u32> indir(128);
	ASSERT_EQ(rxs_indir_fill_default(indir.data(), 128, 4), 0);
	EXPECT_TRUE(rxs_indir_is_default(indir.data(), 128, 4));
	EXPECT_FALSE(rxs_indir_is_default(indir.data(), 128, 3));
	EXPECT_FALSE(rxs_indir_is_default(indir.data(), 128, 0));
	indir[127] = 0;
	EXPECT_FALSE(rxs_indir_is_default(indir.data(), 128, 4));
}

TEST(IndirDefault, RejectsBadArguments)
{
	std::vector<u32> indir(8);
	EXPECT_EQ(rxs_indir_fill_default(indir.data(), 8, 0), -EINVAL);
	EXPECT_EQ(rxs_indir_fill_default(indir.data(), 0, 2), -EINVAL);
	EXPECT_EQ(rxs_indir_fill_default(nullptr, 8, 2), -EINVAL);
}

TEST(IndirWeight, KnownSpread)
{
	std::vector<u32> indir(8);
	const u32 w[] = { 1, 2, 1 };
	ASSERT_EQ(rxs_indir_fill_weight(indir.data(), 8, w, 3), 0);
	EXPECT_EQ(indir, (std::vector<u32>{ 0, 0, 1, 1, 1, 1, 2, 2 }));

	const u32 w2[] = { 0, 3, 0, 1 };
	ASSERT_EQ(rxs_indir_fill_weight(indir.data(), 8, w2, 4), 0);
	EXPECT_EQ(indir, (std::vector<u32>{ 1, 1, 1, 1, 1, 1, 3, 3 }));
}

TEST(IndirWeight, EqualWeightsGiveContiguousEqualRuns)
{
	std::vector<u32> indir(128);
	const u32 w[] = { 1, 1, 1, 1 };
	ASSERT_EQ(rxs_indir_fill_weight(indir.data(), 128, w, 4), 0);
	for (u32 i = 0; i < 128; i++)
		EXPECT_EQ(indir[i], i / 32);
}

TEST(IndirWeight, SameAsEthtoolLoop)
{
	u32 seed = 12345;
	auto next = [&seed]() {
		seed = seed * 1103515245u + 12345u;
		return seed >> 16;
	};
	int compared = 0;
	for (int iter = 0; iter < 3000; iter++) {
		u32 size = 1 + next() % 512;
		u32 n = 1 + next() % 16;
		std::vector<u32> w(n);
		u32 sum = 0;
		for (u32 &x : w) {
			x = next() % 9;	// zeros included
			sum += x;
		}
		std::vector<u32> got(size);
		int ret = rxs_indir_fill_weight(got.data(), size, w.data(), n);
		if (sum == 0 || sum > size) {
			EXPECT_EQ(ret, -EINVAL);
			continue;
		}
		ASSERT_EQ(ret, 0);
		ASSERT_EQ(got, EthtoolWeight(size, w)) << "iter " << iter;
		std::vector<u32> c = Counts(got, n);
		for (u32 q = 0; q < n; q++) {
			// within one entry of the proportional share
			double share = (double)size * w[q] / sum;
			EXPECT_LE(c[q], share + 1.0);
			EXPECT_GE(c[q] + 1.0, share);
			if (w[q] == 0) {
				EXPECT_EQ(c[q], 0u);
			}
		}
		compared++;
	}
	EXPECT_GT(compared, 1000);
}

TEST(IndirWeight, RejectsZeroSumAndTooLargeSum)
{
	std::vector<u32> indir(8);
	const u32 zero[] = { 0, 0 };
	const u32 big[] = { 5, 4 };
	const u32 fits[] = { 5, 3 };
	EXPECT_EQ(rxs_indir_fill_weight(indir.data(), 8, zero, 2), -EINVAL);
	EXPECT_EQ(rxs_indir_fill_weight(indir.data(), 8, big, 2), -EINVAL);
	EXPECT_EQ(rxs_indir_fill_weight(indir.data(), 8, fits, 2), 0);
	EXPECT_EQ(rxs_indir_fill_weight(indir.data(), 8, fits, 0), -EINVAL);
	EXPECT_EQ(rxs_indir_fill_weight(indir.data(), 0, fits, 2), -EINVAL);
	const u32 huge[] = { 0xffffffffu, 0xffffffffu };
	EXPECT_EQ(rxs_indir_fill_weight(indir.data(), 8, huge, 2), -EINVAL);
}

TEST(IndirCheck, AcceptsValidRejectsBad)
{
	std::vector<u32> indir(128);
	ASSERT_EQ(rxs_indir_fill_default(indir.data(), 128, 4), 0);
	EXPECT_EQ(rxs_indir_check(indir.data(), 128, 128, 4), 0);
	EXPECT_EQ(rxs_indir_check(indir.data(), 128, 128, 8), 0);
	EXPECT_EQ(rxs_indir_check(indir.data(), 128, 128, 3), -EINVAL);
	EXPECT_EQ(rxs_indir_check(indir.data(), 128, 128, 0), -EINVAL);
	EXPECT_EQ(rxs_indir_check(indir.data(), 64, 128, 4), -EINVAL);
	EXPECT_EQ(rxs_indir_check(indir.data(), 0, 0, 4), -EINVAL);
	EXPECT_EQ(rxs_indir_check(nullptr, 128, 128, 4), -EINVAL);
	indir[77] = 4;
	EXPECT_EQ(rxs_indir_check(indir.data(), 128, 128, 4), -EINVAL);
	indir[77] = 0xffffffffu;
	EXPECT_EQ(rxs_indir_check(indir.data(), 128, 128, 4), -EINVAL);
}

TEST(IndirPack, LittleEndianFourPerWord)
{
	std::vector<u32> indir(128), back(128, 0xdead);
	std::vector<u32> words(32);
	for (u32 i = 0; i < 128; i++)
		indir[i] = (i * 7) & 0xff;
	ASSERT_EQ(rxs_indir_pack_u8(indir.data(), 128, words.data(), 32), 0);
	for (u32 k = 0; k < 32; k++) {
		u32 want = indir[4 * k] | indir[4 * k + 1] << 8 |
			   indir[4 * k + 2] << 16 | indir[4 * k + 3] << 24;
		EXPECT_EQ(words[k], want);
	}
	const u32 four[4] = { 1, 2, 3, 0xff };
	EXPECT_EQ(rxs_indir_word(four), 0xff030201u);
	ASSERT_EQ(rxs_indir_unpack_u8(words.data(), 32, back.data(), 128), 0);
	EXPECT_EQ(back, indir);
}

TEST(IndirPack, RejectsBadSizesAndWideEntries)
{
	std::vector<u32> indir(128, 1), words(32);
	EXPECT_EQ(rxs_indir_pack_u8(indir.data(), 126, words.data(), 31), -EINVAL);
	EXPECT_EQ(rxs_indir_pack_u8(indir.data(), 128, words.data(), 31), -EINVAL);
	EXPECT_EQ(rxs_indir_pack_u8(indir.data(), 0, words.data(), 0), -EINVAL);
	indir[5] = 0x100;
	EXPECT_EQ(rxs_indir_pack_u8(indir.data(), 128, words.data(), 32), -ERANGE);
	EXPECT_EQ(rxs_indir_unpack_u8(words.data(), 32, indir.data(), 127), -EINVAL);
	EXPECT_EQ(rxs_indir_unpack_u8(words.data(), 0, indir.data(), 0), -EINVAL);
}

} // namespace
