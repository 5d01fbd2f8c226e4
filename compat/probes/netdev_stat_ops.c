// SPDX-License-Identifier: GPL-2.0
/* struct netdev_stat_ops: per-queue statistics over netdev genl (6.9). */
#include <linux/netdevice.h>
#include <net/netdev_queues.h>

void rxs_probe(struct net_device *dev, const struct netdev_stat_ops *ops);
void rxs_probe(struct net_device *dev, const struct netdev_stat_ops *ops)
{
	dev->stat_ops = ops;
}
