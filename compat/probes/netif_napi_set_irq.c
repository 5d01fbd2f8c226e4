// SPDX-License-Identifier: GPL-2.0
/* netif_napi_set_irq(): NAPI <-> IRQ association for netdev genl (6.8). */
#include <linux/netdevice.h>

void rxs_probe(struct napi_struct *napi, int irq);
void rxs_probe(struct napi_struct *napi, int irq)
{
	netif_napi_set_irq(napi, irq);
}
