// SPDX-License-Identifier: GPL-2.0
/*
 * Statistics from rxs_stat tables (rxscale/stats.h): ethtool -S,
 * ndo_get_stats64 and netdev queue stats (netdev_stat_ops, 6.9; with
 * the 6.10 fields, see compat/probes/netdev_stat_ops.c).
 */
#include <linux/module.h>
#include <linux/string.h>
#include <rxscale/kcore.h>

/* digits of the largest queue number, for the name-length check */
static u32 rxs_digits(u32 n)
{
	u32 d = 1;

	while (n >= 10) {
		n /= 10;
		d++;
	}
	return d;
}

/* 0, or -EINVAL (with a warning naming the entry) for a bad table. */
int rxs_stats_desc_check(const struct rxs_stats_desc *d)
{
	u32 bad = 0;

	if (d->snap_size > RXS_STATS_SNAP_MAX) {
		pr_warn("rxscale: stats snapshot of %u bytes, at most %u\n",
			d->snap_size, RXS_STATS_SNAP_MAX);
		return -EINVAL;
	}
	if (rxs_stats_check(d->rxq, d->n_rxq, d->snap_size,
			    3 + rxs_digits(d->max_rx), &bad) ||
	    rxs_stats_check(d->txq, d->n_txq, d->snap_size,
			    3 + rxs_digits(d->max_tx), &bad) ||
	    rxs_stats_check(d->dev, d->n_dev, d->snap_size, 0, &bad)) {
		pr_warn("rxscale: bad statistics table entry %u\n", bad);
		return -EINVAL;
	}
	return 0;
}
EXPORT_SYMBOL_NS_GPL(rxs_stats_desc_check, RXS_NS);

int rxs_stats_sset_count(const struct rxs_stats_desc *d)
{
	return rxs_stats_count(d->n_dev, d->n_rxq, d->max_rx, d->n_txq,
			       d->max_tx);
}
EXPORT_SYMBOL_NS_GPL(rxs_stats_sset_count, RXS_NS);

static void rxs_stats_names(const struct rxs_stat *t, u32 n, const char *pfx,
			    u32 nq, u8 **data)
{
	u32 q, i;

	for (q = 0; q < nq; q++)
		for (i = 0; i < n; i++) {
			/* checked at probe; a NUL name marks a bad table */
			if (rxs_stat_name((char *)*data, ETH_GSTRING_LEN, pfx,
					  q, t[i].name))
				memset(*data, 0, ETH_GSTRING_LEN);
			*data += ETH_GSTRING_LEN;
		}
}

/* Order: per RX queue, per TX queue, then device counters. */
void rxs_stats_strings(const struct rxs_stats_desc *d, u8 *data)
{
	rxs_stats_names(d->rxq, d->n_rxq, "rx", d->max_rx, &data);
	rxs_stats_names(d->txq, d->n_txq, "tx", d->max_tx, &data);
	rxs_stats_names(d->dev, d->n_dev, NULL, 1, &data);
}
EXPORT_SYMBOL_NS_GPL(rxs_stats_strings, RXS_NS);

void rxs_stats_values(const struct rxs_stats_desc *d, struct net_device *dev,
		      u64 *data)
{
	u64 snap[RXS_STATS_SNAP_MAX / sizeof(u64)];
	u32 q;

	for (q = 0; q < d->max_rx; q++) {
		memset(snap, 0, sizeof(snap));
		if (d->read_rxq)
			d->read_rxq(dev, q, snap);
		data += rxs_stats_fill(d->rxq, d->n_rxq, snap, data);
	}
	for (q = 0; q < d->max_tx; q++) {
		memset(snap, 0, sizeof(snap));
		if (d->read_txq)
			d->read_txq(dev, q, snap);
		data += rxs_stats_fill(d->txq, d->n_txq, snap, data);
	}
	memset(snap, 0, sizeof(snap));
	if (d->read_dev)
		d->read_dev(dev, snap);
	rxs_stats_fill(d->dev, d->n_dev, snap, data);
}
EXPORT_SYMBOL_NS_GPL(rxs_stats_values, RXS_NS);

static u64 *rxs_s64_field(struct rtnl_link_stats64 *s, u8 id)
{
	switch (id) {
	case RXS_S64_RX_PACKETS:
		return &s->rx_packets;
	case RXS_S64_RX_BYTES:
		return &s->rx_bytes;
	case RXS_S64_RX_ERRORS:
		return &s->rx_errors;
	case RXS_S64_RX_DROPPED:
		return &s->rx_dropped;
	case RXS_S64_TX_PACKETS:
		return &s->tx_packets;
	case RXS_S64_TX_BYTES:
		return &s->tx_bytes;
	case RXS_S64_TX_ERRORS:
		return &s->tx_errors;
	case RXS_S64_TX_DROPPED:
		return &s->tx_dropped;
	default:
		return NULL;
	}
}

static void rxs_s64_add(const struct rxs_stat *t, u32 n, const void *snap,
			struct rtnl_link_stats64 *s)
{
	u32 i;

	for (i = 0; i < n; i++) {
		u64 *f = rxs_s64_field(s, t[i].s64);

		if (f)
			*f += rxs_stat_get(snap, &t[i]);
	}
}

/* Every queue up to max_rx/max_tx: removed queues keep their counts. */
void rxs_stats_get64(const struct rxs_stats_desc *d, struct net_device *dev,
		     struct rtnl_link_stats64 *s)
{
	u64 snap[RXS_STATS_SNAP_MAX / sizeof(u64)];
	u32 q;

	for (q = 0; d->read_rxq && q < d->max_rx; q++) {
		memset(snap, 0, sizeof(snap));
		d->read_rxq(dev, q, snap);
		rxs_s64_add(d->rxq, d->n_rxq, snap, s);
	}
	for (q = 0; d->read_txq && q < d->max_tx; q++) {
		memset(snap, 0, sizeof(snap));
		d->read_txq(dev, q, snap);
		rxs_s64_add(d->txq, d->n_txq, snap, s);
	}
}
EXPORT_SYMBOL_NS_GPL(rxs_stats_get64, RXS_NS);

int rxs_get_sset_count(struct net_device *dev, int sset)
{
	const struct rxs_stats_desc *d = rxs_ethtool_of(dev)->stats;

	return sset == ETH_SS_STATS && d ? rxs_stats_sset_count(d) :
					   -EOPNOTSUPP;
}
EXPORT_SYMBOL_NS_GPL(rxs_get_sset_count, RXS_NS);

void rxs_get_strings(struct net_device *dev, u32 sset, u8 *data)
{
	const struct rxs_stats_desc *d = rxs_ethtool_of(dev)->stats;

	if (sset == ETH_SS_STATS && d)
		rxs_stats_strings(d, data);
}
EXPORT_SYMBOL_NS_GPL(rxs_get_strings, RXS_NS);

void rxs_get_ethtool_stats(struct net_device *dev, struct ethtool_stats *st,
			   u64 *data)
{
	const struct rxs_stats_desc *d = rxs_ethtool_of(dev)->stats;

	if (d)
		rxs_stats_values(d, dev, data);
}
EXPORT_SYMBOL_NS_GPL(rxs_get_ethtool_stats, RXS_NS);

void rxs_get_stats64(struct net_device *dev, struct rtnl_link_stats64 *s)
{
	const struct rxs_stats_desc *d = rxs_ethtool_of(dev)->stats;

	if (d)
		rxs_stats_get64(d, dev, s);
}
EXPORT_SYMBOL_NS_GPL(rxs_get_stats64, RXS_NS);

#ifdef HAVE_NETDEV_STAT_OPS
static u64 *rxs_qs_rx_field(struct netdev_queue_stats_rx *st, u8 id)
{
	switch (id) {
	case RXS_QS_RX_PACKETS:
		return &st->packets;
	case RXS_QS_RX_BYTES:
		return &st->bytes;
	case RXS_QS_RX_ALLOC_FAIL:
		return &st->alloc_fail;
	case RXS_QS_RX_HW_DROPS:
		return &st->hw_drops;
	case RXS_QS_RX_CSUM_UNNECESSARY:
		return &st->csum_unnecessary;
	case RXS_QS_RX_CSUM_NONE:
		return &st->csum_none;
	case RXS_QS_RX_CSUM_BAD:
		return &st->csum_bad;
	default:
		return NULL;
	}
}

static u64 *rxs_qs_tx_field(struct netdev_queue_stats_tx *st, u8 id)
{
	switch (id) {
	case RXS_QS_TX_PACKETS:
		return &st->packets;
	case RXS_QS_TX_BYTES:
		return &st->bytes;
	case RXS_QS_TX_HW_DROPS:
		return &st->hw_drops;
	case RXS_QS_TX_STOP:
		return &st->stop;
	case RXS_QS_TX_WAKE:
		return &st->wake;
	case RXS_QS_TX_HW_GSO_PACKETS:
		return &st->hw_gso_packets;
	case RXS_QS_TX_HW_GSO_WIRE_PACKETS:
		return &st->hw_gso_wire_packets;
	default:
		return NULL;
	}
}

/* Zero the fields the tables map, then add queue @q's counters. */
static void rxs_qs_rx_zero(const struct rxs_stats_desc *d,
			   struct netdev_queue_stats_rx *st)
{
	u32 i;

	for (i = 0; i < d->n_rxq; i++) {
		u64 *f = rxs_qs_rx_field(st, d->rxq[i].qstat);

		if (f)
			*f = 0;
	}
}

static void rxs_qs_tx_zero(const struct rxs_stats_desc *d,
			   struct netdev_queue_stats_tx *st)
{
	u32 i;

	for (i = 0; i < d->n_txq; i++) {
		u64 *f = rxs_qs_tx_field(st, d->txq[i].qstat);

		if (f)
			*f = 0;
	}
}

static void rxs_qs_rx_add(const struct rxs_stats_desc *d,
			  struct net_device *dev, u32 q,
			  struct netdev_queue_stats_rx *st)
{
	u64 snap[RXS_STATS_SNAP_MAX / sizeof(u64)];
	u32 i;

	memset(snap, 0, sizeof(snap));
	d->read_rxq(dev, q, snap);
	for (i = 0; i < d->n_rxq; i++) {
		u64 *f = rxs_qs_rx_field(st, d->rxq[i].qstat);

		if (f)
			*f += rxs_stat_get(snap, &d->rxq[i]);
	}
}

static void rxs_qs_tx_add(const struct rxs_stats_desc *d,
			  struct net_device *dev, u32 q,
			  struct netdev_queue_stats_tx *st)
{
	u64 snap[RXS_STATS_SNAP_MAX / sizeof(u64)];
	u32 i;

	memset(snap, 0, sizeof(snap));
	d->read_txq(dev, q, snap);
	for (i = 0; i < d->n_txq; i++) {
		u64 *f = rxs_qs_tx_field(st, d->txq[i].qstat);

		if (f)
			*f += rxs_stat_get(snap, &d->txq[i]);
	}
}

static void rxs_qstats_rx(struct net_device *dev, int idx,
			  struct netdev_queue_stats_rx *st)
{
	const struct rxs_stats_desc *d = rxs_ethtool_of(dev)->stats;

	if (d && d->read_rxq) {
		rxs_qs_rx_zero(d, st);
		rxs_qs_rx_add(d, dev, idx, st);
	}
}

static void rxs_qstats_tx(struct net_device *dev, int idx,
			  struct netdev_queue_stats_tx *st)
{
	const struct rxs_stats_desc *d = rxs_ethtool_of(dev)->stats;

	if (d && d->read_txq) {
		rxs_qs_tx_zero(d, st);
		rxs_qs_tx_add(d, dev, idx, st);
	}
}

/* Queues not in use now, so that device totals stay monotonic. */
static void rxs_qstats_base(struct net_device *dev,
			    struct netdev_queue_stats_rx *rx,
			    struct netdev_queue_stats_tx *tx)
{
	const struct rxs_stats_desc *d = rxs_ethtool_of(dev)->stats;
	u32 q;

	if (!d)
		return;
	rxs_qs_rx_zero(d, rx);
	rxs_qs_tx_zero(d, tx);
	for (q = dev->real_num_rx_queues; d->read_rxq && q < d->max_rx; q++)
		rxs_qs_rx_add(d, dev, q, rx);
	for (q = dev->real_num_tx_queues; d->read_txq && q < d->max_tx; q++)
		rxs_qs_tx_add(d, dev, q, tx);
}

const struct netdev_stat_ops rxs_netdev_stat_ops = {
	.get_queue_stats_rx	= rxs_qstats_rx,
	.get_queue_stats_tx	= rxs_qstats_tx,
	.get_base_stats		= rxs_qstats_base,
};
EXPORT_SYMBOL_NS_GPL(rxs_netdev_stat_ops, RXS_NS);
#endif
