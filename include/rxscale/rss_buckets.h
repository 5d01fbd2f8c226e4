/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rxscale/rss_buckets.h - per-bucket receive counters for RSS.
 *
 * Why: the default indirection table spreads buckets, not load. With a
 * few long-lived flows, Toeplitz puts each in one of the table's entries
 * ("buckets") and several can share a queue while another idles. To
 * build a table that spreads load, user space (rxscale-rebalance) needs
 * the load of each bucket: the driver counts packets and bytes per
 * bucket on its RX path, from the hash the hardware wrote into the
 * descriptor, and shows the counters in debugfs (rss_buckets).
 *
 * Cost on the datapath: one AND and two adds into a 2 KiB array per RX
 * ring (each ring counts into its own array, so no cache line is shared
 * between CPUs); the arrays are summed only when the file is read. A
 * kernel driver puts each array beside a u64_stats_sync, as its other
 * counters are, for 32-bit readers.
 *
 * File format (docs/rebalance.md): '#' comment lines, then one line per
 * bucket, "bucket queue packets bytes" in decimal, bucket 0..size-1 in
 * order, queue the table's entry when the file was read.
 */
#ifndef RXSCALE_RSS_BUCKETS_H
#define RXSCALE_RSS_BUCKETS_H

#include "types.h"

#define RXS_RSS_BUCKETS		128	/* largest table counted */

struct rxs_bucket {
	u64 packets;
	u64 bytes;
};

/* One RX ring's counters, one entry per indirection table entry. */
struct rxs_rss_buckets {
	struct rxs_bucket b[RXS_RSS_BUCKETS];
};

/* A table @size the counters serve: a power of two, 1..RXS_RSS_BUCKETS. */
static inline bool rxs_rss_buckets_size_ok(u32 size)
{
	return size && size <= RXS_RSS_BUCKETS && !(size & (size - 1));
}

/*
 * The entry @hash selects in a table of @size entries: its low bits, as
 * the hardware indexes the table (RTL8127: hash & (entries - 1)). @size
 * must pass rxs_rss_buckets_size_ok(); the result is < RXS_RSS_BUCKETS
 * for any @size.
 */
static inline u32 rxs_rss_bucket(u32 hash, u32 size)
{
	return hash & (size - 1) & (RXS_RSS_BUCKETS - 1);
}

/* Count one frame of @len bytes whose hash is @hash. */
static inline void rxs_rss_buckets_count(struct rxs_rss_buckets *c, u32 hash,
					 u32 size, u32 len)
{
	struct rxs_bucket *b = &c->b[rxs_rss_bucket(hash, size)];

	b->packets++;
	b->bytes += len;
}

/* Add the first @size buckets of @c to @sum (summing the rings). */
static inline void rxs_rss_buckets_add(struct rxs_rss_buckets *sum,
				       const struct rxs_rss_buckets *c,
				       u32 size)
{
	u32 i;

	if (size > RXS_RSS_BUCKETS)
		size = RXS_RSS_BUCKETS;
	for (i = 0; i < size; i++) {
		sum->b[i].packets += c->b[i].packets;
		sum->b[i].bytes += c->b[i].bytes;
	}
}

#endif /* RXSCALE_RSS_BUCKETS_H */
