/*
 * MT7988 frame engine model: the RSS block's hash (rxscale bench)
 *
 * The model's own Toeplitz hash, hash-input builder and indirection
 * lookup (docs/hw/mt7988.md, "RSS block").  Free of QEMU helpers so that
 * tests/unit/mt7988_toeplitz_test.cpp builds mt7988_rss.c on the host; it
 * shares nothing with the drivers' include/rxscale nor with the RTL8127
 * model.  Callers include "qemu/osdep.h" (or <stdint.h>, <stddef.h>) first.
 *
 * This work is licensed under the terms of the GNU GPL, version 2 or later.
 * See the COPYING file in the top-level directory.
 */

#ifndef HW_NET_MT7988_RSS_H
#define HW_NET_MT7988_RSS_H

#include <stdbool.h>

#define MT7988_RSS_KEY_SIZE     40      /* 10 key words at RSS + 0x20 */
#define MT7988_RSS_KEY_WORDS    (MT7988_RSS_KEY_SIZE / 4)
#define MT7988_RSS_INDIR_SIZE   128     /* 2-bit entries, 16 per word */
#define MT7988_RSS_INDIR_WORDS  (MT7988_RSS_INDIR_SIZE / 16)
#define MT7988_RSS_INPUT_MAX    36      /* IPv6 addresses and ports */

/*
 * Toeplitz hash of len input bytes (at most MT7988_RSS_INPUT_MAX) with a
 * MT7988_RSS_KEY_SIZE-byte key, key and input taken most significant bit
 * of byte 0 first.
 */
uint32_t mt7988_toeplitz(const uint8_t *key, const uint8_t *in, size_t len);

/*
 * The key as the hash uses it, from the ten key registers: the last
 * register holds the key's first four bytes, most significant byte first
 * (docs/hw/mt7988.md: inferred from the SDK's reversed default key).
 */
void mt7988_rss_key_from_regs(const uint32_t *dw, uint8_t *key);

/* Entry idx (0..127) of the indirection table held in eight registers. */
unsigned mt7988_rss_indir(const uint32_t *dw, unsigned idx);

/* Which hash types the RSS global configuration enables. */
typedef struct MT7988RssTypes {
    bool v4_tcp, v4_udp, v4_ip;
    bool v6_tcp, v6_udp, v6_ip;
} MT7988RssTypes;

void mt7988_rss_types(uint32_t glo_cfg, MT7988RssTypes *t);

/*
 * Hash input of an IP packet: source and destination address, then the
 * source and destination port if the packet is TCP or UDP and that type
 * is enabled; 2-tuple if only the IP type is.  l3/l4 are offsets of the
 * IP and TCP/UDP headers in frame (l4 = 0: none).  Returns the input
 * length, 0 if no enabled type covers the packet.
 */
size_t mt7988_rss_input(const MT7988RssTypes *t, const uint8_t *frame,
                        size_t l3, size_t l4, bool v6, uint8_t proto,
                        uint8_t *in);

#endif
