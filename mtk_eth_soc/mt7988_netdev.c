// SPDX-License-Identifier: GPL-2.0
/*
 * mt7988_eth net_device operations: open/stop, the channel change and
 * the MAC address. NAPI set-up and the statistics (get_stats64, netdev
 * qstats) come from rxscale_core.
 *
 * Open allocates every ring the device has lines for; the datapath then
 * starts on the configured number of RX queues. A channel change stops
 * the datapath, builds the new queue map, re-arms the rings it already
 * has and starts again: it allocates nothing, so nothing can fail past
 * the checks (fbnic's "nothing can fail past this point", without a
 * clone because there is nothing to allocate). A ring size change (-G)
 * or an MTU change that needs other RX buffers does allocate: new rings
 * first, then the same stop, swap and start.
 */
#include <linux/etherdevice.h>
#include <linux/rtnetlink.h>
#include <linux/slab.h>
#include <rxscale/rss_indir.h>

#include "mt7988.h"

void mt7988_rss_default_indir(struct mt7988_priv *eth)
{
	rxs_indir_fill_default(eth->rss_indir, MT7988_RSS_INDIR_SIZE,
			       eth->vmap.n_rx ? eth->vmap.n_rx : 1);
}

static void mt7988_setup_napis(struct mt7988_priv *eth)
{
	u32 n;

	for (n = 0; n < MT7988_MAX_NAPI; n++) {
		eth->napi[n].eth = eth;
		eth->napis[n] = &eth->napi[n].napi;
	}
}

/* Start the datapath on eth->vmap with the rings allocated. */
static void mt7988_start(struct mt7988_priv *eth)
{
	struct net_device *dev = eth->dev;

	rxs_napi_add_all(dev, &eth->vmap, eth->napis, mt7988_poll);
	mt7988_rings_reset(eth);
	mt7988_irq_attach(eth, true);
	rxs_napi_link_queues(dev, &eth->vmap, eth->napis, eth->vec_irq);
	mt7988_hw_start(eth);
	WRITE_ONCE(eth->up, true);
	rxs_napi_enable_all(&eth->vmap, eth->napis);
	mt7988_irq_enable(eth);
	netif_tx_start_all_queues(dev);
}

/* Stop it; rings and buffers stay for the next start. */
static void mt7988_stop_datapath(struct mt7988_priv *eth)
{
	struct net_device *dev = eth->dev;

	WRITE_ONCE(eth->up, false);
	mt7988_irq_disable(eth);
	/* NAPI first: a running poll wakes the queue the next line stops */
	rxs_napi_disable_all(&eth->vmap, eth->napis);
	netif_tx_disable(dev);
	mt7988_hw_stop(eth);
	rxs_napi_unlink_queues(dev, &eth->vmap);
	mt7988_irq_attach(eth, false);
	rxs_napi_del_all(&eth->vmap, eth->napis);
	mt7988_tx_purge(eth);
}

static int mt7988_open(struct net_device *dev)
{
	struct mt7988_priv *eth = netdev_priv(dev);
	int ret;

	ret = mt7988_hw_dma_wait_idle(eth);
	if (ret) {
		netdev_err(dev, "QDMA busy, not starting\n");
		return ret;
	}
	ret = netif_set_real_num_queues(dev, 1, eth->vmap.n_rx);
	if (ret)
		return ret;
	ret = mt7988_rings_alloc(eth);
	if (ret)
		return ret;
	ret = phylink_of_phy_connect(eth->phylink, eth->mac_np, 0);
	if (ret) {
		netdev_err(dev, "phylink connect: %d\n", ret);
		mt7988_rings_free(eth);
		return ret;
	}
	mt7988_start(eth);
	phylink_start(eth->phylink);
	return 0;
}

static int mt7988_stop(struct net_device *dev)
{
	struct mt7988_priv *eth = netdev_priv(dev);

	phylink_stop(eth->phylink);
	phylink_disconnect_phy(eth->phylink);
	mt7988_stop_datapath(eth);
	mt7988_rings_free(eth);
	return 0;
}

/*
 * Run @rx RX queues, @comb of them combined with the TX queue (checked
 * by the caller). Under RTNL. The table re-spreads over the new queues
 * unless the user set it (ethtool keeps a user table within the new
 * count itself).
 */
int mt7988_reconfigure(struct mt7988_priv *eth, u32 rx, u32 comb)
{
	struct net_device *dev = eth->dev;
	bool run = netif_running(dev) && eth->up;
	struct rxs_vmap m;
	int ret;

	mt7988_irq_build_vmap(eth, rx, comb, &m);
	ret = netif_set_real_num_queues(dev, 1, m.n_rx);
	if (ret)
		return ret;
	if (run)
		mt7988_stop_datapath(eth);
	eth->req_rx = rx;
	eth->req_comb = comb;
	eth->vmap = m;
	if (!netif_is_rxfh_configured(dev))
		mt7988_rss_default_indir(eth);
	if (run)
		mt7988_start(eth);
	return 0;
}

/*
 * New RSS rings of @size descriptors for @mtu on an open device, under
 * RTNL: built first, so a failed allocation changes nothing (old rings,
 * size and MTU keep running); past it nothing can fail: the datapath
 * stops, the MTU and size are set, the rings are swapped, it starts
 * again on them (counters are per queue, not per ring, and carry on).
 */
static int mt7988_rebuild_rx(struct mt7988_priv *eth, u32 size,
			     unsigned int mtu)
{
	struct mt7988_rx_ring *rx;
	int ret;

	rx = kcalloc(eth->max_rx, sizeof(*rx), GFP_KERNEL);
	if (!rx)
		return -ENOMEM;
	ret = mt7988_rx_rings_alloc(eth, rx, size, mt7988_rx_order(mtu));
	if (ret)
		goto out;
	/* nothing can fail past this point */
	mt7988_stop_datapath(eth);
	eth->rx_size = size;
	WRITE_ONCE(eth->dev->mtu, mtu);
	mt7988_rx_rings_swap(eth, rx);
	mt7988_start(eth);
out:
	kfree(rx);
	return ret;
}

/*
 * ethtool -G rx @size (checked by the caller), under RTNL. Closed: the
 * size open allocates. Open: new rings of @size at the MTU's buffers.
 */
int mt7988_resize_rx(struct mt7988_priv *eth, u32 size)
{
	if (!netif_running(eth->dev) || !eth->up) {
		eth->rx_size = size;
		return 0;
	}
	return mt7988_rebuild_rx(eth, size, READ_ONCE(eth->dev->mtu));
}

/*
 * ndo_change_mtu, under RTNL; the core checked min_mtu..max_mtu (EINVAL
 * and extack). Closed, or the RSS rings' buffer order stays: only the
 * MTU (open allocates by it; rxd2 already states the whole buffer).
 * Open with another order: new rings as for -G, all or nothing. No
 * register: gmac0 has no frame-engine length limit and the SDK's
 * mtk_change_mtu writes none (docs/hw/mt7988.md "Jumbo frames").
 */
static int mt7988_change_mtu(struct net_device *dev, int mtu)
{
	struct mt7988_priv *eth = netdev_priv(dev);

	if (!netif_running(dev) || !eth->up ||
	    mt7988_rx_order(mtu) == eth->rx[0].order) {
		WRITE_ONCE(dev->mtu, mtu);
		return 0;
	}
	return mt7988_rebuild_rx(eth, eth->rx_size, mtu);
}

/*
 * TX timeout recovery through the hardware reset: the datapath stopped,
 * the MIB totals saved (the reset clears the counters), the frame engine
 * reset through ethsys and initialised as at probe, then the same rings
 * re-armed and started, and phylink restarted so that the MAC set-up the
 * reset cleared (XGDM path, MCR) is written again. Same rings, same
 * lines: nothing to allocate, nothing can fail.
 */
void mt7988_reset_work(struct work_struct *work)
{
	struct mt7988_priv *eth = container_of(work, struct mt7988_priv,
					       reset_work);

	rtnl_lock();
	if (netif_running(eth->dev) && eth->up) {
		netdev_warn(eth->dev, "resetting the frame engine\n");
		phylink_stop(eth->phylink);
		mt7988_stop_datapath(eth);
		mutex_lock(&eth->stats_lock);
		mt7988_hw_read_mib(eth);
		mutex_unlock(&eth->stats_lock);
		mt7988_hw_reset(eth);
		mt7988_hw_init(eth);
		mt7988_start(eth);
		phylink_start(eth->phylink);
		WRITE_ONCE(eth->resets, eth->resets + 1);
	}
	rtnl_unlock();
}

static void mt7988_tx_timeout(struct net_device *dev, unsigned int txq)
{
	struct mt7988_priv *eth = netdev_priv(dev);

	WRITE_ONCE(eth->tx_timeouts, eth->tx_timeouts + 1);
	netdev_warn(dev, "TX queue %u timed out\n", txq);
	schedule_work(&eth->reset_work);
}

static int mt7988_set_mac_address(struct net_device *dev, void *p)
{
	struct mt7988_priv *eth = netdev_priv(dev);
	int ret = eth_mac_addr(dev, p);

	if (ret)
		return ret;
	if (eth->up)
		mt7988_hw_set_mac(eth, dev->dev_addr);
	return 0;
}

/*
 * LRO hands the stack aggregates whose TCP checksum the stack cannot
 * check (only the hardware's L4-valid bit vouches for them): no LRO
 * without RX checksum offload.
 */
static netdev_features_t mt7988_fix_features(struct net_device *dev,
					     netdev_features_t features)
{
	if (!(features & NETIF_F_RXCSUM))
		features &= ~NETIF_F_LRO;
	return features;
}

/* -K lro: LRO_EN alone, the rules and rings stay (mt7988_lro.c). */
static int mt7988_set_features(struct net_device *dev,
			       netdev_features_t features)
{
	struct mt7988_priv *eth = netdev_priv(dev);

	if (((dev->features ^ features) & NETIF_F_LRO) && eth->up)
		mt7988_lro_set(eth, features & NETIF_F_LRO);
	return 0;
}

static const struct net_device_ops mt7988_netdev_ops = {
	.ndo_fix_features	= mt7988_fix_features,
	.ndo_set_features	= mt7988_set_features,
	.ndo_open		= mt7988_open,
	.ndo_stop		= mt7988_stop,
	.ndo_start_xmit		= mt7988_start_xmit,
	.ndo_tx_timeout		= mt7988_tx_timeout,
	.ndo_get_stats64	= rxs_get_stats64,
	.ndo_set_mac_address	= mt7988_set_mac_address,
	.ndo_change_mtu		= mt7988_change_mtu,
	.ndo_validate_addr	= eth_validate_addr,
};

/*
 * Offloads 7.3 enables on this chip (MTK_HW_FEATURES): SG, IPv4/IPv6
 * checksum, TSO/TSO6, VLAN insertion, RX checksum; and HW LRO. Jumbo
 * frames up to MT7988_MAX_MTU (ndo_change_mtu).
 */
void mt7988_netdev_setup(struct mt7988_priv *eth)
{
	struct net_device *dev = eth->dev;
	netdev_features_t f;

	mt7988_setup_napis(eth);
	dev->netdev_ops = &mt7988_netdev_ops;
	f = NETIF_F_SG | NETIF_F_IP_CSUM | NETIF_F_IPV6_CSUM | NETIF_F_TSO |
	    NETIF_F_TSO6 | NETIF_F_RXCSUM | NETIF_F_HW_VLAN_CTAG_TX;
	/* HW LRO where the LRO rings have lines (off until -K lro on) */
	dev->hw_features = f | (eth->n_lro ? NETIF_F_LRO : 0);
	dev->features = f;
	dev->vlan_features = f & ~NETIF_F_HW_VLAN_CTAG_TX;
	dev->min_mtu = ETH_MIN_MTU;
	dev->max_mtu = MT7988_MAX_MTU;
	rxs_netdev_set_stat_ops(dev);
	rxs_sw_irq_coalesce_default_on(dev);
}
