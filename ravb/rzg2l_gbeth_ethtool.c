// SPDX-License-Identifier: GPL-2.0
/*
 * rzg2l_gbeth ethtool operations: driver info (-i), statistics (-S, and
 * from the same tables get_stats64 and netdev qstats, rxscale_core),
 * rings (-g/-G), channels (-l/-L: the one queue pair, reported, never
 * changed), coalescing (-c/-C, onto the software IRQ coalescing),
 * link settings through phylib. Checksum offloads (-k/-K)
 * are features (ndo_set_features). Invalid requests fail before anything
 * changes.
 */
#include <linux/ethtool.h>
#include <linux/netdevice.h>
#include <linux/platform_device.h>
#include <linux/pm_runtime.h>

#include "rzg2l_gbeth.h"

static void gbeth_get_drvinfo(struct net_device *dev,
			      struct ethtool_drvinfo *info)
{
	struct gbeth_priv *p = netdev_priv(dev);

	strscpy(info->driver, GBETH_DRV_NAME, sizeof(info->driver));
	strscpy(info->bus_info, dev_name(p->dmadev), sizeof(info->bus_info));
}

static int gbeth_nway_reset(struct net_device *dev)
{
	/* the PHY is connected (and its bus clocked) only while up */
	if (!netif_running(dev) || !dev->phydev)
		return -ENETDOWN;
	return phy_ethtool_nway_reset(dev);
}

/* ---------------------------------------------------------------- rings */

static void gbeth_get_ringparam(struct net_device *dev,
				struct ethtool_ringparam *ring,
				struct kernel_ethtool_ringparam *kring,
				struct netlink_ext_ack *extack)
{
	struct gbeth_priv *p = netdev_priv(dev);

	ring->rx_max_pending = GBETH_RX_RING_MAX;
	ring->tx_max_pending = GBETH_TX_RING_MAX;
	ring->rx_pending = p->rx_ring_size;
	ring->tx_pending = p->tx_ring_size;
}

static int gbeth_set_ringparam(struct net_device *dev,
			       struct ethtool_ringparam *ring,
			       struct kernel_ethtool_ringparam *kring,
			       struct netlink_ext_ack *extack)
{
	struct gbeth_priv *p = netdev_priv(dev);

	if (ring->rx_mini_pending || ring->rx_jumbo_pending) {
		NL_SET_ERR_MSG_MOD(extack, "no mini or jumbo rings");
		return -EINVAL;
	}
	/* the stack refuses counts above the maxima itself */
	if (ring->rx_pending < GBETH_RX_RING_MIN ||
	    ring->tx_pending < GBETH_TX_RING_MIN) {
		NL_SET_ERR_MSG_MOD(extack,
				   "rings of at least 64 descriptors (rx 64..2048, tx 64..1024)");
		return -EINVAL;
	}
	if (ring->rx_pending > GBETH_RX_RING_MAX ||
	    ring->tx_pending > GBETH_TX_RING_MAX) {
		NL_SET_ERR_MSG_MOD(extack, "rings of rx 64..2048, tx 64..1024");
		return -EINVAL;
	}
	if (ring->rx_pending == p->rx_ring_size &&
	    ring->tx_pending == p->tx_ring_size)
		return 0;
	return gbeth_set_rings(p, ring->rx_pending, ring->tx_pending);
}

/* ---------------------------------------------------------------- channels */

/*
 * -l/-L: the GbEth has one TX and one RX queue, served by one NAPI (ravb's
 * gbeth_hw_info: no network-control queue, TCCR_TSRQ0 only, two DBAT
 * entries; docs/hw/rzg2l-gbeth.md): one combined
 * channel, reported so that tools see the queue count, and the only
 * setting -L accepts. The stack refuses counts above the maxima and a
 * request without any channel before this is called.
 */
static void gbeth_get_channels(struct net_device *dev,
			       struct ethtool_channels *ch)
{
	ch->max_combined = 1;
	ch->combined_count = 1;
}

static int gbeth_set_channels(struct net_device *dev,
			      struct ethtool_channels *ch)
{
	if (ch->combined_count != 1 || ch->rx_count || ch->tx_count ||
	    ch->other_count)
		return -EINVAL;
	return 0;
}

/* ---------------------------------------------------------------- coalescing */

/*
 * -c/-C: the hardware has no interrupt moderation (ravb offers none for
 * GbEth), so the one honest mapping is onto the software IRQ coalescing
 * of the one NAPI: rx-usecs is its gro_flush_timeout in microseconds,
 * how long interrupts stay masked after a poll that found work while
 * napi_defer_hard_irqs is non-zero (RX and TX share the NAPI, so it
 * holds off TX completions too). Every other parameter is refused by
 * the ethtool core (supported_coalesce_params). The sysfs file takes
 * nanoseconds: -c shows them rounded down, and -C of the value -c shows
 * changes nothing. docs/hw/rzg2l-gbeth-driver.md.
 */
#define GBETH_COAL_USECS_MAX	1000000	/* 1 s: longer is not coalescing */

static int gbeth_get_coalesce(struct net_device *dev,
			      struct ethtool_coalesce *ec,
			      struct kernel_ethtool_coalesce *kec,
			      struct netlink_ext_ack *extack)
{
	struct gbeth_priv *p = netdev_priv(dev);

	ec->rx_coalesce_usecs = min_t(unsigned long, U32_MAX,
				      rxs_napi_gro_flush_timeout(&p->napi) /
				      NSEC_PER_USEC);
	return 0;
}

static int gbeth_set_coalesce(struct net_device *dev,
			      struct ethtool_coalesce *ec,
			      struct kernel_ethtool_coalesce *kec,
			      struct netlink_ext_ack *extack)
{
	struct gbeth_priv *p = netdev_priv(dev);
	u32 usecs = ec->rx_coalesce_usecs;

	if (usecs > GBETH_COAL_USECS_MAX) {
		NL_SET_ERR_MSG_MOD(extack,
				   "rx-usecs (gro_flush_timeout) 0..1000000");
		return -EINVAL;
	}
	if (usecs == rxs_napi_gro_flush_timeout(&p->napi) / NSEC_PER_USEC)
		return 0;
	if (usecs && !rxs_napi_defer_hard_irqs(&p->napi)) {
		NL_SET_ERR_MSG_MOD(extack,
				   "napi_defer_hard_irqs is 0, so rx-usecs would not hold interrupts off: set it first");
		return -EINVAL;
	}
	rxs_set_gro_flush_timeout(dev, (unsigned long)usecs * NSEC_PER_USEC);
	return 0;
}

/* ---------------------------------------------------------------- stats */

/*
 * ethtool -S: rx0_*, tx0_*, then the device counters; the queue lines
 * also feed get_stats64 and the netdev queue stats.
 */
#define GBETH_QSTAT(f, qs, s64)	RXS_STAT(struct gbeth_qcnt, f, qs, s64)
#define GBETH_DSTAT(f)	RXS_STAT(struct gbeth_dev_stats, f, RXS_QS_NONE, \
				 RXS_S64_NONE)

static const struct rxs_stat gbeth_rxq_stats[] = {
	GBETH_QSTAT(packets, RXS_QS_RX_PACKETS, RXS_S64_RX_PACKETS),
	GBETH_QSTAT(bytes, RXS_QS_RX_BYTES, RXS_S64_RX_BYTES),
	GBETH_QSTAT(csum_ok, RXS_QS_RX_CSUM_UNNECESSARY, RXS_S64_NONE),
	GBETH_QSTAT(csum_none, RXS_QS_RX_CSUM_NONE, RXS_S64_NONE),
	GBETH_QSTAT(alloc_fail, RXS_QS_RX_ALLOC_FAIL, RXS_S64_NONE),
	GBETH_QSTAT(errors, RXS_QS_RX_HW_DROPS, RXS_S64_RX_ERRORS),
	GBETH_QSTAT(dropped, RXS_QS_NONE, RXS_S64_RX_DROPPED),
	GBETH_QSTAT(multicast, RXS_QS_NONE, RXS_S64_NONE),
	GBETH_QSTAT(frags, RXS_QS_NONE, RXS_S64_NONE),
};

static const struct rxs_stat gbeth_txq_stats[] = {
	GBETH_QSTAT(packets, RXS_QS_TX_PACKETS, RXS_S64_TX_PACKETS),
	GBETH_QSTAT(bytes, RXS_QS_TX_BYTES, RXS_S64_TX_BYTES),
	GBETH_QSTAT(csum_sw, RXS_QS_NONE, RXS_S64_NONE),
	GBETH_QSTAT(stops, RXS_QS_TX_STOP, RXS_S64_NONE),
	GBETH_QSTAT(xmit_cleans, RXS_QS_NONE, RXS_S64_NONE),
	GBETH_QSTAT(wakes, RXS_QS_TX_WAKE, RXS_S64_NONE),
	GBETH_QSTAT(dropped, RXS_QS_NONE, RXS_S64_TX_DROPPED),
};

static const struct rxs_stat gbeth_dev_stats[] = {
	GBETH_DSTAT(rx_queue_full),
	GBETH_DSTAT(rx_fifo_overflow),
	GBETH_DSTAT(rx_crc_errors),
	GBETH_DSTAT(rx_frame_errors),
	GBETH_DSTAT(rx_length_errors),
	GBETH_DSTAT(rx_missed_errors),
	GBETH_DSTAT(hw_tx_retry_over),
	GBETH_DSTAT(hw_collisions),
	GBETH_DSTAT(hw_carrier_errors),
	GBETH_DSTAT(tx_timeouts),
	GBETH_DSTAT(resets),
};

static void gbeth_read_q(struct gbeth_queue_stats *s, void *snap)
{
	struct gbeth_qcnt *out = snap;
	unsigned int start;

	do {
		start = u64_stats_fetch_begin(&s->syncp);
		*out = s->c;
	} while (u64_stats_fetch_retry(&s->syncp, start));
}

static void gbeth_read_rxq(struct net_device *dev, u32 q, void *snap)
{
	struct gbeth_priv *p = netdev_priv(dev);

	gbeth_read_q(&p->rx_stats, snap);
}

static void gbeth_read_txq(struct net_device *dev, u32 q, void *snap)
{
	struct gbeth_priv *p = netdev_priv(dev);

	gbeth_read_q(&p->tx_stats, snap);
}

/* What get_stats64 adds beyond the tables: the error kinds. */
static void gbeth_dev_snapshot(struct gbeth_priv *p, struct gbeth_dev_stats *d)
{
	unsigned int start;

	d->rx_queue_full = READ_ONCE(p->rx_queue_full);
	d->rx_fifo_overflow = READ_ONCE(p->rx_fifo_overflow);
	do {
		start = u64_stats_fetch_begin(&p->rx_stats.syncp);
		d->rx_crc_errors = p->rx_crc_errors;
		d->rx_frame_errors = p->rx_frame_errors;
		d->rx_length_errors = p->rx_length_errors;
		d->rx_missed_errors = p->rx_missed_errors;
	} while (u64_stats_fetch_retry(&p->rx_stats.syncp, start));
	d->hw_tx_retry_over = READ_ONCE(p->hw_tx_retry_over);
	d->hw_collisions = READ_ONCE(p->hw_collisions);
	d->hw_carrier_errors = READ_ONCE(p->hw_carrier_errors);
	d->tx_timeouts = READ_ONCE(p->tx_timeouts);
	d->resets = READ_ONCE(p->resets);
}

/* ethtool -S only (may sleep): the E-MAC counters, read while powered. */
static void gbeth_read_dev(struct net_device *dev, void *snap)
{
	struct gbeth_priv *p = netdev_priv(dev);

	if (pm_runtime_get_if_in_use(p->dmadev) > 0) {
		gbeth_hw_read_counters(p);
		pm_runtime_put(p->dmadev);
	}
	gbeth_dev_snapshot(p, snap);
}

union gbeth_stats_snap {
	struct gbeth_qcnt q;
	struct gbeth_dev_stats d;
};

static const struct rxs_stats_desc gbeth_stats_desc = {
	.rxq = gbeth_rxq_stats,
	.n_rxq = ARRAY_SIZE(gbeth_rxq_stats),
	.max_rx = 1,
	.txq = gbeth_txq_stats,
	.n_txq = ARRAY_SIZE(gbeth_txq_stats),
	.max_tx = 1,
	.dev = gbeth_dev_stats,
	.n_dev = ARRAY_SIZE(gbeth_dev_stats),
	.snap_size = sizeof(union gbeth_stats_snap),
	.read_rxq = gbeth_read_rxq,
	.read_txq = gbeth_read_txq,
	.read_dev = gbeth_read_dev,
};

/*
 * The tables' sums (rxscale_core), plus the error kinds and E-MAC
 * counters rtnl_link_stats64 has fields for (as ravb_get_stats maps
 * them; the E-MAC counters as last read: atomic context here).
 */
void gbeth_get_stats64(struct net_device *dev, struct rtnl_link_stats64 *s)
{
	struct gbeth_priv *p = netdev_priv(dev);
	struct gbeth_dev_stats d;

	rxs_stats_get64(&gbeth_stats_desc, dev, s);
	gbeth_dev_snapshot(p, &d);
	s->rx_over_errors = d.rx_queue_full;
	s->rx_fifo_errors = d.rx_fifo_overflow;
	s->rx_crc_errors = d.rx_crc_errors;
	s->rx_frame_errors = d.rx_frame_errors;
	s->rx_length_errors = d.rx_length_errors;
	s->rx_missed_errors = d.rx_missed_errors;
	s->tx_dropped += d.hw_tx_retry_over;
	s->collisions = d.hw_collisions;
	s->tx_carrier_errors = d.hw_carrier_errors;
}

static const struct rxs_ethtool_ops gbeth_ethtool_ops = {
	.ops = {
		.supported_coalesce_params = ETHTOOL_COALESCE_RX_USECS,
		.get_drvinfo		= gbeth_get_drvinfo,
		.get_link		= ethtool_op_get_link,
		.get_link_ksettings	= phy_ethtool_get_link_ksettings,
		.set_link_ksettings	= phy_ethtool_set_link_ksettings,
		.nway_reset		= gbeth_nway_reset,
		.get_ringparam		= gbeth_get_ringparam,
		.set_ringparam		= gbeth_set_ringparam,
		.get_channels		= gbeth_get_channels,
		.set_channels		= gbeth_set_channels,
		.get_coalesce		= gbeth_get_coalesce,
		.set_coalesce		= gbeth_set_coalesce,
		RXS_ETHTOOL_STATS_OPS
	},
	.stats = &gbeth_stats_desc,
};

/* -EINVAL (and a warning) if a statistics table does not fit. */
int gbeth_set_ethtool_ops(struct net_device *dev)
{
	int ret = rxs_stats_desc_check(&gbeth_stats_desc);

	if (ret)
		return ret;
	dev->ethtool_ops = &gbeth_ethtool_ops.ops;
	return 0;
}
