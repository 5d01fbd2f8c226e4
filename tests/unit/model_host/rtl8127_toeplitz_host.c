// SPDX-License-Identifier: GPL-2.0
/*
 * The RTL8127 model's Toeplitz (tests/bench/models/rtl8127_toeplitz.h,
 * a static inline function) compiled as C on the host, behind a plain
 * function for the C++ unit test.
 */
#include "qemu/osdep.h"
#include "rtl8127_toeplitz.h"

uint32_t rxs_model_rtl8127_toeplitz(const uint8_t *key, const uint8_t *in,
				    size_t len);

uint32_t rxs_model_rtl8127_toeplitz(const uint8_t *key, const uint8_t *in,
				    size_t len)
{
	return rtl8127_toeplitz(key, in, len);
}
