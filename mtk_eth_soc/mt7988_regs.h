/* SPDX-License-Identifier: GPL-2.0 */
/*
 * mt7988_eth: registers of the MT7988 frame engine (NETSYS v3) and of
 * its ethsys syscon, with their fields beneath them.
 *
 * Sources (docs/hw/mt7988-driver.md): [L] Linux 7.3.4
 * drivers/net/ethernet/mediatek/mtk_eth_soc.[ch] (mt7988_reg_map and the
 * v2/v3 definitions), [SDK] MediaTek's NETSYS v3 RSS patches as carried
 * by public BPI-R4 trees and the RSS/LRO RFC on netdev, summarised in
 * ../shared/reference/mt7988.md and docs/hw/mt7988.md. Offsets are from
 * the start of the frame engine's register window unless marked ethsys.
 */
#ifndef MT7988_REGS_H
#define MT7988_REGS_H

#include <linux/bits.h>

/* ---- ethsys syscon [L .h ETHSYS_*] */
#define MT7988_ETHSYS_SYSCFG0		0x14
#define MT7988_ETHSYS_RST_CHK_IDLE	0x28
#define   MT7988_RST_CHK_IDLE_V3	0x6f8ff		/* [L mtk_hw_reset] */
#define MT7988_ETHSYS_RSTCTRL		0x34
#define   MT7988_RSTCTRL_FE		BIT(6)
#define   MT7988_RSTCTRL_ETH		BIT(23)
#define   MT7988_RSTCTRL_WDMA0		BIT(24)
#define   MT7988_RSTCTRL_WDMA1		BIT(25)
#define   MT7988_RSTCTRL_WDMA2		BIT(26)
#define   MT7988_RSTCTRL_PPE0		BIT(29)		/* RSTCTRL_PPE0_V3 */
#define   MT7988_RSTCTRL_PPE1		BIT(30)		/* RSTCTRL_PPE1_V3 */
#define   MT7988_RSTCTRL_PPE2		BIT(31)
#define MT7988_ETHSYS_DMA_AG_MAP	0x408
#define   MT7988_DMA_AG_MAP_ALL		GENMASK(2, 0)	/* PDMA, QDMA, PPE */

/* ---- frame engine: global */
#define MT7988_FE_INT_GRP		0x0020
/* [SDK] with the PDMA interrupts in use: groups 1..3 to pdma1..3 */
#define   MT7988_FE_INT_GRP_PDMA	0x210ffff2
#define MT7988_FE_GLO_MISC		0x0124
#define   MT7988_FE_GLO_PDMA_V2		BIT(4)		/* "Set FE to PDMAv2" */
#define MT7988_PSE_DROP_CFG		0x0108
#define MT7988_PSE_DUMMY_REQ		0x010c
#define   MT7988_PSE_DUMMY_GDM(x)	BIT(16 + (x))
#define   MT7988_PSE_DUMMY_PAGE_THR	BIT(0)
#define MT7988_PSE_PPE_DROP(x)		(0x0110 + 4 * (x))
#define   MT7988_PSE_WDMA_PORTS		0x2300		/* ports 8, 9, 13 */
#define MT7988_PSE_IQ_REV(x)		(0x0140 + 4 * ((x) - 1))
#define   MT7988_PSE_IQ_REV8_V3		0x00600009
#define MT7988_CDMQ_IG_CTRL		0x1400
#define   MT7988_CDMQ_STAG_EN		BIT(0)
#define MT7988_CDMW0_THRES		0x164c
#define   MT7988_CDMW0_THRES_V3		0x08000707
#define MT7988_CDMW1_THRES		0x1650
#define   MT7988_CDMW1_THRES_V3		0x00000077

/* ---- GDMA of gmac0 (GDM1) */
#define MT7988_GDMA_FWD_CFG		0x0500
#define   MT7988_GDMA_ICS_EN		BIT(22)
#define   MT7988_GDMA_TCS_EN		BIT(21)
#define   MT7988_GDMA_UCS_EN		BIT(20)
#define   MT7988_GDMA_STRP_CRC		BIT(16)
#define   MT7988_GDMA_FWD		GENMASK(15, 0)	/* one nibble per type */
#define   MT7988_GDMA_TO_PDMA		0x0000
#define   MT7988_GDMA_DROP_ALL		0x7777
#define MT7988_GDMA_EG_CTRL		0x0504
#define   MT7988_GDMA_XGDM_SEL		BIT(31)
#define MT7988_GDMA_MAC_ADRL		0x0508
#define MT7988_GDMA_MAC_ADRH		0x050c

/* GDM1 MIB: read-clear counters the driver adds up [L mtk_stats_update_mac] */
#define MT7988_GDM1_MIB			0x1c00
#define MT7988_MIB_RX_BYTES_LO		(MT7988_GDM1_MIB + 0x00)
#define MT7988_MIB_RX_BYTES_HI		(MT7988_GDM1_MIB + 0x04)
#define MT7988_MIB_RX_PKTS		(MT7988_GDM1_MIB + 0x08)
#define MT7988_MIB_TX_BYTES_LO		(MT7988_GDM1_MIB + 0x40)
#define MT7988_MIB_TX_BYTES_HI		(MT7988_GDM1_MIB + 0x44)
#define MT7988_MIB_TX_PKTS		(MT7988_GDM1_MIB + 0x48)
#define MT7988_MIB_LEN			0x80

/* ---- QDMA (TX) [L mt7988_reg_map.qdma] */
#define MT7988_QTX_CFG(q)		(0x4400 + 0x10 * (q))
#define   MT7988_QTX_RES_THRES		0x0404		/* QDMA_RES_THRES 4, twice */
#define MT7988_QTX_SCH(q)		(0x4404 + 0x10 * (q))
#define   MT7988_QTX_SCH_MIN_RATE_EN	BIT(27)
#define   MT7988_QTX_SCH_MIN_RATE_MAN	GENMASK(26, 20)
#define   MT7988_QTX_SCH_MIN_RATE_EXP	GENMASK(19, 16)
#define   MT7988_QTX_SCH_LEAKY_SIZE	GENMASK(29, 28)
#define MT7988_QDMA_QUEUES		16
#define MT7988_QDMA_GLO_CFG		0x4604
#define   MT7988_QGLO_TX_DMA_EN		BIT(0)
#define   MT7988_QGLO_TX_DMA_BUSY	BIT(1)
#define   MT7988_QGLO_RX_DMA_EN		BIT(2)
#define   MT7988_QGLO_RX_DMA_BUSY	BIT(3)
#define   MT7988_QGLO_TX_BT_32DW	GENMASK(5, 4)
#define   MT7988_QGLO_TX_WB_DDONE	BIT(6)
#define   MT7988_QGLO_NDP_CO_PRO	BIT(10)
#define   MT7988_QGLO_MULTI_CNT		(0x4 << 12)
#define   MT7988_QGLO_RESV_BUF		(0x40 << 16)
#define   MT7988_QGLO_WCOMP_EN		BIT(24)
#define   MT7988_QGLO_DMAD_WR_WDONE	BIT(26)
#define   MT7988_QGLO_CHK_DDONE_EN	BIT(28)
#define   MT7988_QGLO_RX_2B_OFFSET	BIT(31)
#define MT7988_QDMA_DELAY_INT		0x460c
/*
 * The delay interrupt word of 0x460c (and of PDMA 0x6a0c) [L .h 209-221,
 * mtk_dim_tx]: the TX half in bits 31:16, the RX half in 15:0; a half is
 * an enable, a frame count and a time in 20 us units. TX done is raised
 * once PINT completions are pending or PTIME after the first one.
 */
#define   MT7988_DLY_TX			GENMASK(31, 16)
#define   MT7988_DLY_RX			GENMASK(15, 0)
#define   MT7988_DLY_EN			BIT(15)		/* within a half */
#define   MT7988_DLY_PINT		GENMASK(14, 8)
#define   MT7988_DLY_PTIME		GENMASK(7, 0)
#define   MT7988_DLY_PTIME_NS		20000
#define MT7988_QDMA_FC_TH		0x4610
#define   MT7988_FC_THRES_DROP_MODE	BIT(20)
#define   MT7988_FC_THRES_DROP_EN	GENMASK(18, 16)
#define   MT7988_FC_THRES_MIN		0x4444
#define MT7988_QDMA_INT_STATUS		0x4618		/* W1C */
#define MT7988_QDMA_INT_MASK		0x461c
#define   MT7988_TX_DONE_INT		BIT(28)		/* MTK_TX_DONE_DLY */
#define MT7988_QDMA_INT_GRP1		0x4620
#define MT7988_QDMA_INT_GRP2		0x4624
#define MT7988_QDMA_HRED		0x4644
#define MT7988_QDMA_CTX_PTR		0x4700		/* next free descriptor */
#define MT7988_QDMA_DTX_PTR		0x4704
#define MT7988_QDMA_CRX_PTR		0x4710		/* last freed by the CPU */
#define MT7988_QDMA_DRX_PTR		0x4714		/* last released by HW */
#define MT7988_QDMA_FQ_HEAD		0x4720
#define MT7988_QDMA_FQ_TAIL		0x4724
#define MT7988_QDMA_FQ_COUNT		0x4728
#define MT7988_QDMA_FQ_BLEN		0x472c
#define MT7988_QDMA_TX_SCH_RATE		0x4798		/* and + 4 on v2+ */
#define   MT7988_QDMA_TX_SCH_MAX_WFQ	BIT(15)

/* ---- PDMA (RX) [L mt7988_reg_map.pdma, SDK] */
#define MT7988_PDMA_RX_BASE(n)		(0x6900 + 0x10 * (n))
#define MT7988_PDMA_RX_MAX_CNT(n)	(0x6904 + 0x10 * (n))
#define MT7988_PDMA_RX_CRX(n)		(0x6908 + 0x10 * (n))
#define MT7988_PDMA_RX_DRX(n)		(0x690c + 0x10 * (n))
#define MT7988_PDMA_GLO_CFG		0x6a04
#define   MT7988_PGLO_RX_DMA_EN		BIT(2)
#define   MT7988_PGLO_RX_DMA_BUSY	BIT(3)
#define   MT7988_PGLO_RX_DMA_LRO_EN	BIT(8)		/* [SDK] bit 8 on v3 */
#define   MT7988_PGLO_MULTI_EN		BIT(10)
#define   MT7988_PGLO_RX_BT_32DW	GENMASK(12, 11)
#define MT7988_PDMA_RST_IDX		0x6a08
#define   MT7988_PST_DRX_IDX(n)		BIT(16 + (n))
#define MT7988_PDMA_DELAY_INT		0x6a0c
#define MT7988_PDMA_INT_STATUS		0x6a20		/* W1C */
#define MT7988_PDMA_INT_MASK		0x6a28
#define   MT7988_RX_DONE_INT_V2		BIT(14)		/* 7.3's ring 0 bit */
#define   MT7988_RX_DONE_RING(n)	BIT(24 + (n))	/* [SDK] v3, per ring */
/* group k = 1..3 of the PDMA interrupts: line pdma<k> [SDK] */
#define MT7988_PDMA_INT_GRP(k)		(0x6a50 + 4 * ((k) - 1))

/* ---- RSS [SDK mtk_rss_init, ref "RSS block"] */
#define MT7988_RSS_GLO_CFG		0x7000
#define   MT7988_RSS_EN			BIT(0)
#define   MT7988_RSS_CFG_REQ		BIT(2)		/* pause while changing */
#define   MT7988_RSS_IPV6_TYPES		GENMASK(10, 8)
#define   MT7988_RSS_IPV4_TYPES		GENMASK(14, 12)
#define MT7988_RSS_KEY(i)		(0x7020 + 4 * (i))
#define MT7988_RSS_KEY_WORDS		10
#define MT7988_RSS_INDIR(i)		(0x7050 + 4 * (i))
#define MT7988_RSS_INDIR_WORDS		8
#define MT7988_RSS_INDIR_BITS		2		/* per entry, 16 a word */

/*
 * ---- HW LRO [SDK v3 offsets, ref "HW LRO block"; the fields as 7.3's
 * mtk_hwlro_rx_init() for older SoCs, L .h 180-244]. Slot x = 1..4
 * serves PDMA RX ring x + 3; 7.3 gives MAC m the slots 2 m + loc + 1.
 */
#define MT7988_LRO_ALT_REFRESH_TIMER	0x6c00
#define   MT7988_LRO_ALT_REFRESH_1S	((1 << 16) | 50000)	/* 20 us units */
#define MT7988_LRO_CTRL_DW0		0x6c08
#define   MT7988_LRO_EN			BIT(0)
#define   MT7988_LRO_L3_CKS_UPD_EN	BIT(19)		/* v3 */
#define   MT7988_LRO_ALT_PKT_CNT_MODE	BIT(21)
#define   MT7988_LRO_RELQ_REQ(x)	BIT(24 + (x) - 1)
#define   MT7988_LRO_RELQ_DONE(x)	BIT(28 + (x) - 1)
#define MT7988_LRO_CTRL_DW2		0x6c10
#define   MT7988_LRO_BW_THRESH		3000
#define MT7988_LRO_CTRL_DW3		0x6c14
#define   MT7988_LRO_MIN_RXD_SDL	(1522 << 16)
#define MT7988_LRO_ALT_SCORE_DELTA	0x6c1c
#define   MT7988_LRO_REPLACE_DELTA	1000
#define MT7988_LRO_DIP(x)		(0x6c14 + 0x40 * (x))
#define MT7988_LRO_RING_DW1(x)		(0x6c38 + 0x40 * (x))
#define   MT7988_LRO_DW1_AGE_L		GENMASK(31, 22)
#define MT7988_LRO_RING_DW2(x)		(0x6c3c + 0x40 * (x))
#define   MT7988_LRO_DW2_AGE_H		GENMASK(5, 0)
#define   MT7988_LRO_DW2_MODE		GENMASK(7, 6)
#define     MT7988_LRO_MODE_AUTO_LEARN	3
#define   MT7988_LRO_DW2_RING_VLD	BIT(8)
#define   MT7988_LRO_DW2_MYIP_VLD	BIT(9)
#define   MT7988_LRO_DW2_AGG_TIME	GENMASK(25, 10)	/* 20 us units */
#define   MT7988_LRO_DW2_AGG_CNT_L	GENMASK(31, 26)
#define MT7988_LRO_RING_DW3(x)		(0x6c40 + 0x40 * (x))
#define   MT7988_LRO_DW3_AGG_CNT_H	GENMASK(1, 0)
#define MT7988_LRO_AGE_TIME		50		/* 1 ms [L] */
#define MT7988_LRO_AGG_TIME		10		/* 200 us [L] */
#define MT7988_LRO_MAX_AGG_CNT		64		/* [L] */

/* ---- MAC block */
#define MT7988_MAC_MCR(id)		(0x10100 + 0x100 * (id))
#define   MT7988_MCR_FORCE_MODE		BIT(15)		/* = FORCE_LINK_DOWN */

/* ---- QDMA TX descriptor v2 (struct mtk_tx_dma_v2, 8 words) [L .h] */
#define MT7988_TXD3_OWNER_CPU		BIT(31)		/* 0: hardware owns it */
#define MT7988_TXD3_LS0			BIT(30)
#define MT7988_TXD3_PLEN0		GENMASK(23, 8)
#define MT7988_TXD3_ADDR64		GENMASK(3, 0)
#define MT7988_TXD4_SWC			BIT(30)
#define MT7988_TXD4_QID			GENMASK(21, 16)
#define MT7988_TXD4_FPORT		GENMASK(11, 8)
#define   MT7988_FPORT_GDM1		1		/* PSE_GDM1_PORT */
#define MT7988_TXD5_TSO			BIT(31)
#define MT7988_TXD5_CSUM		GENMASK(30, 28)	/* 7: IPv4 + L4 */
#define MT7988_TXD6_INS_VLAN		BIT(16)
#define MT7988_TXD6_VLAN_TCI		GENMASK(15, 0)
#define MT7988_TX_MAX_LEN		FIELD_MAX(MT7988_TXD3_PLEN0)

/* ---- PDMA RX descriptor v2 (struct mtk_rx_dma_v2, 8 words) [L .h] */
#define MT7988_RXD2_DONE		BIT(31)
#define MT7988_RXD2_LS0			BIT(30)
#define MT7988_RXD2_PLEN0		GENMASK(23, 8)
#define MT7988_RXD2_ADDR64		GENMASK(3, 0)
#define MT7988_RXD3_L4_VALID		BIT(2)
#define MT7988_RXD5_SPORT		GENMASK(29, 26)
#define MT7988_RXD6_AGG_CNT		GENMASK(23, 16)	/* LRO segments */
#define MT7988_RXD6_FLUSH		GENMASK(2, 0)	/* LRO flush reason */
#define   MT7988_LRO_FLUSH_AGG		1
#define   MT7988_LRO_FLUSH_AGE		2
#define   MT7988_LRO_FLUSH_NOT_IN_SEQ	3

#endif /* MT7988_REGS_H */
