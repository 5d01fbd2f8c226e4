/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rxscale/vector_map.h - queues, channels (NAPI instances) and interrupt
 * lines, for devices whose lines are not all-or-one.
 *
 * Why: queue_map.h knows two layouts only (a vector per queue, or one
 * for all). Real devices sit in between: the MT7988 frame engine has an
 * interrupt line per RX ring (pdma0..3) while TX and the rest share
 * fe1/fe2; the RZ/G2L GbEth has one line for everything; the RTL8127
 * ties each event to a fixed MSI-X entry. Here the driver says on which
 * of its lines each event arrives, and the map derives the rest:
 *
 *   channels (fbnic's meaning, one NAPI each): combined channel c is
 *     RX queue c and TX queue c (c < n_comb); then one channel per
 *     remaining RX queue, then one per remaining TX queue;
 *   vectors: the lines that some event uses, in ascending line order
 *     (the ones to request); vector v schedules every NAPI with a queue
 *     whose interrupt arrives on line vec_line[v];
 *   the NAPI-to-IRQ association (netif_napi_set_irq) is the vector of
 *     its RX queue, else of its TX queue.
 *
 * A line may carry several queues (their NAPIs are all scheduled, and
 * each polls only its own rings), so a device with one line runs any
 * queue count, only without spreading over CPUs.
 */
#ifndef RXSCALE_VECTOR_MAP_H
#define RXSCALE_VECTOR_MAP_H

#include "types.h"

#define RXS_VMAP_MAX_QUEUES	32	/* per direction; masks are u32 */
#define RXS_VMAP_MAX_NAPI	(2 * RXS_VMAP_MAX_QUEUES)
#define RXS_VMAP_MAX_LINES	(2 * RXS_VMAP_MAX_QUEUES + 1)

/* On which of the device's lines (0..n_lines-1) each event arrives. */
struct rxs_vmap_lines {
	u32 n_lines;
	u8 rx[RXS_VMAP_MAX_QUEUES];
	u8 tx[RXS_VMAP_MAX_QUEUES];
	u8 link;
};

struct rxs_vmap {
	u32 n_rx;		/* RX queues */
	u32 n_tx;		/* TX queues */
	u32 n_comb;		/* of them, combined channels */
	u32 n_napi;		/* channels: n_rx + n_tx - n_comb */
	u32 n_vec;		/* lines in use */
	u8 rx_napi[RXS_VMAP_MAX_QUEUES];
	u8 tx_napi[RXS_VMAP_MAX_QUEUES];
	u8 rx_vec[RXS_VMAP_MAX_QUEUES];
	u8 tx_vec[RXS_VMAP_MAX_QUEUES];
	u8 link_vec;
	u8 vec_line[RXS_VMAP_MAX_LINES];	/* vector -> device line */
	u64 vec_napi[RXS_VMAP_MAX_LINES];	/* NAPIs vector v schedules */
	u32 napi_rx[RXS_VMAP_MAX_NAPI];		/* RX queues NAPI n polls */
	u32 napi_tx[RXS_VMAP_MAX_NAPI];		/* TX queues NAPI n polls */
	u8 napi_vec[RXS_VMAP_MAX_NAPI];		/* for netif_napi_set_irq */
};

/* Every event on @line (one shared interrupt: RZ/G2L GbEth, INTx). */
static inline void rxs_vmap_lines_one(struct rxs_vmap_lines *l, u8 line)
{
	u32 q;

	l->n_lines = (u32)line + 1;
	for (q = 0; q < RXS_VMAP_MAX_QUEUES; q++) {
		l->rx[q] = line;
		l->tx[q] = line;
	}
	l->link = line;
}

/*
 * One line per event, queue_map.h's layout: RX q -> q, TX q -> n_rx + q,
 * link -> n_rx + n_tx. -EINVAL if a count is 0 or too large.
 */
static inline int rxs_vmap_lines_linear(struct rxs_vmap_lines *l, u32 n_rx,
					u32 n_tx)
{
	u32 q;

	if (!n_rx || !n_tx || n_rx > RXS_VMAP_MAX_QUEUES ||
	    n_tx > RXS_VMAP_MAX_QUEUES)
		return -EINVAL;
	rxs_vmap_lines_one(l, 0);
	for (q = 0; q < n_rx; q++)
		l->rx[q] = (u8)q;
	for (q = 0; q < n_tx; q++)
		l->tx[q] = (u8)(n_rx + q);
	l->link = (u8)(n_rx + n_tx);
	l->n_lines = n_rx + n_tx + 1;
	return 0;
}

/*
 * Build the map for @n_rx RX and @n_tx TX queues (1..32 each), of which
 * @n_comb (0..min(n_rx, n_tx)) are combined channels.
 * -EINVAL: NULL argument, a count out of range, n_lines 0 or above
 * RXS_VMAP_MAX_LINES, or an event of a used queue on a line >= n_lines.
 * @m is written only on success.
 */
static inline int rxs_vmap_build(struct rxs_vmap *m,
				 const struct rxs_vmap_lines *l, u32 n_rx,
				 u32 n_tx, u32 n_comb)
{
	u8 line_vec[RXS_VMAP_MAX_LINES];
	bool used[RXS_VMAP_MAX_LINES];
	u32 q, n, v, i;

	if (!m || !l || !n_rx || !n_tx || n_rx > RXS_VMAP_MAX_QUEUES ||
	    n_tx > RXS_VMAP_MAX_QUEUES || n_comb > n_rx || n_comb > n_tx ||
	    !l->n_lines || l->n_lines > RXS_VMAP_MAX_LINES ||
	    l->link >= l->n_lines)
		return -EINVAL;
	for (i = 0; i < RXS_VMAP_MAX_LINES; i++)
		used[i] = false;
	for (q = 0; q < n_rx; q++) {
		if (l->rx[q] >= l->n_lines)
			return -EINVAL;
		used[l->rx[q]] = true;
	}
	for (q = 0; q < n_tx; q++) {
		if (l->tx[q] >= l->n_lines)
			return -EINVAL;
		used[l->tx[q]] = true;
	}
	used[l->link] = true;

	m->n_rx = n_rx;
	m->n_tx = n_tx;
	m->n_comb = n_comb;
	m->n_napi = n_rx + n_tx - n_comb;
	v = 0;
	for (i = 0; i < l->n_lines; i++) {
		if (!used[i])
			continue;
		line_vec[i] = (u8)v;
		m->vec_line[v] = (u8)i;
		m->vec_napi[v] = 0;
		v++;
	}
	m->n_vec = v;
	for (n = 0; n < m->n_napi; n++) {
		m->napi_rx[n] = 0;
		m->napi_tx[n] = 0;
	}
	for (q = 0; q < n_rx; q++) {
		m->rx_napi[q] = (u8)q;
		m->rx_vec[q] = line_vec[l->rx[q]];
	}
	for (q = 0; q < n_tx; q++) {
		m->tx_napi[q] = (u8)(q < n_comb ? q : n_rx + q - n_comb);
		m->tx_vec[q] = line_vec[l->tx[q]];
	}
	m->link_vec = line_vec[l->link];
	for (q = 0; q < n_rx; q++) {
		n = m->rx_napi[q];
		m->napi_rx[n] |= 1u << q;
		m->napi_vec[n] = m->rx_vec[q];
		m->vec_napi[m->rx_vec[q]] |= 1ull << n;
	}
	for (q = 0; q < n_tx; q++) {
		n = m->tx_napi[q];
		m->napi_tx[n] |= 1u << q;
		if (!m->napi_rx[n])
			m->napi_vec[n] = m->tx_vec[q];
		m->vec_napi[m->tx_vec[q]] |= 1ull << n;
	}
	return 0;
}

/* Distinct vectors among the RX queues: how far RX work can spread. */
static inline u32 rxs_vmap_rx_spread(const struct rxs_vmap *m)
{
	bool seen[RXS_VMAP_MAX_LINES];
	u32 q, n = 0;

	for (q = 0; q < RXS_VMAP_MAX_LINES; q++)
		seen[q] = false;
	for (q = 0; q < m->n_rx; q++) {
		if (seen[m->rx_vec[q]])
			continue;
		seen[m->rx_vec[q]] = true;
		n++;
	}
	return n;
}

/* NAPI config index (netif_napi_add_config): its RX queue, else -1. */
static inline int rxs_vmap_napi_index(const struct rxs_vmap *m, u32 n)
{
	u32 rx = n < m->n_napi ? m->napi_rx[n] : 0;
	int q = 0;

	if (!rx)
		return -1;
	while (!(rx & 1u)) {
		rx >>= 1;
		q++;
	}
	return q;
}

#endif /* RXSCALE_VECTOR_MAP_H */
