/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rxscale/rss_indir.h - RSS indirection table helpers.
 *
 * Why: the low bits of the Toeplitz hash index an indirection table
 * whose entries are RX queue numbers. The drivers fill it by default
 * (as the kernel's ethtool_rxfh_indir_default() does), check tables that
 * userspace sends with ethtool -X, and pack them for the hardware: the
 * RTL8127 takes 128 one-byte entries, four per 32-bit register write,
 * entry 0 in the lowest byte. The QEMU models unpack them again, and
 * the unit tests check the balance of the default fill and that the
 * weight fill spreads entries as the ethtool utility does.
 */
#ifndef RXSCALE_RSS_INDIR_H
#define RXSCALE_RSS_INDIR_H

#include "types.h"

/* Default entry, as ethtool_rxfh_indir_default(): @index % @n_rx. */
static inline u32 rxs_indir_default(u32 index, u32 n_rx)
{
	return index % n_rx;
}

/* Fill @indir[0..@size) with the default. Returns 0 or -EINVAL. */
static inline int rxs_indir_fill_default(u32 *indir, u32 size, u32 n_rx)
{
	u32 i;

	if (!indir || !size || !n_rx)
		return -EINVAL;
	for (i = 0; i < size; i++)
		indir[i] = rxs_indir_default(i, n_rx);
	return 0;
}

/*
 * Fill as `ethtool -X DEV weight W0 W1 ...` does: queue q gets about
 * @size * w[q] / sum(w) entries, in one contiguous run, in queue order;
 * queues of weight 0 get none. Entry i is the first queue q for which
 * size * (w[0] + ... + w[q]) / sum > i (integer division), which is
 * the ethtool utility's loop, evaluated without division and in 64
 * bits. The sum must be 1..@size, else -EINVAL (as ethtool refuses).
 */
static inline int rxs_indir_fill_weight(u32 *indir, u32 size,
					const u32 *weight, u32 n_weight)
{
	u64 sum = 0, partial = 0;
	u32 i, next = 0;

	if (!indir || !weight || !size || !n_weight)
		return -EINVAL;
	for (i = 0; i < n_weight; i++)
		sum += weight[i];
	if (!sum || sum > size)
		return -EINVAL;
	for (i = 0; i < size; i++) {
		while ((u64)size * partial < (u64)(i + 1) * sum)
			partial += weight[next++];
		indir[i] = next - 1;
	}
	return 0;
}

/* True if @indir is the default table for @n_rx queues. */
static inline bool rxs_indir_is_default(const u32 *indir, u32 size, u32 n_rx)
{
	u32 i;

	if (!indir || !size || !n_rx)
		return false;
	for (i = 0; i < size; i++) {
		if (indir[i] != rxs_indir_default(i, n_rx))
			return false;
	}
	return true;
}

/*
 * Check a table before it reaches the hardware: @size must equal the
 * hardware's @hw_size (> 0), @n_rx >= 1 and every entry < @n_rx.
 * Returns 0 or -EINVAL.
 */
static inline int rxs_indir_check(const u32 *indir, u32 size, u32 hw_size,
				  u32 n_rx)
{
	u32 i;

	if (!indir || !hw_size || size != hw_size || !n_rx)
		return -EINVAL;
	for (i = 0; i < size; i++) {
		if (indir[i] >= n_rx)
			return -EINVAL;
	}
	return 0;
}

/* Four entries (each <= 0xff) as one little-endian word, e[0] lowest. */
static inline u32 rxs_indir_word(const u32 *e)
{
	return (e[0] & 0xff) | (e[1] & 0xff) << 8 |
	       (e[2] & 0xff) << 16 | (e[3] & 0xff) << 24;
}

/*
 * Pack @size one-byte entries into @size / 4 words for 32-bit register
 * writes. -EINVAL if @size is 0 or not a multiple of 4 or @n_words is
 * not @size / 4; -ERANGE if an entry does not fit in a byte.
 */
static inline int rxs_indir_pack_u8(const u32 *indir, u32 size, u32 *words,
				    u32 n_words)
{
	u32 i;

	if (!indir || !words || !size || size % 4 || n_words != size / 4)
		return -EINVAL;
	for (i = 0; i < size; i++) {
		if (indir[i] > 0xff)
			return -ERANGE;
	}
	for (i = 0; i < n_words; i++)
		words[i] = rxs_indir_word(indir + 4 * i);
	return 0;
}

/* Inverse of rxs_indir_pack_u8(). Returns 0 or -EINVAL. */
static inline int rxs_indir_unpack_u8(const u32 *words, u32 n_words,
				      u32 *indir, u32 size)
{
	u32 i;

	if (!indir || !words || !n_words || size % 4 || size / 4 != n_words)
		return -EINVAL;
	for (i = 0; i < size; i++)
		indir[i] = (words[i / 4] >> (8 * (i % 4))) & 0xff;
	return 0;
}

#endif /* RXSCALE_RSS_INDIR_H */
