// SPDX-License-Identifier: GPL-2.0
/*
 * mt7988_eth datapath: the QDMA free queue and TX ring, page_pool RX on
 * the PDMA rings, transmit with scatter-gather, checksum offload, TSO
 * and BQL, and the NAPI poll.
 *
 * QDMA TX [L mtk_tx_map, mtk_poll_tx_qdma]: the descriptors form a
 * linked list (txd2 = address of the next one) laid out as a ring. The
 * driver fills descriptors with OWNER_CPU clear and writes CTX = the next
 * free one; the QDMA sends from DTX up to CTX, sets OWNER_CPU in each
 * descriptor it is done with and points DRX at the last one; the driver
 * frees up to there and writes CRX. Two descriptors are kept unused so
 * that CTX never catches up with the reclaim point (7.3 keeps two too).
 *
 * PDMA RX [L mtk_poll_rx]: ring q's descriptor i is the hardware's while
 * rxd2 has no DONE; the driver reads CRX + 1 onwards, hands each back
 * with a fresh buffer and writes CRX = the last one handed back.
 * Rings, their descriptors (in the SRAM) and buffers are allocated at
 * open and kept until stop; a channel change only re-arms them.
 */
#include <linux/dma-mapping.h>
#include <linux/etherdevice.h>
#include <linux/genalloc.h>
#include <linux/if_vlan.h>
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/skbuff.h>
#include <linux/tcp.h>
#include <net/ip.h>
#include <net/tcp.h>

#include <rxscale/rss_swhash.h>

#include "mt7988.h"

#define MT7988_TX_MASK		(MT7988_TX_RING_SIZE - 1)
static_assert(!(MT7988_TX_RING_SIZE & (MT7988_TX_RING_SIZE - 1)));

static void *mt7988_sram_alloc(struct mt7988_priv *eth, size_t size,
			       dma_addr_t *dma)
{
	void *p = gen_pool_dma_alloc(eth->sram, size, dma);

	if (p)
		memset_io((void __iomem *)p, 0, size);
	return p;
}

static void mt7988_sram_free(struct mt7988_priv *eth, void *p, size_t size)
{
	if (p)
		gen_pool_free(eth->sram, (unsigned long)p, size);
}

static u32 mt7988_addr64(dma_addr_t a)
{
	return (u32)(upper_32_bits(a) & 0xf);
}

/* ---------------------------------------------------------------- FQ */

/* The free queue: descriptors in SRAM, each with one 2 KiB scratch page. */
static int mt7988_fq_alloc(struct mt7988_priv *eth)
{
	size_t len = MT7988_FQ_SIZE * MT7988_DESC_SIZE;
	u32 i;

	eth->fq = mt7988_sram_alloc(eth, len, &eth->fq_dma);
	if (!eth->fq)
		return -ENOMEM;
	eth->fq_pages = dma_alloc_coherent(eth->dmadev,
					   MT7988_FQ_SIZE * MT7988_FQ_PAGE_SIZE,
					   &eth->fq_pages_dma, GFP_KERNEL);
	if (!eth->fq_pages) {
		mt7988_sram_free(eth, eth->fq, len);
		eth->fq = NULL;
		return -ENOMEM;
	}
	for (i = 0; i < MT7988_FQ_SIZE; i++) {
		struct mt7988_desc *d = &eth->fq[i];
		dma_addr_t a = eth->fq_pages_dma + i * MT7988_FQ_PAGE_SIZE;

		mt7988_desc_set(d, 0, lower_32_bits(a));
		mt7988_desc_set(d, 1, i + 1 < MT7988_FQ_SIZE ?
				lower_32_bits(eth->fq_dma +
					      (i + 1) * MT7988_DESC_SIZE) : 0);
		mt7988_desc_set(d, 2, FIELD_PREP(MT7988_TXD3_PLEN0,
						 MT7988_FQ_PAGE_SIZE) |
				FIELD_PREP(MT7988_TXD3_ADDR64, mt7988_addr64(a)));
	}
	return 0;
}

static void mt7988_fq_free(struct mt7988_priv *eth)
{
	if (eth->fq_pages)
		dma_free_coherent(eth->dmadev,
				  MT7988_FQ_SIZE * MT7988_FQ_PAGE_SIZE,
				  eth->fq_pages, eth->fq_pages_dma);
	eth->fq_pages = NULL;
	mt7988_sram_free(eth, eth->fq, MT7988_FQ_SIZE * MT7988_DESC_SIZE);
	eth->fq = NULL;
}

/* [L mtk_init_fq_dma] head, tail, count (twice), buffer length. */
static void mt7988_fq_write(struct mt7988_priv *eth)
{
	mt7988_w32(eth, MT7988_QDMA_FQ_HEAD, lower_32_bits(eth->fq_dma));
	mt7988_w32(eth, MT7988_QDMA_FQ_TAIL, lower_32_bits(eth->fq_dma +
		   (MT7988_FQ_SIZE - 1) * MT7988_DESC_SIZE));
	mt7988_w32(eth, MT7988_QDMA_FQ_COUNT,
		   (MT7988_FQ_SIZE << 16) | MT7988_FQ_SIZE);
	mt7988_w32(eth, MT7988_QDMA_FQ_BLEN, MT7988_FQ_PAGE_SIZE << 16);
}

/* ---------------------------------------------------------------- TX */

static dma_addr_t mt7988_txd_dma(struct mt7988_priv *eth, u32 i)
{
	return eth->tx.dma + (i & MT7988_TX_MASK) * MT7988_DESC_SIZE;
}

/* Descriptors xmit may fill. */
static u32 mt7988_tx_free(const struct mt7988_tx_ring *r)
{
	/* pairs with the release in mt7988_tx_clean() */
	u32 cons = smp_load_acquire(&r->cons);

	return MT7988_TX_RING_SIZE - 2 - (READ_ONCE(r->prod) - cons);
}

static int mt7988_tx_alloc(struct mt7988_priv *eth)
{
	struct mt7988_tx_ring *r = &eth->tx;

	r->buf = kcalloc(MT7988_TX_RING_SIZE, sizeof(*r->buf), GFP_KERNEL);
	if (!r->buf)
		return -ENOMEM;
	r->desc = mt7988_sram_alloc(eth, MT7988_TX_RING_SIZE *
				    MT7988_DESC_SIZE, &r->dma);
	if (!r->desc) {
		kfree(r->buf);
		r->buf = NULL;
		return -ENOMEM;
	}
	return 0;
}

static void mt7988_tx_free_ring(struct mt7988_priv *eth)
{
	struct mt7988_tx_ring *r = &eth->tx;

	mt7988_sram_free(eth, r->desc, MT7988_TX_RING_SIZE * MT7988_DESC_SIZE);
	r->desc = NULL;
	kfree(r->buf);
	r->buf = NULL;
}

/*
 * Idle descriptors: linked, LS0 | OWNER_CPU [L mtk_tx_alloc]; CTX = DTX =
 * the first, CRX = DRX = the last.
 */
static void mt7988_tx_reset(struct mt7988_priv *eth)
{
	struct mt7988_tx_ring *r = &eth->tx;
	u32 i, w;

	for (i = 0; i < MT7988_TX_RING_SIZE; i++) {
		struct mt7988_desc *d = &r->desc[i];

		for (w = 0; w < 8; w++)
			mt7988_desc_set(d, w, 0);
		mt7988_desc_set(d, 1, lower_32_bits(mt7988_txd_dma(eth, i + 1)));
		mt7988_desc_set(d, 2, MT7988_TXD3_LS0 | MT7988_TXD3_OWNER_CPU);
	}
	r->prod = 0;
	r->cons = 0;
	wmb();	/* descriptors before the pointers */
	mt7988_w32(eth, MT7988_QDMA_CTX_PTR, lower_32_bits(r->dma));
	mt7988_w32(eth, MT7988_QDMA_DTX_PTR, lower_32_bits(r->dma));
	mt7988_w32(eth, MT7988_QDMA_CRX_PTR,
		   lower_32_bits(mt7988_txd_dma(eth, MT7988_TX_RING_SIZE - 1)));
	mt7988_w32(eth, MT7988_QDMA_DRX_PTR,
		   lower_32_bits(mt7988_txd_dma(eth, MT7988_TX_RING_SIZE - 1)));
	netdev_tx_reset_queue(netdev_get_tx_queue(eth->dev, 0));
}

static void mt7988_tx_unmap(struct mt7988_priv *eth, struct mt7988_tx_buf *b)
{
	if (b->len) {
		if (b->page)
			dma_unmap_page(eth->dmadev, b->dma, b->len,
				       DMA_TO_DEVICE);
		else
			dma_unmap_single(eth->dmadev, b->dma, b->len,
					 DMA_TO_DEVICE);
	}
	b->len = 0;
}

/* Unmap and free every packet still on the ring (the DMA is stopped). */
void mt7988_tx_purge(struct mt7988_priv *eth)
{
	struct mt7988_tx_ring *r = &eth->tx;

	if (!r->buf)
		return;
	for (; r->cons != r->prod; r->cons++) {
		struct mt7988_tx_buf *b = &r->buf[r->cons & MT7988_TX_MASK];

		mt7988_tx_unmap(eth, b);
		if (b->skb)
			dev_kfree_skb_any(b->skb);
		b->skb = NULL;
	}
}

/*
 * TX counters have two writers, each with its own copy: the NAPI
 * (tx_stats) and xmit under the queue lock (tx_xmit_stats); ethtool -S
 * adds them up.
 */
static void mt7988_tx_count(struct mt7988_queue_stats *s, u64 pkts,
			    u64 bytes, u64 *field)
{
	u64_stats_update_begin(&s->syncp);
	s->c.packets += pkts;
	s->c.bytes += bytes;
	if (field)
		(*field)++;
	u64_stats_update_end(&s->syncp);
}

/*
 * Reclaim what the QDMA is done with, up to DRX (the last descriptor it
 * released): those descriptors were handed over before the doorbell, so
 * a concurrent xmit filling others is never mistaken for a completion.
 * Returns the packets freed.
 */
static int mt7988_tx_clean(struct mt7988_priv *eth, int budget)
{
	struct netdev_queue *txq = netdev_get_tx_queue(eth->dev, 0);
	struct mt7988_tx_ring *r = &eth->tx;
	u32 drx = mt7988_r32(eth, MT7988_QDMA_DRX_PTR);
	u32 end = ((drx - lower_32_bits(r->dma)) / MT7988_DESC_SIZE + 1) &
		  MT7988_TX_MASK;
	u32 prod = READ_ONCE(r->prod), cons = r->cons;
	unsigned int pkts = 0, bytes = 0;

	while ((cons & MT7988_TX_MASK) != end && cons != prod) {
		u32 i = cons & MT7988_TX_MASK;
		struct mt7988_tx_buf *b = &r->buf[i];

		if (!(mt7988_desc_get(&r->desc[i], 2) & MT7988_TXD3_OWNER_CPU))
			break;
		dma_rmb();	/* OWNER_CPU before anything else */
		mt7988_tx_unmap(eth, b);
		if (b->skb) {
			pkts++;
			bytes += b->skb->len;
			napi_consume_skb(b->skb, budget);
			b->skb = NULL;
		}
		cons++;
	}
	if (cons == r->cons)
		return 0;
	mt7988_w32(eth, MT7988_QDMA_CRX_PTR,
		   lower_32_bits(mt7988_txd_dma(eth, cons - 1)));
	/* the descriptors are free once xmit sees the new cons */
	smp_store_release(&r->cons, cons);
	netdev_tx_completed_queue(txq, pkts, bytes);
	mt7988_tx_count(&eth->tx_stats[0], pkts, bytes, NULL);
	/* stop/wake: the barrier pairs with the one in xmit */
	smp_mb();
	if (netif_tx_queue_stopped(txq) &&
	    mt7988_tx_free(r) >= MT7988_TX_THRESH && READ_ONCE(eth->up)) {
		netif_tx_wake_queue(txq);
		mt7988_tx_count(&eth->tx_stats[0], 0, 0,
				&eth->tx_stats[0].c.wakes);
	}
	return pkts;
}

/* Descriptors @len bytes take, at most MT7988_TX_MAX_LEN each. */
static u32 mt7988_tx_descs(u32 len)
{
	return DIV_ROUND_UP(len, MT7988_TX_MAX_LEN);
}

static u32 mt7988_tx_needed(const struct sk_buff *skb)
{
	u32 n = mt7988_tx_descs(skb_headlen(skb)), f;

	for (f = 0; f < skb_shinfo(skb)->nr_frags; f++)
		n += mt7988_tx_descs(skb_frag_size(&skb_shinfo(skb)->frags[f]));
	return n;
}

/* Fill descriptors for one mapped buffer, split at MT7988_TX_MAX_LEN. */
static void mt7988_tx_fill(struct mt7988_priv *eth, dma_addr_t a, u32 len,
			   u32 txd5, u32 txd6, bool *first)
{
	struct mt7988_tx_ring *r = &eth->tx;

	while (len) {
		struct mt7988_desc *d = &r->desc[r->prod & MT7988_TX_MASK];
		u32 n = min_t(u32, len, MT7988_TX_MAX_LEN);

		mt7988_desc_set(d, 0, lower_32_bits(a));
		mt7988_desc_set(d, 3, FIELD_PREP(MT7988_TXD4_FPORT,
						 MT7988_FPORT_GDM1) |
				MT7988_TXD4_SWC | FIELD_PREP(MT7988_TXD4_QID, 0));
		mt7988_desc_set(d, 4, *first ? txd5 : 0);
		mt7988_desc_set(d, 5, *first ? txd6 : 0);
		mt7988_desc_set(d, 6, 0);
		mt7988_desc_set(d, 7, 0);
		/* txd3 last: no OWNER_CPU hands it to the QDMA at CTX */
		mt7988_desc_set(d, 2, FIELD_PREP(MT7988_TXD3_PLEN0, n) |
				FIELD_PREP(MT7988_TXD3_ADDR64, mt7988_addr64(a)));
		*first = false;
		a += n;
		len -= n;
		WRITE_ONCE(r->prod, r->prod + 1);
	}
}

/* txd5/txd6 of the first descriptor: TSO, checksum, VLAN [L 1515-1569]. */
static int mt7988_tx_offloads(struct mt7988_priv *eth, struct sk_buff *skb,
			      u32 *txd5, u32 *txd6)
{
	*txd5 = 0;
	*txd6 = 0;
	if (skb_is_gso(skb)) {
		/* the QDMA takes the MSS from the TCP checksum field [L 1823] */
		if (skb_cow_head(skb, 0))
			return -ENOMEM;
		tcp_hdr(skb)->check =
			(__force __sum16)htons(skb_shinfo(skb)->gso_size);
		*txd5 |= MT7988_TXD5_TSO;
	}
	if (skb->ip_summed == CHECKSUM_PARTIAL)
		*txd5 |= FIELD_PREP(MT7988_TXD5_CSUM, 7);
	if (skb_vlan_tag_present(skb))
		*txd6 = MT7988_TXD6_INS_VLAN |
			FIELD_PREP(MT7988_TXD6_VLAN_TCI, skb_vlan_tag_get(skb));
	return 0;
}

/* Undo the descriptors of a packet that could not be mapped whole. */
static void mt7988_tx_unwind(struct mt7988_priv *eth, u32 start)
{
	struct mt7988_tx_ring *r = &eth->tx;

	while (r->prod != start) {
		u32 i;

		WRITE_ONCE(r->prod, r->prod - 1);
		i = r->prod & MT7988_TX_MASK;

		mt7988_tx_unmap(eth, &r->buf[i]);
		mt7988_desc_set(&r->desc[i], 2, MT7988_TXD3_LS0 |
				MT7988_TXD3_OWNER_CPU);
	}
}

static int mt7988_tx_map(struct mt7988_priv *eth, struct sk_buff *skb,
			 u32 txd5, u32 txd6)
{
	struct mt7988_tx_ring *r = &eth->tx;
	u32 start = r->prod, f, last;
	bool first = true;
	dma_addr_t a;

	a = dma_map_single(eth->dmadev, skb->data, skb_headlen(skb),
			   DMA_TO_DEVICE);
	if (dma_mapping_error(eth->dmadev, a))
		return -ENOMEM;
	r->buf[r->prod & MT7988_TX_MASK] = (struct mt7988_tx_buf){
		.dma = a, .len = skb_headlen(skb), .page = false,
	};
	mt7988_tx_fill(eth, a, skb_headlen(skb), txd5, txd6, &first);
	for (f = 0; f < skb_shinfo(skb)->nr_frags; f++) {
		const skb_frag_t *frag = &skb_shinfo(skb)->frags[f];
		u32 len = skb_frag_size(frag);

		a = skb_frag_dma_map(eth->dmadev, frag, 0, len, DMA_TO_DEVICE);
		if (dma_mapping_error(eth->dmadev, a)) {
			mt7988_tx_unwind(eth, start);
			return -ENOMEM;
		}
		r->buf[r->prod & MT7988_TX_MASK] = (struct mt7988_tx_buf){
			.dma = a, .len = len, .page = true,
		};
		mt7988_tx_fill(eth, a, len, txd5, txd6, &first);
	}
	last = (r->prod - 1) & MT7988_TX_MASK;
	r->buf[last].skb = skb;
	mt7988_desc_set(&r->desc[last], 2,
			mt7988_desc_get(&r->desc[last], 2) | MT7988_TXD3_LS0);
	return 0;
}

netdev_tx_t mt7988_start_xmit(struct sk_buff *skb, struct net_device *dev)
{
	struct mt7988_priv *eth = netdev_priv(dev);
	struct netdev_queue *txq = netdev_get_tx_queue(dev, 0);
	struct mt7988_queue_stats *s = &eth->tx_xmit_stats;
	struct mt7988_tx_ring *r = &eth->tx;
	u32 txd5, txd6, segs;

	if (unlikely(mt7988_tx_needed(skb) > mt7988_tx_free(r))) {
		netif_tx_stop_queue(txq);
		mt7988_tx_count(s, 0, 0, &s->c.stops);
		return NETDEV_TX_BUSY;
	}
	/* read before the hardware may complete the skb */
	segs = skb_is_gso(skb) ? skb_shinfo(skb)->gso_segs : 0;
	if (mt7988_tx_offloads(eth, skb, &txd5, &txd6) ||
	    mt7988_tx_map(eth, skb, txd5, txd6)) {
		dev_kfree_skb_any(skb);
		mt7988_tx_count(s, 0, 0, &s->c.errors);
		return NETDEV_TX_OK;
	}
	if (segs) {
		u64_stats_update_begin(&s->syncp);
		s->c.tso++;
		s->c.tso_segs += segs;
		u64_stats_update_end(&s->syncp);
	}
	netdev_tx_sent_queue(txq, skb->len);
	skb_tx_timestamp(skb);

	if (unlikely(mt7988_tx_free(r) < MT7988_TX_THRESH)) {
		netif_tx_stop_queue(txq);
		mt7988_tx_count(s, 0, 0, &s->c.stops);
		/* pairs with the barrier in mt7988_tx_clean() */
		smp_mb();
		if (mt7988_tx_free(r) >= MT7988_TX_THRESH) {
			netif_tx_start_queue(txq);
			mt7988_tx_count(s, 0, 0, &s->c.wakes);
		}
	}
	if (!netdev_xmit_more() || netif_xmit_stopped(txq)) {
		wmb();	/* descriptors before the doorbell */
		mt7988_w32(eth, MT7988_QDMA_CTX_PTR,
			   lower_32_bits(mt7988_txd_dma(eth, r->prod)));
	}
	return NETDEV_TX_OK;
}

/* ---------------------------------------------------------------- RX */

static struct page *mt7988_rx_page(struct mt7988_rx_ring *r)
{
	return page_pool_dev_alloc_pages(r->pool);
}

/* Hand descriptor @i back to the PDMA with its buffer (DONE clear). */
static void mt7988_rx_arm(struct mt7988_rx_ring *r, u32 i)
{
	dma_addr_t a = page_pool_get_dma_addr(r->page[i]) + MT7988_RX_HEADROOM;
	struct mt7988_desc *d = &r->desc[i];

	mt7988_desc_set(d, 0, lower_32_bits(a));
	mt7988_desc_set(d, 2, 0);
	mt7988_desc_set(d, 3, 0);
	mt7988_desc_set(d, 4, 0);
	mt7988_desc_set(d, 5, 0);
	dma_wmb();	/* the buffer address before rxd2 releases it */
	mt7988_desc_set(d, 1, FIELD_PREP(MT7988_RXD2_PLEN0, r->buf_size) |
			FIELD_PREP(MT7988_RXD2_ADDR64, mt7988_addr64(a)));
}

static void mt7988_rx_free_desc(struct mt7988_priv *eth,
				struct mt7988_rx_ring *r)
{
	size_t len = r->size * MT7988_DESC_SIZE;

	if (!r->desc)
		return;
	if (r->lro)
		dma_free_coherent(eth->dmadev, len, r->desc, r->dma);
	else
		mt7988_sram_free(eth, r->desc, len);
	r->desc = NULL;
}

/*
 * RSS rings' descriptors in the SRAM, LRO rings' in DRAM (7.3 puts its
 * HWLRO rings in DRAM too: ../shared/reference/mt7988.md "DT node").
 */
static int mt7988_rx_alloc_desc(struct mt7988_priv *eth,
				struct mt7988_rx_ring *r)
{
	size_t len = r->size * MT7988_DESC_SIZE;

	if (r->lro)
		r->desc = dma_alloc_coherent(eth->dmadev, len, &r->dma,
					     GFP_KERNEL);
	else
		r->desc = mt7988_sram_alloc(eth, len, &r->dma);
	return r->desc ? 0 : -ENOMEM;
}

static void mt7988_rx_free_ring(struct mt7988_priv *eth, struct mt7988_rx_ring *r)
{
	u32 i;

	if (r->page) {
		for (i = 0; i < r->size; i++)
			if (r->page[i])
				page_pool_put_full_page(r->pool, r->page[i],
							false);
		kfree(r->page);
		r->page = NULL;
	}
	if (r->pool)
		page_pool_destroy(r->pool);
	r->pool = NULL;
	mt7988_rx_free_desc(eth, r);
}

/* The usable bytes of a buffer of 2^order pages, for napi_build_skb(). */
static u32 mt7988_rx_room(u8 order)
{
	return (PAGE_SIZE << order) - MT7988_RX_HEADROOM -
	       SKB_DATA_ALIGN(sizeof(struct skb_shared_info));
}

/*
 * The page order of an RSS ring's buffers at @mtu: the smallest whose
 * room holds a frame of @mtu with one VLAN tag and the FCS (with 4 KiB
 * pages: order 0 at MTU 1500, order 2 at 9000), never above the LRO
 * rings' order. One frame, one descriptor, one buffer, as 7.3 and the
 * SDK receive.
 */
u8 mt7988_rx_order(unsigned int mtu)
{
	u8 order = 0;

	while (mt7988_rx_room(order) < MT7988_RX_FRAME(mtu) &&
	       order < MT7988_LRO_PAGE_ORDER)
		order++;
	return order;
}

/*
 * @r as PDMA ring @q: an RSS ring (0..3) of @size descriptors with
 * buffers of 2^@order pages or an LRO ring (4..7) of MT7988_LRO_RING_SIZE
 * and MT7988_LRO_PAGE_ORDER. Either way rxd2 states the buffer's whole
 * room (at most PLEN0's 65535), so the PDMA never writes past it. @r
 * need not be eth->rx[q] (mt7988_rx_rings_alloc builds rings beside the
 * running ones).
 */
static int mt7988_rx_alloc_ring(struct mt7988_priv *eth,
				struct mt7988_rx_ring *r, u32 q, u32 size,
				u8 order)
{
	struct page_pool_params pp = {
		.flags = PP_FLAG_DMA_MAP | PP_FLAG_DMA_SYNC_DEV,
		.nid = dev_to_node(eth->dmadev),
		.dev = eth->dmadev,
		.dma_dir = DMA_FROM_DEVICE,
		.offset = MT7988_RX_HEADROOM,
	};
	u32 i;

	r->eth = eth;
	r->q = (u16)q;
	r->lro = q >= MT7988_LRO_RING0;
	r->size = r->lro ? MT7988_LRO_RING_SIZE : size;
	r->order = r->lro ? MT7988_LRO_PAGE_ORDER : order;
	r->buf_size = min_t(u32, mt7988_rx_room(r->order),
			    FIELD_MAX(MT7988_RXD2_PLEN0));
	pp.order = r->order;
	pp.pool_size = r->size;
	pp.max_len = r->buf_size;
	r->pool = page_pool_create(&pp);
	if (IS_ERR(r->pool)) {
		int ret = PTR_ERR(r->pool);

		r->pool = NULL;
		return ret;
	}
	r->page = kcalloc(r->size, sizeof(*r->page), GFP_KERNEL);
	if (!r->page || mt7988_rx_alloc_desc(eth, r))
		goto err;
	for (i = 0; i < r->size; i++) {
		r->page[i] = mt7988_rx_page(r);
		if (!r->page[i])
			goto err;
	}
	return 0;
err:
	mt7988_rx_free_ring(eth, r);
	return -ENOMEM;
}

/* Every ring of the running configuration's lines, armed at once. */
static void mt7988_rx_reset(struct mt7988_priv *eth, u32 q)
{
	struct mt7988_rx_ring *r = &eth->rx[q];
	u32 i;

	for (i = 0; i < r->size; i++)
		mt7988_rx_arm(r, i);
	r->cur = r->size - 1;
	wmb();	/* descriptors before the ring registers */
	mt7988_w32(eth, MT7988_PDMA_RX_BASE(q), lower_32_bits(r->dma));
	mt7988_w32(eth, MT7988_PDMA_RX_MAX_CNT(q), r->size);
	mt7988_w32(eth, MT7988_PDMA_RST_IDX, MT7988_PST_DRX_IDX(q));
	mt7988_w32(eth, MT7988_PDMA_RX_CRX(q), r->cur);
}

/* What one poll of a ring did, counted once at its end. */
struct mt7988_rx_tally {
	u64 packets;		/* wire frames (an aggregate's segments) */
	u64 bytes;
	u64 ok;
	u64 none;
	u64 fail;
	struct mt7988_lro_cnt lro;
};

static void mt7988_rx_count(struct mt7988_rx_ring *r,
			    const struct mt7988_rx_tally *t)
{
	struct mt7988_queue_stats *s = &r->eth->rx_stats[r->stat_q];
	struct mt7988_lro_stats *l;

	u64_stats_update_begin(&s->syncp);
	s->c.packets += t->packets;
	s->c.bytes += t->bytes;
	s->c.csum_ok += t->ok;
	s->c.csum_none += t->none;
	s->c.alloc_fail += t->fail;
	s->c.dropped += t->fail;
	u64_stats_update_end(&s->syncp);
	if (!r->lro)
		return;
	l = &r->eth->lro_stats[r->q - MT7988_LRO_RING0];
	u64_stats_update_begin(&l->syncp);
	l->c.skbs += t->lro.skbs;
	l->c.segments += t->lro.segments;
	l->c.flush_agg += t->lro.flush_agg;
	l->c.flush_age += t->lro.flush_age;
	l->c.flush_not_in_seq += t->lro.flush_not_in_seq;
	u64_stats_update_end(&l->syncp);
}

/* One frame of descriptor @i into an skb, or NULL (buffer kept). */
static struct sk_buff *mt7988_rx_skb(struct mt7988_rx_ring *r, u32 i, u32 len)
{
	struct mt7988_priv *eth = r->eth;
	struct page *page = r->page[i], *fresh;
	struct sk_buff *skb;

	fresh = mt7988_rx_page(r);
	if (!fresh)
		return NULL;
	dma_sync_single_range_for_cpu(eth->dmadev, page_pool_get_dma_addr(page),
				      MT7988_RX_HEADROOM, len, DMA_FROM_DEVICE);
	skb = napi_build_skb(page_address(page), PAGE_SIZE << r->order);
	if (!skb) {
		page_pool_recycle_direct(r->pool, fresh);
		return NULL;
	}
	skb_mark_for_recycle(skb);
	skb_reserve(skb, MT7988_RX_HEADROOM);
	skb_put(skb, len);
	r->page[i] = fresh;
	return skb;
}

/*
 * An aggregate of @segs TCP segments as the stack's GRO would have left
 * it (tcp_gro_complete()): gso_size, gso_segs and SKB_GSO_TCPV4, the
 * TCP checksum as a pseudo-header sum with CHECKSUM_PARTIAL, so that
 * forwarding re-segments it and local TCP accepts it. The frame engine
 * fixed the IPv4 length and checksum (L3_CKS_UPD_EN) but not the TCP
 * checksum, which the set L4-valid bit says each segment had right.
 * Returns false if it is not a plain IPv4 TCP packet (left alone).
 */
static bool mt7988_rx_lro_skb(struct sk_buff *skb, u32 segs)
{
	struct skb_shared_info *sh = skb_shinfo(skb);
	const struct iphdr *iph;
	struct tcphdr *th;
	u32 ihl, thl, pay;

	if (skb->protocol != htons(ETH_P_IP) || skb->len < sizeof(*iph))
		return false;
	iph = (const struct iphdr *)skb->data;
	ihl = iph->ihl * 4;
	if (iph->protocol != IPPROTO_TCP || ihl < sizeof(*iph) ||
	    skb->len < ihl + sizeof(*th))
		return false;
	th = (struct tcphdr *)(skb->data + ihl);
	thl = th->doff * 4;
	if (thl < sizeof(*th) || skb->len <= ihl + thl)
		return false;
	pay = skb->len - ihl - thl;
	skb_reset_network_header(skb);
	skb_set_transport_header(skb, ihl);
	th->check = ~tcp_v4_check(skb->len - ihl, iph->saddr, iph->daddr, 0);
	skb->ip_summed = CHECKSUM_PARTIAL;
	skb->csum_start = skb_transport_header(skb) - skb->head;
	skb->csum_offset = offsetof(struct tcphdr, check);
	sh->gso_type = SKB_GSO_TCPV4;
	sh->gso_segs = segs;
	sh->gso_size = DIV_ROUND_UP(pay, segs);
	return true;
}

/* The flush reason of an LRO buffer, counted. */
static void mt7988_rx_lro_tally(struct mt7988_rx_tally *t, u32 rxd6)
{
	t->lro.skbs++;
	switch (FIELD_GET(MT7988_RXD6_FLUSH, rxd6)) {
	case MT7988_LRO_FLUSH_AGG:
		t->lro.flush_agg++;
		break;
	case MT7988_LRO_FLUSH_AGE:
		t->lro.flush_age++;
		break;
	case MT7988_LRO_FLUSH_NOT_IN_SEQ:
		t->lro.flush_not_in_seq++;
		break;
	}
}

/* Checksum and offload state of one received skb; its wire frames. */
static u32 mt7988_rx_offloads(struct mt7988_rx_ring *r, struct sk_buff *skb,
			      u32 rxd3, u32 rxd6, struct mt7988_rx_tally *t)
{
	struct net_device *dev = r->eth->dev;
	bool l4 = rxd3 & MT7988_RXD3_L4_VALID;
	u32 segs = 1;

	if (r->lro) {
		segs = max_t(u32, FIELD_GET(MT7988_RXD6_AGG_CNT, rxd6), 1);
		mt7988_rx_lro_tally(t, rxd6);
		t->lro.segments += segs;
	}
	if (segs > 1 && l4 && mt7988_rx_lro_skb(skb, segs)) {
		t->ok++;
	} else if ((dev->features & NETIF_F_RXCSUM) && l4) {
		skb->ip_summed = CHECKSUM_UNNECESSARY;
		t->ok++;
	} else {
		t->none++;
	}
	return segs;
}

/*
 * The bench's cost measurement (tests/bench/rss-count-cost.sh --nic
 * mt7988) builds the driver a second time with
 * KCFLAGS=-DMT7988_BENCH_NO_RSS_BUCKETS: no per-frame test at all.
 */
#ifdef MT7988_BENCH_NO_RSS_BUCKETS
#define MT7988_COUNT_BUCKETS	false
#else
#define MT7988_COUNT_BUCKETS	true
#endif

/*
 * rss_buckets counting (on): the frame's Toeplitz hash in software with
 * the key's tables @th and the hash types in effect, into its bucket
 * with its length @flen as rx_bytes counts it;
 * a frame whose bucket's table entry is not this ring (the hardware's
 * choice) is a mismatch. Frames without a hash input are not counted.
 */
static void mt7988_rx_bucket(struct mt7988_rx_ring *r,
			     const struct rxs_toeplitz *th,
			     const struct sk_buff *skb, u32 flen)
{
	struct mt7988_priv *eth = r->eth;
	struct mt7988_rx_buckets *b = &eth->rx_buckets[r->q];
	const u8 *l3 = skb->data;
	u32 len = skb_headlen(skb), hash, bkt;
	u16 type = ntohs(skb->protocol);

	if (type == ETH_P_8021Q && len >= VLAN_HLEN) {
		type = (l3[2] << 8) | l3[3];
		l3 += VLAN_HLEN;
		len -= VLAN_HLEN;
	}
	if (!rxs_swhash_frame(th, l3, len, type, mt7988_rss_types(eth), &hash))
		return;
	bkt = rxs_rss_bucket(hash, MT7988_RSS_INDIR_SIZE);
	u64_stats_update_begin(&b->syncp);
	rxs_rss_buckets_count(&b->c, hash, MT7988_RSS_INDIR_SIZE, flen);
	if (READ_ONCE(eth->rss_indir[bkt]) != r->q)
		b->mismatch++;
	u64_stats_update_end(&b->syncp);
}

static int mt7988_rx_poll(struct mt7988_rx_ring *r, int budget)
{
	struct net_device *dev = r->eth->dev;
	struct mt7988_rx_tally t = { 0 };
	const struct rxs_toeplitz *th = NULL;
	int done = 0;

	/* RSS rings only: an LRO ring's frames are steered by its rule */
	if (MT7988_COUNT_BUCKETS && !r->lro)
		th = rcu_dereference_bh(r->eth->bucket_hash);

	while (done < budget) {
		u32 i = (r->cur + 1) % r->size;
		struct mt7988_desc *d = &r->desc[i];
		struct sk_buff *skb;
		u32 rxd2, rxd3, rxd6, len, flen;

		rxd2 = mt7988_desc_get(d, 1);
		if (!(rxd2 & MT7988_RXD2_DONE))
			break;
		dma_rmb();	/* DONE before the other words */
		rxd3 = mt7988_desc_get(d, 2);
		rxd6 = mt7988_desc_get(d, 5);
		len = FIELD_GET(MT7988_RXD2_PLEN0, rxd2);
		skb = len && len <= r->buf_size ? mt7988_rx_skb(r, i, len) : NULL;
		mt7988_rx_arm(r, i);
		r->cur = i;
		done++;
		if (!skb) {
			t.fail++;
			continue;
		}
		/*
		 * rx_bytes: the whole Ethernet frame, header included and FCS
		 * not (struct rtnl_link_stats64), as the MIB's RX bytes count
		 */
		flen = skb->len;
		t.bytes += flen;
		skb->protocol = eth_type_trans(skb, dev);
		if (unlikely(th))
			mt7988_rx_bucket(r, th, skb, flen);
		t.packets += mt7988_rx_offloads(r, skb, rxd3, rxd6, &t);
		skb_record_rx_queue(skb, r->stat_q);
		napi_gro_receive(r->napi, skb);
	}
	if (done) {
		wmb();	/* descriptors back before CRX moves */
		mt7988_w32(r->eth, MT7988_PDMA_RX_CRX(r->q), r->cur);
		mt7988_rx_count(r, &t);
	}
	return done;
}

/* ---------------------------------------------------------------- rings */

void mt7988_rings_free(struct mt7988_priv *eth)
{
	u32 q;

	for (q = 0; q < MT7988_NR_RINGS; q++)
		mt7988_rx_free_ring(eth, &eth->rx[q]);
	mt7988_tx_purge(eth);
	mt7988_tx_free_ring(eth);
	mt7988_fq_free(eth);
}

/* The rings of this device: RSS rings 0..max_rx-1, LRO rings 4... */
static bool mt7988_ring_present(struct mt7988_priv *eth, u32 q)
{
	return q < eth->max_rx ||
	       (q >= MT7988_LRO_RING0 && q < MT7988_LRO_RING0 + eth->n_lro);
}

/* FQ, TX ring, an RX ring per RX line and the LRO rings: all or nothing. */
int mt7988_rings_alloc(struct mt7988_priv *eth)
{
	u8 order = mt7988_rx_order(READ_ONCE(eth->dev->mtu));
	u32 q;
	int ret;

	ret = mt7988_fq_alloc(eth);
	if (!ret)
		ret = mt7988_tx_alloc(eth);
	for (q = 0; !ret && q < MT7988_NR_RINGS; q++)
		if (mt7988_ring_present(eth, q))
			ret = mt7988_rx_alloc_ring(eth, &eth->rx[q], q,
						   eth->rx_size, order);
	if (ret)
		mt7988_rings_free(eth);
	return ret;
}

/*
 * ethtool -G rx or an MTU change on an open device, in two halves
 * (fbnic's clone and swap): new RSS rings 0..max_rx-1 of @size
 * descriptors with buffers of 2^@order pages in @rx, beside the running
 * ones (the SRAM pool holds both: 2 MiB, docs/hw/mt7988.md); all or
 * nothing, the running rings untouched.
 */
int mt7988_rx_rings_alloc(struct mt7988_priv *eth, struct mt7988_rx_ring *rx,
			  u32 size, u8 order)
{
	u32 q;
	int ret = 0;

	for (q = 0; !ret && q < eth->max_rx; q++)
		ret = mt7988_rx_alloc_ring(eth, &rx[q], q, size, order);
	if (ret)
		for (q = 0; q < eth->max_rx; q++)
			mt7988_rx_free_ring(eth, &rx[q]);
	return ret;
}

/*
 * With the datapath stopped: @rx's rings become the running RSS rings,
 * the old ones are freed (buffers still in the stack go back to their
 * page_pool, which page_pool_destroy() waits for). Cannot fail.
 */
void mt7988_rx_rings_swap(struct mt7988_priv *eth, struct mt7988_rx_ring *rx)
{
	u32 q;

	for (q = 0; q < eth->max_rx; q++) {
		swap(eth->rx[q], rx[q]);
		mt7988_rx_free_ring(eth, &rx[q]);
	}
}

/*
 * Every ring empty and armed, and told to the hardware (DMA stopped);
 * each ring's NAPI and RX queue from the running map: RSS ring q its
 * queue's, LRO ring 4 + i that of the queue whose line it shares
 * (mt7988_lro_line()).
 */
void mt7988_rings_reset(struct mt7988_priv *eth)
{
	u32 q, n;

	mt7988_fq_write(eth);
	mt7988_tx_reset(eth);
	for (n = 0; n < MT7988_MAX_NAPI; n++)
		eth->napi[n].rings = 0;
	for (q = 0; q < MT7988_NR_RINGS; q++) {
		struct mt7988_rx_ring *r = &eth->rx[q];
		u32 sq;

		r->napi = NULL;
		if (!mt7988_ring_present(eth, q))
			continue;
		mt7988_rx_reset(eth, q);
		sq = r->lro ? mt7988_lro_line(eth, q) : q;
		if (sq >= eth->vmap.n_rx)
			continue;
		n = eth->vmap.rx_napi[sq];
		r->stat_q = (u16)sq;
		r->napi = eth->napis[n];
		eth->napi[n].rings |= BIT(q);
	}
}

/* ---------------------------------------------------------------- NAPI */

int mt7988_poll(struct napi_struct *napi, int budget)
{
	struct mt7988_napi *n = container_of(napi, struct mt7988_napi, napi);
	struct mt7988_priv *eth = n->eth;
	u32 idx = n - eth->napi;
	unsigned long rx = n->rings;
	int work = 0;
	u32 q;

	mt7988_irq_ack_napi(n);
	if (eth->vmap.napi_tx[idx])
		mt7988_tx_clean(eth, MT7988_NAPI_TX_BUDGET);
	for_each_set_bit(q, &rx, MT7988_NR_RINGS)
		work += mt7988_rx_poll(&eth->rx[q], budget - work);
	if (work < budget && napi_complete_done(napi, work))
		mt7988_irq_unmask_napi(n);
	return min(work, budget);
}
