// SPDX-License-Identifier: GPL-2.0
/*
 * r8127 net_device operations: open/stop, runtime reconfiguration of
 * channels, rings and MTU, TX timeout recovery. NAPI set-up and the
 * statistics (get_stats64, netdev qstats) come from rxscale_core.
 *
 * A reconfiguration works as fbnic_set_channels() and
 * fbnic_set_ringparam() do (Linux 7.3 fbnic_ethtool.c): everything the
 * new configuration needs (its rings, their buffers, the interrupt lines
 * it adds) is allocated first, while the old one keeps running; only then
 * is the datapath stopped, the new configuration swapped in and started.
 * Nothing can fail after the swap, so under memory pressure a request
 * fails with the old configuration still running.
 */
#include <linux/etherdevice.h>
#include <linux/if_vlan.h>
#include <linux/rtnetlink.h>
#include <rxscale/rss_indir.h>

#include "r8127.h"

void r8127_rss_default_indir(struct r8127_priv *tp)
{
	rxs_indir_fill_default(tp->rss_indir, R8127_RSS_INDIR_SIZE,
			       tp->vmap.n_rx ? tp->vmap.n_rx : 1);
}

/*
 * Start the datapath on the running configuration (tp->vmap, tp->rs, its
 * interrupt lines requested). Cannot fail.
 */
static void r8127_start(struct r8127_priv *tp)
{
	struct net_device *dev = tp->dev;

	r8127_irq_setup_napis(tp);
	r8127_rings_reset(tp);
	rxs_napi_add_all(dev, &tp->vmap, tp->napis, r8127_poll);
	r8127_irq_attach(tp, true);
	rxs_napi_link_queues(dev, &tp->vmap, tp->napis, tp->vec_irq);

	r8127_irq_disable(tp);
	r8127_hw_stop(tp);
	r8127_hw_start(tp);
	WRITE_ONCE(tp->up, true);
	rxs_napi_enable_all(&tp->vmap, tp->napis);
	r8127_irq_enable(tp);
	netif_tx_start_all_queues(dev);
	r8127_phy_start(tp);
}

/*
 * Stop the datapath; its rings and interrupt lines stay allocated, so
 * it can start again without allocating anything.
 */
static void r8127_stop_datapath(struct r8127_priv *tp)
{
	struct net_device *dev = tp->dev;

	WRITE_ONCE(tp->up, false);
	r8127_irq_disable(tp);
	r8127_phy_stop(tp);
	/*
	 * NAPI before the TX queues: a poll still running cleans TX and wakes
	 * stopped queues, and start_xmit would then race with the ring
	 * teardown below (found by ethtool -L under traffic).
	 */
	rxs_napi_disable_all(&tp->vmap, tp->napis);
	netif_tx_disable(dev);
	r8127_hw_stop(tp);
	rxs_napi_unlink_queues(dev, &tp->vmap);
	r8127_irq_attach(tp, false);
	rxs_napi_del_all(&tp->vmap, tp->napis);
	r8127_tx_purge_all(tp);
}

/* Stop and free everything: the device is down. */
static void r8127_down(struct r8127_priv *tp)
{
	r8127_stop_datapath(tp);
	r8127_irq_release(tp, 0);
	r8127_rings_free(tp, &tp->rs);
}

/*
 * The stage (tp->stage, used under RTNL only), set to the current
 * configuration for the caller to change.
 */
static struct r8127_stage *r8127_stage_init(struct r8127_priv *tp)
{
	struct r8127_stage *st = &tp->stage;

	memset(st, 0, sizeof(*st));
	st->req_rx = tp->req_rx;
	st->req_tx = tp->req_tx;
	st->req_comb = tp->req_comb;
	st->rx_ring_size = tp->rx_ring_size;
	st->tx_ring_size = tp->tx_ring_size;
	st->mtu = READ_ONCE(tp->dev->mtu);
	return st;
}

/*
 * Everything the stage's configuration needs, allocated while the
 * running one (if any) keeps running: its rings filled with buffers and
 * the interrupt lines it adds. All or nothing.
 */
static int r8127_stage_alloc(struct r8127_priv *tp, struct r8127_stage *st)
{
	int ret;

	r8127_irq_build_vmap(tp, st->req_rx, st->req_tx, st->req_comb,
			     &st->vmap);
	st->rx_v4 = tp->msix && st->vmap.n_rx >= 2;
	ret = r8127_rings_alloc(tp, st);
	if (ret)
		return ret;
	ret = r8127_irq_request(tp, r8127_irq_lines(&st->vmap),
				&st->irq_new);
	if (ret)
		r8127_rings_free(tp, &st->rs);
	return ret;
}

/* Undo r8127_stage_alloc() of a stage that was not swapped in. */
static void r8127_stage_free(struct r8127_priv *tp, struct r8127_stage *st)
{
	r8127_irq_release(tp, ~st->irq_new);
	r8127_rings_free(tp, &st->rs);
}

/* Make the stage's configuration the running one (datapath stopped). */
static void r8127_stage_swap(struct r8127_priv *tp, struct r8127_stage *st)
{
	tp->req_rx = st->req_rx;
	tp->req_tx = st->req_tx;
	tp->req_comb = st->req_comb;
	tp->rx_ring_size = st->rx_ring_size;
	tp->tx_ring_size = st->tx_ring_size;
	tp->vmap = st->vmap;
	tp->rx_v4 = st->rx_v4;
	r8127_rings_swap(&tp->rs, &st->rs);
	if (!netif_is_rxfh_configured(tp->dev))
		r8127_rss_default_indir(tp);
}

static int r8127_up(struct r8127_priv *tp)
{
	struct r8127_stage *st = r8127_stage_init(tp);
	int ret;

	ret = r8127_stage_alloc(tp, st);
	if (ret)
		return ret;
	ret = netif_set_real_num_queues(tp->dev, st->vmap.n_tx,
					st->vmap.n_rx);
	if (ret) {
		r8127_stage_free(tp, st);
		return ret;
	}
	/* the swap leaves nothing in the stage: the device was down */
	r8127_stage_swap(tp, st);
	r8127_start(tp);
	return 0;
}

static int r8127_open(struct net_device *dev)
{
	struct r8127_priv *tp = netdev_priv(dev);

	return r8127_up(tp);
}

static int r8127_stop(struct net_device *dev)
{
	struct r8127_priv *tp = netdev_priv(dev);

	if (tp->up)
		r8127_down(tp);
	return 0;
}

/*
 * Apply new queue counts (@rx and @tx include the @comb combined
 * channels), ring sizes and MTU, validated by the caller. Called under
 * RTNL. A device that is down takes the numbers for its next open.
 */
int r8127_reconfigure(struct r8127_priv *tp, u32 rx, u32 tx, u32 comb,
		      u32 rx_size, u32 tx_size, u32 mtu)
{
	struct net_device *dev = tp->dev;
	struct r8127_stage *st;
	int ret;

	if (!netif_running(dev) || !tp->up) {
		/* the stage's map (RTNL) spares the stack a struct rxs_vmap */
		struct rxs_vmap *m = &tp->stage.vmap;

		r8127_irq_build_vmap(tp, rx, tx, comb, m);
		ret = netif_set_real_num_queues(dev, m->n_tx, m->n_rx);
		if (ret)
			return ret;
		tp->req_rx = rx;
		tp->req_tx = tx;
		tp->req_comb = comb;
		tp->rx_ring_size = rx_size;
		tp->tx_ring_size = tx_size;
		tp->vmap = *m;
		WRITE_ONCE(dev->mtu, mtu);
		if (!netif_is_rxfh_configured(dev))
			r8127_rss_default_indir(tp);
		return 0;
	}

	st = r8127_stage_init(tp);
	st->req_rx = rx;
	st->req_tx = tx;
	st->req_comb = comb;
	st->rx_ring_size = rx_size;
	st->tx_ring_size = tx_size;
	st->mtu = mtu;
	ret = r8127_stage_alloc(tp, st);
	if (ret)
		goto err_log;

	r8127_stop_datapath(tp);
	ret = netif_set_real_num_queues(dev, st->vmap.n_tx, st->vmap.n_rx);
	if (ret)
		goto err_restart;

	/* Nothing can fail past this point */
	r8127_stage_swap(tp, st);
	WRITE_ONCE(dev->mtu, mtu);
	r8127_start(tp);
	/* the stage holds the old rings now; free the lines nobody uses */
	r8127_rings_free(tp, &st->rs);
	r8127_irq_release(tp, r8127_irq_lines(&tp->vmap));
	return 0;

err_restart:
	/* the old configuration still has all it needs */
	r8127_start(tp);
	r8127_stage_free(tp, st);
err_log:
	netdev_err(dev, "reconfiguration failed (%d), restoring the old configuration (it kept running)\n",
		   ret);
	return ret;
}

void r8127_reset_work(struct work_struct *work)
{
	struct r8127_priv *tp = container_of(work, struct r8127_priv,
					     reset_work);

	rtnl_lock();
	if (netif_running(tp->dev) && tp->up) {
		netdev_warn(tp->dev, "resetting the device\n");
		/* same rings and lines: nothing to allocate, nothing can fail */
		r8127_stop_datapath(tp);
		r8127_start(tp);
		WRITE_ONCE(tp->resets, tp->resets + 1);
	}
	rtnl_unlock();
}

/* System sleep: the datapath goes down and comes back as at open. */
int r8127_pm_suspend(struct r8127_priv *tp)
{
	rtnl_lock();
	netif_device_detach(tp->dev);
	if (tp->up)
		r8127_down(tp);
	rtnl_unlock();
	cancel_work_sync(&tp->reset_work);
	return 0;
}

int r8127_pm_resume(struct r8127_priv *tp)
{
	int ret = 0;

	rtnl_lock();
	/* the chip may have lost power: redo the probe-time init */
	r8127_hw_init(tp);
	r8127_hw_reset(tp);
	r8127_hw_set_mac(tp, tp->dev->dev_addr);
	if (netif_running(tp->dev))
		ret = r8127_up(tp);
	netif_device_attach(tp->dev);
	rtnl_unlock();
	return ret;
}

static void r8127_tx_timeout(struct net_device *dev, unsigned int txq)
{
	struct r8127_priv *tp = netdev_priv(dev);

	WRITE_ONCE(tp->tx_timeouts, tp->tx_timeouts + 1);
	netdev_warn(dev, "TX queue %u timed out\n", txq);
	schedule_work(&tp->reset_work);
}

static int r8127_set_mac_address(struct net_device *dev, void *p)
{
	struct r8127_priv *tp = netdev_priv(dev);
	int ret = eth_mac_addr(dev, p);

	if (!ret)
		r8127_hw_set_mac(tp, dev->dev_addr);
	return ret;
}

/*
 * RX buffers are sized for the MTU: a running device gets new rings, as
 * for a ring size change.
 */
static int r8127_change_mtu(struct net_device *dev, int mtu)
{
	struct r8127_priv *tp = netdev_priv(dev);

	if (!tp->up) {
		WRITE_ONCE(dev->mtu, mtu);
		return 0;
	}
	return r8127_reconfigure(tp, tp->req_rx, tp->req_tx, tp->req_comb,
				 tp->rx_ring_size, tp->tx_ring_size, mtu);
}

static int r8127_set_features(struct net_device *dev,
			      netdev_features_t features)
{
	struct r8127_priv *tp = netdev_priv(dev);

	if (tp->up)
		r8127_hw_set_features(tp, features);
	return 0;
}

static void r8127_set_rx_mode(struct net_device *dev)
{
	/*
	 * Under the address-list lock, not RTNL. Called only while the
	 * interface is up; programs the filter even while a reconfiguration
	 * has the datapath stopped, since r8127_hw_start() programs it again
	 * (under the same lock) and RxConfig is shared under tp->rxcfg_lock.
	 * No tp->up test: an update in the window before tp->up is set
	 * would be lost.
	 */
	r8127_hw_set_rx_mode(dev);
}

/* Offsets the descriptor fields cannot hold go to software GSO/csum. */
static netdev_features_t r8127_features_check(struct sk_buff *skb,
					      struct net_device *dev,
					      netdev_features_t features)
{
	if (skb_is_gso(skb)) {
		if (skb_transport_offset(skb) > R8127_TX_GTTCPHO_MAX ||
		    skb_shinfo(skb)->gso_size > R8127_TX_MSS_MAX)
			features &= ~NETIF_F_GSO_MASK;
	} else if (skb->ip_summed == CHECKSUM_PARTIAL) {
		if (skb_transport_offset(skb) > R8127_TX_TCPHO_MAX)
			features &= ~NETIF_F_CSUM_MASK;
	}
	return vlan_features_check(skb, features);
}

static const struct net_device_ops r8127_netdev_ops = {
	.ndo_open		= r8127_open,
	.ndo_stop		= r8127_stop,
	.ndo_start_xmit		= r8127_start_xmit,
	.ndo_get_stats64	= rxs_get_stats64,
	.ndo_set_rx_mode	= r8127_set_rx_mode,
	.ndo_set_mac_address	= r8127_set_mac_address,
	.ndo_validate_addr	= eth_validate_addr,
	.ndo_change_mtu		= r8127_change_mtu,
	.ndo_set_features	= r8127_set_features,
	.ndo_features_check	= r8127_features_check,
	.ndo_tx_timeout		= r8127_tx_timeout,
};

int r8127_netdev_setup(struct r8127_priv *tp)
{
	struct net_device *dev = tp->dev;
	netdev_features_t f;
	int ret;
	u32 q;

	for (q = 0; q < R8127_MAX_RX_QUEUES; q++) {
		u64_stats_init(&tp->rx_stats[q].syncp);
		u64_stats_init(&tp->rx_buckets[q].syncp);
	}
	for (q = 0; q < R8127_MAX_TX_QUEUES; q++)
		u64_stats_init(&tp->tx_stats[q].syncp);
	for (q = 0; q < R8127_MAX_NAPI; q++) {
		tp->napi[q].tp = tp;
		tp->napis[q] = &tp->napi[q].napi;
	}
	INIT_DELAYED_WORK(&tp->link_work, r8127_link_work);
	INIT_WORK(&tp->reset_work, r8127_reset_work);

	dev->netdev_ops = &r8127_netdev_ops;
	rxs_netdev_set_stat_ops(dev);
	ret = r8127_set_ethtool_ops(dev);
	if (ret)
		return ret;
	dev->watchdog_timeo = 5 * HZ;

	f = NETIF_F_SG | NETIF_F_IP_CSUM | NETIF_F_IPV6_CSUM | NETIF_F_TSO |
	    NETIF_F_TSO6 | NETIF_F_RXCSUM | NETIF_F_HW_VLAN_CTAG_TX |
	    NETIF_F_HW_VLAN_CTAG_RX;
	if (tp->msix)
		f |= NETIF_F_RXHASH;
	dev->hw_features = f;
	dev->features = f;
	dev->vlan_features = NETIF_F_SG | NETIF_F_IP_CSUM | NETIF_F_IPV6_CSUM |
			     NETIF_F_TSO | NETIF_F_TSO6;
	netif_set_tso_max_size(dev, R8127_TSO_MAX_SIZE);
	netif_set_tso_max_segs(dev, R8127_TSO_MAX_SEGS);
	dev->min_mtu = ETH_MIN_MTU;
	dev->max_mtu = min_t(u32, R8127_MAX_MTU,
			     r8127_rx_buf_len(R8127_RX_MAX_ORDER) -
			     VLAN_ETH_HLEN - ETH_FCS_LEN);

	/* [up] r8169 turns software IRQ coalescing on by default */
	rxs_sw_irq_coalesce_default_on(dev);

	r8127_irq_build_vmap(tp, tp->req_rx, tp->req_tx, tp->req_comb,
			     &tp->vmap);
	r8127_rss_default_indir(tp);
	return netif_set_real_num_queues(dev, tp->vmap.n_tx, tp->vmap.n_rx);
}
