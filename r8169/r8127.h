/* SPDX-License-Identifier: GPL-2.0 */
/*
 * r8127: Realtek RTL8127 10GbE driver with MSI-X multi-queue and RSS.
 *
 * Layout: in vector mode the hardware ties each event to a fixed vector
 * (RX queue q -> vector q, TX queue q -> vector 8 + q, link -> vector
 * 29), so 30 MSI-X vectors are allocated and only the ones in use are
 * requested. Channels as ethtool counts them (fbnic's meaning): a
 * standalone RX or TX queue has a NAPI of its own; a combined channel q
 * is RX queue q and TX queue q served by one NAPI, which both of their
 * vectors schedule. Combined channels are queues 0..combined-1 of each
 * direction, standalone queues follow. With fewer vectors the chip runs
 * in its legacy single-interrupt mode: one combined channel (one RX and
 * one TX queue) and no RSS.
 */
#ifndef R8127_H
#define R8127_H

#include <linux/atomic.h>
#include <linux/bitfield.h>
#include <linux/netdevice.h>
#include <linux/log2.h>
#include <linux/pci.h>
#include <linux/u64_stats_sync.h>
#include <linux/workqueue.h>
#include <rxscale/kcore.h>
#include <rxscale/rss_buckets.h>

#include "r8127_regs.h"
#include "r8127_fw.h"

#define R8127_DRV_NAME		"r8127"
#define R8127_FW_NAME		"rtl_nic/rtl8127a-1.fw"

#define R8127_RING_MIN		256	/* [vd] MIN_NUM_*_DESC */
#define R8127_RING_MAX		1024	/* [vd] MAX_NUM_*_DESC */
#define R8127_RING_DEF		1024
#define R8127_MAX_MTU		9000	/* [vd] jumbo limit */
#define R8127_RX_MAX_ORDER	3	/* up to 32 KiB per RX buffer */
#define R8127_TX_DESC_SIZE	32	/* new TX descriptor format */
#define R8127_RX_DESC_SIZE	16	/* legacy and RxDescV4 */
#define R8127_TX_STOP_THRESH	(MAX_SKB_FRAGS + 2)
#define R8127_NAPI_TX_BUDGET	256
#define R8127_MAX_NAPI		(R8127_MAX_RX_QUEUES + R8127_MAX_TX_QUEUES)
#define R8127_MAX_VECS		(R8127_MAX_NAPI + 1)	/* + link */
#define R8127_MITI_MAX		FIELD_MAX(R8127_MITI_TIMER)
/*
 * Time base of the per-queue mitigation timers. Neither source states
 * it; 1 us per count is an assumption shared with the bench model.
 */
#define R8127_MITI_UNIT_NS	1000

struct r8127_tx_desc {
	__le32 opts1;
	__le32 opts2;
	__le64 addr;
	__le32 rsvd[4];
};

/* Legacy RX descriptor (RxDescV4 disabled). */
struct r8127_rx_desc {
	__le32 opts1;
	__le32 opts2;
	__le64 addr;
};

/* RxDescV4: the write-back overwrites the address with RSS info/hash. */
struct r8127_rx_desc_v4 {
	union {
		__le64 addr;
		struct {
			__le32 rss_info;
			__le32 rss_hash;
		};
	};
	__le32 opts2;
	__le32 opts1;
};

/*
 * Tally block ([up] struct rtl8169_counters; offsets in docs/hw/rtl8127.md
 * "Tally counters"): 64 bytes of the original layout, then the extension
 * of the RTL8125 and later, enabled by R8127_OCP_TALLY_EXT at start.
 * Only the fields this driver reports are named; the gaps are reserved.
 */
struct r8127_tally {
	__le64 tx_packets;		/* 0 */
	__le64 rx_packets;		/* 8 */
	__le64 tx_errors;		/* 16 */
	__le32 rx_errors;		/* 24 */
	__le16 rx_missed;		/* 28 */
	__le16 align_errors16;		/* 30: legacy, see align_errors */
	__le32 tx_one_collision;	/* 32 */
	__le32 tx_multi_collision;	/* 36 */
	__le64 rx_unicast;		/* 40 */
	__le64 rx_broadcast;		/* 48 */
	__le32 rx_multicast32;		/* 56: legacy, see rx_multicast */
	__le32 reserved60;
	/* extended block */
	__le64 tx_octets;		/* 64 */
	__le64 rx_octets;		/* 72 */
	__le64 rx_multicast;		/* 80 */
	__le64 tx_unicast;		/* 88 */
	__le64 tx_broadcast;		/* 96 */
	__le64 tx_multicast;		/* 104 */
	__le32 reserved112[4];		/* pause and deferred counts */
	__le32 tx_late_collision;	/* 128 */
	__le32 reserved132;
	__le32 tx_aborted;		/* 136 */
	__le32 align_errors;		/* 140 */
	__le32 rx_frame_too_long;	/* 144 */
	__le32 rx_runt;			/* 148 */
	__le32 reserved152[3];		/* pause frames received */
	__le32 rx_unknown_opcode;	/* 164 */
	__le32 rx_mac_error;		/* 168 */
};

#define R8127_TALLY_SIZE	256
static_assert(sizeof(struct r8127_tally) <= R8127_TALLY_SIZE);
static_assert(offsetof(struct r8127_tally, tx_octets) == 64);
static_assert(offsetof(struct r8127_tally, rx_frame_too_long) == 144);
static_assert(offsetof(struct r8127_tally, rx_mac_error) == 168);

struct r8127_tx_buf {
	struct sk_buff *skb;
	dma_addr_t dma;
	u32 len;
	u16 nr_desc;	/* descriptors of the packet, on the first one */
	bool is_head;	/* mapped with dma_map_single */
};

/* Per-queue counters; the field names are the ethtool -S names. */
struct r8127_qcnt {
	u64 packets;
	u64 bytes;
	u64 csum_ok;		/* RX: CHECKSUM_UNNECESSARY */
	u64 csum_none;		/* RX: not checked */
	u64 alloc_fail;		/* RX: buffer allocation failed */
	u64 errors;		/* RX: error frames; TX: DMA map failures */
	u64 dropped;		/* RX: dropped (alloc fail, bad frame) */
	u64 stops;		/* TX: queue stopped */
	u64 wakes;		/* TX: queue woken */
	u64 tso;		/* TX: TSO packets */
	u64 tso_segs;		/* TX: the segments the chip cut them into */
};

struct r8127_queue_stats {
	struct r8127_qcnt c;
	struct u64_stats_sync syncp;
};

/*
 * Per-bucket RX counters of one ring (debugfs rss_buckets): written by
 * its NAPI only, a cache-line aligned array of its own so that rings on
 * different CPUs share no line; summed over the rings when read.
 */
struct r8127_rx_buckets {
	struct rxs_rss_buckets c;
	struct u64_stats_sync syncp;
} ____cacheline_aligned_in_smp;

/* Device counters as ethtool -S shows them (a snapshot, host order). */
struct r8127_dev_stats {
	u64 tx_timeouts;
	u64 resets;
	u64 hw_tx_packets;
	u64 hw_rx_packets;
	u64 hw_tx_errors;
	u64 hw_rx_errors;
	u64 hw_rx_missed;
};

struct dentry;
struct r8127_priv;

struct r8127_tx_ring {
	struct r8127_priv *tp;
	struct r8127_tx_desc *desc;
	struct r8127_tx_buf *buf;
	dma_addr_t dma;
	u32 size;
	u32 prod;		/* free-running, masked like the HW pointer */
	u32 cons;
	u16 q;
	struct r8127_queue_stats *stats;	/* tp->tx_stats[q] */
};

struct r8127_rx_ring {
	struct r8127_priv *tp;
	struct napi_struct *napi;	/* the NAPI polling it (running rings) */
	void *desc;
	struct page **page;
	struct page_pool *pool;
	dma_addr_t dma;
	u32 size;
	u32 cur;
	u32 buf_len;
	u32 order;		/* page order of the buffers */
	u16 q;
	bool v4;		/* RxDescV4 layout */
	struct r8127_queue_stats *stats;	/* tp->rx_stats[q] */
	struct r8127_rx_buckets *buckets;	/* tp->rx_buckets[q] */
};

/*
 * NAPI instance n of the vector map (a channel): it polls the queues of
 * tp->vmap.napi_rx[n] / napi_tx[n], and when it completes it unmasks
 * the hardware vectors that schedule it (vmap.vec_napi).
 */
struct r8127_napi {
	struct napi_struct napi;
	struct r8127_priv *tp;
	u32 unmask;			/* IMR_V2 bits */
};

/*
 * One interrupt line, by hardware vector (MSI-X entry; entry 0 in the
 * fallback). Lines outlive a reconfiguration: those the new layout adds
 * are requested before the old layout stops, those it drops are freed
 * after the new one runs. @vec is the line's vector in tp->vmap while
 * the datapath runs and -1 otherwise (WRITE_ONCE; the handler reads it
 * with READ_ONCE).
 */
struct r8127_irq {
	struct r8127_priv *tp;
	int vec;
	u32 hw_bit;
	int irq;
	bool requested;
	/* default affinity given; from then on the kernel keeps the line's */
	bool spread;
	char name[IFNAMSIZ + 16];
};

/* The memory of one configuration's rings. */
struct r8127_rings {
	struct r8127_tx_ring tx[R8127_MAX_TX_QUEUES];
	struct r8127_rx_ring rx[R8127_MAX_RX_QUEUES];
	/*
	 * The chip counts RX rings in powers of two (log2 fields). With 3
	 * queues it runs 4 rings; the 4th gets this small ring, which the
	 * indirection table never selects.
	 */
	void *idle;
	dma_addr_t idle_dma;
};

/*
 * A configuration being prepared (fbnic's clone, kept in struct
 * r8127_priv): its counts, its queue map, and its rings, allocated and
 * filled while the running configuration keeps running;
 * r8127_reconfigure() swaps it in, after which it holds the old rings
 * until they are freed.
 */
struct r8127_stage {
	u32 req_rx, req_tx, req_comb;
	u32 rx_ring_size, tx_ring_size;
	u32 mtu;
	struct rxs_vmap vmap;
	bool rx_v4;
	u32 irq_new;		/* lines requested for it (hardware vectors) */
	struct r8127_rings rs;
};

struct r8127_coal {
	u32 rx_usecs;
	u32 tx_usecs;
};

struct r8127_priv {
	struct net_device *dev;
	struct pci_dev *pdev;
	void __iomem *mmio;

	/* configuration, changed only under RTNL with the device down */
	u32 req_rx;		/* RX queues asked for (1..4), combined included */
	u32 req_tx;		/* TX queues asked for (1 or 2), combined included */
	u32 req_comb;		/* of them, combined channels (0..2) */
	u32 rx_ring_size;
	u32 tx_ring_size;
	struct rxs_vmap vmap;	/* queues, channels and vectors in use */
	bool msix;		/* 30+ MSI-X vectors granted: vector mode */
	bool rx_v4;		/* RxDescV4 (vector mode with RSS) */

	/* RSS */
	u8 rss_key[R8127_RSS_KEY_SIZE];
	u32 rss_indir[R8127_RSS_INDIR_SIZE];
	/* written under RTNL, read by NAPI (READ_ONCE) */
	bool rss_udp4;
	bool rss_udp6;
	bool rss_tcp4;
	bool rss_tcp6;

	struct r8127_coal coal;

	struct r8127_rings rs;	/* the running configuration's rings */
	struct r8127_stage stage;	/* the one being prepared (RTNL) */
	/* per-queue counters, kept across reconfigurations */
	struct r8127_queue_stats rx_stats[R8127_MAX_RX_QUEUES];
	struct r8127_queue_stats tx_stats[R8127_MAX_TX_QUEUES];
	/* per-bucket RX counters, per ring, kept the same way */
	struct r8127_rx_buckets rx_buckets[R8127_MAX_RX_QUEUES];
	/* one per channel of vmap; napis[] points at them (the core's view) */
	struct r8127_napi napi[R8127_MAX_NAPI];
	struct napi_struct *napis[R8127_MAX_NAPI];
	int vec_irq[R8127_MAX_VECS];	/* Linux IRQ of vmap vector v */
	struct r8127_irq irqs[R8127_V2_VECTORS];

	u16 cp_cmd;
	bool sfp;
	/* datapath running: written under RTNL, read (READ_ONCE) by the link work */
	bool up;

	/* link: speed and duplex written by the link work, read under RTNL */
	struct delayed_work link_work;
	u32 speed;
	u8 duplex;

	/* recovery; both read by ethtool -S (READ_ONCE) */
	struct work_struct reset_work;
	u64 tx_timeouts;	/* written by the watchdog timer */
	u64 resets;		/* written under RTNL */

	/* tally counters (struct r8127_tally) */
	void *counters;
	dma_addr_t counters_dma;
	struct mutex counters_lock;	/* one dump at a time */

	struct r8127_fw fw;	/* PHY firmware (optional) */

	/*
	 * test knobs (debugfs fail_rx_alloc, fail_reconf_alloc): every RX
	 * buffer allocation; those filling a new configuration's rings
	 */
	struct rxs_failknob rx_fail;
	struct rxs_failknob reconf_fail;
	struct dentry *dbg_dir;

	/*
	 * Serialises the read-modify-write of RxConfig: ndo_set_rx_mode
	 * runs under the address-list lock (netif_addr_lock_bh), not RTNL,
	 * and the feature path (RTNL) changes other bits of the register.
	 */
	spinlock_t rxcfg_lock;
};

/* MMIO accessors */
static inline u8 r8127_r8(struct r8127_priv *tp, u32 reg)
{
	return readb(tp->mmio + reg);
}

static inline u16 r8127_r16(struct r8127_priv *tp, u32 reg)
{
	return readw(tp->mmio + reg);
}

static inline u32 r8127_r32(struct r8127_priv *tp, u32 reg)
{
	return readl(tp->mmio + reg);
}

static inline void r8127_w8(struct r8127_priv *tp, u32 reg, u8 val)
{
	writeb(val, tp->mmio + reg);
}

static inline void r8127_w16(struct r8127_priv *tp, u32 reg, u16 val)
{
	writew(val, tp->mmio + reg);
}

static inline void r8127_w32(struct r8127_priv *tp, u32 reg, u32 val)
{
	writel(val, tp->mmio + reg);
}

/* RX rings the chip is told about: the queue count rounded up to 2^n. */
static inline u32 r8127_hw_rx_rings(const struct rxs_vmap *m)
{
	return roundup_pow_of_two(m->n_rx);
}

/* r8127_hw.c */
u16 r8127_mac_ocp_read(struct r8127_priv *tp, u32 reg);
void r8127_mac_ocp_write(struct r8127_priv *tp, u32 reg, u16 val);
void r8127_mac_ocp_modify(struct r8127_priv *tp, u32 reg, u16 clear, u16 set);
int r8127_phy_ocp_read(struct r8127_priv *tp, u32 reg);
int r8127_phy_ocp_write(struct r8127_priv *tp, u32 reg, u16 val);
int r8127_hw_check_chip(struct r8127_priv *tp);
void r8127_hw_init(struct r8127_priv *tp);
void r8127_hw_reset(struct r8127_priv *tp);
void r8127_hw_release(struct r8127_priv *tp);
void r8127_hw_stop(struct r8127_priv *tp);
void r8127_hw_start(struct r8127_priv *tp);
void r8127_hw_set_mac(struct r8127_priv *tp, const u8 *addr);
void r8127_hw_read_mac(struct r8127_priv *tp, u8 *addr);
void r8127_hw_set_rx_mode(struct net_device *dev);
void r8127_hw_set_features(struct r8127_priv *tp, netdev_features_t features);
void r8127_hw_write_rss(struct r8127_priv *tp);
void r8127_hw_write_indir(struct r8127_priv *tp);
void r8127_hw_write_coal(struct r8127_priv *tp);
u32 r8127_rss_ctrl(struct r8127_priv *tp);
int r8127_hw_dump_counters(struct r8127_priv *tp);

/* r8127_phy.c */
void r8127_phy_start(struct r8127_priv *tp);
void r8127_phy_stop(struct r8127_priv *tp);
void r8127_link_work(struct work_struct *work);
void r8127_phy_fill_ksettings(struct r8127_priv *tp,
			      struct ethtool_link_ksettings *cmd);
int r8127_phy_set_ksettings(struct r8127_priv *tp,
			    const struct ethtool_link_ksettings *cmd);

/* r8127_irq.c */
int r8127_irq_alloc_vectors(struct r8127_priv *tp);
void r8127_irq_free_vectors(struct r8127_priv *tp);
void r8127_irq_build_vmap(struct r8127_priv *tp, u32 rx, u32 tx, u32 comb,
			  struct rxs_vmap *m);
void r8127_irq_setup_napis(struct r8127_priv *tp);
u32 r8127_irq_lines(const struct rxs_vmap *m);
int r8127_irq_request(struct r8127_priv *tp, u32 lines, u32 *added);
void r8127_irq_release(struct r8127_priv *tp, u32 keep);
void r8127_irq_attach(struct r8127_priv *tp, bool on);
void r8127_irq_enable(struct r8127_priv *tp);
void r8127_irq_disable(struct r8127_priv *tp);
void r8127_irq_unmask_napi(struct r8127_napi *n);

/* r8127_txrx.c */
int r8127_rings_alloc(struct r8127_priv *tp, struct r8127_stage *st);
void r8127_rings_free(struct r8127_priv *tp, struct r8127_rings *rs);
void r8127_rings_swap(struct r8127_rings *a, struct r8127_rings *b);
void r8127_rings_reset(struct r8127_priv *tp);
void r8127_tx_purge_all(struct r8127_priv *tp);
void r8127_rings_write_bases(struct r8127_priv *tp);
netdev_tx_t r8127_start_xmit(struct sk_buff *skb, struct net_device *dev);
int r8127_poll(struct napi_struct *napi, int budget);
u32 r8127_rx_buf_len(u32 order);
u32 r8127_rx_order(u32 mtu);

/* r8127_netdev.c */
int r8127_netdev_setup(struct r8127_priv *tp);
int r8127_reconfigure(struct r8127_priv *tp, u32 rx, u32 tx, u32 comb,
		      u32 rx_size, u32 tx_size, u32 mtu);
void r8127_reset_work(struct work_struct *work);
int r8127_pm_suspend(struct r8127_priv *tp);
int r8127_pm_resume(struct r8127_priv *tp);
void r8127_rss_default_indir(struct r8127_priv *tp);

/* r8127_ethtool.c */
int r8127_set_ethtool_ops(struct net_device *dev);

/* r8127_debugfs.c */
#ifdef CONFIG_DEBUG_FS
void r8127_debugfs_init(void);
void r8127_debugfs_exit(void);
void r8127_debugfs_add(struct r8127_priv *tp);
void r8127_debugfs_remove(struct r8127_priv *tp);
#else
static inline void r8127_debugfs_init(void) {}
static inline void r8127_debugfs_exit(void) {}
static inline void r8127_debugfs_add(struct r8127_priv *tp) {}
static inline void r8127_debugfs_remove(struct r8127_priv *tp) {}
#endif

#endif /* R8127_H */
