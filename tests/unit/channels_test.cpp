// SPDX-License-Identifier: GPL-2.0
// ethtool -L channel checks (fbnic's channel meaning), with the
// RTL8127's limits: 4 RX, 2 TX queues, one link vector.
#include <gtest/gtest.h>

#include <string>
#include <rxscale/channels.h>

namespace {

const rxs_chan_limits r8127 = { 4, 2, 1, true };

rxs_chan_counts req(u32 comb, u32 rx, u32 tx, u32 other = 1)
{
	rxs_chan_counts c;
	c.comb = comb;
	c.rx = rx;
	c.tx = tx;
	c.other = other;
	return c;
}

TEST(Channels, AcceptedShapes)
{
	rxs_chan_queues q = { 0, 0, 0 };
	rxs_chan_counts r = req(0, 4, 2);
	ASSERT_EQ(rxs_chan_check(&r8127, &r, &q, nullptr), 0);
	EXPECT_EQ(q.n_rx, 4u);
	EXPECT_EQ(q.n_tx, 2u);
	EXPECT_EQ(q.n_comb, 0u);
	r = req(2, 2, 0);
	ASSERT_EQ(rxs_chan_check(&r8127, &r, &q, nullptr), 0);
	EXPECT_EQ(q.n_rx, 4u);
	EXPECT_EQ(q.n_tx, 2u);
	EXPECT_EQ(q.n_comb, 2u);
	r = req(1, 0, 1);
	ASSERT_EQ(rxs_chan_check(&r8127, &r, &q, nullptr), 0);
	EXPECT_EQ(q.n_rx, 1u);
	EXPECT_EQ(q.n_tx, 2u);
	r = req(1, 0, 0);
	ASSERT_EQ(rxs_chan_check(&r8127, &r, &q, nullptr), 0);
	EXPECT_EQ(q.n_rx, 1u);
	EXPECT_EQ(q.n_tx, 1u);
	// every accepted shape is within limits and has both directions
	for (u32 c = 0; c <= 3; c++)
		for (u32 rx = 0; rx <= 5; rx++)
			for (u32 tx = 0; tx <= 3; tx++) {
				r = req(c, rx, tx);
				bool ok = !rxs_chan_check(&r8127, &r, &q, nullptr);
				bool want = c + rx >= 1 && c + tx >= 1 &&
					    c + rx <= 4 && c + tx <= 2 &&
					    !(c && rx && tx);
				EXPECT_EQ(ok, want) << c << " " << rx << " " << tx;
			}
}

TEST(Channels, RefusalsWithMessages)
{
	rxs_chan_queues q = { 9, 9, 9 };
	const char *msg = nullptr;
	rxs_chan_counts r = req(0, 4, 2, 0);
	EXPECT_EQ(rxs_chan_check(&r8127, &r, &q, &msg), -EINVAL);
	EXPECT_NE(std::string(msg).find("other"), std::string::npos);
	r = req(1, 1, 1);
	EXPECT_EQ(rxs_chan_check(&r8127, &r, &q, &msg), -EINVAL);
	EXPECT_NE(std::string(msg).find("combined with both"), std::string::npos);
	r = req(0, 5, 1);
	EXPECT_EQ(rxs_chan_check(&r8127, &r, &q, &msg), -EINVAL);
	EXPECT_NE(std::string(msg).find("RX queues"), std::string::npos);
	r = req(2, 0, 1);
	EXPECT_EQ(rxs_chan_check(&r8127, &r, &q, &msg), -EINVAL);
	EXPECT_NE(std::string(msg).find("TX queues"), std::string::npos);
	r = req(0, 0, 1);
	EXPECT_EQ(rxs_chan_check(&r8127, &r, &q, &msg), -EINVAL);
	EXPECT_NE(std::string(msg).find("one RX"), std::string::npos);
	r = req(0, 1, 0);
	EXPECT_EQ(rxs_chan_check(&r8127, &r, &q, &msg), -EINVAL);
	EXPECT_NE(std::string(msg).find("one TX"), std::string::npos);
	// u32 overflow of combined + rx must not wrap into range
	r = req(0xffffffffu, 1, 1);
	EXPECT_EQ(rxs_chan_check(&r8127, &r, &q, &msg), -EINVAL);
	r = req(1, 0xffffffffu, 0);
	EXPECT_EQ(rxs_chan_check(&r8127, &r, &q, &msg), -EINVAL);
	EXPECT_EQ(q.n_rx, 9u);	// untouched on error
	EXPECT_EQ(rxs_chan_check(nullptr, &r, &q, &msg), -EINVAL);
	EXPECT_EQ(rxs_chan_check(&r8127, nullptr, &q, nullptr), -EINVAL);
	EXPECT_EQ(rxs_chan_check(&r8127, &r, nullptr, nullptr), -EINVAL);
}

TEST(Channels, MixingAllowedWhenDeviceCan)
{
	const rxs_chan_limits mix = { 8, 8, 0, false };
	rxs_chan_queues q = { 0, 0, 0 };
	rxs_chan_counts r = req(2, 3, 1, 0);
	ASSERT_EQ(rxs_chan_check(&mix, &r, &q, nullptr), 0);
	EXPECT_EQ(q.n_rx, 5u);
	EXPECT_EQ(q.n_tx, 3u);
}

TEST(Channels, ReportRoundTrip)
{
	rxs_chan_counts max, cur;
	rxs_chan_max(&r8127, &max);
	EXPECT_EQ(max.rx, 4u);
	EXPECT_EQ(max.tx, 2u);
	EXPECT_EQ(max.comb, 2u);
	EXPECT_EQ(max.other, 1u);
	for (u32 c = 0; c <= 2; c++)
		for (u32 rx = 0; rx <= 4; rx++)
			for (u32 tx = 0; tx <= 2; tx++) {
				rxs_chan_counts r = req(c, rx, tx);
				rxs_chan_queues q = { 0, 0, 0 };
				if (rxs_chan_check(&r8127, &r, &q, nullptr))
					continue;
				rxs_chan_from_queues(&r8127, &q, &cur);
				EXPECT_EQ(cur.comb, c);
				EXPECT_EQ(cur.rx, rx);
				EXPECT_EQ(cur.tx, tx);
				EXPECT_EQ(cur.other, 1u);
			}
}

} // namespace
