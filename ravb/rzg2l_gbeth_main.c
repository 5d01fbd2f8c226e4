// SPDX-License-Identifier: GPL-2.0
/*
 * rzg2l_gbeth: Renesas RZ/G2L, RZ/G2UL, RZ/V2L and RZ/G3S GbEth (rxscale).
 * Platform glue: device-tree resources, clocks, reset, runtime PM, the
 * MAC address, probe.
 *
 * The module is named rzg2l_gbeth so that it can sit beside the in-tree
 * ravb, which claims the same compatible; unbind ravb (or blacklist it)
 * to use this driver. Everything is device-managed: there is no remove
 * callback, unbinding unregisters the interface (closing it) and then
 * undoes the probe in reverse.
 */
#include <linux/dma-mapping.h>
#include <linux/etherdevice.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/of_mdio.h>
#include <linux/of_net.h>
#include <linux/platform_device.h>
#include <linux/pm_runtime.h>
#include <linux/reset.h>

#include "rzg2l_gbeth.h"

/* ---------------------------------------------------------------- power */

static int gbeth_clks_on(struct gbeth_priv *p)
{
	int ret = clk_bulk_prepare_enable(ARRAY_SIZE(p->clks), p->clks);

	if (ret)
		return ret;
	ret = clk_prepare_enable(p->refclk);
	if (ret)
		clk_bulk_disable_unprepare(ARRAY_SIZE(p->clks), p->clks);
	return ret;
}

static void gbeth_clks_off(struct gbeth_priv *p)
{
	clk_disable_unprepare(p->refclk);
	clk_bulk_disable_unprepare(ARRAY_SIZE(p->clks), p->clks);
}

static int gbeth_runtime_suspend(struct device *dev)
{
	struct net_device *ndev = dev_get_drvdata(dev);

	gbeth_clks_off(netdev_priv(ndev));
	return 0;
}

static int gbeth_runtime_resume(struct device *dev)
{
	struct net_device *ndev = dev_get_drvdata(dev);

	return gbeth_clks_on(netdev_priv(ndev));
}

/*
 * After devres disabled runtime PM: the clocks off if still on (always
 * the case without CONFIG_PM, where the callbacks never run).
 */
static void gbeth_pm_release(void *data)
{
	struct gbeth_priv *p = data;

	if (!pm_runtime_status_suspended(p->dmadev))
		gbeth_clks_off(p);
	pm_runtime_set_suspended(p->dmadev);
}

/*
 * Clocks on, runtime PM enabled and held (active) until the end of the
 * probe.
 */
static int gbeth_power_init(struct gbeth_priv *p)
{
	struct device *dev = p->dmadev;
	int ret;

	ret = gbeth_clks_on(p);
	if (ret)
		return dev_err_probe(dev, ret, "cannot enable the clocks\n");
	ret = devm_add_action_or_reset(dev, gbeth_pm_release, p);
	if (ret)
		return ret;
	pm_runtime_set_active(dev);
	ret = devm_pm_runtime_enable(dev);
	if (ret)
		return ret;
	pm_runtime_get_noresume(dev);
	return 0;
}

/* ---------------------------------------------------------------- resources */

static void gbeth_reset_assert(void *rstc)
{
	reset_control_assert(rstc);
}

/* The module's reset line: out of reset from probe to unbind. */
static int gbeth_get_reset(struct gbeth_priv *p)
{
	struct device *dev = p->dmadev;
	struct reset_control *rstc;
	int ret;

	rstc = devm_reset_control_get_exclusive(dev, NULL);
	if (IS_ERR(rstc))
		return dev_err_probe(dev, PTR_ERR(rstc), "no reset line\n");
	ret = reset_control_deassert(rstc);
	if (ret)
		return dev_err_probe(dev, ret, "cannot deassert the reset\n");
	return devm_add_action_or_reset(dev, gbeth_reset_assert, rstc);
}

/* "axi" and "chi" are required, "refclk" optional (etheravb.yaml). */
static int gbeth_get_clks(struct gbeth_priv *p)
{
	struct device *dev = p->dmadev;
	int ret;

	p->clks[0].id = "axi";
	p->clks[1].id = "chi";
	ret = devm_clk_bulk_get(dev, ARRAY_SIZE(p->clks), p->clks);
	if (ret)
		return dev_err_probe(dev, ret, "cannot get the axi/chi clocks\n");
	p->refclk = devm_clk_get_optional(dev, "refclk");
	if (IS_ERR(p->refclk))
		return dev_err_probe(dev, PTR_ERR(p->refclk),
				     "cannot get refclk\n");
	return 0;
}

static void gbeth_fixed_link_put(void *np)
{
	of_phy_deregister_fixed_link(np);
}

static void gbeth_node_put(void *np)
{
	of_node_put(np);
}

/*
 * The PHY node: phy-handle, or the MAC's own node with a fixed link.
 * phy-mode: anything but "mii" selects RGMII (ravb_emac_init_gbeth).
 */
static int gbeth_get_phy(struct gbeth_priv *p)
{
	struct device *dev = p->dmadev;
	struct device_node *np = dev->of_node;
	int ret;

	ret = of_get_phy_mode(np, &p->phy_mode);
	if (ret == -ENODEV)
		p->phy_mode = PHY_INTERFACE_MODE_RGMII;
	else if (ret)
		return dev_err_probe(dev, ret, "bad phy-mode\n");

	p->phy_node = of_parse_phandle(np, "phy-handle", 0);
	if (!p->phy_node && of_phy_is_fixed_link(np)) {
		ret = of_phy_register_fixed_link(np);
		if (ret)
			return dev_err_probe(dev, ret, "bad fixed-link\n");
		ret = devm_add_action_or_reset(dev, gbeth_fixed_link_put, np);
		if (ret)
			return ret;
		p->phy_node = of_node_get(np);
	}
	if (!p->phy_node)
		return dev_err_probe(dev, -ENODEV,
				     "neither phy-handle nor fixed-link\n");
	return devm_add_action_or_reset(dev, gbeth_node_put, p->phy_node);
}

static void gbeth_dbat_free(void *data)
{
	struct gbeth_priv *p = data;

	dma_free_coherent(p->dmadev, sizeof(*p->dbat) * GBETH_DBAT_ENTRIES,
			  p->dbat, p->dbat_dma);
}

/* Descriptors hold 32-bit addresses: everything the DMAC reads is below 4 GiB. */
static int gbeth_dma_init(struct gbeth_priv *p)
{
	struct device *dev = p->dmadev;
	int ret;

	ret = dma_set_mask_and_coherent(dev, DMA_BIT_MASK(32));
	if (ret)
		return dev_err_probe(dev, ret, "no 32-bit DMA\n");
	p->dbat = dma_alloc_coherent(dev, sizeof(*p->dbat) * GBETH_DBAT_ENTRIES,
				     &p->dbat_dma, GFP_KERNEL);
	if (!p->dbat)
		return -ENOMEM;
	return devm_add_action_or_reset(dev, gbeth_dbat_free, p);
}

/*
 * The address from the device tree, else what a boot loader left in
 * MAHR/MALR (CONFIG mode, ravb_read_mac_address), else a random one.
 */
static void gbeth_get_mac(struct gbeth_priv *p)
{
	u8 addr[ETH_ALEN];

	if (!of_get_ethdev_address(p->dmadev->of_node, p->dev))
		return;
	gbeth_hw_read_mac(p, addr);
	if (is_valid_ether_addr(addr)) {
		eth_hw_addr_set(p->dev, addr);
		return;
	}
	dev_warn(p->dmadev, "no valid MAC address, using a random one\n");
	eth_hw_addr_random(p->dev);
}

/* ---------------------------------------------------------------- probe */

static int gbeth_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct net_device *ndev;
	struct gbeth_priv *p;
	struct resource *res;
	int ret;

	ndev = devm_alloc_etherdev(dev, sizeof(*p));
	if (!ndev)
		return -ENOMEM;
	SET_NETDEV_DEV(ndev, dev);
	platform_set_drvdata(pdev, ndev);
	p = netdev_priv(ndev);
	p->dev = ndev;
	p->dmadev = dev;
	spin_lock_init(&p->lock);
	spin_lock_init(&p->tx_clean_lock);
	mutex_init(&p->hw_lock);

	p->base = devm_platform_get_and_ioremap_resource(pdev, 0, &res);
	if (IS_ERR(p->base))
		return PTR_ERR(p->base);
	/* one line; the binding's names (mux, fil, arp_ns) are not needed */
	p->irq = platform_get_irq(pdev, 0);
	if (p->irq < 0)
		return p->irq;
	ret = gbeth_get_reset(p);
	if (!ret)
		ret = gbeth_get_clks(p);
	if (!ret)
		ret = gbeth_get_phy(p);
	if (!ret)
		ret = gbeth_dma_init(p);
	if (!ret)
		ret = gbeth_power_init(p);
	if (ret)
		return ret;

	/* CONFIG mode for the MAC registers and the MDIO bus (ravb_probe) */
	ret = gbeth_hw_set_mode(p, GBETH_OPC_CONFIG);
	if (ret)
		goto err_pm;
	gbeth_get_mac(p);
	ret = gbeth_mdio_register(p);
	if (ret)
		goto err_mode;
	ret = gbeth_hw_set_mode(p, GBETH_OPC_RESET);
	if (ret)
		goto err_pm;

	ret = gbeth_netdev_setup(p);
	if (!ret)
		ret = gbeth_debugfs_add(p);
	if (!ret)
		ret = gbeth_netdev_register(p);
	if (ret)
		goto err_pm;
	netdev_info(ndev, "RZ/G2L GbEth at %pa, IRQ %d, %pM, %s\n",
		    &res->start,
		    p->irq, ndev->dev_addr, phy_modes(p->phy_mode));
	pm_runtime_put_sync(dev);
	return 0;

err_mode:
	gbeth_hw_set_mode(p, GBETH_OPC_RESET);
err_pm:
	pm_runtime_put_noidle(dev);
	return ret;
}

static const struct dev_pm_ops gbeth_pm_ops = {
	RUNTIME_PM_OPS(gbeth_runtime_suspend, gbeth_runtime_resume, NULL)
};

/* [B] the SoC strings, each with the family fallback ravb matches */
static const struct of_device_id gbeth_of_match[] = {
	{ .compatible = "renesas,r9a07g043-gbeth" },	/* RZ/G2UL, RZ/Five */
	{ .compatible = "renesas,r9a07g044-gbeth" },	/* RZ/G2L, G2LC */
	{ .compatible = "renesas,r9a07g054-gbeth" },	/* RZ/V2L */
	{ .compatible = "renesas,r9a08g045-gbeth" },	/* RZ/G3S */
	{ .compatible = "renesas,rzg2l-gbeth" },
	{ }
};
MODULE_DEVICE_TABLE(of, gbeth_of_match);

static struct platform_driver gbeth_driver = {
	.probe = gbeth_probe,
	.driver = {
		.name = GBETH_DRV_NAME,
		.of_match_table = gbeth_of_match,
		.pm = pm_ptr(&gbeth_pm_ops),
	},
};

/* the debugfs root (test knobs) lives as long as the module */
static int __init gbeth_init(void)
{
	int ret;

	gbeth_debugfs_init();
	ret = platform_driver_register(&gbeth_driver);
	if (ret)
		gbeth_debugfs_exit();
	return ret;
}
module_init(gbeth_init);

static void __exit gbeth_exit(void)
{
	platform_driver_unregister(&gbeth_driver);
	gbeth_debugfs_exit();
}
module_exit(gbeth_exit);

RXS_IMPORT_NS();
MODULE_DESCRIPTION("Renesas RZ/G2L GbEth driver (rxscale)");
MODULE_LICENSE("GPL");
