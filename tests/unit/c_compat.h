/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Wrappers compiled from C (c_compat.c, gnu11) around the shared headers,
 * so that c_compat_test.cpp can check that the C and the C++ builds of the
 * same inline helpers agree.
 */
#ifndef RXS_UNIT_C_COMPAT_H
#define RXS_UNIT_C_COMPAT_H

#include <rxscale/types.h>

#ifdef __cplusplus
extern "C" {
#endif

size_t rxs_c_sizeof_toeplitz(void);
size_t rxs_c_sizeof_qmap(void);
int rxs_c_toeplitz_ref(const u8 *key, u32 key_len, const u8 *in, u32 len,
		       u32 *hash);
int rxs_c_toeplitz_fast(const u8 *key, u32 key_len, const u8 *in, u32 len,
			u32 *hash);
u32 rxs_c_input_v4(u8 *buf, u32 saddr, u32 daddr, u16 sport, u16 dport,
		   bool l4);
const u8 *rxs_c_ms_key(void);
int rxs_c_indir_fill_weight(u32 *indir, u32 size, const u32 *w, u32 n);
int rxs_c_indir_pack(const u32 *indir, u32 size, u32 *words, u32 n_words);
int rxs_c_qmap(u32 n_rx, u32 n_tx, u32 granted, int *rx_last,
	       int *tx_last, int *link);
u32 rxs_c_ring_add(u32 i, u32 k, u32 size);
u32 rxs_c_fr_diff(u32 a, u32 b, u32 mask);
int rxs_c_usecs_to_units(u32 usecs, u32 unit_ns, u32 max, u32 *units);
int rxs_c_vmap_tx_napi(u32 n_rx, u32 n_tx, u32 n_comb, u32 q);
int rxs_c_chan_check(u32 comb, u32 rx, u32 tx, u32 *n_rx, u32 *n_tx);
u64 rxs_c_rxh_get(u32 set, u32 flow);
int rxs_c_stat_name(char *buf, u32 len, const char *prefix, u32 q,
		    const char *name);
u32 rxs_c_rss_bucket(u32 hash, u32 size);

#ifdef __cplusplus
}
#endif

#endif
