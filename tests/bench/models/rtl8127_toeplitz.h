/*
 * QEMU model of the Realtek RTL8127 10GbE PCIe controller (rxscale bench)
 *
 * The model's own Toeplitz hash.  Kept apart from the rest of the model
 * (no QEMU types) so that tests/unit/rtl8127_toeplitz_test.cpp can build
 * it on the host; it shares nothing with the drivers' include/rxscale.
 * Callers include "qemu/osdep.h" (or <stdint.h> and <stddef.h>) first.
 *
 * This work is licensed under the terms of the GNU GPL, version 2 or later.
 * See the COPYING file in the top-level directory.
 */

#ifndef HW_NET_RTL8127_TOEPLITZ_H
#define HW_NET_RTL8127_TOEPLITZ_H

#define RTL8127_RSS_KEY_SIZE    40

/*
 * Hash of len input bytes (at most RTL8127_RSS_KEY_SIZE - 4) with the
 * RTL8127_RSS_KEY_SIZE-byte key.
 */
uint32_t rtl8127_toeplitz(const uint8_t *key, const uint8_t *in, size_t len);

#endif
