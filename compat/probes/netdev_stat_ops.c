// SPDX-License-Identifier: GPL-2.0
/*
 * struct netdev_stat_ops: per-queue statistics over netdev genl (6.9),
 * with the fields rxscale reports (hw_drops, csum_*, hw_gso_*, stop/wake:
 * 6.10).
 */
#include <linux/netdevice.h>
#include <net/netdev_queues.h>

void rxs_probe(struct net_device *dev, const struct netdev_stat_ops *ops,
	       struct netdev_queue_stats_rx *rx,
	       struct netdev_queue_stats_tx *tx);
void rxs_probe(struct net_device *dev, const struct netdev_stat_ops *ops,
	       struct netdev_queue_stats_rx *rx,
	       struct netdev_queue_stats_tx *tx)
{
	dev->stat_ops = ops;
	rx->hw_drops = rx->csum_unnecessary + rx->csum_none + rx->csum_bad;
	tx->hw_drops = tx->stop + tx->wake + tx->hw_gso_packets +
		       tx->hw_gso_wire_packets;
}
