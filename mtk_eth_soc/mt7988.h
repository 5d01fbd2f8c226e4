/* SPDX-License-Identifier: GPL-2.0 */
/*
 * mt7988_eth: MediaTek MT7988 frame engine (NETSYS v3) with one NAPI and
 * one interrupt line per PDMA RX ring and RSS over them (rxscale).
 *
 * Layout: gmac0 only (the 10G internal link to the switch). TX is the
 * QDMA ring (linked-list descriptors, queue 0) completing on line fe1;
 * RX is PDMA rings 0..n-1, ring q raising line pdma<q> through PDMA
 * interrupt group q (ring 0 in no group: pdma0), spread by the RSS
 * block. The RX rings the device tree gives lines for are allocated and
 * armed at open; ethtool -L changes how many the RSS table and the
 * NAPIs use, so it allocates nothing. Without pdma lines the driver runs
 * ring 0 on fe2 (bit 14, as 7.3 does) and no RSS.
 */
#ifndef MT7988_H
#define MT7988_H

#include <linux/bitfield.h>
#include <linux/if_vlan.h>
#include <linux/io.h>
#include <linux/netdevice.h>
#include <linux/phylink.h>
#include <linux/spinlock.h>
#include <linux/u64_stats_sync.h>
#include <linux/workqueue.h>
#include <rxscale/kcore.h>
#include <rxscale/rss_buckets.h>
#include <rxscale/rss_ethtool.h>
#include <rxscale/toeplitz.h>

#include "mt7988_regs.h"

#define MT7988_DRV_NAME		"mt7988_eth"

#define MT7988_MAX_RX_RINGS	4	/* RSS rings 0..3 [SDK rss_num] */
/*
 * HW LRO: PDMA RX rings 4..7 are the LRO slots 1..4; MAC m owns slots
 * 2 m + 1 and 2 m + 2, one per rule location (7.3's hwlro_idx, two
 * rules per MAC). gmac0 alone: rings 4 and 5 (ring 4 + loc).
 */
#define MT7988_LRO_RING0	4
#define MT7988_NR_LRO		4	/* slots, rings 4..7 */
#define MT7988_LRO_RULES	2	/* per MAC [L MTK_MAX_LRO_IP_CNT] */
#define MT7988_NR_RINGS		(MT7988_LRO_RING0 + MT7988_NR_LRO)
/*
 * LRO ring size: the SDK's 64 descriptors. Buffers of 64 KiB (order 4):
 * less the headroom and skb_shared_info about 65100 bytes (under PLEN0's
 * 65535), 44 segments of 1448 bytes, about what a 64 KiB GSO skb holds.
 * The SDK's 12 KiB + 1536 hold 8; with 32 KiB (22) a measured two thirds
 * of the aggregates ended full (docs/hw/mt7988-driver.md "HW LRO").
 */
#define MT7988_LRO_RING_SIZE	64
#define MT7988_LRO_PAGE_ORDER	4
#define MT7988_MAX_TX_QUEUES	1
#define MT7988_RSS_KEY_SIZE	40
#define MT7988_RSS_INDIR_SIZE	128
#define MT7988_TX_RING_SIZE	1024
#define MT7988_RX_RING_SIZE	1024	/* the most ethtool -G rx takes; the default */
/*
 * The fewest: one NAPI budget (64) of descriptors, so a poll never finds
 * the ring it empties refilled behind it. A choice, not a chip limit: the
 * ring size field (PDMA_RX_MAX_CNT) takes any count [L mtk_rx_alloc].
 */
#define MT7988_RX_RING_MIN	64
/*
 * The QDMA free queue: scratch pages the QDMA uses internally [L
 * mtk_init_fq_dma]. 7.3 gives v3 4096 of 2 KiB; this driver's TX ring is
 * half of 7.3's and the FQ a quarter (a choice: 2 MiB instead of 8).
 */
#define MT7988_FQ_SIZE		1024
#define MT7988_FQ_PAGE_SIZE	2048	/* MTK_QDMA_PAGE_SIZE */
#define MT7988_DESC_SIZE	32
/*
 * Jumbo frames: the SoC's 9216-byte frame limit (MTK_MAX_RX_LENGTH_9K,
 * MT7988 only) less the Ethernet header, one VLAN tag and the FCS. RSS
 * ring buffers are sized from the MTU: the smallest page order whose
 * room holds MT7988_RX_FRAME(mtu) (docs/hw/mt7988.md "Jumbo frames").
 */
#define MT7988_MAX_RX_LEN	9216
#define MT7988_RX_FRAME(mtu)	((mtu) + ETH_HLEN + VLAN_HLEN + ETH_FCS_LEN)
#define MT7988_MAX_MTU		(MT7988_MAX_RX_LEN - ETH_HLEN - VLAN_HLEN - \
				 ETH_FCS_LEN)
#define MT7988_RX_HEADROOM	NET_SKB_PAD
#define MT7988_TX_THRESH	(2 * (MAX_SKB_FRAGS + 2))
#define MT7988_NAPI_TX_BUDGET	256
#define MT7988_MAX_NAPI		(MT7988_MAX_RX_RINGS + MT7988_MAX_TX_QUEUES)
/* lines: pdma0..3, then fe1 (TX); fe2 replaces pdma0 in the fallback */
#define MT7988_MAX_LINES	(MT7988_MAX_RX_RINGS + 1)

/* QDMA TX and PDMA RX descriptor v2: eight little-endian words */
struct mt7988_desc {
	__le32 d[8];
};

struct mt7988_tx_buf {
	struct sk_buff *skb;	/* on the packet's last descriptor */
	dma_addr_t dma;
	u32 len;
	bool page;		/* mapped with skb_frag_dma_map */
};

/* Per-queue counters; the field names are the ethtool -S names. */
struct mt7988_qcnt {
	u64 packets;
	u64 bytes;
	u64 csum_ok;		/* RX: CHECKSUM_UNNECESSARY */
	u64 csum_none;		/* RX: not checked by the hardware */
	u64 alloc_fail;		/* RX: no new buffer, frame dropped */
	u64 dropped;		/* RX: dropped (alloc fail, bad descriptor) */
	u64 tso;		/* TX: TSO packets */
	u64 tso_segs;		/* TX: the segments the hardware cut them into */
	u64 stops;		/* TX: queue stopped */
	u64 wakes;		/* TX: queue woken */
	u64 errors;		/* TX: DMA mapping failed, packet dropped */
};

struct mt7988_queue_stats {
	struct mt7988_qcnt c;
	struct u64_stats_sync syncp;
};

/* Per LRO ring: what its aggregates were (rxd6). */
struct mt7988_lro_cnt {
	u64 skbs;		/* buffers passed up, aggregated or not */
	u64 segments;		/* wire segments in them (rxd6 count) */
	u64 flush_agg;		/* ended by count, size or a segment */
	u64 flush_age;		/* ended by the timer (or relinquish) */
	u64 flush_not_in_seq;	/* ended by an out-of-order segment */
};

struct mt7988_lro_stats {
	struct mt7988_lro_cnt c;
	struct u64_stats_sync syncp;
};

/* The GDM1 MIB totals (read-clear registers added up) and events. */
struct mt7988_dev_stats {
	u64 hw_rx_packets;
	u64 hw_rx_bytes;
	u64 hw_tx_packets;
	u64 hw_tx_bytes;
	u64 tx_timeouts;	/* ndo_tx_timeout calls */
	u64 resets;		/* frame-engine resets that recovered */
	/* the LRO rings' counters, added up */
	u64 lro_skbs;
	u64 lro_segments;
	u64 lro_flush_agg;
	u64 lro_flush_age;
	u64 lro_flush_not_in_seq;
};

/*
 * Per-bucket RX counters of one RSS ring (debugfs rss_buckets), counted
 * only while rss_buckets_count is 1: the frame engine reports no hash,
 * so the driver hashes each frame in software (mt7988_rx_bucket()).
 * Written by the ring's NAPI only, a cache-line aligned array of its own;
 * summed over the rings when read. @mismatch: counted frames whose
 * bucket's table entry is not this ring, the one the hardware chose.
 */
struct mt7988_rx_buckets {
	struct rxs_rss_buckets c;
	u64 mismatch;
	struct u64_stats_sync syncp;
} ____cacheline_aligned_in_smp;

struct mt7988_priv;

struct mt7988_tx_ring {
	struct mt7988_desc *desc;	/* in the SRAM */
	dma_addr_t dma;
	struct mt7988_tx_buf *buf;
	u32 prod;		/* next free descriptor (free-running) */
	u32 cons;		/* next one to reclaim */
};

struct mt7988_rx_ring {
	struct mt7988_priv *eth;
	struct mt7988_desc *desc;	/* SRAM (RSS rings) or DRAM (LRO) */
	dma_addr_t dma;
	struct page **page;
	struct page_pool *pool;
	u32 cur;		/* last descriptor handed back (CRX) */
	u32 size;		/* descriptors */
	u32 buf_size;		/* written to rxd2: the buffer's room */
	u8 order;		/* of its buffers' pages */
	bool lro;		/* an LRO ring: rxd6 counts segments */
	u16 q;			/* its PDMA ring number */
	u16 stat_q;		/* the RX queue it counts into, while running */
	struct napi_struct *napi;	/* the NAPI polling it, while running */
};

/*
 * NAPI instance n of the vector map (a channel): it polls the rings of
 * vmap.napi_rx[n] / napi_tx[n] and, done, unmasks their done bits.
 */
struct mt7988_napi {
	struct napi_struct napi;
	struct mt7988_priv *eth;
	unsigned long rings;	/* the PDMA rings it polls (RSS and LRO) */
	u32 pdma_unmask;	/* PDMA_INT_MASK bits */
	u32 qdma_unmask;	/* QDMA_INT_MASK bits */
};

/*
 * One interrupt line, requested at probe for the device's lifetime.
 * @vec is its vector in the running map, -1 while the datapath is
 * stopped or the map does not use it (WRITE_ONCE/READ_ONCE).
 */
struct mt7988_line {
	struct mt7988_priv *eth;
	int irq;
	int vec;
	bool tx;		/* fe1: QDMA TX done */
	u32 bit;		/* its done bit in PDMA or QDMA INT_STATUS */
	u32 bits;		/* with the LRO rings' sharing it (running) */
	char name[IFNAMSIZ + 16];
};

struct mt7988_priv {
	struct net_device *dev;
	struct device *dmadev;
	void __iomem *base;
	struct regmap *ethsys;
	struct regmap *infracfg;
	struct gen_pool *sram;
	struct phylink *phylink;
	struct phylink_config phylink_config;
	struct device_node *mac_np;
	phy_interface_t phy_mode;

	/* the interrupt lines found in the device tree */
	struct mt7988_line lines[MT7988_MAX_LINES];
	u32 n_lines;		/* RX lines, then the TX line */
	u32 max_rx;		/* RX rings with a line of their own (or 1) */
	bool legacy_rx;		/* no pdma lines: ring 0 on fe2 */
	spinlock_t irq_lock;	/* read-modify-write of the INT_MASKs */

	/* configuration, changed under RTNL */
	u32 req_rx;		/* RX queues asked for */
	u32 req_comb;		/* of them, combined with TX queue 0 */
	struct rxs_vmap vmap;	/* queues, channels and vectors in use */
	u8 rss_key[MT7988_RSS_KEY_SIZE];
	u32 rss_indir[MT7988_RSS_INDIR_SIZE];
	bool up;		/* datapath running (RTNL; READ_ONCE elsewhere) */
	u16 tx_dly;		/* TX half of the delay word (-C), hw_init writes it */
	u32 rx_size;		/* descriptors per RSS ring (-G rx) */

	/* rings of an open device */
	struct mt7988_tx_ring tx;
	struct mt7988_rx_ring rx[MT7988_NR_RINGS];
	u32 n_lro;		/* LRO rings allocated (0 without pdma lines) */
	/* LRO rules: destination per location, 0 if free (RTNL) */
	__be32 lro_dip[MT7988_LRO_RULES];
	struct mt7988_desc *fq;
	dma_addr_t fq_dma;
	void *fq_pages;
	dma_addr_t fq_pages_dma;

	struct mt7988_napi napi[MT7988_MAX_NAPI];
	struct napi_struct *napis[MT7988_MAX_NAPI];
	int vec_irq[MT7988_MAX_LINES];

	struct mt7988_queue_stats rx_stats[MT7988_MAX_RX_RINGS];
	struct mt7988_queue_stats tx_stats[MT7988_MAX_TX_QUEUES];	/* NAPI */
	struct mt7988_queue_stats tx_xmit_stats;	/* xmit (queue lock) */
	struct mt7988_lro_stats lro_stats[MT7988_LRO_RULES];
	struct mt7988_dev_stats hw_stats;	/* under stats_lock */
	struct mutex stats_lock;		/* MIB reads (read-clear) */
	struct work_struct reset_work;		/* TX timeout recovery */
	u64 tx_timeouts;			/* WRITE_ONCE/READ_ONCE */
	u64 resets;				/* under RTNL; READ_ONCE */

	/* rss_buckets (mt7988_debugfs.c) */
	struct mt7988_rx_buckets rx_buckets[MT7988_MAX_RX_RINGS];
	/* counting on: the Toeplitz tables of rss_key, else NULL (RTNL) */
	struct rxs_toeplitz __rcu *bucket_hash;
	struct dentry *dbg_dir;
};

/*
 * The hash types in effect (RXS_HT_*): the SDK's whole IPv4 and IPv6
 * fields (mt7988_hw_write_rss() writes 7 for each) with RSS on, none
 * with one RX queue (RSS off).
 */
static inline u32 mt7988_rss_types(const struct mt7988_priv *eth)
{
	return eth->vmap.n_rx < 2 ? 0 : RXS_HT_ALL;
}

static inline u32 mt7988_r32(struct mt7988_priv *eth, u32 reg)
{
	return readl(eth->base + reg);
}

static inline void mt7988_w32(struct mt7988_priv *eth, u32 reg, u32 val)
{
	writel(val, eth->base + reg);
}

static inline void mt7988_m32(struct mt7988_priv *eth, u32 reg, u32 clear,
			      u32 set)
{
	mt7988_w32(eth, reg, (mt7988_r32(eth, reg) & ~clear) | set);
}

static inline u32 mt7988_desc_get(const struct mt7988_desc *d, int w)
{
	return le32_to_cpu(READ_ONCE(d->d[w]));
}

static inline void mt7988_desc_set(struct mt7988_desc *d, int w, u32 v)
{
	WRITE_ONCE(d->d[w], cpu_to_le32(v));
}

/* mt7988_hw.c */
void mt7988_hw_reset(struct mt7988_priv *eth);
void mt7988_hw_init(struct mt7988_priv *eth);
int mt7988_hw_dma_wait_idle(struct mt7988_priv *eth);
void mt7988_hw_start(struct mt7988_priv *eth);
void mt7988_hw_stop(struct mt7988_priv *eth);
void mt7988_hw_write_rss(struct mt7988_priv *eth);
void mt7988_hw_write_delay(struct mt7988_priv *eth);
void mt7988_hw_set_mac(struct mt7988_priv *eth, const u8 *addr);
void mt7988_hw_read_mib(struct mt7988_priv *eth);
extern const struct phylink_mac_ops mt7988_phylink_ops;

/* mt7988_lro.c */
u32 mt7988_lro_line(struct mt7988_priv *eth, u32 ring);
void mt7988_lro_hw_start(struct mt7988_priv *eth);
void mt7988_lro_hw_stop(struct mt7988_priv *eth);
void mt7988_lro_set(struct mt7988_priv *eth, bool on);
int mt7988_lro_get_rxnfc(struct mt7988_priv *eth, struct ethtool_rxnfc *cmd,
			 u32 *rule_locs);
int mt7988_lro_set_rxnfc(struct mt7988_priv *eth, struct ethtool_rxnfc *cmd);
void mt7988_lro_read_stats(struct mt7988_priv *eth,
			   struct mt7988_dev_stats *s);

/* mt7988_irq.c */
int mt7988_irq_find(struct mt7988_priv *eth);
int mt7988_irq_request(struct mt7988_priv *eth);
void mt7988_irq_build_vmap(struct mt7988_priv *eth, u32 rx, u32 comb,
			   struct rxs_vmap *m);
void mt7988_irq_attach(struct mt7988_priv *eth, bool on);
void mt7988_irq_enable(struct mt7988_priv *eth);
void mt7988_irq_disable(struct mt7988_priv *eth);
void mt7988_irq_unmask_napi(struct mt7988_napi *n);
void mt7988_irq_ack_napi(struct mt7988_napi *n);

/* mt7988_txrx.c */
int mt7988_rings_alloc(struct mt7988_priv *eth);
void mt7988_rings_free(struct mt7988_priv *eth);
void mt7988_rings_reset(struct mt7988_priv *eth);
u8 mt7988_rx_order(unsigned int mtu);
int mt7988_rx_rings_alloc(struct mt7988_priv *eth, struct mt7988_rx_ring *rx,
			  u32 size, u8 order);
void mt7988_rx_rings_swap(struct mt7988_priv *eth, struct mt7988_rx_ring *rx);
void mt7988_tx_purge(struct mt7988_priv *eth);
netdev_tx_t mt7988_start_xmit(struct sk_buff *skb, struct net_device *dev);
int mt7988_poll(struct napi_struct *napi, int budget);

/* mt7988_netdev.c */
void mt7988_netdev_setup(struct mt7988_priv *eth);
void mt7988_reset_work(struct work_struct *work);
int mt7988_reconfigure(struct mt7988_priv *eth, u32 rx, u32 comb);
int mt7988_resize_rx(struct mt7988_priv *eth, u32 size);
void mt7988_rss_default_indir(struct mt7988_priv *eth);

/* mt7988_debugfs.c */
int mt7988_debugfs_add(struct mt7988_priv *eth);
void mt7988_buckets_rekey(struct mt7988_priv *eth);
void mt7988_debugfs_init(void);
void mt7988_debugfs_exit(void);

/* mt7988_ethtool.c */
int mt7988_set_ethtool_ops(struct net_device *dev);

#endif /* MT7988_H */
