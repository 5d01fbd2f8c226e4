// SPDX-License-Identifier: GPL-2.0
/*
 * r8127 PHY and link handling.
 *
 * Why not phylib: the internal PHY (ID 0x001cc890) is known to the
 * realtek PHY driver only from Linux 6.16 on, and a module cannot add a
 * PHY driver to older kernels. The driver therefore keeps the PHY in
 * autonegotiation (its power-on default advertises every speed) and
 * reads the link from the standard BMSR and Realtek's PHYSR through the
 * PHY OCP window ([up] rtlgen_decode_physr). Link changes raise an
 * interrupt; a 1 s poll covers a missed one.
 */
#include <linux/ethtool.h>
#include <linux/mii.h>

#include "r8127.h"

#define R8127_LINK_POLL		HZ

void r8127_phy_start(struct r8127_priv *tp)
{
	int bmcr = r8127_phy_ocp_read(tp, R8127_PHY_BMCR);

	if (bmcr < 0) {
		netdev_warn(tp->dev, "PHY not responding (%d)\n", bmcr);
		bmcr = 0;
	}
	/* power up ([up] rtlgen_resume clears BMCR_PDOWN) and restart AN */
	bmcr &= ~(BMCR_PDOWN | BMCR_ISOLATE);
	bmcr |= BMCR_ANENABLE | BMCR_ANRESTART;
	r8127_phy_ocp_write(tp, R8127_PHY_BMCR, bmcr);
	tp->speed = SPEED_UNKNOWN;
	tp->duplex = DUPLEX_UNKNOWN;
	netif_carrier_off(tp->dev);
	schedule_delayed_work(&tp->link_work, 0);
}

void r8127_phy_stop(struct r8127_priv *tp)
{
	cancel_delayed_work_sync(&tp->link_work);
	netif_carrier_off(tp->dev);
	tp->speed = SPEED_UNKNOWN;
	tp->duplex = DUPLEX_UNKNOWN;
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

	if (!tp->up)
		return;
	up = r8127_phy_read_link(tp, &speed, &duplex);
	if (up && (!netif_carrier_ok(dev) || speed != tp->speed ||
		   duplex != tp->duplex)) {
		tp->speed = speed;
		tp->duplex = duplex;
		netif_carrier_on(dev);
		netdev_info(dev, "link up, %u Mbps, %s duplex\n", speed,
			    duplex == DUPLEX_FULL ? "full" : "half");
	} else if (!up && netif_carrier_ok(dev)) {
		tp->speed = SPEED_UNKNOWN;
		tp->duplex = DUPLEX_UNKNOWN;
		netif_carrier_off(dev);
		netdev_info(dev, "link down\n");
	}
	schedule_delayed_work(&tp->link_work, R8127_LINK_POLL);
}

void r8127_phy_fill_ksettings(struct r8127_priv *tp,
			      struct ethtool_link_ksettings *cmd)
{
	static const int modes[] = {
		ETHTOOL_LINK_MODE_10baseT_Full_BIT,
		ETHTOOL_LINK_MODE_100baseT_Full_BIT,
		ETHTOOL_LINK_MODE_1000baseT_Full_BIT,
		ETHTOOL_LINK_MODE_2500baseT_Full_BIT,
		ETHTOOL_LINK_MODE_5000baseT_Full_BIT,
		ETHTOOL_LINK_MODE_10000baseT_Full_BIT,
		ETHTOOL_LINK_MODE_Autoneg_BIT,
		ETHTOOL_LINK_MODE_TP_BIT,
	};
	unsigned int i;

	ethtool_link_ksettings_zero_link_mode(cmd, supported);
	ethtool_link_ksettings_zero_link_mode(cmd, advertising);
	for (i = 0; i < ARRAY_SIZE(modes); i++) {
		__set_bit(modes[i], cmd->link_modes.supported);
		__set_bit(modes[i], cmd->link_modes.advertising);
	}
	cmd->base.autoneg = AUTONEG_ENABLE;
	cmd->base.port = tp->sfp ? PORT_FIBRE : PORT_TP;
	cmd->base.phy_address = 0;
	if (netif_running(tp->dev) && netif_carrier_ok(tp->dev)) {
		cmd->base.speed = tp->speed;
		cmd->base.duplex = tp->duplex;
	} else {
		cmd->base.speed = SPEED_UNKNOWN;
		cmd->base.duplex = DUPLEX_UNKNOWN;
	}
}
