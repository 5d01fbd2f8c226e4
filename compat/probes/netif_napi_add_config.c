// SPDX-License-Identifier: GPL-2.0
/* netif_napi_add_config(): NAPI settings that survive channel changes (6.13). */
#include <linux/netdevice.h>

void rxs_probe(struct net_device *dev, struct napi_struct *napi,
	       int (*poll)(struct napi_struct *, int));
void rxs_probe(struct net_device *dev, struct napi_struct *napi,
	       int (*poll)(struct napi_struct *, int))
{
	netif_napi_add_config(dev, napi, poll, 0);
}
