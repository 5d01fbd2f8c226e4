// SPDX-License-Identifier: GPL-2.0
/*
 * RSS ethtool operations for every kernel's signatures: get/set_rxfh
 * with struct ethtool_rxfh_param (6.8) or separate arguments before;
 * rx-flow-hash through get/set_rxfh_fields (6.17, Debian 6.12) or
 * ETHTOOL_GRXFH/SRXFH in get/set_rxnfc; get_rx_ring_count (~6.18,
 * without which 7.3's RSS paths answer -EOPNOTSUPP). The rules live in
 * rxscale/rss_ethtool.h; the driver's state behind struct rxs_rss_desc.
 */
#include <linux/module.h>
#include <linux/netlink.h>
#include <rxscale/kcore.h>

static const struct rxs_rss_desc *rxs_rss(struct net_device *dev)
{
	return rxs_ethtool_of(dev)->rss;
}

/*
 * An extack where the kernel passes one, else the log. @msg is one of
 * the static strings of rss_ethtool.h, so it may be stored as
 * NL_SET_ERR_MSG() stores its literal.
 */
static void rxs_refuse(struct net_device *dev, struct netlink_ext_ack *extack,
		       const char *msg)
{
	if (extack)
		extack->_msg = msg;
	else
		netdev_info(dev, "%s\n", msg);
}

u32 rxs_get_rxfh_key_size(struct net_device *dev)
{
	return rxs_rss(dev)->key_size;
}
EXPORT_SYMBOL_NS_GPL(rxs_get_rxfh_key_size, RXS_NS);

u32 rxs_get_rxfh_indir_size(struct net_device *dev)
{
	return rxs_rss(dev)->indir_size;
}
EXPORT_SYMBOL_NS_GPL(rxs_get_rxfh_indir_size, RXS_NS);

static int rxs_rxfh_set(struct net_device *dev, const u32 *indir,
			const u8 *key, u32 hfunc,
			struct netlink_ext_ack *extack)
{
	const struct rxs_rss_desc *r = rxs_rss(dev);
	const char *msg = NULL;
	int ret;

	ret = rxs_rxfh_check(hfunc, indir, r->indir_size, r->rx_rings(dev),
			     &msg);
	if (ret) {
		rxs_refuse(dev, extack, msg);
		return ret;
	}
	if (!indir && !key)
		return 0;
	return r->set(dev, indir, key);
}

#ifdef HAVE_ETHTOOL_RXFH_PARAM
int rxs_get_rxfh(struct net_device *dev, struct ethtool_rxfh_param *p)
{
	p->hfunc = ETH_RSS_HASH_TOP;
	rxs_rss(dev)->get(dev, p->indir, p->key);
	return 0;
}
EXPORT_SYMBOL_NS_GPL(rxs_get_rxfh, RXS_NS);

int rxs_set_rxfh(struct net_device *dev, struct ethtool_rxfh_param *p,
		 struct netlink_ext_ack *extack)
{
	return rxs_rxfh_set(dev, p->indir, p->key, p->hfunc, extack);
}
EXPORT_SYMBOL_NS_GPL(rxs_set_rxfh, RXS_NS);
#else
int rxs_get_rxfh(struct net_device *dev, u32 *indir, u8 *key, u8 *hfunc)
{
	if (hfunc)
		*hfunc = ETH_RSS_HASH_TOP;
	rxs_rss(dev)->get(dev, indir, key);
	return 0;
}
EXPORT_SYMBOL_NS_GPL(rxs_get_rxfh, RXS_NS);

int rxs_set_rxfh(struct net_device *dev, const u32 *indir, const u8 *key,
		 const u8 hfunc)
{
	return rxs_rxfh_set(dev, indir, key, hfunc, NULL);
}
EXPORT_SYMBOL_NS_GPL(rxs_set_rxfh, RXS_NS);
#endif

static int rxs_fields_get(struct net_device *dev, u32 flow_type, u64 *data)
{
	return rxs_rxh_get(rxs_rss(dev)->get_hash(dev), flow_type, data);
}

static int rxs_fields_set(struct net_device *dev, u32 flow_type, u64 data,
			  struct netlink_ext_ack *extack)
{
	const struct rxs_rss_desc *r = rxs_rss(dev);
	u32 now = r->get_hash_conf ? r->get_hash_conf(dev) : r->get_hash(dev);
	u32 set = now;
	const char *msg = NULL;
	int ret;

	ret = rxs_rxh_set(&set, r->hash_changeable, flow_type, data, &msg);
	if (ret) {
		rxs_refuse(dev, extack, msg);
		return ret;
	}
	return set == now ? 0 : r->set_hash(dev, set);
}

#ifdef HAVE_ETHTOOL_GET_RXFH_FIELDS
int rxs_get_rxfh_fields(struct net_device *dev, struct ethtool_rxfh_fields *f)
{
	u64 data;
	int ret = rxs_fields_get(dev, f->flow_type, &data);

	f->data = data;
	return ret;
}
EXPORT_SYMBOL_NS_GPL(rxs_get_rxfh_fields, RXS_NS);

int rxs_set_rxfh_fields(struct net_device *dev,
			const struct ethtool_rxfh_fields *f,
			struct netlink_ext_ack *extack)
{
	return rxs_fields_set(dev, f->flow_type, f->data, extack);
}
EXPORT_SYMBOL_NS_GPL(rxs_set_rxfh_fields, RXS_NS);
#else
int rxs_set_rxnfc(struct net_device *dev, struct ethtool_rxnfc *cmd)
{
	if (cmd->cmd != ETHTOOL_SRXFH)
		return -EOPNOTSUPP;
	return rxs_fields_set(dev, cmd->flow_type, cmd->data, NULL);
}
EXPORT_SYMBOL_NS_GPL(rxs_set_rxnfc, RXS_NS);
#endif

#ifdef HAVE_ETHTOOL_GET_RX_RING_COUNT
u32 rxs_get_rx_ring_count(struct net_device *dev)
{
	return rxs_rss(dev)->rx_rings(dev);
}
EXPORT_SYMBOL_NS_GPL(rxs_get_rx_ring_count, RXS_NS);
#endif

int rxs_get_rxnfc(struct net_device *dev, struct ethtool_rxnfc *cmd,
		  u32 *rule_locs)
{
	switch (cmd->cmd) {
	case ETHTOOL_GRXRINGS:
		cmd->data = rxs_rss(dev)->rx_rings(dev);
		return 0;
#ifndef HAVE_ETHTOOL_GET_RXFH_FIELDS
	case ETHTOOL_GRXFH:
		return rxs_fields_get(dev, cmd->flow_type, &cmd->data);
#endif
	default:
		return -EOPNOTSUPP;
	}
}
EXPORT_SYMBOL_NS_GPL(rxs_get_rxnfc, RXS_NS);
