/* SPDX-License-Identifier: GPL-2.0 */
/*
 * RTL8127 register map used by r8127.
 *
 * Sources (read, not copied), abbreviated in the comments:
 *   [up]  Linux 7.3 drivers/net/ethernet/realtek/r8169_main.c
 *   [phy] Linux 7.3 drivers/net/phy/realtek/realtek_main.c
 *   [vd]  Realtek vendor r8127 v11.015.00 (src/r8127.h, r8127_n.c,
 *         r8127_rss.c; public mirror sbwml/package_kernel_r8127)
 * docs/hw/rtl8127.md and docs/hw/rtl8127-driver.md list each fact.
 */
#ifndef R8127_REGS_H
#define R8127_REGS_H

#include <linux/bitfield.h>
#include <linux/bits.h>

/*
 * Style (Linux 7.3 fbnic_csr.h, rtase.h): each register with its fields
 * beneath it, fields as GENMASK/BIT, values put in and taken out with
 * FIELD_PREP/FIELD_GET, limits from FIELD_MAX.
 */

/* ---- MMIO registers (BAR: lowest memory BAR, 64 KiB) ---- */
#define R8127_MAC0		0x0000	/* [up] MAC0..5, 32-bit writes */
#define R8127_MAC4		0x0004
#define R8127_MAR0		0x0008	/* [up] multicast hash, 64 bit */
#define R8127_MAR4		0x000c
#define R8127_CNT_ADDR_LO	0x0010	/* [up] tally counter block */
#define R8127_CNT_ADDR_HI	0x0014
#define  R8127_CNT_RESET	BIT(0)
#define  R8127_CNT_DUMP		BIT(3)
#define R8127_TX_DESC0_LO	0x0020	/* [up] TX queue 0 ring base */
#define R8127_TX_DESC0_HI	0x0024
#define R8127_INT_CFG0		0x0034	/* [up][vd] 8-bit */
#define  R8127_INT_CFG0_VECTOR	BIT(0)	/* [vd] per-vector (ISR v2) mode */
#define  R8127_INT_CFG0_AUTO_CLR_IMR	BIT(5)	/* [vd] cleared for ISR v6 */
#define  R8127_INT_CFG0_AVOID_MISS	BIT(6)	/* [vd] cleared for ISR v6 */
#define R8127_CHIPCMD		0x0037	/* [up] 8-bit */
#define  R8127_CMD_STOP_REQ	BIT(7)
#define  R8127_CMD_RESET	BIT(4)
#define  R8127_CMD_RX_EN	BIT(3)
#define  R8127_CMD_TX_EN	BIT(2)
#define R8127_IMR0		0x0038	/* [up] legacy mask, 32-bit */
#define R8127_ISR0		0x003c	/* [up] legacy status, W1C */
#define  R8127_INT_RX_OK	BIT(0)
#define  R8127_INT_RX_ERR	BIT(1)
#define  R8127_INT_TX_OK	BIT(2)
#define  R8127_INT_TX_ERR	BIT(3)
#define  R8127_INT_RDU		BIT(4)
#define  R8127_INT_LINK_CHG	BIT(5)
#define  R8127_INT_LEGACY_MASK	(R8127_INT_RX_OK | R8127_INT_RX_ERR | \
				 R8127_INT_TX_OK | R8127_INT_TX_ERR | \
				 R8127_INT_LINK_CHG)
#define  R8127_ISR0_EVENTS	GENMASK(15, 0)	/* [up] all set: device gone */
#define R8127_TXCONFIG		0x0040	/* [up] */
#define  R8127_TXCFG_XID	GENMASK(31, 20)	/* [up] read-only chip id */
/* [up] rtl8169_get_mac_version: the XID bits it looks at (0xfcf) */
#define  R8127_XID_BITS		(GENMASK(11, 6) | GENMASK(3, 0))
/* [up] rtl_chip_infos: RTL8127A is XID 0x6c9 under the mask 0x7cf */
#define  R8127_XID_MASK		(GENMASK(10, 6) | GENMASK(3, 0))
#define  R8127_XID_8127A	0x6c9
#define  R8127_TXCFG_IFG	GENMASK(25, 24)	/* [up] InterFrameGap */
#define   R8127_IFG_DEFAULT	3		/* [up] InterFrameGap 3 << 24 */
#define  R8127_TXCFG_DMA_BURST	GENMASK(10, 8)	/* [up] TxDMAShift 8 */
#define   R8127_DMA_BURST_UNLIMITED 7		/* [up] TX/RX_DMA_BURST */
#define  R8127_TXCFG_NO_CLOSE	BIT(6)	/* [vd] set with TX no-close */
#define R8127_RXCONFIG		0x0044	/* [up] */
#define  R8127_RX_ACCEPT_ALL	BIT(0)
#define  R8127_RX_ACCEPT_MY	BIT(1)
#define  R8127_RX_ACCEPT_MCAST	BIT(2)
#define  R8127_RX_ACCEPT_BCAST	BIT(3)
#define  R8127_RX_ACCEPT_MASK	GENMASK(5, 0)
#define  R8127_RX_DMA_BURST	GENMASK(10, 8)	/* [up] RxCfgDMAShift 8 */
#define  R8127_RX_PAUSE_SLOT	BIT(11)	/* [up] 8125b and later */
#define  R8127_RX_VLAN_STRIP	GENMASK(23, 22)	/* [up] inner+outer strip */
#define  R8127_RX_DESC_V3	BIT(24)	/* [vd] must be 0 for RxDescV4 */
/* [up] RX_FETCH_DFLT_8125 is 8 << 27; the field's width is not stated */
#define  R8127_RX_FETCH		GENMASK(31, 27)
#define   R8127_RX_FETCH_DFLT	8
#define R8127_CFG9346		0x0050	/* [up] config register lock */
#define  R8127_CFG9346_UNLOCK	GENMASK(7, 6)	/* [up] Cfg9346_Unlock 0xc0 */
#define  R8127_CFG9346_LOCK	0x00
#define R8127_CONFIG1		0x0052
#define  R8127_CFG1_SPEED_DOWN	BIT(4)	/* [up] Speed_down, cleared */
#define R8127_CONFIG3		0x0054
#define  R8127_CFG3_RDY_TO_L23	BIT(1)	/* [up] */
#define R8127_CONFIG5		0x0056
#define R8127_INT_CFG1		0x007a	/* [up] 16-bit */
#define R8127_TPPOLL		0x0090	/* [up] legacy TX doorbell, 16-bit */
#define R8127_PCIE_L1_CFG	0x0382	/* [up] 16-bit, written 0x221b */
#define  R8127_PCIE_L1_CFG_VAL	0x221b	/* [up] rtl_hw_start_8125_common */
#define R8127_OCPDR		0x00b0	/* [up] MAC OCP window */
#define R8127_GPHY_OCP		0x00b8	/* [up] PHY OCP window */
#define  R8127_OCP_FLAG		BIT(31)
#define  R8127_OCP_ADDR		GENMASK(30, 16)	/* [up] register / 2 */
#define  R8127_OCP_DATA		GENMASK(15, 0)
#define R8127_MCU		0x00d3	/* [up] 8-bit */
#define  R8127_MCU_NOW_IS_OOB	BIT(7)
#define  R8127_MCU_RXTX_EMPTY	(BIT(5) | BIT(4))
#define  R8127_MCU_LL_READY	BIT(1)	/* link list share FIFO ready */
#define R8127_RXDESC_CFG	0x00d8	/* [up][vd] 8-bit */
#define  R8127_RXDESC_V4_EN	BIT(1)	/* [vd] EnableRxDescV4_0 */
#define R8127_RX_MAX_SIZE	0x00da	/* [up] 16-bit */
/* [up] written as the RX buffer size + 1 */
#define R8127_CPLUSCMD		0x00e0	/* [up] 16-bit */
#define  R8127_CPCMD_INTT	GENMASK(1, 0)	/* [up] INTT_MASK */
#define  R8127_CPCMD_RX_CSUM	BIT(5)
#define  R8127_CPCMD_RX_VLAN	BIT(6)
#define  R8127_CPCMD_NORMAL	BIT(13)	/* [up] Normal_mode */
/* [up] CPCMD_MASK: the bits kept from the reset value (0x2063) */
#define  R8127_CPCMD_KEEP	(R8127_CPCMD_NORMAL | R8127_CPCMD_RX_VLAN | \
				 R8127_CPCMD_RX_CSUM | R8127_CPCMD_INTT)
#define R8127_INTR_MITIGATE	0x00e2	/* [up] 8125+: status, read only */
/* [up] rtl_rxtx_empty_cond_2: all of 0x0103 set (bits not named there) */
#define  R8127_MITI_EMPTY	(BIT(8) | GENMASK(1, 0))
#define R8127_RX_DESC0_LO	0x00e4	/* [up] RX queue 0 ring base */
#define R8127_RX_DESC0_HI	0x00e8
#define R8127_MISC		0x00f0	/* [up] */
#define  R8127_MISC_RXDV_GATE	BIT(19)
#define R8127_INT_MITI(q)	(0x0a00 + 8 * (q))	/* [vd] RX timer, 8 bit */
#define R8127_INT_MITI_TX(q)	(0x0a02 + 8 * (q))	/* [vd] TX timer */
#define  R8127_MITI_TIMER	GENMASK(7, 0)	/* both timers */
#define R8127_INT_MITI_END	0x0b00	/* [up] 0xa00..0xaff zeroed */
#define R8127_IMR_V2_CLEAR	0x0d00	/* [vd] one bit per vector */
#define R8127_ISR_V2		0x0d04	/* [vd] W1C */
#define R8127_IMR_V2_SET	0x0d0c	/* [vd] */
#define R8127_SW_TAIL_PTR(q)	(0x0d30 + 8 * (q))	/* [vd] 8125BP style */
#define R8127_HW_CLO_PTR(q)	(0x0d34 + 8 * (q))	/* [vd] */
#define  R8127_NO_CLOSE_MASK	GENMASK(30, 0)	/* [vd] MASK_V4 0x7fffffff */
#define R8127_LTR_CFG		0x1880	/* [up] 16-bit, bits 5:4 cleared */
#define  R8127_LTR_CFG_CLEAR	GENMASK(5, 4)
#define R8127_MAC0_BKP		0x19e0	/* [up] MAC backup, 8-bit reads */
#define R8127_TX_NO_CLOSE_CFG	0x20e4	/* [vd] 8-bit */
#define  R8127_TX_NO_CLOSE_EN	BIT(2)
#define R8127_TX_DESC1_LO	0x2100	/* [vd] TNPDS_Q1_LOW_8125 */
#define R8127_RX_DESCN_LO(q)	(0x4000 + ((q) - 1) * 8)	/* [vd] q >= 1 */
#define R8127_RSS_CTRL		0x4500	/* [up][vd] 32-bit, 0 = off */
#define  R8127_RSS_TCP_IPV4	BIT(0)	/* [vd] r8127_rss.c */
#define  R8127_RSS_IPV4		BIT(1)
#define  R8127_RSS_TCP_IPV6	BIT(2)
#define  R8127_RSS_IPV6		BIT(3)
#define  R8127_RSS_IPV6_EXT	BIT(4)
#define  R8127_RSS_TCP_IPV6_EXT	BIT(5)
#define  R8127_RSS_INDIR_BITS	GENMASK(10, 8)	/* log2(table entries) */
#define  R8127_RSS_UDP_IPV4	BIT(11)
#define  R8127_RSS_UDP_IPV6	BIT(12)
#define  R8127_RSS_UDP_IPV6_EXT	BIT(13)
#define  R8127_RSS_CPU_BITS	GENMASK(18, 16)	/* log2(RX rings) */
#define R8127_RSS_KEY		0x4600	/* [vd] 40 bytes, 10 x le32 */
#define R8127_RSS_INDIR		0x4700	/* [vd] 128 x u8, 4 per write */
#define R8127_Q_NUM_CTRL	0x4800	/* [up][vd] 16-bit */
#define  R8127_Q_NUM_RX		GENMASK(4, 2)	/* log2(RX queues) */
#define R8127_EEE_TXIDLE	0x6048	/* [up] */

/* ---- MAC OCP registers ---- */
#define R8127_OCP_SFP		0xd006	/* [up] rtl_init_one */
#define  R8127_SFP_ID		GENMASK(7, 0)
#define   R8127_SFP_ID_SFP	0x07	/* [up] SFP variant of the chip */
#define R8127_OCP_FIFO_CFG	0xe8de	/* [up] rtl_hw_init_8125 */
#define  R8127_FIFO_CFG_CLEAR	BIT(14)
#define R8127_OCP_E614		0xe614	/* [up] rtl_hw_start_8125_common */
#define  R8127_E614_FIELD	GENMASK(11, 8)	/* [up] all set for 8127A */
#define R8127_OCP_TXQ_CFG	0xe63e	/* [up][vd] */
#define  R8127_TXQ_NUM		GENMASK(11, 10)	/* [vd] log2(TX queues) */
#define  R8127_TXQ_CFG54	GENMASK(5, 4)	/* [up][vd] set to 2 */
#define   R8127_TXQ_CFG54_VAL	2
#define R8127_OCP_TXDESC_FMT	0xeb58	/* [up][vd] */
#define  R8127_TXDESC_FMT_MASK	GENMASK(1, 0)
#define  R8127_TXDESC_FMT_NEW	0x1	/* [vd] 32-byte descriptors */
#define R8127_OCP_E00E		0xe00e	/* [up] rtl_mac_ocp_e00e_cond */
#define  R8127_E00E_BUSY	BIT(13)	/* [up] polled until low */
#define R8127_OCP_TALLY_EXT	0xea84	/* [up] extended tally counter */
#define  R8127_TALLY_EXT_EN	GENMASK(1, 0)
#define R8127_OCP_EB54		0xeb54	/* [up] bit 0 pulsed high for 1 us */
#define  R8127_EB54_PULSE	BIT(0)
#define R8127_OCP_E098		0xe098	/* [up] written last, 0xc302 */
#define  R8127_E098_VAL		0xc302

/* ---- PHY OCP registers (internal PHY, page 0 at 0xa400) ---- */
#define R8127_PHY_BMCR		0xa400	/* [up] MII_BMCR mapped */
#define R8127_PHY_BMSR		0xa402
#define R8127_PHY_ADVERTISE	0xa408	/* MII_ADVERTISE */
#define R8127_PHY_LPA		0xa40a	/* MII_LPA */
#define R8127_PHY_CTRL1000	0xa412	/* MII_CTRL1000 */
#define R8127_PHY_STAT1000	0xa414	/* MII_STAT1000 */
#define R8127_PHY_10GBT_CTRL	0xa5d4	/* [phy] RTL_MDIO_AN_10GBT_CTRL */
#define R8127_PHY_10GBT_STAT	0xa5d6	/* [phy] RTL_MDIO_AN_10GBT_STAT */
#define R8127_PHY_PHYSR		0xa434	/* [up] rtlgen_decode_physr */
#define  R8127_PHYSR_SPEEDL	GENMASK(5, 4)	/* [phy] RTL_VND2_PHYSR_SPEEDL */
#define  R8127_PHYSR_SPEEDH	GENMASK(10, 9)	/* [phy] RTL_VND2_PHYSR_SPEEDH */
#define  R8127_PHYSR_SPEED	(R8127_PHYSR_SPEEDH | R8127_PHYSR_SPEEDL)
/* values of the two speed fields together */
#define  R8127_PHYSR_10G	0x0200
#define  R8127_PHYSR_5G		0x0220
#define  R8127_PHYSR_2500	0x0210
#define  R8127_PHYSR_1000	0x0020
#define  R8127_PHYSR_100	0x0010
#define  R8127_PHYSR_DUPLEX	BIT(3)

/* ---- interrupt bits in vector mode (ISR_V2/IMR_V2), [vd] ISR v6 ---- */
#define R8127_V2_RX(q)		(q)		/* RX OK of RX queue q */
#define R8127_V2_TX(q)		(8 + (q))	/* TX OK of TX queue q */
#define R8127_V2_LINK		29		/* link change */
#define R8127_V2_VECTORS	30	/* vectors needed: link is vector 29 */
#define R8127_MSIX_MAX		32

/* ---- descriptors ---- */
#define R8127_DESC_OWN		BIT(31)
#define R8127_DESC_RING_END	BIT(30)
#define R8127_DESC_FIRST	BIT(29)
#define R8127_DESC_LAST		BIT(28)

/* TX opts1 (new 32-byte format keeps the 8125 bit layout, [vd][up]) */
#define R8127_TX_GTSENV4	BIT(26)
#define R8127_TX_GTSENV6	BIT(25)
#define R8127_TX_GTTCPHO	GENMASK(24, 18)	/* TSO: L4 header offset */
#define R8127_TX_LEN		GENMASK(17, 0)
/* TX opts2 */
#define R8127_TX_UDP_CS		BIT(31)
#define R8127_TX_TCP_CS		BIT(30)
#define R8127_TX_IPV4_CS	BIT(29)
#define R8127_TX_IPV6		BIT(28)
#define R8127_TX_TCPHO		GENMASK(27, 18)	/* csum: L4 offset */
#define R8127_TX_MSS		GENMASK(28, 18)	/* TSO: MSS */
#define R8127_TX_VLAN		BIT(17)
#define R8127_TX_VLAN_TAG	GENMASK(15, 0)	/* swab16(TCI) */
#define R8127_TSO_MAX_SIZE	64000	/* [up] */
#define R8127_TSO_MAX_SEGS	64
#define R8127_TX_TCPHO_MAX	FIELD_MAX(R8127_TX_TCPHO)
#define R8127_TX_GTTCPHO_MAX	FIELD_MAX(R8127_TX_GTTCPHO)
#define R8127_TX_MSS_MAX	FIELD_MAX(R8127_TX_MSS)	/* [vd] MSS_MAX 0x7ff */

/* RX opts1, legacy 16-byte descriptor ([up]) and RxDescV4 ([vd]) */
#define R8127_RX_LEN		GENMASK(13, 0)
/* the largest buffer size the length field holds, 8-aligned */
#define R8127_RX_BUF_MAX	(FIELD_MAX(R8127_RX_LEN) & ~7U)
#define R8127_RX1_RES		BIT(21)
#define R8127_RX1_RUNT		BIT(20)
#define R8127_RX1_CRC		BIT(19)
#define R8127_RX1_UDP		BIT(18)
#define R8127_RX1_TCP		BIT(17)
#define R8127_RX1_IPF		BIT(16)
#define R8127_RX1_UDPF		BIT(15)
#define R8127_RX1_TCPF		BIT(14)
#define R8127_RX4_RES		BIT(22)
#define R8127_RX4_RUNT		BIT(21)
#define R8127_RX4_CRC		BIT(20)
#define R8127_RX4_UDP		BIT(19)
#define R8127_RX4_TCP		BIT(18)
#define R8127_RX4_IPF		BIT(17)
#define R8127_RX4_UDPF		BIT(16)
#define R8127_RX4_TCPF		BIT(15)
/* RX opts2 */
#define R8127_RX_IPV6		BIT(31)
#define R8127_RX_IPV4		BIT(30)
#define R8127_RX_VLAN		BIT(16)
#define R8127_RX_VLAN_TAG	GENMASK(15, 0)
/* RxDescV4 RSSInfo word */
#define R8127_RSSI_UDP		BIT(27)
#define R8127_RSSI_IPV4		BIT(28)
#define R8127_RSSI_IPV6		BIT(29)
#define R8127_RSSI_TCP		BIT(30)

#define R8127_RSS_KEY_SIZE	40
#define R8127_RSS_INDIR_SIZE	128
#define R8127_MAX_RX_QUEUES	4
#define R8127_MAX_TX_QUEUES	2

#endif /* R8127_REGS_H */
