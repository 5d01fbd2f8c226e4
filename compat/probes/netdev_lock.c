// SPDX-License-Identifier: GPL-2.0
/* netdev_lock(): the instance lock the NAPI sysfs files take (6.14). */
#include <linux/netdevice.h>

void rxs_probe(struct net_device *dev);
void rxs_probe(struct net_device *dev)
{
	netdev_lock(dev);
	netdev_unlock(dev);
}
