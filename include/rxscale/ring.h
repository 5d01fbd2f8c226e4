/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rxscale/ring.h - descriptor ring index arithmetic.
 *
 * Why: the drivers and the QEMU device models walk RX/TX descriptor
 * rings whose sizes are set with ethtool -G and need not be powers of
 * two. Two styles are covered:
 *
 * - Wrapped indices 0..size-1 (rxs_ring_*). Producer == consumer means
 *   empty; one slot is always kept empty, so a ring of size n holds at
 *   most n - 1 entries and full is prod + 1 == cons (mod n).
 *   All indices passed in must be < size, and size >= 2.
 *
 * - Free-running counters (rxs_fr_*) that only ever count up and of
 *   which the hardware keeps the bits in a mask of the form 2^k - 1.
 *   The RTL8127 TX "no close" pointers are such counters, masked with
 *   0x7fffffff (vendor r8127). Distances are (a - b) & mask and are
 *   right as long as the true distance is <= mask. A counter maps to a
 *   ring slot as counter % size only if size divides mask + 1: check
 *   that once with rxs_fr_check(); otherwise keep a wrapped slot index
 *   beside the counter.
 */
#ifndef RXSCALE_RING_H
#define RXSCALE_RING_H

#include "types.h"

/* Index after @i. */
static inline u32 rxs_ring_next(u32 i, u32 size)
{
	return i + 1 == size ? 0 : i + 1;
}

/* Index before @i. */
static inline u32 rxs_ring_prev(u32 i, u32 size)
{
	return i == 0 ? size - 1 : i - 1;
}

/* Index @k steps after @i; any @k, no overflow. */
static inline u32 rxs_ring_add(u32 i, u32 k, u32 size)
{
	u32 r = k % size;

	return i >= size - r ? i - (size - r) : i + r;
}

/* Entries between consumer @cons and producer @prod. */
static inline u32 rxs_ring_used(u32 prod, u32 cons, u32 size)
{
	return prod >= cons ? prod - cons : size - (cons - prod);
}

/* Entries the producer may still add (one slot kept empty). */
static inline u32 rxs_ring_free(u32 prod, u32 cons, u32 size)
{
	return size - 1 - rxs_ring_used(prod, cons, size);
}

static inline bool rxs_ring_empty(u32 prod, u32 cons)
{
	return prod == cons;
}

static inline bool rxs_ring_full(u32 prod, u32 cons, u32 size)
{
	return rxs_ring_next(prod, size) == cons;
}

/* 0 if @prod and @cons are valid indices of a ring of @size, else -EINVAL. */
static inline int rxs_ring_check(u32 prod, u32 cons, u32 size)
{
	if (size < 2 || prod >= size || cons >= size)
		return -EINVAL;
	return 0;
}

/* Free-running: @a - @b within @mask. */
static inline u32 rxs_fr_diff(u32 a, u32 b, u32 mask)
{
	return (a - b) & mask;
}

/* Free-running: @c advanced by @k within @mask. */
static inline u32 rxs_fr_add(u32 c, u32 k, u32 mask)
{
	return (c + k) & mask;
}

/* Free-running: ring slot of counter @c (see rxs_fr_check()). */
static inline u32 rxs_fr_slot(u32 c, u32 size)
{
	return c % size;
}

/*
 * 0 if @mask is 2^k - 1 (k >= 1) and @size (>= 2) divides @mask + 1,
 * so that rxs_fr_slot() stays continuous when the counter wraps;
 * else -EINVAL.
 */
static inline int rxs_fr_check(u32 mask, u32 size)
{
	u64 span = (u64)mask + 1;

	if (!mask || (span & (span - 1)) || size < 2 || size > span)
		return -EINVAL;
	return (size & (size - 1)) ? -EINVAL : 0;
}

#endif /* RXSCALE_RING_H */
