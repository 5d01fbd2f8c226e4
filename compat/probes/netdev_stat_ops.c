// SPDX-License-Identifier: GPL-2.0
/* struct netdev_stat_ops: per-queue statistics over netdev genl (6.9). */
#include <linux/netdevice.h>
#include <net/netdev_queues.h>

static const struct netdev_stat_ops rxs_stat_ops;

void rxs_probe(struct net_device *dev);
void rxs_probe(struct net_device *dev)
{
	dev->stat_ops = &rxs_stat_ops;
}
