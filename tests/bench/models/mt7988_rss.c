/*
 * MT7988 frame engine model: the RSS block's hash (rxscale bench)
 *
 * Facts and guesses: docs/hw/mt7988.md, "RSS block".  No QEMU helpers
 * here: the unit test builds this file on the host.
 *
 * This work is licensed under the terms of the GNU GPL, version 2 or later.
 * See the COPYING file in the top-level directory.
 */

#include "qemu/osdep.h"
#include <string.h>
#include "mt7988_rss.h"

/* RSS_GLO_CFG hash-type fields: IPv6 bits 10:8, IPv4 bits 14:12 (SDK) */
#define RSS_V6_SHIFT    8
#define RSS_V4_SHIFT    12
/* within a field (guess: the sources name only the whole 0x7 field) */
#define RSS_TYPE_TCP    (1u << 0)
#define RSS_TYPE_UDP    (1u << 1)
#define RSS_TYPE_IP     (1u << 2)

#define PROTO_TCP       6
#define PROTO_UDP       17

uint32_t mt7988_toeplitz(const uint8_t *key, const uint8_t *in, size_t len)
{
    uint32_t hash = 0;
    /* the 32 key bits that line up with the current input bit */
    uint32_t window = ((uint32_t)key[0] << 24) | ((uint32_t)key[1] << 16) |
                      ((uint32_t)key[2] << 8) | key[3];
    size_t byte;
    int bit;

    for (byte = 0; byte < len && byte < MT7988_RSS_INPUT_MAX; byte++) {
        uint8_t more = key[byte + 4];   /* byte + 4 < 40: always in the key */

        for (bit = 7; bit >= 0; bit--) {
            if ((in[byte] >> bit) & 1) {
                hash ^= window;
            }
            window = (window << 1) | ((more >> bit) & 1);
        }
    }
    return hash;
}

void mt7988_rss_key_from_regs(const uint32_t *dw, uint8_t *key)
{
    int i;

    for (i = 0; i < MT7988_RSS_KEY_WORDS; i++) {
        uint32_t w = dw[MT7988_RSS_KEY_WORDS - 1 - i];

        key[4 * i] = w >> 24;
        key[4 * i + 1] = w >> 16;
        key[4 * i + 2] = w >> 8;
        key[4 * i + 3] = w;
    }
}

unsigned mt7988_rss_indir(const uint32_t *dw, unsigned idx)
{
    idx %= MT7988_RSS_INDIR_SIZE;
    return (dw[idx / 16] >> (2 * (idx % 16))) & 3;
}

void mt7988_rss_types(uint32_t glo_cfg, MT7988RssTypes *t)
{
    uint32_t v4 = glo_cfg >> RSS_V4_SHIFT, v6 = glo_cfg >> RSS_V6_SHIFT;

    t->v4_tcp = v4 & RSS_TYPE_TCP;
    t->v4_udp = v4 & RSS_TYPE_UDP;
    t->v4_ip = v4 & RSS_TYPE_IP;
    t->v6_tcp = v6 & RSS_TYPE_TCP;
    t->v6_udp = v6 & RSS_TYPE_UDP;
    t->v6_ip = v6 & RSS_TYPE_IP;
}

size_t mt7988_rss_input(const MT7988RssTypes *t, const uint8_t *frame,
                        size_t l3, size_t l4, bool v6, uint8_t proto,
                        uint8_t *in)
{
    size_t alen = v6 ? 16 : 4;
    size_t aoff = l3 + (v6 ? 8 : 12);   /* source, then destination */
    bool ports, ip;

    if (!l3) {
        return 0;
    }
    if (v6) {
        ports = l4 && ((proto == PROTO_TCP && t->v6_tcp) ||
                       (proto == PROTO_UDP && t->v6_udp));
        ip = t->v6_ip;
    } else {
        ports = l4 && ((proto == PROTO_TCP && t->v4_tcp) ||
                       (proto == PROTO_UDP && t->v4_udp));
        ip = t->v4_ip;
    }
    if (!ports && !ip) {
        return 0;
    }
    memcpy(in, frame + aoff, 2 * alen);
    if (!ports) {
        return 2 * alen;
    }
    memcpy(in + 2 * alen, frame + l4, 4);   /* source, destination port */
    return 2 * alen + 4;
}
