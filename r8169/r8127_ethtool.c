// SPDX-License-Identifier: GPL-2.0
/*
 * r8127 ethtool operations: channels (-l/-L), RSS (-x/-X, -n/-N
 * rx-flow-hash), coalescing (-c/-C), rings (-g/-G), statistics (-S),
 * driver info (-i) and link settings.
 *
 * Invalid requests fail before anything changes. The RSS and statistics
 * entry points, and the checks of channels, indirection table and hash
 * fields, are rxscale_core's (rxscale/kcore.h) for every kernel's
 * ethtool_ops; this file describes the RTL8127 to them.
 */
#include <linux/ethtool.h>
#include <linux/netdevice.h>
#include <linux/rtnetlink.h>
#include <rxscale/coalesce.h>

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
 * Channels as fbnic counts them (rxscale/channels.h): a channel is a
 * NAPI instance; combined channel q is RX queue q and TX queue q. The
 * link vector is the one "other" channel. The single-vector fallback
 * runs one combined channel and nothing else.
 */
static const struct rxs_chan_limits r8127_chan_msix = {
	.max_rx = R8127_MAX_RX_QUEUES,
	.max_tx = R8127_MAX_TX_QUEUES,
	.other = 1,
	.comb_one_side = true,	/* [fbnic] standalone queues one way only */
};

static const struct rxs_chan_limits r8127_chan_single = {
	.max_rx = 1,
	.max_tx = 1,
	.other = 0,
	.comb_one_side = false,
};

static const struct rxs_chan_limits *r8127_chan_limits(struct r8127_priv *tp)
{
	return tp->msix ? &r8127_chan_msix : &r8127_chan_single;
}

static void r8127_get_channels(struct net_device *dev,
			       struct ethtool_channels *ch)
{
	struct r8127_priv *tp = netdev_priv(dev);
	struct rxs_chan_queues q = {
		.n_rx = tp->vmap.n_rx,
		.n_tx = tp->vmap.n_tx,
		.n_comb = tp->vmap.n_comb,
	};

	rxs_channels_fill(r8127_chan_limits(tp), &q, ch);
	if (!tp->msix) {
		/* one line: no standalone queue, so the stack refuses rx/tx */
		ch->max_rx = 0;
		ch->max_tx = 0;
	}
}

static int r8127_set_channels(struct net_device *dev,
			      struct ethtool_channels *ch)
{
	struct r8127_priv *tp = netdev_priv(dev);
	struct rxs_chan_queues q;
	int ret;

	ret = rxs_channels_check(dev, r8127_chan_limits(tp), ch, &q);
	if (ret)
		return ret;
	if (q.n_rx == tp->vmap.n_rx && q.n_tx == tp->vmap.n_tx &&
	    q.n_comb == tp->vmap.n_comb)
		return 0;
	return r8127_reconfigure(tp, q.n_rx, q.n_tx, q.n_comb,
				 tp->rx_ring_size, tp->tx_ring_size, dev->mtu);
}

/* ---------------------------------------------------------------- RSS */

static u32 r8127_rss_rx_rings(struct net_device *dev)
{
	struct r8127_priv *tp = netdev_priv(dev);

	return tp->vmap.n_rx;
}

static void r8127_rss_get(struct net_device *dev, u32 *indir, u8 *key)
{
	struct r8127_priv *tp = netdev_priv(dev);

	if (indir)
		memcpy(indir, tp->rss_indir, sizeof(tp->rss_indir));
	if (key)
		memcpy(key, tp->rss_key, sizeof(tp->rss_key));
}

/* Checked by the core: Toeplitz, entries below the RX queue count. */
static int r8127_rss_set(struct net_device *dev, const u32 *indir,
			 const u8 *key)
{
	struct r8127_priv *tp = netdev_priv(dev);

	if (indir)
		memcpy(tp->rss_indir, indir, sizeof(tp->rss_indir));
	if (key)
		memcpy(tp->rss_key, key, sizeof(tp->rss_key));
	if (tp->up)
		r8127_hw_write_rss(tp);
	return 0;
}

/*
 * Hash types configured: IP addresses always, TCP and UDP ports as chosen
 * (RSS_CTRL has an enable per type, docs/hw/rtl8127.md section 6).
 */
static u32 r8127_rss_hash_conf(struct net_device *dev)
{
	struct r8127_priv *tp = netdev_priv(dev);
	u32 set = RXS_HT_IPV4 | RXS_HT_IPV6;

	if (READ_ONCE(tp->rss_tcp4))
		set |= RXS_HT_TCP4;
	if (READ_ONCE(tp->rss_tcp6))
		set |= RXS_HT_TCP6;

	if (READ_ONCE(tp->rss_udp4))
		set |= RXS_HT_UDP4;
	if (READ_ONCE(tp->rss_udp6))
		set |= RXS_HT_UDP6;
	return set;
}

/* In effect: nothing with one RX queue (RSS off, r8127_rss_ctrl()). */
static u32 r8127_rss_get_hash(struct net_device *dev)
{
	struct r8127_priv *tp = netdev_priv(dev);

	return tp->vmap.n_rx < 2 ? 0 : r8127_rss_hash_conf(dev);
}

/* The 4-tuple types change (hash_changeable); addresses stay hashed. */
static int r8127_rss_set_hash(struct net_device *dev, u32 set)
{
	struct r8127_priv *tp = netdev_priv(dev);

	WRITE_ONCE(tp->rss_tcp4, !!(set & RXS_HT_TCP4));
	WRITE_ONCE(tp->rss_tcp6, !!(set & RXS_HT_TCP6));
	WRITE_ONCE(tp->rss_udp4, !!(set & RXS_HT_UDP4));
	WRITE_ONCE(tp->rss_udp6, !!(set & RXS_HT_UDP6));
	if (tp->up)
		r8127_w32(tp, R8127_RSS_CTRL, r8127_rss_ctrl(tp));
	return 0;
}

static const struct rxs_rss_desc r8127_rss_desc = {
	.key_size = R8127_RSS_KEY_SIZE,
	.indir_size = R8127_RSS_INDIR_SIZE,
	.hash_changeable = RXS_HT_TCP4 | RXS_HT_UDP4 | RXS_HT_TCP6 | RXS_HT_UDP6,
	.rx_rings = r8127_rss_rx_rings,
	.get = r8127_rss_get,
	.set = r8127_rss_set,
	.get_hash = r8127_rss_get_hash,
	.get_hash_conf = r8127_rss_hash_conf,
	.set_hash = r8127_rss_set_hash,
};

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

/*
 * ethtool -S: rx<q>_* for every RX queue the chip has, tx<q>_* likewise,
 * then the device counters; the same lines feed get_stats64 (TX errors,
 * DMA map failures, count as tx_dropped) and the netdev queue stats.
 */
#define R8127_QSTAT(f, qs, s64)	RXS_STAT(struct r8127_qcnt, f, qs, s64)
#define R8127_DSTAT(f)	RXS_STAT(struct r8127_dev_stats, f, RXS_QS_NONE, \
				 RXS_S64_NONE)

static const struct rxs_stat r8127_rxq_stats[] = {
	R8127_QSTAT(packets, RXS_QS_RX_PACKETS, RXS_S64_RX_PACKETS),
	R8127_QSTAT(bytes, RXS_QS_RX_BYTES, RXS_S64_RX_BYTES),
	R8127_QSTAT(csum_ok, RXS_QS_RX_CSUM_UNNECESSARY, RXS_S64_NONE),
	R8127_QSTAT(csum_none, RXS_QS_RX_CSUM_NONE, RXS_S64_NONE),
	R8127_QSTAT(alloc_fail, RXS_QS_RX_ALLOC_FAIL, RXS_S64_NONE),
	R8127_QSTAT(errors, RXS_QS_RX_HW_DROPS, RXS_S64_RX_ERRORS),
	R8127_QSTAT(dropped, RXS_QS_NONE, RXS_S64_RX_DROPPED),
};

static const struct rxs_stat r8127_txq_stats[] = {
	R8127_QSTAT(packets, RXS_QS_TX_PACKETS, RXS_S64_TX_PACKETS),
	R8127_QSTAT(bytes, RXS_QS_TX_BYTES, RXS_S64_TX_BYTES),
	R8127_QSTAT(tso, RXS_QS_TX_HW_GSO_PACKETS, RXS_S64_NONE),
	R8127_QSTAT(tso_segs, RXS_QS_TX_HW_GSO_WIRE_PACKETS, RXS_S64_NONE),
	R8127_QSTAT(stops, RXS_QS_TX_STOP, RXS_S64_NONE),
	R8127_QSTAT(wakes, RXS_QS_TX_WAKE, RXS_S64_NONE),
	R8127_QSTAT(errors, RXS_QS_NONE, RXS_S64_TX_DROPPED),
};

static const struct rxs_stat r8127_dev_stats[] = {
	R8127_DSTAT(tx_timeouts),
	R8127_DSTAT(resets),
	R8127_DSTAT(hw_tx_packets),
	R8127_DSTAT(hw_rx_packets),
	R8127_DSTAT(hw_tx_errors),
	R8127_DSTAT(hw_rx_errors),
	R8127_DSTAT(hw_rx_missed),
};

static void r8127_read_qcnt(struct r8127_queue_stats *s, void *snap)
{
	struct r8127_qcnt *out = snap;
	unsigned int start;

	do {
		start = u64_stats_fetch_begin(&s->syncp);
		*out = s->c;
	} while (u64_stats_fetch_retry(&s->syncp, start));
}

static void r8127_read_rxq(struct net_device *dev, u32 q, void *snap)
{
	struct r8127_priv *tp = netdev_priv(dev);

	r8127_read_qcnt(&tp->rx_stats[q], snap);
}

static void r8127_read_txq(struct net_device *dev, u32 q, void *snap)
{
	struct r8127_priv *tp = netdev_priv(dev);

	r8127_read_qcnt(&tp->tx_stats[q], snap);
}

/*
 * A fresh copy of the tally block (may sleep): 0, or -ENETDOWN while the
 * device is down (the chip dumps only with its receiver on).
 */
static int r8127_tally_read(struct r8127_priv *tp, struct r8127_tally *out)
{
	int ret = -ENETDOWN;

	mutex_lock(&tp->counters_lock);
	if (tp->up)
		ret = r8127_hw_dump_counters(tp);
	if (!ret)
		memcpy(out, tp->counters, sizeof(*out));
	mutex_unlock(&tp->counters_lock);
	return ret;
}

/* ethtool -S only (may sleep): the tally block, dumped while up. */
static void r8127_read_dev(struct net_device *dev, void *snap)
{
	struct r8127_priv *tp = netdev_priv(dev);
	struct r8127_dev_stats *d = snap;
	struct r8127_tally t;

	d->tx_timeouts = READ_ONCE(tp->tx_timeouts);
	d->resets = READ_ONCE(tp->resets);
	if (r8127_tally_read(tp, &t))
		return;
	d->hw_tx_packets = le64_to_cpu(t.tx_packets);
	d->hw_rx_packets = le64_to_cpu(t.rx_packets);
	d->hw_tx_errors = le64_to_cpu(t.tx_errors);
	d->hw_rx_errors = le32_to_cpu(t.rx_errors);
	d->hw_rx_missed = le16_to_cpu(t.rx_missed);
}

/*
 * IEEE 802.3 MAC statistics (ethtool -S --groups eth-mac) from the tally
 * block, the counters the chip keeps for them ([up]
 * rtl8169_get_eth_mac_stats reads the same fields). Left unset while down.
 */
static void r8127_get_eth_mac_stats(struct net_device *dev,
				    struct ethtool_eth_mac_stats *mac)
{
	struct r8127_priv *tp = netdev_priv(dev);
	struct r8127_tally t;

	if (r8127_tally_read(tp, &t))
		return;
	mac->FramesTransmittedOK = le64_to_cpu(t.tx_packets);
	mac->SingleCollisionFrames = le32_to_cpu(t.tx_one_collision);
	mac->MultipleCollisionFrames = le32_to_cpu(t.tx_multi_collision);
	mac->FramesReceivedOK = le64_to_cpu(t.rx_packets);
	mac->AlignmentErrors = le32_to_cpu(t.align_errors);
	mac->FramesLostDueToIntMACXmitError = le64_to_cpu(t.tx_errors);
	mac->OctetsTransmittedOK = le64_to_cpu(t.tx_octets);
	mac->LateCollisions = le32_to_cpu(t.tx_late_collision);
	mac->FramesAbortedDueToXSColls = le32_to_cpu(t.tx_aborted);
	mac->OctetsReceivedOK = le64_to_cpu(t.rx_octets);
	mac->FramesLostDueToIntMACRcvError = le32_to_cpu(t.rx_mac_error);
	mac->MulticastFramesXmittedOK = le64_to_cpu(t.tx_multicast);
	mac->BroadcastFramesXmittedOK = le64_to_cpu(t.tx_broadcast);
	mac->MulticastFramesReceivedOK = le64_to_cpu(t.rx_multicast);
	mac->BroadcastFramesReceivedOK = le64_to_cpu(t.rx_broadcast);
	mac->FrameTooLongErrors = le32_to_cpu(t.rx_frame_too_long);
}

/* MAC control statistics: the one the tally block has. */
static void r8127_get_eth_ctrl_stats(struct net_device *dev,
				     struct ethtool_eth_ctrl_stats *ctrl)
{
	struct r8127_priv *tp = netdev_priv(dev);
	struct r8127_tally t;

	if (r8127_tally_read(tp, &t))
		return;
	ctrl->UnsupportedOpcodesReceived = le32_to_cpu(t.rx_unknown_opcode);
}

/* the core's snapshot buffer holds either counter struct */
union r8127_stats_snap {
	struct r8127_qcnt q;
	struct r8127_dev_stats d;
};

static const struct rxs_stats_desc r8127_stats_desc = {
	.rxq = r8127_rxq_stats,
	.n_rxq = ARRAY_SIZE(r8127_rxq_stats),
	.max_rx = R8127_MAX_RX_QUEUES,
	.txq = r8127_txq_stats,
	.n_txq = ARRAY_SIZE(r8127_txq_stats),
	.max_tx = R8127_MAX_TX_QUEUES,
	.dev = r8127_dev_stats,
	.n_dev = ARRAY_SIZE(r8127_dev_stats),
	.snap_size = sizeof(union r8127_stats_snap),
	.read_rxq = r8127_read_rxq,
	.read_txq = r8127_read_txq,
	.read_dev = r8127_read_dev,
};

static const struct rxs_ethtool_ops r8127_ethtool_ops = {
	.ops = {
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
		.get_coalesce		= r8127_get_coalesce,
		.set_coalesce		= r8127_set_coalesce,
		.get_eth_mac_stats	= r8127_get_eth_mac_stats,
		.get_eth_ctrl_stats	= r8127_get_eth_ctrl_stats,
		RXS_ETHTOOL_RSS_OPS
		RXS_ETHTOOL_STATS_OPS
	},
	.rss = &r8127_rss_desc,
	.stats = &r8127_stats_desc,
};

/* -EINVAL (and a warning) if a statistics table does not fit. */
int r8127_set_ethtool_ops(struct net_device *dev)
{
	int ret = rxs_stats_desc_check(&r8127_stats_desc);

	if (ret)
		return ret;
	dev->ethtool_ops = &r8127_ethtool_ops.ops;
	return 0;
}
