// SPDX-License-Identifier: GPL-2.0
/*
 * The MDIO bus (bit-banged through PIR by mdio-bitbang) and the PHY:
 * bus registration from the "mdio" child node, the PHY from phy-handle
 * (or a fixed link), and the MAC following what phylib negotiated.
 */
#include <linux/etherdevice.h>
#include <linux/of.h>
#include <linux/of_mdio.h>
#include <linux/phy.h>
#include <linux/platform_device.h>

#include "rzg2l_gbeth.h"

static struct gbeth_priv *gbeth_of_bb(struct mdiobb_ctrl *ctrl)
{
	return container_of(ctrl, struct gbeth_priv, bb);
}

/*
 * Each line is its own PIR bit, changed by read-modify-write; the bus
 * lock of mdio-bitbang serialises the accesses.
 */
static void gbeth_pir_set(struct mdiobb_ctrl *ctrl, u32 bit, int on)
{
	gbeth_modify(gbeth_of_bb(ctrl), GBETH_PIR, bit, on ? bit : 0);
}

static void gbeth_mdc(struct mdiobb_ctrl *ctrl, int level)
{
	gbeth_pir_set(ctrl, GBETH_PIR_MDC, level);
}

static void gbeth_mdio_dir(struct mdiobb_ctrl *ctrl, int output)
{
	gbeth_pir_set(ctrl, GBETH_PIR_MMD, output);
}

static void gbeth_mdio_out(struct mdiobb_ctrl *ctrl, int value)
{
	gbeth_pir_set(ctrl, GBETH_PIR_MDO, value);
}

static int gbeth_mdio_in(struct mdiobb_ctrl *ctrl)
{
	return !!(gbeth_read(gbeth_of_bb(ctrl), GBETH_PIR) & GBETH_PIR_MDI);
}

/*
 * No .owner: alloc_mdio_bitbang() would hold a reference on it for the
 * bus's lifetime (7.3 mdio-bitbang.c), so that this module could not be
 * removed while bound (ravb has that problem). The bus lives only while
 * the device is bound and is freed by the unbind that rmmod performs,
 * before the module's code goes.
 */
static const struct mdiobb_ops gbeth_bb_ops = {
	.set_mdc = gbeth_mdc,
	.set_mdio_dir = gbeth_mdio_dir,
	.set_mdio_data = gbeth_mdio_out,
	.get_mdio_data = gbeth_mdio_in,
};

static void gbeth_mdio_free(void *bus)
{
	free_mdio_bitbang(bus);
}

static void gbeth_mdio_unregister(void *bus)
{
	mdiobus_unregister(bus);
}

/* Called with the device powered (probe); undone by devres. */
int gbeth_mdio_register(struct gbeth_priv *p)
{
	struct device *dev = p->dmadev;
	struct device_node *np;
	struct mii_bus *bus;
	int ret;

	/*
	 * Debian's x86_64 kernels build no mdio-bitbang (every arm64
	 * config has it: RAVB selects it); the driver still compiles there
	 * (the matrix), the references to it compiled out.
	 */
	if (!IS_REACHABLE(CONFIG_MDIO_BITBANG))
		return dev_err_probe(dev, -EOPNOTSUPP,
				     "kernel built without mdio-bitbang\n");
	p->bb.ops = &gbeth_bb_ops;
	bus = alloc_mdio_bitbang(&p->bb);
	if (!bus)
		return -ENOMEM;
	ret = devm_add_action_or_reset(dev, gbeth_mdio_free, bus);
	if (ret)
		return ret;
	bus->name = "rzg2l_gbeth_mii";
	bus->parent = dev;
	snprintf(bus->id, MII_BUS_ID_SIZE, "%s", dev_name(dev));

	/* the PHYs are under "mdio"; old device trees put them in the node */
	np = of_get_child_by_name(dev->of_node, "mdio");
	if (!np)
		np = of_node_get(dev->of_node);
	ret = of_mdiobus_register(bus, np);
	of_node_put(np);
	if (ret)
		return dev_err_probe(dev, ret, "MDIO bus registration failed\n");
	ret = devm_add_action_or_reset(dev, gbeth_mdio_unregister, bus);
	if (ret)
		return ret;
	p->mii = bus;
	return 0;
}

/* phylib's view of the link, applied to the E-MAC (ravb_adjust_link). */
static void gbeth_adjust_link(struct net_device *dev)
{
	struct gbeth_priv *p = netdev_priv(dev);
	struct phy_device *phy = dev->phydev;
	bool changed = false;
	unsigned long flags;

	spin_lock_irqsave(&p->lock, flags);
	if (phy->link) {
		if (phy->duplex != p->duplex) {
			p->duplex = phy->duplex;
			gbeth_hw_set_duplex(p);
			changed = true;
		}
		if (phy->speed != p->speed) {
			p->speed = phy->speed;
			gbeth_hw_set_rate(p);
			changed = true;
		}
		if (!p->link) {
			/* TXF held transmission until a link came up */
			gbeth_modify(p, GBETH_ECMR, GBETH_ECMR_TXF, 0);
			p->link = true;
			changed = true;
		}
	} else if (p->link) {
		p->link = false;
		p->speed = SPEED_UNKNOWN;
		p->duplex = DUPLEX_UNKNOWN;
		changed = true;
	}
	spin_unlock_irqrestore(&p->lock, flags);

	if (changed)
		phy_print_status(phy);
}

/* At open: the PHY of phy-handle, or the node's fixed link. */
int gbeth_phy_connect(struct gbeth_priv *p)
{
	struct device_node *np = p->dmadev->of_node;
	struct phy_device *phy;

	p->link = false;
	p->speed = SPEED_UNKNOWN;
	p->duplex = DUPLEX_UNKNOWN;
	phy = of_phy_connect(p->dev, p->phy_node, gbeth_adjust_link, 0,
			     p->phy_mode);
	if (!phy) {
		netdev_err(p->dev, "cannot connect the PHY of %pOF\n",
			   p->phy_node ? p->phy_node : np);
		return -ENODEV;
	}
	phy_attached_info(phy);
	return 0;
}

void gbeth_phy_disconnect(struct gbeth_priv *p)
{
	if (p->dev->phydev)
		phy_disconnect(p->dev->phydev);
}
