/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rxscale/coalesce.h - interrupt coalescing unit conversions.
 *
 * Why: ethtool -C speaks microseconds and frames; the hardware fields
 * count timer ticks of a fixed length (e.g. the RTL8127 per-queue RX
 * and TX mitigation timers are 8-bit fields) or frames, sometimes in
 * steps of several frames. The drivers convert with these helpers and
 * the QEMU models convert back; values that do not fit are refused with
 * -ERANGE instead of being clamped, so ethtool reports the error.
 *
 * Rounding: towards the hardware, up (ceil): a non-zero request never
 * becomes 0 (which usually means "off"), and 0 stays 0. Back to ethtool,
 * down (floor). When a unit is >= 1000 ns (or for frames, always) a
 * value read back and written again gives the same field value.
 */
#ifndef RXSCALE_COALESCE_H
#define RXSCALE_COALESCE_H

#include "types.h"

/*
 * @usecs -> timer units of @unit_ns each, rounded up, must be <= @max.
 * Returns 0 and stores *@units; -EINVAL if @unit_ns is 0, -ERANGE if
 * the result exceeds @max.
 */
static inline int rxs_coal_usecs_to_units(u32 usecs, u32 unit_ns, u32 max,
					  u32 *units)
{
	u64 ns = (u64)usecs * 1000;
	u64 n;

	if (!unit_ns || !units)
		return -EINVAL;
	n = rxs_div_u64(ns + unit_ns - 1, unit_ns);
	if (n > max)
		return -ERANGE;
	*units = (u32)n;
	return 0;
}

/*
 * Timer @units (<= @max) of @unit_ns each -> microseconds, rounded
 * down. -EINVAL if @unit_ns is 0, -ERANGE if @units > @max or the
 * result does not fit in 32 bits.
 */
static inline int rxs_coal_units_to_usecs(u32 units, u32 unit_ns, u32 max,
					  u32 *usecs)
{
	u64 us;

	if (!unit_ns || !usecs)
		return -EINVAL;
	if (units > max)
		return -ERANGE;
	us = rxs_div_u64((u64)units * unit_ns, 1000);
	if (us > 0xffffffffu)
		return -ERANGE;
	*usecs = (u32)us;
	return 0;
}

/*
 * @frames -> field counting @per_unit frames per step, rounded up,
 * must be <= @max. -EINVAL if @per_unit is 0, -ERANGE if too large.
 */
static inline int rxs_coal_frames_to_field(u32 frames, u32 per_unit, u32 max,
					   u32 *field)
{
	u64 n;

	if (!per_unit || !field)
		return -EINVAL;
	n = rxs_div_u64((u64)frames + per_unit - 1, per_unit);
	if (n > max)
		return -ERANGE;
	*field = (u32)n;
	return 0;
}

/*
 * Field value @field (<= @max) -> frames. -EINVAL if @per_unit is 0,
 * -ERANGE if @field > @max or the result does not fit in 32 bits.
 */
static inline int rxs_coal_field_to_frames(u32 field, u32 per_unit, u32 max,
					   u32 *frames)
{
	u64 n = (u64)field * per_unit;

	if (!per_unit || !frames)
		return -EINVAL;
	if (field > max || n > 0xffffffffu)
		return -ERANGE;
	*frames = (u32)n;
	return 0;
}

#endif /* RXSCALE_COALESCE_H */
