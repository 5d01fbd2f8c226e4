// SPDX-License-Identifier: GPL-2.0
/*
 * mt7988_eth hardware: reset, frame-engine set-up, DMA start/stop, the
 * RSS block, the GDM1 MIB counters and gmac0's phylink MAC operations.
 * Values and orders are 7.3's [L] for what upstream already drives and
 * MediaTek's SDK's [SDK] for the RSS block and the PDMA groups
 * (docs/hw/mt7988-driver.md).
 */
#include <linux/delay.h>
#include <linux/iopoll.h>
#include <linux/of_address.h>
#include <linux/regmap.h>
#include <rxscale/types.h>

#include "mt7988.h"

/*
 * Cold reset through ethsys [L mtk_hw_reset, ethsys_reset]: the DMA
 * coherency of the AG map first, then FE, ETH, the three PPEs and WDMAs
 * held in reset for 1 ms, with the idle check off meanwhile.
 */
void mt7988_hw_reset(struct mt7988_priv *eth)
{
	u32 rst = MT7988_RSTCTRL_FE | MT7988_RSTCTRL_ETH |
		  MT7988_RSTCTRL_PPE0 | MT7988_RSTCTRL_PPE1 |
		  MT7988_RSTCTRL_PPE2 | MT7988_RSTCTRL_WDMA0 |
		  MT7988_RSTCTRL_WDMA1 | MT7988_RSTCTRL_WDMA2;
	bool coherent = of_dma_is_coherent(eth->dmadev->of_node);

	regmap_update_bits(eth->ethsys, MT7988_ETHSYS_DMA_AG_MAP,
			   MT7988_DMA_AG_MAP_ALL,
			   coherent ? MT7988_DMA_AG_MAP_ALL : 0);
	msleep(100);
	regmap_write(eth->ethsys, MT7988_ETHSYS_RST_CHK_IDLE, 0);
	regmap_update_bits(eth->ethsys, MT7988_ETHSYS_RSTCTRL, rst, rst);
	usleep_range(1000, 1100);
	regmap_update_bits(eth->ethsys, MT7988_ETHSYS_RSTCTRL, rst, 0);
	mdelay(10);
	regmap_write(eth->ethsys, MT7988_ETHSYS_RST_CHK_IDLE,
		     MT7988_RST_CHK_IDLE_V3);
}

/*
 * The delay interrupt: the TX half from ethtool -C, the RX half off. 7.3
 * writes one word to both the PDMA and the QDMA register [L mtk_dim_tx];
 * so does this. Whether PDMA's RX half paces the RSS rings' own interrupt
 * bits is not in the sources (docs/hw/mt7988.md, "Delay interrupts").
 */
void mt7988_hw_write_delay(struct mt7988_priv *eth)
{
	u32 v = FIELD_PREP(MT7988_DLY_TX, eth->tx_dly);

	mt7988_w32(eth, MT7988_PDMA_DELAY_INT, v);
	mt7988_w32(eth, MT7988_QDMA_DELAY_INT, v);
}

/* The frame engine after reset [L mtk_hw_init, v3 branch]. */
void mt7988_hw_init(struct mt7988_priv *eth)
{
	u32 i;

	mt7988_m32(eth, MT7988_FE_GLO_MISC, 0, MT7988_FE_GLO_PDMA_V2);
	mt7988_w32(eth, MT7988_MAC_MCR(0), MT7988_MCR_FORCE_MODE);
	mt7988_m32(eth, MT7988_CDMQ_IG_CTRL, 0, MT7988_CDMQ_STAG_EN);
	/* RX: no delay interrupt, NAPI and the masks pace the lines; TX: -C */
	mt7988_hw_write_delay(eth);
	mt7988_w32(eth, MT7988_QDMA_INT_MASK, 0);
	mt7988_w32(eth, MT7988_PDMA_INT_MASK, 0);

	mt7988_w32(eth, MT7988_PSE_DUMMY_REQ, MT7988_PSE_DUMMY_GDM(1) |
		   MT7988_PSE_DUMMY_GDM(2) | MT7988_PSE_DUMMY_GDM(3) |
		   MT7988_PSE_DUMMY_PAGE_THR);
	mt7988_w32(eth, MT7988_PSE_IQ_REV(8), MT7988_PSE_IQ_REV8_V3);
	mt7988_w32(eth, MT7988_PSE_DROP_CFG, MT7988_PSE_WDMA_PORTS);
	for (i = 0; i < 3; i++)
		mt7988_w32(eth, MT7988_PSE_PPE_DROP(i), MT7988_PSE_WDMA_PORTS);
	mt7988_w32(eth, MT7988_CDMW0_THRES, MT7988_CDMW0_THRES_V3);
	mt7988_w32(eth, MT7988_CDMW1_THRES, MT7988_CDMW1_THRES_V3);
	/* 7.3 disables GDM1's CRC stripping; frames reach PDMA without FCS */
	mt7988_m32(eth, MT7988_GDMA_FWD_CFG, MT7988_GDMA_STRP_CRC, 0);
	/* nothing reaches the rings before open */
	mt7988_m32(eth, MT7988_GDMA_FWD_CFG, MT7988_GDMA_FWD,
		   MT7988_GDMA_DROP_ALL);
	/* the MIB counters are read-clear: start from zero */
	for (i = 0; i < MT7988_MIB_LEN; i += 4)
		mt7988_r32(eth, MT7988_GDM1_MIB + i);
}

/* QDMA idle before its rings are set [L mtk_dma_busy_wait]. */
int mt7988_hw_dma_wait_idle(struct mt7988_priv *eth)
{
	u32 v;

	return readl_poll_timeout(eth->base + MT7988_QDMA_GLO_CFG, v,
				  !(v & (MT7988_QGLO_TX_DMA_BUSY |
					 MT7988_QGLO_RX_DMA_BUSY)),
				  5, USEC_PER_SEC);
}

/*
 * Interrupt groups [SDK]: ring q's done bit into PDMA group q raises
 * pdma<q>; ring 0 is in none (pdma0). LRO ring 4 + i shares pdma<i>
 * with RSS ring i (the SDK: ring 5 in group 1, 6 in 2, 7 in 3), or
 * with a running queue's line when queue i is not running. QDMA TX done in QDMA group 1
 * (fe1) as on 7.3. In the fe2 fallback 7.3's grouping stays.
 */
static void mt7988_hw_int_groups(struct mt7988_priv *eth)
{
	u32 k;

	mt7988_w32(eth, MT7988_QDMA_INT_GRP1, MT7988_TX_DONE_INT);
	mt7988_w32(eth, MT7988_QDMA_INT_GRP2, 0);
	if (eth->legacy_rx) {
		mt7988_w32(eth, MT7988_PDMA_INT_GRP(1), MT7988_TX_DONE_INT);
		mt7988_w32(eth, MT7988_PDMA_INT_GRP(2), MT7988_RX_DONE_INT_V2);
		mt7988_w32(eth, MT7988_PDMA_INT_GRP(3), 0);
		return;
	}
	for (k = 1; k < 4; k++) {
		u32 bits = k < eth->max_rx ? MT7988_RX_DONE_RING(k) : 0, q;

		for (q = MT7988_LRO_RING0; q < MT7988_LRO_RING0 + eth->n_lro; q++)
			if (mt7988_lro_line(eth, q) == k)
				bits |= MT7988_RX_DONE_RING(q);
		mt7988_w32(eth, MT7988_PDMA_INT_GRP(k), bits);
	}
	mt7988_w32(eth, MT7988_FE_INT_GRP, MT7988_FE_INT_GRP_PDMA);
}

/* QDMA queue scheduling as 7.3 sets it [L mtk_tx_alloc]. */
static void mt7988_hw_qdma_queues(struct mt7988_priv *eth)
{
	u32 q, sch;

	sch = MT7988_QTX_SCH_MIN_RATE_EN |
	      FIELD_PREP(MT7988_QTX_SCH_MIN_RATE_MAN, 1) |	/* 10 Mbit/s */
	      FIELD_PREP(MT7988_QTX_SCH_MIN_RATE_EXP, 4) |
	      MT7988_QTX_SCH_LEAKY_SIZE;
	for (q = 0; q < MT7988_QDMA_QUEUES; q++) {
		mt7988_w32(eth, MT7988_QTX_CFG(q), MT7988_QTX_RES_THRES);
		mt7988_w32(eth, MT7988_QTX_SCH(q), sch);
	}
	sch = MT7988_QDMA_TX_SCH_MAX_WFQ | (MT7988_QDMA_TX_SCH_MAX_WFQ << 16);
	mt7988_w32(eth, MT7988_QDMA_TX_SCH_RATE, sch);
	mt7988_w32(eth, MT7988_QDMA_TX_SCH_RATE + 4, sch);
}

/*
 * Rings (written by mt7988_rings_reset()) are set: enable the DMA
 * engines, the RSS block and GDM1's forwarding to PDMA. Cannot fail.
 */
void mt7988_hw_start(struct mt7988_priv *eth)
{
	mt7988_hw_qdma_queues(eth);
	mt7988_w32(eth, MT7988_QDMA_FC_TH, MT7988_FC_THRES_DROP_MODE |
		   MT7988_FC_THRES_DROP_EN | MT7988_FC_THRES_MIN);
	mt7988_w32(eth, MT7988_QDMA_HRED, 0);
	mt7988_hw_int_groups(eth);
	mt7988_hw_write_rss(eth);
	mt7988_hw_set_mac(eth, eth->dev->dev_addr);

	mt7988_m32(eth, MT7988_QDMA_GLO_CFG, 0, MT7988_QGLO_TX_DMA_EN |
		   MT7988_QGLO_RX_DMA_EN | MT7988_QGLO_TX_BT_32DW |
		   MT7988_QGLO_NDP_CO_PRO | MT7988_QGLO_TX_WB_DDONE |
		   MT7988_QGLO_MULTI_CNT | MT7988_QGLO_RESV_BUF |
		   MT7988_QGLO_WCOMP_EN | MT7988_QGLO_DMAD_WR_WDONE |
		   MT7988_QGLO_CHK_DDONE_EN);
	/*
	 * No 2-byte RX offset (7.3 sets it only where NET_IP_ALIGN is 2):
	 * frames start at the buffer address.
	 */
	mt7988_lro_hw_start(eth);
	mt7988_w32(eth, MT7988_PDMA_GLO_CFG, MT7988_PGLO_RX_DMA_EN |
		   MT7988_PGLO_RX_BT_32DW | MT7988_PGLO_MULTI_EN |
		   (eth->n_lro ? MT7988_PGLO_RX_DMA_LRO_EN : 0));
	/* [L mtk_gdm_config] RX checksums, everything to PDMA (no PPE) */
	mt7988_m32(eth, MT7988_GDMA_FWD_CFG, MT7988_GDMA_FWD,
		   MT7988_GDMA_ICS_EN | MT7988_GDMA_TCS_EN |
		   MT7988_GDMA_UCS_EN | MT7988_GDMA_TO_PDMA);
}

/*
 * Stop receiving (GDM1 drops all, as 7.3's mtk_stop), then the DMA
 * engines; waiting for them is bounded and not fatal [L mtk_stop_dma].
 */
void mt7988_hw_stop(struct mt7988_priv *eth)
{
	u32 v;

	mt7988_m32(eth, MT7988_GDMA_FWD_CFG, MT7988_GDMA_FWD,
		   MT7988_GDMA_DROP_ALL);
	mt7988_lro_hw_stop(eth);
	mt7988_m32(eth, MT7988_QDMA_GLO_CFG, MT7988_QGLO_TX_DMA_EN |
		   MT7988_QGLO_RX_DMA_EN, 0);
	mt7988_m32(eth, MT7988_PDMA_GLO_CFG, MT7988_PGLO_RX_DMA_EN |
		   MT7988_PGLO_RX_DMA_LRO_EN, 0);
	if (readl_poll_timeout(eth->base + MT7988_QDMA_GLO_CFG, v,
			       !(v & (MT7988_QGLO_TX_DMA_BUSY |
				      MT7988_QGLO_RX_DMA_BUSY)),
			       100, 200 * USEC_PER_MSEC) ||
	    readl_poll_timeout(eth->base + MT7988_PDMA_GLO_CFG, v,
			       !(v & MT7988_PGLO_RX_DMA_BUSY),
			       100, 200 * USEC_PER_MSEC))
		netdev_warn(eth->dev, "DMA still busy after stop\n");
	mt7988_m32(eth, MT7988_RSS_GLO_CFG, 0, MT7988_RSS_CFG_REQ);
	mt7988_m32(eth, MT7988_RSS_GLO_CFG, MT7988_RSS_EN, 0);
	mt7988_m32(eth, MT7988_RSS_GLO_CFG, MT7988_RSS_CFG_REQ, 0);
}

/*
 * The RSS block [SDK mtk_rss_init]: pause (CFG_REQ), hash types, key,
 * table, enable, resume. Key: the SDK writes a byte-reversed Microsoft
 * key as little-endian words, so register 9 holds key bytes 0..3 most
 * significant first and register 0 bytes 36..39 (docs/hw/mt7988.md,
 * "Key layout"). Table: 2 bits per entry, 16 entries per word, entry i
 * at bits 2 (i % 16) + 1 .. 2 (i % 16) of word i / 16. One RX queue: RSS
 * off, every frame to ring 0.
 */
void mt7988_hw_write_rss(struct mt7988_priv *eth)
{
	u32 words[MT7988_RSS_INDIR_WORDS] = { 0 };
	u32 i, cfg;

	cfg = mt7988_r32(eth, MT7988_RSS_GLO_CFG) | MT7988_RSS_CFG_REQ;
	mt7988_w32(eth, MT7988_RSS_GLO_CFG, cfg);
	if (eth->vmap.n_rx < 2) {
		cfg &= ~MT7988_RSS_EN;
		mt7988_w32(eth, MT7988_RSS_GLO_CFG, cfg);
		mt7988_w32(eth, MT7988_RSS_GLO_CFG, cfg & ~MT7988_RSS_CFG_REQ);
		return;
	}
	cfg |= FIELD_PREP(MT7988_RSS_IPV4_TYPES, 7) |
	       FIELD_PREP(MT7988_RSS_IPV6_TYPES, 7);
	mt7988_w32(eth, MT7988_RSS_GLO_CFG, cfg);
	for (i = 0; i < MT7988_RSS_KEY_WORDS; i++)
		mt7988_w32(eth, MT7988_RSS_KEY(MT7988_RSS_KEY_WORDS - 1 - i),
			   rxs_get_be32(eth->rss_key + 4 * i));
	for (i = 0; i < MT7988_RSS_INDIR_SIZE; i++)
		words[i / 16] |= (eth->rss_indir[i] & 3) <<
				 (MT7988_RSS_INDIR_BITS * (i % 16));
	for (i = 0; i < MT7988_RSS_INDIR_WORDS; i++)
		mt7988_w32(eth, MT7988_RSS_INDIR(i), words[i]);
	mt7988_w32(eth, MT7988_RSS_GLO_CFG, cfg | MT7988_RSS_EN);
	mt7988_w32(eth, MT7988_RSS_GLO_CFG,
		   (cfg | MT7988_RSS_EN) & ~MT7988_RSS_CFG_REQ);
}

/* GDMA_MAC_ADRH/L [L mtk_set_mac_address]. */
void mt7988_hw_set_mac(struct mt7988_priv *eth, const u8 *a)
{
	mt7988_w32(eth, MT7988_GDMA_MAC_ADRH, (a[0] << 8) | a[1]);
	mt7988_w32(eth, MT7988_GDMA_MAC_ADRL, (a[2] << 24) | (a[3] << 16) |
		   (a[4] << 8) | a[5]);
}

/*
 * Add the read-clear GDM1 MIB counters to the totals [L
 * mtk_stats_update_mac: the low byte word first, the high one after].
 * Under stats_lock.
 */
void mt7988_hw_read_mib(struct mt7988_priv *eth)
{
	struct mt7988_dev_stats *s = &eth->hw_stats;
	u64 lo;

	lockdep_assert_held(&eth->stats_lock);
	lo = mt7988_r32(eth, MT7988_MIB_RX_BYTES_LO);
	s->hw_rx_bytes += lo | (u64)mt7988_r32(eth, MT7988_MIB_RX_BYTES_HI) << 32;
	s->hw_rx_packets += mt7988_r32(eth, MT7988_MIB_RX_PKTS);
	lo = mt7988_r32(eth, MT7988_MIB_TX_BYTES_LO);
	s->hw_tx_bytes += lo | (u64)mt7988_r32(eth, MT7988_MIB_TX_BYTES_HI) << 32;
	s->hw_tx_packets += mt7988_r32(eth, MT7988_MIB_TX_PKTS);
}

/* ---------------------------------------------------------------- phylink */

static struct mt7988_priv *mt7988_of_config(struct phylink_config *c)
{
	return container_of(c, struct mt7988_priv, phylink_config);
}

/*
 * gmac0 "internal" is an XGMII mode on v3: the XGDM path and the MAC
 * forced down until link-up [L mtk_mac_config].
 */
static void mt7988_mac_config(struct phylink_config *c, unsigned int mode,
			      const struct phylink_link_state *state)
{
	struct mt7988_priv *eth = mt7988_of_config(c);

	mt7988_w32(eth, MT7988_GDMA_EG_CTRL, MT7988_GDMA_XGDM_SEL);
	mt7988_w32(eth, MT7988_MAC_MCR(0), MT7988_MCR_FORCE_MODE);
}

/* gmac0's link is the switch's: 7.3 touches nothing for id 0 [L 856]. */
static void mt7988_mac_link_down(struct phylink_config *c, unsigned int mode,
				 phy_interface_t interface)
{
}

static void mt7988_mac_link_up(struct phylink_config *c,
			       struct phy_device *phy, unsigned int mode,
			       phy_interface_t interface, int speed,
			       int duplex, bool tx_pause, bool rx_pause)
{
}

const struct phylink_mac_ops mt7988_phylink_ops = {
	RXS_PHYLINK_VALIDATE_OP
	.mac_config = mt7988_mac_config,
	.mac_link_down = mt7988_mac_link_down,
	.mac_link_up = mt7988_mac_link_up,
};
