// SPDX-License-Identifier: GPL-2.0
/*
 * rzg2l_gbeth net_device operations: open/stop, ring-size changes, the
 * checksum features, RX mode and address, and the NAPI and interrupt
 * policy set up before registration: software IRQ coalescing on by
 * default, threaded NAPI on a single CPU (as ravb does for GbEth since
 * Linux 6.11, Paul Barker's series).
 *
 * A ring-size change works as fbnic_set_ringparam(): the new rings are
 * built while the old ones run, then the datapath stops, the sets swap
 * and it starts again; nothing can fail after the swap.
 */
#include <linux/etherdevice.h>
#include <linux/interrupt.h>
#include <linux/pm_runtime.h>
#include <linux/rtnetlink.h>

#include "rzg2l_gbeth.h"

/*
 * Program the DMAC for the running rings and start it: CONFIG, the
 * descriptor table, OPERATION, the E-MAC and checksum engine, then the
 * interrupts. Cannot fail in a way that leaves anything to undo: a mode
 * that is not reached is logged and the datapath stays dead until the
 * next change.
 */
static void gbeth_start(struct gbeth_priv *p)
{
	struct net_device *dev = p->dev;

	gbeth_rings_start(p);
	gbeth_hw_set_mode(p, GBETH_OPC_CONFIG);
	gbeth_hw_dmac_init(p);
	gbeth_hw_set_mode(p, GBETH_OPC_OPERATION);
	gbeth_hw_emac_init(p);
	gbeth_hw_csum_init(p, dev->features & NETIF_F_HW_CSUM,
			   dev->features & NETIF_F_RXCSUM);
	rxs_napi_enable_all(&p->vmap, p->napis);
	WRITE_ONCE(p->up, true);
	gbeth_hw_irq_enable(p);
	netif_start_queue(dev);
	/* descriptors left without a buffer: no frame would start NAPI */
	if (p->rx_dirty != p->rx_cur)
		napi_schedule(&p->napi);
}

/* Stop the datapath; the rings keep their memory. */
static void gbeth_stop_datapath(struct gbeth_priv *p)
{
	struct net_device *dev = p->dev;

	WRITE_ONCE(p->up, false);
	gbeth_hw_irq_disable(p);
	/* NAPI before TX: a running poll wakes the queue */
	rxs_napi_disable_all(&p->vmap, p->napis);
	gbeth_hw_irq_disable(p);
	netif_tx_disable(dev);
	gbeth_hw_stop_dma(p);
	synchronize_irq(p->irq);
	gbeth_tx_purge(p);
	gbeth_rx_drop_stranded(p);
}

static int gbeth_open(struct net_device *dev)
{
	struct gbeth_priv *p = netdev_priv(dev);
	int ret;

	ret = pm_runtime_resume_and_get(p->dmadev);
	if (ret < 0)
		return ret;
	ret = gbeth_rings_alloc(p, &p->rs, p->rx_ring_size, p->tx_ring_size);
	if (ret)
		goto err_pm;
	ret = request_irq(p->irq, gbeth_interrupt, 0, dev->name, p);
	if (ret)
		goto err_rings;
	ret = gbeth_phy_connect(p);
	if (ret)
		goto err_irq;
	rxs_napi_link_queues(dev, &p->vmap, p->napis, p->vec_irq);
	gbeth_start(p);
	phy_start(dev->phydev);
	return 0;

err_irq:
	free_irq(p->irq, p);
err_rings:
	gbeth_rings_free(p, &p->rs);
err_pm:
	pm_runtime_put_sync(p->dmadev);
	return ret;
}

static int gbeth_stop(struct net_device *dev)
{
	struct gbeth_priv *p = netdev_priv(dev);

	phy_stop(dev->phydev);
	gbeth_stop_datapath(p);
	rxs_napi_unlink_queues(dev, &p->vmap);
	gbeth_phy_disconnect(p);
	free_irq(p->irq, p);
	gbeth_rings_free(p, &p->rs);
	gbeth_hw_read_counters(p);
	gbeth_hw_set_mode(p, GBETH_OPC_RESET);
	pm_runtime_put_sync(p->dmadev);
	return 0;
}

/*
 * New ring sizes (checked by the caller), under RTNL. A device that is
 * down takes them at its next open.
 */
int gbeth_set_rings(struct gbeth_priv *p, u32 rx_size, u32 tx_size)
{
	struct gbeth_rings rs;
	int ret;

	if (!netif_running(p->dev) || !p->up) {
		p->rx_ring_size = rx_size;
		p->tx_ring_size = tx_size;
		return 0;
	}
	ret = gbeth_rings_alloc(p, &rs, rx_size, tx_size);
	if (ret) {
		netdev_err(p->dev, "ring change failed (%d), the old rings keep running\n",
			   ret);
		return ret;
	}
	gbeth_stop_datapath(p);
	/* Nothing can fail past this point */
	swap(p->rs, rs);
	p->rx_ring_size = rx_size;
	p->tx_ring_size = tx_size;
	gbeth_start(p);
	gbeth_rings_free(p, &rs);
	return 0;
}

/*
 * TX timeout recovery (ndo_tx_timeout schedules it): the datapath stops
 * and starts again on the same rings under RTNL, so it cannot race with
 * open/close or a ring change. Frames not sent are dropped and counted;
 * RX buffers stay in the ring (gbeth_rings_start() re-formats it), so
 * nothing is allocated and nothing can fail.
 */
static void gbeth_reset_work(struct work_struct *work)
{
	struct gbeth_priv *p = container_of(work, struct gbeth_priv,
					    reset_work);

	rtnl_lock();
	if (netif_running(p->dev) && p->up) {
		netdev_warn(p->dev, "resetting the datapath\n");
		gbeth_stop_datapath(p);
		gbeth_start(p);
		WRITE_ONCE(p->resets, p->resets + 1);
	}
	rtnl_unlock();
}

static void gbeth_tx_timeout(struct net_device *dev, unsigned int txq)
{
	struct gbeth_priv *p = netdev_priv(dev);

	WRITE_ONCE(p->tx_timeouts, p->tx_timeouts + 1);
	netdev_warn(dev, "TX queue %u timed out (prod %u, cons %u)\n", txq,
		    READ_ONCE(p->tx_prod), READ_ONCE(p->tx_cons));
	schedule_work(&p->reset_work);
}

/* Unbind: after unregister_netdev() closed the device. */
static void gbeth_reset_cancel(void *data)
{
	struct gbeth_priv *p = data;

	cancel_work_sync(&p->reset_work);
}

static int gbeth_set_features(struct net_device *dev,
			      netdev_features_t features)
{
	struct gbeth_priv *p = netdev_priv(dev);

	if (!p->up)
		return 0;	/* gbeth_start() programs them */
	return gbeth_hw_set_csum(p, features & NETIF_F_HW_CSUM,
				 features & NETIF_F_RXCSUM);
}

/*
 * No multicast filter (ravb_set_rx_mode): the MAC takes every multicast
 * and broadcast frame, and everything in promiscuous mode.
 */
static void gbeth_set_rx_mode(struct net_device *dev)
{
	struct gbeth_priv *p = netdev_priv(dev);

	if (READ_ONCE(p->up))
		gbeth_hw_set_promisc(p, dev->flags & IFF_PROMISC);
}

static int gbeth_set_mac_address(struct net_device *dev, void *addr)
{
	struct gbeth_priv *p = netdev_priv(dev);
	int ret = eth_mac_addr(dev, addr);

	if (!ret && p->up)
		gbeth_hw_write_mac(p, dev->dev_addr);
	return ret;
}

static int gbeth_eth_ioctl(struct net_device *dev, struct ifreq *rq, int cmd)
{
	if (!netif_running(dev) || !dev->phydev)
		return -ENODEV;
	return phy_mii_ioctl(dev->phydev, rq, cmd);
}

static const struct net_device_ops gbeth_netdev_ops = {
	.ndo_open		= gbeth_open,
	.ndo_stop		= gbeth_stop,
	.ndo_start_xmit		= gbeth_start_xmit,
	.ndo_tx_timeout		= gbeth_tx_timeout,
	.ndo_get_stats64	= gbeth_get_stats64,
	.ndo_set_rx_mode	= gbeth_set_rx_mode,
	.ndo_set_mac_address	= gbeth_set_mac_address,
	.ndo_validate_addr	= eth_validate_addr,
	.ndo_set_features	= gbeth_set_features,
	.ndo_eth_ioctl		= gbeth_eth_ioctl,
};

/* One NAPI serving RX queue 0 and TX queue 0, on the one line. */
static void gbeth_napi_setup(struct gbeth_priv *p)
{
	struct rxs_vmap_lines l;

	rxs_vmap_lines_one(&l, 0);
	rxs_vmap_build(&p->vmap, &l, 1, 1, 1);
	p->napis[0] = &p->napi;
	p->vec_irq[0] = p->irq;
	rtnl_lock();
	rxs_napi_add_all(p->dev, &p->vmap, p->napis, gbeth_poll);
	rtnl_unlock();
}

static void gbeth_napi_del(void *data)
{
	struct gbeth_priv *p = data;

	rxs_napi_del_all(&p->vmap, p->napis);
}

/* Everything about the net_device that precedes registration. */
int gbeth_netdev_setup(struct gbeth_priv *p)
{
	struct net_device *dev = p->dev;
	int ret;

	u64_stats_init(&p->rx_stats.syncp);
	u64_stats_init(&p->tx_stats.syncp);
	INIT_WORK(&p->reset_work, gbeth_reset_work);
	/* runs after devm_register_netdev()'s unregister (devres order) */
	ret = devm_add_action_or_reset(p->dmadev, gbeth_reset_cancel, p);
	if (ret)
		return ret;
	p->rx_ring_size = GBETH_RX_RING_DEF;
	p->tx_ring_size = GBETH_TX_RING_DEF;

	dev->netdev_ops = &gbeth_netdev_ops;
	rxs_netdev_set_stat_ops(dev);
	ret = gbeth_set_ethtool_ops(dev);
	if (ret)
		return ret;
	/* ravb: NETIF_F_RXCSUM | NETIF_F_HW_CSUM for GbEth; no SG */
	dev->hw_features = NETIF_F_RXCSUM | NETIF_F_HW_CSUM;
	dev->features = dev->hw_features;
	dev->min_mtu = ETH_MIN_MTU;
	dev->max_mtu = GBETH_MAX_MTU;

	gbeth_napi_setup(p);
	ret = devm_add_action_or_reset(p->dmadev, gbeth_napi_del, p);
	if (ret)
		return ret;
	/* [RG] Paul Barker's figures on RZ/G2UL and G3S */
	rxs_sw_irq_coalesce_on(dev);
	return 0;
}

/*
 * Register, then threaded NAPI on when one CPU is online (the NAPI
 * thread is named after the interface, so after registration).
 */
int gbeth_netdev_register(struct gbeth_priv *p)
{
	int ret;

	ret = devm_register_netdev(p->dmadev, p->dev);
	if (ret)
		return ret;
	if (num_online_cpus() == 1) {
		rtnl_lock();
		ret = rxs_set_threaded(p->dev, true);
		rtnl_unlock();
		if (ret)
			netdev_warn(p->dev, "threaded NAPI not enabled (%d)\n",
				    ret);
	}
	return 0;
}
