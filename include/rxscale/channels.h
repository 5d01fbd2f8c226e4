/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rxscale/channels.h - ethtool -l/-L channel counts.
 *
 * Channels as fbnic counts them (Linux 7.3 fbnic_ethtool.c): a channel
 * is a NAPI instance. rx_count/tx_count are standalone queues with a
 * NAPI each; combined_count is RX queue q and TX queue q under one NAPI
 * (queues 0..combined-1). So the device runs combined + rx RX queues
 * and combined + tx TX queues. other_count is the link/misc interrupt,
 * which the drivers cannot change.
 *
 * The ethtool core already refuses counts above the reported maxima and
 * a request with neither RX nor TX channels; the rules here are the
 * device's own (queue limits, at least one queue each way, how combined
 * and standalone channels may mix), with an errno and a message ready
 * for NL_SET_ERR_MSG (set_channels has no extack: log it).
 */
#ifndef RXSCALE_CHANNELS_H
#define RXSCALE_CHANNELS_H

#include "types.h"

struct rxs_chan_limits {
	u32 max_rx;		/* RX queues of the hardware (>= 1) */
	u32 max_tx;		/* TX queues of the hardware (>= 1) */
	u32 other;		/* fixed other_count (link vector: 1) */
	/*
	 * fbnic's rule: combined channels leave standalone queues in one
	 * direction only (combined with both rx and tx is refused)
	 */
	bool comb_one_side;
};

/* What ethtool sees and asks: struct ethtool_channels' counts. */
struct rxs_chan_counts {
	u32 rx;
	u32 tx;
	u32 other;
	u32 comb;
};

/* Queues and combined channels the device runs. */
struct rxs_chan_queues {
	u32 n_rx;
	u32 n_tx;
	u32 n_comb;
};

/* Maxima for get_channels: standalone rx/tx up to the queue counts. */
static inline void rxs_chan_max(const struct rxs_chan_limits *lim,
				struct rxs_chan_counts *max)
{
	max->rx = lim->max_rx;
	max->tx = lim->max_tx;
	max->other = lim->other;
	max->comb = lim->max_rx < lim->max_tx ? lim->max_rx : lim->max_tx;
}

/* Counts for get_channels from the queues in use. */
static inline void rxs_chan_from_queues(const struct rxs_chan_limits *lim,
					const struct rxs_chan_queues *q,
					struct rxs_chan_counts *cur)
{
	cur->comb = q->n_comb;
	cur->rx = q->n_rx - q->n_comb;
	cur->tx = q->n_tx - q->n_comb;
	cur->other = lim->other;
}

/*
 * Check an ethtool -L request against @lim. On success fill @out and
 * return 0; otherwise return -EINVAL and point *@msg (if @msg) at the
 * reason, leaving @out untouched. NULL @lim/@req/@out: -EINVAL.
 */
static inline int rxs_chan_check(const struct rxs_chan_limits *lim,
				 const struct rxs_chan_counts *req,
				 struct rxs_chan_queues *out, const char **msg)
{
	const char *why = NULL;
	u64 rx, tx;

	if (!lim || !req || !out) {
		why = "internal error: no channel limits";
		goto bad;
	}
	rx = (u64)req->comb + req->rx;
	tx = (u64)req->comb + req->tx;
	if (req->other != lim->other)
		why = "the other (link) channel count cannot be changed";
	else if (lim->comb_one_side && req->comb && req->rx && req->tx)
		why = "combined with both rx and tx channels is not supported";
	else if (rx > lim->max_rx)
		why = "too many RX queues (combined + rx)";
	else if (tx > lim->max_tx)
		why = "too many TX queues (combined + tx)";
	else if (!rx)
		why = "at least one RX queue is needed (combined or rx)";
	else if (!tx)
		why = "at least one TX queue is needed (combined or tx)";
	if (why)
		goto bad;
	out->n_rx = (u32)rx;
	out->n_tx = (u32)tx;
	out->n_comb = req->comb;
	return 0;
bad:
	if (msg)
		*msg = why;
	return -EINVAL;
}

#endif /* RXSCALE_CHANNELS_H */
