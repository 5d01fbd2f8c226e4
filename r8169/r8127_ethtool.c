// SPDX-License-Identifier: GPL-2.0
/*
 * r8127 ethtool operations: channels (-l/-L), RSS (-x/-X, -n/-N
 * rx-flow-hash), coalescing (-c/-C), rings (-g/-G), statistics (-S),
 * driver info (-i) and link settings.
 *
 * Invalid requests fail before anything changes. The rx-flow-hash
 * settings go through get/set_rxfh_fields where the kernel has them
 * and through get/set_rxnfc before that; get_rxfh/set_rxfh take
 * struct ethtool_rxfh_param from 6.8 on. rxscale_autoconf.h (via
 * kcompat.h) says which.
 */
#include <linux/ethtool.h>
#include <linux/netdevice.h>
#include <linux/rtnetlink.h>
#include <rxscale/coalesce.h>
#include <rxscale/rss_indir.h>

#include "r8127.h"

static void r8127_get_drvinfo(struct net_device *dev,
			      struct ethtool_drvinfo *info)
{
	struct r8127_priv *tp = netdev_priv(dev);

	strscpy(info->driver, R8127_DRV_NAME, sizeof(info->driver));
	strscpy(info->bus_info, pci_name(tp->pdev), sizeof(info->bus_info));
	if (tp->fw.blob)
		strscpy(info->fw_version, tp->fw.version,
			sizeof(info->fw_version));
}

static int r8127_get_link_ksettings(struct net_device *dev,
				    struct ethtool_link_ksettings *cmd)
{
	r8127_phy_fill_ksettings(netdev_priv(dev), cmd);
	return 0;
}

static int r8127_set_link_ksettings(struct net_device *dev,
				    const struct ethtool_link_ksettings *cmd)
{
	return r8127_phy_set_ksettings(netdev_priv(dev), cmd);
}

/* ---------------------------------------------------------------- rings */

static void r8127_get_ringparam(struct net_device *dev,
				struct ethtool_ringparam *ring,
				struct kernel_ethtool_ringparam *kring,
				struct netlink_ext_ack *extack)
{
	struct r8127_priv *tp = netdev_priv(dev);

	ring->rx_max_pending = R8127_RING_MAX;
	ring->tx_max_pending = R8127_RING_MAX;
	ring->rx_pending = tp->rx_ring_size;
	ring->tx_pending = tp->tx_ring_size;
}

static int r8127_check_ring(u32 n,
			    struct netlink_ext_ack *extack)
{
	/* the no-close pointers wrap at 2^31: sizes must divide that */
	if (n < R8127_RING_MIN || n > R8127_RING_MAX || !is_power_of_2(n)) {
		NL_SET_ERR_MSG_MOD(extack,
				   "ring size must be a power of two in 256..1024");
		return -EINVAL;
	}
	return 0;
}

static int r8127_set_ringparam(struct net_device *dev,
			       struct ethtool_ringparam *ring,
			       struct kernel_ethtool_ringparam *kring,
			       struct netlink_ext_ack *extack)
{
	struct r8127_priv *tp = netdev_priv(dev);

	if (ring->rx_mini_pending || ring->rx_jumbo_pending) {
		NL_SET_ERR_MSG_MOD(extack, "no mini or jumbo rings");
		return -EINVAL;
	}
	if (r8127_check_ring(ring->rx_pending, extack) ||
	    r8127_check_ring(ring->tx_pending, extack))
		return -EINVAL;
	if (ring->rx_pending == tp->rx_ring_size &&
	    ring->tx_pending == tp->tx_ring_size)
		return 0;
	return r8127_reconfigure(tp, tp->req_rx, tp->req_tx, tp->req_comb,
				 ring->rx_pending, ring->tx_pending, dev->mtu);
}

/* ---------------------------------------------------------------- channels */

/*
 * Channels as fbnic counts them (Linux 7.3 fbnic_ethtool.c): a channel is
 * a NAPI instance. rx/tx: standalone queues with a NAPI each; combined:
 * RX queue q and TX queue q under one NAPI. Combined channels are queues
 * 0..combined-1. The single-vector fallback is one combined channel.
 */
static void r8127_get_channels(struct net_device *dev,
			       struct ethtool_channels *ch)
{
	struct r8127_priv *tp = netdev_priv(dev);

	if (!tp->msix) {
		ch->max_rx = 0;
		ch->max_tx = 0;
		ch->max_other = 0;
		ch->max_combined = 1;
		ch->rx_count = 0;
		ch->tx_count = 0;
		ch->other_count = 0;
		ch->combined_count = 1;
		return;
	}
	ch->max_rx = R8127_MAX_RX_QUEUES;
	ch->max_tx = R8127_MAX_TX_QUEUES;
	ch->max_other = 1;	/* the link vector */
	ch->max_combined = min(R8127_MAX_RX_QUEUES, R8127_MAX_TX_QUEUES);
	ch->combined_count = tp->req_comb;
	ch->rx_count = tp->qmap.n_rx - tp->req_comb;
	ch->tx_count = tp->qmap.n_tx - tp->req_comb;
	ch->other_count = 1;
}

/* set_channels has no extack: the reason goes to the log. */
static int r8127_set_channels(struct net_device *dev,
			      struct ethtool_channels *ch)
{
	struct r8127_priv *tp = netdev_priv(dev);
	u32 comb = ch->combined_count;
	u32 rx = comb + ch->rx_count;
	u32 tx = comb + ch->tx_count;

	if (!tp->msix) {
		if (comb != 1 || ch->rx_count || ch->tx_count ||
		    ch->other_count) {
			netdev_info(dev, "single-vector mode: one combined channel only\n");
			return -EINVAL;
		}
		return 0;
	}
	if (ch->other_count != 1) {
		netdev_info(dev, "the link vector cannot be changed\n");
		return -EINVAL;
	}
	/* [fbnic] combining leaves standalone queues in one direction only */
	if (comb && ch->rx_count && ch->tx_count) {
		netdev_info(dev, "combined with both rx and tx channels is not supported\n");
		return -EINVAL;
	}
	if (comb > min(R8127_MAX_RX_QUEUES, R8127_MAX_TX_QUEUES) ||
	    rx > R8127_MAX_RX_QUEUES || tx > R8127_MAX_TX_QUEUES) {
		netdev_info(dev, "channels out of range: combined+rx at most %u, combined+tx at most %u\n",
			    R8127_MAX_RX_QUEUES, R8127_MAX_TX_QUEUES);
		return -EINVAL;
	}
	if (!rx || !tx) {
		netdev_info(dev, "at least one RX and one TX queue are needed\n");
		return -EINVAL;
	}
	if (rx == tp->qmap.n_rx && tx == tp->qmap.n_tx && comb == tp->req_comb)
		return 0;
	return r8127_reconfigure(tp, rx, tx, comb, tp->rx_ring_size,
				 tp->tx_ring_size, dev->mtu);
}

/* ---------------------------------------------------------------- RSS */

static u32 r8127_get_rxfh_key_size(struct net_device *dev)
{
	return R8127_RSS_KEY_SIZE;
}

static u32 r8127_get_rxfh_indir_size(struct net_device *dev)
{
	return R8127_RSS_INDIR_SIZE;
}

static u32 r8127_rx_ring_count(struct net_device *dev)
{
	struct r8127_priv *tp = netdev_priv(dev);

	return tp->qmap.n_rx;
}

static void r8127_rss_get(struct r8127_priv *tp, u32 *indir, u8 *key)
{
	if (indir)
		memcpy(indir, tp->rss_indir, sizeof(tp->rss_indir));
	if (key)
		memcpy(key, tp->rss_key, sizeof(tp->rss_key));
}

static int r8127_rss_set(struct r8127_priv *tp, const u32 *indir,
			 const u8 *key, u8 hfunc,
			 struct netlink_ext_ack *extack)
{
	if (hfunc != ETH_RSS_HASH_NO_CHANGE && hfunc != ETH_RSS_HASH_TOP) {
		NL_SET_ERR_MSG_MOD(extack, "only the Toeplitz hash is supported");
		return -EOPNOTSUPP;
	}
	if (indir && rxs_indir_check(indir, R8127_RSS_INDIR_SIZE,
				     R8127_RSS_INDIR_SIZE, tp->qmap.n_rx)) {
		NL_SET_ERR_MSG_MOD(extack, "indirection entry beyond the RX queues");
		return -EINVAL;
	}
	if (indir)
		memcpy(tp->rss_indir, indir, sizeof(tp->rss_indir));
	if (key)
		memcpy(tp->rss_key, key, sizeof(tp->rss_key));
	if (tp->up)
		r8127_hw_write_rss(tp);
	return 0;
}

#ifdef HAVE_ETHTOOL_RXFH_PARAM
static int r8127_get_rxfh(struct net_device *dev,
			  struct ethtool_rxfh_param *rxfh)
{
	rxfh->hfunc = ETH_RSS_HASH_TOP;
	r8127_rss_get(netdev_priv(dev), rxfh->indir, rxfh->key);
	return 0;
}

static int r8127_set_rxfh(struct net_device *dev,
			  struct ethtool_rxfh_param *rxfh,
			  struct netlink_ext_ack *extack)
{
	return r8127_rss_set(netdev_priv(dev), rxfh->indir, rxfh->key,
			     rxfh->hfunc, extack);
}
#else
static int r8127_get_rxfh(struct net_device *dev, u32 *indir, u8 *key,
			  u8 *hfunc)
{
	if (hfunc)
		*hfunc = ETH_RSS_HASH_TOP;
	r8127_rss_get(netdev_priv(dev), indir, key);
	return 0;
}

static int r8127_set_rxfh(struct net_device *dev, const u32 *indir,
			  const u8 *key, const u8 hfunc)
{
	return r8127_rss_set(netdev_priv(dev), indir, key, hfunc, NULL);
}
#endif

/* Header fields hashed for @flow_type, as the hardware is set now. */
static int r8127_flow_fields(struct r8127_priv *tp, u32 flow_type, u64 *data)
{
	const u64 ip = RXH_IP_SRC | RXH_IP_DST;
	const u64 l4 = RXH_L4_B_0_1 | RXH_L4_B_2_3;

	*data = 0;
	switch (flow_type & ~(FLOW_EXT | FLOW_MAC_EXT | FLOW_RSS)) {
	case TCP_V4_FLOW:
	case TCP_V6_FLOW:
		*data = ip | l4;
		break;
	case UDP_V4_FLOW:
		*data = ip | (tp->rss_udp4 ? l4 : 0);
		break;
	case UDP_V6_FLOW:
		*data = ip | (tp->rss_udp6 ? l4 : 0);
		break;
	case SCTP_V4_FLOW:
	case AH_ESP_V4_FLOW:
	case AH_V4_FLOW:
	case ESP_V4_FLOW:
	case IPV4_FLOW:
	case SCTP_V6_FLOW:
	case AH_ESP_V6_FLOW:
	case AH_V6_FLOW:
	case ESP_V6_FLOW:
	case IPV6_FLOW:
		*data = ip;
		break;
	default:
		return -EINVAL;
	}
	/* one queue: RSS is off, nothing is hashed */
	if (tp->qmap.n_rx < 2)
		*data = 0;
	return 0;
}

/* Only UDP can choose between 2- and 4-tuple; the rest is fixed. */
static int r8127_set_flow_fields(struct r8127_priv *tp, u32 flow_type,
				 u64 data, struct netlink_ext_ack *extack)
{
	const u64 ip = RXH_IP_SRC | RXH_IP_DST;
	const u64 l4 = RXH_L4_B_0_1 | RXH_L4_B_2_3;
	bool *udp = NULL;
	u64 now;

	switch (flow_type) {
	case UDP_V4_FLOW:
		udp = &tp->rss_udp4;
		break;
	case UDP_V6_FLOW:
		udp = &tp->rss_udp6;
		break;
	default:
		break;
	}
	if (udp) {
		if (data != ip && data != (ip | l4)) {
			NL_SET_ERR_MSG_MOD(extack,
					   "UDP hashes on IP addresses (sd) or addresses and ports (sdfn)");
			return -EINVAL;
		}
		WRITE_ONCE(*udp, data == (ip | l4));
		if (tp->up)
			r8127_w32(tp, R8127_RSS_CTRL, r8127_rss_ctrl(tp));
		return 0;
	}
	if (r8127_flow_fields(tp, flow_type, &now)) {
		NL_SET_ERR_MSG_MOD(extack, "unsupported flow type");
		return -EOPNOTSUPP;
	}
	if (tp->qmap.n_rx < 2 || data != now) {
		NL_SET_ERR_MSG_MOD(extack,
				   "only the UDP hash fields can be changed");
		return -EINVAL;
	}
	return 0;
}

#ifdef HAVE_ETHTOOL_GET_RXFH_FIELDS
static int r8127_get_rxfh_fields(struct net_device *dev,
				 struct ethtool_rxfh_fields *f)
{
	u64 data;
	int ret = r8127_flow_fields(netdev_priv(dev), f->flow_type, &data);

	f->data = data;
	return ret;
}

static int r8127_set_rxfh_fields(struct net_device *dev,
				 const struct ethtool_rxfh_fields *f,
				 struct netlink_ext_ack *extack)
{
	return r8127_set_flow_fields(netdev_priv(dev), f->flow_type, f->data,
				     extack);
}
#endif

static int r8127_get_rxnfc(struct net_device *dev, struct ethtool_rxnfc *cmd,
			   u32 *rule_locs)
{
	switch (cmd->cmd) {
	case ETHTOOL_GRXRINGS:
		cmd->data = r8127_rx_ring_count(dev);
		return 0;
#ifndef HAVE_ETHTOOL_GET_RXFH_FIELDS
	case ETHTOOL_GRXFH:
		return r8127_flow_fields(netdev_priv(dev), cmd->flow_type,
					 &cmd->data);
#endif
	default:
		return -EOPNOTSUPP;
	}
}

#ifndef HAVE_ETHTOOL_GET_RXFH_FIELDS
static int r8127_set_rxnfc(struct net_device *dev, struct ethtool_rxnfc *cmd)
{
	if (cmd->cmd != ETHTOOL_SRXFH)
		return -EOPNOTSUPP;
	return r8127_set_flow_fields(netdev_priv(dev), cmd->flow_type,
				     cmd->data, NULL);
}
#endif

/* ---------------------------------------------------------------- coalescing */

static int r8127_get_coalesce(struct net_device *dev,
			      struct ethtool_coalesce *ec,
			      struct kernel_ethtool_coalesce *kec,
			      struct netlink_ext_ack *extack)
{
	struct r8127_priv *tp = netdev_priv(dev);

	ec->rx_coalesce_usecs = tp->coal.rx_usecs;
	ec->tx_coalesce_usecs = tp->coal.tx_usecs;
	return 0;
}

static int r8127_set_coalesce(struct net_device *dev,
			      struct ethtool_coalesce *ec,
			      struct kernel_ethtool_coalesce *kec,
			      struct netlink_ext_ack *extack)
{
	struct r8127_priv *tp = netdev_priv(dev);
	u32 rx, tx, usecs;

	if (!tp->msix) {
		NL_SET_ERR_MSG_MOD(extack,
				   "hardware timers need MSI-X vector mode");
		return -EOPNOTSUPP;
	}
	if (rxs_coal_usecs_to_units(ec->rx_coalesce_usecs, R8127_MITI_UNIT_NS,
				    R8127_MITI_MAX, &rx) ||
	    rxs_coal_usecs_to_units(ec->tx_coalesce_usecs, R8127_MITI_UNIT_NS,
				    R8127_MITI_MAX, &tx)) {
		NL_SET_ERR_MSG_MOD(extack, "usecs above the 8-bit timer range");
		return -EINVAL;
	}
	/* store what the hardware will really do */
	rxs_coal_units_to_usecs(rx, R8127_MITI_UNIT_NS, R8127_MITI_MAX, &usecs);
	tp->coal.rx_usecs = usecs;
	rxs_coal_units_to_usecs(tx, R8127_MITI_UNIT_NS, R8127_MITI_MAX, &usecs);
	tp->coal.tx_usecs = usecs;
	if (tp->up)
		r8127_hw_write_coal(tp);
	return 0;
}

/* ---------------------------------------------------------------- stats */

static const char * const r8127_rxq_stat_names[] = {
	"packets", "bytes", "csum_ok", "csum_none", "alloc_fail", "errors",
	"dropped",
};

static const char * const r8127_txq_stat_names[] = {
	"packets", "bytes", "tso", "stops", "wakes", "errors",
};

static const char * const r8127_dev_stat_names[] = {
	"tx_timeouts", "resets", "hw_tx_packets", "hw_rx_packets",
	"hw_tx_errors", "hw_rx_errors", "hw_rx_missed",
};

#define R8127_N_STATS	(R8127_MAX_RX_QUEUES * ARRAY_SIZE(r8127_rxq_stat_names) + \
			 R8127_MAX_TX_QUEUES * ARRAY_SIZE(r8127_txq_stat_names) + \
			 ARRAY_SIZE(r8127_dev_stat_names))

static int r8127_get_sset_count(struct net_device *dev, int sset)
{
	return sset == ETH_SS_STATS ? R8127_N_STATS : -EOPNOTSUPP;
}

static void r8127_get_strings(struct net_device *dev, u32 sset, u8 *data)
{
	char name[ETH_GSTRING_LEN];
	u32 q, i;

	if (sset != ETH_SS_STATS)
		return;
	for (q = 0; q < R8127_MAX_RX_QUEUES; q++)
		for (i = 0; i < ARRAY_SIZE(r8127_rxq_stat_names); i++) {
			snprintf(name, sizeof(name), "rx%u_%s", q,
				 r8127_rxq_stat_names[i]);
			rxs_ethtool_puts(&data, name);
		}
	for (q = 0; q < R8127_MAX_TX_QUEUES; q++)
		for (i = 0; i < ARRAY_SIZE(r8127_txq_stat_names); i++) {
			snprintf(name, sizeof(name), "tx%u_%s", q,
				 r8127_txq_stat_names[i]);
			rxs_ethtool_puts(&data, name);
		}
	for (i = 0; i < ARRAY_SIZE(r8127_dev_stat_names); i++)
		rxs_ethtool_puts(&data, r8127_dev_stat_names[i]);
}

static void r8127_get_ethtool_stats(struct net_device *dev,
				    struct ethtool_stats *stats, u64 *data)
{
	struct r8127_priv *tp = netdev_priv(dev);
	const struct r8127_tally *t = tp->counters;
	struct r8127_qcnt c;
	bool hw = false;
	u32 q;

	for (q = 0; q < R8127_MAX_RX_QUEUES; q++) {
		r8127_read_qcnt(&tp->rx_stats[q], &c);
		*data++ = c.packets;
		*data++ = c.bytes;
		*data++ = c.csum_ok;
		*data++ = c.csum_none;
		*data++ = c.alloc_fail;
		*data++ = c.errors;
		*data++ = c.dropped;
	}
	for (q = 0; q < R8127_MAX_TX_QUEUES; q++) {
		r8127_read_qcnt(&tp->tx_stats[q], &c);
		*data++ = c.packets;
		*data++ = c.bytes;
		*data++ = c.tso;
		*data++ = c.stops;
		*data++ = c.wakes;
		*data++ = c.errors;
	}
	*data++ = READ_ONCE(tp->tx_timeouts);
	*data++ = READ_ONCE(tp->resets);

	mutex_lock(&tp->counters_lock);
	if (tp->up)
		hw = !r8127_hw_dump_counters(tp);
	*data++ = hw ? le64_to_cpu(t->tx_packets) : 0;
	*data++ = hw ? le64_to_cpu(t->rx_packets) : 0;
	*data++ = hw ? le64_to_cpu(t->tx_errors) : 0;
	*data++ = hw ? le32_to_cpu(t->rx_errors) : 0;
	*data++ = hw ? le16_to_cpu(t->rx_missed) : 0;
	mutex_unlock(&tp->counters_lock);
}

static const struct ethtool_ops r8127_ethtool_ops = {
	.supported_coalesce_params = ETHTOOL_COALESCE_RX_USECS |
				     ETHTOOL_COALESCE_TX_USECS,
	.get_drvinfo		= r8127_get_drvinfo,
	.get_link		= ethtool_op_get_link,
	.get_link_ksettings	= r8127_get_link_ksettings,
	.set_link_ksettings	= r8127_set_link_ksettings,
	.get_ringparam		= r8127_get_ringparam,
	.set_ringparam		= r8127_set_ringparam,
	.get_channels		= r8127_get_channels,
	.set_channels		= r8127_set_channels,
	.get_rxfh_key_size	= r8127_get_rxfh_key_size,
	.get_rxfh_indir_size	= r8127_get_rxfh_indir_size,
	.get_rxfh		= r8127_get_rxfh,
	.set_rxfh		= r8127_set_rxfh,
#ifdef HAVE_ETHTOOL_GET_RXFH_FIELDS
	.get_rxfh_fields	= r8127_get_rxfh_fields,
	.set_rxfh_fields	= r8127_set_rxfh_fields,
#else
	.set_rxnfc		= r8127_set_rxnfc,
#endif
#ifdef HAVE_ETHTOOL_GET_RX_RING_COUNT
	.get_rx_ring_count	= r8127_rx_ring_count,
#endif
	.get_rxnfc		= r8127_get_rxnfc,
	.get_coalesce		= r8127_get_coalesce,
	.set_coalesce		= r8127_set_coalesce,
	.get_sset_count		= r8127_get_sset_count,
	.get_strings		= r8127_get_strings,
	.get_ethtool_stats	= r8127_get_ethtool_stats,
};

void r8127_set_ethtool_ops(struct net_device *dev)
{
	dev->ethtool_ops = &r8127_ethtool_ops;
}
