/*
 * QEMU model of the Realtek RTL8127 10GbE PCIe controller (rxscale bench)
 *
 * The model's own Toeplitz hash (docs/hw/rtl8127.md, section 6), kept
 * apart from the rest of the model and free of QEMU helpers so that
 * tests/unit/rtl8127_toeplitz_test.cpp can build it on the host; it
 * shares nothing with the drivers' include/rxscale.  Callers include
 * "qemu/osdep.h" (or <stdint.h> and <stddef.h>) first.
 *
 * This work is licensed under the terms of the GNU GPL, version 2 or later.
 * See the COPYING file in the top-level directory.
 */

#ifndef HW_NET_RTL8127_TOEPLITZ_H
#define HW_NET_RTL8127_TOEPLITZ_H

#define RTL8127_RSS_KEY_SIZE    40

/*
 * Hash of len input bytes (at most RTL8127_RSS_KEY_SIZE - 4) with the
 * RTL8127_RSS_KEY_SIZE-byte key: for every set bit i of the input (MSB
 * of byte 0 first), XOR in the 32 key bits starting at bit i of the key.
 */
static inline uint32_t rtl8127_toeplitz(const uint8_t *key, const uint8_t *in,
                                        size_t len)
{
    uint32_t result = 0;
    uint32_t window = ((uint32_t)key[0] << 24) | ((uint32_t)key[1] << 16) |
                      ((uint32_t)key[2] << 8) | key[3];
    size_t i;
    int b;

    for (i = 0; i < len; i++) {
        uint8_t next = (i + 4 < RTL8127_RSS_KEY_SIZE) ? key[i + 4] : 0;

        for (b = 7; b >= 0; b--) {
            if (in[i] & (1u << b)) {
                result ^= window;
            }
            window = (window << 1) | ((next >> b) & 1);
        }
    }
    return result;
}

#endif
