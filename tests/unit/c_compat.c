// SPDX-License-Identifier: GPL-2.0
/* Every shared header, compiled as C (gnu11). See c_compat.h. */
#include <stdlib.h>

#include <rxscale/types.h>
#include <rxscale/toeplitz.h>
#include <rxscale/rss_indir.h>
#include <rxscale/queue_map.h>
#include <rxscale/ring.h>
#include <rxscale/coalesce.h>
#include <rxscale/vector_map.h>
#include <rxscale/channels.h>
#include <rxscale/rss_ethtool.h>
#include <rxscale/stats.h>
#include <rxscale/rss_buckets.h>
#include <rxscale/rss_swhash.h>

#include "c_compat.h"

size_t rxs_c_sizeof_toeplitz(void)
{
	return sizeof(struct rxs_toeplitz);
}

size_t rxs_c_sizeof_qmap(void)
{
	return sizeof(struct rxs_qmap);
}

int rxs_c_toeplitz_ref(const u8 *key, u32 key_len, const u8 *in, u32 len,
		       u32 *hash)
{
	return rxs_toeplitz_ref(key, key_len, in, len, hash);
}

int rxs_c_toeplitz_fast(const u8 *key, u32 key_len, const u8 *in, u32 len,
			u32 *hash)
{
	struct rxs_toeplitz *t = malloc(sizeof(*t));	/* C: no cast */
	int ret;

	if (!t)
		return -ENOMEM;
	ret = rxs_toeplitz_init(t, key, key_len);
	if (!ret)
		ret = rxs_toeplitz_hash(t, in, len, hash);
	free(t);
	return ret;
}

u32 rxs_c_input_v4(u8 *buf, u32 saddr, u32 daddr, u16 sport, u16 dport,
		   bool l4)
{
	return rxs_toeplitz_input_v4(buf, saddr, daddr, sport, dport, l4);
}

const u8 *rxs_c_ms_key(void)
{
	return rxs_toeplitz_ms_key();
}

int rxs_c_indir_fill_weight(u32 *indir, u32 size, const u32 *w, u32 n)
{
	return rxs_indir_fill_weight(indir, size, w, n);
}

int rxs_c_indir_pack(const u32 *indir, u32 size, u32 *words, u32 n_words)
{
	return rxs_indir_pack_u8(indir, size, words, n_words);
}

int rxs_c_qmap(u32 n_rx, u32 n_tx, u32 granted, int *rx_last,
	       int *tx_last, int *link)
{
	struct rxs_qmap m;
	int ret = rxs_qmap_build(&m, n_rx, n_tx, RXS_QMAP_MAX_QUEUES,
				 RXS_QMAP_MAX_QUEUES, granted);

	if (ret)
		return ret;
	*rx_last = rxs_qmap_rx_vector(&m, m.n_rx - 1);
	*tx_last = rxs_qmap_tx_vector(&m, n_tx - 1);
	*link = rxs_qmap_link_vector(&m);
	return 0;
}

u32 rxs_c_ring_add(u32 i, u32 k, u32 size)
{
	return rxs_ring_add(i, k, size);
}

u32 rxs_c_fr_diff(u32 a, u32 b, u32 mask)
{
	return rxs_fr_diff(a, b, mask);
}

int rxs_c_usecs_to_units(u32 usecs, u32 unit_ns, u32 max, u32 *units)
{
	return rxs_coal_usecs_to_units(usecs, unit_ns, max, units);
}

int rxs_c_vmap_tx_napi(u32 n_rx, u32 n_tx, u32 n_comb, u32 q)
{
	struct rxs_vmap_lines l;
	struct rxs_vmap m;
	int ret = rxs_vmap_lines_linear(&l, n_rx, n_tx);

	ret = ret ? ret : rxs_vmap_build(&m, &l, n_rx, n_tx, n_comb);
	return ret ? ret : m.tx_napi[q];
}

int rxs_c_chan_check(u32 comb, u32 rx, u32 tx, u32 *n_rx, u32 *n_tx)
{
	static const struct rxs_chan_limits lim = { 4, 2, 1, true };
	struct rxs_chan_counts c = { rx, tx, 1, comb };
	struct rxs_chan_queues q;
	int ret = rxs_chan_check(&lim, &c, &q, NULL);

	if (!ret) {
		*n_rx = q.n_rx;
		*n_tx = q.n_tx;
	}
	return ret;
}

u64 rxs_c_rxh_get(u32 set, u32 flow)
{
	u64 d;

	return rxs_rxh_get(set, flow, &d) ? ~0ull : d;
}

int rxs_c_stat_name(char *buf, u32 len, const char *prefix, u32 q,
		    const char *name)
{
	return rxs_stat_name(buf, len, prefix, q, name);
}

u32 rxs_c_rss_bucket(u32 hash, u32 size)
{
	return rxs_rss_bucket(hash, size);
}
