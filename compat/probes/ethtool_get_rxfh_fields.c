// SPDX-License-Identifier: GPL-2.0
/* ethtool_ops.get_rxfh_fields: the rx-flow-hash path (6.17, backported to Debian 6.12). */
#include <linux/ethtool.h>

static int rxs_get_fields(struct net_device *dev, struct ethtool_rxfh_fields *f)
{
	return f->data ? 0 : -EINVAL;
}

static const struct ethtool_ops rxs_ops = {
	.get_rxfh_fields = rxs_get_fields,
};

const struct ethtool_ops *rxs_probe(void);
const struct ethtool_ops *rxs_probe(void)
{
	return &rxs_ops;
}
