// SPDX-License-Identifier: GPL-2.0
/*
 * mt7988_eth ethtool operations: driver info (-i), link (phylink),
 * channels (-l/-L), RSS (-x/-X, -n rx-flow-hash), LRO rules (-n/-N),
 * rings (-g/-G), TX interrupt coalescing (-c/-C) and statistics (-S). The
 * RSS and statistics entry points and the channel checks are
 * rxscale_core's (rxscale/kcore.h); this file describes the MT7988 to
 * them. Invalid requests fail before anything changes.
 */
#include <linux/ethtool.h>
#include <linux/netdevice.h>
#include <linux/platform_device.h>
#include <rxscale/coalesce.h>

#include "mt7988.h"

static void mt7988_get_drvinfo(struct net_device *dev,
			       struct ethtool_drvinfo *info)
{
	struct mt7988_priv *eth = netdev_priv(dev);

	strscpy(info->driver, MT7988_DRV_NAME, sizeof(info->driver));
	strscpy(info->bus_info, dev_name(eth->dmadev), sizeof(info->bus_info));
}

static int mt7988_get_link_ksettings(struct net_device *dev,
				     struct ethtool_link_ksettings *cmd)
{
	struct mt7988_priv *eth = netdev_priv(dev);

	return phylink_ethtool_ksettings_get(eth->phylink, cmd);
}

static int mt7988_set_link_ksettings(struct net_device *dev,
				     const struct ethtool_link_ksettings *cmd)
{
	struct mt7988_priv *eth = netdev_priv(dev);

	return phylink_ethtool_ksettings_set(eth->phylink, cmd);
}

static void mt7988_get_ringparam(struct net_device *dev,
				 struct ethtool_ringparam *ring,
				 struct kernel_ethtool_ringparam *kring,
				 struct netlink_ext_ack *extack)
{
	struct mt7988_priv *eth = netdev_priv(dev);

	ring->rx_max_pending = MT7988_RX_RING_SIZE;
	ring->tx_max_pending = MT7988_TX_RING_SIZE;
	ring->rx_pending = eth->rx_size;
	ring->tx_pending = MT7988_TX_RING_SIZE;
}

/*
 * -G: the RSS rings' size, MT7988_RX_RING_MIN..MT7988_RX_RING_SIZE (the
 * ethtool core refuses more than the maximum, and mini/jumbo rings the
 * driver does not report). The TX ring is one size: its index is a mask
 * and the QDMA free queue is sized for it (mt7988_txrx.c).
 */
static int mt7988_set_ringparam(struct net_device *dev,
				struct ethtool_ringparam *ring,
				struct kernel_ethtool_ringparam *kring,
				struct netlink_ext_ack *extack)
{
	struct mt7988_priv *eth = netdev_priv(dev);

	BUILD_BUG_ON(MT7988_RX_RING_MIN != 64 || MT7988_TX_RING_SIZE != 1024);
	if (ring->tx_pending != MT7988_TX_RING_SIZE) {
		NL_SET_ERR_MSG_MOD(extack, "tx: the TX ring has 1024 descriptors, not changeable");
		return -EINVAL;
	}
	if (ring->rx_pending < MT7988_RX_RING_MIN) {
		NL_SET_ERR_MSG_MOD(extack, "rx: at least 64 descriptors");
		return -EINVAL;
	}
	if (ring->rx_pending == eth->rx_size)
		return 0;
	return mt7988_resize_rx(eth, ring->rx_pending);
}

/* ---------------------------------------------------------------- coalesce */

/*
 * -c/-C: the TX half of the hardware delay interrupt (tx-usecs in 20 us
 * steps up to 255 of them, tx-frames up to 127); 0 and 0 is off, TX done
 * at once. The RX half stays off: which interrupt bits it delays on the
 * RSS rings is not known (mt7988_hw_write_delay), so rx-* are refused by
 * the ethtool core (supported_coalesce_params).
 */

static int mt7988_get_coalesce(struct net_device *dev,
			       struct ethtool_coalesce *ec,
			       struct kernel_ethtool_coalesce *kec,
			       struct netlink_ext_ack *extack)
{
	struct mt7988_priv *eth = netdev_priv(dev);
	u32 ptime = FIELD_GET(MT7988_DLY_PTIME, eth->tx_dly);
	u32 pint = FIELD_GET(MT7988_DLY_PINT, eth->tx_dly);

	rxs_coal_units_to_usecs(ptime, MT7988_DLY_PTIME_NS,
				FIELD_MAX(MT7988_DLY_PTIME),
				&ec->tx_coalesce_usecs);
	ec->tx_max_coalesced_frames = pint;
	return 0;
}

static int mt7988_set_coalesce(struct net_device *dev,
			       struct ethtool_coalesce *ec,
			       struct kernel_ethtool_coalesce *kec,
			       struct netlink_ext_ack *extack)
{
	struct mt7988_priv *eth = netdev_priv(dev);
	u32 ptime, pint;
	u16 dly;

	/* the limits the messages name (6.1 has no NL_SET_ERR_MSG_FMT) */
	BUILD_BUG_ON(FIELD_MAX(MT7988_DLY_PTIME) * MT7988_DLY_PTIME_NS / 1000 != 5100);
	BUILD_BUG_ON(FIELD_MAX(MT7988_DLY_PINT) != 127);
	if (rxs_coal_usecs_to_units(ec->tx_coalesce_usecs, MT7988_DLY_PTIME_NS,
				    FIELD_MAX(MT7988_DLY_PTIME), &ptime)) {
		NL_SET_ERR_MSG_MOD(extack, "tx-usecs: at most 5100 (steps of 20 us)");
		return -EINVAL;
	}
	if (rxs_coal_frames_to_field(ec->tx_max_coalesced_frames, 1,
				     FIELD_MAX(MT7988_DLY_PINT), &pint)) {
		NL_SET_ERR_MSG_MOD(extack, "tx-frames: at most 127");
		return -EINVAL;
	}
	dly = FIELD_PREP(MT7988_DLY_PTIME, ptime) |
	      FIELD_PREP(MT7988_DLY_PINT, pint);
	if (dly)
		dly |= MT7988_DLY_EN;
	eth->tx_dly = dly;
	/* down too: the frame engine stays clocked and open does not write it */
	mt7988_hw_write_delay(eth);
	return 0;
}

/* ---------------------------------------------------------------- channels */

/*
 * A channel is a NAPI (rxscale/channels.h): RX queue q on pdma<q>, the
 * TX queue on fe1; combined channel 0 is RX queue 0 with the TX queue.
 * No other (link) interrupt: the link is fixed.
 */
static void mt7988_chan_limits(struct mt7988_priv *eth,
			       struct rxs_chan_limits *lim)
{
	lim->max_rx = eth->max_rx;
	lim->max_tx = MT7988_MAX_TX_QUEUES;
	lim->other = 0;
	lim->comb_one_side = true;
}

static void mt7988_get_channels(struct net_device *dev,
				struct ethtool_channels *ch)
{
	struct mt7988_priv *eth = netdev_priv(dev);
	struct rxs_chan_queues q = {
		.n_rx = eth->vmap.n_rx,
		.n_tx = eth->vmap.n_tx,
		.n_comb = eth->vmap.n_comb,
	};
	struct rxs_chan_limits lim;

	mt7988_chan_limits(eth, &lim);
	rxs_channels_fill(&lim, &q, ch);
}

static int mt7988_set_channels(struct net_device *dev,
			       struct ethtool_channels *ch)
{
	struct mt7988_priv *eth = netdev_priv(dev);
	struct rxs_chan_limits lim;
	struct rxs_chan_queues q;
	int ret;

	mt7988_chan_limits(eth, &lim);
	ret = rxs_channels_check(dev, &lim, ch, &q);
	if (ret)
		return ret;
	if (q.n_rx == eth->vmap.n_rx && q.n_comb == eth->vmap.n_comb)
		return 0;
	return mt7988_reconfigure(eth, q.n_rx, q.n_comb);
}

/* ---------------------------------------------------------------- RSS */

static u32 mt7988_rss_rx_rings(struct net_device *dev)
{
	struct mt7988_priv *eth = netdev_priv(dev);

	return eth->vmap.n_rx;
}

static void mt7988_rss_get(struct net_device *dev, u32 *indir, u8 *key)
{
	struct mt7988_priv *eth = netdev_priv(dev);

	if (indir)
		memcpy(indir, eth->rss_indir, sizeof(eth->rss_indir));
	if (key)
		memcpy(key, eth->rss_key, sizeof(eth->rss_key));
}

/* Checked by the core: Toeplitz, entries below the RX queue count. */
static int mt7988_rss_set(struct net_device *dev, const u32 *indir,
			  const u8 *key)
{
	struct mt7988_priv *eth = netdev_priv(dev);

	if (indir)
		memcpy(eth->rss_indir, indir, sizeof(eth->rss_indir));
	if (key)
		memcpy(eth->rss_key, key, sizeof(eth->rss_key));
	if (eth->up)
		mt7988_hw_write_rss(eth);
	if (key)
		mt7988_buckets_rekey(eth);
	return 0;
}

/*
 * Hash types: the SDK enables the whole IPv4 and IPv6 fields (0x7 each:
 * TCP and UDP 4-tuple, other IP 2-tuple); nothing is changeable yet.
 * In effect only with RSS on (two or more RX queues).
 */
static u32 mt7988_rss_hash_conf(struct net_device *dev)
{
	return RXS_HT_ALL;
}

static u32 mt7988_rss_get_hash(struct net_device *dev)
{
	return mt7988_rss_types(netdev_priv(dev));
}

static int mt7988_rss_set_hash(struct net_device *dev, u32 set)
{
	return -EOPNOTSUPP;	/* hash_changeable is 0: never called */
}

static const struct rxs_rss_desc mt7988_rss_desc = {
	.key_size = MT7988_RSS_KEY_SIZE,
	.indir_size = MT7988_RSS_INDIR_SIZE,
	.hash_changeable = 0,
	.rx_rings = mt7988_rss_rx_rings,
	.get = mt7988_rss_get,
	.set = mt7988_rss_set,
	.get_hash = mt7988_rss_get_hash,
	.get_hash_conf = mt7988_rss_hash_conf,
	.set_hash = mt7988_rss_set_hash,
};

/* ---------------------------------------------------------------- rxnfc */

/* -n: the LRO rules (mt7988_lro.c), the rest (rings, hash) the core's. */
static int mt7988_get_rxnfc(struct net_device *dev, struct ethtool_rxnfc *cmd,
			    u32 *rule_locs)
{
	struct mt7988_priv *eth = netdev_priv(dev);
	int ret = mt7988_lro_get_rxnfc(eth, cmd, rule_locs);

	return ret == -EOPNOTSUPP ? rxs_get_rxnfc(dev, cmd, rule_locs) : ret;
}

/* -N: LRO rules, and the hash fields where the kernel routes them here. */
static int mt7988_set_rxnfc(struct net_device *dev, struct ethtool_rxnfc *cmd)
{
	struct mt7988_priv *eth = netdev_priv(dev);
	int ret = mt7988_lro_set_rxnfc(eth, cmd);

	return ret == -EOPNOTSUPP ? rxs_set_rxnfc_hash(dev, cmd) : ret;
}

/* ---------------------------------------------------------------- stats */

/*
 * ethtool -S: rx<q>_* for every RX ring, tx0_*, then the GDM1 MIB totals
 * (the hardware's own counts, which the per-queue ones can be checked
 * against); the same lines feed get_stats64 and the netdev queue stats.
 */
#define MT7988_QSTAT(f, qs, s64)	RXS_STAT(struct mt7988_qcnt, f, qs, s64)
#define MT7988_DSTAT(f)	RXS_STAT(struct mt7988_dev_stats, f, RXS_QS_NONE, \
				 RXS_S64_NONE)

static const struct rxs_stat mt7988_rxq_stats[] = {
	MT7988_QSTAT(packets, RXS_QS_RX_PACKETS, RXS_S64_RX_PACKETS),
	MT7988_QSTAT(bytes, RXS_QS_RX_BYTES, RXS_S64_RX_BYTES),
	MT7988_QSTAT(csum_ok, RXS_QS_RX_CSUM_UNNECESSARY, RXS_S64_NONE),
	MT7988_QSTAT(csum_none, RXS_QS_RX_CSUM_NONE, RXS_S64_NONE),
	MT7988_QSTAT(alloc_fail, RXS_QS_RX_ALLOC_FAIL, RXS_S64_NONE),
	MT7988_QSTAT(dropped, RXS_QS_NONE, RXS_S64_RX_DROPPED),
};

static const struct rxs_stat mt7988_txq_stats[] = {
	MT7988_QSTAT(packets, RXS_QS_TX_PACKETS, RXS_S64_TX_PACKETS),
	MT7988_QSTAT(bytes, RXS_QS_TX_BYTES, RXS_S64_TX_BYTES),
	MT7988_QSTAT(tso, RXS_QS_TX_HW_GSO_PACKETS, RXS_S64_NONE),
	MT7988_QSTAT(tso_segs, RXS_QS_TX_HW_GSO_WIRE_PACKETS, RXS_S64_NONE),
	MT7988_QSTAT(stops, RXS_QS_TX_STOP, RXS_S64_NONE),
	MT7988_QSTAT(wakes, RXS_QS_TX_WAKE, RXS_S64_NONE),
	MT7988_QSTAT(errors, RXS_QS_NONE, RXS_S64_TX_DROPPED),
};

static const struct rxs_stat mt7988_dev_stats[] = {
	MT7988_DSTAT(hw_rx_packets),
	MT7988_DSTAT(hw_rx_bytes),
	MT7988_DSTAT(hw_tx_packets),
	MT7988_DSTAT(hw_tx_bytes),
	MT7988_DSTAT(tx_timeouts),
	MT7988_DSTAT(resets),
	MT7988_DSTAT(lro_skbs),
	MT7988_DSTAT(lro_segments),
	MT7988_DSTAT(lro_flush_agg),
	MT7988_DSTAT(lro_flush_age),
	MT7988_DSTAT(lro_flush_not_in_seq),
};

static void mt7988_read_qcnt(struct mt7988_queue_stats *s,
			     struct mt7988_qcnt *out)
{
	unsigned int start;

	do {
		start = u64_stats_fetch_begin(&s->syncp);
		*out = s->c;
	} while (u64_stats_fetch_retry(&s->syncp, start));
}

static void mt7988_read_rxq(struct net_device *dev, u32 q, void *snap)
{
	struct mt7988_priv *eth = netdev_priv(dev);

	mt7988_read_qcnt(&eth->rx_stats[q], snap);
}

/* The NAPI's and xmit's copies of the TX counters, added up. */
static void mt7988_read_txq(struct net_device *dev, u32 q, void *snap)
{
	struct mt7988_priv *eth = netdev_priv(dev);
	struct mt7988_qcnt a, b;
	u64 *out = snap;
	const u64 *pa = (const u64 *)&a, *pb = (const u64 *)&b;
	u32 i;

	mt7988_read_qcnt(&eth->tx_stats[q], &a);
	mt7988_read_qcnt(&eth->tx_xmit_stats, &b);
	for (i = 0; i < sizeof(a) / sizeof(u64); i++)
		out[i] = pa[i] + pb[i];
}

/* ethtool -S only (may sleep): the MIB totals refreshed, the events. */
static void mt7988_read_dev(struct net_device *dev, void *snap)
{
	struct mt7988_priv *eth = netdev_priv(dev);
	struct mt7988_dev_stats *d = snap;

	mutex_lock(&eth->stats_lock);
	mt7988_hw_read_mib(eth);
	memcpy(d, &eth->hw_stats, sizeof(eth->hw_stats));
	mutex_unlock(&eth->stats_lock);
	d->tx_timeouts = READ_ONCE(eth->tx_timeouts);
	d->resets = READ_ONCE(eth->resets);
	mt7988_lro_read_stats(eth, d);
}

union mt7988_stats_snap {
	struct mt7988_qcnt q;
	struct mt7988_dev_stats d;
};

static const struct rxs_stats_desc mt7988_stats_desc = {
	.rxq = mt7988_rxq_stats,
	.n_rxq = ARRAY_SIZE(mt7988_rxq_stats),
	.max_rx = MT7988_MAX_RX_RINGS,
	.txq = mt7988_txq_stats,
	.n_txq = ARRAY_SIZE(mt7988_txq_stats),
	.max_tx = MT7988_MAX_TX_QUEUES,
	.dev = mt7988_dev_stats,
	.n_dev = ARRAY_SIZE(mt7988_dev_stats),
	.snap_size = sizeof(union mt7988_stats_snap),
	.read_rxq = mt7988_read_rxq,
	.read_txq = mt7988_read_txq,
	.read_dev = mt7988_read_dev,
};

static const struct rxs_ethtool_ops mt7988_ethtool_ops = {
	.ops = {
		.supported_coalesce_params = ETHTOOL_COALESCE_TX_USECS |
					     ETHTOOL_COALESCE_TX_MAX_FRAMES,
		.get_drvinfo		= mt7988_get_drvinfo,
		.get_link		= ethtool_op_get_link,
		.get_link_ksettings	= mt7988_get_link_ksettings,
		.set_link_ksettings	= mt7988_set_link_ksettings,
		.get_ringparam		= mt7988_get_ringparam,
		.set_ringparam		= mt7988_set_ringparam,
		.get_coalesce		= mt7988_get_coalesce,
		.set_coalesce		= mt7988_set_coalesce,
		.get_channels		= mt7988_get_channels,
		.set_channels		= mt7988_set_channels,
		.get_rxnfc		= mt7988_get_rxnfc,
		.set_rxnfc		= mt7988_set_rxnfc,
		RXS_ETHTOOL_RSS_OPS_OWN_RXNFC
		RXS_ETHTOOL_STATS_OPS
	},
	.rss = &mt7988_rss_desc,
	.stats = &mt7988_stats_desc,
};

/* -EINVAL (and a warning) if a statistics table does not fit. */
int mt7988_set_ethtool_ops(struct net_device *dev)
{
	int ret = rxs_stats_desc_check(&mt7988_stats_desc);

	if (ret)
		return ret;
	dev->ethtool_ops = &mt7988_ethtool_ops.ops;
	return 0;
}
