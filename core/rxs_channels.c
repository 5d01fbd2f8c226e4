// SPDX-License-Identifier: GPL-2.0
/* ethtool -l/-L through rxscale/channels.h. */
#include <linux/module.h>
#include <rxscale/kcore.h>

int rxs_channels_check(struct net_device *dev,
		       const struct rxs_chan_limits *lim,
		       const struct ethtool_channels *ch,
		       struct rxs_chan_queues *out)
{
	struct rxs_chan_counts req = {
		.rx = ch->rx_count,
		.tx = ch->tx_count,
		.other = ch->other_count,
		.comb = ch->combined_count,
	};
	const char *msg = NULL;
	int ret = rxs_chan_check(lim, &req, out, &msg);

	if (ret)
		netdev_info(dev, "channels: %s\n", msg);
	return ret;
}
EXPORT_SYMBOL_NS_GPL(rxs_channels_check, RXS_NS);

void rxs_channels_fill(const struct rxs_chan_limits *lim,
		       const struct rxs_chan_queues *q,
		       struct ethtool_channels *ch)
{
	struct rxs_chan_counts c;

	rxs_chan_max(lim, &c);
	ch->max_rx = c.rx;
	ch->max_tx = c.tx;
	ch->max_other = c.other;
	ch->max_combined = c.comb;
	rxs_chan_from_queues(lim, q, &c);
	ch->rx_count = c.rx;
	ch->tx_count = c.tx;
	ch->other_count = c.other;
	ch->combined_count = c.comb;
}
EXPORT_SYMBOL_NS_GPL(rxs_channels_fill, RXS_NS);
