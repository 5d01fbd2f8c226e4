// SPDX-License-Identifier: GPL-2.0
/* netif_queue_set_napi(): queue <-> NAPI association for netdev genl (6.8). */
#include <linux/netdevice.h>

void rxs_probe(struct net_device *dev, struct napi_struct *napi);
void rxs_probe(struct net_device *dev, struct napi_struct *napi)
{
	netif_queue_set_napi(dev, 0, NETDEV_QUEUE_TYPE_RX, napi);
}
