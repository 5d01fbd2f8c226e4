/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rxscale/stats.h - statistics tables: one line per counter gives its
 * ethtool -S name, where it sits in the driver's counter struct, and
 * which netdev queue statistic (netdev_stat_ops) and rtnl_link_stats64
 * field it feeds. As fbnic's FBNIC_STAT_FIELDS tables (Linux 7.3
 * fbnic_ethtool.c), but positional (C++ has no designated initializers)
 * and with the qstats/stats64 routing in the table, so that ethtool -S,
 * netdev qstats and get_stats64 come from one list.
 *
 *   struct my_rxq { u64 packets; u64 bytes; u64 alloc_fail; };
 *   static const struct rxs_stat my_rxq_stats[] = {
 *	RXS_STAT(struct my_rxq, packets, RXS_QS_RX_PACKETS, RXS_S64_RX_PACKETS),
 *	RXS_STAT(struct my_rxq, bytes, RXS_QS_RX_BYTES, RXS_S64_RX_BYTES),
 *	RXS_STAT(struct my_rxq, alloc_fail, RXS_QS_RX_ALLOC_FAIL, RXS_S64_NONE),
 *   };
 *
 * The macro names the size (RXS_STAT: u64, RXS_STAT_U32: u32): the
 * compiler does not check it, rxs_stats_check() checks the bounds and
 * alignment and the unit tests the rest.
 * Per-queue tables are expanded for every queue the hardware has
 * ("rx<q>_<name>"), device tables are not; counters are u64 or u32 in
 * host order.
 */
#ifndef RXSCALE_STATS_H
#define RXSCALE_STATS_H

#include "types.h"

#define RXS_STAT_NAME_LEN	32	/* ETH_GSTRING_LEN */

/* netdev queue statistics (struct netdev_queue_stats_rx/tx fields) */
enum rxs_qstat {
	RXS_QS_NONE,
	RXS_QS_RX_PACKETS,
	RXS_QS_RX_BYTES,
	RXS_QS_RX_ALLOC_FAIL,
	RXS_QS_RX_HW_DROPS,
	RXS_QS_RX_CSUM_UNNECESSARY,
	RXS_QS_RX_CSUM_NONE,
	RXS_QS_RX_CSUM_BAD,
	RXS_QS_TX_PACKETS,
	RXS_QS_TX_BYTES,
	RXS_QS_TX_HW_DROPS,
	RXS_QS_TX_STOP,
	RXS_QS_TX_WAKE,
	RXS_QS_TX_HW_GSO_PACKETS,	/* TSO packets the NIC segmented */
	RXS_QS_TX_HW_GSO_WIRE_PACKETS,	/* the segments they made on the wire */
	RXS_QS_NUM
};

/* struct rtnl_link_stats64 fields, summed over all queues */
enum rxs_s64 {
	RXS_S64_NONE,
	RXS_S64_RX_PACKETS,
	RXS_S64_RX_BYTES,
	RXS_S64_RX_ERRORS,
	RXS_S64_RX_DROPPED,
	RXS_S64_TX_PACKETS,
	RXS_S64_TX_BYTES,
	RXS_S64_TX_ERRORS,
	RXS_S64_TX_DROPPED,
	RXS_S64_NUM
};

struct rxs_stat {
	const char *name;
	u16 offset;	/* in the counter struct */
	u8 size;	/* 8 or 4 */
	u8 qstat;	/* enum rxs_qstat */
	u8 s64;		/* enum rxs_s64 */
};

/* a u64 counter; RXS_STAT_U32 for a u32 one */
#define RXS_STAT(type, field, qstat, s64)				\
	{ #field, offsetof(type, field), 8, qstat, s64 }
#define RXS_STAT_U32(type, field, qstat, s64)				\
	{ #field, offsetof(type, field), 4, qstat, s64 }

/* Value of counter @s in the struct at @base. */
static inline u64 rxs_stat_get(const void *base, const struct rxs_stat *s)
{
	const u8 *p = (const u8 *)base + s->offset;

	if (s->size == 4)
		return *(const u32 *)(const void *)p;
	return *(const u64 *)(const void *)p;
}

/* Strings of a table: per-queue tables times their queue count. */
static inline u32 rxs_stats_count(u32 n_dev, u32 n_rxq, u32 max_rx,
				  u32 n_txq, u32 max_tx)
{
	return n_dev + n_rxq * max_rx + n_txq * max_tx;
}

/*
 * Write "<prefix><q>_<name>" (or "<name>" when @prefix is NULL) into
 * @buf of @len bytes, NUL-padded to @len. -EINVAL for NULL @buf/@name
 * or @len 0, -ENAMETOOLONG if it does not fit (ethtool would show two
 * counters under one truncated name); @buf is then an empty string.
 */
static inline int rxs_stat_name(char *buf, u32 len, const char *prefix,
				u32 q, const char *name)
{
	char digits[10];
	u32 n = 0, d = 0, i;

	if (!buf || !name || !len)
		return -EINVAL;
	if (prefix) {
		while (*prefix && n < len)
			buf[n++] = *prefix++;
		do {
			digits[d++] = (char)('0' + q % 10);
			q /= 10;
		} while (q);
		while (d && n < len)
			buf[n++] = digits[--d];
		if (n < len)
			buf[n++] = '_';
	}
	while (*name && n < len)
		buf[n++] = *name++;
	if (n >= len || *name || d || (prefix && *prefix)) {
		for (i = 0; i < len; i++)
			buf[i] = 0;
		return -ENAMETOOLONG;
	}
	for (i = n; i < len; i++)
		buf[i] = 0;
	return 0;
}

/*
 * Check a table against the struct it reads (@struct_size bytes):
 * every counter inside it and naturally aligned, size 4 or 8, a
 * non-empty unique name that fits with @prefix_len characters of
 * "<prefix><q>_" before it, known qstat/s64 ids. Returns 0, or -EINVAL
 * with *@bad (if @bad) the index of the first bad entry.
 */
static inline int rxs_stats_check(const struct rxs_stat *t, u32 n,
				  u32 struct_size, u32 prefix_len, u32 *bad)
{
	u32 i, j, k;

	for (i = 0; i < n; i++) {
		const struct rxs_stat *s = &t[i];
		u32 len = 0;

		if (!s->name || !s->name[0] || (s->size != 4 && s->size != 8) ||
		    s->offset % s->size ||
		    (u32)s->offset + s->size > struct_size ||
		    s->qstat >= RXS_QS_NUM || s->s64 >= RXS_S64_NUM)
			goto bad;
		while (s->name[len])
			len++;
		if (prefix_len + len >= RXS_STAT_NAME_LEN)
			goto bad;
		for (j = 0; j < i; j++) {
			for (k = 0; s->name[k] && s->name[k] == t[j].name[k]; k++)
				;
			if (s->name[k] == t[j].name[k])
				goto bad;
		}
	}
	return 0;
bad:
	if (bad)
		*bad = i;
	return -EINVAL;
}

/* Values of table @t read from @base into @data; returns @n. */
static inline u32 rxs_stats_fill(const struct rxs_stat *t, u32 n,
				 const void *base, u64 *data)
{
	u32 i;

	for (i = 0; i < n; i++)
		data[i] = rxs_stat_get(base, &t[i]);
	return n;
}

#endif /* RXSCALE_STATS_H */
