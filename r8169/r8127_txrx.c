// SPDX-License-Identifier: GPL-2.0
/*
 * r8127 datapath: descriptor rings, page_pool RX, TX with scatter-gather,
 * TSO and checksum offload, BQL, and the per-vector NAPI poll.
 *
 * TX uses the new 32-byte descriptors with "no close" pointers ([vd]):
 * the driver writes its free-running producer count to SW_TAIL_PTR and
 * reads the hardware's completion count from HW_CLO_PTR, both masked
 * with 0x7fffffff, instead of polling the OWN bit of every descriptor.
 *
 * RX uses one page per descriptor. A buffer is handed to the stack only
 * once a replacement page is in hand; if none can be allocated the frame
 * is dropped, counted, and its page goes straight back to the hardware,
 * so the ring never runs dry and the next frame retries the allocation.
 * At open, the rings are filled completely or not at all: a failed
 * allocation there fails the open with -ENOMEM and frees what was taken.
 */
#include <linux/bitfield.h>
#include <linux/etherdevice.h>
#include <linux/if_vlan.h>
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <net/ip6_checksum.h>
#include <rxscale/ring.h>

#include "r8127.h"

#define R8127_RX_HEADROOM	NET_SKB_PAD

/* Usable bytes of an RX buffer of 2^@order pages. */
u32 r8127_rx_buf_len(u32 order)
{
	u32 len = (PAGE_SIZE << order) - R8127_RX_HEADROOM -
		  SKB_DATA_ALIGN(sizeof(struct skb_shared_info));

	return min_t(u32, len, R8127_RX_BUF_MAX) & ~7U;
}

/*
 * Page order of the RX buffers for @mtu: every frame fits one buffer
 * (one descriptor), so jumbo frames use higher-order pages.
 */
u32 r8127_rx_order(u32 mtu)
{
	u32 order = 0;

	while (r8127_rx_buf_len(order) < mtu + VLAN_ETH_HLEN + ETH_FCS_LEN &&
	       order < R8127_RX_MAX_ORDER)
		order++;
	return order;
}

/* ---------------------------------------------------------------- RX */

/* The RX status bits moved between the two descriptor formats. */
struct r8127_rx_bits {
	u32 err, tcp, udp, ipf, tcpf, udpf;
};

static const struct r8127_rx_bits r8127_rx1_bits = {
	.err = R8127_RX1_RES, .tcp = R8127_RX1_TCP, .udp = R8127_RX1_UDP,
	.ipf = R8127_RX1_IPF, .tcpf = R8127_RX1_TCPF, .udpf = R8127_RX1_UDPF,
};

static const struct r8127_rx_bits r8127_rx4_bits = {
	.err = R8127_RX4_RES, .tcp = R8127_RX4_TCP, .udp = R8127_RX4_UDP,
	.ipf = R8127_RX4_IPF, .tcpf = R8127_RX4_TCPF, .udpf = R8127_RX4_UDPF,
};

static __le32 *r8127_rx_opts1(struct r8127_rx_ring *r, u32 i)
{
	if (r->v4)
		return &((struct r8127_rx_desc_v4 *)r->desc)[i].opts1;
	return &((struct r8127_rx_desc *)r->desc)[i].opts1;
}

static u32 r8127_rx_opts2(struct r8127_rx_ring *r, u32 i)
{
	if (r->v4)
		return le32_to_cpu(((struct r8127_rx_desc_v4 *)r->desc)[i].opts2);
	return le32_to_cpu(((struct r8127_rx_desc *)r->desc)[i].opts2);
}

/*
 * Hand slot @i to the hardware. RxDescV4 overwrites the address with
 * the RSS result, so the address is written every time.
 */
static void r8127_rx_give(struct r8127_rx_ring *r, u32 i)
{
	dma_addr_t a = page_pool_get_dma_addr(r->page[i]) + R8127_RX_HEADROOM;
	u32 opts1 = R8127_DESC_OWN | FIELD_PREP(R8127_RX_LEN, r->buf_len);

	if (i == r->size - 1)
		opts1 |= R8127_DESC_RING_END;
	if (r->v4) {
		struct r8127_rx_desc_v4 *d = &((struct r8127_rx_desc_v4 *)r->desc)[i];

		d->addr = cpu_to_le64(a);
		d->opts2 = 0;
	} else {
		struct r8127_rx_desc *d = &((struct r8127_rx_desc *)r->desc)[i];

		d->addr = cpu_to_le64(a);
		d->opts2 = 0;
	}
	dma_wmb();
	WRITE_ONCE(*r8127_rx_opts1(r, i), cpu_to_le32(opts1));
}

/* A page for an RX buffer, or NULL (real or injected failure). */
static struct page *r8127_rx_alloc_page(struct r8127_rx_ring *r)
{
	if (rxs_failknob_hit(&r->tp->rx_fail))
		return NULL;
	return page_pool_dev_alloc_pages(r->pool);
}

static void r8127_rx_count_drop(struct r8127_qcnt *c, bool alloc_fail,
				bool error)
{
	c->dropped++;
	if (alloc_fail)
		c->alloc_fail++;
	if (error)
		c->errors++;
}

static void r8127_rx_csum(struct r8127_rx_ring *r, struct sk_buff *skb,
			  u32 opts1, const struct r8127_rx_bits *b,
			  struct r8127_qcnt *c)
{
	u32 proto = opts1 & (b->tcp | b->udp);
	bool ok;

	if (!(r->tp->dev->features & NETIF_F_RXCSUM))
		return;
	/* [up] exactly one of TCP/UDP and no failure bit */
	ok = (proto == b->tcp && !(opts1 & (b->ipf | b->tcpf))) ||
	     (proto == b->udp && !(opts1 & (b->ipf | b->udpf)));
	if (ok) {
		skb->ip_summed = CHECKSUM_UNNECESSARY;
		c->csum_ok++;
	} else {
		c->csum_none++;
	}
}

/*
 * The RSS hash and RSSInfo of RxDescV4 descriptor @i; false when it has
 * none (legacy descriptors, or a frame that is neither IPv4 nor IPv6).
 */
static bool r8127_rx_rss(struct r8127_rx_ring *r, u32 i, u32 *info, u32 *hash)
{
	struct r8127_rx_desc_v4 *d = &((struct r8127_rx_desc_v4 *)r->desc)[i];

	if (!r->v4)
		return false;
	*info = le32_to_cpu(d->rss_info);
	*hash = le32_to_cpu(d->rss_hash);
	return *info & (R8127_RSSI_IPV4 | R8127_RSSI_IPV6);
}

static void r8127_rx_hash(struct r8127_rx_ring *r, struct sk_buff *skb,
			  u32 info, u32 hash)
{
	bool l4;

	if (!(r->tp->dev->features & NETIF_F_RXHASH))
		return;
	/*
	 * Ports are in the hash only when the protocol's 4-tuple hashing is
	 * on: the type bits say TCP or UDP, not which input was hashed.
	 */
	if (info & R8127_RSSI_IPV4)
		l4 = (info & R8127_RSSI_TCP) ? READ_ONCE(r->tp->rss_tcp4) :
		     (info & R8127_RSSI_UDP) && READ_ONCE(r->tp->rss_udp4);
	else
		l4 = (info & R8127_RSSI_TCP) ? READ_ONCE(r->tp->rss_tcp6) :
		     (info & R8127_RSSI_UDP) && READ_ONCE(r->tp->rss_udp6);
	skb_set_hash(skb, hash, l4 ? PKT_HASH_TYPE_L4 : PKT_HASH_TYPE_L3);
}

/*
 * The bench measures what the count costs per frame by building a copy
 * with KCFLAGS=-DR8127_BENCH_NO_RSS_BUCKETS (tests/bench/rss-count-cost.sh,
 * docs/rebalance.md); no other build sets it.
 */
#ifdef R8127_BENCH_NO_RSS_BUCKETS
#define R8127_COUNT_BUCKETS	false
#else
#define R8127_COUNT_BUCKETS	true
#endif

/* A frame of @len bytes into the bucket its hash selects (rss_buckets). */
static void r8127_rx_count_bucket(struct r8127_rx_ring *r, u32 hash, u32 len)
{
	struct r8127_rx_buckets *b = r->buckets;

	u64_stats_update_begin(&b->syncp);
	rxs_rss_buckets_count(&b->c, hash, R8127_RSS_INDIR_SIZE, len);
	u64_stats_update_end(&b->syncp);
}

static struct sk_buff *r8127_rx_build(struct r8127_rx_ring *r, u32 i,
				      u32 len)
{
	struct page *page = r->page[i];
	struct device *d = &r->tp->pdev->dev;
	struct sk_buff *skb;

	dma_sync_single_range_for_cpu(d, page_pool_get_dma_addr(page),
				      R8127_RX_HEADROOM, len, DMA_FROM_DEVICE);
	skb = napi_build_skb(page_address(page), PAGE_SIZE << r->order);
	if (!skb)
		return NULL;
	skb_reserve(skb, R8127_RX_HEADROOM);
	__skb_put(skb, len);
	skb_mark_for_recycle(skb);
	return skb;
}

/* One received descriptor; false if the frame was dropped. */
static bool r8127_rx_one(struct r8127_rx_ring *r, u32 i, u32 opts1,
			 struct r8127_qcnt *c)
{
	const struct r8127_rx_bits *b = r->v4 ? &r8127_rx4_bits :
					 &r8127_rx1_bits;
	struct net_device *dev = r->tp->dev;
	u32 whole = R8127_DESC_FIRST | R8127_DESC_LAST;
	u32 opts2, len, info, hash;
	struct page *fresh;
	struct sk_buff *skb;
	bool rss;

	len = FIELD_GET(R8127_RX_LEN, opts1);
	if (!(dev->features & NETIF_F_RXFCS))
		len -= min_t(u32, len, ETH_FCS_LEN);
	/* frames longer than one buffer are not supported (no jumbo) */
	if ((opts1 & whole) != whole || (opts1 & b->err) || !len ||
	    len > r->buf_len) {
		r8127_rx_count_drop(c, false, true);
		return false;
	}
	fresh = r8127_rx_alloc_page(r);
	if (!fresh) {
		r8127_rx_count_drop(c, true, false);
		return false;
	}
	skb = r8127_rx_build(r, i, len);
	if (!skb) {
		page_pool_recycle_direct(r->pool, fresh);
		r8127_rx_count_drop(c, true, false);
		return false;
	}
	r->page[i] = fresh;

	opts2 = r8127_rx_opts2(r, i);
	r8127_rx_csum(r, skb, opts1, b, c);
	rss = r8127_rx_rss(r, i, &info, &hash);
	if (rss)
		r8127_rx_hash(r, skb, info, hash);
	if (opts2 & R8127_RX_VLAN)
		__vlan_hwaccel_put_tag(skb, htons(ETH_P_8021Q),
				       swab16(FIELD_GET(R8127_RX_VLAN_TAG, opts2)));
	/*
	 * rx_bytes is the Ethernet frame without FCS (if_link.h), as TX
	 * counts it: len, before eth_type_trans() pulls the header
	 */
	c->packets++;
	c->bytes += len;
	skb->protocol = eth_type_trans(skb, dev);
	skb_record_rx_queue(skb, r->q);
	if (rss && R8127_COUNT_BUCKETS)
		r8127_rx_count_bucket(r, hash, len);
	napi_gro_receive(r->napi, skb);
	return true;
}

static void r8127_rx_add_stats(struct r8127_rx_ring *r,
			       const struct r8127_qcnt *c)
{
	struct r8127_queue_stats *s = r->stats;

	u64_stats_update_begin(&s->syncp);
	s->c.packets += c->packets;
	s->c.bytes += c->bytes;
	s->c.csum_ok += c->csum_ok;
	s->c.csum_none += c->csum_none;
	s->c.alloc_fail += c->alloc_fail;
	s->c.errors += c->errors;
	s->c.dropped += c->dropped;
	u64_stats_update_end(&s->syncp);
}

static int r8127_rx_poll(struct r8127_rx_ring *r, int budget)
{
	struct r8127_qcnt c = {};
	int done = 0;

	while (done < budget) {
		u32 i = r->cur;
		u32 opts1 = le32_to_cpu(READ_ONCE(*r8127_rx_opts1(r, i)));

		if (opts1 & R8127_DESC_OWN)
			break;
		/* read the rest of the descriptor only after OWN */
		dma_rmb();
		r8127_rx_one(r, i, opts1, &c);
		r8127_rx_give(r, i);
		r->cur = rxs_ring_next(i, r->size);
		done++;
	}
	if (done)
		r8127_rx_add_stats(r, &c);
	return done;
}

static void r8127_rx_ring_free(struct r8127_rx_ring *r)
{
	u32 i;

	if (r->page) {
		for (i = 0; i < r->size; i++)
			if (r->page[i])
				page_pool_put_full_page(r->pool, r->page[i],
							false);
		kvfree(r->page);
		r->page = NULL;
	}
	if (r->pool) {
		page_pool_destroy(r->pool);
		r->pool = NULL;
	}
	if (r->desc) {
		dma_free_coherent(&r->tp->pdev->dev,
				  r->size * R8127_RX_DESC_SIZE, r->desc, r->dma);
		r->desc = NULL;
	}
}

static int r8127_rx_ring_alloc(struct r8127_rx_ring *r)
{
	struct device *d = &r->tp->pdev->dev;
	struct page_pool_params pp = {
		.order = r->order,
		.flags = PP_FLAG_DMA_MAP | PP_FLAG_DMA_SYNC_DEV,
		.pool_size = r->size,
		.nid = dev_to_node(d),
		.dev = d,
		.dma_dir = DMA_FROM_DEVICE,
		.offset = R8127_RX_HEADROOM,
		.max_len = r->buf_len,
	};
	u32 i;

	r->desc = dma_alloc_coherent(d, r->size * R8127_RX_DESC_SIZE, &r->dma,
				     GFP_KERNEL);
	r->page = kvcalloc(r->size, sizeof(*r->page), GFP_KERNEL);
	if (!r->desc || !r->page)
		goto err;
	r->pool = page_pool_create(&pp);
	if (IS_ERR(r->pool)) {
		r->pool = NULL;
		goto err;
	}
	/* buffers only: r8127_rings_reset() hands them to the chip */
	for (i = 0; i < r->size; i++) {
		if (!rxs_failknob_hit(&r->tp->reconf_fail))
			r->page[i] = r8127_rx_alloc_page(r);
		if (!r->page[i]) {
			/* counted like a failure on the datapath */
			u64_stats_update_begin(&r->stats->syncp);
			r->stats->c.alloc_fail++;
			u64_stats_update_end(&r->stats->syncp);
			netdev_warn(r->tp->dev,
				    "RX queue %u: no buffer for slot %u of %u\n",
				    r->q, i, r->size);
			goto err;
		}
	}
	return 0;
err:
	r8127_rx_ring_free(r);
	return -ENOMEM;
}

/* ---------------------------------------------------------------- TX */

static u32 r8127_tx_used(const struct r8127_tx_ring *t)
{
	return rxs_fr_diff(t->prod, t->cons, R8127_NO_CLOSE_MASK);
}

static u32 r8127_tx_free(const struct r8127_tx_ring *t)
{
	return t->size - r8127_tx_used(t);
}

static void r8127_tx_unmap(struct r8127_tx_ring *t, struct r8127_tx_buf *b)
{
	struct device *d = &t->tp->pdev->dev;

	if (!b->len)
		return;
	if (b->is_head)
		dma_unmap_single(d, b->dma, b->len, DMA_TO_DEVICE);
	else
		dma_unmap_page(d, b->dma, b->len, DMA_TO_DEVICE);
	b->len = 0;
}

/* Fill opts1/opts2 for TSO, checksum offload and VLAN; false: drop. */
static bool r8127_tx_offload(struct sk_buff *skb, u32 *o1, u32 *o2)
{
	u32 off = skb_transport_offset(skb);
	u8 l4;

	*o1 = 0;
	*o2 = 0;
	if (skb_vlan_tag_present(skb))
		*o2 |= R8127_TX_VLAN | swab16(skb_vlan_tag_get(skb));

	if (skb_is_gso(skb)) {
		if (skb_shinfo(skb)->gso_type & SKB_GSO_TCPV4) {
			*o1 |= R8127_TX_GTSENV4;
		} else {
			/* [up] TSO6 wants the pseudo header without length */
			if (skb_cow_head(skb, 0))
				return false;
			tcp_v6_gso_csum_prep(skb);
			*o1 |= R8127_TX_GTSENV6;
		}
		*o1 |= FIELD_PREP(R8127_TX_GTTCPHO, off);
		*o2 |= FIELD_PREP(R8127_TX_MSS, skb_shinfo(skb)->gso_size);
		return true;
	}
	if (skb->ip_summed != CHECKSUM_PARTIAL)
		return true;

	switch (vlan_get_protocol(skb)) {
	case htons(ETH_P_IP):
		*o2 |= R8127_TX_IPV4_CS;
		l4 = ip_hdr(skb)->protocol;
		break;
	case htons(ETH_P_IPV6):
		*o2 |= R8127_TX_IPV6;
		l4 = ipv6_hdr(skb)->nexthdr;
		break;
	default:
		l4 = 0;
		break;
	}
	if (l4 == IPPROTO_TCP)
		*o2 |= R8127_TX_TCP_CS;
	else if (l4 == IPPROTO_UDP)
		*o2 |= R8127_TX_UDP_CS;
	else
		goto sw_csum;
	*o2 |= FIELD_PREP(R8127_TX_TCPHO, off);
	return true;

sw_csum:
	/* not TCP/UDP: checksum in software, keep only the VLAN bits */
	*o2 &= R8127_TX_VLAN | R8127_TX_VLAN_TAG;
	return !skb_checksum_help(skb);
}

static void r8127_tx_fill(struct r8127_tx_ring *t, u32 slot, dma_addr_t a,
			  u32 len, u32 o1, u32 o2)
{
	struct r8127_tx_desc *d = &t->desc[slot];

	if (slot == t->size - 1)
		o1 |= R8127_DESC_RING_END;
	d->addr = cpu_to_le64(a);
	d->opts2 = cpu_to_le32(o2);
	/* the first descriptor's OWN is set last, by the caller */
	d->opts1 = cpu_to_le32(o1 | len);
}

/* Map the head and the fragments; returns descriptors used or -ENOMEM. */
static int r8127_tx_map(struct r8127_tx_ring *t, struct sk_buff *skb,
			u32 o1, u32 o2)
{
	struct device *d = &t->tp->pdev->dev;
	u32 nfrags = skb_shinfo(skb)->nr_frags;
	u32 n, slot, own;
	struct r8127_tx_buf *b;
	dma_addr_t a;
	u32 len;

	for (n = 0; n <= nfrags; n++) {
		slot = rxs_fr_slot(rxs_fr_add(t->prod, n, R8127_NO_CLOSE_MASK),
				   t->size);
		b = &t->buf[slot];
		if (n == 0) {
			len = skb_headlen(skb);
			a = dma_map_single(d, skb->data, len, DMA_TO_DEVICE);
		} else {
			const skb_frag_t *f = &skb_shinfo(skb)->frags[n - 1];

			len = skb_frag_size(f);
			a = skb_frag_dma_map(d, f, 0, len, DMA_TO_DEVICE);
		}
		if (dma_mapping_error(d, a))
			goto unwind;
		b->dma = a;
		b->len = len;
		b->is_head = n == 0;
		b->skb = NULL;
		own = n ? R8127_DESC_OWN : 0;
		r8127_tx_fill(t, slot, a, len, o1 | own |
			      (n == 0 ? R8127_DESC_FIRST : 0) |
			      (n == nfrags ? R8127_DESC_LAST : 0), o2);
	}
	/* the skb is freed with the last descriptor */
	b->skb = skb;
	t->buf[rxs_fr_slot(t->prod, t->size)].nr_desc = nfrags + 1;
	return nfrags + 1;

unwind:
	while (n--) {
		slot = rxs_fr_slot(rxs_fr_add(t->prod, n, R8127_NO_CLOSE_MASK),
				   t->size);
		r8127_tx_unmap(t, &t->buf[slot]);
	}
	return -ENOMEM;
}

/* @segs: a TSO packet's segment count (0: not TSO); @err: dropped */
static void r8127_tx_count(struct r8127_tx_ring *t, u32 segs, bool err)
{
	u64_stats_update_begin(&t->stats->syncp);
	if (segs) {
		t->stats->c.tso++;
		t->stats->c.tso_segs += segs;
	}
	if (err)
		t->stats->c.errors++;
	u64_stats_update_end(&t->stats->syncp);
}

static void r8127_tx_maybe_stop(struct r8127_tx_ring *t,
				struct netdev_queue *txq)
{
	if (likely(r8127_tx_free(t) >= R8127_TX_STOP_THRESH))
		return;
	netif_tx_stop_queue(txq);
	u64_stats_update_begin(&t->stats->syncp);
	t->stats->c.stops++;
	u64_stats_update_end(&t->stats->syncp);
	/* pairs with the barrier in r8127_tx_clean() */
	smp_mb();
	if (r8127_tx_free(t) >= R8127_TX_STOP_THRESH)
		netif_tx_start_queue(txq);
}

netdev_tx_t r8127_start_xmit(struct sk_buff *skb, struct net_device *dev)
{
	struct r8127_priv *tp = netdev_priv(dev);
	u16 q = skb_get_queue_mapping(skb);
	struct r8127_tx_ring *t = &tp->rs.tx[q];
	struct netdev_queue *txq = netdev_get_tx_queue(dev, q);
	u32 o1, o2, first, segs;
	int n;

	if (unlikely(r8127_tx_free(t) < skb_shinfo(skb)->nr_frags + 1)) {
		netif_tx_stop_queue(txq);
		return NETDEV_TX_BUSY;
	}
	if (skb_put_padto(skb, ETH_ZLEN)) {
		r8127_tx_count(t, 0, true);
		return NETDEV_TX_OK;
	}
	if (!r8127_tx_offload(skb, &o1, &o2))
		goto drop;
	n = r8127_tx_map(t, skb, o1, o2);
	if (n < 0)
		goto drop;

	segs = skb_is_gso(skb) ? skb_shinfo(skb)->gso_segs : 0;
	first = rxs_fr_slot(t->prod, t->size);
	/* descriptors complete before the first one goes to the chip */
	dma_wmb();
	WRITE_ONCE(t->desc[first].opts1, t->desc[first].opts1 |
		   cpu_to_le32(R8127_DESC_OWN));
	t->prod = rxs_fr_add(t->prod, n, R8127_NO_CLOSE_MASK);
	if (segs)
		r8127_tx_count(t, segs, false);
	skb_tx_timestamp(skb);

	r8127_tx_maybe_stop(t, txq);
	if (__netdev_tx_sent_queue(txq, skb->len, netdev_xmit_more()))
		r8127_w32(tp, R8127_SW_TAIL_PTR(q), t->prod);
	return NETDEV_TX_OK;

drop:
	dev_kfree_skb_any(skb);
	r8127_tx_count(t, 0, true);
	return NETDEV_TX_OK;
}

/* Reclaim completed descriptors; true if all of them were reclaimed. */
static bool r8127_tx_clean(struct r8127_tx_ring *t, int napi_budget)
{
	struct netdev_queue *txq = netdev_get_tx_queue(t->tp->dev, t->q);
	u32 clo = r8127_r32(t->tp, R8127_HW_CLO_PTR(t->q)) & R8127_NO_CLOSE_MASK;
	u32 pkts = 0, bytes = 0, budget = R8127_NAPI_TX_BUDGET;

	/* ignore a pointer beyond what was posted (device gone or reset) */
	if (rxs_fr_diff(clo, t->cons, R8127_NO_CLOSE_MASK) > r8127_tx_used(t))
		return true;
	while (t->cons != clo && budget--) {
		struct r8127_tx_buf *b = &t->buf[rxs_fr_slot(t->cons, t->size)];

		r8127_tx_unmap(t, b);
		if (b->skb) {
			pkts++;
			bytes += b->skb->len;
			napi_consume_skb(b->skb, napi_budget);
			b->skb = NULL;
		}
		t->cons = rxs_fr_add(t->cons, 1, R8127_NO_CLOSE_MASK);
	}
	if (!pkts)
		return t->cons == clo;

	u64_stats_update_begin(&t->stats->syncp);
	t->stats->c.packets += pkts;
	t->stats->c.bytes += bytes;
	u64_stats_update_end(&t->stats->syncp);
	netdev_tx_completed_queue(txq, pkts, bytes);

	/* pairs with the barrier in r8127_tx_maybe_stop() */
	smp_mb();
	if (netif_tx_queue_stopped(txq) &&
	    r8127_tx_free(t) >= R8127_TX_STOP_THRESH) {
		netif_tx_wake_queue(txq);
		u64_stats_update_begin(&t->stats->syncp);
		t->stats->c.wakes++;
		u64_stats_update_end(&t->stats->syncp);
	}
	return t->cons == clo;
}

/*
 * Drop everything still queued (datapath stopped) and clear the
 * descriptors, as the vendor's reset task does ([vd] rtl8127_reset_task
 * -> rtl8127_tx_desc_init; [up] rtl8169_unmap_tx_skb clears each one).
 * A chip reset rewinds the close pointer but nothing says it clears the
 * tail: a descriptor the chip never served keeps DescOwn, and once TX is
 * enabled again the chip would send it (its buffer already freed) and
 * count it, one ahead of a ring that starts empty, so every completion
 * after it would look beyond what was posted and the queue would stall
 * for good (seen after a TX timeout with one frame stuck on queue 0).
 */
static void r8127_tx_purge(struct r8127_tx_ring *t)
{
	u32 i;

	for (i = 0; i < t->size; i++) {
		r8127_tx_unmap(t, &t->buf[i]);
		if (t->buf[i].skb) {
			dev_kfree_skb_any(t->buf[i].skb);
			t->buf[i].skb = NULL;
		}
	}
	if (t->desc)
		memset(t->desc, 0, t->size * R8127_TX_DESC_SIZE);
	t->prod = 0;
	t->cons = 0;
}

/* The running TX rings, after r8127_stop(): empty, BQL reset. */
void r8127_tx_purge_all(struct r8127_priv *tp)
{
	u32 q;

	for (q = 0; q < tp->vmap.n_tx; q++) {
		if (!tp->rs.tx[q].buf)
			continue;
		r8127_tx_purge(&tp->rs.tx[q]);
		netdev_tx_reset_queue(netdev_get_tx_queue(tp->dev, q));
	}
}

static void r8127_tx_ring_free(struct r8127_tx_ring *t)
{
	if (t->buf) {
		r8127_tx_purge(t);
		kvfree(t->buf);
		t->buf = NULL;
	}
	if (t->desc) {
		dma_free_coherent(&t->tp->pdev->dev,
				  t->size * R8127_TX_DESC_SIZE, t->desc, t->dma);
		t->desc = NULL;
	}
}

static int r8127_tx_ring_alloc(struct r8127_tx_ring *t)
{
	t->desc = dma_alloc_coherent(&t->tp->pdev->dev,
				     t->size * R8127_TX_DESC_SIZE, &t->dma,
				     GFP_KERNEL);
	t->buf = kvcalloc(t->size, sizeof(*t->buf), GFP_KERNEL);
	if (!t->desc || !t->buf) {
		r8127_tx_ring_free(t);
		return -ENOMEM;
	}
	return 0;
}

/* ---------------------------------------------------------------- rings */

#define R8127_RX_IDLE_DESCS	16
#define R8127_RX_IDLE_BUF	2048
#define R8127_RX_IDLE_SIZE	(R8127_RX_IDLE_DESCS * R8127_RX_DESC_SIZE + \
				 R8127_RX_IDLE_BUF)

/*
 * The ring behind the unused 4th queue when 3 are in use. The table never
 * selects it, but the chip (and the bench model, which accepts a frame
 * only when every ring has a free descriptor) should always find a buffer
 * there: its descriptors are the chip's and all point at one scratch
 * buffer in the same allocation, which nothing reads.
 */
static int r8127_rx_idle_alloc(struct r8127_priv *tp, struct r8127_stage *st)
{
	if (r8127_hw_rx_rings(&st->vmap) == st->vmap.n_rx)
		return 0;
	st->rs.idle = dma_alloc_coherent(&tp->pdev->dev, R8127_RX_IDLE_SIZE,
					 &st->rs.idle_dma, GFP_KERNEL);
	return st->rs.idle ? 0 : -ENOMEM;
}

/* Hand every descriptor of the idle ring (if any) to the chip. */
static void r8127_rx_idle_fill(struct r8127_priv *tp)
{
	__le64 addr = cpu_to_le64(tp->rs.idle_dma +
				  R8127_RX_IDLE_DESCS * R8127_RX_DESC_SIZE);
	u32 opts1, i;

	if (!tp->rs.idle)
		return;
	for (i = 0; i < R8127_RX_IDLE_DESCS; i++) {
		opts1 = R8127_DESC_OWN |
			FIELD_PREP(R8127_RX_LEN, R8127_RX_IDLE_BUF);
		if (i == R8127_RX_IDLE_DESCS - 1)
			opts1 |= R8127_DESC_RING_END;
		if (tp->rx_v4) {
			struct r8127_rx_desc_v4 *d = tp->rs.idle;

			d[i].addr = addr;
			d[i].opts2 = 0;
			d[i].opts1 = cpu_to_le32(opts1);
		} else {
			struct r8127_rx_desc *d = tp->rs.idle;

			d[i].addr = addr;
			d[i].opts2 = 0;
			d[i].opts1 = cpu_to_le32(opts1);
		}
	}
}

/* Free the memory of a ring set (any of it may be missing). */
void r8127_rings_free(struct r8127_priv *tp, struct r8127_rings *rs)
{
	u32 q;

	if (rs->idle) {
		dma_free_coherent(&tp->pdev->dev, R8127_RX_IDLE_SIZE, rs->idle,
				  rs->idle_dma);
		rs->idle = NULL;
	}
	for (q = 0; q < R8127_MAX_TX_QUEUES; q++)
		r8127_tx_ring_free(&rs->tx[q]);
	for (q = 0; q < R8127_MAX_RX_QUEUES; q++)
		r8127_rx_ring_free(&rs->rx[q]);
}

/*
 * Allocate the rings of @st and fill its RX rings with buffers, all or
 * nothing. The running configuration is not touched.
 */
int r8127_rings_alloc(struct r8127_priv *tp, struct r8127_stage *st)
{
	u32 order = r8127_rx_order(st->mtu);
	u32 q;
	int ret;

	for (q = 0; q < st->vmap.n_tx; q++) {
		struct r8127_tx_ring *t = &st->rs.tx[q];

		t->tp = tp;
		t->q = q;
		t->stats = &tp->tx_stats[q];
		t->size = st->tx_ring_size;
		ret = r8127_tx_ring_alloc(t);
		if (ret)
			goto err;
	}
	for (q = 0; q < st->vmap.n_rx; q++) {
		struct r8127_rx_ring *r = &st->rs.rx[q];

		r->tp = tp;
		r->q = q;
		r->stats = &tp->rx_stats[q];
		r->buckets = &tp->rx_buckets[q];
		r->v4 = st->rx_v4;
		r->size = st->rx_ring_size;
		r->order = order;
		r->buf_len = r8127_rx_buf_len(order);
		ret = r8127_rx_ring_alloc(r);
		if (ret)
			goto err;
	}
	ret = r8127_rx_idle_alloc(tp, st);
	if (ret)
		goto err;
	return 0;
err:
	r8127_rings_free(tp, &st->rs);
	return ret;
}

/* Exchange two ring sets (both stopped); ring pointers stay valid. */
void r8127_rings_swap(struct r8127_rings *a, struct r8127_rings *b)
{
	u32 q;

	for (q = 0; q < R8127_MAX_TX_QUEUES; q++)
		swap(a->tx[q], b->tx[q]);
	for (q = 0; q < R8127_MAX_RX_QUEUES; q++)
		swap(a->rx[q], b->rx[q]);
	swap(a->idle, b->idle);
	swap(a->idle_dma, b->idle_dma);
}

/*
 * Before a start: the running rings from their first slot (the chip
 * starts there after its reset), every RX buffer owned by the chip, each
 * RX ring pointing at its NAPI. Allocates nothing.
 */
void r8127_rings_reset(struct r8127_priv *tp)
{
	u32 q, i;

	for (q = 0; q < tp->vmap.n_tx; q++) {
		tp->rs.tx[q].prod = 0;
		tp->rs.tx[q].cons = 0;
	}
	for (q = 0; q < tp->vmap.n_rx; q++) {
		struct r8127_rx_ring *r = &tp->rs.rx[q];

		r->cur = 0;
		r->napi = tp->napis[tp->vmap.rx_napi[q]];
		for (i = 0; i < r->size; i++)
			r8127_rx_give(r, i);
	}
	r8127_rx_idle_fill(tp);
}

static void r8127_write_base(struct r8127_priv *tp, u32 lo, dma_addr_t a)
{
	/* [up] high half first */
	r8127_w32(tp, lo + 4, upper_32_bits(a));
	r8127_w32(tp, lo, lower_32_bits(a));
}

void r8127_rings_write_bases(struct r8127_priv *tp)
{
	u32 q;

	r8127_write_base(tp, R8127_TX_DESC0_LO, tp->rs.tx[0].dma);
	if (tp->vmap.n_tx > 1)
		r8127_write_base(tp, R8127_TX_DESC1_LO, tp->rs.tx[1].dma);
	r8127_write_base(tp, R8127_RX_DESC0_LO, tp->rs.rx[0].dma);
	for (q = 1; q < tp->vmap.n_rx; q++)
		r8127_write_base(tp, R8127_RX_DESCN_LO(q), tp->rs.rx[q].dma);
	for (; q < r8127_hw_rx_rings(&tp->vmap); q++)
		r8127_write_base(tp, R8127_RX_DESCN_LO(q), tp->rs.idle_dma);
}

/* ---------------------------------------------------------------- NAPI */

/* Channel n of tp->vmap: its TX queues, then its RX queues. */
int r8127_poll(struct napi_struct *napi, int budget)
{
	struct r8127_napi *n = container_of(napi, struct r8127_napi, napi);
	struct r8127_priv *tp = n->tp;
	u32 idx = n - tp->napi;
	unsigned long txq = tp->vmap.napi_tx[idx];
	unsigned long rxq = tp->vmap.napi_rx[idx];
	bool tx_done = true;
	int work = 0;
	u32 q;

	for_each_set_bit(q, &txq, R8127_MAX_TX_QUEUES)
		tx_done &= r8127_tx_clean(&tp->rs.tx[q], budget);
	for_each_set_bit(q, &rxq, R8127_MAX_RX_QUEUES)
		if (work < budget)
			work += r8127_rx_poll(&tp->rs.rx[q], budget - work);
	if (!tx_done)
		return budget;
	if (work < budget && napi_complete_done(napi, work))
		r8127_irq_unmask_napi(n);
	return min(work, budget);
}
