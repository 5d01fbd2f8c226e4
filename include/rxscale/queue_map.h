/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rxscale/queue_map.h - map RX/TX queues and the link interrupt to
 * interrupt vectors.
 *
 * Why: each rxscale driver asks for one MSI-X vector (or platform IRQ)
 * per RX queue plus vectors for TX completion and link changes, and
 * must still work when fewer are granted. The rule, shared so that the
 * drivers, the device models and the tests agree:
 *
 *   granted >= n_rx + n_tx + 1:  RX queue q -> vector q,
 *                                TX queue q -> vector n_rx + q,
 *                                link       -> vector n_rx + n_tx;
 *   otherwise (single-vector fallback, no RSS): one RX queue, and it,
 *                                all TX queues and link -> vector 0.
 *
 * A driver whose hardware ties events to fixed vector numbers (the
 * RTL8127 wants about 30 vectors) translates these logical vectors.
 */
#ifndef RXSCALE_QUEUE_MAP_H
#define RXSCALE_QUEUE_MAP_H

#include "types.h"

#define RXS_QMAP_MAX_QUEUES	32	/* per direction; masks are u32 */

struct rxs_qmap {
	u32 n_rx;	/* RX queues in use (1 in the fallback) */
	u32 n_tx;	/* TX queues in use */
	u32 n_vec;	/* vectors used: n_rx + n_tx + 1, or 1 */
	bool single;	/* single-vector fallback, RSS off */
};

/* Vectors needed for the one-vector-per-queue layout. */
static inline u32 rxs_qmap_vectors_needed(u32 n_rx, u32 n_tx)
{
	return n_rx + n_tx + 1;
}

/*
 * Build the map for @n_rx (1..@max_rx) RX and @n_tx (1..@max_tx) TX
 * queues when @granted vectors (>= 1) were granted.
 * -EINVAL: a limit is 0 or above RXS_QMAP_MAX_QUEUES, a count is 0, or
 * no vector was granted; -ERANGE: a count is above its limit.
 */
static inline int rxs_qmap_build(struct rxs_qmap *m, u32 n_rx, u32 n_tx,
				 u32 max_rx, u32 max_tx, u32 granted)
{
	if (!m || !max_rx || !max_tx || max_rx > RXS_QMAP_MAX_QUEUES ||
	    max_tx > RXS_QMAP_MAX_QUEUES || !n_rx || !n_tx || !granted)
		return -EINVAL;
	if (n_rx > max_rx || n_tx > max_tx)
		return -ERANGE;
	m->n_tx = n_tx;
	m->single = granted < rxs_qmap_vectors_needed(n_rx, n_tx);
	m->n_rx = m->single ? 1 : n_rx;
	m->n_vec = m->single ? 1 : rxs_qmap_vectors_needed(n_rx, n_tx);
	return 0;
}

/* Vector of RX queue @q, or -ERANGE if @q is not in use. */
static inline int rxs_qmap_rx_vector(const struct rxs_qmap *m, u32 q)
{
	if (q >= m->n_rx)
		return -ERANGE;
	return m->single ? 0 : (int)q;
}

/* Vector of TX queue @q, or -ERANGE if @q is not in use. */
static inline int rxs_qmap_tx_vector(const struct rxs_qmap *m, u32 q)
{
	if (q >= m->n_tx)
		return -ERANGE;
	return m->single ? 0 : (int)(m->n_rx + q);
}

/* Vector of the link-change interrupt. */
static inline int rxs_qmap_link_vector(const struct rxs_qmap *m)
{
	return m->single ? 0 : (int)(m->n_rx + m->n_tx);
}

/* Bit q set if RX queue q is served by vector @vec (for NAPI setup). */
static inline u32 rxs_qmap_vec_rx_mask(const struct rxs_qmap *m, u32 vec)
{
	if (m->single)
		return vec == 0 ? 1u : 0;
	return vec < m->n_rx ? 1u << vec : 0;
}

/* Bit q set if TX queue q is served by vector @vec. */
static inline u32 rxs_qmap_vec_tx_mask(const struct rxs_qmap *m, u32 vec)
{
	if (m->single)
		return vec == 0 ? (u32)((1ull << m->n_tx) - 1) : 0;
	if (vec < m->n_rx || vec >= m->n_rx + m->n_tx)
		return 0;
	return 1u << (vec - m->n_rx);
}

#endif /* RXSCALE_QUEUE_MAP_H */
