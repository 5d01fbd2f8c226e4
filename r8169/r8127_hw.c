// SPDX-License-Identifier: GPL-2.0
/*
 * r8127 hardware access: indirect (OCP) windows, reset, init sequence,
 * receive filter, RSS programming, interrupt mitigation and counters.
 * Sources of the register facts are in r8127_regs.h.
 */
#include <linux/bitfield.h>
#include <linux/crc32.h>
#include <linux/delay.h>
#include <linux/etherdevice.h>
#include <linux/iopoll.h>
#include <rxscale/coalesce.h>
#include <rxscale/rss_indir.h>

#include "r8127.h"

/*
 * MAC OCP: the read returns the data immediately after the address
 * write, without a flag poll ([up] r8168_mac_ocp_read).
 */
u16 r8127_mac_ocp_read(struct r8127_priv *tp, u32 reg)
{
	r8127_w32(tp, R8127_OCPDR, FIELD_PREP(R8127_OCP_ADDR, reg >> 1));
	return FIELD_GET(R8127_OCP_DATA, r8127_r32(tp, R8127_OCPDR));
}

void r8127_mac_ocp_write(struct r8127_priv *tp, u32 reg, u16 val)
{
	r8127_w32(tp, R8127_OCPDR, R8127_OCP_FLAG |
		  FIELD_PREP(R8127_OCP_ADDR, reg >> 1) |
		  FIELD_PREP(R8127_OCP_DATA, val));
}

void r8127_mac_ocp_modify(struct r8127_priv *tp, u32 reg, u16 clear, u16 set)
{
	u16 v = r8127_mac_ocp_read(tp, reg);

	r8127_mac_ocp_write(tp, reg, (v & ~clear) | set);
}

/*
 * PHY OCP: a write completes when the flag reads 0, a read when it
 * reads 1 ([up] r8168g_phy_ocp_read/write, 10 x 25 us).
 */
int r8127_phy_ocp_read(struct r8127_priv *tp, u32 reg)
{
	u32 v;
	int ret;

	r8127_w32(tp, R8127_GPHY_OCP, FIELD_PREP(R8127_OCP_ADDR, reg >> 1));
	ret = readl_poll_timeout_atomic(tp->mmio + R8127_GPHY_OCP, v,
					v & R8127_OCP_FLAG, 25, 250);
	return ret ? ret : (int)FIELD_GET(R8127_OCP_DATA, v);
}

int r8127_phy_ocp_write(struct r8127_priv *tp, u32 reg, u16 val)
{
	u32 v;

	r8127_w32(tp, R8127_GPHY_OCP, R8127_OCP_FLAG |
		  FIELD_PREP(R8127_OCP_ADDR, reg >> 1) |
		  FIELD_PREP(R8127_OCP_DATA, val));
	return readl_poll_timeout_atomic(tp->mmio + R8127_GPHY_OCP, v,
					 !(v & R8127_OCP_FLAG), 25, 250);
}

/* Waits that only log on timeout, as upstream does: none is fatal. */
static void r8127_wait_mask8(struct r8127_priv *tp, u32 reg, u8 mask,
			     u8 want, const char *what)
{
	u8 v;

	if (readb_poll_timeout(tp->mmio + reg, v, (v & mask) == want,
			       100, 4200))
		netdev_warn(tp->dev, "timeout waiting for %s\n", what);
}

static void r8127_wait_ll_ready(struct r8127_priv *tp)
{
	r8127_wait_mask8(tp, R8127_MCU, R8127_MCU_LL_READY,
			 R8127_MCU_LL_READY, "link list ready");
}

static void r8127_wait_fifo_empty(struct r8127_priv *tp)
{
	u16 v;

	r8127_w8(tp, R8127_CHIPCMD,
		 r8127_r8(tp, R8127_CHIPCMD) | R8127_CMD_STOP_REQ);
	r8127_wait_mask8(tp, R8127_MCU, R8127_MCU_RXTX_EMPTY,
			 R8127_MCU_RXTX_EMPTY, "rx/tx fifo empty");
	if (readw_poll_timeout(tp->mmio + R8127_INTR_MITIGATE, v,
			       (v & R8127_MITI_EMPTY) == R8127_MITI_EMPTY,
			       100, 4200))
		netdev_warn(tp->dev, "timeout waiting for queues idle\n");
}

/* Gate RX DMA and let the FIFOs drain ([up] rtl_enable_rxdvgate). */
static void r8127_rxdv_gate(struct r8127_priv *tp, bool on)
{
	u32 misc = r8127_r32(tp, R8127_MISC);

	if (on) {
		r8127_w32(tp, R8127_MISC, misc | R8127_MISC_RXDV_GATE);
		usleep_range(2000, 3000);
		r8127_wait_fifo_empty(tp);
	} else {
		r8127_w32(tp, R8127_MISC, misc & ~R8127_MISC_RXDV_GATE);
	}
}

int r8127_hw_check_chip(struct r8127_priv *tp)
{
	u32 txcfg = r8127_r32(tp, R8127_TXCONFIG);
	u32 xid;

	if (txcfg == ~0U) {
		dev_err(&tp->pdev->dev, "PCI read failed\n");
		return -EIO;
	}
	xid = FIELD_GET(R8127_TXCFG_XID, txcfg) & R8127_XID_BITS;
	if ((xid & R8127_XID_MASK) != R8127_XID_8127A) {
		dev_err(&tp->pdev->dev, "unknown chip XID %03x\n", xid);
		return -ENODEV;
	}
	tp->sfp = FIELD_GET(R8127_SFP_ID, r8127_mac_ocp_read(tp, R8127_OCP_SFP)) ==
		  R8127_SFP_ID_SFP;
	tp->cp_cmd = r8127_r16(tp, R8127_CPLUSCMD) & R8127_CPCMD_KEEP;
	return 0;
}

/*
 * MAC OCP settings that neither source names: register, bits cleared,
 * bits set (a plain write clears all 16). The values and their order are
 * those of Linux 7.3 drivers/net/ethernet/realtek/r8169_main.c (function
 * named with each table); Realtek's vendor r8127 (rtl8127_hw_config /
 * rtl8127_exit_oob in src/r8127_n.c) writes the same ones.
 * docs/hw/rtl8127-driver.md lists them.
 */
struct r8127_ocp_op {
	u16 reg;
	u16 clear;
	u16 set;
};

#define R8127_OCP_WRITE(r, v)	{ .reg = (r), .clear = U16_MAX, .set = (v) }

/* [up] rtl_hw_init_8125, after the link list FIFO is ready */
static const struct r8127_ocp_op r8127_ocp_hw_init[] = {
	R8127_OCP_WRITE(0xc0aa, 0x07d0),
	R8127_OCP_WRITE(0xc0a6, 0x0150),
	R8127_OCP_WRITE(0xc01e, 0x5555),
};

/* [up] rtl_hw_start_8125_common: UPS off, then the first settings */
static const struct r8127_ocp_op r8127_ocp_start_1[] = {
	{ 0xd40a, 0x0010, 0x0000 },	/* disable UPS */
};

/* [up] rtl_hw_start_8125_common, after CONFIG1 */
static const struct r8127_ocp_op r8127_ocp_start_2[] = {
	R8127_OCP_WRITE(0xc140, 0xffff),
	R8127_OCP_WRITE(0xc142, 0xffff),
	{ 0xd3e2, 0x0fff, 0x03a9 },
	{ 0xd3e4, 0x00ff, 0x0000 },
	{ 0xe860, 0x0000, 0x0080 },
};

/* [up] rtl_hw_start_8125_common, after the TX queue configuration */
static const struct r8127_ocp_op r8127_ocp_start_3[] = {
	{ 0xc0b4, 0x0000, 0x000c },
	{ 0xeb6a, 0x00ff, 0x0033 },
	{ 0xeb50, 0x03e0, 0x0040 },
	{ 0xe056, 0x00f0, 0x0000 },
	{ 0xe040, 0x1000, 0x0000 },
	{ 0xea1c, 0x0003, 0x0001 },
	{ 0xea1c, 0x0300, 0x0000 },	/* [up] RTL_GIGA_MAC_VER_80 */
	{ 0xe0c0, 0x4f0f, 0x4403 },
	{ 0xe052, 0x0080, 0x0068 },
	{ 0xd430, 0x0fff, 0x047f },
	{ 0xea1c, 0x0004, 0x0000 },
};

static void r8127_ocp_apply(struct r8127_priv *tp,
			    const struct r8127_ocp_op *op, u32 n)
{
	u32 i;

	for (i = 0; i < n; i++)
		r8127_mac_ocp_modify(tp, op[i].reg, op[i].clear, op[i].set);
}

/* Probe-time init ([up] rtl_hw_init_8125). */
void r8127_hw_init(struct r8127_priv *tp)
{
	r8127_rxdv_gate(tp, true);
	r8127_w8(tp, R8127_CHIPCMD, r8127_r8(tp, R8127_CHIPCMD) &
		 ~(R8127_CMD_TX_EN | R8127_CMD_RX_EN));
	usleep_range(1000, 2000);
	r8127_w8(tp, R8127_MCU, r8127_r8(tp, R8127_MCU) & ~R8127_MCU_NOW_IS_OOB);
	r8127_mac_ocp_modify(tp, R8127_OCP_FIFO_CFG, R8127_FIFO_CFG_CLEAR, 0);
	r8127_wait_ll_ready(tp);
	r8127_ocp_apply(tp, r8127_ocp_hw_init, ARRAY_SIZE(r8127_ocp_hw_init));
	r8127_wait_ll_ready(tp);
}

void r8127_hw_reset(struct r8127_priv *tp)
{
	r8127_w8(tp, R8127_CHIPCMD, R8127_CMD_RESET);
	r8127_wait_mask8(tp, R8127_CHIPCMD, R8127_CMD_RESET, 0, "chip reset");
}

/*
 * Hand the chip back in the modes upstream r8169 expects: its start
 * sequence clears RSS, the queue count and the descriptor formats itself,
 * but not the TX no-close mode or the per-vector interrupt mode, and a
 * chip reset keeps both. Without this, r8169 loaded after us stalls on TX.
 */
void r8127_hw_release(struct r8127_priv *tp)
{
	r8127_hw_reset(tp);
	r8127_w8(tp, R8127_TX_NO_CLOSE_CFG,
		 r8127_r8(tp, R8127_TX_NO_CLOSE_CFG) & ~R8127_TX_NO_CLOSE_EN);
	r8127_w8(tp, R8127_INT_CFG0,
		 r8127_r8(tp, R8127_INT_CFG0) & ~R8127_INT_CFG0_VECTOR);
	r8127_w32(tp, R8127_RSS_CTRL, 0);
	r8127_w16(tp, R8127_Q_NUM_CTRL, 0);
}

/*
 * RxConfig read-modify-write, serialised by tp->rxcfg_lock: the receive
 * filter (ndo_set_rx_mode, under the address-list lock, not RTNL) and
 * the VLAN strip bits (feature path, RTNL) share the register.
 */
static void r8127_rxcfg_modify(struct r8127_priv *tp, u32 clear, u32 set)
{
	unsigned long flags;
	u32 v;

	spin_lock_irqsave(&tp->rxcfg_lock, flags);
	v = r8127_r32(tp, R8127_RXCONFIG);
	r8127_w32(tp, R8127_RXCONFIG, (v & ~clear) | set);
	spin_unlock_irqrestore(&tp->rxcfg_lock, flags);
}

/* Quiesce DMA and reset ([up] rtl8169_cleanup for 8125 and later). */
void r8127_hw_stop(struct r8127_priv *tp)
{
	r8127_rxcfg_modify(tp, R8127_RX_ACCEPT_MASK, 0);
	r8127_rxdv_gate(tp, true);
	usleep_range(2000, 3000);
	r8127_hw_reset(tp);
}

void r8127_hw_read_mac(struct r8127_priv *tp, u8 *addr)
{
	int i;

	/* [up] rtl_init_mac_address: backup registers first, then MAC0 */
	for (i = 0; i < ETH_ALEN; i++)
		addr[i] = r8127_r8(tp, R8127_MAC0_BKP + i);
	if (is_valid_ether_addr(addr))
		return;
	for (i = 0; i < ETH_ALEN; i++)
		addr[i] = r8127_r8(tp, R8127_MAC0 + i);
}

void r8127_hw_set_mac(struct r8127_priv *tp, const u8 *addr)
{
	r8127_w8(tp, R8127_CFG9346, R8127_CFG9346_UNLOCK);
	r8127_w32(tp, R8127_MAC4, addr[4] | addr[5] << 8);
	r8127_r8(tp, R8127_CHIPCMD);	/* flush the posted write */
	r8127_w32(tp, R8127_MAC0, addr[0] | addr[1] << 8 | addr[2] << 16 |
		  addr[3] << 24);
	r8127_r8(tp, R8127_CHIPCMD);
	r8127_w8(tp, R8127_CFG9346, R8127_CFG9346_LOCK);
}

void r8127_hw_set_rx_mode(struct net_device *dev)
{
	struct r8127_priv *tp = netdev_priv(dev);
	u32 mc[2] = { 0, 0 };
	u32 mode;

	mode = R8127_RX_ACCEPT_BCAST | R8127_RX_ACCEPT_MY |
	       R8127_RX_ACCEPT_MCAST;
	if (dev->flags & IFF_PROMISC) {
		mode |= R8127_RX_ACCEPT_ALL;
		mc[0] = ~0U;
		mc[1] = ~0U;
	} else if ((dev->flags & IFF_ALLMULTI) ||
		   netdev_mc_count(dev) > 64) {
		mc[0] = ~0U;
		mc[1] = ~0U;
	} else {
		struct netdev_hw_addr *ha;

		netdev_for_each_mc_addr(ha, dev) {
			u32 bit = ether_crc(ETH_ALEN, ha->addr) >> 26;

			mc[bit >> 5] |= BIT(bit & 31);
		}
		if (netdev_mc_empty(dev) || !(dev->flags & IFF_MULTICAST))
			mode &= ~R8127_RX_ACCEPT_MCAST;
	}
	/* [up] rtl_set_rx_mode: the high word goes to MAR0 byte-swapped */
	r8127_w32(tp, R8127_MAR4, swab32(mc[0]));
	r8127_w32(tp, R8127_MAR0, swab32(mc[1]));

	r8127_rxcfg_modify(tp, R8127_RX_ACCEPT_MASK, mode);
}

void r8127_hw_set_features(struct r8127_priv *tp, netdev_features_t features)
{
	r8127_rxcfg_modify(tp, R8127_RX_VLAN_STRIP,
			   features & NETIF_F_HW_VLAN_CTAG_RX ?
			   R8127_RX_VLAN_STRIP : 0);

	if (features & NETIF_F_RXCSUM)
		tp->cp_cmd |= R8127_CPCMD_RX_CSUM;
	else
		tp->cp_cmd &= ~R8127_CPCMD_RX_CSUM;
	r8127_w16(tp, R8127_CPLUSCMD, tp->cp_cmd);
	r8127_r16(tp, R8127_CPLUSCMD);
}

/* RSS_CTRL value for the current queues and hash settings ([vd]). */
u32 r8127_rss_ctrl(struct r8127_priv *tp)
{
	u32 ctrl;

	if (tp->vmap.n_rx < 2)
		return 0;
	ctrl = R8127_RSS_IPV4 | R8127_RSS_IPV6 | R8127_RSS_IPV6_EXT;
	if (tp->rss_tcp4)
		ctrl |= R8127_RSS_TCP_IPV4;
	if (tp->rss_tcp6)
		ctrl |= R8127_RSS_TCP_IPV6 | R8127_RSS_TCP_IPV6_EXT;
	if (tp->rss_udp4)
		ctrl |= R8127_RSS_UDP_IPV4;
	if (tp->rss_udp6)
		ctrl |= R8127_RSS_UDP_IPV6 | R8127_RSS_UDP_IPV6_EXT;
	ctrl |= FIELD_PREP(R8127_RSS_INDIR_BITS, ilog2(R8127_RSS_INDIR_SIZE));
	ctrl |= FIELD_PREP(R8127_RSS_CPU_BITS, ilog2(r8127_hw_rx_rings(&tp->vmap)));
	return ctrl;
}

void r8127_hw_write_indir(struct r8127_priv *tp)
{
	u32 words[R8127_RSS_INDIR_SIZE / 4];
	u32 i;

	if (rxs_indir_pack_u8(tp->rss_indir, R8127_RSS_INDIR_SIZE, words,
			      ARRAY_SIZE(words)))
		return;
	for (i = 0; i < ARRAY_SIZE(words); i++)
		r8127_w32(tp, R8127_RSS_INDIR + 4 * i, words[i]);
}

/* Key bytes in register order: byte 0 lowest ([vd] little-endian). */
static u32 r8127_key_word(const u8 *k)
{
	return k[0] | k[1] << 8 | k[2] << 16 | (u32)k[3] << 24;
}

/* Key, table, hash types, then the queue count ([vd] rtl8127_config_rss). */
void r8127_hw_write_rss(struct r8127_priv *tp)
{
	u32 i;
	u16 q;

	if (tp->vmap.n_rx >= 2) {
		for (i = 0; i < R8127_RSS_KEY_SIZE; i += 4)
			r8127_w32(tp, R8127_RSS_KEY + i,
				  r8127_key_word(tp->rss_key + i));
		r8127_hw_write_indir(tp);
	}
	r8127_w32(tp, R8127_RSS_CTRL, r8127_rss_ctrl(tp));

	q = r8127_r16(tp, R8127_Q_NUM_CTRL) & ~R8127_Q_NUM_RX;
	q |= FIELD_PREP(R8127_Q_NUM_RX, ilog2(r8127_hw_rx_rings(&tp->vmap)));
	r8127_w16(tp, R8127_Q_NUM_CTRL, q);
}

void r8127_hw_write_coal(struct r8127_priv *tp)
{
	u32 rx = 0, tx = 0;
	u32 q;

	/* values were range-checked by ethtool -C; 0 on conversion error */
	if (rxs_coal_usecs_to_units(tp->coal.rx_usecs, R8127_MITI_UNIT_NS,
				    R8127_MITI_MAX, &rx))
		rx = 0;
	if (rxs_coal_usecs_to_units(tp->coal.tx_usecs, R8127_MITI_UNIT_NS,
				    R8127_MITI_MAX, &tx))
		tx = 0;
	for (q = 0; q < R8127_MAX_RX_QUEUES; q++)
		r8127_w8(tp, R8127_INT_MITI(q),
			 FIELD_PREP(R8127_MITI_TIMER, tp->msix ? rx : 0));
	for (q = 0; q < R8127_MAX_TX_QUEUES; q++)
		r8127_w8(tp, R8127_INT_MITI_TX(q),
			 FIELD_PREP(R8127_MITI_TIMER, tp->msix ? tx : 0));
}

static void r8127_wait_e00e(struct r8127_priv *tp)
{
	int i;

	/* [up] rtl_mac_ocp_e00e_cond: bit 13 low, 10 x 1 ms */
	for (i = 0; i < 10; i++) {
		if (!(r8127_mac_ocp_read(tp, R8127_OCP_E00E) & R8127_E00E_BUSY))
			return;
		usleep_range(1000, 2000);
	}
	netdev_warn(tp->dev, "timeout waiting for MAC OCP 0xe00e\n");
}

/* MAC settings shared by 8125-family chips ([up] rtl_hw_start_8125_common). */
static void r8127_hw_start_common(struct r8127_priv *tp)
{
	u8 cfg;

	r8127_w8(tp, R8127_CONFIG3,
		 r8127_r8(tp, R8127_CONFIG3) & ~R8127_CFG3_RDY_TO_L23);
	r8127_w16(tp, R8127_PCIE_L1_CFG, R8127_PCIE_L1_CFG_VAL);
	r8127_ocp_apply(tp, r8127_ocp_start_1, ARRAY_SIZE(r8127_ocp_start_1));
	r8127_w8(tp, R8127_CONFIG1,
		 r8127_r8(tp, R8127_CONFIG1) & ~R8127_CFG1_SPEED_DOWN);
	r8127_ocp_apply(tp, r8127_ocp_start_2, ARRAY_SIZE(r8127_ocp_start_2));

	/* [vd] new 32-byte TX descriptors with the no-close pointers */
	r8127_mac_ocp_modify(tp, R8127_OCP_TXDESC_FMT, R8127_TXDESC_FMT_MASK,
			     R8127_TXDESC_FMT_NEW);
	r8127_w8(tp, R8127_TX_NO_CLOSE_CFG,
		 r8127_r8(tp, R8127_TX_NO_CLOSE_CFG) | R8127_TX_NO_CLOSE_EN);

	cfg = r8127_r8(tp, R8127_RXDESC_CFG);
	if (tp->rx_v4)
		cfg |= R8127_RXDESC_V4_EN;
	else
		cfg &= ~R8127_RXDESC_V4_EN;
	r8127_w8(tp, R8127_RXDESC_CFG, cfg);

	r8127_mac_ocp_modify(tp, R8127_OCP_E614, R8127_E614_FIELD,
			     R8127_E614_FIELD);
	/* [vd] rtl8127_set_tx_q_num, then bits 5:4 = 2 as [up] and [vd] */
	r8127_mac_ocp_modify(tp, R8127_OCP_TXQ_CFG,
			     R8127_TXQ_NUM | R8127_TXQ_CFG54,
			     FIELD_PREP(R8127_TXQ_NUM, ilog2(tp->vmap.n_tx)) |
			     FIELD_PREP(R8127_TXQ_CFG54, R8127_TXQ_CFG54_VAL));
	r8127_ocp_apply(tp, r8127_ocp_start_3, ARRAY_SIZE(r8127_ocp_start_3));
	r8127_mac_ocp_modify(tp, R8127_OCP_EB54, 0, R8127_EB54_PULSE);
	udelay(1);
	r8127_mac_ocp_modify(tp, R8127_OCP_EB54, R8127_EB54_PULSE, 0);
	r8127_w16(tp, R8127_LTR_CFG,
		  r8127_r16(tp, R8127_LTR_CFG) & ~R8127_LTR_CFG_CLEAR);
	r8127_mac_ocp_write(tp, R8127_OCP_E098, R8127_E098_VAL);

	r8127_wait_e00e(tp);
}

static void r8127_hw_set_int_mode(struct r8127_priv *tp)
{
	u8 cfg = r8127_r8(tp, R8127_INT_CFG0);

	/* [vd] ISR v6: vector mode, no IMR auto-clear, no "avoid miss" */
	cfg &= ~(R8127_INT_CFG0_VECTOR | R8127_INT_CFG0_AUTO_CLR_IMR |
		 R8127_INT_CFG0_AVOID_MISS);
	if (tp->msix)
		cfg |= R8127_INT_CFG0_VECTOR;
	r8127_w8(tp, R8127_INT_CFG0, cfg);
	r8127_w16(tp, R8127_INT_CFG1, 0);
}

/* Full start after a reset: rings must be allocated. */
void r8127_hw_start(struct r8127_priv *tp)
{
	u32 reg;

	r8127_w8(tp, R8127_CFG9346, R8127_CFG9346_UNLOCK);
	r8127_w16(tp, R8127_CPLUSCMD, tp->cp_cmd);

	r8127_hw_set_int_mode(tp);
	for (reg = R8127_INT_MITI(0); reg < R8127_INT_MITI_END; reg += 4)
		r8127_w32(tp, reg, 0);
	/* [up] extended tally counter */
	r8127_mac_ocp_modify(tp, R8127_OCP_TALLY_EXT, 0, R8127_TALLY_EXT_EN);

	r8127_hw_start_common(tp);
	r8127_hw_write_rss(tp);
	r8127_hw_write_coal(tp);

	r8127_w16(tp, R8127_RX_MAX_SIZE, tp->rs.rx[0].buf_len + 1);
	r8127_rings_write_bases(tp);
	r8127_w8(tp, R8127_CFG9346, R8127_CFG9346_LOCK);
	if (pci_is_pcie(tp->pdev))
		pcie_set_readrq(tp->pdev, 4096);
	r8127_r8(tp, R8127_CHIPCMD);

	r8127_w8(tp, R8127_CHIPCMD, R8127_CMD_TX_EN | R8127_CMD_RX_EN);
	r8127_rxcfg_modify(tp, ~0U,
			   FIELD_PREP(R8127_RX_FETCH, R8127_RX_FETCH_DFLT) |
			   FIELD_PREP(R8127_RX_DMA_BURST,
				      R8127_DMA_BURST_UNLIMITED) |
			   R8127_RX_PAUSE_SLOT);
	r8127_w32(tp, R8127_TXCONFIG,
		  FIELD_PREP(R8127_TXCFG_IFG, R8127_IFG_DEFAULT) |
		  FIELD_PREP(R8127_TXCFG_DMA_BURST, R8127_DMA_BURST_UNLIMITED) |
		  R8127_TXCFG_NO_CLOSE);
	r8127_hw_set_features(tp, tp->dev->features);
	/* the address lists are read under their lock, as the core does */
	netif_addr_lock_bh(tp->dev);
	r8127_hw_set_rx_mode(tp->dev);
	netif_addr_unlock_bh(tp->dev);
	r8127_rxdv_gate(tp, false);
}

/* Dump the tally block ([up] rtl8169_do_counters). */
int r8127_hw_dump_counters(struct r8127_priv *tp)
{
	u32 v;
	int ret;

	if (!(r8127_r8(tp, R8127_CHIPCMD) & R8127_CMD_RX_EN))
		return -ENETDOWN;
	r8127_w32(tp, R8127_CNT_ADDR_HI, upper_32_bits(tp->counters_dma));
	r8127_r8(tp, R8127_CHIPCMD);
	r8127_w32(tp, R8127_CNT_ADDR_LO, lower_32_bits(tp->counters_dma));
	r8127_w32(tp, R8127_CNT_ADDR_LO, lower_32_bits(tp->counters_dma) |
		  R8127_CNT_DUMP);
	ret = readl_poll_timeout(tp->mmio + R8127_CNT_ADDR_LO, v,
				 !(v & R8127_CNT_DUMP), 10, 10000);
	return ret;
}
