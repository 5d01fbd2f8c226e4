// SPDX-License-Identifier: GPL-2.0
/* netif_threaded_enable() and enum netdev_napi_threaded (6.17). */
#include <linux/netdevice.h>

void rxs_probe(struct net_device *dev);
void rxs_probe(struct net_device *dev)
{
	netif_threaded_enable(dev);
}
