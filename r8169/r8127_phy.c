// SPDX-License-Identifier: GPL-2.0
/*
 * r8127 PHY and link handling.
 *
 * Why not phylib: the internal PHY (ID 0x001cc890) is known to the
 * realtek PHY driver only from Linux 6.16 on, and a module cannot add a
 * PHY driver to older kernels. The driver therefore keeps the PHY in
 * autonegotiation and reads the link from the standard BMSR and Realtek's
 * PHYSR through the PHY OCP window ([up] rtlgen_decode_physr). Link
 * changes raise an interrupt; a 1 s poll covers a missed one. ethtool -s
 * changes the advertisement in the standard registers and 10GBT_CTRL
 * ([phy] rtl822x_config_aneg) and restarts autonegotiation.
 */
#include <linux/ethtool.h>
#include <linux/linkmode.h>
#include <linux/mdio.h>
#include <linux/mii.h>

#include "r8127.h"

#define R8127_LINK_POLL		HZ

void r8127_phy_start(struct r8127_priv *tp)
{
	int bmcr;

	/* [up] rtl8127a_1_hw_phy_config: the patch first */
	r8127_fw_apply(tp);
	bmcr = r8127_phy_ocp_read(tp, R8127_PHY_BMCR);
	if (bmcr < 0) {
		netdev_warn(tp->dev, "PHY not responding (%d)\n", bmcr);
		bmcr = 0;
	}
	/* power up ([up] rtlgen_resume clears BMCR_PDOWN) and restart AN */
	bmcr &= ~(BMCR_PDOWN | BMCR_ISOLATE);
	bmcr |= BMCR_ANENABLE | BMCR_ANRESTART;
	r8127_phy_ocp_write(tp, R8127_PHY_BMCR, bmcr);
	WRITE_ONCE(tp->speed, SPEED_UNKNOWN);
	WRITE_ONCE(tp->duplex, DUPLEX_UNKNOWN);
	netif_carrier_off(tp->dev);
	schedule_delayed_work(&tp->link_work, 0);
}

void r8127_phy_stop(struct r8127_priv *tp)
{
	cancel_delayed_work_sync(&tp->link_work);
	netif_carrier_off(tp->dev);
	WRITE_ONCE(tp->speed, SPEED_UNKNOWN);
	WRITE_ONCE(tp->duplex, DUPLEX_UNKNOWN);
}

static u32 r8127_physr_speed(int physr)
{
	switch (physr & R8127_PHYSR_SPEED) {
	case R8127_PHYSR_10G:
		return SPEED_10000;
	case R8127_PHYSR_5G:
		return SPEED_5000;
	case R8127_PHYSR_2500:
		return SPEED_2500;
	case R8127_PHYSR_1000:
		return SPEED_1000;
	case R8127_PHYSR_100:
		return SPEED_100;
	default:
		return SPEED_10;
	}
}

/* True if the link is up now; fills speed and duplex. */
static bool r8127_phy_read_link(struct r8127_priv *tp, u32 *speed, u8 *duplex)
{
	int bmsr, physr;

	/* BMSR link status latches low: the second read is current */
	r8127_phy_ocp_read(tp, R8127_PHY_BMSR);
	bmsr = r8127_phy_ocp_read(tp, R8127_PHY_BMSR);
	if (bmsr < 0 || !(bmsr & BMSR_LSTATUS))
		return false;
	physr = r8127_phy_ocp_read(tp, R8127_PHY_PHYSR);
	if (physr < 0)
		return false;
	*speed = r8127_physr_speed(physr);
	*duplex = (physr & R8127_PHYSR_DUPLEX) ? DUPLEX_FULL : DUPLEX_HALF;
	return true;
}

void r8127_link_work(struct work_struct *work)
{
	struct r8127_priv *tp = container_of(to_delayed_work(work),
					     struct r8127_priv, link_work);
	struct net_device *dev = tp->dev;
	u32 speed = SPEED_UNKNOWN;
	u8 duplex = DUPLEX_UNKNOWN;
	bool up;

	if (!READ_ONCE(tp->up))
		return;
	up = r8127_phy_read_link(tp, &speed, &duplex);
	if (up && (!netif_carrier_ok(dev) || speed != tp->speed ||
		   duplex != tp->duplex)) {
		WRITE_ONCE(tp->speed, speed);
		WRITE_ONCE(tp->duplex, duplex);
		netif_carrier_on(dev);
		netdev_info(dev, "link up, %u Mbps, %s duplex\n", speed,
			    duplex == DUPLEX_FULL ? "full" : "half");
	} else if (!up && netif_carrier_ok(dev)) {
		WRITE_ONCE(tp->speed, SPEED_UNKNOWN);
		WRITE_ONCE(tp->duplex, DUPLEX_UNKNOWN);
		netif_carrier_off(dev);
		netdev_info(dev, "link down\n");
	}
	schedule_delayed_work(&tp->link_work, R8127_LINK_POLL);
}

static const int r8127_link_modes[] = {
	ETHTOOL_LINK_MODE_10baseT_Half_BIT,
	ETHTOOL_LINK_MODE_10baseT_Full_BIT,
	ETHTOOL_LINK_MODE_100baseT_Half_BIT,
	ETHTOOL_LINK_MODE_100baseT_Full_BIT,
	ETHTOOL_LINK_MODE_1000baseT_Full_BIT,
	ETHTOOL_LINK_MODE_2500baseT_Full_BIT,
	ETHTOOL_LINK_MODE_5000baseT_Full_BIT,
	ETHTOOL_LINK_MODE_10000baseT_Full_BIT,
	ETHTOOL_LINK_MODE_Pause_BIT,
	ETHTOOL_LINK_MODE_Asym_Pause_BIT,
	ETHTOOL_LINK_MODE_Autoneg_BIT,
	ETHTOOL_LINK_MODE_TP_BIT,
};

static void r8127_phy_supported(unsigned long *mask)
{
	unsigned int i;

	linkmode_zero(mask);
	for (i = 0; i < ARRAY_SIZE(r8127_link_modes); i++)
		__set_bit(r8127_link_modes[i], mask);
}

static u16 r8127_phy_reg(struct r8127_priv *tp, u32 reg)
{
	int v = r8127_phy_ocp_read(tp, reg);

	return v < 0 ? 0 : v;
}

/* 2.5G/5G/10G advertisement bits of 10GBT_CTRL ([phy] rtl822x_config_aneg). */
static void r8127_10gbt_adv_to_linkmode(unsigned long *adv, u16 ctrl)
{
	linkmode_mod_bit(ETHTOOL_LINK_MODE_2500baseT_Full_BIT, adv,
			 ctrl & MDIO_AN_10GBT_CTRL_ADV2_5G);
	linkmode_mod_bit(ETHTOOL_LINK_MODE_5000baseT_Full_BIT, adv,
			 ctrl & MDIO_AN_10GBT_CTRL_ADV5G);
	linkmode_mod_bit(ETHTOOL_LINK_MODE_10000baseT_Full_BIT, adv,
			 ctrl & MDIO_AN_10GBT_CTRL_ADV10G);
}

static void r8127_phy_read_adv(struct r8127_priv *tp, unsigned long *adv)
{
	linkmode_zero(adv);
	mii_adv_mod_linkmode_adv_t(adv, r8127_phy_reg(tp, R8127_PHY_ADVERTISE));
	mii_ctrl1000_mod_linkmode_adv_t(adv,
					r8127_phy_reg(tp, R8127_PHY_CTRL1000));
	r8127_10gbt_adv_to_linkmode(adv,
				    r8127_phy_reg(tp, R8127_PHY_10GBT_CTRL));
	__set_bit(ETHTOOL_LINK_MODE_Autoneg_BIT, adv);
	__set_bit(ETHTOOL_LINK_MODE_TP_BIT, adv);
}

static void r8127_phy_read_lpa(struct r8127_priv *tp, unsigned long *lpa)
{
	linkmode_zero(lpa);
	mii_lpa_mod_linkmode_lpa_t(lpa, r8127_phy_reg(tp, R8127_PHY_LPA));
	mii_stat1000_mod_linkmode_lpa_t(lpa,
					r8127_phy_reg(tp, R8127_PHY_STAT1000));
	mii_10gbt_stat_mod_linkmode_lpa_t(lpa,
					  r8127_phy_reg(tp, R8127_PHY_10GBT_STAT));
}

void r8127_phy_fill_ksettings(struct r8127_priv *tp,
			      struct ethtool_link_ksettings *cmd)
{
	bool link = netif_running(tp->dev) && netif_carrier_ok(tp->dev);

	r8127_phy_supported(cmd->link_modes.supported);
	r8127_phy_read_adv(tp, cmd->link_modes.advertising);
	linkmode_and(cmd->link_modes.advertising, cmd->link_modes.advertising,
		     cmd->link_modes.supported);
	if (link)
		r8127_phy_read_lpa(tp, cmd->link_modes.lp_advertising);
	cmd->base.autoneg = AUTONEG_ENABLE;
	cmd->base.port = tp->sfp ? PORT_FIBRE : PORT_TP;
	cmd->base.phy_address = 0;
	cmd->base.speed = link ? READ_ONCE(tp->speed) : SPEED_UNKNOWN;
	cmd->base.duplex = link ? READ_ONCE(tp->duplex) : DUPLEX_UNKNOWN;
}

static void r8127_phy_modify(struct r8127_priv *tp, u32 reg, u16 mask,
			     u16 set)
{
	r8127_phy_ocp_write(tp, reg, (r8127_phy_reg(tp, reg) & ~mask) | set);
}

/*
 * ethtool -s: autonegotiation only (10GBASE-T needs it), advertising a
 * subset of the supported modes with at least one speed.
 */
int r8127_phy_set_ksettings(struct r8127_priv *tp,
			    const struct ethtool_link_ksettings *cmd)
{
	__ETHTOOL_DECLARE_LINK_MODE_MASK(supported);
	__ETHTOOL_DECLARE_LINK_MODE_MASK(adv);
	__ETHTOOL_DECLARE_LINK_MODE_MASK(speeds);

	if (tp->sfp)
		return -EOPNOTSUPP;
	if (cmd->base.autoneg != AUTONEG_ENABLE)
		return -EINVAL;
	r8127_phy_supported(supported);
	if (!linkmode_subset(cmd->link_modes.advertising, supported))
		return -EINVAL;
	linkmode_copy(adv, cmd->link_modes.advertising);
	linkmode_copy(speeds, supported);
	__clear_bit(ETHTOOL_LINK_MODE_Pause_BIT, speeds);
	__clear_bit(ETHTOOL_LINK_MODE_Asym_Pause_BIT, speeds);
	__clear_bit(ETHTOOL_LINK_MODE_Autoneg_BIT, speeds);
	__clear_bit(ETHTOOL_LINK_MODE_TP_BIT, speeds);
	if (!linkmode_intersects(adv, speeds))
		return -EINVAL;

	r8127_phy_modify(tp, R8127_PHY_ADVERTISE, ADVERTISE_ALL |
			 ADVERTISE_PAUSE_CAP | ADVERTISE_PAUSE_ASYM,
			 linkmode_adv_to_mii_adv_t(adv));
	r8127_phy_modify(tp, R8127_PHY_CTRL1000,
			 ADVERTISE_1000FULL | ADVERTISE_1000HALF,
			 linkmode_adv_to_mii_ctrl1000_t(adv));
	r8127_phy_modify(tp, R8127_PHY_10GBT_CTRL,
			 MDIO_AN_10GBT_CTRL_ADV2_5G | MDIO_AN_10GBT_CTRL_ADV5G |
			 MDIO_AN_10GBT_CTRL_ADV10G,
			 linkmode_adv_to_mii_10gbt_adv_t(adv));
	r8127_phy_modify(tp, R8127_PHY_BMCR, 0,
			 BMCR_ANENABLE | BMCR_ANRESTART);
	if (tp->up)
		mod_delayed_work(rxs_system_percpu_wq(), &tp->link_work, HZ / 10);
	return 0;
}
