/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rxscale/types.h - basic types for the shared rxscale headers.
 *
 * The headers under include/rxscale/ are used from three places: the
 * kernel drivers (r8127, mtk_eth_soc, ravb), the QEMU device models and
 * the userspace unit tests (C++17). In the kernel the usual kernel types
 * are used; elsewhere the same names are defined here so that one copy
 * of each helper serves all three.
 */
#ifndef RXSCALE_TYPES_H
#define RXSCALE_TYPES_H

#ifdef __KERNEL__
#include <linux/types.h>
#include <linux/stddef.h>
#include <linux/errno.h>
#include <linux/bits.h>
#include <linux/math64.h>
#else
#include <stdint.h>
#include <stddef.h>
#include <errno.h>
#ifndef __cplusplus
#include <stdbool.h>
#endif

/* the compiler's names for the <stdint.h> types: same types, kernel names */
typedef __UINT8_TYPE__ u8;
typedef __UINT16_TYPE__ u16;
typedef __UINT32_TYPE__ u32;
typedef __UINT64_TYPE__ u64;

#ifndef BIT
#define BIT(nr) (1UL << (nr))	/* as <linux/bits.h> */
#endif
#endif

/* u64 by u32 division that also links on 32-bit kernels (div_u64). */
static inline u64 rxs_div_u64(u64 dividend, u32 divisor)
{
#ifdef __KERNEL__
	return div_u64(dividend, divisor);
#else
	return dividend / divisor;
#endif
}

/* Big-endian (network order) stores and loads on byte buffers. */
static inline void rxs_put_be16(u8 *p, u16 v)
{
	p[0] = (u8)((v >> 8) & 0xff);
	p[1] = (u8)(v & 0xff);
}

static inline void rxs_put_be32(u8 *p, u32 v)
{
	p[0] = (u8)((v >> 24) & 0xff);
	p[1] = (u8)((v >> 16) & 0xff);
	p[2] = (u8)((v >> 8) & 0xff);
	p[3] = (u8)(v & 0xff);
}

static inline u32 rxs_get_be32(const u8 *p)
{
	return ((u32)p[0] << 24) | ((u32)p[1] << 16) |
	       ((u32)p[2] << 8) | (u32)p[3];
}

#endif /* RXSCALE_TYPES_H */
