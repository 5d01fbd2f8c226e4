// SPDX-License-Identifier: GPL-2.0
/*
 * r8127: Realtek RTL8127 10GbE PCIe driver with MSI-X multi-queue and
 * RSS (rxscale). PCI probe/remove and module parameters.
 *
 * The module is named r8127 so that it can sit next to the in-tree
 * r8169, which claims the same device IDs; unbind r8169 (or blacklist
 * it) to use this driver.
 */
#include <linux/etherdevice.h>
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/pci.h>
#include <linux/rtnetlink.h>

#include "r8127.h"

static unsigned int rx_queues;
module_param(rx_queues, uint, 0444);
MODULE_PARM_DESC(rx_queues,
		 "RX queues at probe: 1..4 (default: online CPUs, at most 4)");

static unsigned int tx_queues = R8127_MAX_TX_QUEUES;
module_param(tx_queues, uint, 0444);
MODULE_PARM_DESC(tx_queues, "TX queues at probe: 1 or 2 (default 2)");

static bool msix = true;
module_param(msix, bool, 0444);
MODULE_PARM_DESC(msix, "use MSI-X vector mode when 30 vectors are granted (default on)");

static const struct pci_device_id r8127_pci_tbl[] = {
	{ PCI_VDEVICE(REALTEK, 0x8127) },
	{ PCI_VDEVICE(REALTEK, 0x0e10) },	/* [vd] 8127 variant ID */
	{ }
};
MODULE_DEVICE_TABLE(pci, r8127_pci_tbl);

static void r8127_default_config(struct r8127_priv *tp)
{
	/* one RX queue per CPU, up to 4: RSS is about spreading over CPUs */
	u32 rx = rx_queues ? rx_queues : num_online_cpus();

	tp->req_rx = clamp_t(u32, rx, 1, R8127_MAX_RX_QUEUES);
	tp->req_tx = clamp_t(u32, tx_queues, 1, R8127_MAX_TX_QUEUES);
	/* standalone queues, a NAPI each; ethtool -L combined changes it */
	tp->req_comb = 0;
	if (!tp->msix) {
		/* one vector: one combined channel */
		tp->req_rx = 1;
		tp->req_tx = 1;
		tp->req_comb = 1;
	}
	tp->rx_ring_size = R8127_RING_DEF;
	tp->tx_ring_size = R8127_RING_DEF;
	netdev_rss_key_fill(tp->rss_key, sizeof(tp->rss_key));
	/*
	 * [vd] TCP is hashed on the 4-tuple, UDP on addresses only, until
	 * ethtool -N rx-flow-hash changes them
	 */
	tp->rss_udp4 = false;
	tp->rss_udp6 = false;
	tp->rss_tcp4 = true;
	tp->rss_tcp6 = true;
}

static int r8127_map_regs(struct r8127_priv *tp)
{
	struct pci_dev *pdev = tp->pdev;
	int bar, ret;

	ret = pci_request_regions(pdev, R8127_DRV_NAME);
	if (ret)
		return ret;
	/* [up] the registers are in the lowest-numbered memory BAR */
	bar = ffs(pci_select_bars(pdev, IORESOURCE_MEM)) - 1;
	if (bar < 0) {
		ret = -ENODEV;
		goto err;
	}
	tp->mmio = pci_iomap(pdev, bar, 0);
	if (!tp->mmio) {
		ret = -EIO;
		goto err;
	}
	return 0;
err:
	pci_release_regions(pdev);
	return ret;
}

static void r8127_unmap_regs(struct r8127_priv *tp)
{
	pci_iounmap(tp->pdev, tp->mmio);
	pci_release_regions(tp->pdev);
}

static void r8127_init_mac(struct r8127_priv *tp)
{
	struct net_device *dev = tp->dev;
	u8 addr[ETH_ALEN];

	r8127_hw_read_mac(tp, addr);
	if (is_valid_ether_addr(addr)) {
		eth_hw_addr_set(dev, addr);
	} else {
		eth_hw_addr_random(dev);
		dev_warn(&tp->pdev->dev, "no valid MAC address, using %pM\n",
			 dev->dev_addr);
	}
	r8127_hw_set_mac(tp, dev->dev_addr);
}

static int r8127_init_chip(struct r8127_priv *tp)
{
	int ret = r8127_hw_check_chip(tp);

	if (ret)
		return ret;
	/* nothing may interrupt before the handlers exist */
	r8127_w32(tp, R8127_IMR_V2_CLEAR, ~0U);
	r8127_w32(tp, R8127_ISR_V2, ~0U);
	r8127_w32(tp, R8127_IMR0, 0);
	r8127_w32(tp, R8127_ISR0, ~0U);
	r8127_hw_init(tp);
	r8127_hw_reset(tp);
	return 0;
}

static int r8127_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct r8127_priv *tp;
	struct net_device *dev;
	int ret;

	dev = alloc_etherdev_mqs(sizeof(*tp), R8127_MAX_TX_QUEUES,
				 R8127_MAX_RX_QUEUES);
	if (!dev)
		return -ENOMEM;
	SET_NETDEV_DEV(dev, &pdev->dev);
	tp = netdev_priv(dev);
	tp->dev = dev;
	tp->pdev = pdev;
	mutex_init(&tp->counters_lock);
	spin_lock_init(&tp->rxcfg_lock);
	pci_set_drvdata(pdev, tp);

	ret = pci_enable_device(pdev);
	if (ret)
		goto err_free;
	ret = r8127_map_regs(tp);
	if (ret)
		goto err_disable;
	ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(64));
	if (ret)
		goto err_unmap;
	pci_set_master(pdev);

	ret = r8127_init_chip(tp);
	if (ret)
		goto err_unmap;
	if (msix) {
		ret = r8127_irq_alloc_vectors(tp);
	} else {
		ret = pci_alloc_irq_vectors(pdev, 1, 1, PCI_IRQ_ALL_TYPES);
		tp->msix = false;
		ret = ret < 0 ? ret : 0;
	}
	if (ret)
		goto err_unmap;

	tp->counters = dma_alloc_coherent(&pdev->dev, R8127_TALLY_SIZE, &tp->counters_dma,
					  GFP_KERNEL);
	if (!tp->counters) {
		ret = -ENOMEM;
		goto err_vectors;
	}
	r8127_init_mac(tp);
	r8127_default_config(tp);
	ret = r8127_netdev_setup(tp);
	if (ret)
		goto err_counters;
	/* optional: [up] treats a missing PHY patch as a warning */
	r8127_fw_load(tp);

	ret = register_netdev(dev);
	if (ret)
		goto err_fw;
	netdev_info(dev, "RTL8127A%s at %s, %pM, %s: %u RX / %u TX queues%s\n",
		    tp->sfp ? " (SFP)" : "", pci_name(pdev), dev->dev_addr,
		    tp->msix ? "MSI-X vector mode" : "single vector",
		    tp->vmap.n_rx, tp->vmap.n_tx,
		    tp->vmap.n_rx > 1 ? ", RSS" : "");
	r8127_debugfs_add(tp);
	return 0;

err_fw:
	r8127_fw_release(tp);
err_counters:
	dma_free_coherent(&pdev->dev, R8127_TALLY_SIZE, tp->counters, tp->counters_dma);
err_vectors:
	r8127_irq_free_vectors(tp);
err_unmap:
	r8127_unmap_regs(tp);
err_disable:
	pci_disable_device(pdev);
err_free:
	free_netdev(dev);
	return ret;
}

static void r8127_remove(struct pci_dev *pdev)
{
	struct r8127_priv *tp = pci_get_drvdata(pdev);

	r8127_debugfs_remove(tp);
	unregister_netdev(tp->dev);
	cancel_work_sync(&tp->reset_work);
	cancel_delayed_work_sync(&tp->link_work);
	r8127_hw_release(tp);
	r8127_fw_release(tp);
	dma_free_coherent(&pdev->dev, R8127_TALLY_SIZE, tp->counters, tp->counters_dma);
	r8127_irq_free_vectors(tp);
	r8127_unmap_regs(tp);
	pci_disable_device(pdev);
	free_netdev(tp->dev);
}

static void r8127_shutdown(struct pci_dev *pdev)
{
	struct r8127_priv *tp = pci_get_drvdata(pdev);

	rtnl_lock();
	if (netif_running(tp->dev))
		dev_close(tp->dev);
	rtnl_unlock();
	r8127_hw_release(tp);
}

static int r8127_suspend(struct device *d)
{
	return r8127_pm_suspend(dev_get_drvdata(d));
}

static int r8127_resume(struct device *d)
{
	return r8127_pm_resume(dev_get_drvdata(d));
}

static DEFINE_SIMPLE_DEV_PM_OPS(r8127_pm_ops, r8127_suspend, r8127_resume);

static struct pci_driver r8127_driver = {
	.name		= R8127_DRV_NAME,
	.id_table	= r8127_pci_tbl,
	.probe		= r8127_probe,
	.remove		= r8127_remove,
	.shutdown	= r8127_shutdown,
	.driver.pm	= pm_sleep_ptr(&r8127_pm_ops),
};

static int __init r8127_init(void)
{
	int ret;

	r8127_debugfs_init();
	ret = pci_register_driver(&r8127_driver);
	if (ret)
		r8127_debugfs_exit();
	return ret;
}
module_init(r8127_init);

static void __exit r8127_exit(void)
{
	pci_unregister_driver(&r8127_driver);
	r8127_debugfs_exit();
}
module_exit(r8127_exit);

RXS_IMPORT_NS();
MODULE_DESCRIPTION("Realtek RTL8127 10GbE driver with RSS (rxscale)");
MODULE_LICENSE("GPL");
MODULE_FIRMWARE(R8127_FW_NAME);
