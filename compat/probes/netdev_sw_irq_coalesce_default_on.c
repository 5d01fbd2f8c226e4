// SPDX-License-Identifier: GPL-2.0
/* netdev_sw_irq_coalesce_default_on() (6.2; backported by CIP 6.1). */
#include <linux/netdevice.h>

void rxs_probe(struct net_device *dev);
void rxs_probe(struct net_device *dev)
{
	netdev_sw_irq_coalesce_default_on(dev);
}
