// SPDX-License-Identifier: GPL-2.0
/*
 * The datapath: rings, transmit, receive, the interrupt and NAPI.
 *
 * RX: 2 KiB page-pool fragments; a frame longer than one buffer comes
 * in FSTART, FMID.., FEND descriptors and is assembled as page
 * fragments of one skb. With RX checksumming on, the DMAC appends a
 * 4-byte status trailer to every frame.
 * TX: the DMAC reads buffers that start 4-byte aligned, so each frame
 * takes two descriptors: the 1-4 bytes before the first aligned address,
 * copied into a small coherent area, then the rest, mapped in place
 * (ravb's aligned_tx; its first descriptor is never empty, since empty
 * ones seem to end DMA). No per-descriptor checksum flag exists: CSR1
 * makes the hardware fill the TCP/UDP checksum of every frame it
 * recognises, so frames it would get wrong are checksummed here.
 */
#include <linux/dma-mapping.h>
#include <linux/etherdevice.h>
#include <linux/if_vlan.h>
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/netdevice.h>
#include <net/ip.h>

#include "rzg2l_gbeth.h"

/* ---------------------------------------------------------------- rings */

static u32 gbeth_tx_free_slots(const struct gbeth_priv *p)
{
	return p->rs.tx_size - (READ_ONCE(p->tx_prod) - READ_ONCE(p->tx_cons));
}

static void gbeth_linkfix(struct gbeth_desc *d, dma_addr_t to)
{
	d->ds = 0;
	d->msc = 0;
	d->dptr = cpu_to_le32((u32)to);
	d->die_dt = GBETH_DT_LINKFIX;
}

/* Give RX descriptor @i a fresh buffer; -ENOMEM leaves it without. */
static int gbeth_rx_fill_one(struct gbeth_priv *p, struct gbeth_rings *rs,
			     u32 i, gfp_t gfp)
{
	struct gbeth_rx_buf *b = &rs->rx_buf[i];
	struct gbeth_desc *d = &rs->rx[i];
	unsigned int off;
	struct page *page;

	if (rxs_failknob_hit(&p->rx_fail))
		return -ENOMEM;
	page = page_pool_alloc_frag(rs->pool, &off, GBETH_RX_BUF_SIZE, gfp);
	if (!page)
		return -ENOMEM;
	b->page = page;
	b->offset = off;
	d->ds = cpu_to_le16(FIELD_PREP(GBETH_DESC_DS, GBETH_RX_ROOM));
	d->msc = 0;
	d->dptr = cpu_to_le32((u32)(page_pool_get_dma_addr(page) + off));
	/* the type hands the descriptor to the DMAC: written last */
	dma_wmb();
	d->die_dt = GBETH_DT_FEMPTY;
	return 0;
}

static void gbeth_rx_bufs_free(struct gbeth_rings *rs)
{
	u32 i;

	for (i = 0; i < rs->rx_size; i++) {
		if (!rs->rx_buf[i].page)
			continue;
		page_pool_put_full_page(rs->pool, rs->rx_buf[i].page, false);
		rs->rx_buf[i].page = NULL;
	}
}

/* Free what gbeth_rings_alloc() set up (any part of it). */
void gbeth_rings_free(struct gbeth_priv *p, struct gbeth_rings *rs)
{
	struct device *dev = p->dmadev;

	if (rs->rx_buf && rs->pool)
		gbeth_rx_bufs_free(rs);
	kvfree(rs->rx_buf);
	if (rs->pool)
		page_pool_destroy(rs->pool);
	if (rs->rx)
		dma_free_coherent(dev, sizeof(*rs->rx) * (rs->rx_size + 1),
				  rs->rx, rs->rx_dma);
	if (rs->tx)
		dma_free_coherent(dev, sizeof(*rs->tx) * (2 * rs->tx_size + 1),
				  rs->tx, rs->tx_dma);
	if (rs->tx_head)
		dma_free_coherent(dev, GBETH_TX_ALIGN * rs->tx_size,
				  rs->tx_head, rs->tx_head_dma);
	kvfree(rs->tx_buf);
	memset(rs, 0, sizeof(*rs));
}

static int gbeth_rx_ring_alloc(struct gbeth_priv *p, struct gbeth_rings *rs)
{
	struct page_pool_params pp = {
		.flags = PP_FLAG_DMA_MAP | PP_FLAG_DMA_SYNC_DEV |
			 RXS_PP_FLAG_PAGE_FRAG,
		.pool_size = rs->rx_size,
		.nid = NUMA_NO_NODE,
		.dev = p->dmadev,
		.dma_dir = DMA_FROM_DEVICE,
		.max_len = PAGE_SIZE,
	};
	u32 i;

	rs->rx = dma_alloc_coherent(p->dmadev,
				    sizeof(*rs->rx) * (rs->rx_size + 1),
				    &rs->rx_dma, GFP_KERNEL);
	rs->rx_buf = kvcalloc(rs->rx_size, sizeof(*rs->rx_buf), GFP_KERNEL);
	if (!rs->rx || !rs->rx_buf)
		return -ENOMEM;
	rs->pool = page_pool_create(&pp);
	if (IS_ERR(rs->pool)) {
		int ret = PTR_ERR(rs->pool);

		rs->pool = NULL;
		return ret;
	}
	for (i = 0; i < rs->rx_size; i++)
		if (gbeth_rx_fill_one(p, rs, i, GFP_KERNEL))
			return -ENOMEM;
	gbeth_linkfix(&rs->rx[rs->rx_size], rs->rx_dma);
	return 0;
}

/*
 * Every TX descriptor the driver's (EEMPTY), for the DMAC starting at
 * descriptor 0: frames a stop purged from the ring (a TX timeout) must
 * not look queued to it, or it would send them from freed buffers,
 * complete the slots the driver reuses and wait past them for good.
 */
static void gbeth_tx_ring_format(struct gbeth_rings *rs)
{
	u32 i;

	for (i = 0; i < 2 * rs->tx_size; i++)
		rs->tx[i].die_dt = GBETH_DT_EEMPTY;
}

static int gbeth_tx_ring_alloc(struct gbeth_priv *p, struct gbeth_rings *rs)
{
	rs->tx = dma_alloc_coherent(p->dmadev,
				    sizeof(*rs->tx) * (2 * rs->tx_size + 1),
				    &rs->tx_dma, GFP_KERNEL);
	rs->tx_head = dma_alloc_coherent(p->dmadev,
					 GBETH_TX_ALIGN * rs->tx_size,
					 &rs->tx_head_dma, GFP_KERNEL);
	rs->tx_buf = kvcalloc(rs->tx_size, sizeof(*rs->tx_buf), GFP_KERNEL);
	if (!rs->tx || !rs->tx_head || !rs->tx_buf)
		return -ENOMEM;
	gbeth_tx_ring_format(rs);
	gbeth_linkfix(&rs->tx[2 * rs->tx_size], rs->tx_dma);
	return 0;
}

/*
 * A complete set of rings, every RX descriptor with a buffer. All or
 * nothing; the running rings are not touched.
 */
int gbeth_rings_alloc(struct gbeth_priv *p, struct gbeth_rings *rs,
		      u32 rx_size, u32 tx_size)
{
	int ret;

	memset(rs, 0, sizeof(*rs));
	rs->rx_size = rx_size;
	rs->tx_size = tx_size;
	ret = gbeth_rx_ring_alloc(p, rs);
	if (!ret)
		ret = gbeth_tx_ring_alloc(p, rs);
	if (ret)
		gbeth_rings_free(p, rs);
	return ret;
}

/*
 * The RX ring as the DMAC starts it, descriptor 0 first: every buffer
 * the ring holds moves to the front and is handed over (FEMPTY), the
 * descriptors without one (refills that failed before a reset) follow,
 * owned by the driver (EEMPTY), and NAPI refills them from rx_dirty.
 * A fresh ring has every buffer in place, and nothing moves.
 */
static void gbeth_rx_ring_format(struct gbeth_priv *p)
{
	struct gbeth_rings *rs = &p->rs;
	u32 i, k = 0;

	for (i = 0; i < rs->rx_size; i++) {
		struct gbeth_rx_buf b = rs->rx_buf[i];
		struct gbeth_desc *d = &rs->rx[k];

		if (!b.page)
			continue;
		rs->rx_buf[i].page = NULL;
		rs->rx_buf[k] = b;
		d->ds = cpu_to_le16(FIELD_PREP(GBETH_DESC_DS, GBETH_RX_ROOM));
		d->msc = 0;
		d->dptr = cpu_to_le32((u32)(page_pool_get_dma_addr(b.page) +
					    b.offset));
		dma_wmb();
		d->die_dt = GBETH_DT_FEMPTY;
		k++;
	}
	for (i = k; i < rs->rx_size; i++)
		rs->rx[i].die_dt = GBETH_DT_EEMPTY;
	/* rx_cur at descriptor 0; [rx_dirty, rx_cur) the ones to refill */
	p->rx_cur = rs->rx_size;
	p->rx_dirty = k;
}

/*
 * Point the descriptor base address table at the running rings and
 * reset the indices (CONFIG mode; the DMAC loads the heads when it
 * enters OPERATION).
 */
void gbeth_rings_start(struct gbeth_priv *p)
{
	u32 i;

	for (i = 0; i < GBETH_DBAT_ENTRIES; i++) {
		p->dbat[i].die_dt = GBETH_DT_EOS;
		p->dbat[i].dptr = 0;
	}
	gbeth_linkfix(&p->dbat[GBETH_DBAT_TX0], p->rs.tx_dma);
	gbeth_linkfix(&p->dbat[GBETH_DBAT_RX0], p->rs.rx_dma);
	gbeth_rx_ring_format(p);
	gbeth_tx_ring_format(&p->rs);
	p->tx_prod = 0;
	p->tx_cons = 0;
	p->rx_skb = NULL;
	p->rx_discard = false;
}

/*
 * With the DMAC stopped and NAPI disabled: the frames it wrote that
 * NAPI did not take, and one being assembled, are dropped and counted
 * (rx0_dropped), so that the model's count of frames written still adds
 * up. Their buffers stay in the ring for gbeth_rx_ring_format().
 */
void gbeth_rx_drop_stranded(struct gbeth_priv *p)
{
	struct gbeth_rings *rs = &p->rs;
	u32 cur = p->rx_cur, n = 0;

	while (cur - p->rx_dirty < rs->rx_size) {
		struct gbeth_desc *d = &rs->rx[cur % rs->rx_size];
		u8 type = READ_ONCE(d->die_dt) & GBETH_DT_MASK;

		if (type == GBETH_DT_FEMPTY)
			break;
		if (type == GBETH_DT_FSINGLE || type == GBETH_DT_FSTART)
			n++;
		cur++;
	}
	if (p->rx_skb) {
		dev_kfree_skb_any(p->rx_skb);
		p->rx_skb = NULL;
		n++;
	}
	u64_stats_update_begin(&p->rx_stats.syncp);
	p->rx_stats.c.dropped += n;
	u64_stats_update_end(&p->rx_stats.syncp);
}

/* ---------------------------------------------------------------- TX */

/*
 * The frames the hardware checksums correctly: TCP or UDP over IPv4 or
 * IPv6 behind at most one 802.1Q tag (ravb_can_tx_csum_gbeth). IPv4
 * fragments and IPv6 extension headers are left to software.
 */
static bool gbeth_can_tx_csum(struct sk_buff *skb)
{
	__be16 proto = skb->protocol;
	u8 l4;

	if (proto == htons(ETH_P_8021Q)) {
		struct vlan_hdr vh, *v;

		v = skb_header_pointer(skb, ETH_HLEN, sizeof(vh), &vh);
		if (!v)
			return false;
		proto = v->h_vlan_encapsulated_proto;
	}
	switch (proto) {
	case htons(ETH_P_IP):
		if (ip_is_fragment(ip_hdr(skb)))
			return false;
		l4 = ip_hdr(skb)->protocol;
		break;
	case htons(ETH_P_IPV6):
		l4 = ipv6_hdr(skb)->nexthdr;
		break;
	default:
		return false;
	}
	return l4 == IPPROTO_TCP || l4 == IPPROTO_UDP;
}

static void gbeth_tx_count(struct gbeth_priv *p, u64 *field)
{
	u64_stats_update_begin(&p->tx_stats.syncp);
	(*field)++;
	u64_stats_update_end(&p->tx_stats.syncp);
}

static void gbeth_tx_unmap(struct gbeth_priv *p, struct gbeth_tx_buf *b)
{
	dma_unmap_single(p->dmadev, b->dma, b->len, DMA_TO_DEVICE);
	b->skb = NULL;
}

/*
 * Completed frames: the DMAC rewrote both descriptors FEMPTY. Called
 * under tx_clean_lock.
 */
static unsigned int gbeth_tx_clean(struct gbeth_priv *p, int budget)
{
	struct gbeth_rings *rs = &p->rs;
	/* the slots xmit published (its smp_store_release) */
	u32 cons = p->tx_cons, prod = smp_load_acquire(&p->tx_prod);
	unsigned int pkts = 0, bytes = 0;

	while (cons != prod) {
		u32 slot = cons % rs->tx_size;
		struct gbeth_desc *d = &rs->tx[2 * slot];
		struct gbeth_tx_buf *b = &rs->tx_buf[slot];
		struct sk_buff *skb = b->skb;

		if (READ_ONCE(d[1].die_dt) != GBETH_DT_FEMPTY)
			break;
		/* the type before anything else of the descriptor */
		dma_rmb();
		pkts++;
		bytes += skb->len;
		gbeth_tx_unmap(p, b);
		napi_consume_skb(skb, budget);
		d[0].die_dt = GBETH_DT_EEMPTY;
		d[1].die_dt = GBETH_DT_EEMPTY;
		cons++;
	}
	if (!pkts)
		return 0;
	u64_stats_update_begin(&p->tx_stats.syncp);
	p->tx_stats.c.packets += pkts;
	p->tx_stats.c.bytes += bytes;
	u64_stats_update_end(&p->tx_stats.syncp);
	netdev_completed_queue(p->dev, pkts, bytes);
	/* the slots are free once xmit sees the new index */
	smp_store_release(&p->tx_cons, cons);
	/* pairs with the barrier in gbeth_tx_full() */
	smp_mb();
	if (netif_queue_stopped(p->dev) &&
	    gbeth_tx_free_slots(p) >= GBETH_TX_WAKE_THRESH) {
		netif_wake_queue(p->dev);
		gbeth_tx_count(p, &p->tx_stats.c.wakes);
	}
	return pkts;
}

static void gbeth_tx_kick(struct gbeth_priv *p)
{
	/* descriptors in memory before the doorbell */
	dma_wmb();
	gbeth_write(p, GBETH_TCCR, GBETH_TCCR_TSRQ0);
}

/*
 * The ring is full: ring the doorbell for what is queued, take back
 * what the DMAC has finished (as ravb_start_xmit does) and stop the
 * queue only if that freed nothing, as netif_txq_maybe_stop() does.
 * NAPI holding the lock is completing the ring already.
 */
static void gbeth_tx_full(struct gbeth_priv *p)
{
	gbeth_tx_kick(p);
	if (spin_trylock(&p->tx_clean_lock)) {
		unsigned int done = gbeth_tx_clean(p, 0);

		spin_unlock(&p->tx_clean_lock);
		if (done) {
			gbeth_tx_count(p, &p->tx_stats.c.xmit_cleans);
			return;
		}
	}
	netif_stop_queue(p->dev);
	gbeth_tx_count(p, &p->tx_stats.c.stops);
	/* pairs with the barrier in gbeth_tx_clean() */
	smp_mb();
	if (gbeth_tx_free_slots(p) >= GBETH_TX_WAKE_THRESH) {
		netif_wake_queue(p->dev);
		gbeth_tx_count(p, &p->tx_stats.c.wakes);
	}
}

netdev_tx_t gbeth_start_xmit(struct sk_buff *skb, struct net_device *dev)
{
	struct gbeth_priv *p = netdev_priv(dev);
	struct netdev_queue *txq = netdev_get_tx_queue(dev, 0);
	struct gbeth_rings *rs = &p->rs;
	struct gbeth_desc *d;
	struct gbeth_tx_buf *b;
	u32 slot, head, len;
	dma_addr_t dma;
	bool kick;

	if (unlikely(!gbeth_tx_free_slots(p))) {
		/* the queue is stopped before this can happen */
		netif_stop_queue(dev);
		return NETDEV_TX_BUSY;
	}
	if (skb->ip_summed == CHECKSUM_PARTIAL &&
	    (!READ_ONCE(p->tx_csum_on) || !gbeth_can_tx_csum(skb))) {
		if (skb_checksum_help(skb))
			goto drop;
		gbeth_tx_count(p, &p->tx_stats.c.csum_sw);
	}
	/* the MAC does not pad (ravb pads to ETH_ZLEN); frees on failure */
	if (skb_put_padto(skb, ETH_ZLEN))
		goto dropped;

	slot = p->tx_prod % rs->tx_size;
	head = PTR_ALIGN(skb->data, GBETH_TX_ALIGN) - skb->data;
	if (!head)
		head = GBETH_TX_ALIGN;
	len = skb->len - head;
	dma = dma_map_single(p->dmadev, skb->data + head, len, DMA_TO_DEVICE);
	if (dma_mapping_error(p->dmadev, dma))
		goto drop;
	memcpy(rs->tx_head + slot * GBETH_TX_ALIGN, skb->data, head);

	b = &rs->tx_buf[slot];
	b->skb = skb;
	b->dma = dma;
	b->len = len;
	d = &rs->tx[2 * slot];
	d[0].ds = cpu_to_le16(FIELD_PREP(GBETH_DESC_DS, head));
	d[0].dptr = cpu_to_le32((u32)(rs->tx_head_dma + slot * GBETH_TX_ALIGN));
	d[1].ds = cpu_to_le16(FIELD_PREP(GBETH_DESC_DS, len));
	d[1].dptr = cpu_to_le32((u32)dma);
	/*
	 * FEND before FSTART: a DMAC already walking the ring must never
	 * see a frame's start without its end (ravb_start_xmit).
	 */
	dma_wmb();
	d[1].die_dt = GBETH_DT_FEND;
	dma_wmb();
	d[0].die_dt = GBETH_DT_FSTART;

	skb_tx_timestamp(skb);
	/*
	 * BQL counts the frame before NAPI can complete it, and NAPI may
	 * free the skb as soon as the slot is published.
	 */
	kick = __netdev_tx_sent_queue(txq, skb->len, netdev_xmit_more());
	/* the slot is complete before NAPI can see it */
	smp_store_release(&p->tx_prod, p->tx_prod + 1);
	if (unlikely(!gbeth_tx_free_slots(p)))
		gbeth_tx_full(p);
	else if (kick)
		gbeth_tx_kick(p);
	return NETDEV_TX_OK;

drop:
	dev_kfree_skb_any(skb);
dropped:
	gbeth_tx_count(p, &p->tx_stats.c.dropped);
	return NETDEV_TX_OK;
}

/* With the DMAC stopped: drop what was not sent. */
void gbeth_tx_purge(struct gbeth_priv *p)
{
	struct gbeth_rings *rs = &p->rs;

	while (p->tx_cons != p->tx_prod) {
		struct gbeth_tx_buf *b = &rs->tx_buf[p->tx_cons % rs->tx_size];
		struct sk_buff *skb = b->skb;

		gbeth_tx_unmap(p, b);
		dev_kfree_skb_any(skb);
		p->tx_cons++;
		/* not sent: tx0_dropped, beside what the model counts sent */
		gbeth_tx_count(p, &p->tx_stats.c.dropped);
	}
	netdev_reset_queue(p->dev);
}

/* ---------------------------------------------------------------- RX */

static void gbeth_rx_drop_partial(struct gbeth_priv *p)
{
	if (p->rx_skb) {
		napi_consume_skb(p->rx_skb, 1);
		p->rx_skb = NULL;
	}
}

/*
 * The checksum trailer ends the frame's last buffer (the model never
 * splits it; a real part might, so it is read wherever it lies) and is
 * trimmed. The L4 word is 0 when the hardware verified the checksum;
 * the IP header word is not needed (the stack checks IPv4 headers
 * itself).
 */
static void gbeth_rx_csum(struct gbeth_priv *p, struct sk_buff *skb)
{
	__le16 st[2];

	if (skb_copy_bits(skb, skb->len - GBETH_CSUM_TRAILER, st, sizeof(st)) ||
	    pskb_trim(skb, skb->len - GBETH_CSUM_TRAILER))
		return;
	if (!st[1]) {
		skb->ip_summed = CHECKSUM_UNNECESSARY;
		p->rx_stats.c.csum_ok++;
	} else {
		p->rx_stats.c.csum_none++;
	}
}

static void gbeth_rx_deliver(struct gbeth_priv *p, struct sk_buff *skb)
{
	u32 min = ETH_HLEN;

	if (READ_ONCE(p->rx_csum_on))
		min += GBETH_CSUM_TRAILER;
	if (unlikely(skb->len < min)) {
		napi_consume_skb(skb, 1);
		p->rx_stats.c.dropped++;
		return;
	}
	if (READ_ONCE(p->rx_csum_on))
		gbeth_rx_csum(p, skb);
	else
		p->rx_stats.c.csum_none++;
	if (skb_is_nonlinear(skb))
		p->rx_stats.c.frags++;
	p->rx_stats.c.packets++;
	p->rx_stats.c.bytes += skb->len;
	skb->protocol = eth_type_trans(skb, p->dev);
	napi_gro_receive(&p->napi, skb);
}

static void gbeth_rx_count_error(struct gbeth_priv *p, u8 msc)
{
	p->rx_stats.c.errors++;
	if (msc & GBETH_MSC_CRC)
		p->rx_crc_errors++;
	if (msc & GBETH_MSC_RFE)
		p->rx_frame_errors++;
	if (msc & (GBETH_MSC_RTSF | GBETH_MSC_RTLF))
		p->rx_length_errors++;
	if (msc & GBETH_MSC_CEEF)
		p->rx_missed_errors++;
}

/*
 * One descriptor the DMAC filled: start, extend or finish p->rx_skb.
 * Its buffer goes to the skb, or back to the pool. Under rx_stats.syncp.
 */
static void gbeth_rx_one(struct gbeth_priv *p, struct gbeth_desc *d,
			 struct gbeth_rx_buf *b)
{
	u32 len = FIELD_GET(GBETH_DESC_DS, le16_to_cpu(d->ds));
	u8 type = d->die_dt & GBETH_DT_MASK, msc = d->msc;
	void *va = page_address(b->page) + b->offset;
	struct sk_buff *skb;

	dma_sync_single_for_cpu(p->dmadev,
				page_pool_get_dma_addr(b->page) + b->offset,
				len, DMA_FROM_DEVICE);
	if (type == GBETH_DT_FSINGLE || type == GBETH_DT_FSTART) {
		/* a start ends any frame whose end never came */
		if (p->rx_skb || p->rx_discard)
			p->rx_stats.c.dropped++;
		gbeth_rx_drop_partial(p);
		p->rx_discard = false;
		if (msc & GBETH_MSC_MC)
			p->rx_stats.c.multicast++;
	}
	if (msc & GBETH_MSC_ERRORS) {
		gbeth_rx_count_error(p, msc);
		gbeth_rx_drop_partial(p);
		p->rx_discard = type == GBETH_DT_FSTART || type == GBETH_DT_FMID;
		goto recycle;
	}

	switch (type) {
	case GBETH_DT_FSINGLE:
	case GBETH_DT_FSTART:
		skb = napi_build_skb(va, GBETH_RX_BUF_SIZE);
		if (unlikely(!skb)) {
			/* an allocation failure too, as netdev's rx-alloc-fail
			 * counts "skb or buffer allocation" failures
			 */
			p->rx_stats.c.alloc_fail++;
			p->rx_stats.c.dropped++;
			p->rx_discard = type == GBETH_DT_FSTART;
			goto recycle;
		}
		skb_mark_for_recycle(skb);
		skb_put(skb, len);
		if (type == GBETH_DT_FSINGLE)
			gbeth_rx_deliver(p, skb);
		else
			p->rx_skb = skb;
		break;
	case GBETH_DT_FMID:
	case GBETH_DT_FEND:
		skb = p->rx_skb;
		if (!skb || skb_shinfo(skb)->nr_frags >= MAX_SKB_FRAGS) {
			/* its start was dropped, or it is too long */
			if (skb || !p->rx_discard)
				p->rx_stats.c.dropped++;
			gbeth_rx_drop_partial(p);
			p->rx_discard = type == GBETH_DT_FMID;
			goto recycle;
		}
		skb_add_rx_frag(skb, skb_shinfo(skb)->nr_frags, b->page,
				b->offset, len, GBETH_RX_BUF_SIZE);
		if (type == GBETH_DT_FEND) {
			p->rx_skb = NULL;
			gbeth_rx_deliver(p, skb);
		}
		break;
	default:
		p->rx_stats.c.errors++;
		goto recycle;
	}
	b->page = NULL;
	return;

recycle:
	page_pool_put_full_page(p->rs.pool, b->page, true);
	b->page = NULL;
}

/* Buffers for the descriptors NAPI emptied; stops at the first failure. */
static void gbeth_rx_refill(struct gbeth_priv *p)
{
	struct gbeth_rings *rs = &p->rs;

	while (p->rx_dirty != p->rx_cur) {
		if (gbeth_rx_fill_one(p, rs, p->rx_dirty % rs->rx_size,
				      GFP_ATOMIC)) {
			p->rx_stats.c.alloc_fail++;
			break;
		}
		p->rx_dirty++;
	}
}

/*
 * Up to @budget frames. Only descriptors that have a buffer are looked
 * at (rx_cur - rx_dirty < size): one whose refill failed still carries
 * its old, completed type.
 */
static int gbeth_rx(struct gbeth_priv *p, int budget)
{
	struct gbeth_rings *rs = &p->rs;
	u64 done = p->rx_stats.c.packets;

	u64_stats_update_begin(&p->rx_stats.syncp);
	while (p->rx_stats.c.packets - done < budget &&
	       p->rx_cur - p->rx_dirty < rs->rx_size) {
		u32 i = p->rx_cur % rs->rx_size;
		struct gbeth_desc *d = &rs->rx[i];

		if (READ_ONCE(d->die_dt) == GBETH_DT_FEMPTY)
			break;
		/* the type before anything else of the descriptor */
		dma_rmb();
		/* 0 bytes: nothing in it (ravb's convention for map errors) */
		if (FIELD_GET(GBETH_DESC_DS, le16_to_cpu(d->ds)))
			gbeth_rx_one(p, d, &rs->rx_buf[i]);
		else
			page_pool_put_full_page(rs->pool, rs->rx_buf[i].page,
						true);
		rs->rx_buf[i].page = NULL;
		p->rx_cur++;
	}
	gbeth_rx_refill(p);
	u64_stats_update_end(&p->rx_stats.syncp);
	return p->rx_stats.c.packets - done;
}

/* ---------------------------------------------------------------- IRQ/NAPI */

/*
 * RIS0, RIS2, TIS and EIS clear the bits written 0 and keep those
 * written 1: clear @bits (and nothing reserved).
 */
static void gbeth_clear_w0c(struct gbeth_priv *p, u32 reg, u32 bits)
{
	gbeth_write(p, reg, ~bits);
}

/*
 * Queue-full and FIFO-overflow errors (ravb_error_interrupt): EIS.QFS
 * summarises RIS2; both are write-0-to-clear. Under p->lock.
 */
static void gbeth_error_irq(struct gbeth_priv *p)
{
	u32 eis = gbeth_read(p, GBETH_EIS), ris2;

	gbeth_clear_w0c(p, GBETH_EIS, GBETH_EIS_QFS | GBETH_EIS_RESERVED);
	if (!(eis & GBETH_EIS_QFS))
		return;
	ris2 = gbeth_read(p, GBETH_RIS2);
	gbeth_clear_w0c(p, GBETH_RIS2, GBETH_RIS2_QFF0 | GBETH_RIS2_QFF1 |
			GBETH_RIS2_RFFF | GBETH_RIS2_RESERVED);
	if (ris2 & GBETH_RIS2_QFF0)
		WRITE_ONCE(p->rx_queue_full, p->rx_queue_full + 1);
	if (ris2 & GBETH_RIS2_RFFF)
		WRITE_ONCE(p->rx_fifo_overflow, p->rx_fifo_overflow + 1);
}

/*
 * RX frame / TX done: mask both and schedule NAPI, which unmasks them
 * when it completes. ISS reports masked status, so a masked source
 * keeps the line quiet. They are masked also when NAPI is scheduled
 * already: the GRO flush timer (gro_flush_timeout with
 * napi_defer_hard_irqs 0, net/core/dev.c napi_complete_done() and
 * napi_watchdog()) schedules it with both unmasked, and the level line
 * would otherwise fire again at once, for good, starving the poll that
 * would clear it (seen: a soft lockup on 1 vCPU).
 */
irqreturn_t gbeth_interrupt(int irq, void *data)
{
	struct gbeth_priv *p = data;
	irqreturn_t ret = IRQ_NONE;
	u32 iss;

	spin_lock(&p->lock);
	iss = gbeth_read(p, GBETH_ISS);
	if (iss & (GBETH_ISS_FRS | GBETH_ISS_FTS)) {
		gbeth_write(p, GBETH_RIC0, 0);
		gbeth_write(p, GBETH_TIC, 0);
		if (napi_schedule_prep(&p->napi))
			__napi_schedule(&p->napi);
		ret = IRQ_HANDLED;
	}
	if (iss & GBETH_ISS_MS) {
		/* illegal carrier detection, the only E-MAC source enabled */
		gbeth_write(p, GBETH_ECSR, gbeth_read(p, GBETH_ECSR));
		ret = IRQ_HANDLED;
	}
	if (iss & GBETH_ISS_ES) {
		gbeth_error_irq(p);
		ret = IRQ_HANDLED;
	}
	spin_unlock(&p->lock);
	return ret;
}

/*
 * Status is cleared before the rings are read, so a frame arriving
 * meanwhile raises it again. The TIS write also tells the bench model
 * that buffers were refilled (it retries a held frame then).
 */
int gbeth_poll(struct napi_struct *napi, int budget)
{
	struct gbeth_priv *p = container_of(napi, struct gbeth_priv, napi);
	unsigned long flags;
	int done;

	gbeth_clear_w0c(p, GBETH_RIS0, GBETH_RIS0_FRF0 | GBETH_RIS0_RESERVED);
	done = gbeth_rx(p, budget);
	gbeth_clear_w0c(p, GBETH_TIS, GBETH_TIS_FTF0 | GBETH_TIS_RESERVED);
	spin_lock(&p->tx_clean_lock);
	gbeth_tx_clean(p, budget);
	spin_unlock(&p->tx_clean_lock);

	/* an RX ring left without any buffer: keep polling until refilled */
	if (p->rx_cur - p->rx_dirty == p->rs.rx_size)
		return budget;
	if (done < budget && napi_complete_done(napi, done)) {
		spin_lock_irqsave(&p->lock, flags);
		gbeth_write(p, GBETH_RIC0, GBETH_RIC0_FRE0);
		gbeth_write(p, GBETH_TIC, GBETH_TIC_FTE0);
		spin_unlock_irqrestore(&p->lock, flags);
	}
	return done;
}
