/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rzg2l_gbeth: Renesas RZ/G2L-family GbEth (rxscale).
 *
 * One best-effort queue pair (TX queue 0, RX queue 0), one interrupt
 * line and one NAPI: the part is built for single- and dual-core SoCs,
 * so what this driver adds over spreading is making one CPU's receive
 * work cheaper (software IRQ coalescing on by default, threaded NAPI on
 * one CPU). Facts and sources: docs/hw/rzg2l-gbeth-driver.md.
 */
#ifndef RZG2L_GBETH_H
#define RZG2L_GBETH_H

#include <linux/bitfield.h>
#include <linux/clk.h>
#include <linux/if_vlan.h>
#include <linux/io.h>
#include <linux/mdio-bitbang.h>
#include <linux/netdevice.h>
#include <linux/phy.h>
#include <linux/skbuff.h>
#include <linux/spinlock.h>
#include <linux/u64_stats_sync.h>
#include <linux/workqueue.h>
#include <rxscale/kcore.h>

#include "rzg2l_gbeth_regs.h"

#define GBETH_DRV_NAME		"rzg2l_gbeth"

/* rings: ravb.h BE_*_RING_{MIN,MAX,SIZE} */
#define GBETH_RX_RING_MIN	64
#define GBETH_RX_RING_MAX	2048
#define GBETH_RX_RING_DEF	1024
#define GBETH_TX_RING_MIN	64
#define GBETH_TX_RING_MAX	1024
#define GBETH_TX_RING_DEF	64
#define GBETH_TX_WAKE_THRESH	8	/* free slots before a stopped queue wakes */

/*
 * RX buffers: 2 KiB page-pool fragments; the end of each holds the
 * skb_shared_info of the skb built around it, so the hardware is given
 * the rest (ravb_alloc_rx_buffer).
 */
#define GBETH_RX_BUF_SIZE	2048
#define GBETH_RX_ROOM		(GBETH_RX_BUF_SIZE - \
				 SKB_DATA_ALIGN(sizeof(struct skb_shared_info)))
/* frames the MAC takes (RFLR, RTC: ravb's rx_max_frame_size 8 KiB) */
#define GBETH_RX_MAX_FRAME	8192
/* MTU: ravb's tx_max_frame_size 1522 less header, tag and FCS */
#define GBETH_TX_MAX_FRAME	1522
#define GBETH_MAX_MTU		(GBETH_TX_MAX_FRAME - VLAN_ETH_HLEN - ETH_FCS_LEN)
/* the RX checksum trailer: [IP header status][L4 status], 0 = good */
#define GBETH_CSUM_TRAILER	4

/* ravb_wait(): 10000 polls 10 us apart */
#define GBETH_POLL_US		10
#define GBETH_POLL_TIMEOUT_US	100000

struct gbeth_rx_buf {
	struct page *page;
	u32 offset;
};

struct gbeth_tx_buf {
	struct sk_buff *skb;
	dma_addr_t dma;		/* the frame past its head bytes */
	u32 len;		/* of that mapping */
};

/*
 * One set of rings with its buffers. A ring-size change builds a new
 * set while the old one runs and swaps them (fbnic's clone), so nothing
 * can fail once the datapath is stopped.
 */
struct gbeth_rings {
	struct gbeth_desc *rx;		/* rx_size descriptors + LINKFIX */
	dma_addr_t rx_dma;
	struct gbeth_rx_buf *rx_buf;
	struct page_pool *pool;
	u32 rx_size;

	/* TX slot s: descriptor 2s (FSTART, head bytes), 2s + 1 (FEND) */
	struct gbeth_desc *tx;		/* 2 * tx_size descriptors + LINKFIX */
	dma_addr_t tx_dma;
	struct gbeth_tx_buf *tx_buf;
	u8 *tx_head;			/* GBETH_TX_ALIGN bytes per slot */
	dma_addr_t tx_head_dma;
	u32 tx_size;
};

/* Queue counters (RX and TX use the fields named in their tables). */
struct gbeth_qcnt {
	u64 packets;
	u64 bytes;
	u64 csum_ok;		/* RX: CHECKSUM_UNNECESSARY from the trailer */
	u64 csum_none;		/* RX: left to the stack */
	u64 alloc_fail;		/* RX: refill failed */
	u64 errors;		/* RX: frames with error status */
	u64 dropped;		/* RX: no skb, bad frame; TX: map failure */
	u64 multicast;		/* RX */
	u64 frags;		/* RX: frames over several descriptors */
	u64 csum_sw;		/* TX: checksummed in software */
	u64 stops;		/* TX */
	u64 xmit_cleans;	/* TX: a full ring completed from xmit */
	u64 wakes;		/* TX */
};

struct gbeth_queue_stats {
	struct gbeth_qcnt c;
	struct u64_stats_sync syncp;
};

/* Device counters as ethtool -S shows them (a snapshot, host order). */
struct gbeth_dev_stats {
	u64 rx_queue_full;	/* RIS2.QFF0 seen by the error interrupt */
	u64 rx_fifo_overflow;	/* RIS2.RFFF */
	u64 rx_crc_errors;
	u64 rx_frame_errors;
	u64 rx_length_errors;
	u64 rx_missed_errors;
	u64 hw_tx_retry_over;	/* TROCR */
	u64 hw_collisions;	/* CXR41 */
	u64 hw_carrier_errors;	/* CXR42 */
	u64 tx_timeouts;	/* the stack's watchdog fired */
	u64 resets;		/* datapath resets done */
};

struct gbeth_priv {
	struct net_device *dev;
	struct device *dmadev;		/* the platform device */
	void __iomem *base;
	int irq;
	struct clk_bulk_data clks[2];	/* axi, chi */
	struct clk *refclk;		/* optional */
	phy_interface_t phy_mode;
	struct device_node *phy_node;

	struct mdiobb_ctrl bb;
	struct mii_bus *mii;

	/* descriptor base address table (coherent) */
	struct gbeth_desc *dbat;
	dma_addr_t dbat_dma;

	/* configuration (RTNL) */
	u32 rx_ring_size;
	u32 tx_ring_size;

	/* the running rings; RX/TX indices free-running */
	struct gbeth_rings rs;
	u32 rx_cur;		/* next descriptor to look at (NAPI) */
	u32 rx_dirty;		/* next descriptor to refill (NAPI) */
	struct sk_buff *rx_skb;	/* frame being assembled (NAPI) */
	bool rx_discard;	/* dropping the rest of a frame (NAPI) */
	u32 tx_prod;		/* next slot to fill (xmit) */
	u32 tx_cons;		/* next slot to complete (tx_clean_lock) */
	/*
	 * Completion runs in NAPI and, when the ring is full, in xmit
	 * (ravb_start_xmit frees there too); both with BH off, never in
	 * hard interrupt context.
	 */
	spinlock_t tx_clean_lock;
	/* the checksum engine as programmed (CSR1/CSR2 non-zero) */
	bool tx_csum_on;
	bool rx_csum_on;

	/* one NAPI, the core's view of it */
	struct rxs_vmap vmap;
	struct napi_struct napi;
	struct napi_struct *napis[1];
	int vec_irq[1];

	/*
	 * Register read-modify-writes shared between contexts: the
	 * interrupt masks (handler and NAPI), ECMR (link, RX mode, stop),
	 * CSR0..2 (features).
	 */
	spinlock_t lock;

	/* link as phylib last told us (adjust_link, under lock) */
	int speed;
	int duplex;
	bool link;

	bool up;		/* datapath running (RTNL; READ_ONCE elsewhere) */

	struct gbeth_queue_stats rx_stats;
	struct gbeth_queue_stats tx_stats;
	/* error interrupt counts (under lock) */
	u64 rx_queue_full;
	u64 rx_fifo_overflow;
	/* RX descriptor errors by kind (NAPI, rx_stats.syncp) */
	u64 rx_crc_errors;
	u64 rx_frame_errors;
	u64 rx_length_errors;
	u64 rx_missed_errors;
	/* hardware counters accumulated (hw_lock) */
	struct mutex hw_lock;
	u64 hw_tx_retry_over;
	u64 hw_collisions;
	u64 hw_carrier_errors;

	/* TX timeout recovery: the datapath restarted under RTNL */
	struct work_struct reset_work;
	u64 tx_timeouts;	/* WRITE_ONCE, read anywhere */
	u64 resets;

	/* debugfs test knobs (rzg2l_gbeth_debugfs.c) */
	struct dentry *dbg_dir;
	struct rxs_failknob rx_fail;	/* RX buffer allocations */
};

static inline u32 gbeth_read(struct gbeth_priv *p, u32 reg)
{
	return readl(p->base + reg);
}

static inline void gbeth_write(struct gbeth_priv *p, u32 reg, u32 val)
{
	writel(val, p->base + reg);
}

static inline void gbeth_modify(struct gbeth_priv *p, u32 reg, u32 clear,
				u32 set)
{
	gbeth_write(p, reg, (gbeth_read(p, reg) & ~clear) | set);
}

/* rzg2l_gbeth_hw.c */
int gbeth_hw_set_mode(struct gbeth_priv *p, u32 opc);
void gbeth_hw_read_mac(struct gbeth_priv *p, u8 *addr);
void gbeth_hw_write_mac(struct gbeth_priv *p, const u8 *addr);
void gbeth_hw_dmac_init(struct gbeth_priv *p);
void gbeth_hw_emac_init(struct gbeth_priv *p);
int gbeth_hw_csum_init(struct gbeth_priv *p, bool tx, bool rx);
int gbeth_hw_set_csum(struct gbeth_priv *p, bool tx, bool rx);
int gbeth_hw_stop_dma(struct gbeth_priv *p);
void gbeth_hw_irq_enable(struct gbeth_priv *p);
void gbeth_hw_irq_disable(struct gbeth_priv *p);
void gbeth_hw_set_rate(struct gbeth_priv *p);
void gbeth_hw_set_duplex(struct gbeth_priv *p);
void gbeth_hw_set_promisc(struct gbeth_priv *p, bool on);
void gbeth_hw_read_counters(struct gbeth_priv *p);

/* rzg2l_gbeth_mdio.c */
int gbeth_mdio_register(struct gbeth_priv *p);
int gbeth_phy_connect(struct gbeth_priv *p);
void gbeth_phy_disconnect(struct gbeth_priv *p);

/* rzg2l_gbeth_txrx.c */
int gbeth_rings_alloc(struct gbeth_priv *p, struct gbeth_rings *rs,
		      u32 rx_size, u32 tx_size);
void gbeth_rings_free(struct gbeth_priv *p, struct gbeth_rings *rs);
void gbeth_rings_start(struct gbeth_priv *p);
void gbeth_tx_purge(struct gbeth_priv *p);
void gbeth_rx_drop_stranded(struct gbeth_priv *p);
netdev_tx_t gbeth_start_xmit(struct sk_buff *skb, struct net_device *dev);
int gbeth_poll(struct napi_struct *napi, int budget);
irqreturn_t gbeth_interrupt(int irq, void *data);

/* rzg2l_gbeth_netdev.c */
int gbeth_netdev_setup(struct gbeth_priv *p);
int gbeth_netdev_register(struct gbeth_priv *p);
int gbeth_set_rings(struct gbeth_priv *p, u32 rx_size, u32 tx_size);

/* rzg2l_gbeth_debugfs.c */
void gbeth_debugfs_init(void);
void gbeth_debugfs_exit(void);
int gbeth_debugfs_add(struct gbeth_priv *p);

/* rzg2l_gbeth_ethtool.c */
int gbeth_set_ethtool_ops(struct net_device *dev);
void gbeth_get_stats64(struct net_device *dev, struct rtnl_link_stats64 *s);

#endif /* RZG2L_GBETH_H */
