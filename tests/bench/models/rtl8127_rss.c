/*
 * QEMU model of the Realtek RTL8127 10GbE PCIe controller (rxscale bench)
 *
 * Receive-side scaling: packet classification, the Toeplitz hash over
 * the enabled hash types (RSS_CTRL 0x4500), the 40-byte key (0x4600) and
 * the indirection table (0x4700) that picks one of up to four RX rings.
 * Sources: docs/hw/rtl8127.md.
 *
 * This work is licensed under the terms of the GNU GPL, version 2 or later.
 * See the COPYING file in the top-level directory.
 */

#include "qemu/osdep.h"
#include "qemu/bswap.h"
#include "net/eth.h"
#include "rtl8127_core_priv.h"
#include "rtl8127_toeplitz.h"

/* RSS_CTRL hash-type enables */
#define RSS_TCP_IPV4        (1u << 0)
#define RSS_IPV4            (1u << 1)
#define RSS_TCP_IPV6        (1u << 2)
#define RSS_IPV6            (1u << 3)
#define RSS_IPV6_EXT        (1u << 4)
#define RSS_TCP_IPV6_EXT    (1u << 5)
#define RSS_UDP_IPV4        (1u << 11)
#define RSS_UDP_IPV6        (1u << 12)
#define RSS_UDP_IPV6_EXT    (1u << 13)
#define RSS_TYPES_MASK      0x383fu
#define RSS_TBL_LOG2(c)     (((c) >> 8) & 7)
#define RSS_RINGS_LOG2(c)   (((c) >> 16) & 7)

/* RxDescV4 RSSInfo (DW0) */
#define RSSI_UDP            (1u << 27)
#define RSSI_IPV4           (1u << 28)
#define RSSI_IPV6           (1u << 29)
#define RSSI_TCP            (1u << 30)

void rtl8127_parse_pkt(const uint8_t *buf, size_t len, RTL8127PktInfo *pi)
{
    size_t off = 12;
    uint16_t et;
    uint8_t nh = 0;

    memset(pi, 0, sizeof(*pi));
    for (;;) {
        if (off + 2 > len) {
            return;
        }
        et = lduw_be_p(buf + off);
        if (et != ETH_P_VLAN && et != ETH_P_DVLAN) {
            break;
        }
        off += 4;
    }
    off += 2;
    pi->l3_off = off;

    if (et == ETH_P_IP) {
        size_t ihl, tot;
        uint16_t frag;

        if (off + 20 > len || (buf[off] >> 4) != 4) {
            return;
        }
        ihl = (buf[off] & 0xf) * 4;
        tot = lduw_be_p(buf + off + 2);
        if (ihl < 20 || off + ihl > len || tot < ihl) {
            return;
        }
        pi->ipv4 = true;
        pi->l3_len = MIN(tot, len - off);
        frag = lduw_be_p(buf + off + 6);
        pi->ip_frag = (frag & 0x3fff) != 0;     /* MF or offset */
        nh = buf[off + 9];
        pi->l4_off = off + ihl;
    } else if (et == ETH_P_IPV6) {
        size_t p;
        unsigned n;

        if (off + 40 > len || (buf[off] >> 4) != 6) {
            return;
        }
        pi->ipv6 = true;
        pi->l3_len = MIN((size_t)lduw_be_p(buf + off + 4) + 40, len - off);
        nh = buf[off + 6];
        p = off + 40;
        /* walk hop-by-hop, routing, fragment and destination headers */
        for (n = 0; n < 8; n++) {
            if (nh == 0 || nh == 43 || nh == 60) {
                if (p + 8 > len) {
                    return;
                }
                pi->ip6_ext = true;
                nh = buf[p];
                p += 8 + buf[p + 1] * 8;
            } else if (nh == 44) {
                if (p + 8 > len) {
                    return;
                }
                pi->ip6_ext = true;
                pi->ip_frag = true;
                nh = buf[p];
                p += 8;
            } else {
                break;
            }
        }
        pi->l4_off = p;
    } else {
        return;
    }

    if (pi->ip_frag) {
        return;
    }
    if (nh == IP_PROTO_TCP && pi->l4_off + 20 <= pi->l3_off + pi->l3_len) {
        pi->tcp = true;
    } else if (nh == IP_PROTO_UDP &&
               pi->l4_off + 8 <= pi->l3_off + pi->l3_len) {
        pi->udp = true;
    }
}

bool rtl8127_rss_enabled(RTL8127Core *core)
{
    return rtl8127_rd32(core, R_RSS_CTRL) & RSS_TYPES_MASK;
}

int rtl8127_rx_queues(RTL8127Core *core)
{
    uint32_t ctrl = rtl8127_rd32(core, R_RSS_CTRL);
    unsigned lg;

    if (!(ctrl & RSS_TYPES_MASK)) {
        return 1;
    }
    lg = RSS_RINGS_LOG2(ctrl);
    return lg >= 2 ? RTL8127_RX_QUEUES : 1 << lg;
}

bool rtl8127_rss_hash(RTL8127Core *core, const uint8_t *buf,
                      const RTL8127PktInfo *pi, uint32_t *hash,
                      uint32_t *info)
{
    uint32_t ctrl = rtl8127_rd32(core, R_RSS_CTRL);
    const uint8_t *key = &core->regs[R_RSS_KEY];
    uint8_t in[36];
    size_t alen, n;
    bool l4 = false, l3;
    uint32_t l4bit = 0;

    if (pi->ipv4) {
        l3 = ctrl & RSS_IPV4;
        if (pi->tcp && (ctrl & RSS_TCP_IPV4)) {
            l4 = true;
            l4bit = RSSI_TCP;
        } else if (pi->udp && (ctrl & RSS_UDP_IPV4)) {
            l4 = true;
            l4bit = RSSI_UDP;
        }
        alen = 4;
        memcpy(in, buf + pi->l3_off + 12, 8);
        *info = RSSI_IPV4;
    } else if (pi->ipv6) {
        /* packets with extension headers need the _EXT enables */
        uint32_t en_ip = pi->ip6_ext ? RSS_IPV6_EXT : RSS_IPV6;
        uint32_t en_tcp = pi->ip6_ext ? RSS_TCP_IPV6_EXT : RSS_TCP_IPV6;
        uint32_t en_udp = pi->ip6_ext ? RSS_UDP_IPV6_EXT : RSS_UDP_IPV6;

        l3 = ctrl & en_ip;
        if (pi->tcp && (ctrl & en_tcp)) {
            l4 = true;
            l4bit = RSSI_TCP;
        } else if (pi->udp && (ctrl & en_udp)) {
            l4 = true;
            l4bit = RSSI_UDP;
        }
        alen = 16;
        memcpy(in, buf + pi->l3_off + 8, 32);
        *info = RSSI_IPV6;
    } else {
        return false;
    }

    if (!l4 && !l3) {
        *info = 0;
        return false;
    }
    n = 2 * alen;
    if (l4) {
        /* source and destination ports follow the addresses */
        memcpy(in + n, buf + pi->l4_off, 4);
        n += 4;
        *info |= l4bit;
    }
    *hash = rtl8127_toeplitz(key, in, n);
    return true;
}

int rtl8127_rss_queue(RTL8127Core *core, uint32_t hash)
{
    uint32_t ctrl = rtl8127_rd32(core, R_RSS_CTRL);
    unsigned tbl = 1u << RSS_TBL_LOG2(ctrl);
    unsigned nq = rtl8127_rx_queues(core);
    uint8_t entry;

    if (tbl > RTL8127_RSS_TABLE_SIZE) {
        tbl = RTL8127_RSS_TABLE_SIZE;
    }
    entry = core->regs[R_RSS_INDIR + (hash & (tbl - 1))];
    return entry % nq;
}
