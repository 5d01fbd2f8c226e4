// SPDX-License-Identifier: GPL-2.0
/*
 * mt7988_eth: MediaTek MT7988 frame engine (NETSYS v3) driver with RSS
 * over the PDMA RX rings (rxscale). Platform probe from the device tree
 * and module glue.
 *
 * The module is named mt7988_eth so that it can sit next to the in-tree
 * mtk_eth, which claims the same compatible; only one of them may be
 * loaded for a device at a time. Everything the probe sets up is
 * device-managed (tsnep's style): remove has nothing left to undo.
 */
#include <linux/clk.h>
#include <linux/dma-mapping.h>
#include <linux/etherdevice.h>
#include <linux/genalloc.h>
#include <linux/mfd/syscon.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/of_net.h>
#include <linux/platform_device.h>
#include <linux/regmap.h>

#include "mt7988.h"

static unsigned int rx_queues;
module_param(rx_queues, uint, 0444);
MODULE_PARM_DESC(rx_queues,
		 "RX queues at probe: 1..4 (default: online CPUs, at most the pdma lines)");

static void mt7988_stats_init(struct mt7988_priv *eth)
{
	u32 i;

	for (i = 0; i < MT7988_MAX_RX_RINGS; i++)
		u64_stats_init(&eth->rx_stats[i].syncp);
	for (i = 0; i < MT7988_MAX_TX_QUEUES; i++)
		u64_stats_init(&eth->tx_stats[i].syncp);
	u64_stats_init(&eth->tx_xmit_stats.syncp);
	for (i = 0; i < MT7988_MAX_RX_RINGS; i++)
		u64_stats_init(&eth->rx_buckets[i].syncp);
	for (i = 0; i < MT7988_LRO_RULES; i++)
		u64_stats_init(&eth->lro_stats[i].syncp);
}

static void mt7988_cancel_reset(void *data)
{
	struct mt7988_priv *eth = data;

	cancel_work_sync(&eth->reset_work);
}

struct mt7988_clks {
	int n;
	struct clk_bulk_data *clks;
};

static void mt7988_clks_off(void *data)
{
	struct mt7988_clks *c = data;

	clk_bulk_disable_unprepare(c->n, c->clks);
}

/*
 * Every clock the node lists, enabled for the device's lifetime: 7.3
 * requires 24 names on MT7988 [L MT7988_CLKS_BITMAP] whose rates it
 * never reads; this driver needs none by name.
 */
static int mt7988_clocks(struct device *dev)
{
	struct mt7988_clks *c;
	int ret;

	c = devm_kzalloc(dev, sizeof(*c), GFP_KERNEL);
	if (!c)
		return -ENOMEM;
	c->n = devm_clk_bulk_get_all(dev, &c->clks);
	if (c->n < 0)
		return dev_err_probe(dev, c->n, "clocks\n");
	ret = clk_bulk_prepare_enable(c->n, c->clks);
	if (ret)
		return dev_err_probe(dev, ret, "enabling clocks\n");
	return devm_add_action_or_reset(dev, mt7988_clks_off, c);
}

/* The syscons and the ring SRAM, all required as on 7.3 [L 5162-5226]. */
static int mt7988_resources(struct mt7988_priv *eth, struct device *dev)
{
	struct device_node *np = dev->of_node;

	eth->ethsys = syscon_regmap_lookup_by_phandle(np, "mediatek,ethsys");
	if (IS_ERR(eth->ethsys))
		return dev_err_probe(dev, PTR_ERR(eth->ethsys),
				     "no mediatek,ethsys syscon\n");
	/* only the GMAC2 2.5G-PHY path uses it; the binding requires it */
	eth->infracfg = syscon_regmap_lookup_by_phandle(np, "mediatek,infracfg");
	if (IS_ERR(eth->infracfg))
		return dev_err_probe(dev, PTR_ERR(eth->infracfg),
				     "no mediatek,infracfg syscon\n");
	eth->sram = of_gen_pool_get(np, "sram", 0);
	if (!eth->sram)
		return dev_err_probe(dev, -EINVAL, "no SRAM pool (sram)\n");
	return 0;
}

/* gmac0: the child "mediatek,eth-mac" with reg 0. */
static struct device_node *mt7988_find_mac(struct device *dev)
{
	struct device_node *np;
	u32 id;

	for_each_available_child_of_node(dev->of_node, np) {
		if (!of_device_is_compatible(np, "mediatek,eth-mac"))
			continue;
		if (!of_property_read_u32(np, "reg", &id) && id == 0)
			return np;
	}
	return NULL;
}

static void mt7988_put_node(void *data)
{
	of_node_put(data);
}

static void mt7988_phylink_destroy(void *data)
{
	phylink_destroy(data);
}

/*
 * gmac0 on v3 is the internal 10G link to the switch: phy-mode
 * "internal" at 10000 full duplex only [L mtk_add_mac, PM B]; the DT's
 * fixed-link describes it.
 */
static int mt7988_phylink_setup(struct mt7988_priv *eth, struct device *dev)
{
	struct phylink *pl;
	int ret;

	eth->mac_np = mt7988_find_mac(dev);
	if (!eth->mac_np)
		return dev_err_probe(dev, -ENODEV, "no mac@0 (mediatek,eth-mac)\n");
	ret = devm_add_action_or_reset(dev, mt7988_put_node, eth->mac_np);
	if (ret)
		return ret;
	ret = of_get_phy_mode(eth->mac_np, &eth->phy_mode);
	if (ret)
		return dev_err_probe(dev, ret, "mac@0: no phy-mode\n");
	if (eth->phy_mode != PHY_INTERFACE_MODE_INTERNAL)
		return dev_err_probe(dev, -EINVAL,
				     "mac@0: phy-mode %s, only internal is supported\n",
				     phy_modes(eth->phy_mode));

	eth->phylink_config.dev = &eth->dev->dev;
	eth->phylink_config.type = PHYLINK_NETDEV;
	eth->phylink_config.mac_capabilities = MAC_10000FD | MAC_SYM_PAUSE |
					       MAC_ASYM_PAUSE;
	__set_bit(PHY_INTERFACE_MODE_INTERNAL,
		  eth->phylink_config.supported_interfaces);
	pl = phylink_create(&eth->phylink_config, of_fwnode_handle(eth->mac_np),
			    eth->phy_mode, &mt7988_phylink_ops);
	if (IS_ERR(pl))
		return dev_err_probe(dev, PTR_ERR(pl), "phylink\n");
	eth->phylink = pl;
	return devm_add_action_or_reset(dev, mt7988_phylink_destroy, pl);
}

static void mt7988_init_mac(struct mt7988_priv *eth, struct device *dev)
{
	struct net_device *ndev = eth->dev;

	/* the MAC address comes from the DT only, as on 7.3 [PM B] */
	if (of_get_ethdev_address(eth->mac_np, ndev)) {
		eth_hw_addr_random(ndev);
		dev_info(dev, "no MAC address in the device tree, using %pM\n",
			 ndev->dev_addr);
	}
}

static void mt7988_default_config(struct mt7988_priv *eth)
{
	u32 rx = rx_queues ? rx_queues : num_online_cpus();

	eth->req_rx = clamp_t(u32, rx, 1, eth->max_rx);
	eth->req_comb = 0;
	eth->rx_size = MT7988_RX_RING_SIZE;
	/* reviewers of the RSS RFC: a random key, the kernel's default table */
	netdev_rss_key_fill(eth->rss_key, sizeof(eth->rss_key));
	mt7988_irq_build_vmap(eth, eth->req_rx, eth->req_comb, &eth->vmap);
	mt7988_rss_default_indir(eth);
}

static int mt7988_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct mt7988_priv *eth;
	struct net_device *ndev;
	int ret;

	ndev = devm_alloc_etherdev_mqs(dev, sizeof(*eth), MT7988_MAX_TX_QUEUES,
				       MT7988_MAX_RX_RINGS);
	if (!ndev)
		return -ENOMEM;
	SET_NETDEV_DEV(ndev, dev);
	eth = netdev_priv(ndev);
	eth->dev = ndev;
	eth->dmadev = dev;
	spin_lock_init(&eth->irq_lock);
	mutex_init(&eth->stats_lock);
	mt7988_stats_init(eth);
	platform_set_drvdata(pdev, eth);

	eth->base = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(eth->base))
		return PTR_ERR(eth->base);
	ret = mt7988_resources(eth, dev);
	if (ret)
		return ret;
	ret = mt7988_clocks(dev);
	if (ret)
		return ret;
	/* 36-bit descriptors and buffers, 32-bit coherent memory [PM B] */
	ret = dma_set_mask(dev, DMA_BIT_MASK(36));
	if (!ret)
		ret = dma_set_coherent_mask(dev, DMA_BIT_MASK(32));
	if (ret)
		return dev_err_probe(dev, ret, "DMA mask\n");
	ret = mt7988_irq_find(eth);
	if (ret)
		return ret;

	mt7988_hw_reset(eth);
	mt7988_hw_init(eth);

	ret = mt7988_phylink_setup(eth, dev);
	if (ret)
		return ret;
	mt7988_init_mac(eth, dev);
	mt7988_default_config(eth);
	mt7988_netdev_setup(eth);
	ret = mt7988_set_ethtool_ops(ndev);
	if (ret)
		return ret;
	ret = mt7988_irq_request(eth);
	if (ret)
		return ret;
	/* after unregister (devm undoes in reverse): no reset runs then */
	INIT_WORK(&eth->reset_work, mt7988_reset_work);
	ret = devm_add_action_or_reset(dev, mt7988_cancel_reset, eth);
	if (ret)
		return ret;
	ret = devm_register_netdev(dev, ndev);
	if (ret)
		return dev_err_probe(dev, ret, "register_netdev\n");
	ret = mt7988_debugfs_add(eth);
	if (ret)
		return ret;
	netdev_info(ndev, "MT7988 gmac0 at %s, %pM: %u RX rings (%s), %u in use%s\n",
		    dev_name(dev), ndev->dev_addr, eth->max_rx,
		    eth->legacy_rx ? "fe2" : "pdma lines", eth->vmap.n_rx,
		    eth->vmap.n_rx > 1 ? ", RSS" : "");
	return 0;
}

static const struct of_device_id mt7988_of_match[] = {
	{ .compatible = "mediatek,mt7988-eth" },
	{ }
};
MODULE_DEVICE_TABLE(of, mt7988_of_match);

static struct platform_driver mt7988_driver = {
	.probe = mt7988_probe,
	.driver = {
		.name = MT7988_DRV_NAME,
		.of_match_table = mt7988_of_match,
	},
};

static int __init mt7988_init(void)
{
	int ret;

	mt7988_debugfs_init();
	ret = platform_driver_register(&mt7988_driver);
	if (ret)
		mt7988_debugfs_exit();
	return ret;
}
module_init(mt7988_init);

static void __exit mt7988_exit(void)
{
	platform_driver_unregister(&mt7988_driver);
	mt7988_debugfs_exit();
}
module_exit(mt7988_exit);

RXS_IMPORT_NS();
MODULE_DESCRIPTION("MediaTek MT7988 frame engine driver with RSS (rxscale)");
MODULE_LICENSE("GPL");
